"""The EN 16931 invoice XML (Factur-X / ZUGFeRD 2.x, profile EN 16931, UN/CEFACT CII) of an `Invoice`.

It renders what the model (model.py) states and decides nothing: every amount is the order's own
figure, never recomputed here (the VAT breakdown is the invoice's `recap`, the totals AuftNetto,
AuftWUST and AuftBrutto, the line amounts and delivery charges the net lines and shares the model
took from `sales.calculation.net_amounts`), each tax category is the model's, and so are the
exemption reason and the payment means' account. A rule of EN 16931 that does not hold is a fault
of the order's calculation, found by the tests, not hidden here. The XML is built with drafthorse,
which checks it against the Factur-X EN 16931 XSD.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from drafthorse.models.accounting import ApplicableTradeTax, CategoryTradeTax, TradeAllowanceCharge
from drafthorse.models.document import Document
from drafthorse.models.note import IncludedNote
from drafthorse.models.party import TaxRegistration
from drafthorse.models.payment import PaymentMeans, PaymentTerms
from drafthorse.models.tradelines import LineItem

from backoffice.invoices.model import Address, Invoice, Line, Numbering, TaxSummary

PROFILE = "urn:cen.eu:en16931:2017"
SCHEMA = "FACTUR-X_EN16931"
PIECE = "C62"  # UN/ECE Rec 20 "one": quantities are in the article's base unit
CREDIT_TRANSFER = "58"  # UNTDID 4461: SEPA credit transfer (EUR)
CREDIT_TRANSFER_NON_SEPA = "30"  # credit transfer (CHF QR-bill)
CREDIT_CARD = "54"  # UNTDID 4461: paid by credit card, outside the invoice
DELIVERY_CHARGE_REASON = "Delivery costs"
DELIVERY_CHARGE_CODE = "FC"  # UNTDID 7161: freight charge
TWO = Decimal("0.01")


def _money(value: Decimal) -> Decimal:
    return value.quantize(TWO)


def _party(party: Any, address: Address) -> None:
    party.name = address.name
    party.address.line_one = address.street
    if address.street2:
        party.address.line_two = address.street2
    party.address.postcode = address.postcode
    party.address.city_name = address.city
    party.address.country_id = address.country or "CH"


def build_xml(invoice: Invoice, numbering: Numbering) -> bytes:
    """The CII XML of the order's invoice under `numbering`, checked against the EN 16931 XSD by drafthorse."""
    doc = Document()
    doc.context.guideline_parameter.id = PROFILE
    _header(doc, invoice, numbering)
    _agreement(doc, invoice)
    _delivery(doc, invoice, numbering)
    for line in invoice.lines:
        doc.trade.items.add(_line(line))
    settlement = doc.trade.settlement
    settlement.currency_code = invoice.currency
    if invoice.corrects is None:
        settlement.payment_reference = numbering.payment_reference
        settlement.payment_means.add(_payment_means(invoice))
    else:
        # A credit note gives money back: no payment means of ours, but the invoice it corrects
        # (BG-3: BT-25, BT-26).
        settlement.invoice_referenced_document.issuer_assigned_id = invoice.corrects.rech_nr
        settlement.invoice_referenced_document.issue_date_time = invoice.corrects.issued
    _delivery_charges(settlement, invoice)
    for summary in invoice.recap:
        settlement.trade_tax.add(_breakdown(summary, invoice))
    terms = PaymentTerms()
    terms.description = invoice.terms
    if not invoice.is_credit_note:  # BR-CO-25 is met by the terms' text (BT-20) alone
        terms.due = numbering.due
    settlement.terms.add(terms)
    _totals(settlement, invoice)
    xml: bytes = doc.serialize(schema=SCHEMA)
    return xml


def _header(doc: Document, invoice: Invoice, numbering: Numbering) -> None:
    """BT-1, BT-3 (380 invoice, 381 credit note), BT-2 and the order's comment as BT-22."""
    doc.header.id = numbering.rech_nr
    doc.header.type_code = invoice.type_code
    doc.header.issue_date_time = numbering.issued
    if invoice.note:
        note = IncludedNote()
        note.content = invoice.note
        doc.header.notes.add(note)


def _agreement(doc: Document, invoice: Invoice) -> None:
    """Seller (BG-4), buyer (BG-7) and the references: BT-10, BT-13, BT-14."""
    seller = invoice.seller
    agreement = doc.trade.agreement
    agreement.buyer_reference = invoice.buyer_reference
    agreement.seller.name = seller.name
    agreement.seller.address.line_one = seller.street
    agreement.seller.address.postcode = seller.postcode
    agreement.seller.address.city_name = seller.city
    agreement.seller.address.country_id = seller.country
    agreement.seller.tax_registrations.add(TaxRegistration(id=("VA", seller.vat_id)))
    _party(agreement.buyer, invoice.billing_address)
    if invoice.kund_nr:
        agreement.buyer.id = str(invoice.kund_nr)
    if invoice.purchase_order:
        agreement.buyer_order.issuer_assigned_id = invoice.purchase_order
    agreement.seller_order.issuer_assigned_id = invoice.auft_nr


def _delivery(doc: Document, invoice: Invoice, numbering: Numbering) -> None:
    """BG-13 deliver to, and BT-72: the date the goods were delivered (the order's AuftLieferT), else the invoice's."""
    if invoice.delivery_address:
        _party(doc.trade.delivery.ship_to, invoice.delivery_address)
    doc.trade.delivery.event.occurrence = invoice.supplied(numbering)


def _payment_means(invoice: Invoice) -> PaymentMeans:
    """BG-16: card (paid, no account to pay to), SEPA credit transfer (EUR) or credit transfer (CHF)."""
    means = PaymentMeans()
    if invoice.paid:
        means.type_code = CREDIT_CARD
        return means
    means.type_code = CREDIT_TRANSFER if invoice.currency == "EUR" else CREDIT_TRANSFER_NON_SEPA
    means.payee_account.iban = invoice.payee_iban
    means.payee_account.account_name = invoice.seller.name
    if invoice.payee_bic:
        means.payee_institution.bic = invoice.payee_bic
    return means


def _delivery_charges(settlement: Any, invoice: Invoice) -> None:
    """The delivery costs: one charge (BG-21) per recap line with its share, so that every
    breakdown's basis is its lines plus its charges (BR-S-08, BR-G-08)."""
    for summary in invoice.recap:
        if not summary.delivery:
            continue
        allowance_charge = TradeAllowanceCharge()
        allowance_charge.indicator = True
        allowance_charge.actual_amount = _money(summary.delivery)
        allowance_charge.reason_code = DELIVERY_CHARGE_CODE
        allowance_charge.reason = DELIVERY_CHARGE_REASON
        charge_tax = CategoryTradeTax()
        charge_tax.type_code = "VAT"
        charge_tax.category_code = summary.category.code
        charge_tax.rate_applicable_percent = summary.rate
        allowance_charge.trade_tax.add(charge_tax)
        settlement.allowance_charge.add(allowance_charge)


def _totals(settlement: Any, invoice: Invoice) -> None:
    """BG-22: the order's own totals, never summed again (but BT-106 and BT-108, the sums of its parts)."""
    net, vat, gross = (_money(v) for v in (invoice.figures.net, invoice.figures.vat, invoice.figures.gross))
    totals = settlement.monetary_summation
    totals.line_total = _money(sum((line.net.total for line in invoice.lines), Decimal(0)))  # BT-106
    totals.charge_total = _money(sum((summary.delivery for summary in invoice.recap), Decimal(0)))
    totals.allowance_total = Decimal("0.00")
    totals.tax_basis_total = net
    totals.tax_total = (vat, invoice.currency)
    totals.grand_total = net + vat
    totals.rounding_amount = gross - (net + vat)  # BT-114: the CHF cash (Rappen) rounding
    # BT-113 and BT-115: a card-paid order's total is paid already, nothing is due (BR-CO-16).
    totals.prepaid_total = _money(invoice.paid_amount)
    totals.due_amount = _money(invoice.due_amount)


def _breakdown(summary: TaxSummary, invoice: Invoice) -> ApplicableTradeTax:
    """A VAT breakdown (BG-23) of a recap line; an exempt one's with its reason (BR-G-10)."""
    tax = ApplicableTradeTax()
    tax.calculated_amount = _money(summary.tax)
    tax.basis_amount = _money(summary.basis)
    tax.type_code = "VAT"
    tax.category_code = summary.category.code
    if summary.category.exempt:
        exempt = invoice.exemption
        tax.exemption_reason = exempt.reason
        if exempt.code:
            tax.exemption_reason_code = exempt.code
    tax.rate_applicable_percent = summary.rate
    return tax


def _line(line: Line) -> LineItem:
    net = line.net
    li = LineItem()
    li.document.line_id = line.line_id
    if line.art_nr:
        li.product.seller_assigned_id = line.art_nr
    li.product.name = line.description or line.art_nr or "-"
    # BT-129 x BT-146 / BT-149 is the line's basis exactly (`NetLine`); BT-146 is the price before
    # the line's discount, the discount is the line allowance (BG-27), so the basis less the
    # allowance is the net amount (BT-131) to the cent (PEPPOL-EN16931-R120).
    li.agreement.net.amount = net.price
    if net.base_quantity != 1:
        li.agreement.net.basis_quantity = (net.base_quantity, PIECE)
    li.delivery.billed_quantity = (net.quantity, PIECE)
    li.settlement.trade_tax.type_code = "VAT"
    li.settlement.trade_tax.category_code = line.category.code
    li.settlement.trade_tax.rate_applicable_percent = line.rate
    if net.basis != net.total:
        allowance = TradeAllowanceCharge()
        allowance.indicator = False
        allowance.actual_amount = _money(net.basis - net.total)
        allowance.reason_code = "95"  # UNTDID 5189: discount
        allowance.reason = f"Rabatt {line.discount} %"
        li.settlement.allowance_charge.add(allowance)
    li.settlement.monetary_summation.total_amount = _money(net.total)
    return li
