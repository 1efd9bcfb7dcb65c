"""What an event says: its data is the record as GET answers it at that version (moto).

Every type against the GET of its record, exact; a record too large to travel whole; the items
the first release recorded (small data, plain JSON) served as they were; an invoice's events only
with the invoice, and the import's stock events in the transaction of its stock.
"""

from __future__ import annotations

import zlib
from decimal import Decimal
from typing import Any

import pytest

from tests.support.invoke import Answer

ORDER = {
    "GrundDaten": {"KundNr": "100004", "AuftBestellNr": "WS-7"},
    "Positionen": [{"ArtNr": "1000", "Menge": 3}, {"ArtNr": "1002", "Menge": 20, "VPEinheit": "PAK"}],
}
CUSTOMER = {
    "GrundDaten": {"WaehrAbk": "CHF", "FAKTZahlArt": "B"},
    "Adressen": {
        "KontaktAdr": {
            "AdrSprache": "ger",
            "AdrFirma": "Ereignis AG",
            "AdrAnrede": 0,
            "AdrAdresse1": "Bahnhofstrasse 1",
            "OrtLand": "CH",
            "OrtPLZ": "8001",
            "OrtName": "Zürich",
        },
        "RechAdr": {
            "AdrSprache": "ger",
            "AdrFirma": "Ereignis AG Buchhaltung",
            "AdrAnrede": 0,
            "AdrAdresse1": "Postfach",
            "OrtLand": "CH",
            "OrtPLZ": "8002",
            "OrtName": "Zürich",
        },
    },
}


def ok(answer: Answer, status: int = 200) -> dict[str, Any]:
    assert answer.status == status, answer.text
    return dict(answer.json())


def events(call: Any, webshop: str = "SHOP") -> list[dict[str, Any]]:
    return list(ok(call("events", "GET", "/www/events", query={"limit": "1000"}, webshop=webshop))["data"])


def last_of(call: Any, event_type: str, keys: dict[str, Any]) -> dict[str, Any]:
    found = [e for e in events(call) if e["type"] == event_type and e["keys"] == keys]
    assert found, (event_type, keys)
    return found[-1]


def stock_shown(call: Any, art_nr: str, stao_nr: int, unit: str | None) -> dict[str, Any]:
    """The Bestand entry GET /www/artikel shows for the stock item."""
    article = ok(call("artikel", "GET", f"/www/artikel/{art_nr}"))["data"]
    lists = [article.get("Bestand") or []]
    lists += [p.get("Bestand") or [] for p in article.get("Verpackungen") or [] if p["VPEinheit"] == unit]
    entries = [e for entries in lists for e in entries if e["StaoNr"] == stao_nr and e.get("VPEinheit") == unit]
    assert len(entries) == 1, article
    return entries[0]


def test_an_order_and_its_stock_events_are_the_get_of_each(call: Any) -> None:
    before = stock_shown(call, "1000", 1, None)["LagerBestand"]
    nr = ok(call("auftrag", "POST", "/www/auftrag", ORDER), 201)["data"]["AuftNr"]
    created = last_of(call, "auftrag.created", {"AuftNr": nr})
    assert created["data"] == ok(call("auftrag", "GET", f"/www/auftrag/{nr}"))["data"]
    assert created["data"]["GrundDaten"]["AuftNr"] == nr
    assert [p["ArtNr"] for p in created["data"]["Positionen"]] == ["1000", "1002"]
    for art_nr, unit in (("1000", None), ("1002", "PAK")):
        stock = last_of(call, "artikel.stock_changed", {"ArtNr": art_nr})
        assert stock["data"] == stock_shown(call, art_nr, 1, unit)
    assert last_of(call, "artikel.stock_changed", {"ArtNr": "1000"})["data"]["LagerBestand"] == before - 3


def test_a_stock_item_changed_between_read_and_write_is_written_again_from_a_fresh_read(
    call: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from backoffice.platform import dynamo
    from backoffice.sales import orders

    real = orders.stock_before
    raced = []

    def read_then_another_order_takes_two(amounts: Any, stao_nr: int) -> Any:
        before = real(amounts, stao_nr)
        if not raced:  # another order reserves 2 of 1000 between this read and the write
            raced.append(1)
            dynamo.update_item("ARTIKEL#1000", "BESTAND#-#1", add={"LagerBestand": Decimal(-2)})
        return before

    start = stock_shown(call, "1000", 1, None)["LagerBestand"]
    monkeypatch.setattr(orders, "stock_before", read_then_another_order_takes_two)
    nr = ok(call("auftrag", "POST", "/www/auftrag", ORDER), 201)["data"]["AuftNr"]
    stock = last_of(call, "artikel.stock_changed", {"ArtNr": "1000"})
    assert stock["data"]["LagerBestand"] == start - 2 - 3
    assert stock["data"] == stock_shown(call, "1000", 1, None)
    assert [e["keys"] for e in events(call) if e["type"] == "auftrag.created"][-1] == {"AuftNr": nr}


def test_stock_that_keeps_moving_is_a_503_after_the_attempts_and_writes_nothing(
    call: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from backoffice.platform import dynamo
    from backoffice.sales import orders

    real = orders.stock_before
    reads = []

    def every_read_is_overtaken(amounts: Any, stao_nr: int) -> Any:
        reads.append(1)
        before = real(amounts, stao_nr)
        dynamo.update_item("ARTIKEL#1000", "BESTAND#-#1", add={"LagerBestand": Decimal(-1)})
        return before

    monkeypatch.setattr(orders, "stock_before", every_read_is_overtaken)
    start = stock_shown(call, "1000", 1, None)["LagerBestand"]
    seen = events(call)
    answer = call("auftrag", "POST", "/www/auftrag", ORDER)
    assert answer.status == 503, answer.text
    assert answer.headers["Retry-After"] == "1"
    assert len(reads) == orders.STOCK_ATTEMPTS
    assert events(call) == seen  # no order, no event, no gap
    assert stock_shown(call, "1000", 1, None)["LagerBestand"] == start - orders.STOCK_ATTEMPTS  # only the others'


def test_quotation_events_are_its_get_at_each_version(call: Any) -> None:
    body = {"GrundDaten": {"KundNr": "100004"}, "Positionen": [{"ArtNr": "1000", "Menge": 1}]}
    created = ok(call("offerte", "POST", "/www/offerte", body), 201)["data"]
    offert_nr = created["OffertNr"]
    assert last_of(call, "offerte.created", {"OffertNr": offert_nr})["data"] == created
    patch = {"Positionen": [{"ArtNr": "1000", "Menge": 4}]}
    ok(call("offerte", "PATCH", "/www/offerte", patch, query={"OffertNr": offert_nr}))
    got = ok(call("offerte", "GET", "/www/offerte", query={"OffertNr": offert_nr}))["data"]
    assert last_of(call, "offerte.updated", {"OffertNr": offert_nr})["data"] == got
    assert got["Positionen"] != created["Positionen"]  # the PATCH changed them
    put = {"GrundDaten": {"OffertNr": offert_nr, "KundNr": "100004"}}
    auft_nr = ok(call("auftrag", "PUT", "/www/auftrag", put), 201)["data"]["AuftNr"]
    converted = last_of(call, "offerte.converted", {"OffertNr": offert_nr})["data"]
    assert converted == ok(call("offerte", "GET", "/www/offerte", query={"OffertNr": offert_nr}))["data"]
    assert converted["GrundDaten"]["AuftNr"] == auft_nr
    order = last_of(call, "auftrag.created", {"AuftNr": auft_nr})["data"]
    assert order == ok(call("auftrag", "GET", f"/www/auftrag/{auft_nr}"))["data"]
    assert order["GrundDaten"]["OffertNr"] == offert_nr


def test_customer_and_address_events_are_their_get(call: Any) -> None:
    debi_nr = ok(call("kunden", "POST", "/www/kunden", CUSTOMER), 201)["data"]["DebiNr"]
    customer = ok(call("kunden", "GET", f"/www/kunden/{debi_nr}"))["data"]
    created = last_of(call, "kunde.created", {"DebiNr": debi_nr})["data"]
    assert created == customer
    assert created["KundKontakt"] != created["KundRech"]
    assert created["links"][0]["href"].startswith("https://")  # on the base URL of the request
    adr_nr = customer["KundRech"]
    assert call("adressen", "PATCH", f"/www/adressen/{adr_nr}", {"AdrFirma": "Ereignis GmbH"}).status == 204
    updated = last_of(call, "adresse.updated", {"AdrNr": adr_nr})["data"]
    assert updated == ok(call("adressen", "GET", f"/www/adressen/{adr_nr}"))["data"]
    assert (updated["AdrNr"], updated["AdrFirma"], updated["OrtPLZ"]) == (adr_nr, "Ereignis GmbH", "8002")


def test_invoice_events_are_the_invoice_and_the_order_as_get_answers_them(call: Any) -> None:
    nr = ok(call("auftrag", "POST", "/www/auftrag", ORDER), 201)["data"]["AuftNr"]
    issued = ok(call("rechnung", "POST", f"/www/auftrag/{nr}/rechnung"), 201)["data"]
    got = ok(call("rechnung", "GET", f"/www/auftrag/{nr}/rechnung", headers={"Accept": "application/json"}))["data"]
    invoice = last_of(call, "rechnung.issued", {"RechNr": issued["RechNr"]})
    assert invoice["data"] == got == issued
    assert invoice["data"]["AuftNr"] == nr
    updated = last_of(call, "auftrag.updated", {"AuftNr": nr})
    assert updated["data"] == ok(call("auftrag", "GET", f"/www/auftrag/{nr}"))["data"]
    assert updated["sequence"] == invoice["sequence"] + 1  # one item, one transaction


def test_an_invoice_whose_finishing_write_fails_has_no_events(call: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from botocore.exceptions import ClientError

    from backoffice.platform import dynamo

    nr = ok(call("auftrag", "POST", "/www/auftrag", ORDER), 201)["data"]["AuftNr"]
    before = events(call)
    real = dynamo.transact_write

    def fail_the_invoice(items: list[dict[str, Any]], token: str | None = None) -> None:
        if any(i.get("Update", {}).get("Key", {}).get("PK", {}).get("S") == f"RECHNUNG#{nr}" for i in items):
            error = {"Error": {"Code": "InternalServerError", "Message": "injected"}}
            raise ClientError(error, "TransactWriteItems")
        real(items, token)

    monkeypatch.setattr(dynamo, "transact_write", fail_the_invoice)
    assert call("rechnung", "POST", f"/www/auftrag/{nr}/rechnung").status == 503
    assert events(call) == before  # the numbers it took are void: nothing, and no gap
    monkeypatch.setattr(dynamo, "transact_write", real)
    rech_nr = ok(call("rechnung", "POST", f"/www/auftrag/{nr}/rechnung"), 201)["data"]["RechNr"]
    after = [(e["type"], e["keys"]) for e in events(call)[len(before) :]]
    assert after == [("rechnung.issued", {"RechNr": rech_nr}), ("auftrag.updated", {"AuftNr": nr})]


def test_an_order_too_large_for_one_item_travels_without_its_positions(call: Any) -> None:
    import random

    from backoffice.platform import dynamo, outbox

    rng = random.Random(25)
    # Texts that do not compress: 120 positions of 2,000 random characters, about 240 KB of JSON.
    positions = [
        {"ArtNr": "1000", "Menge": 1, "PosBez": "".join(rng.choices("abcdefghijklmnopqrstuvwxyz0123456789 ", k=2000))}
        for _ in range(120)
    ]
    big = {"GrundDaten": {"KundNr": "100004"}, "Positionen": positions}
    nr = ok(call("auftrag", "POST", "/www/auftrag", big), 201)["data"]["AuftNr"]
    created = last_of(call, "auftrag.created", {"AuftNr": nr})
    got = ok(call("auftrag", "GET", f"/www/auftrag/{nr}"))["data"]
    assert created["partial"] is True
    assert created["data"] == {k: v for k, v in got.items() if k != "Positionen"}
    assert created["data"]["GrundDaten"]["AuftBrutto"] == got["GrundDaten"]["AuftBrutto"]
    item = list(dynamo.query(outbox.FEED_PK, consistent=True))[-1]
    assert len(bytes(item["EventsZ"])) < outbox.ITEM_BYTES
    # The stock event of the same write is whole.
    assert "partial" not in last_of(call, "artikel.stock_changed", {"ArtNr": "1000"})


def test_the_write_item_is_bounded_by_compressing_then_abridging(aws: Any) -> None:
    from backoffice.platform import outbox

    rows = [{"PosBez": f"{n:06d}" + "x" * 3000} for n in range(300)]  # 900 KB that compresses well
    whole = outbox.Change("auftrag.created", {"AuftNr": "1"}, {"Positionen": rows}, {"GrundDaten": {"AuftNr": "1"}})
    ops = outbox.change_ops([whole], "t")
    events = outbox.events_of(outbox.dynamo.from_attrs(ops[0]["Put"]["Item"]))
    assert events[0]["data"] == {"GrundDaten": {"AuftNr": "1"}}  # over DATA_LIMIT: bounded
    small = outbox.Change("auftrag.created", {"AuftNr": "2"}, {"Positionen": rows[:10]}, {"GrundDaten": {}})
    packed = outbox.change_ops([small], "t")[0]["Put"]["Item"]["EventsZ"]["B"]
    assert outbox.loads(zlib.decompress(packed))[0]["data"] == {"Positionen": rows[:10]}


def test_a_write_whose_events_together_are_too_large_abridges_the_largest_first(aws: Any) -> None:
    import random

    from backoffice.platform import outbox

    rng = random.Random(7)

    def noise(size: int) -> str:  # hex digits: compressed to about half, never less
        return "".join(rng.choices("0123456789abcdef", k=size))

    # Each below DATA_LIMIT, together about 460 KB compressed: over ITEM_BYTES.
    changes = [
        outbox.Change("offerte.updated", {"OffertNr": str(n)}, {"Positionen": [{"PosBez": noise(size)}]}, {"n": n})
        for n, size in enumerate((185_000, 195_000, 190_000, 170_000, 180_000))
    ]
    item = outbox.dynamo.from_attrs(outbox.change_ops(changes, "t")[0]["Put"]["Item"])
    assert len(bytes(item["EventsZ"].value)) < outbox.ITEM_BYTES
    events = outbox.events_of(item)
    # The largest (195,000, then 190,000) gave way until the rest fitted (about 270 KB).
    assert [e.get("partial", False) for e in events] == [False, True, True, False, False]
    assert [e["data"] for e in events[1:3]] == [{"n": 1}, {"n": 2}]
    assert events[0]["data"] == changes[0].data


def test_items_of_the_first_release_are_served_as_they_were(call: Any) -> None:
    from backoffice.json_codec import dumps
    from backoffice.platform import dynamo, outbox

    old = [
        {
            "id": "evt_" + "0" * 32,
            "type": "auftrag.created",
            "sequence": 1,
            "timestamp": "2026-11-20T08:00:00.000001Z",
            "keys": {"AuftNr": "400001"},
            "data": {"KundNr": "100004", "AuftStatus": "N"},
            "user": "shop",
        },
        {
            "id": "evt_" + "1" * 32,
            "type": "artikel.stock_changed",
            "sequence": 2,
            "timestamp": "2026-11-20T08:00:00.000001Z",
            "keys": {"ArtNr": "1000"},
            "data": {"StaoNr": 1, "Aenderung": -3, "Grund": "auftrag"},
            "user": "shop",
        },
    ]
    dynamo.put_item(
        {
            "PK": outbox.FEED_PK,
            "SK": outbox.feed_sk(2),
            "First": 1,
            "Events": dumps(old),
            "CreatedUTC": "2026-11-20T08:00:00.000001Z",
            "ExpiresAt": 2_000_000_000,
        }
    )
    dynamo.put_item({"PK": "COUNTER", "SK": outbox.SEQUENCE_COUNTER, "value": 2})
    ok(call("auftrag", "POST", "/www/auftrag", ORDER), 201)
    served = events(call)
    assert served[:2] == [{k: v for k, v in e.items() if k != "user"} for e in old]
    assert served[2]["sequence"] == 3
    assert served[2]["data"]["GrundDaten"]["KundNr"] == "100004"
    assert [e["sequence"] for e in events(call, webshop="B2B")][:1] == [1]  # 1000 is visible to B2B too


def test_a_feed_page_is_bounded_in_bytes(call: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from backoffice.webhooks import feed

    for _ in range(3):
        ok(call("auftrag", "POST", "/www/auftrag", ORDER), 201)
    everything = events(call)
    monkeypatch.setattr(feed, "PAGE_BYTES", 1)  # every page holds one event, never none
    paged, after = [], "0"
    while True:
        page = ok(call("events", "GET", "/www/events", query={"after": after, "limit": "1000"}, webshop="SHOP"))
        if not page["data"]:
            break
        assert len(page["data"]) == 1
        paged += page["data"]
        after = page["cursor"]
    assert paged == everything


def test_the_import_writes_its_stock_with_its_events(call: Any, tmp_path: Any) -> None:
    import json

    from backoffice.catalogue import importer
    from backoffice.platform import dynamo, outbox

    records = [
        {"Typ": "Bestand", "ArtNr": "1000", "StaoNr": 1, "LagerOrt": "Zürich", "LagerBestand": 77},
        {"Typ": "Bestand", "ArtNr": "1002", "StaoNr": 1, "VPEinheit": "PAK", "LagerBestand": 9},
    ]
    path = tmp_path / "bestand.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in records) + "\n", encoding="utf-8")
    writes: list[int] = []
    real = dynamo.transact_write

    def counted(items: list[dict[str, Any]], token: str | None = None) -> None:
        writes.append(len(items))
        real(items, token)

    dynamo.transact_write = counted  # type: ignore[assignment]
    try:
        importer.import_catalogue(path)
    finally:
        dynamo.transact_write = real  # type: ignore[assignment]
    assert writes == [3]  # the two stock items and their events' item: one transaction
    item = list(dynamo.query(outbox.FEED_PK, consistent=True))[-1]
    assert [e["user"] for e in outbox.events_of(item)] == ["import", "import"]
    for art_nr, unit, amount in (("1000", None, 77), ("1002", "PAK", 9)):
        stock = last_of(call, "artikel.stock_changed", {"ArtNr": art_nr})["data"]
        shown = stock_shown(call, art_nr, 1, unit)
        assert stock["LagerBestand"] == amount
        # The import is no request: its links are the paths, where GET answers them on its base URL.
        assert {k: v for k, v in stock.items() if k != "links"} == {k: v for k, v in shown.items() if k != "links"}
        assert shown["links"][0]["href"].endswith(stock["links"][0]["href"])
