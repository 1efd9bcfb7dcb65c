"""An order's invoice, issued once: its number, dates, the PDF and XML stored immutably, its record.

Issue: the order is read (404 when missing, 409 in a state that may not be invoiced); an invoice
already recorded is answered as it is (never a second number). Otherwise the request takes a lease
on the invoice's item (DynamoDB, conditional) and renders XML and PDF from the order's stored
figures with the number the counter will give next; only then does it take a RechNr from the
atomic counter, kept with the lease together with the dates (rendering again only when another
invoice took the predicted number). The files are written to S3 under keys of their own, and the
item finished into the record. A second request meanwhile is a 409 to retry (never a second
rendering or number); one that comes after a request died takes the lease over and issues the
invoice under the number that request had taken. So a rendering failure takes no number, and a
failure after numbering (S3, DynamoDB) leaves no gap (docs/decisions.md).
"""

from __future__ import annotations

import dataclasses
import hashlib
import uuid
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from botocore.exceptions import ClientError

from backoffice import company
from backoffice.errors import Conflict, NotFound
from backoffice.links import link
from backoffice.platform import dynamo
from backoffice.platform.aws import client
from backoffice.platform.environment import get_settings
from backoffice.platform.logger import logger
from backoffice.text import printable

RECH_NR_START = 500001
SK = "RECHNUNG"
S3_PREFIX = "rechnung/"
# The contract's states: N new, O open, A completed may be invoiced; P is a quotation.
INVOICEABLE = ("N", "O", "A")
# Invoice and due dates are the company's calendar days, not UTC's.
LOCAL_ZONE = ZoneInfo("Europe/Zurich")
# What an issue takes once and keeps with its lease, so that a retry issues under the same number.
NUMBERED = ("RechNr", "RechDatum", "FaelligDatum", "Zahlungsreferenz")
# Longer than the function can run (its Timeout is 29 s): a working request never loses its lease.
LEASE_SECONDS = 60
RETRY_AFTER_SECONDS = 5


def pk(auft_nr: str) -> str:
    return f"RECHNUNG#{auft_nr}"


@dataclass(frozen=True)
class Issued:
    record: dict[str, Any]
    created: bool  # False: the invoice existed already


def payment_reference(rech_nr: str, currency: str, seller: company.Seller) -> str:
    """A QR reference (27 digits, mod 10 recursive) for CHF to a QR-IBAN, else an ISO 11649 RF reference."""
    from stdnum.ch import esr
    from stdnum.iso7064 import mod_97_10

    if currency == "CHF" and seller.qr_iban:
        body = rech_nr.rjust(26, "0")
        return body + esr.calc_check_digit(body)
    return "RF" + mod_97_10.calc_check_digits(rech_nr + "RF") + rech_nr


def read_record(auft_nr: str, consistent: bool = False) -> dict[str, Any] | None:
    """The issued invoice's record; None while there is none, or only a request's lease on it."""
    item = dynamo.get_item(pk(auft_nr), SK, consistent=consistent)
    if item is None or "PdfKey" not in item:
        return None
    return {k: v for k, v in item.items() if k not in ("PK", "SK")}


def get_record(auft_nr: str) -> dict[str, Any]:
    record = read_record(auft_nr)
    if record is None:
        raise NotFound(f"Order {auft_nr} has no invoice.", {"AuftNr": auft_nr})
    return record


def head_view(record: dict[str, Any], base: str = "") -> dict[str, Any]:
    """The invoice's head data as POST and GET (JSON) answer it, with links on `base`."""
    auft_nr = str(record["AuftNr"])
    path = f"/www/auftrag/{auft_nr}/rechnung"
    fields = ("RechNr", "AuftNr", "KundNr", "RechDatum", "FaelligDatum", "Zahlungsreferenz", "WaehrAbk")
    return {
        "data": {
            **{k: record.get(k) for k in fields},
            **{k: record[k] for k in ("AuftNetto", "AuftWUST", "AuftBrutto")},
            # Records issued before the card rule have no flag: they were all invoices to pay.
            "Bezahlt": bool(record.get("Bezahlt", False)),
            "links": [
                link(base, path, "rechnung/pdf"),
                link(base, path, "rechnung/xml"),
                link(base, f"/www/auftrag/{auft_nr}", "auftrag/"),
            ],
        }
    }


def get_file(record: dict[str, Any], kind: str) -> bytes:
    """The stored PDF or XML of an invoice record."""
    body: bytes = client("s3").get_object(Bucket=get_settings().bucket_name, Key=record[f"{kind}Key"])["Body"].read()
    return body


def _today() -> date:
    return datetime.now(UTC).astimezone(LOCAL_ZONE).date()


def issue(auft_nr: str) -> Issued:
    existing = read_record(auft_nr, consistent=True)
    if existing is not None:
        return Issued(existing, created=False)
    invoiced = _invoiceable(auft_nr)
    attempt = uuid.uuid4().hex
    held = dynamo.take_lease(pk(auft_nr), SK, attempt, LEASE_SECONDS)
    if held is None:
        return _issued_elsewhere(auft_nr)
    try:
        numbered = _numbered_and_rendered(invoiced, held, attempt)
        if numbered is None:
            return _issued_elsewhere(auft_nr)
        number, files = numbered
        record = _record(invoiced, number, attempt, files)
        if not dynamo.update_leased(pk(auft_nr), SK, attempt, record, finish=True):
            return _issued_elsewhere(auft_nr)
    except BaseException:
        # Handed back at once: a retry takes over now (with the same number, if one was taken)
        # instead of waiting out the lease. Best effort: if this fails too, the lease runs out by itself.
        try:
            dynamo.update_leased(pk(auft_nr), SK, attempt, {dynamo.LEASE_UNTIL: 0})
        except Exception:  # noqa: BLE001 - the original failure is the one to answer
            logger.exception("Lease of the invoice of order %s not handed back", auft_nr)
        raise
    return Issued(record, created=True)


@dataclass(frozen=True)
class _Invoiceable:
    """An order that may be invoiced: the renderers' input and the terms of its invoice."""

    auft_nr: str
    order: dict[str, Any]  # the read shape, made printable
    amounts: Any  # sales.calculation.NetAmounts of the order
    gross_prices: bool
    seller: company.Seller
    currency: str
    paid: bool
    language: str
    term: company.PaymentTerm
    delivered: date | None  # the order's AuftLieferT, a day in the company's calendar


@dataclass(frozen=True)
class _Files:
    xml: bytes
    pdf: bytes  # PDF/A-3 with the XML embedded


def _invoiceable(auft_nr: str) -> _Invoiceable:
    """The order, checked: 404 when missing, 409 when it may not (or cannot) be invoiced."""
    # The renderers (fpdf2, qrbill, drafthorse, factur-x) and the order's store and calculation load
    # with the first issue, after the record's check: a GET, or a repeated POST, only reads the
    # record and S3 and keeps its cold start free of them.
    from backoffice.invoices import pdf
    from backoffice.sales import contract, document_store
    from backoffice.sales.calculation import GROSS, net_amounts

    stored = document_store.read(document_store.ORDER, auft_nr, consistent=True)
    if stored is None:
        raise NotFound(f"No order {auft_nr}.", {"AuftNr": auft_nr})
    stored.check_invoiceable()
    seller = company.seller()
    if seller is None:
        raise Conflict(
            "The company configuration has no seller (Firma): no invoice can be issued.", {"Konfiguration": "Firma"}
        )
    document = stored.figures
    # The renderers' input: text stored before the API refused what XML 1.0 cannot carry is made
    # printable here, so that such an order is invoiced rather than a 500 for ever (issue 22).
    order = printable(contract.order_view(stored))
    currency = stored.head.currency
    paid = stored.paid_by_card()
    nothing_due = paid or document.gross == 0  # no payment part
    if currency == "EUR" and not nothing_due and pdf.epc_bic_missing(seller):
        # An EPC code without BIC to a bank outside the EEA is not valid (EPC069-12): refused before
        # a number is taken, naming the configuration field that fixes it.
        raise Conflict(
            f"EUR invoices are paid to the IBAN {seller.iban}, outside the EEA: the company configuration "
            "needs its BIC (Firma.BIC) for the EPC payment code.",
            {"Konfiguration": "Firma.BIC", "IBAN": seller.iban},
        )
    term = company.payment_term(stored.head.details.payment_terms)
    return _Invoiceable(
        auft_nr=auft_nr,
        order=order,
        amounts=net_amounts(document),
        gross_prices=document.price_kind == GROSS,
        # The configuration's texts too: a Firma or payment term imported before the rule.
        seller=dataclasses.replace(seller, **printable(dataclasses.asdict(seller))),
        currency=currency,
        paid=paid,
        language=stored.head.language or "ger",
        term=dataclasses.replace(term, texts=printable(term.texts)),
        delivered=delivery_date(order["GrundDaten"].get("AuftLieferTUTC")),
    )


def delivery_date(timestamp: Any) -> date | None:
    """The day of an order's AuftLieferTUTC (its AuftLieferT, `...Z`) in Europe/Zurich; None when not set."""
    if not timestamp:
        return None
    moment = datetime.fromisoformat(str(timestamp))
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).astimezone(LOCAL_ZONE).date()


def _numbered_and_rendered(
    invoiced: _Invoiceable, held: dict[str, Any], attempt: str
) -> tuple[dict[str, Any], _Files] | None:
    """The invoice's number and dates (kept with the lease) and its files; None when taken over meanwhile.

    Everything that can fail (the XML with its XSD check, the QR-bill or EPC payload, the PDF, the
    embedding) is rendered before the number is drawn, so that a number is only ever taken by an
    invoice that is then stored (issue 22). It is rendered with the number the counter will give
    next (read, not taken): in the usual case the files are already the real ones, and only when
    another invoice took that number meanwhile (or the day changed) are they rendered again, with
    the same content. What can still fail after numbering (S3, DynamoDB) is retried under the same
    number: the number and dates stay with the lease for the next request.
    """
    kept = {k: held[k] for k in NUMBERED if k in held}
    if len(kept) == len(NUMBERED):
        logger.info("Resuming invoice %s of order %s after an attempt that stopped", kept["RechNr"], invoiced.auft_nr)
        return kept, _render(invoiced, kept)
    predicted = _number(invoiced, dynamo.peek_number("RechNr", start=RECH_NR_START))
    files = _render(invoiced, predicted)
    number = _number(invoiced, dynamo.next_number("RechNr", start=RECH_NR_START))
    if not dynamo.update_leased(pk(invoiced.auft_nr), SK, attempt, number):
        logger.warning("RechNr %s unused: order %s was taken over while numbering", number["RechNr"], invoiced.auft_nr)
        return None
    if number != predicted:
        files = _render(invoiced, number)
    return number, files


def _number(invoiced: _Invoiceable, rech_nr: int) -> dict[str, Any]:
    """The invoice's number, dates and payment reference for RechNr `rech_nr`, dated today."""
    today = _today()
    return {
        "RechNr": str(rech_nr),
        "RechDatum": today.isoformat(),
        # Paid by card: nothing falls due later.
        "FaelligDatum": (today + timedelta(days=0 if invoiced.paid else invoiced.term.days)).isoformat(),
        "Zahlungsreferenz": payment_reference(str(rech_nr), invoiced.currency, invoiced.seller),
    }


def _render(invoiced: _Invoiceable, number: dict[str, Any]) -> _Files:
    """The XML (checked against the XSD) and the PDF/A-3 with it embedded, under `number`."""
    from backoffice.invoices import en16931, pdf, zugferd

    language, term = invoiced.language, invoiced.term
    head = en16931.InvoiceHead(
        rech_nr=str(number["RechNr"]),
        issued=date.fromisoformat(str(number["RechDatum"])),
        due=date.fromisoformat(str(number["FaelligDatum"])),
        payment_reference=str(number["Zahlungsreferenz"]),
        terms=pdf.paid_terms(language)
        if invoiced.paid
        else term.texts.get(language) or term.texts.get("ger") or pdf.default_terms(term.days, language),
        paid=invoiced.paid,
        delivered=invoiced.delivered,
    )
    xml = en16931.build_xml(invoiced.order, invoiced.amounts, head, invoiced.seller)
    rendered = pdf.render(invoiced.order, head, invoiced.seller, language, gross_prices=invoiced.gross_prices)
    with zugferd.captured_log() as log:
        combined = zugferd.combine(rendered, xml, log).pdf
    return _Files(xml, combined)


def _record(invoiced: _Invoiceable, number: dict[str, Any], attempt: str, files: _Files) -> dict[str, Any]:
    """The files written to S3, and the record that finishes the invoice's item."""
    grund = invoiced.order["GrundDaten"]
    auft_nr, rech_nr = invoiced.auft_nr, str(number["RechNr"])
    return {
        **number,
        "AuftNr": auft_nr,
        "KundNr": grund.get("KundNr"),
        "WaehrAbk": invoiced.currency,
        "AuftNetto": grund["AuftNetto"],
        "AuftWUST": grund["AuftWUST"],
        "AuftBrutto": grund["AuftBrutto"],
        "Bezahlt": invoiced.paid,
        "Sprache": invoiced.language,
        "ErstelltUTC": datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z"),
        **_store(auft_nr, rech_nr, attempt, "Pdf", files.pdf, "application/pdf"),
        **_store(auft_nr, rech_nr, attempt, "Xml", files.xml, "application/xml"),
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


def _store(auft_nr: str, rech_nr: str, attempt: str, kind: str, body: bytes, content_type: str) -> dict[str, Any]:
    # The attempt in the key: a request that takes over from one that stopped writes files of its
    # own rather than meeting the other's, and If-None-Match means no file is ever overwritten.
    key = f"{S3_PREFIX}{auft_nr}/{rech_nr}-{attempt[:12]}.{kind.lower()}"
    s3 = client("s3")
    try:
        s3.put_object(Bucket=get_settings().bucket_name, Key=key, Body=body, ContentType=content_type, IfNoneMatch="*")
    except ClientError as exc:
        # Only this attempt writes this key: a 412 is botocore's retry of a write whose answer was
        # lost, and the object is ours when its MD5 is that of our bytes (a single PUT's ETag under
        # the bucket's SSE-S3 encryption, template.yaml; SSE-KMS would need ChecksumSHA256 instead).
        if exc.response.get("Error", {}).get("Code") != "PreconditionFailed":
            raise
        there = s3.head_object(Bucket=get_settings().bucket_name, Key=key)["ETag"].strip('"')
        if there != hashlib.md5(body, usedforsecurity=False).hexdigest():
            raise
    return {
        f"{kind}Key": key,
        f"{kind}SHA256": hashlib.sha256(body).hexdigest(),
        f"{kind}Groesse": len(body),
    }
