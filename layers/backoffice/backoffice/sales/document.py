"""The sales document: a quotation or an order as one typed aggregate, and the rules that are its own.

A document is its head (who buys, on which terms, where the goods go, its numbers and state), its
positions as priced (`calculation.PositionInput`) and the figures computed from them
(`calculation.Document`, never stored). The rules that need nothing but the document live here:
whether a quotation may still change, be assigned or be converted, the conversion itself
(`to_order`), whether an order may be invoiced, whether it was paid by card, where its goods go,
what of an invoiced order may still be credited (`check_creditable`) and the credit note made of it
(`to_credit_note`).

Pure: no table, no configuration. `document_store` loads and saves documents, `contract` renders
the contract's read shape, `request_models` parses requests into the parts of a document.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from decimal import Decimal
from functools import cached_property
from typing import Any

from backoffice.errors import Conflict, InvalidRequest
from backoffice.money import ZERO
from backoffice.sales.calculation import Document, PositionInput, compute_document
from backoffice.sales.quotation_rules import Terms, check_assignment, check_conversion
from backoffice.taxes import TaxCode

QUOTATION, ORDER, CREDIT_NOTE = "OFFERTE", "AUFTRAG", "GUTSCHRIFT"
QUOTATION_STATUS = "P"  # AuftStatus of every quotation
CREDIT_NOTE_STATUS = "G"  # AuftStatus of every credit note (Gutschrift)
ORDER_STATUS = "N"  # AuftStatus of a new order
# The contract's states: N new, O open, A completed may be invoiced; P is a quotation.
INVOICEABLE = ("N", "O", "A")
DOMESTIC = "Inland"  # the WUSTCode term of a document taxed with the articles' domestic codes
# The contract's names of the three address roles, in the order a read lists them.
ROLES = ("KontaktAdr", "LiefAdr", "RechAdr")
# The contract's payment method entry of Zahlung, and its value for a card payment.
PAYMENT_METHOD = "payment_method"
CARD = "K"
# What an address record of the customer carries that a document's copy does not.
_CUSTOMER_ONLY = ("Version", "DebiNr", "PK", "SK", "Kind")

Address = Mapping[str, Any]  # an address record as `parties.addresses` shapes it (AdrFirma, OrtLand ...)


@dataclass(frozen=True)
class Addresses:
    """Contact, delivery and billing address of a document (or of a customer), each optional."""

    contact: Address | None = None  # KontaktAdr
    delivery: Address | None = None  # LiefAdr
    billing: Address | None = None  # RechAdr

    @classmethod
    def by_role(cls, records: Mapping[str, Address]) -> Addresses:
        """From records by role name (KontaktAdr, LiefAdr, RechAdr); other names are ignored."""
        return cls(records.get("KontaktAdr"), records.get("LiefAdr"), records.get("RechAdr"))

    def roles(self) -> dict[str, Address]:
        """The given addresses by role name, in the contract's order."""
        found = dict(zip(ROLES, (self.contact, self.delivery, self.billing), strict=True))
        return {role: record for role, record in found.items() if record is not None}

    def overridden_by(self, given: Addresses) -> Addresses:
        """These addresses with those `given` instead; a missing delivery or billing address is the contact.

        The copies lose what only the customer's own record carries (its Version, its keys).
        """
        merged = {**self.roles(), **given.roles()}
        contact = merged.get("KontaktAdr")
        if contact is not None:
            merged.setdefault("LiefAdr", contact)
            merged.setdefault("RechAdr", contact)
        return Addresses.by_role({role: _document_copy(record) for role, record in merged.items()})

    def delivery_country(self, fallback: str | None = None) -> str | None:
        """The country the goods go to: the delivery address's, else the contact's, else `fallback`."""
        for record in (self.delivery, self.contact):
            country = (record or {}).get("OrtLand")
            if country:
                return str(country)
        return fallback


def _document_copy(record: Address) -> dict[str, Any]:
    return {k: v for k, v in record.items() if k not in _CUSTOMER_ONLY}


@dataclass(frozen=True)
class Payment:
    """A Zahlung entry: what was agreed on payment, numbered by its Key inside the order."""

    designation: str  # Bezeichnung, e.g. payment_method
    value: str  # Wert, e.g. K
    key: str  # Key: 1, 2, ... given by the system

    def is_card(self) -> bool:
        return self.designation.strip().lower() == PAYMENT_METHOD and self.value.strip().upper() == CARD


@dataclass(frozen=True)
class Details:
    """The members of GrundDaten a document keeps as they were sent."""

    purchase_order: str | None = None  # AuftBestellNr: the buyer's order number
    title: str | None = None  # AuftBez
    buyer_reference: str | None = None  # AuftBestellRef
    ordered_at: datetime | None = None  # AuftBestellT
    delivery_at: datetime | None = None  # AuftLieferT
    comment: str | None = None  # AuftKomment
    payment_terms: int | None = None  # KundBedTyp
    delivery_costs: Decimal | None = None  # AuftLiefKost, net (see Head.net_delivery)
    country: str | None = None  # OrtLand: places a document without addresses (template quotations)


@dataclass(frozen=True)
class Head:
    """Everything of a document but its positions: numbers, state, buyer and terms, addresses, payment."""

    status: str  # AuftStatus: P quotation; N, O, A order
    currency: str  # WaehrAbk
    customer: str | None = None  # KundNr; None: a template quotation
    quotation_nr: str | None = None  # OffertNr: a quotation's own, an order's source
    order_nr: str | None = None  # AuftNr: an order's own, the order a quotation became
    price_list: str | None = None  # Preisliste the prices came from ("": the REST list, unnamed)
    cost_unit: str | None = None  # KTNr
    language: str | None = None  # Sprache: of the descriptions, and of the invoice
    details: Details = field(default_factory=Details)
    # AuftLiefKost is net (written since issue 22); False: in the document's Preisart, as the
    # release before wrote it, so that a stored document's figures never change on reading.
    net_delivery: bool = True
    location: int | None = None  # StaoNr: where an order reserved its stock
    addresses: Addresses = field(default_factory=Addresses)
    payments: tuple[Payment, ...] | None = None  # Zahlung; None: none recorded (quotations)
    highest_pos_nr: int | None = None  # HighestPosNr: the highest PosNr the document ever held
    entered_by: str | None = None  # ErfasstVon
    entered_at: datetime | None = None  # ErfasstUTC
    changed_at: datetime | None = None  # GeaendertUTC
    write_token: str | None = None  # Schreibtoken: tells whether an order's lost write landed
    version: int = 1  # Version: every write adds one


@dataclass(frozen=True)
class SalesDocument:
    """A quotation or an order: head, positions as priced, and the figures computed from them."""

    kind: str  # QUOTATION or ORDER
    number: str  # OffertNr or AuftNr; "" before the document is numbered
    head: Head
    positions: tuple[PositionInput, ...]
    export: TaxCode | None = None  # the tax code of a place of supply abroad; None: domestic
    # What the store read this document from, opaque to all but the store: a rewrite keeps what
    # it does not change (document_store.head_item). None: a document not stored yet.
    origin: object = field(default=None, compare=False, repr=False)
    # The delivery costs' share per tax code when fixed (the last credit note of an invoice: as the
    # invoice shared them); None: shared over the positions (`calculation.compute_document`).
    delivery_split: tuple[tuple[TaxCode, Decimal], ...] | None = None

    @cached_property
    def figures(self) -> Document:
        """Positions, tax recapitulation and totals, computed from the positions (never stored)."""
        delivery = self.head.details.delivery_costs or ZERO
        return compute_document(
            self.positions,
            self.head.currency,
            self.export,
            delivery,
            net_delivery=self.head.net_delivery,
            delivery_split=self.delivery_split,
        )

    @property
    def version(self) -> int:
        return self.head.version

    @property
    def taxes(self) -> dict[str, TaxCode]:
        """The tax codes the document uses, the export code's among them: kept with it (Steuercodes)."""
        found = {p.tax.code: p.tax for p in self.positions}
        if self.export is not None:
            found[self.export.code] = self.export
        return found

    @property
    def is_template(self) -> bool:
        """A quotation made for no customer, to be assigned or converted for one whose terms fit."""
        return not self.head.customer

    def terms(self) -> Terms:
        """The terms the document was priced and taxed with."""
        head = self.head
        return Terms(
            head.price_list or "", head.cost_unit or "", self.export.code if self.export else DOMESTIC, head.currency
        )

    def delivery_country(self) -> str | None:
        """The country of the place of supply: the delivery address's, the contact's, else OrtLand."""
        return self.head.addresses.delivery_country(self.head.details.country)

    def destination_country(self) -> str:
        """Where the goods go as an invoice states it (BT-80): delivery, else contact, else billing address."""
        for record in (self.head.addresses.delivery, self.head.addresses.contact, self.head.addresses.billing):
            country = (record or {}).get("OrtLand")
            if country:
                return str(country).upper()
        return ""

    def paid_by_card(self) -> bool:
        """Paid by credit card outside the system (Zahlung payment_method K): its invoice asks for nothing."""
        return any(p.is_card() for p in self.head.payments or ())

    def check_unconverted(self) -> None:
        """A quotation converted into an order cannot change any more: a 409."""
        if self.head.order_nr:
            raise Conflict(
                f"Quotation {self.number} has been converted into order {self.head.order_nr}; it cannot change.",
                {"OffertNr": self.number, "AuftNr": self.head.order_nr},
            )

    def check_assignment(self, customer: str, customer_terms: Terms) -> bool:
        """Whether naming `customer` assigns this template quotation (True) or just names its owner."""
        return check_assignment(self.number, self.head.customer, customer, self.terms(), customer_terms)

    def check_conversion(self, customer: str, customer_terms: Terms) -> None:
        """A quotation converts once, for its own customer, or as a template whose terms fit: else a 409."""
        check_conversion(self.number, self.head.customer, self.head.order_nr, customer, self.terms(), customer_terms)

    def check_invoiceable(self) -> None:
        """An order may be invoiced in the states INVOICEABLE and with at least one position: else a 409."""
        status = self.head.status
        if status not in INVOICEABLE:
            raise Conflict(
                f"Order {self.number} has state {status} and cannot be invoiced.",
                {"AuftNr": self.number, "AuftStatus": status, "invoiceable": list(INVOICEABLE)},
            )
        if not self.positions:
            raise Conflict(f"Order {self.number} has no positions to invoice.", {"AuftNr": self.number})

    def creditable(self, credited_before: Mapping[int, Decimal]) -> dict[int, Decimal]:
        """What of each position is not credited yet (PosNr -> quantity); fully credited ones left out."""
        left = {p.pos_nr: p.quantity - credited_before.get(p.pos_nr, ZERO) for p in self.positions}
        return {pos_nr: quantity for pos_nr, quantity in left.items() if quantity > 0}

    def check_creditable(
        self, returned: Sequence[tuple[int, Decimal]] | None, credited_before: Mapping[int, Decimal]
    ) -> dict[int, Decimal]:
        """The quantities a credit note of this invoiced order gives back (PosNr -> quantity).

        `returned`: (PosNr, Menge) as the request lists them; None: everything not credited yet.
        A PosNr the order does not have, or named twice, is a 400 naming the request's field; more
        than was invoiced less what earlier credit notes gave back is a 409 naming the position, and
        so is a credit note of an order with nothing left to credit.
        """
        left = self.creditable(credited_before)
        if returned is None:
            if not left:
                raise Conflict(f"Order {self.number} is credited in full already.", {"AuftNr": self.number})
            return left
        known = {p.pos_nr: p.quantity for p in self.positions}
        wanted: dict[int, Decimal] = {}
        for index, (pos_nr, quantity) in enumerate(returned):
            if pos_nr not in known or pos_nr in wanted:
                problem = "is named twice" if pos_nr in wanted else f"is no position of order {self.number}"
                raise InvalidRequest(f"PosNr {pos_nr} {problem}.", {f"Positionen[{index}].PosNr": problem})
            if quantity > left.get(pos_nr, ZERO):
                raise Conflict(
                    f"Position {pos_nr} of order {self.number} has {left.get(pos_nr, ZERO)} left to credit, "
                    f"not {quantity}.",
                    {
                        "PosNr": pos_nr,
                        "Menge": quantity,
                        "invoiced": known[pos_nr],
                        "credited": credited_before.get(pos_nr, ZERO),
                    },
                )
            wanted[pos_nr] = quantity
        return wanted

    def numbered(self, number: str, entered_at: datetime, write_token: str | None = None) -> SalesDocument:
        """The new document under its number (OffertNr or AuftNr), entered at `entered_at`."""
        head = replace(self.head, entered_at=entered_at, write_token=write_token)
        if self.kind == CREDIT_NOTE:  # its head keeps the order it credits under AuftNr
            return replace(self, number=number, head=head)
        head = replace(head, order_nr=number) if self.kind == ORDER else replace(head, quotation_nr=number)
        return replace(self, number=number, head=head)


def new_document(
    kind: str,
    head: Head,
    positions: tuple[PositionInput, ...],
    export: TaxCode | None,
) -> SalesDocument:
    """A document not stored yet: unnumbered, version 1, its delivery costs net (the rule since issue 22)."""
    return SalesDocument(kind, "", replace(head, net_delivery=True, version=1), positions, export)


def to_order(quotation: SalesDocument, customer: str, addresses: Addresses, user: str) -> SalesDocument:
    """The order a quotation becomes for `customer`: its positions, prices, terms and details, the
    addresses given (the customer's, overridden by the quotation's own). Unnumbered, not stored."""
    source = quotation.head
    head = Head(
        status=ORDER_STATUS,
        currency=source.currency,
        customer=customer,
        quotation_nr=quotation.number,
        price_list=source.price_list,
        cost_unit=source.cost_unit,
        # The language is not carried over: the order was always made without it (invoices in German).
        details=source.details,
        addresses=addresses,
        highest_pos_nr=source.highest_pos_nr or len(quotation.positions),
        entered_by=user,
    )
    return new_document(ORDER, head, quotation.positions, quotation.export)


def to_credit_note(
    order: SalesDocument, returned: Mapping[int, Decimal], with_delivery: bool, user: str
) -> SalesDocument:
    """The credit note giving back `returned` (PosNr -> quantity) of an invoiced order: the order's
    head (buyer, currency, addresses, language, export code), its positions at the order's prices,
    discounts, packaging units and tax codes with the quantities given back, and its delivery costs
    when `with_delivery`, shared over the tax rates as the invoice shared them (the delivery is
    given back taxed as it was invoiced, whichever positions come with it). Its figures come from
    `calculation` like every document's. Unnumbered.

    A quantity that is not a whole number of a position's packaging units is a 400 when the figures
    are computed, naming the request's `Positionen[i].Menge`.
    """
    order_of_request = {pos_nr: index for index, pos_nr in enumerate(returned)}
    positions = tuple(
        replace(p, quantity=returned[p.pos_nr], source=f"Positionen[{order_of_request[p.pos_nr]}]")
        for p in order.positions
        if p.pos_nr in returned
    )
    details = replace(order.head.details, delivery_costs=order.head.details.delivery_costs if with_delivery else None)
    head = replace(
        order.head,
        status=CREDIT_NOTE_STATUS,
        order_nr=order.number,
        details=details,
        highest_pos_nr=order.head.highest_pos_nr,
        entered_by=user,
        entered_at=None,
        changed_at=None,
        write_token=None,
        version=1,
    )
    split = _delivery_split(order, positions) if with_delivery else None
    return SalesDocument(CREDIT_NOTE, "", head, positions, order.export, delivery_split=split)


def _delivery_split(
    order: SalesDocument, positions: Sequence[PositionInput]
) -> tuple[tuple[TaxCode, Decimal], ...] | None:
    """The order's delivery shares per tax code, for a credit note of `positions` giving them back.

    None (shared over the credited positions) only where a share would change its meaning: a
    document of the release before (its delivery costs in the Preisart) whose credit note's
    Preisart differs from the order's.
    """
    from backoffice.sales.calculation import GROSS

    gross_note = order.export is None and all(p.price_kind == GROSS for p in positions)
    if not order.head.net_delivery and gross_note != (order.figures.price_kind == GROSS):
        return None
    return tuple((line.tax, line.delivery) for line in order.figures.recap if line.delivery)
