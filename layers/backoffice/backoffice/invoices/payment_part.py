"""The payment part of an invoice, the one the model names (`Invoice.payment_part`): the Swiss
QR-bill (qrbill) of a CHF invoice, the EPC069-12 ("GiroCode") QR code of a EUR one. Each is made
here as an SVG; pdf.py places it on the page.
"""

from __future__ import annotations

import io
from decimal import Decimal

import qrcode
import qrcode.image.svg
from qrbill import QRBill

from backoffice.company import Seller
from backoffice.invoices.model import Invoice, Numbering

QRBILL_LANGUAGE = {"ger": "de", "fre": "fr", "ita": "it", "eng": "en"}


def qr_bill_svg(invoice: Invoice, numbering: Numbering, title: str, font: str) -> bytes:
    """The QR-bill's payment part (A4 width, 105 mm) to the payee IBAN, with the invoice's reference.

    `title` and the RechNr are its additional information; `font` the family its text is set in.
    """
    seller, billing = invoice.seller, invoice.billing_address
    bill = QRBill(
        account=invoice.payee_iban,
        creditor={
            "name": seller.name,
            "street": seller.street,
            "pcode": seller.postcode,
            "city": seller.city,
            "country": seller.country,
        },
        amount=str(invoice.figures.gross.quantize(Decimal("0.01"))),
        currency="CHF",
        debtor={
            "name": billing.name[:70],
            "street": billing.street[:70],
            "pcode": billing.postcode,
            "city": billing.city[:35],
            "country": billing.country or "CH",
        },
        reference_number=numbering.payment_reference,
        additional_information=f"{title} {numbering.rech_nr}",
        language=QRBILL_LANGUAGE.get(invoice.language, "de"),
    )
    # Its text in the PDF's embedded font: the SVG's default (Arial, Helvetica) would be a PDF core
    # font, which is not embedded and so not PDF/A.
    bill.font_family = font
    svg = io.StringIO()
    bill.as_svg(svg)
    return svg.getvalue().encode()


def epc_payload(seller: Seller, gross: Decimal, payment_reference: str) -> str:
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
            payment_reference,
            "",
        ]
    )


def epc_svg(invoice: Invoice, numbering: Numbering) -> bytes:
    """The EPC QR code of the invoice's total and reference."""
    image = qrcode.make(
        epc_payload(invoice.seller, invoice.figures.gross, numbering.payment_reference),
        image_factory=qrcode.image.svg.SvgPathFillImage,
        error_correction=qrcode.constants.ERROR_CORRECT_M,
    )
    svg = io.BytesIO()
    image.save(svg)
    return svg.getvalue()
