"""Request bodies of orders and quotations, with the lengths of the contract's field tables, and
their parsing into the typed parts of a document (`document.Details`, `Payment`, the positions to
price): the one place a request's German field names are read.

Adressen uses the customers' request address (`backoffice.parties.addresses.AddressIn`, with AdrCheck).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Annotated

from pydantic import AfterValidator, Field, StringConstraints, WithJsonSchema
from pydantic_core import PydanticCustomError

from backoffice.models import LONG_INTEGER, NUMBER_RULE, Number, RequestModel, SqlInt, TinyInt
from backoffice.money import MAX_DOCUMENT_TOTAL, MAX_QUANTITY, MAX_UNIT_PRICE
from backoffice.parties.addresses import AddressIn
from backoffice.sales import document
from backoffice.sales.calculation import MAX_POSITIONS
from backoffice.sales.drafts import Wish
from backoffice.sales.position_patch import PositionChange
from backoffice.sales.position_pricing import Wanted
from backoffice.timestamps import utc_text

MAX_PAYMENTS = 50


def _timestamp(value: str) -> str:
    """ISO 8601 date or time, with or without Z; answered as UTC with a trailing Z, written by the
    one formatter (`timestamps.utc_text`: always four-digit years, 0001-01-01T00:00:00Z)."""
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        try:
            parsed = datetime.combine(date.fromisoformat(value), datetime.min.time())
        except ValueError:
            raise ValueError("must be an ISO 8601 date or time, e.g. 2026-11-23T09:30:00Z") from None
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=UTC)
    try:
        return utc_text(parsed.replace(microsecond=0), "seconds")
    except OverflowError:
        # 0001-01-01T00:00:00+01:00 is a moment before the year 1 in UTC: no datetime holds it.
        raise ValueError("must be a moment from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z in UTC") from None


# varchar(n) of the contract: free text of at most n characters.
Text36 = Annotated[str, StringConstraints(max_length=36)]
Text60 = Annotated[str, StringConstraints(max_length=60)]
Text80 = Annotated[str, StringConstraints(max_length=80)]
Text200 = Annotated[str, StringConstraints(max_length=200)]
Text255 = Annotated[str, StringConstraints(max_length=255)]
Text2048 = Annotated[str, StringConstraints(max_length=2048)]
# Keys and codes: a blank one would match nothing, so it is refused; surrounding blanks are dropped.
KundNrStr = Annotated[str, StringConstraints(min_length=1, max_length=8, strip_whitespace=True)]
ArtNrStr = Annotated[str, StringConstraints(min_length=1, max_length=15, strip_whitespace=True)]
KTNrStr = Annotated[str, StringConstraints(min_length=1, max_length=6, strip_whitespace=True)]
OffertNrStr = Annotated[str, StringConstraints(min_length=1, max_length=10, strip_whitespace=True)]
VPEinheitStr = Annotated[str, StringConstraints(min_length=1, max_length=30, strip_whitespace=True)]
Timestamp = Annotated[
    str,
    StringConstraints(max_length=20),
    AfterValidator(_timestamp),
    Field(
        description="An ISO 8601 date or date and time of at most 20 characters: 2026-11-23, 20261123,"
        " 2026-W48-1, 2026-11-23T09:30, 2026-11-23T09:30:00Z, 2026-11-23T09:30+01, 20261123T093000Z;"
        " no zone means UTC, fractions of a second are dropped. Answered as UTC, YYYY-MM-DDTHH:MM:SSZ"
        " with four-digit years (0001-01-01T00:00:00Z), in the field of the same name ending in UTC."
    ),
]
Currency = Annotated[str, StringConstraints(min_length=3, max_length=4, pattern=r"^[A-Za-z]+$", to_upper=True)]
Country = Annotated[str, StringConstraints(min_length=2, max_length=4, pattern=r"^[A-Za-z]+$", to_upper=True)]
# Quantities and amounts: at most 15 digits, 4 of them after the point (amounts: 2), so that every
# value fits DynamoDB's number, and at most what an invoice can carry (issue 22: money.MAX_*; the
# document's total, AuftBrutto, is bounded where it is computed, sales.drafts.check_total).
# docs/openapi.json states each bound the model checks, the decimal places as multipleOf, so that a
# request valid by the document is not refused for an unstated bound.


def _documented(places: int, maximum: Decimal, *, positive: bool = False) -> WithJsonSchema:
    """The JSON Schema of a number of `places` decimals up to `maximum`, >= 0 (> 0).

    The model checks the value as a Decimal (max_digits, decimal_places, le); docs/openapi.json
    states the same bounds, and there a bound can only be a JSON number: the one place a float
    appears, as documentation, never in arithmetic.
    """
    step = Decimal("0.0001") if places == 4 else Decimal("0.01")
    lower = {"exclusiveMinimum": 0} if positive else {"minimum": 0}
    return WithJsonSchema(
        {
            "type": "number",
            **lower,
            "maximum": float(maximum),
            "multipleOf": float(step),
            "description": f"At most {places} decimal places. {NUMBER_RULE}",
        }
    )


def _at_most(maximum: Decimal) -> AfterValidator:
    """`le` said as a number: pydantic's own message would show the bound as Decimal('...')."""

    def check(value: Decimal) -> Decimal:
        if value > maximum:
            raise PydanticCustomError(
                "less_than_equal", "Input should be less than or equal to {le}", {"le": str(maximum)}
            )
        return value

    return AfterValidator(check)


Quantity = Annotated[
    Number,
    Field(gt=0, max_digits=15, decimal_places=4),
    _at_most(MAX_QUANTITY),
    _documented(4, MAX_QUANTITY, positive=True),
]
PatchQuantity = Annotated[
    Number, Field(ge=0, max_digits=15, decimal_places=4), _at_most(MAX_QUANTITY), _documented(4, MAX_QUANTITY)
]
Price = Annotated[
    Number, Field(ge=0, max_digits=15, decimal_places=4), _at_most(MAX_UNIT_PRICE), _documented(4, MAX_UNIT_PRICE)
]
# AuftLiefKost: part of the total, so never more than it.
Money = Annotated[
    Number,
    Field(ge=0, max_digits=15, decimal_places=2),
    _at_most(MAX_DOCUMENT_TOTAL),
    _documented(2, MAX_DOCUMENT_TOTAL),
]
Percent = Annotated[
    Number,
    Field(ge=0, le=100, max_digits=7, decimal_places=4),
    WithJsonSchema(
        {
            "type": "number",
            "minimum": 0,
            "maximum": 100,
            "multipleOf": 0.0001,
            "description": f"A percentage, at most 4 decimal places. {NUMBER_RULE}",
        }
    ),
]
PositionNumber = Annotated[int, Field(ge=1, le=999_999), LONG_INTEGER]


class Payment(RequestModel):
    """A Zahlung entry; its Key is assigned by the system (read only)."""

    Bezeichnung: Text255 | None = None
    Wert: Text200 | None = None


class DocumentAddresses(RequestModel):
    """Adressen of an order or quotation request: each given address overrides the customer's."""

    KontaktAdr: AddressIn | None = None
    LiefAdr: AddressIn | None = None
    RechAdr: AddressIn | None = None


class OrderHeader(RequestModel):
    """GrundDaten of POST /www/auftrag."""

    KundNr: KundNrStr
    AuftBestellNr: Text36 | None = None
    AuftBez: Text80 | None = None
    AuftBestellRef: Text60 | None = None
    AuftBestellT: Timestamp | None = None
    AuftLieferT: Timestamp | None = None
    WaehrAbk: Currency | None = None
    AuftKomment: Text255 | None = None
    KTNr: KTNrStr | None = None
    StaoNr: SqlInt | None = None
    KundBedTyp: TinyInt | None = None
    AuftLiefKost: Money | None = None


class OrderPosition(RequestModel):
    """A position of POST /www/auftrag: quantity in base unit, Preis overrides the system price."""

    ArtNr: ArtNrStr
    Menge: Quantity
    PosBez: Text2048 | None = None
    Preis: Price | None = None
    VPEinheit: VPEinheitStr | None = None
    GRabSatz: Percent | None = None
    VisPosNr: PositionNumber | None = None  # shown in the contract's POST samples


class OrderCreate(RequestModel):
    """The body of POST /www/auftrag."""

    GrundDaten: OrderHeader
    Adressen: DocumentAddresses | None = None
    Positionen: Annotated[list[OrderPosition], Field(min_length=1, max_length=MAX_POSITIONS)]
    Zahlung: Annotated[list[Payment], Field(max_length=MAX_PAYMENTS)] | None = None


class CreditedPosition(RequestModel):
    """A position an invoice's credit note gives back: its PosNr in the order, the quantity in the
    order's unit (the base unit; a packaging unit's position: whole packs of it)."""

    PosNr: PositionNumber
    Menge: Quantity


class CreditNoteCreate(RequestModel):
    """POST /www/rechnung/{RechNr}/gutschrift; without Positionen (or without a body): all not credited yet."""

    Positionen: list[CreditedPosition] | None = Field(default=None, min_length=1, max_length=MAX_POSITIONS)
    Retoure: bool = False  # the goods go back into stock, in the credit note's transaction


def credited_positions(body: CreditNoteCreate | None) -> list[tuple[int, Decimal]] | None:
    """The positions given back as (PosNr, Menge), in the request's order; None: all not credited yet."""
    if body is None or body.Positionen is None:
        return None
    return [(p.PosNr, p.Menge) for p in body.Positionen]


class ConversionHeader(RequestModel):
    """GrundDaten of PUT /www/auftrag."""

    KundNr: KundNrStr
    OffertNr: OffertNrStr


class OrderConvert(RequestModel):
    """The body of PUT /www/auftrag: a quotation becomes an order."""

    GrundDaten: ConversionHeader
    Zahlung: Annotated[list[Payment], Field(max_length=MAX_PAYMENTS)] | None = None


class QuotationHeader(RequestModel):
    """GrundDaten of POST /www/offerte; OrtLand (template quotations) decides domestic or foreign tax."""

    KundNr: KundNrStr | None = None
    AuftBestellNr: Text36 | None = None
    AuftBez: Text80 | None = None
    AuftBestellRef: Text60 | None = None
    AuftBestellT: Timestamp | None = None
    AuftLieferT: Timestamp | None = None
    AuftKomment: Text255 | None = None
    WaehrAbk: Currency | None = None
    OrtLand: Country | None = None


class QuotationPosition(RequestModel):
    """A position of POST /www/offerte: priced by the system."""

    ArtNr: ArtNrStr
    Menge: Quantity
    VPEinheit: VPEinheitStr | None = None
    GRabSatz: Percent | None = None
    VisPosNr: PositionNumber | None = None  # shown in the contract's POST samples


class QuotationCreate(RequestModel):
    """The body of POST /www/offerte."""

    GrundDaten: QuotationHeader = Field(default_factory=QuotationHeader)
    Adressen: DocumentAddresses | None = None
    Positionen: Annotated[list[QuotationPosition], Field(min_length=1, max_length=MAX_POSITIONS)]


class QuotationPatchHeader(RequestModel):
    """GrundDaten of PATCH /www/offerte: only the assignment to a customer."""

    KundNr: KundNrStr | None = None


class QuotationPatchPosition(RequestModel):
    """A position change (see backoffice.sales.position_patch): no PosNr adds, Menge 0 deletes.

    VPEinheit is an addition to the contract's table (docs/orders.md): without it an article sold
    in packaging units only could not be added, as it can by POST.
    """

    PosNr: PositionNumber | None = None
    ArtNr: ArtNrStr | None = None
    PosBez: Text2048 | None = None
    Menge: PatchQuantity
    VPEinheit: VPEinheitStr | None = None
    GRabSatz: Percent | None = None


class QuotationPatch(RequestModel):
    """The body of PATCH /www/offerte; an address is replaced only by a complete record."""

    GrundDaten: QuotationPatchHeader | None = None
    Adressen: DocumentAddresses | None = None
    Positionen: Annotated[list[QuotationPatchPosition], Field(max_length=MAX_POSITIONS)] | None = None


# --- parsed into the typed parts of a document --------------------------------------------------


def _moment(text: str | None) -> datetime | None:
    """A Timestamp field's value (already UTC, `...Z`) as the moment it names."""
    return None if text is None else datetime.fromisoformat(text)


def payments(entries: list[Payment] | None) -> tuple[document.Payment, ...]:
    """The Zahlung entries, each with its Key, unique inside the order (1, 2, ...)."""
    return tuple(
        document.Payment(p.Bezeichnung or "", p.Wert or "", str(number))
        for number, p in enumerate(entries or [], start=1)
    )


def given_addresses(adressen: DocumentAddresses | None) -> dict[str, AddressIn | None]:
    """The request's Adressen member by role (empty when absent), to be checked as a whole."""
    return {role: getattr(adressen, role) for role in document.ROLES} if adressen is not None else {}


def wanted(positions: Sequence[OrderPosition | QuotationPosition]) -> list[Wanted]:
    """Request positions (order or quotation) as positions to price, numbered 1..n."""
    return [
        Wanted(
            source=f"Positionen[{i}]",
            pos_nr=i + 1,
            art_nr=p.ArtNr,
            quantity=p.Menge,
            vpe_unit=p.VPEinheit,
            discount=p.GRabSatz if p.GRabSatz is not None else Decimal(0),
            description=p.PosBez if isinstance(p, OrderPosition) else None,
            price=p.Preis if isinstance(p, OrderPosition) else None,
            vis_pos_nr=p.VisPosNr,
        )
        for i, p in enumerate(positions)
    ]


def order_wish(body: OrderCreate) -> Wish:
    """POST /www/auftrag's body as what the new order is made from."""
    header = body.GrundDaten
    details = _details(header, payment_terms=header.KundBedTyp, delivery_costs=header.AuftLiefKost)
    return Wish(details, header.KTNr, given_addresses(body.Adressen), wanted(body.Positionen))


def quotation_wish(body: QuotationCreate) -> Wish:
    """POST /www/offerte's body as what the new quotation is made from."""
    header = body.GrundDaten
    details = _details(header, country=header.OrtLand)
    return Wish(details, None, given_addresses(body.Adressen), wanted(body.Positionen))


def _details(
    header: OrderHeader | QuotationHeader,
    *,
    payment_terms: int | None = None,
    delivery_costs: Decimal | None = None,
    country: str | None = None,
) -> document.Details:
    """The GrundDaten members an order and a quotation keep as sent, with those of one kind only."""
    return document.Details(
        purchase_order=header.AuftBestellNr,
        title=header.AuftBez,
        buyer_reference=header.AuftBestellRef,
        ordered_at=_moment(header.AuftBestellT),
        delivery_at=_moment(header.AuftLieferT),
        comment=header.AuftKomment,
        payment_terms=payment_terms,
        delivery_costs=delivery_costs,
        country=country,
    )


def position_changes(body: QuotationPatch) -> list[PositionChange]:
    """The PATCH body's positions as the plain changes backoffice.sales.position_patch applies."""
    return [
        PositionChange(
            quantity=item.Menge,
            pos_nr=item.PosNr,
            art_nr=item.ArtNr,
            description=item.PosBez,
            discount=item.GRabSatz,
            vpe_unit=item.VPEinheit,
        )
        for item in body.Positionen or []
    ]


__all__ = [
    "MAX_PAYMENTS",
    "MAX_POSITIONS",
    "ConversionHeader",
    "DocumentAddresses",
    "OrderConvert",
    "OrderCreate",
    "OrderHeader",
    "OrderPosition",
    "Payment",
    "QuotationCreate",
    "QuotationHeader",
    "QuotationPatch",
    "QuotationPatchHeader",
    "QuotationPatchPosition",
    "QuotationPosition",
    "given_addresses",
    "order_wish",
    "payments",
    "position_changes",
    "quotation_wish",
    "wanted",
]
