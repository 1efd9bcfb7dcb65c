"""Articles over real HTTP against the local stack with its demo catalogue."""

from __future__ import annotations

import hashlib
from decimal import Decimal as D
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration

DEMO = Path(__file__).resolve().parents[2] / "local" / "demo_data" / "artikel"


def test_list_sort_page_and_fields(api) -> None:
    resp = api.get("/www/artikel?limit=4&offset=4&sorts=%2BArtGruppe,-ArtNr&fields=ArtNr,ArtGruppe")
    assert resp.status_code == 200
    assert resp.headers["Content-Type"] == "application/json; charset=iso-8859-1"
    assert resp.headers["X-Total-Count"] == "35"  # 30 + the 5 sales examples of local/demo_data/verkauf
    out = resp.json()
    # BUERO 2006..2000, GETRAENK 1007 1006, HAUSHALT 5003..5000 (9000 is B2B only).
    assert out["data"] == [
        {"ArtNr": "2002", "ArtGruppe": "BUERO"},
        {"ArtNr": "2001", "ArtGruppe": "BUERO"},
        {"ArtNr": "2000", "ArtGruppe": "BUERO"},
        {"ArtNr": "1007", "ArtGruppe": "GETRAENK"},
    ]
    links = {link["rel"]: link for link in out["links"]}
    assert (
        links["next"]["href"]
        == api.base + "/www/artikel?limit=4&sorts=%2BArtGruppe%2C-ArtNr&fields=ArtNr%2CArtGruppe&offset=8"
    )
    assert links["next"]["type"] == "GET"
    # Following the link gives the next page.
    following = api.session.get(links["next"]["href"], timeout=30).json()["data"]
    assert [a["ArtNr"] for a in following] == ["1006", "5003", "5002", "5001"]


def test_read_one_article_in_eur_for_customer_with_own_list(api) -> None:
    resp = api.get("/www/artikel/2002?waehrabk=EUR&debinr=100001")
    assert resp.status_code == 200
    data = resp.json(parse_float=D)["data"]
    assert data["ArtBez"] == "Kugelschreiber schwarz"
    assert data["WaehrAbk"] == "EUR"
    assert data["WUSTSatz"] == D("8.1")  # no stored rate: the standard rate
    pak = next(v for v in data["Verpackungen"] if v["VPEinheit"] == "PAK")
    # WV EUR for a pack of 10: 1.20 * 10 * 0.90 = 10.80; from 10 packs 10.26; from 50 packs 9.72.
    assert [(p["AbAnzahl"], p["PreisList"]) for p in pak["Preis"]] == [
        (1, D("10.80")),
        (10, D("10.26")),
        (50, D("9.72")),
    ]
    assert {b["StaoNr"] for b in pak["Bestand"]} == {1, 2}
    assert data["Deklaration"][0]["OrtLand"] == "CH"


def test_image_bytes_identical_and_304(api) -> None:
    resp = api.get("/www/artikelmediadaten/5000?type=Bild")
    assert resp.status_code == 200
    original = (DEMO / "bilder" / "1000.png").read_bytes()
    assert resp.content == original
    assert resp.headers["Content-Type"] == "image/png"
    assert resp.headers["Content-Length"] == str(len(original))
    etag = resp.headers["ETag"]
    assert etag == f'"{hashlib.md5(original).hexdigest()}"'
    again = api.get("/www/artikelmediadaten/5000?type=Bild", headers={"If-None-Match": etag})
    assert again.status_code == 304
    assert again.content == b""


def test_text_file(api) -> None:
    resp = api.get("/www/artikelmediadaten/5001?type=Text")
    assert resp.status_code == 200
    assert resp.headers["Content-Type"] == "text/plain; charset=UTF-8"
    assert resp.content == (DEMO / "texte" / "1000-ger.txt").read_bytes()
    assert "Qualitätsprodukt" in resp.content.decode("utf-8")


def test_media_records(api) -> None:
    data = api.get("/www/artikelmedia/1000").json()["data"]
    assert [(r["IDKey"], r.get("AdrSprache")) for r in data] == [(5000, None), (5001, "ger")]
    assert data[0]["links"] == [
        {"href": api.base + "/www/artikelmediadaten/5000?type=Bild", "type": "GET", "rel": "artikelmediadaten/"}
    ]


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("/www/artikel/NOPE", 404),
        ("/www/artikel/9000", 404),  # published for B2B only
        ("/www/artikel?limit=-1", 400),
        ("/www/artikel?limit=abc", 400),
        ("/www/artikel?sorts=%2BNope", 400),
        ("/www/artikelmediadaten/5000?type=exe", 404),
        ("/www/artikelmediadaten/abc?type=Bild", 400),
    ],
)
def test_bad_input_gets_error_body(api, path: str, status: int) -> None:
    resp = api.get(path)
    assert resp.status_code == status
    assert resp.headers["Content-Type"] == "application/json; charset=iso-8859-1"
    body = resp.json()
    assert body["error"] == ("not_found" if status == 404 else "invalid_request")
    assert body["error_description"]


def test_sorts_error_names_the_field(api) -> None:
    body = api.get("/www/artikel?sorts=%2BNope").json()
    assert "sorts.Nope" in body["info"]["fields"]
