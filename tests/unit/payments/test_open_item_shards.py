"""The company's open items over 16 partitions (moto): the shard from the RechNr's SHA-256, the
list over HTTP merged from every shard in due date order as one partition gave it (`faellig_bis`,
pages, totals per currency), the overdue run reading every shard, and `migrate` moving the open
items of the one partition of the releases before, attributes unchanged, once."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal
from typing import Any

import pytest

from backoffice.admin.__main__ import main as admin
from backoffice.payments import store
from backoffice.platform import dynamo

DUE = date(2026, 12, 1)


def record(n: int, currency: str = "CHF", gross: str = "100.00") -> dict[str, Any]:
    """An issued invoice's record as invoices/store keeps it (what `store.register` reads of it)."""
    return {
        "RechNr": str(700000 + n),
        "AuftNr": str(500000 + n),
        "KundNr": str(100001 + n % 3),
        "WaehrAbk": currency,
        "AuftBrutto": Decimal(gross),
        "RechDatum": "2026-11-01",
        # Due dates that repeat and step back, so that sort order is not registration order.
        "FaelligDatum": (DUE + timedelta(days=(n * 7) % 23)).isoformat(),
        "Zahlungsreferenz": f"RF18{700000 + n:012d}",
        "Bezahlt": False,
        "PdfKey": "-",
    }


def test_the_shard_is_the_sha256_of_the_rechnr_and_spreads_them_evenly() -> None:
    # Fixed values: the shard of a stored item never changes between processes or releases.
    assert store.open_items_pk("700000") == "OFFENEPOSTEN@09"
    assert store.open_items_pk("700001") == "OFFENEPOSTEN@12"
    assert store.open_items_pk("1") == "OFFENEPOSTEN@03"
    assert store.open_item_pk_of("2026-12-01#700001") == "OFFENEPOSTEN@12"
    counts: dict[str, int] = {}
    for n in range(1600):  # consecutive numbers, as invoices get them
        pk = store.open_items_pk(str(600000 + n))
        counts[pk] = counts.get(pk, 0) + 1
    assert sorted(counts) == store.open_item_partitions() == [f"OFFENEPOSTEN@{s:02d}" for s in range(16)]
    assert min(counts.values()) >= 70  # 100 each on average
    assert max(counts.values()) <= 130
    # The customers' partitions stay `OFFENEPOSTEN#{KundNr}`: never a shard's key.
    assert store.customer_open_pk("12") == "OFFENEPOSTEN#12"
    assert not set(counts) & {store.customer_open_pk(f"{s:02d}") for s in range(16)}


def _registered(count: int) -> list[dict[str, Any]]:
    records = [record(n, *(("EUR", "50.05") if n % 4 == 0 else ())) for n in range(count)]
    for rec in records:
        assert store.register(rec)
    return records


def test_the_list_merges_every_shard_in_due_date_order_with_pages_and_totals(call: Any) -> None:
    records = _registered(40)
    shards = {store.open_items_pk(r["RechNr"]) for r in records}
    assert len(shards) >= 12  # 40 invoices over most of the 16 shards
    expected = sorted(records, key=lambda r: (r["FaelligDatum"], r["RechNr"]))
    body = call("rechnung", "GET", "/www/rechnung", query={"status": "offen"}).json()
    assert [row["RechNr"] for row in body["data"]] == [r["RechNr"] for r in expected]
    assert body["count"] == 40
    # 10 in EUR of 50.05, 30 in CHF of 100.00: nothing paid.
    assert body["Summen"] == [
        {"WaehrAbk": "CHF", "BetragOffen": 3000.00, "Anzahl": 30},
        {"WaehrAbk": "EUR", "BetragOffen": 500.50, "Anzahl": 10},
    ]
    until = (DUE + timedelta(days=5)).isoformat()
    early = call("rechnung", "GET", "/www/rechnung", query={"status": "offen", "faellig_bis": until}).json()
    assert [row["RechNr"] for row in early["data"]] == [r["RechNr"] for r in expected if r["FaelligDatum"] <= until]
    # n * 7 % 23 in 0..5 for n % 23 in {0, 10, 20, 7, 17, 4}: below 40, n = 0, 23, 10, 33, 20, 7, 30, 17, 4, 27.
    assert early["count"] == 10
    page = call("rechnung", "GET", "/www/rechnung", query={"status": "offen", "limit": "7", "offset": "14"}).json()
    assert page["data"] == body["data"][14:21]
    assert (page["count"], page["Summen"]) == (40, body["Summen"])


def test_the_overdue_run_reads_every_shard_oldest_due_first(aws: Any) -> None:
    records = _registered(30)
    day = (DUE + timedelta(days=10)).isoformat()
    due = sorted((r for r in records if r["FaelligDatum"] < day), key=lambda r: (r["FaelligDatum"], r["RechNr"]))
    found = list(store.open_items_before(day))
    assert [i["RechNr"] for i in found] == [r["RechNr"] for r in due]
    assert len({store.open_items_pk(r["RechNr"]) for r in due}) >= 8
    # Marked on its own shard's item, once.
    assert store.write([store.overdue_op(found[0], day)])
    assert not store.write([store.overdue_op(found[0], day)])
    assert store.open_item(found[0])[store.OVERDUE_SENT] == day  # type: ignore[index]


def test_the_company_partitions_are_read_side_by_side_and_due_dates_bounded_by_dynamodb(
    aws: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The list and the overdue run wait for every shard's Query: READ_WORKERS at a time, not one
    after the other; and the due date bounds each Query's key condition (no page past it is read)."""
    from backoffice.platform import parallel

    records = _registered(30)
    runs: list[tuple[list[str], int]] = []
    queries: list[tuple[str, Any]] = []
    in_parallel, query = parallel.in_parallel, dynamo.query

    def recorded(work: Any, inputs: Any, workers: int) -> Any:
        runs.append((list(inputs), workers))
        return in_parallel(work, inputs, workers)

    def bounded(pk: str, **kwargs: Any) -> Any:
        queries.append((pk, kwargs.get("sk_before")))
        return query(pk, **kwargs)

    monkeypatch.setattr(store.parallel, "in_parallel", recorded)
    monkeypatch.setattr(store.dynamo, "query", bounded)
    until = (DUE + timedelta(days=5)).isoformat()
    due = sorted((r for r in records if r["FaelligDatum"] <= until), key=lambda r: (r["FaelligDatum"], r["RechNr"]))
    assert [i["RechNr"] for i in store.open_items_due(until, None)] == [r["RechNr"] for r in due]
    # Phase 0: the one partition too, read before the shards (test_open_item_move_races.py).
    shards, partitions = store.open_item_partitions(), [*store.open_item_partitions(), "OFFENEPOSTEN"]
    assert runs == [(["OFFENEPOSTEN"], store.READ_WORKERS), (shards, store.READ_WORKERS)]
    assert sorted(queries) == sorted((pk, f"{until}#~") for pk in partitions)
    assert [i["RechNr"] for i in store.open_items_before("2999-01-01")] == [
        r["RechNr"] for r in sorted(records, key=lambda r: (r["FaelligDatum"], r["RechNr"]))
    ]
    assert runs[2:] == [(["OFFENEPOSTEN"], store.READ_WORKERS), (shards, store.READ_WORKERS)]
    # Phase 2 (the items registered in phase 0 moved, as `migrate` moves them): the shards alone, side by side.
    for item in list(store.legacy_open_items()):
        assert store.move_open_item(item)
    store.set_phase(store.SHARDS_ONLY)
    runs.clear()
    assert [i["RechNr"] for i in store.open_items_due(until, None)] == [r["RechNr"] for r in due]
    assert runs == [(shards, store.READ_WORKERS)]


def _as_before(rec: dict[str, Any], **changes: Any) -> dict[str, Any]:
    """An invoice's open item as the releases before kept it: in the one partition `OFFENEPOSTEN`."""
    facts = store.facts_of(rec)
    sk = store.open_item_sk(facts)
    found = store.open_item(facts)
    assert found is not None
    dynamo.delete_item(str(found.pop(store.FOUND_IN)), sk)
    item = {**found, "PK": "OFFENEPOSTEN", "SK": sk, **changes}
    dynamo.put_item(item)
    return item


def test_migrate_moves_the_open_items_of_the_one_partition_unchanged_and_once(aws: Any, capsys: Any) -> None:
    records = _registered(6)
    old = [
        _as_before(records[0], Version=3, BetragBezahlt=Decimal("12.35"), UeberfaelligGemeldet="2026-12-02"),
        _as_before(records[1]),
        _as_before(records[2], Version=2, GutschriftBetrag=Decimal("5.00")),
    ]
    listed = [i["RechNr"] for i in store.open_items_due(None, None)]
    # Before migrate (phase 0) the list reads the one partition too: all six, in due date order.
    assert listed == [r["RechNr"] for r in sorted(records, key=lambda r: (r["FaelligDatum"], r["RechNr"]))]
    assert admin(["migrate"]) == 0
    assert store.phase() == store.SHARDS_ONLY
    # The three of the release before and the three registered since (phase 0: in the one partition).
    assert "6 open items moved to their partitions, 0 not: none." in capsys.readouterr().out
    assert list(dynamo.query("OFFENEPOSTEN")) == []
    for item in old:
        moved = dynamo.get_item(store.open_item_pk_of(str(item["SK"])), str(item["SK"]), consistent=True)
        assert moved == {**item, "PK": store.open_items_pk(str(item["RechNr"]))}
    assert [i["RechNr"] for i in store.open_items_due(None, None)] == listed
    assert admin(["migrate"]) == 0
    assert "0 open items moved to their partitions, 0 not: none." in capsys.readouterr().out
    assert len(list(store.open_items_due(None, None))) == 6


def test_migrate_leaves_an_open_item_booked_to_meanwhile_for_the_next_run(
    aws: Any, capsys: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    [rec] = _registered(1)
    read = _as_before(rec)
    # A release before, still serving, books to it after migrate read it: the move must not undo that.
    dynamo.update_item("OFFENEPOSTEN", str(read["SK"]), set_={"BetragBezahlt": Decimal("40.00"), "Version": 2})
    monkeypatch.setattr(store, "legacy_open_items", lambda: iter([read]))
    assert admin(["migrate"]) == 1
    out, err = capsys.readouterr()
    assert "0 open items moved to their partitions, 1 not: 700000." in out
    assert "run migrate again" in err
    assert dynamo.get_item(store.open_items_pk(rec["RechNr"]), str(read["SK"])) is None
    monkeypatch.undo()
    assert admin(["migrate"]) == 0
    assert "1 open items moved" in capsys.readouterr().out
    [item] = store.open_items_due(None, None)
    assert (item["BetragBezahlt"], item["Version"]) == (Decimal("40.00"), 2)
