"""Issue 25 over real HTTP against the local stack: an event's data is its record as GET answers it.

After creating, patching, converting and invoicing, the feed's last event of every resource equals
the GET of that resource (orders, quotations, customers, addresses, invoices), and the stock
events equal the stock the article shows per location.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.support import Api

pytestmark = pytest.mark.integration
ORDER = {
    "GrundDaten": {"KundNr": "100004", "AuftBestellNr": "EV-1"},
    "Positionen": [{"ArtNr": "1000", "Menge": 2}, {"ArtNr": "1002", "Menge": 10, "VPEinheit": "PAK"}],
}
ADDRESS = {
    "AdrSprache": "ger",
    "AdrFirma": "Feed HTTP AG",
    "AdrAnrede": 0,
    "AdrAdresse1": "Bahnhofstrasse 1",
    "OrtLand": "CH",
    "OrtPLZ": "8001",
    "OrtName": "Zürich",
}
KEYS = {"auftrag": "AuftNr", "offerte": "OffertNr", "kunde": "DebiNr", "adresse": "AdrNr", "rechnung": "RechNr"}


def read_all(api: Api, after: str) -> list[dict[str, Any]]:
    seen: list[dict[str, Any]] = []
    while True:
        answer = api.get("/www/events", params={"after": after, "limit": 50})
        assert answer.status_code == 200, answer.text
        page = answer.json()
        if not page["data"]:
            return seen
        seen += page["data"]
        after = page["cursor"]


def cursor_now(api: Api) -> str:
    after = "0"
    while True:
        page = api.get("/www/events", params={"after": after, "limit": 1000}).json()
        if not page["data"]:
            return str(page["cursor"])
        after = page["cursor"]


def ok(answer: Any, status: int = 200) -> dict[str, Any]:
    assert answer.status_code == status, answer.text
    return dict(answer.json())


def get_of(api: Api, kind: str, key: Any) -> dict[str, Any]:
    """The GET of the resource an event is about, its data member."""
    if kind == "offerte":
        return ok(api.get("/www/offerte", params={"OffertNr": key}))["data"]
    if kind == "rechnung":
        raise AssertionError("invoices are read by their order")
    path = {"auftrag": "/www/auftrag/", "kunde": "/www/kunden/", "adresse": "/www/adressen/"}[kind]
    return ok(api.get(f"{path}{key}"))["data"]


def write_everything(api: Api) -> dict[str, str]:
    """Create, patch, convert and invoice: the numbers of what was written."""
    kunde = {"GrundDaten": {"WaehrAbk": "CHF", "FAKTZahlArt": "B"}, "Adressen": {"KontaktAdr": ADDRESS}}
    debi_nr = ok(api.post("/www/kunden", json=kunde), 201)["data"]["DebiNr"]
    adr_nr = ok(api.get(f"/www/kunden/{debi_nr}"))["data"]["KundKontakt"]
    assert api.request("PATCH", f"/www/adressen/{adr_nr}", json={"AdrFirma": "Feed HTTP GmbH"}).status_code == 204
    quotation = {"GrundDaten": {"KundNr": "100004"}, "Positionen": [{"ArtNr": "1000", "Menge": 1}]}
    offert_nr = ok(api.post("/www/offerte", json=quotation), 201)["data"]["OffertNr"]
    patch = {"Positionen": [{"ArtNr": "1000", "Menge": 5}]}
    ok(api.request("PATCH", "/www/offerte", params={"OffertNr": offert_nr}, json=patch))
    put = {"GrundDaten": {"OffertNr": offert_nr, "KundNr": "100004"}}
    converted = ok(api.request("PUT", "/www/auftrag", json=put), 201)["data"]["AuftNr"]
    auft_nr = ok(api.post("/www/auftrag", json=ORDER), 201)["data"]["AuftNr"]
    rech_nr = ok(api.post(f"/www/auftrag/{auft_nr}/rechnung"), 201)["data"]["RechNr"]
    return {
        "debi": debi_nr,
        "adr": str(adr_nr),
        "offert": offert_nr,
        "converted": converted,
        "auft": auft_nr,
        "rech": rech_nr,
    }


def test_the_last_event_of_every_resource_equals_its_get(api: Api) -> None:
    start = cursor_now(api)
    written = write_everything(api)
    events = read_all(api, start)
    last: dict[tuple[str, str], dict[str, Any]] = {}
    for event in events:
        kind = event["type"].split(".")[0]
        if kind in KEYS:
            last[(kind, str(event["keys"][KEYS[kind]]))] = event
    expected = {
        ("kunde", written["debi"]),
        ("adresse", written["adr"]),
        ("offerte", written["offert"]),
        ("auftrag", written["converted"]),
        ("auftrag", written["auft"]),
        ("rechnung", written["rech"]),
    }
    assert set(last) == expected
    for (kind, key), event in last.items():
        assert "partial" not in event
        if kind == "rechnung":
            got = api.get(f"/www/auftrag/{written['auft']}/rechnung", headers={"Accept": "application/json"})
            assert event["data"] == ok(got)["data"]
            continue
        assert event["data"] == get_of(api, kind, key), (kind, key)
    assert last[("offerte", written["offert"])]["type"] == "offerte.converted"
    assert last[("auftrag", written["auft"])]["type"] == "auftrag.updated"
    assert last[("rechnung", written["rech"])]["data"]["links"][0]["href"].startswith(api.base)


def test_stock_events_equal_the_stock_each_article_shows_per_location(api: Api) -> None:
    start = cursor_now(api)
    for _ in range(2):
        ok(api.post("/www/auftrag", json=ORDER), 201)
    stock = [e for e in read_all(api, start) if e["type"] == "artikel.stock_changed"]
    last = {(e["keys"]["ArtNr"], e["data"]["StaoNr"], e["data"].get("VPEinheit")): e["data"] for e in stock}
    assert set(last) == {("1000", 1, None), ("1002", 1, "PAK")}
    for (art_nr, stao_nr, unit), data in last.items():
        article = ok(api.get(f"/www/artikel/{art_nr}"))["data"]
        entries = list(article.get("Bestand") or [])
        entries += [b for p in article.get("Verpackungen") or [] if p["VPEinheit"] == unit for b in p["Bestand"]]
        shown = [b for b in entries if b["StaoNr"] == stao_nr and b.get("VPEinheit") == unit]
        assert shown == [data]
    first = [e for e in stock if e["keys"]["ArtNr"] == "1000"]
    assert first[1]["data"]["LagerBestand"] == first[0]["data"]["LagerBestand"] - 2
