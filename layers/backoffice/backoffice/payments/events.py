"""The events of payments (docs/webhooks.md, docs/payments.md), made from what a booking read, for
its transaction: never an event without its write, never a write without its events.

- `rechnung.paid` / `rechnung.partially_paid`: an invoice that payments were booked to, once per
  transaction, with its data as GET /www/rechnung/{RechNr} answers it after them (paid: nothing
  open any more, `bezahlt` or `ueberzahlt`); and when the booking took it from open to paid, its
  order's `auftrag.updated` (the order's GET).
- `zahlung.unmatched`: a payment no invoice was found for, as GET /www/zahlungen lists it.
- `rechnung.overdue`: an invoice still open the day after its due date (`overdue`).
- `rechnung.paid` of a credit note that left nothing open of an invoice that had something open
  (`credit_noted`, for the credit note's transaction).

The payments of an invoice booked before are read only when some came in (or a credit note gave
something back), with the invoice's partition: the first payment of an invoice needs no read.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from backoffice.payments import amounts, store, views
from backoffice.platform.outbox import Change
from backoffice.webhooks import event_types

# The orders as GET /www/auftrag/{AuftNr} answers them, with their bounded forms, by AuftNr (the
# sales package's `document_store.order_views`, handed in: payments stand below sales).
OrderViews = Callable[[Sequence[str]], dict[str, tuple[dict[str, Any], dict[str, Any]]]]
# A payment as booked (`booking._record`) and the facts of its invoice (None: unmatched).
Booking = tuple[dict[str, Any], dict[str, Any] | None]


@dataclass
class Writer:
    """Who books, the base of the links in the events, the orders' reader, the invoices' records read so far."""

    user: str
    base: str
    orders: OrderViews | None  # None: a writer that pays nothing (the overdue run)
    records: dict[str, dict[str, Any]] = field(default_factory=dict)

    def record(self, facts: dict[str, Any]) -> dict[str, Any] | None:
        """The invoice's record (invoices/store's), read once for all bookings of a file."""
        auft_nr = str(facts["AuftNr"])
        if auft_nr not in self.records:
            self.records.update(store.invoice_records([auft_nr]))
        return self.records.get(auft_nr)


@dataclass(frozen=True)
class Booked:
    """The events of a booking, and the conditions they stand on: for each invoice without an open
    item, its account unchanged since it was read for the event and its open item still absent
    (`store.account_ops`); an invoice with one is held by the booking's condition on the open
    item's Version."""

    changes: list[Change]
    guards: list[dict[str, Any]]


def booked(chunk: Sequence[Booking], items: dict[str, dict[str, Any]], writer: Writer) -> Booked:
    """The events of the chunk's payments booked in one transaction; `items` the invoices' open
    items as read for it (before the booking)."""
    changes: list[Change] = []
    guards: list[dict[str, Any]] = []
    invoices: dict[str, tuple[dict[str, Any], list[dict[str, Any]]]] = {}
    for payment, facts in chunk:
        if facts is None:
            listed = {k: v for k, v in payment.items() if k != "Version"}
            changes.append(
                Change(event_types.ZAHLUNG_UNMATCHED, {"ZahlungId": payment["Id"]}, views.unmatched_view(listed))
            )
        else:
            invoices.setdefault(str(facts["RechNr"]), (facts, []))[1].append(store.line(payment))
    paid: list[str] = []
    for facts, lines in invoices.values():
        item = items.get(store.open_item_sk(facts))
        change = _invoice_change(facts, item, lines, writer, guards=guards)
        if change is None:
            continue
        changes.append(change)
        if change.type == event_types.RECHNUNG_PAID and item is not None:
            paid.append(str(facts["AuftNr"]))  # open before, paid now: the order's state changed
    return Booked(changes + _order_changes(paid, writer), guards)


def overdue(item: dict[str, Any], writer: Writer) -> Change | None:
    """The rechnung.overdue of the open item `item` (as read), with the invoice's GET data; None
    when its record is missing or nothing is open."""
    change = _invoice_change(item, item, [], writer, event_types.RECHNUNG_OVERDUE)
    return change if change is not None and change.data["BetragOffen"] > 0 else None


def credit_noted(record: dict[str, Any], credited: Decimal, base: str) -> tuple[list[dict[str, Any]], list[Change]]:
    """A credit note's writes on the payments' side of its invoice (`record`, invoices/store's), for
    its transaction, after which its credit notes gave back `credited` in all (`store.credit_ops`),
    and the invoice's event: `rechnung.paid` with its GET data after the credit note when the credit
    note took it from something open to nothing open (docs/credit_notes.md). The open item is read
    before the payments, so its Version condition also holds the payments the event shows."""
    facts = store.facts_of(record)
    item = None if facts["Karte"] else store.open_item(facts)
    ops = store.credit_ops(facts, item, credited)
    if item is None:  # nothing was open: the invoice's payment state was settled before
        return ops, []
    paid = Decimal(item["BetragBezahlt"])
    if amounts.open_amount(Decimal(facts["AuftBrutto"]), [paid], credited) > 0:
        return ops, []
    payments = store.invoice_account(facts["RechNr"], consistent=True)[0] if paid else []
    data = views.invoice_view(record, payments, {amounts.CREDITED: credited}, base)
    return ops, [_change(event_types.RECHNUNG_PAID, facts, data)]


def _invoice_change(
    facts: dict[str, Any],
    item: dict[str, Any] | None,
    lines: list[dict[str, Any]],
    writer: Writer,
    event: str | None = None,
    guards: list[dict[str, Any]] | None = None,
) -> Change | None:
    """The invoice's event after `lines` came in: its GET data with the payments before (none read
    when its open item says nothing came in and nothing was credited) and these. Without an open
    item, the account read is added to `guards` (the write must find it unchanged)."""
    record = writer.record(facts)
    if record is None:  # an invoice registered without its record: nothing to show
        return None
    before: list[dict[str, Any]] = []
    if item is not None and Decimal(item["BetragBezahlt"]) == 0:
        credited = amounts.credited(item)
    else:
        before, account = store.invoice_account(str(facts["RechNr"]), consistent=True)
        credited = amounts.credited(account)
        if item is None and guards is not None and account is not None:
            guards += store.account_ops(account)
    data = views.invoice_view(record, before + lines, {amounts.CREDITED: credited}, writer.base)
    if event is None:
        event = event_types.RECHNUNG_PAID if data["BetragOffen"] == 0 else event_types.RECHNUNG_PARTIALLY_PAID
    return _change(event, facts, data)


def _change(event: str, facts: dict[str, Any], data: dict[str, Any]) -> Change:
    """The invoice's event with its GET data, and the bounded form without its payments."""
    bounded = {k: v for k, v in data.items() if k != "Zahlungen"}
    return Change(event, {"RechNr": str(facts["RechNr"])}, data, bounded)


def _order_changes(auft_nrs: list[str], writer: Writer) -> list[Change]:
    if not auft_nrs or writer.orders is None:
        return []
    found = writer.orders(auft_nrs)
    return [Change(event_types.AUFTRAG_UPDATED, {"AuftNr": n}, *found[n]) for n in auft_nrs if n in found]
