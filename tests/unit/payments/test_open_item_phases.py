"""The open items' online move to their shards (moto; payments/store.phase, docs/operations.md
"Upgrading"): after the deploy (phase 0) new open items go to the one partition `OFFENEPOSTEN`, where
a release before (a canary) sees them, and payments, the list and the overdue run find them there;
`migrate` moves them all and ends in phase 2, where only the shards are read and checked."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from backoffice.admin.__main__ import main as admin
from backoffice.payments import store
from backoffice.platform import dynamo
from tests.support.camt_files import Entry, Tx, camt
from tests.support.invoice_orders import CHF_ORDER
from tests.support.payment_calls import head, issued, post_file

LEGACY = "OFFENEPOSTEN"
# CHF_ORDER's invoice: 3 x 18.90 + 20 x 0.45 less 10 % = 64.80, VAT 2.6 % 1.68, 66.48 rounded to 0.05.
GROSS = Decimal("66.50")


def _pay(call: Any, key: str, amount: str, reference: str) -> dict[str, Any]:
    answer = post_file(call, camt("camt.054.001.08", [Entry(f"E-{key}", (Tx(key, Decimal(amount), reference),))]))
    assert answer.status == 201, answer.text
    data: dict[str, Any] = answer.json()["data"]
    return data


def _sk(invoice: dict[str, Any]) -> str:
    return f"{invoice['FaelligDatum']}#{invoice['RechNr']}"


def _open_list(call: Any) -> list[tuple[str, Decimal]]:
    rows = call("rechnung", "GET", "/www/rechnung", query={"status": "offen"}).json()["data"]
    return [(row["RechNr"], Decimal(str(row["BetragOffen"]))) for row in rows]


def test_in_phase_0_a_new_item_is_in_the_one_partition_and_payments_book_to_it_there(call: Any) -> None:
    assert store.phase() == store.LEGACY_WRITES  # no marker: what a stack has right after the deploy
    chf = issued(call, CHF_ORDER)
    sk = _sk(chf)
    assert Decimal(str(chf["AuftBrutto"])) == GROSS
    # Where a release before (serving beside it in a canary) reads it: the one partition, not the shard.
    [old_view] = dynamo.query(LEGACY, consistent=True)
    assert (old_view["SK"], old_view["BetragBezahlt"], old_view["Version"]) == (sk, Decimal("0.00"), 1)
    assert dynamo.get_item(store.open_items_pk(chf["RechNr"]), sk, consistent=True) is None

    assert _pay(call, "PH0-1", "12.35", chf["Zahlungsreferenz"])["matched"] == 1
    item = dynamo.get_item(LEGACY, sk, consistent=True)
    assert item is not None
    assert (item["BetragBezahlt"], item["Version"]) == (Decimal("12.35"), 2)
    assert dynamo.get_item(store.open_items_pk(chf["RechNr"]), sk, consistent=True) is None
    assert _open_list(call) == [(chf["RechNr"], Decimal("54.15"))]
    assert head(call, chf["RechNr"])["Zahlstatus"] == "teilbezahlt"

    # The rest paid: the item is removed where it is, nothing left in either place.
    assert _pay(call, "PH0-2", "54.15", chf["Zahlungsreferenz"])["matched"] == 1
    assert list(dynamo.query(LEGACY, consistent=True)) == []
    assert dynamo.get_item(store.open_items_pk(chf["RechNr"]), sk, consistent=True) is None
    assert _open_list(call) == []
    assert head(call, chf["RechNr"])["Zahlstatus"] == "bezahlt"


def test_in_phase_0_the_overdue_run_marks_the_item_where_it_is(call: Any) -> None:
    chf = issued(call, CHF_ORDER)
    day = "2999-01-01"
    [found] = store.open_items_before(day)
    assert (found["RechNr"], found[store.FOUND_IN]) == (chf["RechNr"], LEGACY)
    assert store.write([store.overdue_op(found, day)])
    assert dynamo.get_item(LEGACY, _sk(chf), consistent=True)[store.OVERDUE_SENT] == day  # type: ignore[index]
    assert not store.write([store.overdue_op(found, day)])  # once


def test_the_absent_condition_checks_both_places_until_the_move_is_done(aws: Any) -> None:
    facts = {"RechNr": "700123", "FaelligDatum": "2026-12-01", "KundNr": "100001", "Karte": False}
    sk, shard = "2026-12-01#700123", store.open_items_pk("700123")
    dynamo.put_item({"PK": store.invoice_pk("700123"), "SK": store.INVOICE_SK, **facts})

    def checked(ops: list[dict[str, Any]]) -> list[str]:
        return [op["ConditionCheck"]["Key"]["PK"]["S"] for op in ops if "ConditionCheck" in op]

    assert checked(store.account_ops(facts)) == [shard, LEGACY]
    # An open item a release before made in the one partition after the booking read none: refused.
    dynamo.put_item({"PK": LEGACY, "SK": sk, "RechNr": "700123", "BetragBezahlt": Decimal("0.00"), "Version": 1})
    assert not store.write(store.account_ops(facts))
    dynamo.delete_item(LEGACY, sk)
    store.set_phase(store.SHARDS_ONLY)
    assert checked(store.account_ops(facts)) == [shard]
    assert store.write(store.account_ops(facts))


def test_migrate_moves_every_item_ends_in_phase_2_and_the_list_stays_the_same(call: Any, capsys: Any) -> None:
    first, second = issued(call, CHF_ORDER), issued(call, CHF_ORDER)
    assert _pay(call, "MV-1", "12.35", first["Zahlungsreferenz"])["matched"] == 1
    before = _open_list(call)
    assert sorted(before) == sorted([(first["RechNr"], Decimal("54.15")), (second["RechNr"], GROSS)])
    assert len(list(dynamo.query(LEGACY, consistent=True))) == 2

    assert admin(["migrate"]) == 0
    assert "2 open items moved to their partitions, 0 not: none." in capsys.readouterr().out
    assert dynamo.get_item(store.PHASE_PK, store.PHASE_SK, consistent=True) == {
        "PK": store.PHASE_PK,
        "SK": store.PHASE_SK,
        store.PHASE: store.SHARDS_ONLY,
    }
    assert list(dynamo.query(LEGACY, consistent=True)) == []
    moved = dynamo.get_item(store.open_items_pk(first["RechNr"]), _sk(first), consistent=True)
    assert moved is not None
    assert (moved["BetragBezahlt"], moved["Version"]) == (Decimal("12.35"), 2)
    assert _open_list(call) == before
    # A new invoice goes to its shard now.
    third = issued(call, CHF_ORDER)
    assert dynamo.get_item(store.open_items_pk(third["RechNr"]), _sk(third), consistent=True) is not None
    assert list(dynamo.query(LEGACY, consistent=True)) == []

    # Paid in full, then once more: booked as an over-payment, its condition on the shard only.
    assert _pay(call, "MV-2", "54.15", first["Zahlungsreferenz"])["matched"] == 1
    assert _pay(call, "MV-3", "1.00", first["Zahlungsreferenz"])["matched"] == 1
    paid = head(call, first["RechNr"])
    assert (paid["Zahlstatus"], Decimal(str(paid["BetragBezahlt"]))) == ("ueberzahlt", Decimal("67.50"))
    assert store.open_item_places(first["RechNr"]) == [store.open_items_pk(first["RechNr"])]

    assert admin(["migrate"]) == 0  # again: nothing to do
    assert "0 open items moved to their partitions, 0 not: none." in capsys.readouterr().out


def test_a_bookings_transaction_reserves_what_an_invoices_writes_take_in_every_phase(aws: Any) -> None:
    """Until the move is done a booking to an invoice without an open item checks two places: three
    items, not two; a transaction of 24 such payments reserved for two would hold 121 of DynamoDB's 100."""
    from backoffice.payments import booking

    facts = {"RechNr": "700124", "FaelligDatum": "2026-12-01", "KundNr": "100001", "Karte": False}
    item = {"BetragBezahlt": Decimal("0.00"), dynamo.VERSION: 1, store.FOUND_IN: LEGACY}
    for phase in (store.LEGACY_WRITES, store.SHARD_WRITES, store.SHARDS_ONLY):
        if phase:
            store.set_phase(phase)
        most = max(
            len(store.account_ops(facts)),
            len(store.open_item_ops(facts, item, Decimal("1.00"), still_open=True)),
            len(store.open_item_ops(facts, item, Decimal("1.00"), still_open=False)),
        )
        assert store.invoice_items() == most == (2 if phase == store.SHARDS_ONLY else 3)
        bookings: list[Any] = [({"Betrag": "1.00"}, {"RechNr": str(800000 + n)}) for n in range(60)]
        chunks = booking._chunks(bookings)
        assert sum(len(c) for c in chunks) == 60
        assert all(2 * len(c) + most * len(c) + booking.EVENT_ITEMS <= booking.MAX_ITEMS for c in chunks)
        assert len(chunks[0]) == (booking.MAX_ITEMS - booking.EVENT_ITEMS) // (2 + most)
