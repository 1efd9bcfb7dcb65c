"""The events of payments (moto): rechnung.partially_paid then rechnung.paid with the invoice's GET,
the order's auftrag.updated when its invoice became paid, zahlung.unmatched as the list shows the
payment, a hand assignment's event, and nothing again for a payment known before."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from tests.support.camt_files import Entry, Tx, camt
from tests.support.invoice_orders import CHF_ORDER
from tests.support.payment_calls import feed_cursor, feed_events, head, issued, post_file

PAYMENT_TYPES = ("rechnung.paid", "rechnung.partially_paid", "zahlung.unmatched", "auftrag.updated")


def cursor(call: Any) -> int:
    return feed_cursor(call)


def events(call: Any, after: int) -> list[dict[str, Any]]:
    return [e for e in feed_events(call, after) if e["type"] in PAYMENT_TYPES]


def test_partial_then_full_payment_raise_partially_paid_then_paid_with_the_invoices_get(call: Any) -> None:
    chf = issued(call, CHF_ORDER)
    start = cursor(call)
    gross, reference = Decimal(str(chf["AuftBrutto"])), chf["Zahlungsreferenz"]
    first = camt("camt.054.001.08", [Entry("E1", (Tx("EV-1", Decimal("10.00"), reference),))])
    assert post_file(call, first).status == 201
    [partly] = events(call, start)
    assert (partly["type"], partly["keys"]) == ("rechnung.partially_paid", {"RechNr": chf["RechNr"]})
    assert partly["data"] == head(call, chf["RechNr"])
    assert (partly["data"]["Zahlstatus"], partly["data"]["BetragBezahlt"]) == ("teilbezahlt", 10.00)
    assert Decimal(str(partly["data"]["BetragOffen"])) == gross - Decimal("10.00")

    # The file again and the rest: only the new payment is booked and raises events.
    rest = camt(
        "camt.054.001.08",
        [Entry("E1", (Tx("EV-1", Decimal("10.00"), reference),)), Entry("E2", (Tx("EV-2", gross - 10, reference),))],
    )
    assert post_file(call, rest).json()["data"] == {"new": 1, "known": 1, "matched": 1, "unmatched": 0}
    paid, order = events(call, start)[1:]
    assert (paid["type"], paid["keys"]) == ("rechnung.paid", {"RechNr": chf["RechNr"]})
    assert paid["data"] == head(call, chf["RechNr"])
    assert (paid["data"]["Zahlstatus"], paid["data"]["BetragOffen"], paid["data"]["Bezahlt"]) == ("bezahlt", 0, True)
    assert sorted(p["Betrag"] for p in paid["data"]["Zahlungen"]) == [10.00, float(gross - 10)]
    assert (order["type"], order["keys"]) == ("auftrag.updated", {"AuftNr": chf["AuftNr"]})
    assert order["data"] == call("auftrag", "GET", f"/www/auftrag/{chf['AuftNr']}").json()["data"]
    assert order["sequence"] == paid["sequence"] + 1  # one transaction: consecutive numbers

    # Both files once more: nothing booked, nothing raised.
    assert post_file(call, rest).json()["data"]["new"] == 0
    assert post_file(call, first).json()["data"]["new"] == 0
    assert len(events(call, start)) == 3

    # An overpayment of a paid invoice: rechnung.paid with its new figures, the order unchanged.
    over = camt("camt.054.001.08", [Entry("E3", (Tx("EV-3", Decimal("1.00"), reference),))])
    assert post_file(call, over).status == 201
    [again] = events(call, start)[3:]
    assert (again["type"], again["data"]["Zahlstatus"]) == ("rechnung.paid", "ueberzahlt")
    assert again["data"] == head(call, chf["RechNr"])


def test_payments_of_one_file_to_one_invoice_raise_one_event_with_all_of_them(call: Any) -> None:
    chf = issued(call, CHF_ORDER)
    start = cursor(call)
    txs = tuple(Tx(f"MANY-{n}", Decimal("0.05"), chf["Zahlungsreferenz"]) for n in range(60))
    assert post_file(call, camt("camt.054.001.08", [Entry("E", txs)])).json()["data"]["new"] == 60
    found = events(call, start)
    # 48 payments a transaction: two transactions, each the invoice's event as it stood after it.
    assert [e["type"] for e in found] == ["rechnung.partially_paid"] * 2
    assert [e["data"]["BetragBezahlt"] for e in found] == [2.40, 3.00]
    assert [len(e["data"]["Zahlungen"]) for e in found] == [48, 60]
    assert found[-1]["data"] == head(call, chf["RechNr"])


def test_an_unmatched_payment_raises_zahlung_unmatched_and_its_assignment_the_invoices_event(call: Any) -> None:
    chf = issued(call, CHF_ORDER)
    start = cursor(call)
    gross = Decimal(str(chf["AuftBrutto"]))
    file = camt("camt.054.001.04", [Entry("E1", (Tx("UM-1", gross, None, text="Rechnung " + chf["RechNr"]),))])
    assert post_file(call, file).json()["data"]["unmatched"] == 1
    [unmatched] = events(call, start)
    listed = call("zahlungen", "GET", "/www/zahlungen", query={"status": "offen"}).json()["data"]
    assert unmatched["type"] == "zahlung.unmatched"
    assert unmatched["data"] == listed[0]
    assert unmatched["keys"] == {"ZahlungId": listed[0]["ZahlungId"]}
    assert (unmatched["data"]["Betrag"], unmatched["data"]["Status"]) == (float(gross), "offen")

    path = f"/www/zahlungen/{listed[0]['ZahlungId']}/zuordnung"
    assert call("zahlungen", "POST", path, {"RechNr": chf["RechNr"]}).status == 200
    paid, order = events(call, start)[1:]
    assert (paid["type"], paid["keys"]) == ("rechnung.paid", {"RechNr": chf["RechNr"]})
    assert paid["data"] == head(call, chf["RechNr"])
    assert paid["data"]["Zahlungen"][0]["Zuordnung"] == "manuell"
    assert order["type"] == "auftrag.updated"
    assert call("zahlungen", "POST", path, {"RechNr": chf["RechNr"]}).status == 409
    assert len(events(call, start)) == 3


def test_an_invoice_still_open_after_its_due_date_is_reported_overdue_once(call: Any, monkeypatch: Any) -> None:
    from datetime import date, timedelta

    from backoffice.payments import store
    from backoffice.payments.overdue import report

    part, paid = issued(call, CHF_ORDER), issued(call, CHF_ORDER)
    start = cursor(call)
    file = camt(
        "camt.054.001.08",
        [
            Entry("O1", (Tx("OV-1", Decimal("5.00"), part["Zahlungsreferenz"]),)),
            Entry("O2", (Tx("OV-2", Decimal(str(paid["AuftBrutto"])), paid["Zahlungsreferenz"]),)),
        ],
    )
    assert post_file(call, file).json()["data"]["matched"] == 2
    due = date.fromisoformat(part["FaelligDatum"])
    assert report(due) == 0  # on the due date itself: not yet
    # A run at the same moment read the open items before this one marked them: its write fails.
    stale = list(store.open_items_before((due + timedelta(days=1)).isoformat()))
    assert report(due + timedelta(days=1)) == 1  # the day after: the one still open
    monkeypatch.setattr(store, "open_items_before", lambda day: iter(stale))
    assert report(due + timedelta(days=1)) == 0
    monkeypatch.undo()
    assert report(due + timedelta(days=1)) == 0  # a second run: nothing again
    assert report(due + timedelta(days=40)) == 0  # nor later
    [overdue] = [e for e in all_events(call, start) if e["type"] == "rechnung.overdue"]
    assert overdue["keys"] == {"RechNr": part["RechNr"]}
    shown = head(call, part["RechNr"])
    # No request: the links carry the bare paths; everything else is the GET's.
    assert {k: v for k, v in overdue["data"].items() if k != "links"} == {
        k: v for k, v in shown.items() if k != "links"
    }
    assert [link["href"] for link in overdue["data"]["links"]] == [
        f"/www/auftrag/{part['AuftNr']}/rechnung",
        f"/www/auftrag/{part['AuftNr']}/rechnung",
        f"/www/auftrag/{part['AuftNr']}",
    ]
    assert (overdue["data"]["Zahlstatus"], overdue["data"]["BetragBezahlt"]) == ("teilbezahlt", 5.00)


all_events = feed_events
