"""The readable invoice: an A4 PDF rendered with fpdf2 from the order's stored figures.

Letterhead, the billing address where a Swiss C5/C4 window envelope shows it (right window), the
order's and invoice's numbers and dates, the positions (packaging units, discounts) in a table
whose header repeats on every page, the tax recapitulation, the totals and the payment terms, in
the customer's language (ger, fre, ita, eng; others get German). CHF invoices end with the Swiss QR-bill
payment part (qrbill), EUR invoices carry the IBAN and an EPC ("GiroCode") QR code; an invoice
with nothing to pay (paid by card, or 0.00) has neither.
The font is Liberation Sans, embedded: PDF/A-3 wants every font in the file, umlauts and accents
need a Unicode font, and the QR-bill's payment part allows only Arial, Frutiger, Helvetica or
Liberation Sans (its SVG names the family, which fpdf2 then takes from the embedded fonts).
"""

from __future__ import annotations

import io
from decimal import Decimal
from pathlib import Path
from typing import Any

import qrcode
import qrcode.image.svg
from fpdf import FPDF
from fpdf.fonts import FontFace
from qrbill import QRBill

from backoffice.company import Seller
from backoffice.invoices.en16931 import EU, InvoiceHead

FONTS = Path(__file__).parent / "fonts"
FONT = "LiberationSans"
LABELS: dict[str, dict[str, str]] = {
    "ger": {
        "title": "Rechnung",
        "rech_nr": "Rechnungsnummer",
        "auft_nr": "Auftragsnummer",
        "kund_nr": "Kundennummer",
        "bestell_nr": "Ihre Bestellung",
        "date": "Rechnungsdatum",
        "due": "Fällig am",
        "pos": "Pos.",
        "art": "Artikel",
        "text": "Bezeichnung",
        "qty": "Menge",
        "price": "Preis",
        "discount": "Rabatt",
        "total": "Betrag",
        "vat": "MWST",
        "recap": "MWST-Zusammenstellung",
        "basis": "Basis",
        "rate": "Satz",
        "net": "Total netto",
        "delivery": "Lieferkosten",
        "vat_total": "MWST",
        "rounding": "Rundung",
        "gross": "Total",
        "payment": "Zahlbar auf",
        "reference": "Referenz",
        "vat_id": "MWST-Nr.",
        "export": "Steuerbefreite Ausfuhr",
        "page": "Seite",
        "days": "Zahlbar innert {days} Tagen netto",
        "incl": "inkl. MWST",
        "prices_gross": "Preise inkl. MWST",
        "positions": "Total Positionen",
        "paid": "Bezahlt mit Kreditkarte",
        "paid_terms": "Der Betrag ist mit Kreditkarte bezahlt; es ist nichts mehr zu bezahlen.",
        "open": "Offener Betrag",
        "delivered": "Lieferdatum",
        "nothing_due": "Es ist nichts zu bezahlen.",
    },
    "fre": {
        "title": "Facture",
        "rech_nr": "Numéro de facture",
        "auft_nr": "Numéro de commande",
        "kund_nr": "Numéro de client",
        "bestell_nr": "Votre commande",
        "date": "Date de facture",
        "due": "Échéance",
        "pos": "Pos.",
        "art": "Article",
        "text": "Désignation",
        "qty": "Quantité",
        "price": "Prix",
        "discount": "Rabais",
        "total": "Montant",
        "vat": "TVA",
        "recap": "Récapitulation TVA",
        "basis": "Base",
        "rate": "Taux",
        "net": "Total net",
        "delivery": "Frais de livraison",
        "vat_total": "TVA",
        "rounding": "Arrondi",
        "gross": "Total",
        "payment": "Payable sur",
        "reference": "Référence",
        "vat_id": "N° TVA",
        "export": "Exportation exonérée",
        "page": "Page",
        "days": "Payable net dans les {days} jours",
        "incl": "TVA incluse",
        "prices_gross": "Prix TVA incluse",
        "positions": "Total des positions",
        "paid": "Payé par carte de crédit",
        "paid_terms": "Le montant a été payé par carte de crédit ; il ne reste rien à payer.",
        "open": "Montant dû",
        "delivered": "Date de livraison",
        "nothing_due": "Il n'y a rien à payer.",
    },
    "ita": {
        "title": "Fattura",
        "rech_nr": "Numero della fattura",
        "auft_nr": "Numero d'ordine",
        "kund_nr": "Numero cliente",
        "bestell_nr": "Vostro ordine",
        "date": "Data della fattura",
        "due": "Scadenza",
        "pos": "Pos.",
        "art": "Articolo",
        "text": "Descrizione",
        "qty": "Quantità",
        "price": "Prezzo",
        "discount": "Sconto",
        "total": "Importo",
        "vat": "IVA",
        "recap": "Riepilogo IVA",
        "basis": "Base",
        "rate": "Aliquota",
        "net": "Totale netto",
        "delivery": "Spese di consegna",
        "vat_total": "IVA",
        "rounding": "Arrotondamento",
        "gross": "Totale",
        "payment": "Pagabile a",
        "reference": "Riferimento",
        "vat_id": "N. IVA",
        "export": "Esportazione esente",
        "page": "Pagina",
        "days": "Pagabile netto entro {days} giorni",
        "incl": "IVA inclusa",
        "prices_gross": "Prezzi IVA inclusa",
        "positions": "Totale delle posizioni",
        "paid": "Pagato con carta di credito",
        "paid_terms": "L'importo è stato pagato con carta di credito; non resta nulla da pagare.",
        "open": "Importo dovuto",
        "delivered": "Data di consegna",
        "nothing_due": "Non c'è nulla da pagare.",
    },
    "eng": {
        "title": "Invoice",
        "rech_nr": "Invoice number",
        "auft_nr": "Order number",
        "kund_nr": "Customer number",
        "bestell_nr": "Your order",
        "date": "Invoice date",
        "due": "Due date",
        "pos": "Pos.",
        "art": "Item",
        "text": "Description",
        "qty": "Quantity",
        "price": "Price",
        "discount": "Discount",
        "total": "Amount",
        "vat": "VAT",
        "recap": "VAT summary",
        "basis": "Basis",
        "rate": "Rate",
        "net": "Total net",
        "delivery": "Delivery costs",
        "vat_total": "VAT",
        "rounding": "Rounding",
        "gross": "Total",
        "payment": "Payable to",
        "reference": "Reference",
        "vat_id": "VAT no.",
        "export": "Exempt export",
        "page": "Page",
        "days": "Payable net within {days} days",
        "incl": "incl. VAT",
        "prices_gross": "Prices incl. VAT",
        "positions": "Total of positions",
        "paid": "Paid by credit card",
        "paid_terms": "The amount has been paid by credit card; nothing remains to be paid.",
        "open": "Amount due",
        "delivered": "Delivery date",
        "nothing_due": "Nothing is to be paid.",
    },
}
QRBILL_LANGUAGE = {"ger": "de", "fre": "fr", "ita": "it", "eng": "en"}
# The document language (BCP 47) of the PDF: screen readers and text extraction use it.
DOCUMENT_LANGUAGE = {"ger": "de-CH", "fre": "fr-CH", "ita": "it-CH", "eng": "en"}
# The QR-bill's payment part: the bottom 105 mm of an A4 page.
QR_BILL_HEIGHT = 105
# Swiss window envelope (SN 010130, right window): the address field from 118 mm left, 52 mm top.
WINDOW_X, WINDOW_Y, WINDOW_W = 118, 52, 80


def labels(language: str) -> dict[str, str]:
    return LABELS.get(language, LABELS["ger"])


def default_terms(days: int, language: str) -> str:
    return labels(language)["days"].format(days=days)


def paid_terms(language: str) -> str:
    return labels(language)["paid_terms"]


def amount(value: Any) -> str:
    """1234.5 -> 1'234.50 (the Swiss thousands separator, reads the same in both languages)."""
    return f"{Decimal(str(value)):,.2f}".replace(",", "'")


def _number(value: Any) -> str:
    d = Decimal(str(value)).normalize()
    return f"{d:f}"


def _date(value: Any) -> str:
    return value.strftime("%d.%m.%Y")


def address_lines(address: dict[str, Any]) -> list[str]:
    name = " ".join(str(address[k]) for k in ("AdrVorname", "AdrName") if address.get(k))
    lines = [str(address[k]) for k in ("AdrFirma", "AdrFirma2") if address.get(k)]
    lines += [name] if name else []
    lines += [str(address[k]) for k in ("AdrAdresse1", "AdrAdresse2") if address.get(k)]
    place = " ".join(str(address[k]) for k in ("OrtPLZ", "OrtName") if address.get(k))
    country = str(address.get("ISOLandA2") or address.get("OrtLand") or "")
    lines.append(place if country in ("", "CH") else f"{country}-{place}")
    return lines


class _Invoice(FPDF):
    def __init__(self, seller: Seller, head: InvoiceHead, words: dict[str, str]) -> None:
        # PDF/A-3B: fpdf2 then writes the sRGB output intent our DeviceRGB/DeviceGray painting needs
        # (ISO 19005-3 6.2.4.3) and refuses what PDF/A forbids (core fonts, encryption).
        super().__init__(format="A4", enforce_compliance="PDF/A-3B")
        self.seller, self.head, self.words = seller, head, words
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
            self.cell(0, 6, f"{self.words['title']} {self.head.rech_nr}", new_x="LMARGIN", new_y="NEXT")
        self.ln(4)

    def footer(self) -> None:
        if self.page_no() == self.payment_part_page:
            return
        self.set_y(-12)
        self.set_font(FONT, "", 7)
        self.cell(0, 4, f"{self.words['page']} {self.page_no()}/{{nb}}", align="R")


def render(
    order: dict[str, Any], head: InvoiceHead, seller: Seller, language: str, gross_prices: bool = False
) -> bytes:
    """The invoice PDF (without its XML: zugferd.combine embeds it and makes it PDF/A-3).

    `gross_prices`: the order's positions are priced with tax (Preisart B), and so are shown.
    """
    words = labels(language)
    grund = order["GrundDaten"]
    currency = str(grund.get("WaehrAbk") or "CHF")
    addresses = order.get("Adressen") or {}
    billing = addresses.get("RechAdr") or addresses.get("KontaktAdr") or {}
    doc = _Invoice(seller, head, words)
    doc.set_title(f"{words['title']} {head.rech_nr}")
    doc.set_author(seller.name)
    doc.set_lang(DOCUMENT_LANGUAGE.get(language, "de-CH"))
    doc.add_page()

    doc.set_font(FONT, "", 10)
    doc.set_xy(WINDOW_X, WINDOW_Y)
    doc.multi_cell(WINDOW_W, 5, "\n".join(address_lines(billing)), new_x="LEFT", new_y="NEXT")

    doc.set_xy(doc.l_margin, 86)
    doc.set_font(FONT, "B", 14)
    doc.cell(0, 8, f"{words['title']} {head.rech_nr}", new_x="LMARGIN", new_y="NEXT")
    doc.set_font(FONT, "", 9)
    nothing_due = head.paid or Decimal(str(grund["AuftBrutto"])) == 0
    _facts(doc, grund, head, words, nothing_due)

    if gross_prices:
        doc.cell(0, 5, words["prices_gross"], new_x="LMARGIN", new_y="NEXT")
    _positions(doc, order.get("Positionen") or [], words)
    _totals(doc, order, words, currency, gross_prices)
    doc.ln(3)
    doc.set_font(FONT, "", 9)
    if head.paid:
        # Paid by card already: what was paid, and no payment part that would ask for it again.
        _paid(doc, order, words, currency)
        doc.multi_cell(0, 5, head.terms, new_x="LMARGIN", new_y="NEXT")
        return bytes(doc.output())
    if nothing_due:
        # 0.00 (a 100 % discount, free goods): a payment part would ask the customer to pay 0.00.
        doc.multi_cell(0, 5, words["nothing_due"], new_x="LMARGIN", new_y="NEXT")
        return bytes(doc.output())
    doc.multi_cell(0, 5, f"{head.terms} ({words['due']} {_date(head.due)})", new_x="LMARGIN", new_y="NEXT")
    if currency == "CHF":
        _qr_bill(doc, order, head, seller, language)
    else:
        _epc(doc, order, head, seller, words)
    return bytes(doc.output())


def _facts(doc: FPDF, grund: dict[str, Any], head: InvoiceHead, words: dict[str, str], nothing_due: bool) -> None:
    """The invoice's dates and numbers below its title."""
    facts = [
        (words["date"], _date(head.issued)),
        # The date of supply, which a Swiss (MWSTG Art. 26 para. 2 lit. c) and a German (UStG § 14
        # para. 4 no. 6) invoice must state: the order's delivery date, else the invoice's.
        (words["delivered"], _date(head.supplied)),
        *([] if nothing_due else [(words["due"], _date(head.due))]),  # paid or 0.00: nothing falls due
        (words["auft_nr"], str(grund.get("AuftNr") or "")),
        (words["kund_nr"], str(grund.get("KundNr") or "")),
    ]
    if grund.get("AuftBestellNr"):
        facts.append((words["bestell_nr"], str(grund["AuftBestellNr"])))
    for name, value in facts:
        doc.cell(45, 4.5, name)
        doc.cell(0, 4.5, value, new_x="LMARGIN", new_y="NEXT")
    doc.ln(3)


def _paid(doc: FPDF, order: dict[str, Any], words: dict[str, str], currency: str) -> None:
    """The card payment below the total (with the provider and transaction the order names), and 0 due."""
    gross = Decimal(str(order["GrundDaten"]["AuftBrutto"]))
    named = {str(z.get("Bezeichnung")): str(z.get("Wert")) for z in order.get("Zahlung") or [] if z.get("Wert")}
    details = ", ".join(v for k, v in named.items() if k in ("Dienstleister", "TransID"))
    doc.cell(135, 5, words["paid"] + (f" ({details})" if details else ""), align="R")
    doc.cell(0, 5, f"{currency} {amount(-gross)}", align="R", new_x="LMARGIN", new_y="NEXT")
    doc.set_font(FONT, "B", 10)
    doc.cell(135, 6, words["open"], align="R")
    doc.cell(0, 6, f"{currency} {amount(0)}", align="R", new_x="LMARGIN", new_y="NEXT")
    doc.set_font(FONT, "", 9)
    doc.ln(3)


def _positions(doc: FPDF, positions: list[dict[str, Any]], words: dict[str, str]) -> None:
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
        table.row(
            [
                words["pos"],
                words["art"],
                words["text"],
                words["qty"],
                words["price"],
                words["discount"],
                words["total"],
                words["vat"],
            ]
        )
        for p in positions:
            if p.get("VPEinheit"):
                qty = f"{_number(p['VPEAnzBest'])} {p['VPEinheit']}"
                price = amount(p["VPEPreisEinzel"])
            else:
                qty, price = _number(p["PosAnzBest"]), amount(p["PosPreisEinzel"])
            discount = Decimal(str(p.get("GRabSatz") or 0))
            table.row(
                [
                    str(p.get("VisPosNr") or p.get("PosNr")),
                    str(p.get("ArtNr") or ""),
                    str(p.get("PosBez") or ""),
                    qty,
                    price,
                    f"{_number(discount)} %" if discount else "",
                    amount(p["PosPreisTotal"]),
                    f"{_number(p.get('WUSTSatz') or 0)} %",
                ]
            )


def _totals(doc: FPDF, order: dict[str, Any], words: dict[str, str], currency: str, gross_prices: bool) -> None:
    grund = order["GrundDaten"]
    doc.ln(3)
    doc.set_font(FONT, "B", 8)
    doc.cell(0, 5, words["recap"], new_x="LMARGIN", new_y="NEXT")
    doc.set_font(FONT, "", 8)
    for r in order.get("MWSTRekapitulation") or []:
        text = f"{r.get('PosWUSTBez') or ''} {_number(r.get('PosWUSTSatz') or 0)} %"
        if r.get("PosWUSTKlasse") == "X":
            text += f" ({words['export']})"
        doc.cell(100, 4.5, text)
        doc.cell(35, 4.5, f"{words['basis']} {amount(r['PosBetragNetto'])}", align="R")
        doc.cell(0, 4.5, f"{words['vat']} {amount(r['PosWUST'])}", align="R", new_x="LMARGIN", new_y="NEXT")
    doc.ln(2)
    net, vat, gross = (Decimal(str(grund[k])) for k in ("AuftNetto", "AuftWUST", "AuftBrutto"))
    # AuftLiefKost is net (in an order stored before issue 22: in the order's Preisart) and always
    # part of its totals.
    delivery = Decimal(str(grund.get("AuftLiefKost") or 0))
    if gross_prices:
        lines = sum((Decimal(str(p["PosPreisTotal"])) for p in order.get("Positionen") or []), Decimal(0))
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
    for name, value in rows:
        doc.cell(135, 5, name, align="R")
        doc.cell(0, 5, f"{currency} {amount(value)}", align="R", new_x="LMARGIN", new_y="NEXT")
    doc.set_font(FONT, "B", 10)
    doc.cell(135, 6, words["gross"], align="R")
    doc.cell(0, 6, f"{currency} {amount(gross)}", align="R", new_x="LMARGIN", new_y="NEXT")


def _qr_bill(doc: _Invoice, order: dict[str, Any], head: InvoiceHead, seller: Seller, language: str) -> None:
    """The QR-bill payment part on the bottom 105 mm of the last page (a new page when it is full)."""
    grund = order["GrundDaten"]
    addresses = order.get("Adressen") or {}
    billing = addresses.get("RechAdr") or addresses.get("KontaktAdr") or {}
    debtor_name = " ".join(str(billing[k]) for k in ("AdrVorname", "AdrName") if billing.get(k))
    bill = QRBill(
        account=seller.payment_iban("CHF"),
        creditor={
            "name": seller.name,
            "street": seller.street,
            "pcode": seller.postcode,
            "city": seller.city,
            "country": seller.country,
        },
        amount=str(Decimal(str(grund["AuftBrutto"])).quantize(Decimal("0.01"))),
        currency="CHF",
        debtor={
            "name": str(billing.get("AdrFirma") or debtor_name or "-")[:70],
            "street": str(billing.get("AdrAdresse1") or "")[:70],
            "pcode": str(billing.get("OrtPLZ") or ""),
            "city": str(billing.get("OrtName") or "")[:35],
            "country": str(billing.get("ISOLandA2") or "CH"),
        },
        reference_number=head.payment_reference,
        additional_information=f"{labels(language)['title']} {head.rech_nr}",
        language=QRBILL_LANGUAGE.get(language, "de"),
    )
    # Its text in the embedded font: the SVG's default (Arial, Helvetica) would be a PDF core font,
    # which is not embedded and so not PDF/A.
    bill.font_family = FONT
    svg = io.StringIO()
    bill.as_svg(svg)
    if doc.get_y() > doc.h - QR_BILL_HEIGHT - 5:
        doc.add_page()
    doc.set_auto_page_break(False)
    doc.payment_part_page = doc.page_no()
    doc.image(io.BytesIO(svg.getvalue().encode()), x=0, y=doc.h - QR_BILL_HEIGHT, w=doc.w, h=QR_BILL_HEIGHT)


# The European Economic Area: the EU, Iceland, Liechtenstein, Norway (ISO 3166 alpha-2, as an IBAN begins).
EEA = EU | {"IS", "LI", "NO"}


def epc_bic_missing(seller: Seller) -> bool:
    """EPC069-12 v002 leaves the BIC out only for a beneficiary's bank in the EEA: is it needed and not there?"""
    return not seller.bic and seller.iban[:2] not in EEA


def epc_payload(seller: Seller, gross: Decimal, head: InvoiceHead) -> str:
    """The EPC069-12 (GiroCode) payload: a SEPA credit transfer of the amount with the RF reference."""
    return "\n".join(
        [
            "BCD",
            "002",
            "1",
            "SCT",
            seller.bic or "",
            seller.name[:70],
            seller.iban,
            f"EUR{gross.quantize(Decimal('0.01'))}",
            "",
            head.payment_reference,
            "",
        ]
    )


def _epc(doc: FPDF, order: dict[str, Any], head: InvoiceHead, seller: Seller, words: dict[str, str]) -> None:
    gross = Decimal(str(order["GrundDaten"]["AuftBrutto"]))
    image = qrcode.make(
        epc_payload(seller, gross, head),
        image_factory=qrcode.image.svg.SvgPathFillImage,
        error_correction=qrcode.constants.ERROR_CORRECT_M,
    )
    svg = io.BytesIO()
    image.save(svg)
    if doc.get_y() > doc.h - 60:
        doc.add_page()
    top = doc.get_y() + 4
    doc.image(io.BytesIO(svg.getvalue()), x=doc.l_margin, y=top, w=35, h=35)
    doc.set_xy(doc.l_margin + 40, top)
    doc.set_font(FONT, "", 9)
    bic = f"BIC {seller.bic}\n" if seller.bic else ""
    doc.multi_cell(
        0,
        5,
        f"{words['payment']}: {seller.name}\nIBAN {seller.iban}\n{bic}{words['reference']}: {head.payment_reference}\n"
        f"EUR {amount(gross)}",
        new_x="LMARGIN",
        new_y="NEXT",
    )
