"""The readable invoice: an A4 PDF rendered with fpdf2 from an `Invoice` (model.py) and its numbering.

Letterhead, the billing address where a Swiss C5/C4 window envelope shows it (right window), the
order's and invoice's numbers and dates, the positions (packaging units, discounts) in a table
whose header repeats on every page, the tax recapitulation, the totals and the payment terms, in
the customer's language (the words of labels/, ger, fre, ita, eng; others get German). The payment
part is the one the model names (made by payment_part.py): the Swiss QR-bill for CHF, the IBAN and
an EPC ("GiroCode") QR code for EUR, none when nothing is to be paid (paid by card, or 0.00).
The font is Liberation Sans, embedded: PDF/A-3 wants every font in the file, umlauts and accents
need a Unicode font, and the QR-bill's payment part allows only Arial, Frutiger, Helvetica or
Liberation Sans (its SVG names the family, which fpdf2 then takes from the embedded fonts).
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from datetime import date
from decimal import Decimal
from pathlib import Path

from fpdf import FPDF
from fpdf.fonts import FontFace

from backoffice.invoices import labels, payment_part
from backoffice.invoices.model import EPC, QR_BILL, Address, Invoice, Line, Numbering

FONTS = Path(__file__).parent / "fonts"
FONT = "LiberationSans"
# The document language (BCP 47) of the PDF: screen readers and text extraction use it.
DOCUMENT_LANGUAGE = {"ger": "de-CH", "fre": "fr-CH", "ita": "it-CH", "eng": "en"}
# The QR-bill's payment part: the bottom 105 mm of an A4 page.
QR_BILL_HEIGHT = 105
# Swiss window envelope (SN 010130, right window): the address field from 118 mm left, 52 mm top.
WINDOW_X, WINDOW_Y, WINDOW_W = 118, 52, 80


def amount(value: Decimal) -> str:
    """1234.5 -> 1'234.50 (the Swiss thousands separator, reads the same in both languages)."""
    return f"{value:,.2f}".replace(",", "'")


def _number(value: Decimal) -> str:
    return f"{value.normalize():f}"


def _date(value: date) -> str:
    return value.strftime("%d.%m.%Y")


def address_lines(address: Address) -> list[str]:
    lines = [
        line for line in (address.company, address.company2, address.person, address.street, address.street2) if line
    ]
    place = " ".join(part for part in (address.postcode, address.city) if part)
    lines.append(place if address.country in ("", "CH") else f"{address.country}-{place}")
    return lines


class _Invoice(FPDF):
    def __init__(self, invoice: Invoice, numbering: Numbering) -> None:
        # PDF/A-3B: fpdf2 then writes the sRGB output intent our DeviceRGB/DeviceGray painting needs
        # (ISO 19005-3 6.2.4.3) and refuses what PDF/A forbids (core fonts, encryption).
        super().__init__(format="A4", enforce_compliance="PDF/A-3B")
        self.seller, self.numbering = invoice.seller, numbering
        self.words = labels.words(invoice.language)
        self.title_word = self.words[invoice.title]  # Rechnung, or Gutschrift
        # The QR-bill's payment part fills the bottom of its page: nothing else may be printed there.
        self.payment_part_page = 0
        self.add_font(FONT, "", str(FONTS / "LiberationSans-Regular.ttf"))
        self.add_font(FONT, "B", str(FONTS / "LiberationSans-Bold.ttf"))
        self.set_margins(20, 15, 15)
        self.set_auto_page_break(True, margin=20)

    def header(self) -> None:
        self.set_font(FONT, "B", 13)
        self.cell(0, 6, self.seller.name, new_x="LMARGIN", new_y="NEXT")
        self.set_font(FONT, "", 8)
        self.cell(
            0, 4, f"{self.seller.street} · {self.seller.postcode} {self.seller.city}", new_x="LMARGIN", new_y="NEXT"
        )
        self.cell(0, 4, f"{self.words['vat_id']} {self.seller.vat_id}", new_x="LMARGIN", new_y="NEXT")
        if self.page_no() > 1:
            self.set_font(FONT, "", 9)
            self.cell(0, 6, f"{self.title_word} {self.numbering.rech_nr}", new_x="LMARGIN", new_y="NEXT")
        self.ln(4)

    def footer(self) -> None:
        if self.page_no() == self.payment_part_page:
            return
        self.set_y(-12)
        self.set_font(FONT, "", 7)
        self.cell(0, 4, f"{self.words['page']} {self.page_no()}/{{nb}}", align="R")


def render(invoice: Invoice, numbering: Numbering) -> bytes:
    """The invoice PDF (without its XML: zugferd.combine embeds it and makes it PDF/A-3)."""
    doc = _Invoice(invoice, numbering)
    words = doc.words
    doc.set_title(f"{doc.title_word} {numbering.rech_nr}")
    doc.set_author(invoice.seller.name)
    doc.set_lang(DOCUMENT_LANGUAGE.get(invoice.language, "de-CH"))
    doc.add_page()

    doc.set_font(FONT, "", 10)
    doc.set_xy(WINDOW_X, WINDOW_Y)
    doc.multi_cell(WINDOW_W, 5, "\n".join(address_lines(invoice.billing_address)), new_x="LEFT", new_y="NEXT")

    doc.set_xy(doc.l_margin, 86)
    doc.set_font(FONT, "B", 14)
    doc.cell(0, 8, f"{doc.title_word} {numbering.rech_nr}", new_x="LMARGIN", new_y="NEXT")
    doc.set_font(FONT, "", 9)
    _facts(doc, invoice, numbering)

    if invoice.gross_prices:
        doc.cell(0, 5, words["prices_gross"], new_x="LMARGIN", new_y="NEXT")
    _positions(doc, invoice.lines)
    _totals(doc, invoice)
    doc.ln(3)
    doc.set_font(FONT, "", 9)
    _terms_and_payment_part(doc, invoice, numbering)
    return bytes(doc.output())


def _terms_and_payment_part(doc: _Invoice, invoice: Invoice, numbering: Numbering) -> None:
    """Below the totals: the terms, and the payment part the model names (none when nothing is due)."""
    words = doc.words
    if invoice.is_credit_note:
        # Money back: what happens with it, and nothing to pay.
        doc.multi_cell(0, 5, invoice.terms, new_x="LMARGIN", new_y="NEXT")
    elif invoice.paid:
        # Paid by card already: what was paid, and no payment part that would ask for it again.
        _paid(doc, invoice)
        doc.multi_cell(0, 5, invoice.terms, new_x="LMARGIN", new_y="NEXT")
    elif invoice.nothing_due:
        # 0.00 (a 100 % discount, free goods): a payment part would ask the customer to pay 0.00.
        doc.multi_cell(0, 5, words["nothing_due"], new_x="LMARGIN", new_y="NEXT")
    else:
        text = f"{invoice.terms} ({words['due']} {_date(numbering.due)})"
        doc.multi_cell(0, 5, text, new_x="LMARGIN", new_y="NEXT")
    if invoice.payment_part == QR_BILL:
        _qr_bill(doc, invoice, numbering)
    elif invoice.payment_part == EPC:
        _epc(doc, invoice, numbering)


def _facts(doc: _Invoice, invoice: Invoice, numbering: Numbering) -> None:
    """The invoice's dates and numbers below its title."""
    words = doc.words
    corrected = invoice.corrects
    facts = [
        (words["credit_date" if corrected else "date"], _date(numbering.issued)),
        # A credit note names the invoice it corrects, number and date.
        *([(words["credited_invoice"], f"{corrected.rech_nr} ({_date(corrected.issued)})")] if corrected else []),
        # The date of supply, which a Swiss (MWSTG Art. 26 para. 2 lit. c) and a German (UStG § 14
        # para. 4 no. 6) invoice must state: the order's delivery date, else the invoice's.
        (words["delivered"], _date(invoice.supplied(numbering))),
        *([] if invoice.nothing_due else [(words["due"], _date(numbering.due))]),  # paid or 0.00: nothing falls due
        (words["auft_nr"], invoice.auft_nr),
        (words["kund_nr"], str(invoice.kund_nr or "")),
    ]
    if invoice.purchase_order:
        facts.append((words["bestell_nr"], invoice.purchase_order))
    for name, value in facts:
        doc.cell(45, 4.5, name)
        doc.cell(0, 4.5, value, new_x="LMARGIN", new_y="NEXT")
    doc.ln(3)


def _paid(doc: _Invoice, invoice: Invoice) -> None:
    """The card payment below the total (with the provider and transaction the order names), and 0 due."""
    words, currency = doc.words, invoice.currency
    details = invoice.card_payment
    doc.cell(135, 5, words["paid"] + (f" ({details})" if details else ""), align="R")
    doc.cell(0, 5, f"{currency} {amount(-invoice.figures.gross)}", align="R", new_x="LMARGIN", new_y="NEXT")
    doc.set_font(FONT, "B", 10)
    doc.cell(135, 6, words["open"], align="R")
    doc.cell(0, 6, f"{currency} {amount(Decimal(0))}", align="R", new_x="LMARGIN", new_y="NEXT")
    doc.set_font(FONT, "", 9)
    doc.ln(3)


def _positions(doc: _Invoice, lines: tuple[Line, ...]) -> None:
    words = doc.words
    doc.set_font(FONT, "", 8)
    heading = FontFace(emphasis="BOLD", fill_color=(230, 230, 230))
    widths = (10, 18, 62, 22, 18, 13, 20, 12)
    with doc.table(
        col_widths=widths,
        headings_style=heading,
        repeat_headings=1,
        text_align=("RIGHT", "LEFT", "LEFT", "RIGHT", "RIGHT", "RIGHT", "RIGHT", "RIGHT"),
        line_height=4.5,
        borders_layout="SINGLE_TOP_LINE",
    ) as table:
        table.row([words[k] for k in ("pos", "art", "text", "qty", "price", "discount", "total", "vat")])
        for line in lines:
            table.row(_position_row(line))


def _position_row(line: Line) -> list[str]:
    if line.pack_unit and line.pack_quantity is not None and line.pack_price is not None:
        qty, price = f"{_number(line.pack_quantity)} {line.pack_unit}", amount(line.pack_price)
    else:
        qty, price = _number(line.quantity), amount(line.unit_price)
    return [
        line.line_id,
        line.art_nr,
        line.description,
        qty,
        price,
        f"{_number(line.discount)} %" if line.discount else "",
        amount(line.total),
        f"{_number(line.rate)} %",
    ]


def _totals(doc: _Invoice, invoice: Invoice) -> None:
    words, currency = doc.words, invoice.currency
    doc.ln(3)
    doc.set_font(FONT, "B", 8)
    doc.cell(0, 5, words["recap"], new_x="LMARGIN", new_y="NEXT")
    doc.set_font(FONT, "", 8)
    for summary in invoice.recap:
        text = f"{summary.designation} {_number(summary.rate)} %"
        if summary.category.export:
            text += f" ({words['export']})"
        doc.cell(100, 4.5, text)
        doc.cell(35, 4.5, f"{words['basis']} {amount(summary.basis)}", align="R")
        doc.cell(0, 4.5, f"{words['vat']} {amount(summary.tax)}", align="R", new_x="LMARGIN", new_y="NEXT")
    doc.ln(2)
    for name, value in _total_rows(invoice, words):
        doc.cell(135, 5, name, align="R")
        doc.cell(0, 5, f"{currency} {amount(value)}", align="R", new_x="LMARGIN", new_y="NEXT")
    doc.set_font(FONT, "B", 10)
    doc.cell(135, 6, words["gross"], align="R")
    doc.cell(0, 6, f"{currency} {amount(invoice.figures.gross)}", align="R", new_x="LMARGIN", new_y="NEXT")


def _total_rows(invoice: Invoice, words: Mapping[str, str]) -> list[tuple[str, Decimal]]:
    """The rows above the total: positions and delivery costs (as the order is priced), net, VAT, rounding."""
    net, vat, gross = invoice.figures.net, invoice.figures.vat, invoice.figures.gross
    # AuftLiefKost is net (in an order stored before issue 22: in the order's Preisart) and always
    # part of its totals.
    delivery = invoice.figures.delivery
    if invoice.gross_prices:
        lines = sum((line.total for line in invoice.lines), Decimal(0))
        rows = [(f"{words['positions']} {words['incl']}", lines)]
        if delivery:
            # With its tax: what the totals hold beyond the gross positions (either rule).
            rows.append((f"{words['delivery']} {words['incl']}", net + vat - lines))
        rows.append((words["net"], net))
    elif delivery:
        rows = [(words["positions"], net - delivery), (words["delivery"], delivery), (words["net"], net)]
    else:
        rows = [(words["net"], net)]
    rows.append((words["vat_total"], vat))
    if gross != net + vat:
        rows.append((words["rounding"], gross - net - vat))
    return rows


def _qr_bill(doc: _Invoice, invoice: Invoice, numbering: Numbering) -> None:
    """The QR-bill payment part on the bottom 105 mm of the last page (a new page when it is full)."""
    svg = payment_part.qr_bill_svg(invoice, numbering, doc.words["title"], FONT)
    if doc.get_y() > doc.h - QR_BILL_HEIGHT - 5:
        doc.add_page()
    doc.set_auto_page_break(False)
    doc.payment_part_page = doc.page_no()
    doc.image(io.BytesIO(svg), x=0, y=doc.h - QR_BILL_HEIGHT, w=doc.w, h=QR_BILL_HEIGHT)


def _epc(doc: _Invoice, invoice: Invoice, numbering: Numbering) -> None:
    """The EPC code with the transfer's details in words beside it."""
    seller, gross, words = invoice.seller, invoice.figures.gross, doc.words
    svg = payment_part.epc_svg(invoice, numbering)
    if doc.get_y() > doc.h - 60:
        doc.add_page()
    top = doc.get_y() + 4
    doc.image(io.BytesIO(svg), x=doc.l_margin, y=top, w=35, h=35)
    doc.set_xy(doc.l_margin + 40, top)
    doc.set_font(FONT, "", 9)
    bic = f"BIC {seller.bic}\n" if seller.bic else ""
    doc.multi_cell(
        0,
        5,
        f"{words['payment']}: {seller.name}\nIBAN {seller.iban}\n{bic}{words['reference']}: "
        f"{numbering.payment_reference}\nEUR {amount(gross)}",
        new_x="LMARGIN",
        new_y="NEXT",
    )
