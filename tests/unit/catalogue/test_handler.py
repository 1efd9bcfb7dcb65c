"""The artikel handler against the demo catalogue in moto: shapes, paging, media, errors."""

from __future__ import annotations

import base64
import hashlib
import json
from decimal import Decimal as D
from pathlib import Path

import pytest

DEMO = Path(__file__).resolve().parents[3] / "local" / "demo_data" / "artikel"


def body(resp: dict) -> dict:
    return json.loads(resp["body"], parse_float=D)


def header(resp: dict, name: str) -> str | None:
    headers = {k.lower(): v for k, v in (resp.get("headers") or {}).items()}
    headers.update({k.lower(): v[0] for k, v in (resp.get("multiValueHeaders") or {}).items()})
    return headers.get(name.lower())


def test_single_article_eur_for_customer_with_own_list(call) -> None:
    # 1000 in the demo file: EUR WV list 17.01 (18.90 * 0.90), 16.16 from 10, 15.31 from 50.
    resp = call("/www/artikel/1000", {"waehrabk": "EUR", "debinr": "100001"})
    assert resp["statusCode"] == 200
    assert header(resp, "Content-Type") == "application/json; charset=iso-8859-1"
    data = body(resp)["data"]
    assert data["WaehrAbk"] == "EUR"
    assert data["HatVPE"] == "N"
    assert [(p["AbAnzahl"], p.get("BisAnzahl"), p["PreisList"]) for p in data["Preis"]] == [
        (1, 9, D("17.01")),
        (10, 49, D("16.16")),
        (50, None, D("15.31")),
    ]
    assert data["WUSTSatz"] == D("2.6")
    # 1000*7 + 13 = 7013 % 180 = 173 in Zürich; 7000 + 26 = 7026 % 180 = 6 in Lausanne; 3 not released.
    assert [(b["StaoNr"], b["LagerBestand"]) for b in data["Bestand"]] == [(1, 173), (2, 6)]
    assert data["Deklaration"][0]["Bezeichnung1"] == "Ursprungsland: Schweiz"


def test_customer_language_and_fallback_to_rest_list(call) -> None:
    # 100002 speaks French and has WV; 1003 (i = 3) has no WV list: VK applies.
    data = body(call("/www/artikel/1003", {"debinr": "100002"}))["data"]
    assert data["ArtBez"] == "Chocolat au lait des Alpes 100 g"
    assert data["Deklaration"][0]["Bezeichnung1"] == "Pays d'origine : Suisse"
    st = next(v for v in data["Verpackungen"] if v["VPEinheit"] == "ST")
    assert st["Preis"][0]["PreisList"] == D("2.40")
    # adrsprache beats the customer's language.
    assert body(call("/www/artikel/1003", {"debinr": "100002", "adrsprache": "ger"}))["data"]["ArtBez"].startswith(
        "Milchschokolade"
    )


def test_webshopvpe_and_vpe_prices(call) -> None:
    data = body(call("/www/artikel/1002"))["data"]
    assert [v["VPEinheit"] for v in data["Verpackungen"]] == ["PAK", "KAR"]
    kar = data["Verpackungen"][1]
    # 0.45 * 100 * 0.95 = 42.75 per carton.
    assert kar["Preis"][0]["PreisList"] == D("42.75")
    assert kar["Faktor"] == 100
    assert "Preis" not in data


def test_negative_stock_is_shown(call) -> None:
    data = body(call("/www/artikel/3001"))["data"]
    assert data["Bestand"][0] == {
        "ArtNr": "3001",
        "LagerOrt": "Zürich",
        "StaoNr": 1,
        "LagerBestand": -5,
        "links": [{"href": "http://localhost/www/artikel/3001", "type": "GET", "rel": "artikel"}],
    }


def test_hidden_and_unknown_article_are_404(call) -> None:
    for nr in ("9000", "NOPE"):
        resp = call(f"/www/artikel/{nr}")
        assert resp["statusCode"] == 404
        assert body(resp)["error"] == "not_found"
    assert call("/www/artikel/9000", webshop="B2B")["statusCode"] == 200
    assert call("/www/artikel/1000", webshop=None)["statusCode"] == 404


def test_list_paging_links_and_total(call) -> None:
    resp = call("/www/artikel", {"limit": "5", "offset": "5", "sorts": "-ArtNr", "fields": "ArtNr,ArtBez"})
    assert resp["statusCode"] == 200
    out = body(resp)
    # 30 articles visible to SHOP (9000 is B2B only), descending: 5003 5002 5001 5000 4004 | 4003 ...
    assert [a["ArtNr"] for a in out["data"]] == ["4003", "4002", "4001", "4000", "3005"]
    assert all(set(a) == {"ArtNr", "ArtBez"} for a in out["data"])
    assert out["count"] == 5
    assert header(resp, "X-Total-Count") == "30"
    links = {link["rel"]: link["href"] for link in out["links"]}
    assert links == {
        "start": "http://localhost/www/artikel?limit=5&sorts=-ArtNr&fields=ArtNr%2CArtBez&offset=0",
        "prev": "http://localhost/www/artikel?limit=5&sorts=-ArtNr&fields=ArtNr%2CArtBez&offset=0",
        "next": "http://localhost/www/artikel?limit=5&sorts=-ArtNr&fields=ArtNr%2CArtBez&offset=10",
    }


def test_list_default_sort_by_designation_and_end(call) -> None:
    out = body(call("/www/artikel", {"limit": "0", "fields": "ArtBez"}))
    names = [a["ArtBez"] for a in out["data"]]
    assert len(names) == 30
    assert names[:3] == ["Abfallsäcke 35 l, Rolle à 20", "Akku-Bohrschrauber 18 V", "Allzweckreiniger 1 l"]
    assert {link["rel"] for link in out["links"]} == {"start"}
    last = body(call("/www/artikel", {"limit": "10", "offset": "25", "sorts": "%2BArtNr".replace("%2B", "+")}))
    assert len(last["data"]) == 5
    assert {link["rel"] for link in last["links"]} == {"start", "prev"}


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ({"limit": "-1"}, "limit"),
        ({"limit": "abc"}, "limit"),
        ({"offset": "-3"}, "offset"),
        ({"sorts": "+Nope"}, "sorts.Nope"),
        ({"fields": "ArtNr,Nope"}, "fields.Nope"),
        ({"waehrabk": "USD"}, "waehrabk"),
    ],
)
def test_list_bad_input_is_400_naming_the_field(call, query: dict, field: str) -> None:
    resp = call("/www/artikel", query)
    assert resp["statusCode"] == 400
    err = body(resp)
    assert err["error"] == "invalid_request"
    assert field in err["info"]["fields"]


def test_media_list_and_files(call) -> None:
    records = body(call("/www/artikelmedia/1001", {"adrsprache": "fre"}))["data"]
    assert [(r["IDKey"], r.get("AdrSprache")) for r in records] == [(5002, None), (7001, "fre")]
    image = call("/www/artikelmediadaten/5002", {"type": "Bild"})
    assert image["statusCode"] == 200
    assert image["isBase64Encoded"] is True
    raw = base64.b64decode(image["body"])
    assert raw == (DEMO / "bilder" / "1001.jpg").read_bytes()
    assert header(image, "Content-Type") == "image/jpeg"
    assert header(image, "Content-Length") == str(len(raw))
    assert header(image, "ETag") == f'"{hashlib.md5(raw).hexdigest()}"'
    again = call("/www/artikelmediadaten/5002", {"type": "jpg"}, headers={"If-None-Match": header(image, "ETag")})
    assert again["statusCode"] == 304
    assert again["body"] in ("", None)
    text = call("/www/artikelmediadaten/7001", {"type": "Text"})
    assert header(text, "Content-Type") == "text/plain; charset=UTF-8"
    assert text["body"] == (DEMO / "texte" / "1001-fre.txt").read_text(encoding="utf-8")
    assert header(text, "Content-Length") == str(len(text["body"].encode("utf-8")))


@pytest.mark.parametrize(
    ("path", "query", "status"),
    [
        ("/www/artikelmediadaten/5002", {"type": "exe"}, 404),
        ("/www/artikelmediadaten/5002", {"type": "Text"}, 404),
        ("/www/artikelmediadaten/99999", {"type": "Bild"}, 404),
        ("/www/artikelmediadaten/abc", {"type": "Bild"}, 400),
        ("/www/artikelmediadaten/5002", None, 400),
        ("/www/artikelmediadaten/5024", {"type": "Bild"}, 404),  # the image of 9000, hidden from SHOP
        ("/www/artikelmedia/9000", None, 404),
    ],
)
def test_media_errors(call, path: str, query: dict | None, status: int) -> None:
    resp = call(path, query)
    assert resp["statusCode"] == status
    assert body(resp)["error"] in ("not_found", "invalid_request")


def test_list_requests_do_not_depend_on_offset(call) -> None:
    from backoffice.platform.aws import client

    calls: list[str] = []
    client("dynamodb").meta.events.register("before-call.dynamodb.*", lambda model, **_: calls.append(model.name))
    call("/www/artikel", {"limit": "5"})  # warms the container's index cache
    counts = []
    for offset in ("0", "12", "25"):
        calls.clear()
        assert call("/www/artikel", {"limit": "5", "offset": offset, "sorts": "-ArtGewicht"})["statusCode"] == 200
        counts.append(list(calls))
    # The head of the index, the page's articles, their stock: whatever the offset.
    assert counts == [["GetItem", "BatchGetItem", "BatchGetItem"]] * 3


def test_all_that_fits_then_next_link(call, monkeypatch) -> None:
    from backoffice.catalogue import reads

    monkeypatch.setattr(reads, "BODY_BUDGET", 400)
    resp = call("/www/artikel", {"limit": "0", "fields": "ArtNr", "sorts": "+ArtNr"})
    out = body(resp)
    # Each {"ArtNr":"1000"} is 16 bytes plus a comma: 23 articles fit in 400 bytes.
    assert [a["ArtNr"] for a in out["data"]][:2] == ["1000", "1001"]
    assert out["count"] == 23
    assert header(resp, "X-Total-Count") == "30"
    links = {link["rel"]: link["href"] for link in out["links"]}
    assert links["next"] == "http://localhost/www/artikel?limit=0&fields=ArtNr&sorts=%2BArtNr&offset=23"
    rest = body(call("/www/artikel", {"limit": "0", "fields": "ArtNr", "sorts": "+ArtNr", "offset": "23"}))
    assert len(rest["data"]) == 7
    assert "next" not in {link["rel"] for link in rest["links"]}
