"""Events recorded with every change, in the write's transaction, and the feed that serves them in order."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.invoke import Answer

ORDER = {
    "GrundDaten": {"KundNr": "100004", "AuftBestellNr": "WS-1"},
    "Positionen": [{"ArtNr": "1000", "Menge": 3}, {"ArtNr": "1002", "Menge": 20, "VPEinheit": "PAK"}],
}


def feed(call: Any, after: str = "0", **kwargs: Any) -> Answer:
    query = {"after": after, "limit": str(kwargs.pop("limit", 1000))}
    if "types" in kwargs:
        query["types"] = kwargs.pop("types")
    answer = call("events", "GET", "/www/events", query=query, **kwargs)
    assert answer.status == 200, answer.text
    return answer


def events(call: Any, **kwargs: Any) -> list[dict[str, Any]]:
    return list(feed(call, **kwargs).json()["data"])


def feed_items() -> list[dict[str, Any]]:
    from backoffice.platform import dynamo, outbox

    return list(dynamo.query(outbox.FEED_PK, consistent=True))


def test_an_order_records_its_events_in_one_item_of_its_transaction(call: Any) -> None:
    before = len(feed_items())
    nr = call("auftrag", "POST", "/www/auftrag", ORDER).json()["data"]["AuftNr"]
    assert len(feed_items()) == before + 1  # one item, whatever the order changed
    mine = events(call, after=str(feed_items()[-1]["First"] - 1))
    created = [e for e in mine if e["type"] == "auftrag.created"]
    assert [e["keys"] for e in created] == [{"AuftNr": nr}]
    assert created[0]["data"]["GrundDaten"]["AuftNr"] == nr  # the whole order: tests/unit/webhooks/test_event_data.py
    stock = [e for e in mine if e["type"] == "artikel.stock_changed"]
    assert sorted((e["keys"]["ArtNr"], e["data"]["StaoNr"], e["data"].get("VPEinheit")) for e in stock) == [
        ("1000", 1, None),
        ("1002", 1, "PAK"),
    ]
    assert created[0]["id"].startswith("evt_")
    assert set(created[0]) == {"id", "type", "sequence", "timestamp", "keys", "data"}  # never the user


def test_the_feed_is_in_sequence_order_and_pages_by_cursor(call: Any) -> None:
    for _ in range(3):
        assert call("auftrag", "POST", "/www/auftrag", ORDER).status == 201
    everything = events(call)
    sequences = [e["sequence"] for e in everything]
    assert sequences == sorted(sequences)
    assert len({e["id"] for e in everything}) == len(everything)
    paged, after = [], "0"
    while True:
        answer = feed(call, after=after, limit=2).json()
        if not answer["data"]:
            break
        paged += answer["data"]
        after = answer["cursor"]
        assert answer["links"][0]["rel"] == "next"
        assert answer["links"][0]["href"].endswith(f"/www/events?after={after}&limit=2")
    assert [e["id"] for e in paged] == [e["id"] for e in everything]
    assert feed(call, after=after).json()["cursor"] == after  # at the end the cursor stays


def test_types_filter_and_unknown_types(call: Any) -> None:
    call("auftrag", "POST", "/www/auftrag", ORDER)
    assert {e["type"] for e in events(call, types="auftrag.created")} == {"auftrag.created"}
    answer = call("events", "GET", "/www/events", query={"types": "auftrag.deleted"})
    assert answer.status == 400
    assert "types" in answer.json()["info"]["fields"]
    assert call("events", "GET", "/www/events", query={"after": "-1"}).status == 400


def test_article_events_reach_only_callers_who_may_see_the_article(call: Any) -> None:
    call("auftrag", "POST", "/www/auftrag", ORDER)

    def stock_seen(webshop: str | None) -> set[str]:
        return {e["keys"]["ArtNr"] for e in events(call, webshop=webshop) if e["type"] == "artikel.stock_changed"}

    assert {"1000", "1002"} <= stock_seen("SHOP")
    seen_b2b = stock_seen("B2B")  # 1000 is published for SHOP and B2B, 1002 for SHOP only
    assert "1000" in seen_b2b
    assert "1002" not in seen_b2b
    assert not {"1000", "1002"} & stock_seen(None)
    # The order itself belongs to the company: everyone sees it.
    assert any(e["type"] == "auftrag.created" for e in events(call, webshop=None))


def test_a_template_quotation_event_holds_the_template(call: Any) -> None:
    template = call("offerte", "POST", "/www/offerte", {"Positionen": [{"ArtNr": "1000", "Menge": 1}]})
    offert_nr = template.json()["data"]["OffertNr"]
    created = [e for e in events(call) if e["keys"] == {"OffertNr": offert_nr}]
    assert [e["type"] for e in created] == ["offerte.created"]
    assert created[0]["data"] == template.json()["data"]
    assert created[0]["data"]["GrundDaten"]["Template"] is True
    assert "partial" not in created[0]


def test_quotation_customer_address_and_conversion_events(call: Any) -> None:
    body = {"GrundDaten": {"KundNr": "100004"}, "Positionen": [{"ArtNr": "1000", "Menge": 1}]}
    offert_nr = call("offerte", "POST", "/www/offerte", body).json()["data"]["OffertNr"]
    patch = {"Positionen": [{"ArtNr": "1000", "Menge": 2}]}
    assert call("offerte", "PATCH", "/www/offerte", patch, query={"OffertNr": offert_nr}).status == 200
    converted = call("auftrag", "PUT", "/www/auftrag", {"GrundDaten": {"OffertNr": offert_nr, "KundNr": "100004"}})
    assert converted.status == 201, converted.text
    auft_nr = converted.json()["data"]["AuftNr"]
    kunde = {
        "GrundDaten": {"WaehrAbk": "CHF", "FAKTZahlArt": "B"},
        "Adressen": {
            "KontaktAdr": {
                "AdrSprache": "ger",
                "AdrFirma": "Feed AG",
                "AdrAnrede": 0,
                "AdrAdresse1": "Bahnhofstrasse 1",
                "OrtLand": "CH",
                "OrtPLZ": "8001",
                "OrtName": "Zürich",
            }
        },
    }
    debi_nr = call("kunden", "POST", "/www/kunden", kunde).json()["data"]["DebiNr"]
    adr_nr = call("kunden", "GET", f"/www/kunden/{debi_nr}").json()["data"]["KundKontakt"]
    assert call("adressen", "PATCH", f"/www/adressen/{adr_nr}", {"AdrFirma": "Feed GmbH"}).status == 204
    seen = [(e["type"], e["keys"]) for e in events(call) if e["type"] != "artikel.stock_changed"]
    assert seen[-6:] == [
        ("offerte.created", {"OffertNr": offert_nr}),
        ("offerte.updated", {"OffertNr": offert_nr}),
        ("auftrag.created", {"AuftNr": auft_nr}),
        ("offerte.converted", {"OffertNr": offert_nr}),
        ("kunde.created", {"DebiNr": debi_nr}),
        ("adresse.updated", {"AdrNr": adr_nr}),
    ]


def test_an_invoice_issued_records_the_invoice_and_the_order_change(call: Any) -> None:
    nr = call("auftrag", "POST", "/www/auftrag", ORDER).json()["data"]["AuftNr"]
    issued = call("rechnung", "POST", f"/www/auftrag/{nr}/rechnung")
    assert issued.status == 201, issued.text
    rech_nr = issued.json()["data"]["RechNr"]
    last = [(e["type"], e["keys"]) for e in events(call)][-2:]
    assert last == [("rechnung.issued", {"RechNr": rech_nr}), ("auftrag.updated", {"AuftNr": nr})]
    # Issued again: answered as recorded, no second event.
    assert call("rechnung", "POST", f"/www/auftrag/{nr}/rechnung").status == 200
    assert [e["type"] for e in events(call)][-2:] == ["rechnung.issued", "auftrag.updated"]


def test_a_failed_write_leaves_no_gap(call: Any) -> None:
    from backoffice.platform import dynamo, outbox

    call("auftrag", "POST", "/www/auftrag", ORDER)
    cursor = feed(call).json()["cursor"]
    ops = outbox.change_ops([outbox.Change("kunde.created", {"DebiNr": "999999"})], "test")
    with pytest.raises(Exception):  # noqa: B017, PT011 - the write's own failure
        outbox.transact_write([*ops, dynamo.check_op("NO-SUCH", "ITEM")])
    call("auftrag", "POST", "/www/auftrag", ORDER)
    after = feed(call, after=cursor).json()
    assert after["data"][0]["type"] == "auftrag.created"  # served at once, past the void
    assert all(e["keys"] != {"DebiNr": "999999"} for e in after["data"])


def test_a_gap_is_waited_for_until_it_is_settled(call: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from backoffice.platform import dynamo, outbox
    from backoffice.platform.caches import reset_caches

    call("auftrag", "POST", "/www/auftrag", ORDER)
    cursor = feed(call).json()["cursor"]
    dynamo.next_number(outbox.SEQUENCE_COUNTER)  # a writer took a number and has not written yet
    nr = call("auftrag", "POST", "/www/auftrag", ORDER).json()["data"]["AuftNr"]
    waiting = feed(call, after=cursor).json()
    assert waiting["data"] == []
    assert waiting["cursor"] == cursor  # it may still commit: never passed
    monkeypatch.setenv("EVENT_SETTLE_SECONDS", "0")
    reset_caches()
    settled = feed(call, after=cursor).json()["data"]
    assert [e["keys"] for e in settled if e["type"] == "auftrag.created"] == [{"AuftNr": nr}]
    assert settled[0]["sequence"] == int(cursor) + 2


def test_feed_items_expire_after_30_days(call: Any) -> None:
    import time

    call("auftrag", "POST", "/www/auftrag", ORDER)
    item = feed_items()[-1]
    assert abs(int(item["ExpiresAt"]) - (time.time() + 30 * 24 * 3600)) < 60
