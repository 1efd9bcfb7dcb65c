# mypy: disable-error-code="import-untyped"
# reportlab has no type stubs, and the global mypy settings (pyproject.toml) do not list it.
"""Real invoice material for the ZUGFeRD tests and benchmarks: multi-page PDFs (reportlab) and CII XML (drafthorse).

drafthorse is a second, independent producer of Factur-X / ZUGFeRD XML: its output is checked by
its own XSD copy before factur-x ever sees it, so the tests do not feed the service hand-made stubs.
Kept in bench/ because the benchmarks use it too and import no tests; the tests import it from here.
"""

from __future__ import annotations

import io
import random
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

from drafthorse.models.accounting import ApplicableTradeTax
from drafthorse.models.document import Document
from drafthorse.models.party import TaxRegistration
from drafthorse.models.tradelines import LineItem

# The guideline ID (BT-24) of each level, and the XSD drafthorse checks the output against.
LEVELS = {
    "minimum": ("urn:factur-x.eu:1p0:minimum", "FACTUR-X_MINIMUM"),
    "basic": ("urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic", "FACTUR-X_BASIC"),
    "en16931": ("urn:cen.eu:en16931:2017", "FACTUR-X_EN16931"),
    "xrechnung": ("urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0", "FACTUR-X_EN16931"),
}
# (article, name, quantity, unit price)
LINES = [
    ("SCH-M6", "Schraube M6 verzinkt", Decimal(100), Decimal("1.25")),
    ("BOH-10", "Bohrmaschine Akku 18 V", Decimal(3), Decimal("49.90")),
]
SELLERS = {
    "CHF": ("Müller Handels AG", "Bahnhofstrasse 1", "8001", "Zürich", "CH", "CHE123456789MWST", Decimal("8.1")),
    "EUR": ("Grün & Söhne GmbH", "Hauptstraße 5", "79539", "Lörrach", "DE", "DE123456789", Decimal(19)),
}


def _money(value: Decimal) -> Decimal:
    return value.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def invoice_xml(level: str = "en16931", currency: str = "CHF", number: str = "RE-2026-0042") -> bytes:
    """A complete invoice at `level` (minimum, basic, en16931, xrechnung) in CHF or EUR."""
    guideline, schema = LEVELS[level]
    name, street, postcode, city, country, vat_id, rate = SELLERS[currency]
    doc = Document()
    doc.context.guideline_parameter.id = guideline
    doc.header.id = number
    doc.header.type_code = "380"
    doc.header.issue_date_time = date(2026, 11, 23)
    seller, buyer = doc.trade.agreement.seller, doc.trade.agreement.buyer
    seller.name = name
    seller.address.country_id = country
    seller.tax_registrations.add(TaxRegistration(id=("VA", vat_id)))
    buyer.name = "Käser & Cie SA"
    doc.trade.settlement.currency_code = currency
    line_total = sum((_money(qty * price) for _, _, qty, price in LINES), Decimal(0))
    tax = _money(line_total * rate / 100)
    if level != "minimum":
        seller.address.line_one = street
        seller.address.postcode = postcode
        seller.address.city_name = city
        buyer.address.line_one = "Rue du Rhône 12"
        buyer.address.postcode = "1204"
        buyer.address.city_name = "Genève"
        buyer.address.country_id = "CH"
        doc.trade.settlement.payment_means.type_code = "58"
        for index, (_article, text, qty, price) in enumerate(LINES, start=1):
            item = LineItem()
            item.document.line_id = str(index)
            item.product.name = text
            item.agreement.net.amount = price
            item.delivery.billed_quantity = (qty, "C62")
            item.settlement.trade_tax.type_code = "VAT"
            item.settlement.trade_tax.category_code = "S"
            item.settlement.trade_tax.rate_applicable_percent = rate
            item.settlement.monetary_summation.total_amount = _money(qty * price)
            doc.trade.items.add(item)
        trade_tax = ApplicableTradeTax()
        trade_tax.calculated_amount = tax
        trade_tax.basis_amount = line_total
        trade_tax.type_code = "VAT"
        trade_tax.category_code = "S"
        trade_tax.rate_applicable_percent = rate
        doc.trade.settlement.trade_tax.add(trade_tax)
        doc.trade.settlement.monetary_summation.line_total = line_total
    totals = doc.trade.settlement.monetary_summation
    totals.tax_basis_total = line_total
    totals.tax_total = (tax, currency)
    totals.grand_total = line_total + tax
    totals.due_amount = line_total + tax
    return bytes(doc.serialize(schema=schema))


def page_texts(pages: int) -> list[str]:
    return [f"Rechnung RE-2026-0042 - Seite {n} von {pages} - Müller Handels AG, Zürich" for n in range(1, pages + 1)]


def invoice_pdf(pages: int = 3, filler_lines: int = 0) -> bytes:
    """A real PDF of `pages` pages with an embedded TrueType font and a line of text per page.

    `filler_lines` adds that many lines of text per page, to make PDFs of a given size for benchmarks.
    """
    import reportlab
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen import canvas

    font_file = Path(reportlab.__file__).parent / "fonts" / "Vera.ttf"
    if "Vera" not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont("Vera", str(font_file)))
    buf = io.BytesIO()
    rng = random.Random(pages)  # filler text that compresses little, the same in every run
    pdf = canvas.Canvas(buf, invariant=True)
    for text in page_texts(pages):
        pdf.setFont("Vera", 12)
        pdf.drawString(56, 780, text)
        pdf.setFont("Helvetica", 8)
        for n in range(filler_lines):
            pdf.drawString(56, 760 - (n % 90) * 8, f"Position {n:05d} {rng.randbytes(40).hex()}")
        pdf.showPage()
    pdf.save()
    return buf.getvalue()


def pdf_of_size(target_bytes: int) -> bytes:
    """A multi-page invoice PDF of about `target_bytes` (a little under it)."""
    pages = max(1, int(target_bytes / (len(invoice_pdf(10, filler_lines=90)) / 10)))
    first = invoice_pdf(pages, filler_lines=90)
    # A second, corrected guess: the size per page settles only over many pages.
    return invoice_pdf(max(1, int(pages * target_bytes * 0.99 / len(first))), filler_lines=90)
