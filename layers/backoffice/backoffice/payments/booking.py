"""Payments booked: a camt file's credit payments matched to invoices and each booked once; an
unmatched payment assigned by hand (docs/payments.md).

Matching: the payment's structured reference (QRR or SCOR) is an invoice's Zahlungsreferenz and
the currencies agree; anything else is kept unmatched. Booking a payment is one transaction: the
payment under its id (conditional: a payment booked before, by any file, fails it and counts as
known), its line on the invoice, and the invoice's open items moved on under their Version (a
concurrent booking to the same invoice makes it read again and retry). Payments go together in
transactions of up to MAX_ITEMS items (an invoice's payments next to each other, sharing its open
items); a transaction that fails is booked again payment by payment, so each outcome is counted
right. Each transaction records its events (payments/events: rechnung.paid or
rechnung.partially_paid per invoice, auftrag.updated for an order whose invoice it paid,
zahlung.unmatched per unmatched payment), so a payment known before raises nothing again.
Requests per payment are constant: four BatchGetItem per 100 payments (known ids, references,
open items, the invoices' records) and per transaction (one per 24 to 48 payments, as a rule) its
sequence number, the orders it paid (one BatchGetItem) and the payments booked before to an
invoice that had some (a Query each).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from backoffice.errors import Conflict, NotFound
from backoffice.payments import amounts, events, store
from backoffice.payments.camt import Payment
from backoffice.payments.events import OrderViews, Writer
from backoffice.platform import parallel
from backoffice.platform.logger import logger
from backoffice.timestamps import utc_text

ATTEMPTS = 8
# DynamoDB's limit of items in one transaction: payments (two items each), their invoices' open
# items (two each) and the feed's item of their events are booked in transactions of up to this many.
MAX_ITEMS = 100
EVENT_ITEMS = 1
MATCHED, UNMATCHED, KNOWN = "zugeordnet", "offen", "bekannt"
# Transactions of an import in flight at a time (`_book_in_parallel`): a small bound, within the
# client's connection pool and far below what DynamoDB's partitions take.
WRITE_WORKERS = 8


@dataclass(frozen=True)
class Imported:
    """What an import did, counted in payments (not entries): new = matched + unmatched."""

    new: int
    known: int
    matched: int
    unmatched: int

    def view(self) -> dict[str, int]:
        return {"new": self.new, "known": self.known, "matched": self.matched, "unmatched": self.unmatched}


def import_file(body: bytes, user: str, orders: OrderViews, base: str = "") -> Imported:
    """A camt.053 / camt.054 file's credit payments booked (a file that is not valid: 400, nothing
    booked), with their events: `orders` reads the orders whose invoices become paid (sales'
    `document_store.order_views`), `base` starts the links in the events (the request's; none
    without a request)."""
    from backoffice.payments import camt

    payments = camt.parse(body)
    result = book(payments, Writer(user, base, orders))
    logger.info("camt file imported", extra={"user": user, "bytes": len(body), **result.view()})
    return result


def book(payments: list[Payment], writer: Writer) -> Imported:
    """Each payment booked once: matched to its invoice, else kept unmatched."""
    by_id: dict[str, Payment] = {}
    for payment in payments:
        by_id.setdefault(store.payment_id(payment.key), payment)
    known = store.known_payments(by_id)
    fresh = [(pid, p) for pid, p in by_id.items() if pid not in known]
    invoices = store.facts_by_reference({p.reference for _, p in fresh if p.reference})
    items = store.open_items({store.open_item_sk(f) for f in invoices.values() if not f.get("Karte")})
    booking: list[_Booking] = []
    now = utc_text()
    for pid, payment in fresh:
        facts = invoices.get(payment.reference or "")
        if facts is not None and facts["WaehrAbk"] != payment.currency:
            facts = None  # a payment in another currency than the invoice's is never settled by it
        booking.append((_record(pid, payment, facts, writer.user, now), facts))
    writer.records.update(store.invoice_records({str(f["AuftNr"]) for _, f in booking if f is not None}))
    outcomes = {MATCHED: 0, UNMATCHED: 0, KNOWN: len(payments) - len(fresh)}
    for outcome in _book_in_parallel(_chunks(booking), items, writer):
        outcomes[outcome] += 1
    return Imported(outcomes[MATCHED] + outcomes[UNMATCHED], outcomes[KNOWN], outcomes[MATCHED], outcomes[UNMATCHED])


_Booking = tuple[dict[str, Any], dict[str, Any] | None]


def _rech_nr(booking: _Booking) -> str:
    return str(booking[1]["RechNr"]) if booking[1] is not None else ""


def _chunks(bookings: list[_Booking]) -> list[list[_Booking]]:
    """The payments in transactions of at most MAX_ITEMS items: two per payment, what an invoice's
    writes take at most (`store.invoice_items`), the events' one; an invoice's payments next to each
    other, so they share those."""
    chunks: list[list[_Booking]] = []
    current: list[_Booking] = []
    invoices: set[str] = set()
    per_invoice = store.invoice_items()
    for booking in sorted(bookings, key=_rech_nr):
        rech_nr = _rech_nr(booking)
        grows = 2 + (per_invoice if rech_nr and rech_nr not in invoices else 0)
        if current and 2 * len(current) + per_invoice * len(invoices) + grows > MAX_ITEMS - EVENT_ITEMS:
            chunks.append(current)
            current, invoices = [], set()
        current.append(booking)
        if rech_nr:
            invoices.add(rech_nr)
    return [*chunks, current] if current else chunks


def _book_in_parallel(chunks: list[list[_Booking]], items: dict[str, dict[str, Any]], writer: Writer) -> list[str]:
    """The chunks' transactions sent WRITE_WORKERS at a time, each chunk's outcomes as `_book_chunk` counts them.

    What a transaction costs is mostly its round trip, so independent ones go together. Chunks
    that share an invoice (its payments split over two transactions) go one after the other in one
    lane, so no two transactions in flight move the same open item; the lanes write disjoint
    items (a payment's id is in one chunk, an invoice in one lane) and touch disjoint keys of
    `items`, so a lane's outcome never depends on another's, and a payment is booked once
    whatever runs beside it (its write is conditional on its id, as ever).
    """
    lanes: list[list[list[_Booking]]] = []
    for chunk in chunks:
        shared = lanes and _rech_nr(lanes[-1][-1][-1]) and _rech_nr(lanes[-1][-1][-1]) == _rech_nr(chunk[0])
        if shared:
            lanes[-1].append(chunk)
        else:
            lanes.append([chunk])

    def book_lane(lane: list[list[_Booking]]) -> list[str]:
        return [outcome for chunk in lane for outcome in _book_chunk(chunk, items, writer)]

    return [outcome for done in parallel.in_parallel(book_lane, lanes, WRITE_WORKERS) for outcome in done]


def _book_chunk(chunk: list[_Booking], items: dict[str, dict[str, Any]], writer: Writer) -> list[str]:
    """The chunk's payments in one transaction with their events; when it fails (one of them was
    booked meanwhile, or an invoice moved on), each on its own, counted as what it turned out to be."""
    if len(chunk) > 1:
        ops = [op for record, facts in chunk for op in store.payment_ops(record, facts)]
        moves = _open_item_moves(chunk, items)
        ops += [
            op for facts, item, total, still_open in moves for op in store.open_item_ops(facts, item, total, still_open)
        ]
        made = events.booked(chunk, items, writer)
        if store.write(ops + made.guards, made.changes, writer.user):
            for facts, item, total, still_open in moves:
                _moved_on(items, store.open_item_sk(facts), item, total, still_open)
            return [UNMATCHED if facts is None else MATCHED for _, facts in chunk]
        for facts, _, _, _ in moves:
            _reread(items, facts)
    return [_book_one(record, facts, items, writer) for record, facts in chunk]


def _open_item_moves(
    chunk: list[_Booking], items: dict[str, dict[str, Any]]
) -> list[tuple[dict[str, Any], dict[str, Any], Decimal, bool]]:
    """Per invoice of the chunk that has open items: (facts, the item as read, what comes in, still open)."""
    totals: dict[str, tuple[dict[str, Any], Decimal]] = {}
    for record, facts in chunk:
        if facts is not None:
            before = totals.get(str(facts["RechNr"]), (facts, Decimal("0.00")))[1]
            totals[str(facts["RechNr"])] = (facts, before + Decimal(record["Betrag"]))
    moves = []
    for facts, total in totals.values():
        item = items.get(store.open_item_sk(facts))
        if item is not None:
            moves.append((facts, item, total, _still_open(facts, item, total)))
    return moves


def _record(pid: str, p: Payment, facts: dict[str, Any] | None, user: str, now: str) -> dict[str, Any]:
    record: dict[str, Any] = {
        "Id": pid,
        "Bankreferenz": p.key,
        "Betrag": p.amount,
        "WaehrAbk": p.currency,
        "Datum": p.booked,
        "Referenz": p.reference,
        "Schuldner": p.debtor,
        "Mitteilung": p.remittance,
        "Status": UNMATCHED if facts is None else MATCHED,
        "ImportiertVon": user,
        "ImportiertUTC": now,
        "Version": 1,
    }
    if facts is not None:
        record.update(RechNr=facts["RechNr"], Zuordnung="automatisch")
    return {k: v for k, v in record.items() if v is not None}


def _book_one(
    payment: dict[str, Any], facts: dict[str, Any] | None, items: dict[str, dict[str, Any]], writer: Writer
) -> str:
    """One payment's transaction, retried while another booking moves the same invoice's open item."""
    for _ in range(ATTEMPTS):
        sk = store.open_item_sk(facts) if facts is not None else ""
        item = items.get(sk)
        still_open = item is not None and _still_open(facts or {}, item, Decimal(payment["Betrag"]))
        made = events.booked([(payment, facts)], items, writer)
        if store.write(store.booking_ops(payment, facts, item, still_open) + made.guards, made.changes, writer.user):
            _moved_on(items, sk, item, Decimal(payment["Betrag"]), still_open)
            return UNMATCHED if facts is None else MATCHED
        if store.get_payment(str(payment["Id"])) is not None:
            return KNOWN
        _reread(items, facts or {})
    raise Conflict(
        "The invoice's payments changed too often meanwhile; import the file again.",
        {"RechNr": (facts or {}).get("RechNr")},
    )


def _still_open(facts: dict[str, Any], item: dict[str, Any], amount: Decimal) -> bool:
    paid = Decimal(item["BetragBezahlt"]) + amount
    credited = amounts.credited(item)
    return amounts.open_amount(Decimal(facts["AuftBrutto"]), [paid], credited) > 0


def _moved_on(
    items: dict[str, dict[str, Any]], sk: str, item: dict[str, Any] | None, amount: Decimal, still_open: bool
) -> None:
    if item is None:
        return
    if still_open:
        items[sk] = {
            **item,
            "BetragBezahlt": Decimal(item["BetragBezahlt"]) + amount,
            "Version": int(item["Version"]) + 1,
        }
    else:
        items.pop(sk, None)


def _reread(items: dict[str, dict[str, Any]], facts: dict[str, Any]) -> None:
    if not facts:
        return
    item = store.open_item(facts)
    if item is None:
        items.pop(store.open_item_sk(facts), None)
    else:
        items[store.open_item_sk(facts)] = item


def assign(pid: str, rech_nr: str, writer: Writer) -> dict[str, Any]:
    """An unmatched payment assigned by hand to invoice `rech_nr` (by `writer.user`), with its
    invoice's event: 404 either unknown, 409 assigned before or in another currency. The payment
    as it is now."""
    for _ in range(ATTEMPTS):
        payment = store.get_payment(pid)
        if payment is None:
            raise NotFound(f"No payment {pid}.", {"id": pid})
        if payment.get("Status") != UNMATCHED:
            raise Conflict(
                f"Payment {pid} is assigned to invoice {payment.get('RechNr')} already.",
                {"id": pid, "RechNr": payment.get("RechNr")},
            )
        facts = store.invoice_facts(rech_nr)
        if facts is None:
            raise NotFound(f"No invoice {rech_nr}.", {"RechNr": rech_nr})
        if facts["WaehrAbk"] != payment["WaehrAbk"]:
            raise Conflict(
                f"Payment {pid} is in {payment['WaehrAbk']}, invoice {rech_nr} in {facts['WaehrAbk']}.",
                {"WaehrAbk": payment["WaehrAbk"], "RechNr": rech_nr},
            )
        item = None if facts.get("Karte") else store.open_item(facts)
        still_open = item is not None and _still_open(facts, item, Decimal(payment["Betrag"]))
        ops = store.assignment_ops(payment, facts, item, still_open, writer.user)
        assigned = {**payment, **store.assigned_fields(facts, writer.user)}
        made = events.booked([(assigned, facts)], {store.open_item_sk(facts): item} if item else {}, writer)
        if store.write(ops + made.guards, made.changes, writer.user):
            logger.info("payment assigned", extra={"id": pid, "RechNr": rech_nr, "user": writer.user})
            return store.get_payment(pid) or payment
    raise Conflict("The invoice's payments changed too often meanwhile; try again.", {"RechNr": rech_nr})
