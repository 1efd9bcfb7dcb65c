"""An order's invoice, issued once: its number, dates, the PDF and XML stored immutably, its record.

Issue, in steps: the record first (an invoice already recorded is answered as it is, never a second
number); then the order is read and checked (`model.invoice_input`: 404 when missing, 409 in a
state that may not be invoiced; `Invoice.check_payable`); the request takes a lease on the
invoice's item (DynamoDB, conditional); it numbers and renders: XML and PDF from the order's
stored figures with the number the counter will give next, and only then a RechNr from the atomic
counter, kept with the lease together with the dates (rendering again only when another invoice
took the predicted number); the files are archived in S3 under keys of their own; the item is
finished into the record. A second request meanwhile is a 409 to retry (never a second rendering
or number); one that comes after a request died takes the lease over and issues the invoice under
the number that request had taken. So a rendering failure takes no number, and a failure after
numbering (S3, DynamoDB) leaves no gap (ADR 0021).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from backoffice.errors import Conflict
from backoffice.invoices import store
from backoffice.invoices.model import Invoice, Numbering
from backoffice.invoices.store import read_record
from backoffice.local_dates import today
from backoffice.payments import store as payment_store
from backoffice.payments import views as payment_views
from backoffice.platform import outbox
from backoffice.platform.logger import logger
from backoffice.webhooks import event_types

RETRY_AFTER_SECONDS = 5


@dataclass(frozen=True)
class Issued:
    record: dict[str, Any]
    created: bool  # False: the invoice existed already


@dataclass(frozen=True)
class _Files:
    xml: bytes
    pdf: bytes  # PDF/A-3 with the XML embedded


def head_view(record: dict[str, Any], base: str = "") -> dict[str, Any]:
    """The invoice's head data as POST and GET (JSON) answer it, with links on `base` (rendered by
    payments, whose events carry it too)."""
    return {"data": payment_views.invoice_head(record, base)}


def issue_recorded(auft_nr: str, base: str = "") -> Issued:
    """`issue`, answered with the record as the table holds it (a consistent read of what was issued)."""
    issued = issue(auft_nr, base)
    record = read_record(auft_nr, consistent=True)
    if record is None or record["RechNr"] != issued.record["RechNr"]:
        raise RuntimeError(f"invoice {issued.record['RechNr']} of order {auft_nr} is not recorded")
    return Issued(record, issued.created)


def issue(auft_nr: str, base: str = "") -> Issued:
    """The order's invoice: the one recorded, else issued now (see the module's docstring); the
    links of its events start with `base` (the request's base URL)."""
    existing = read_record(auft_nr, consistent=True)
    if existing is not None:
        return Issued(existing, created=False)
    invoice = _load(auft_nr)
    attempt = uuid.uuid4().hex
    held = store.take_lease(auft_nr, attempt)
    if held is None:
        return _issued_elsewhere(auft_nr)
    try:
        record = _issue_leased(invoice, held, attempt, base)
    except BaseException:
        # Handed back at once: a retry takes over now (with the same number, if one was taken)
        # instead of waiting out the lease. Best effort: if this fails too, the lease runs out by itself.
        try:
            store.hand_back(auft_nr, attempt)
        except Exception:  # noqa: BLE001 - the original failure is the one to answer
            logger.exception("Lease of the invoice of order %s not handed back", auft_nr)
        raise
    return _issued_elsewhere(auft_nr) if record is None else Issued(record, created=True)


def _load(auft_nr: str) -> Invoice:
    """The order's invoice, checked before the lease and any number: 404, 409."""
    # The renderers, the order's store and its calculation load with the first issue, after the
    # record's check: a GET, or a repeated POST, only reads the record and S3 and keeps its cold
    # start free of them.
    from backoffice.invoices.model import invoice_input

    invoice = invoice_input(auft_nr)
    invoice.check_payable()
    return invoice


def _issue_leased(invoice: Invoice, held: dict[str, Any], attempt: str, base: str) -> dict[str, Any] | None:
    """Under the lease: numbered and rendered, archived, recorded with its events; None when taken
    over meanwhile."""
    numbered = _numbered_and_rendered(invoice, held, attempt)
    if numbered is None:
        return None
    numbering, files = numbered
    record = _record(invoice, numbering, attempt, files)
    # The invoice as its GET answers it right after: with its payment fields (nothing came in yet).
    view = {**head_view(record, base)["data"], **payment_views.settled_fields(record, [], None)}
    events = outbox.change_ops(event_types.invoice_issued(view, *_order_view(invoice)), "")
    # In the same transaction: the items that find the invoice by its number and its payment
    # reference, and its open items (payments/store), so no issued invoice lacks them.
    registered = payment_store.register_ops(record)
    return record if store.finish(invoice.auft_nr, attempt, record, [*events, *registered]) else None


def _order_view(invoice: Invoice) -> tuple[dict[str, Any], dict[str, Any]]:
    """The invoiced order as GET /www/auftrag answers it when it is invoiced (its auftrag.updated),
    and its bounded form."""
    from backoffice.sales import contract, document_store
    from backoffice.sales.document import ORDER

    view = contract.order_view(document_store.existing(ORDER, invoice.auft_nr, consistent=True))
    return view, contract.without_positions(view)


def _numbered_and_rendered(invoice: Invoice, held: dict[str, Any], attempt: str) -> tuple[Numbering, _Files] | None:
    """The invoice's number and dates (kept with the lease) and its files; None when taken over meanwhile.

    Everything that can fail (the XML with its XSD check, the QR-bill or EPC payload, the PDF, the
    embedding) is rendered before the number is drawn, so that a number is only ever taken by an
    invoice that is then stored (issue 22). It is rendered with the number the counter will give
    next (read, not taken): in the usual case the files are already the real ones, and only when
    another invoice took that number meanwhile (or the day changed) are they rendered again, with
    the same content. What can still fail after numbering (S3, DynamoDB) is retried under the same
    number: the number and dates stay with the lease for the next request.
    """
    kept = Numbering.kept(held)
    if kept is not None:
        logger.info("Resuming invoice %s of order %s after an attempt that stopped", kept.rech_nr, invoice.auft_nr)
        return kept, _render(invoice, kept)
    predicted = invoice.numbered(store.peek_number(), today())
    files = _render(invoice, predicted)
    numbering = invoice.numbered(store.next_number(), today())
    if not store.keep_with_lease(invoice.auft_nr, attempt, numbering.attributes()):
        logger.warning("RechNr %s unused: order %s was taken over while numbering", numbering.rech_nr, invoice.auft_nr)
        return None
    if numbering != predicted:
        files = _render(invoice, numbering)
    return numbering, files


def _render(invoice: Invoice, numbering: Numbering) -> _Files:
    """The XML (checked against the XSD) and the PDF/A-3 with it embedded, under `numbering`."""
    from backoffice.invoices import en16931, pdf, zugferd

    xml = en16931.build_xml(invoice, numbering)
    rendered = pdf.render(invoice, numbering)
    with zugferd.captured_log() as log:
        combined = zugferd.combine(rendered, xml, log).pdf
    return _Files(xml, combined)


def _record(invoice: Invoice, numbering: Numbering, attempt: str, files: _Files) -> dict[str, Any]:
    """The files archived, and the record that finishes the invoice's item."""
    auft_nr, rech_nr = invoice.auft_nr, numbering.rech_nr
    return {
        **numbering.attributes(),
        "AuftNr": auft_nr,
        "KundNr": invoice.kund_nr,
        "WaehrAbk": invoice.currency,
        "AuftNetto": invoice.figures.net,
        "AuftWUST": invoice.figures.vat,
        "AuftBrutto": invoice.figures.gross,
        "Bezahlt": invoice.paid,
        "Sprache": invoice.language,
        "ErstelltUTC": datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z"),
        **store.archive(auft_nr, rech_nr, attempt, "Pdf", files.pdf),
        **store.archive(auft_nr, rech_nr, attempt, "Xml", files.xml),
    }


def _issued_elsewhere(auft_nr: str) -> Issued:
    """Another request holds the issue: its invoice when it has finished, else a 409 to retry."""
    winner = read_record(auft_nr, consistent=True)
    if winner is not None:
        return Issued(winner, created=False)
    raise Conflict(
        f"The invoice of order {auft_nr} is being issued by another request; retry in a few seconds.",
        {"AuftNr": auft_nr},
        headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
    )
