"""An invoice's credit notes: issued in steps under the invoice's ledger lease, each with its own
gap-free GutschriftNr, the goods optionally booked back into stock in the same transaction.

Issue, in steps (the invoice's technique, docs/invoices.md): the invoice by its number (404) and its
order; a lease on the invoice's credit ledger (`RECHNUNG#{AuftNr}` / `GUTSCHRIFTEN`: one credit
note of an invoice at a time, so no two can give back the same goods); under it the quantities
checked against what was invoiced less what earlier credit notes gave back (`SalesDocument.
check_creditable`: 400, 409), the credit note made of them (`to_credit_note`) and rendered with the
number the counter will give next, then the number taken and kept on the ledger (rendered again
only when another credit note took the predicted one); the files archived; then ONE transaction:
the ledger's new state (on the condition that this request still holds its lease), the credit
note's record and its document, the stock booked back (`Retoure`) and the events. A failure hands
the lease back; the next credit note of the invoice resumes a number that was kept, so none is lost.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from backoffice.errors import Conflict
from backoffice.invoices import store
from backoffice.invoices.issue import RETRY_AFTER_SECONDS
from backoffice.links import link
from backoffice.payments import events as payment_events
from backoffice.platform import dynamo, outbox
from backoffice.platform.logger import logger
from backoffice.timestamps import utc_now, utc_text
from backoffice.webhooks import event_types

if TYPE_CHECKING:
    from backoffice.invoices.issue import _Files
    from backoffice.invoices.model import Invoice, Numbering
    from backoffice.sales.document import SalesDocument

# Tries of the one transaction when the stock booked back or the invoice's open items moved
# between their read and the write.
ROUNDS = 5
HEAD = ("GutschriftNr", "GutschriftDatum", "RechNr", "RechDatum", "AuftNr", "KundNr", "WaehrAbk")
TOTALS = ("AuftNetto", "AuftWUST", "AuftBrutto", "AuftLiefKost")


@dataclass(frozen=True)
class Request:
    """What a credit note is asked for: the invoice, the positions given back, the goods returned."""

    rech_nr: str
    returned: Sequence[tuple[int, Decimal]] | None  # (PosNr, Menge) as listed; None: all not credited yet
    goods_back: bool  # Retoure: the goods go back into stock
    user: str
    base: str = ""  # the request's base URL: the links of its events start with it


@dataclass(frozen=True)
class _Draft:
    """The credit note before its number: its document, how the invoice states it, the ledger after it."""

    document: SalesDocument
    invoice: Invoice
    ledger: dict[str, Any]


def head_view(record: Mapping[str, Any], base: str = "") -> dict[str, Any]:
    """The credit note's head data as POST and GET (JSON) answer it, with links on `base`."""
    path = f"/www/gutschrift/{record['GutschriftNr']}"
    auft_nr = record["AuftNr"]
    return {
        "data": {
            **{k: record.get(k) for k in HEAD},
            **{k: record[k] for k in TOTALS},
            "Retoure": bool(record["Retoure"]),
            "Positionen": [{"PosNr": int(p["PosNr"]), "Menge": p["Menge"]} for p in record["Positionen"]],
            "links": [
                link(base, path, "gutschrift/pdf"),
                link(base, path, "gutschrift/xml"),
                link(base, f"/www/auftrag/{auft_nr}/rechnung", "rechnung/"),
                link(base, f"/www/auftrag/{auft_nr}", "auftrag/"),
            ],
        }
    }


def issue(request: Request) -> dict[str, Any]:
    """A new credit note of invoice `request.rech_nr`; its record (see the module's docstring)."""
    from backoffice.sales import document_store
    from backoffice.sales.document import ORDER

    invoice_record = store.record_by_number(request.rech_nr)
    auft_nr = str(invoice_record["AuftNr"])
    order = document_store.existing(ORDER, auft_nr, consistent=True)
    # Checked before any write, so that a refused request (400, 409) leaves nothing behind; checked
    # again under the lease, against the ledger as it is then.
    draft(request, invoice_record, order, store.read_ledger(auft_nr))
    attempt = uuid.uuid4().hex
    held = store.take_ledger_lease(auft_nr, attempt)
    if held is None:
        raise _busy(request.rech_nr)
    try:
        record = _issue_leased(request, invoice_record, order, held, attempt)
    except BaseException:
        # Handed back at once, as an invoice's: the next credit note need not wait out the lease.
        try:
            store.hand_back_ledger(auft_nr, attempt)
        except Exception:  # noqa: BLE001 - the original failure is the one to answer
            logger.exception("Credit ledger of order %s not handed back", auft_nr)
        raise
    if record is None:
        raise _busy(request.rech_nr)
    return record


def _busy(rech_nr: str) -> Conflict:
    return Conflict(
        f"A credit note of invoice {rech_nr} is being issued by another request; retry in a few seconds.",
        {"RechNr": rech_nr},
        headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
    )


def credited(ledger: Mapping[str, Any]) -> dict[int, Decimal]:
    """The quantities credited so far per PosNr, as the ledger keeps them."""
    return {int(pos_nr): Decimal(quantity) for pos_nr, quantity in (ledger.get(store.CREDITED) or {}).items()}


def draft(
    request: Request, invoice_record: Mapping[str, Any], order: SalesDocument, ledger: Mapping[str, Any]
) -> _Draft:
    """The credit note of `request` against the invoice's ledger as read under the lease (400, 409).

    The delivery costs go back with the credit note after which nothing of the invoice is left to
    credit (the whole invoice given back, at once or in parts), once; that one gives back exactly
    what is left of the invoice's total, and no other may take the credited sum beyond it (409,
    `model.credited_figures`).
    """
    from backoffice.invoices.model import Corrected, credit_note_input, credited_figures
    from backoffice.sales.document import to_credit_note

    before = credited(ledger)
    returned = order.check_creditable(request.returned, before)
    after = {n: before.get(n, Decimal(0)) + returned.get(n, Decimal(0)) for n in {*before, *returned}}
    last = not order.creditable(after)
    with_delivery = last and not ledger.get(store.DELIVERY_CREDITED)
    document = to_credit_note(order, returned, with_delivery, request.user)
    corrects = Corrected(request.rech_nr, date.fromisoformat(str(invoice_record["RechDatum"])))
    # Stored numbers come out of the store as Decimal (platform.dynamo): no reconversion here.
    credited_before: Decimal = ledger.get(store.CREDITED_GROSS) or Decimal("0.00")
    invoiced: Decimal = invoice_record["AuftBrutto"]
    invoice = credited_figures(credit_note_input(document, corrects), invoiced, credited_before, last)
    gross = credited_before + invoice.figures.gross
    new_ledger = {
        store.CREDITED: {str(n): q for n, q in after.items()},
        store.CREDITED_GROSS: gross,
        store.CREDIT_NOTES: list(ledger.get(store.CREDIT_NOTES) or []),
        store.DELIVERY_CREDITED: bool(ledger.get(store.DELIVERY_CREDITED)) or with_delivery,
    }
    return _Draft(document, invoice, new_ledger)


def _issue_leased(
    request: Request,
    invoice_record: Mapping[str, Any],
    order: SalesDocument,
    held: dict[str, Any],
    attempt: str,
) -> dict[str, Any] | None:
    """Under the lease: checked, rendered, numbered, archived, recorded; None when taken over meanwhile."""
    credit = draft(request, invoice_record, order, held)
    numbered = _numbered_and_rendered(credit.invoice, held, attempt)
    if numbered is None:
        return None
    numbering, files = numbered
    record = _record(request, credit, numbering, attempt, files)
    ledger = {**credit.ledger, store.CREDIT_NOTES: [*credit.ledger[store.CREDIT_NOTES], numbering.rech_nr]}
    document = credit.document.numbered(numbering.rech_nr, utc_now())
    ops = [store.ledger_op(credit.invoice.auft_nr, attempt, ledger), store.credit_record_op(record)]
    ops += _document_ops(document)
    changes = event_types.credit_note_issued(head_view(record, request.base)["data"], *_order_view(order))
    # The stock booked back and the invoice's open items are read just before and written only
    # while they are still what was read (so the stock events are exact, and a payment booked
    # meanwhile is not lost); another write at them means a fresh read and another try, each with
    # a request token of its own.
    for round_ in range(ROUNDS):
        stock_ops, stock_changes = _returned_goods(order, document, request.base) if request.goods_back else ([], [])
        open_ops, paid = payment_events.credit_noted(
            dict(invoice_record), Decimal(ledger[store.CREDITED_GROSS]), request.base
        )
        writes = [*ops, *stock_ops, *open_ops]
        if store.commit(writes, [*changes, *stock_changes, *paid], request.user, f"{attempt[:32]}-{round_}"):
            return record
    logger.warning(
        "Credit note %s unused: its ledger was taken over, or its stock or open items kept moving", numbering.rech_nr
    )
    return None


def _order_view(order: SalesDocument) -> tuple[dict[str, Any], dict[str, Any]]:
    """The credited order as GET /www/auftrag answers it (its auftrag.updated), and its bounded form."""
    from backoffice.sales import contract

    view = contract.order_view(order)
    return view, contract.without_positions(view)


def _document_ops(document: SalesDocument) -> list[dict[str, Any]]:
    from backoffice.sales import document_store

    return document_store.write_ops(document, dynamo.NEW)


def _numbered_and_rendered(invoice: Invoice, held: Mapping[str, Any], attempt: str) -> tuple[Numbering, _Files] | None:
    """The credit note's number and date (kept on the ledger) and its files, rendered before the
    number is drawn with the one predicted, as an invoice's (`issue._numbered_and_rendered`)."""
    from backoffice.invoices.issue import _render
    from backoffice.local_dates import today

    if held.get(store.KEPT_NUMBER):
        kept = invoice.numbered(int(held[store.KEPT_NUMBER]), date.fromisoformat(str(held[store.KEPT_DATE])))
        logger.info("Resuming credit note %s of order %s", kept.rech_nr, invoice.auft_nr)
        return kept, _render(invoice, kept)
    predicted = invoice.numbered(store.peek_credit_number(), today())
    files = _render(invoice, predicted)
    numbering = invoice.numbered(store.next_credit_number(), today())
    kept_attributes = {store.KEPT_NUMBER: numbering.rech_nr, store.KEPT_DATE: numbering.issued.isoformat()}
    if not store.keep_with_ledger_lease(invoice.auft_nr, attempt, kept_attributes):
        logger.warning(
            "GutschriftNr %s unused: order %s was taken over while numbering", numbering.rech_nr, invoice.auft_nr
        )
        return None
    if numbering != predicted:
        files = _render(invoice, numbering)
    return numbering, files


def _record(request: Request, credit: _Draft, numbering: Numbering, attempt: str, files: _Files) -> dict[str, Any]:
    """The files archived under gutschrift/, and the credit note's record."""
    invoice = credit.invoice
    auft_nr, number = invoice.auft_nr, numbering.rech_nr
    corrected = invoice.corrects
    assert corrected is not None  # a credit note's invoice
    return {
        "GutschriftNr": number,
        "GutschriftDatum": numbering.issued.isoformat(),
        "RechNr": corrected.rech_nr,
        "RechDatum": corrected.issued.isoformat(),
        "AuftNr": auft_nr,
        "KundNr": invoice.kund_nr,
        "WaehrAbk": invoice.currency,
        "AuftNetto": invoice.figures.net,
        "AuftWUST": invoice.figures.vat,
        "AuftBrutto": invoice.figures.gross,
        "AuftLiefKost": invoice.figures.delivery,
        "Retoure": request.goods_back,
        "Positionen": [{"PosNr": p.pos_nr, "Menge": p.quantity} for p in credit.document.positions],
        "Sprache": invoice.language,
        "ErstelltVon": request.user,
        "ErstelltUTC": utc_text(),
        **store.archive(auft_nr, number, attempt, "Pdf", files.pdf, prefix=store.CREDIT_PREFIX),
        **store.archive(auft_nr, number, attempt, "Xml", files.xml, prefix=store.CREDIT_PREFIX),
    }


def _returned_goods(
    order: SalesDocument, credit_note: SalesDocument, base: str
) -> tuple[list[dict[str, Any]], list[Any]]:
    """The stock the credited goods go back into (the order's location, read now), and its events:
    each stock item's entry as GET /www/artikel shows it after the return."""
    from backoffice.catalogue import article_store, articles
    from backoffice.sales import orders

    location = int(order.head.location or orders.DEFAULT_LOCATION)
    found = article_store.articles_by_number(list(dict.fromkeys(p.art_nr for p in credit_note.positions)))
    amounts = orders.reservations(list(credit_note.positions), found, location)
    before = orders.stock_before(amounts, location)
    ops = orders.reservation_ops({item: -amount for item, amount in amounts.items()}, location, before)
    changes = []
    for (art_nr, unit), amount in amounts.items():
        read = before.get((art_nr, unit)) or {}
        after = {**read, "ArtNr": art_nr, "StaoNr": location, "LagerBestand": read.get("LagerBestand", 0) + amount}
        entry = articles.stock_entries(art_nr, unit, [{**after, "VPEinheit": unit}], [location], base)[0]
        changes.append(outbox.Change(event_types.ARTIKEL_STOCK_CHANGED, {"ArtNr": art_nr}, entry))
    return ops, changes
