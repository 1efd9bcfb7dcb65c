"""An order's invoice, typed: what it states, its numbering, and the rules that decide them.

`invoice_input` is the one function that reads the order (its store, its typed sales document, its
calculation): everything else of invoices/ works on the `Invoice` it returns. It carries the order's
positions as `Line`s (as the order shows them, with their net lines), its tax recapitulation as
`TaxSummary`s (with each one's net delivery share), its addresses as `Address`es and its totals as
`Figures`, every text made printable. The rules are here and nowhere else: each tax code's category
(`tax_category`: standard, exempt export, zero-rated), the due date, the payment reference, nothing
due (paid by card, or 0.00), the EPC code's BIC (EPC069-12), the export exemption reason (EN 16931
BT-120/BT-121), which payment part the PDF carries and which terms text it states. The renderers
(en16931.py, pdf.py, payment_part.py) render what an `Invoice` and its `Numbering` say and decide
nothing.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from typing import TYPE_CHECKING, Any, Literal

from backoffice import company
from backoffice.errors import Conflict
from backoffice.invoices import labels
from backoffice.local_dates import ZONE
from backoffice.text import printable

if TYPE_CHECKING:
    from backoffice.sales.calculation import Document, NetLine
    from backoffice.sales.document import SalesDocument
    from backoffice.taxes import TaxCode

# What an issue takes once and keeps with its lease (stored attribute names), so that a retry
# issues under the same number.
NUMBERED = ("RechNr", "RechDatum", "FaelligDatum", "Zahlungsreferenz")

# The Swiss VAT territory: Switzerland and Liechtenstein (customs treaty; the MWSTG applies there).
SWISS_VAT = frozenset({"CH", "LI"})
# The member states of the EU (ISO 3166 alpha-2).
EU = frozenset(
    {"AT", "BE", "BG", "CY", "CZ", "DE", "DK", "EE", "ES", "FI", "FR", "GR", "HR", "HU", "IE", "IT", "LT", "LU",
     "LV", "MT", "NL", "PL", "PT", "RO", "SE", "SI", "SK"}
)  # fmt: skip
# The European Economic Area: the EU, Iceland, Liechtenstein, Norway (ISO 3166 alpha-2, as an IBAN begins).
EEA = EU | {"IS", "LI", "NO"}
# BT-120/BT-121 of an exempt export (category G; BR-G-10 wants a code or a text). VATEX-EU-G says
# "exempt under the EU VAT Directive, export outside the EU": true only for a seller in the EU
# delivering outside it. A Swiss (or Liechtenstein) seller's export is exempt under Swiss law, said
# as a text without an EU code (ADR 0024).
EU_EXPORT_REASON = "Export outside the EU"
EU_EXPORT_REASON_CODE = "VATEX-EU-G"
SWISS_EXPORT_REASON = "Export exempt from Swiss VAT (Art. 23 para. 2 no. 1 MWSTG)"
OTHER_EXPORT_REASON = "Export exempt from VAT"

# UNTDID 1001 (BT-3): a commercial invoice, a credit note (money back, referring to its invoice).
INVOICE_TYPE, CREDIT_NOTE_TYPE = "380", "381"

PaymentPart = Literal["qr-bill", "epc"]
QR_BILL: PaymentPart = "qr-bill"
EPC: PaymentPart = "epc"


@dataclass(frozen=True)
class Exemption:
    """BT-120 (text) and BT-121 (code, or None) of an exempt export."""

    reason: str
    code: str | None


@dataclass(frozen=True)
class Figures:
    """The order's totals the invoice states and records, as the order's calculation stored them."""

    net: Decimal  # AuftNetto
    vat: Decimal  # AuftWUST
    gross: Decimal  # AuftBrutto (CHF: after the 0.05 cash rounding)
    delivery: Decimal  # AuftLiefKost, net, part of the totals


@dataclass(frozen=True)
class TaxCategory:
    """How the invoice states a tax code: its UNTDID 5305 code (BT-118, BT-151) and whether it is an
    export (class X), which the PDF notes."""

    code: str
    export: bool

    @property
    def exempt(self) -> bool:
        """Exempt (G): the breakdown states the exemption reason (BT-120, BT-121)."""
        return self.code == "G"


STANDARD = TaxCategory("S", export=False)
EXPORT = TaxCategory("G", export=True)  # the export code (class X): exempt, with its reason (BR-G-10)
# A rate of 0 outside class X is stated exempt (G) as well, with the export's reason; the PDF does
# not call it an export.
ZERO_RATED = TaxCategory("G", export=False)


def tax_category(tax: TaxCode) -> TaxCategory:
    """The one decision of a tax code's category, for the XML and the PDF alike."""
    if tax.klasse == "X":
        return EXPORT
    return ZERO_RATED if tax.rate == 0 else STANDARD


@dataclass(frozen=True)
class Line:
    """A position as the invoice states it: its texts printable, as the order shows it (in the order's
    Preisart) and its net line (EN 16931 lines are net)."""

    line_id: str  # VisPosNr, else PosNr
    art_nr: str
    description: str  # PosBez
    quantity: Decimal  # PosAnzBest, in the base unit
    unit_price: Decimal  # PosPreisEinzel
    pack_unit: str  # VPEinheit, "" without a packaging unit
    pack_quantity: Decimal | None  # VPEAnzBest
    pack_price: Decimal | None  # VPEPreisEinzel
    discount: Decimal  # GRabSatz, percent
    total: Decimal  # PosPreisTotal
    rate: Decimal  # WUSTSatz, percent, without trailing zeros
    category: TaxCategory
    net: NetLine


@dataclass(frozen=True)
class TaxSummary:
    """A line of the tax recapitulation (MWSTRekapitulation), as the invoice states it."""

    designation: str  # PosWUSTBez, printable
    rate: Decimal  # PosWUSTSatz, percent, without trailing zeros
    category: TaxCategory
    basis: Decimal  # PosBetragNetto
    tax: Decimal  # PosWUST
    delivery: Decimal  # its net share of the delivery costs, one charge (BG-21) when not 0


@dataclass(frozen=True)
class Address:
    """A party's postal address as the invoice states it (the order's address record, printable)."""

    company: str = ""  # AdrFirma
    company2: str = ""  # AdrFirma2
    person: str = ""  # AdrVorname AdrName
    street: str = ""  # AdrAdresse1
    street2: str = ""  # AdrAdresse2
    postcode: str = ""  # OrtPLZ
    city: str = ""  # OrtName
    country: str = ""  # OrtLand (ISO 3166 alpha-2), "" when the record names none

    @property
    def name(self) -> str:
        """The party's name: its company, else the person, else "-" (a name is required)."""
        return self.company or self.person or "-"


@dataclass(frozen=True)
class Numbering:
    """What an issue takes once: RechNr, RechDatum, FaelligDatum, Zahlungsreferenz."""

    rech_nr: str
    issued: date
    due: date
    payment_reference: str

    def attributes(self) -> dict[str, str]:
        """As the invoice's item holds it (with the lease, then in the record)."""
        values = (self.rech_nr, self.issued.isoformat(), self.due.isoformat(), self.payment_reference)
        return dict(zip(NUMBERED, values, strict=True))

    @classmethod
    def kept(cls, item: Mapping[str, Any]) -> Numbering | None:
        """The numbering an attempt that stopped kept with the lease; None when it took none."""
        if not all(k in item for k in NUMBERED):
            return None
        rech_nr, issued, due, reference = (str(item[k]) for k in NUMBERED)
        return cls(rech_nr, date.fromisoformat(issued), date.fromisoformat(due), reference)


@dataclass(frozen=True)
class Corrected:
    """The invoice a credit note refers to: BT-25 (its number) and BT-26 (its date)."""

    rech_nr: str
    issued: date


@dataclass(frozen=True)
class Invoice:
    """An order's invoice before its number: the order's figures it carries, its terms and rules.

    A credit note is one too (type 381): the credited lines' figures, the invoice it corrects, no
    payment part and no due date (it gives money back).
    """

    auft_nr: str
    kund_nr: str | None
    currency: str
    language: str
    paid: bool  # paid by credit card outside the system: the invoice asks for nothing
    seller: company.Seller
    term: company.PaymentTerm
    delivered: date | None  # the order's AuftLieferT, a day in the company's calendar
    delivery_country: str  # where the goods go (ISO 3166 alpha-2), "" when no address says
    figures: Figures
    gross_prices: bool  # the positions are priced with tax (Preisart B), and so shown
    lines: tuple[Line, ...]  # the order's positions, in its order
    recap: tuple[TaxSummary, ...]  # the order's tax recapitulation, highest rate first
    purchase_order: str | None = None  # AuftBestellNr, the buyer's order number
    buyer_order_reference: str | None = None  # AuftBestellRef
    note: str | None = None  # AuftKomment
    card_payment: str = ""  # the provider and transaction of a card payment, as the order names them
    billing_address: Address = field(default_factory=Address)  # RechAdr, else KontaktAdr
    delivery_address: Address | None = None  # LiefAdr, when the goods go elsewhere
    type_code: str = INVOICE_TYPE  # BT-3
    corrects: Corrected | None = None  # a credit note's invoice (BT-25, BT-26)

    @property
    def is_credit_note(self) -> bool:
        return self.type_code == CREDIT_NOTE_TYPE

    @property
    def title(self) -> str:
        """The label key of the document's title: an invoice's or a credit note's."""
        return "credit_title" if self.is_credit_note else "title"

    @property
    def buyer_reference(self) -> str:
        """BT-10: the buyer's own reference, else its customer number, else the order's."""
        return str(self.buyer_order_reference or self.kund_nr or self.auft_nr)

    @property
    def nothing_due(self) -> bool:
        """Paid by card, or 0.00 (a 100 % discount, free goods), or a credit note (money back): no
        due date, no payment part."""
        return self.paid or self.figures.gross == 0 or self.is_credit_note

    @property
    def payment_part(self) -> PaymentPart | None:
        """The PDF's payment part: the Swiss QR-bill for CHF, the EPC code otherwise, none when nothing is due."""
        if self.nothing_due:
            return None
        return QR_BILL if self.currency == "CHF" else EPC

    @property
    def paid_amount(self) -> Decimal:
        """BT-113: a card-paid order's total is paid already."""
        return self.figures.gross if self.paid else Decimal("0.00")

    @property
    def due_amount(self) -> Decimal:
        """BT-115: nothing when paid by card (BR-CO-16), else the total (a credit note's: owed to the buyer)."""
        return Decimal("0.00") if self.paid else self.figures.gross

    @property
    def payee_iban(self) -> str:
        return self.seller.payment_iban(self.currency)

    @property
    def payee_bic(self) -> str | None:
        """BT-86: the configured BIC is the IBAN's bank's; a CHF QR-IBAN's bank is not named."""
        return self.seller.bic if self.seller.bic and self.payee_iban == self.seller.iban else None

    @property
    def exemption(self) -> Exemption:
        return exemption(self.seller.country, self.delivery_country)

    @property
    def terms(self) -> str:
        """BT-20 and the PDF's terms: the paid text, else the payment condition's, else the default."""
        words = labels.words(self.language)
        if self.is_credit_note:
            return words["credit_terms"]
        if self.paid:
            return words["paid_terms"]
        texts = self.term.texts
        return texts.get(self.language) or texts.get("ger") or words["days"].format(days=self.term.days)

    def supplied(self, numbering: Numbering) -> date:
        """The date of supply the invoice states (MWSTG Art. 26 para. 2 lit. c, UStG § 14 para. 4 no. 6):
        the order's delivery date, else the invoice's."""
        return self.delivered or numbering.issued

    def numbered(self, rech_nr: int, today: date) -> Numbering:
        """The invoice's number, dates and payment reference for RechNr `rech_nr`, dated `today`."""
        number = str(rech_nr)
        if self.is_credit_note:  # money back: nothing falls due, no reference to pay with
            return Numbering(rech_nr=number, issued=today, due=today, payment_reference="")
        return Numbering(
            rech_nr=number,
            issued=today,
            # Paid by card: nothing falls due later.
            due=today + timedelta(days=0 if self.paid else self.term.days),
            payment_reference=payment_reference(number, self.currency, self.seller),
        )

    def check_payable(self) -> None:
        """409 when the invoice's payment part cannot be made from the configuration (before any number)."""
        if self.currency == "EUR" and not self.nothing_due and epc_bic_missing(self.seller):
            # An EPC code without BIC to a bank outside the EEA is not valid (EPC069-12): refused before
            # a number is taken, naming the configuration field that fixes it.
            raise Conflict(
                f"EUR invoices are paid to the IBAN {self.seller.iban}, outside the EEA: the company "
                "configuration needs its BIC (Firma.BIC) for the EPC payment code.",
                {"Konfiguration": "Firma.BIC", "IBAN": self.seller.iban},
            )


def payment_reference(rech_nr: str, currency: str, seller: company.Seller) -> str:
    """A QR reference (27 digits, mod 10 recursive) for CHF to a QR-IBAN, else an ISO 11649 RF reference."""
    from stdnum.ch import esr
    from stdnum.iso7064 import mod_97_10

    if currency == "CHF" and seller.qr_iban:
        body = rech_nr.rjust(26, "0")
        return body + esr.calc_check_digit(body)
    return "RF" + mod_97_10.calc_check_digits(rech_nr + "RF") + rech_nr


def epc_bic_missing(seller: company.Seller) -> bool:
    """EPC069-12 v002 leaves the BIC out only for a beneficiary's bank in the EEA: is it needed and not there?"""
    return not seller.bic and seller.iban[:2] not in EEA


def exemption(seller_country: str, delivery_country: str) -> Exemption:
    """BT-120 and BT-121 of an exempt export from the seller's country.

    A Swiss or Liechtenstein seller exports under the MWSTG (Art. 23 para. 2 no. 1): the Swiss
    text, no EU code. VATEX-EU-G only for a seller in the EU delivering outside it. Anything else
    (an EU seller's delivery inside the EU is not an export) gets a plain text without a code.
    """
    if seller_country in SWISS_VAT:
        return Exemption(SWISS_EXPORT_REASON, None)
    if seller_country in EU and delivery_country not in EU:
        return Exemption(EU_EXPORT_REASON, EU_EXPORT_REASON_CODE)
    return Exemption(OTHER_EXPORT_REASON, None)


def delivery_date(moment: datetime | None) -> date | None:
    """The day of an order's AuftLieferT (a UTC moment) in Europe/Zurich; None when not set."""
    if moment is None:
        return None
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).astimezone(ZONE).date()


def configured_seller() -> company.Seller:
    """The configuration's seller, its texts made printable; 409 when there is none."""
    seller = company.seller()
    if seller is None:
        raise Conflict(
            "The company configuration has no seller (Firma): no invoice can be issued.", {"Konfiguration": "Firma"}
        )
    # The configuration's texts too: a Firma or payment term imported before the rule.
    return dataclasses.replace(seller, **printable(dataclasses.asdict(seller)))


def payment_term(kund_bed_typ: Any) -> company.PaymentTerm:
    """The order's payment condition, its texts made printable."""
    term = company.payment_term(kund_bed_typ)
    return dataclasses.replace(term, texts=printable(term.texts))


def stated_lines(figures: Document) -> tuple[Line, ...]:
    """The positions of `figures` as the invoice states them, their texts printable, with their net lines."""
    from backoffice.money import plain
    from backoffice.sales.calculation import net_amounts

    return tuple(
        Line(
            line_id=str(p.vis_pos_nr or p.pos_nr),
            art_nr=printable(p.art_nr),
            description=printable(p.description),
            quantity=p.quantity,
            unit_price=p.unit_price,
            pack_unit=printable(p.vpe_unit),
            pack_quantity=p.vpe_quantity,
            pack_price=p.vpe_unit_price,
            discount=p.discount,
            total=p.total,
            rate=plain(p.tax.rate),
            category=tax_category(p.tax),
            net=net,
        )
        for p, net in zip(figures.positions, net_amounts(figures).lines, strict=True)
    )


def stated_recap(figures: Document) -> tuple[TaxSummary, ...]:
    """The tax recapitulation of `figures` as the invoice states it, with each line's net delivery share."""
    from backoffice.money import plain
    from backoffice.sales.calculation import net_amounts

    return tuple(
        TaxSummary(
            designation=printable(r.tax.designation),
            rate=plain(r.tax.rate),
            category=tax_category(r.tax),
            basis=r.net,
            tax=r.amount,
            delivery=share,
        )
        for r, share in zip(figures.recap, net_amounts(figures).delivery, strict=True)
    )


def stated_address(record: Mapping[str, Any]) -> Address:
    """An order's address record (the contract's shape) as the invoice states it, its texts printable."""
    view = {k: printable(str(v)) for k, v in record.items() if v}
    person = " ".join(view[k] for k in ("AdrVorname", "AdrName") if k in view)
    get = view.get
    return Address(
        company=get("AdrFirma", ""),
        company2=get("AdrFirma2", ""),
        person=person,
        street=get("AdrAdresse1", ""),
        street2=get("AdrAdresse2", ""),
        postcode=get("OrtPLZ", ""),
        city=get("OrtName", ""),
        country=get("OrtLand", ""),
    )


def invoice_input(auft_nr: str) -> Invoice:
    """The invoice of order `auft_nr` as its stored order says: 404 when missing, 409 when it may not
    (or cannot) be invoiced.

    The one function of invoices/ that reads the order: the typed sales document, its rules (may be
    invoiced, paid by card, where the goods go) and its figures. Its texts are made printable here:
    text stored before the API refused what XML 1.0 cannot carry is invoiced rather than a 500 for
    ever (issue 22).
    """
    # The order's store and calculation load with the first issue, after the record's check: a
    # GET, or a repeated POST, keeps its cold start free of them.
    from backoffice.sales import document_store
    from backoffice.sales.document import ORDER

    document = document_store.existing(ORDER, auft_nr, consistent=True)
    document.check_invoiceable()
    return stated(document, auft_nr)


def credit_note_input(credit_note: SalesDocument, corrects: Corrected) -> Invoice:
    """The credit note (type 381) of `credit_note` (`sales.document.to_credit_note`), correcting the
    invoice `corrects`: stated as an invoice is, its figures the credited lines'. A refund pays
    nothing by card and asks for nothing: no payment part, no due date."""
    stated_note = stated(credit_note, str(credit_note.head.order_nr))
    return dataclasses.replace(stated_note, paid=False, type_code=CREDIT_NOTE_TYPE, corrects=corrects)


def credited_figures(note: Invoice, invoiced: Decimal, credited_before: Decimal, last: bool) -> Invoice:
    """The credit note `note` against its invoice's total `invoiced` (AuftBrutto), of which earlier
    credit notes gave back `credited_before`: the credit notes of an invoice give back its total to
    the Rappen, never more.

    Each credit note's lines, tax per rate and total are rounded on their own, so parts would miss
    the invoice's total by a few Rappen. The last one (after it nothing of the invoice is left to
    credit) gives back exactly what is left of the total: the difference to its net and tax is
    its rounding amount (BT-114), as an invoice carries its CHF 0.05 rounding. Any other whose
    total would take the credited sum beyond the invoice's total is a 409 (credit the rest at once).
    """
    left = invoiced - credited_before
    if last:
        # Never below 0: only credit notes of the release before, each rounded on its own, can have
        # given back more than the invoice; what they gave too much stays given.
        gross = max(left, Decimal("0.00"))
        return dataclasses.replace(note, figures=dataclasses.replace(note.figures, gross=gross))
    if note.figures.gross > left:
        corrected = note.corrects.rech_nr if note.corrects else ""
        raise Conflict(
            f"Invoice {corrected} has {note.currency} {left} left to credit, not {note.figures.gross}: "
            "its rounded credit notes would give back more than was invoiced. Credit the rest of it at once.",
            {
                "RechNr": corrected,
                "AuftBrutto": invoiced,
                "BetragGutgeschrieben": credited_before,
                "Betrag": note.figures.gross,
            },
        )
    return note


def stated(document: SalesDocument, auft_nr: str) -> Invoice:
    """`document` (an order, or a credit note of one) as the invoice states it, its texts printable."""
    from backoffice.parties.addresses import document_view
    from backoffice.sales.calculation import GROSS

    seller = configured_seller()
    head, details, figures = document.head, document.head.details, document.figures
    views = {role: document_view(dict(record)) for role, record in head.addresses.roles().items()}
    # A record with nothing to show is no address (the billing one is then the contact's).
    addresses = {role: stated_address(view) for role, view in views.items() if view}
    named = {printable(p.designation): printable(p.value) for p in head.payments or () if p.value}
    return Invoice(
        auft_nr=auft_nr,
        kund_nr=head.customer,
        currency=head.currency or "CHF",
        language=head.language or "ger",
        paid=document.paid_by_card(),
        seller=seller,
        term=payment_term(details.payment_terms),
        delivered=delivery_date(details.delivery_at),
        delivery_country=document.destination_country(),
        figures=Figures(figures.net, figures.tax, figures.gross, details.delivery_costs or Decimal(0)),
        gross_prices=figures.price_kind == GROSS,
        lines=stated_lines(figures),
        recap=stated_recap(figures),
        purchase_order=printable(details.purchase_order) or None,
        buyer_order_reference=printable(details.buyer_reference) or None,
        note=printable(details.comment) or None,
        card_payment=", ".join(v for k, v in named.items() if k in ("Dienstleister", "TransID")),
        # The invoice goes to the billing address, else the contact's.
        billing_address=addresses.get("RechAdr") or addresses.get("KontaktAdr") or Address(),
        delivery_address=addresses.get("LiefAdr"),
    )
