"""What a credit note does to its invoice's payment state, and bookings interleaved on one invoice
(moto, through the handlers).

Credit notes: the invoice's answer, the open items, the customer's open amounts and the events agree
after a credit note (rechnung.paid when the credit note leaves nothing open of an invoice that had
something open; gutschrift.issued always). Races: another import, or a credit note, writes to the
invoice between a booking's reads and its write; every event states the invoice as it is after its
own transaction, every payment is booked once.

The CHF order (tests/support/invoice_orders.CHF_ORDER), by hand: 3 coffees 3 x 18.90 = 56.70 and
2 PAK of capsules 9.00 less 10 % = 8.10, all at 2.6 %: 64.80, tax 1.6848 -> 1.68, 66.48 -> 66.50.
Crediting the 3 coffees: 56.70, tax 1.4742 -> 1.47, 58.17 -> 58.15; what is left: 8.35.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from decimal import Decimal
from typing import Any

from tests.support.camt_files import Entry, Tx, camt
from tests.support.invoice_orders import CHF_ORDER
from tests.support.payment_calls import feed_cursor, feed_events, head, issued, post_file

GROSS, COFFEES, LEFT = Decimal("66.50"), Decimal("58.15"), Decimal("8.35")
THREE_COFFEES = {"Positionen": [{"PosNr": 1, "Menge": 3}]}
TYPES = ("rechnung.paid", "rechnung.partially_paid", "gutschrift.issued", "auftrag.updated")


def credit(call: Any, rech_nr: str, body: Any = None) -> dict[str, Any]:
    answer = call("gutschrift", "POST", f"/www/rechnung/{rech_nr}/gutschrift", body)
    assert answer.status == 201, answer.text
    data: dict[str, Any] = answer.json()["data"]
    return data


def pay(call: Any, invoice: dict[str, Any], ref: str, amount: Decimal) -> None:
    file = camt("camt.054.001.08", [Entry(f"E-{ref}", (Tx(ref, amount, invoice["Zahlungsreferenz"]),))])
    assert post_file(call, file).json()["data"] == {"new": 1, "known": 0, "matched": 1, "unmatched": 0}


def mine(call: Any, after: int, invoice: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """(type, data) of the events about this invoice, its order and its credit notes after `after`."""
    found = []
    for event in feed_events(call, after):
        keys = event["keys"]
        about = invoice["RechNr"] in (keys.get("RechNr"), event["data"].get("RechNr"))
        if event["type"] in TYPES and (about or keys.get("AuftNr") == invoice["AuftNr"]):
            found.append((event["type"], event["data"]))
    return found


def open_rows(call: Any, kund_nr: str) -> tuple[dict[str, dict[str, Any]], list[dict[str, Any]], list[Any]]:
    """The customer's open items by RechNr, their totals, and the customer's OffenePosten."""
    listed = call("rechnung", "GET", "/www/rechnung", query={"status": "offen", "KundNr": kund_nr})
    assert listed.status == 200, listed.text
    customer = call("kunden", "GET", f"/www/kunden/{kund_nr}")
    assert customer.status == 200, customer.text
    body = listed.json()
    # Empty lists are left out of an answer, as every empty field.
    rows = {r["RechNr"]: r for r in body["data"]}
    return rows, body.get("Summen", []), customer.json()["data"].get("OffenePosten", [])


def chf_total(totals: list[dict[str, Any]]) -> Decimal:
    return next((Decimal(str(t["BetragOffen"])) for t in totals if t["WaehrAbk"] == "CHF"), Decimal("0.00"))


def test_a_credit_note_that_settles_a_partly_paid_invoice_raises_rechnung_paid(call: Any) -> None:
    invoice = issued(call, CHF_ORDER)
    assert Decimal(str(invoice["AuftBrutto"])) == GROSS
    pay(call, invoice, "CS-1", LEFT)
    rows, totals, owed = open_rows(call, invoice["KundNr"])
    assert Decimal(str(rows[invoice["RechNr"]]["BetragOffen"])) == COFFEES  # 66.50 - 8.35
    start = feed_cursor(call)

    note = credit(call, invoice["RechNr"], THREE_COFFEES)
    assert Decimal(str(note["AuftBrutto"])) == COFFEES
    shown = head(call, invoice["RechNr"])
    assert (shown["Zahlstatus"], shown["Bezahlt"], shown["BetragOffen"]) == ("bezahlt", True, 0)
    assert Decimal(str(shown["BetragBezahlt"])) == LEFT
    # One transaction: the credit note, its order, and the invoice now settled, its data the GET's.
    events = mine(call, start, invoice)
    assert [t for t, _ in events] == ["gutschrift.issued", "auftrag.updated", "rechnung.paid"]
    assert events[2][1] == shown
    # Gone from the open items and from the customer's open amount, to the Rappen.
    after_rows, after_totals, after_owed = open_rows(call, invoice["KundNr"])
    assert invoice["RechNr"] not in after_rows
    assert chf_total(after_totals) == chf_total(totals) - COFFEES
    assert chf_total(after_owed) == chf_total(owed) - COFFEES


def test_a_credit_note_of_a_whole_unpaid_invoice_settles_it_with_nothing_paid(call: Any) -> None:
    invoice = issued(call, CHF_ORDER)
    start = feed_cursor(call)
    note = credit(call, invoice["RechNr"])
    assert Decimal(str(note["AuftBrutto"])) == GROSS
    shown = head(call, invoice["RechNr"])
    assert (shown["Zahlstatus"], shown["Bezahlt"], shown["BetragBezahlt"], shown["BetragOffen"]) == (
        "bezahlt",
        True,
        0,
        0,
    )
    assert "Zahlungen" not in shown
    events = mine(call, start, invoice)
    assert [t for t, _ in events] == ["gutschrift.issued", "auftrag.updated", "rechnung.paid"]
    assert events[2][1] == shown
    assert invoice["RechNr"] not in open_rows(call, invoice["KundNr"])[0]


def test_a_credit_note_that_leaves_something_open_lowers_it_everywhere_and_raises_no_payment_event(
    call: Any,
) -> None:
    invoice = issued(call, CHF_ORDER)
    _, totals, owed = open_rows(call, invoice["KundNr"])
    path, json_accept = f"/www/rechnung/{invoice['RechNr']}", {"Accept": "application/json"}
    tag = call("rechnung", "GET", path, headers=json_accept).headers["ETag"]
    assert call("rechnung", "GET", path, headers={**json_accept, "If-None-Match": tag}).status == 304
    start = feed_cursor(call)
    credit(call, invoice["RechNr"], THREE_COFFEES)
    shown = head(call, invoice["RechNr"])
    # No payment, yet the JSON changed (BetragOffen): a client revalidating its copy gets the new one.
    again = call("rechnung", "GET", path, headers={**json_accept, "If-None-Match": tag})
    assert (again.status, again.json()["data"]) == (200, shown)
    assert again.headers["ETag"] != tag
    assert (shown["Zahlstatus"], shown["Bezahlt"]) == ("offen", False)
    assert Decimal(str(shown["BetragOffen"])) == LEFT
    # Nothing was paid and something is still open: the credit note's own event says what changed.
    assert [t for t, _ in mine(call, start, invoice)] == ["gutschrift.issued", "auftrag.updated"]
    rows, after_totals, after_owed = open_rows(call, invoice["KundNr"])
    assert Decimal(str(rows[invoice["RechNr"]]["BetragOffen"])) == LEFT
    assert chf_total(after_totals) == chf_total(totals) - COFFEES
    assert chf_total(after_owed) == chf_total(owed) - COFFEES
    # The rest paid: rechnung.paid, settled by payment and credit note together.
    start = feed_cursor(call)
    pay(call, invoice, "CS-2", LEFT)
    events = mine(call, start, invoice)
    assert [t for t, _ in events] == ["rechnung.paid", "auftrag.updated"]
    assert events[0][1] == head(call, invoice["RechNr"])
    assert (events[0][1]["Zahlstatus"], events[0][1]["BetragOffen"]) == ("bezahlt", 0)


def test_a_credit_note_of_a_paid_invoice_makes_it_overpaid_and_raises_no_second_paid(call: Any) -> None:
    invoice = issued(call, CHF_ORDER)
    pay(call, invoice, "CS-3", GROSS)
    start = feed_cursor(call)
    credit(call, invoice["RechNr"], THREE_COFFEES)
    shown = head(call, invoice["RechNr"])
    assert (shown["Zahlstatus"], shown["Bezahlt"], shown["BetragOffen"]) == ("ueberzahlt", True, 0)
    assert Decimal(str(shown["BetragBezahlt"])) == GROSS  # 58.15 to give back, outside the system
    assert [t for t, _ in mine(call, start, invoice)] == ["gutschrift.issued", "auftrag.updated"]


def test_a_credit_note_that_leaves_less_due_than_was_paid_raises_rechnung_paid_overpaid(call: Any) -> None:
    invoice = issued(call, CHF_ORDER)
    pay(call, invoice, "CS-4", Decimal("30.00"))
    start = feed_cursor(call)
    credit(call, invoice["RechNr"], THREE_COFFEES)  # 8.35 due, 30.00 paid
    shown = head(call, invoice["RechNr"])
    assert (shown["Zahlstatus"], shown["Bezahlt"], shown["BetragOffen"]) == ("ueberzahlt", True, 0)
    events = mine(call, start, invoice)
    assert [t for t, _ in events] == ["gutschrift.issued", "auftrag.updated", "rechnung.paid"]
    assert events[2][1] == shown
    assert [p["Betrag"] for p in events[2][1]["Zahlungen"]] == [30.00]


# -- races -------------------------------------------------------------------------------------------


def interleave(monkeypatch: Any, rech_nr: str, meanwhile: Callable[[], None]) -> list[int]:
    """Runs `meanwhile` once, in a thread of its own, just before the first write that books to
    invoice `rech_nr` (its reads done, its events made): the other import or credit note comes
    between this booking's reads and its write. How many writes to the invoice were tried."""
    from backoffice.payments import store

    write, tries = store.write, [0]

    def interleaved(ops: list[dict[str, Any]], *args: Any) -> bool:
        if f"RECHNR#{rech_nr}" in str(ops) and threading.current_thread().name != "meanwhile":
            tries[0] += 1
            if tries[0] == 1:
                other = threading.Thread(target=meanwhile, name="meanwhile")
                other.start()
                other.join()
        return write(ops, *args)

    monkeypatch.setattr(store, "write", interleaved)
    return tries


def other_import(body: bytes) -> Callable[[], None]:
    """The bank-inbox function's import of `body` (the layer's import, as the function calls it)."""

    def run() -> None:
        from backoffice.payments import booking
        from backoffice.sales.document_store import order_views

        assert booking.import_file(body, "s3:zahlungen/eingang/b.xml", order_views).view()["new"] == 1

    return run


def assert_each_event_states_its_transaction(events: list[dict[str, Any]], start: Decimal) -> None:
    """Each rechnung.* event's payments are those before it plus its own, in the feed's order."""
    paid = start
    seen: set[str] = set()
    for data in events:
        new = [p for p in data["Zahlungen"] if p["ZahlungId"] not in seen]
        assert new, "an event without a payment of its own"
        paid += sum((Decimal(str(p["Betrag"])) for p in new), Decimal("0.00"))
        seen |= {p["ZahlungId"] for p in data["Zahlungen"]}
        assert len(data["Zahlungen"]) == len(seen), "an event missing a payment booked before it"
        assert Decimal(str(data["BetragBezahlt"])) == paid


def test_two_imports_interleaved_on_a_paid_invoice_each_event_states_its_real_state(
    call: Any, monkeypatch: Any
) -> None:
    """The invoice is paid (no open item to hold a condition on): import A reads the account and
    makes its event, import B books meanwhile, then A writes. A's write fails on the account's
    Version and A books again on a fresh read, so its event shows B's payment too."""
    invoice = issued(call, CHF_ORDER)
    pay(call, invoice, "RP-0", GROSS)
    start = feed_cursor(call)
    reference = invoice["Zahlungsreferenz"]
    b = camt("camt.054.001.08", [Entry("B", (Tx("RP-B", Decimal("2.00"), reference),))], "B")
    tries = interleave(monkeypatch, invoice["RechNr"], other_import(b))
    a = camt(
        "camt.054.001.08",
        [Entry("A", (Tx("RP-A1", Decimal("1.00"), reference), Tx("RP-A2", Decimal("0.50"), reference)))],
        "A",
    )
    assert post_file(call, a).json()["data"] == {"new": 2, "known": 0, "matched": 2, "unmatched": 0}
    assert tries[0] >= 2  # A's first write was refused and booked again
    shown = head(call, invoice["RechNr"])
    assert Decimal(str(shown["BetragBezahlt"])) == GROSS + Decimal("3.50")
    events = [data for kind, data in mine(call, start, invoice) if kind.startswith("rechnung.")]
    assert [e["Zahlstatus"] for e in events] == ["ueberzahlt"] * len(events)
    assert_each_event_states_its_transaction(events, GROSS - GROSS)
    assert events[-1] == shown
    # No auftrag.updated: the invoice was paid before all of them.
    assert [k for k, _ in mine(call, start, invoice)] == ["rechnung.paid"] * len(events)


def test_two_imports_interleaved_on_an_open_invoice_count_both_and_state_them(call: Any, monkeypatch: Any) -> None:
    """The same race on an open invoice: the open item's Version refuses A's write; B's payment
    settles what is open but for A's, and A's makes it paid: partially_paid, then paid with the order."""
    invoice = issued(call, CHF_ORDER)
    start = feed_cursor(call)
    reference = invoice["Zahlungsreferenz"]
    b = camt("camt.054.001.08", [Entry("B", (Tx("RO-B", GROSS - 1, reference),))], "B")
    tries = interleave(monkeypatch, invoice["RechNr"], other_import(b))
    a = camt("camt.054.001.08", [Entry("A", (Tx("RO-A", Decimal("1.00"), reference),))], "A")
    assert post_file(call, a).json()["data"] == {"new": 1, "known": 0, "matched": 1, "unmatched": 0}
    assert tries[0] == 2
    shown = head(call, invoice["RechNr"])
    assert (shown["Zahlstatus"], shown["BetragOffen"], shown["BetragBezahlt"]) == ("bezahlt", 0, float(GROSS))
    events = mine(call, start, invoice)
    assert [k for k, _ in events] == ["rechnung.partially_paid", "rechnung.paid", "auftrag.updated"]
    assert_each_event_states_its_transaction([events[0][1], events[1][1]], Decimal("0.00"))
    assert events[1][1] == shown
    assert invoice["RechNr"] not in open_rows(call, invoice["KundNr"])[0]


def test_a_credit_note_between_a_bookings_reads_and_its_write_is_in_the_bookings_event(
    call: Any, monkeypatch: Any
) -> None:
    """A payment of what the credit note will leave open is read against the invoice as it was
    (66.50 open); the credit note of the coffees is issued meanwhile: the payment's write is refused
    (the open item moved on), booked again on a fresh read, and its event says paid."""
    invoice = issued(call, CHF_ORDER)
    start = feed_cursor(call)

    def credit_meanwhile() -> None:
        credit(call, invoice["RechNr"], THREE_COFFEES)

    interleave(monkeypatch, invoice["RechNr"], credit_meanwhile)
    pay(call, invoice, "RC-1", LEFT)
    shown = head(call, invoice["RechNr"])
    assert (shown["Zahlstatus"], shown["BetragOffen"]) == ("bezahlt", 0)
    events = mine(call, start, invoice)
    assert [k for k, _ in events] == ["gutschrift.issued", "auftrag.updated", "rechnung.paid", "auftrag.updated"]
    assert events[2][1] == shown
    assert invoice["RechNr"] not in open_rows(call, invoice["KundNr"])[0]


def test_a_payment_between_a_credit_notes_reads_and_its_write_is_in_the_credit_notes_event(
    call: Any, monkeypatch: Any
) -> None:
    """The other way round: the credit note read the open item with nothing paid; a payment of
    8.35 is booked meanwhile; the credit note's transaction is refused, read again, and now
    settles the invoice: its rechnung.paid shows the payment."""
    from backoffice.invoices import store as invoice_store

    invoice = issued(call, CHF_ORDER)
    start = feed_cursor(call)
    commit, tries = invoice_store.commit, [0]

    def interleaved(*args: Any, **kwargs: Any) -> bool:
        tries[0] += 1
        if tries[0] == 1:
            other = threading.Thread(target=pay, args=(call, invoice, "RC-2", LEFT))
            other.start()
            other.join()
        return bool(commit(*args, **kwargs))

    monkeypatch.setattr(invoice_store, "commit", interleaved)
    credit(call, invoice["RechNr"], THREE_COFFEES)
    assert tries[0] == 2
    shown = head(call, invoice["RechNr"])
    assert (shown["Zahlstatus"], shown["BetragOffen"], shown["BetragBezahlt"]) == ("bezahlt", 0, float(LEFT))
    events = mine(call, start, invoice)
    # The payment first (partly paid: nothing credited yet), then the credit note that settles it.
    assert [k for k, _ in events] == [
        "rechnung.partially_paid",
        "gutschrift.issued",
        "auftrag.updated",
        "rechnung.paid",
    ]
    assert events[-1][1] == shown


def test_an_open_item_read_stale_as_missing_is_not_taken_for_a_paid_invoice(call: Any, monkeypatch: Any) -> None:
    """The import reads the open items eventually consistent: right after an invoice is issued, its
    open item may not show yet. The booking then conditions on it being absent, fails, reads it
    consistently and books the payment onto it: the open items say what came in."""
    from backoffice.payments import store

    invoice = issued(call, CHF_ORDER)
    start = feed_cursor(call)
    monkeypatch.setattr(store, "open_items", lambda keys: {})  # as a stale read answers
    pay(call, invoice, "ST-1", Decimal("10.00"))
    rows, _, _ = open_rows(call, invoice["KundNr"])
    assert Decimal(str(rows[invoice["RechNr"]]["BetragBezahlt"])) == Decimal("10.00")
    assert Decimal(str(rows[invoice["RechNr"]]["BetragOffen"])) == GROSS - 10
    shown = head(call, invoice["RechNr"])
    assert (shown["Zahlstatus"], Decimal(str(shown["BetragOffen"]))) == ("teilbezahlt", GROSS - 10)
    events = mine(call, start, invoice)
    assert [(t, d) for t, d in events] == [("rechnung.partially_paid", shown)]


def test_a_payment_assigned_by_hand_to_a_paid_or_card_invoice_states_it(call: Any) -> None:
    """No open item: the assignment's write holds on the invoice's facts (and, unless paid by card,
    on its open item still absent), and its event is the invoice's GET."""
    paid = issued(call, CHF_ORDER)
    pay(call, paid, "AS-0", GROSS)
    card = issued(call, {**CHF_ORDER, "Zahlung": [{"Bezeichnung": "payment_method", "Wert": "K"}]})
    for n, invoice in enumerate((paid, card)):
        file = camt("camt.054.001.08", [Entry(f"AS-{n}", (Tx(f"AS-H{n}", Decimal("1.00"), None, text=f"AS {n}"),))])
        assert post_file(call, file).json()["data"]["unmatched"] == 1
        listed = call("zahlungen", "GET", "/www/zahlungen", query={"status": "offen", "limit": "1000"}).json()["data"]
        [payment] = [p for p in listed if p.get("Mitteilung") == f"AS {n}"]
        start = feed_cursor(call)
        done = call(
            "zahlungen", "POST", f"/www/zahlungen/{payment['ZahlungId']}/zuordnung", {"RechNr": invoice["RechNr"]}
        )
        assert done.status == 200, done.text
        shown = head(call, invoice["RechNr"])
        assert (shown["Zahlstatus"], Decimal(str(shown["BetragBezahlt"]))) == ("ueberzahlt", GROSS + 1)
        assert mine(call, start, invoice) == [("rechnung.paid", shown)]
