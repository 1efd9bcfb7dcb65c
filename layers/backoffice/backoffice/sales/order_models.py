"""The bodies of POST /www/auftrag (a new order) and PUT /www/auftrag (a quotation becomes an order),
and the new order's wish parsed from them."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from backoffice.models import RequestModel, SqlInt, TinyInt
from backoffice.sales.calculation import MAX_POSITIONS
from backoffice.sales.drafts import Wish
from backoffice.sales.request_fields import (
    ArtNrStr,
    Currency,
    KTNrStr,
    KundNrStr,
    Money,
    OffertNrStr,
    Percent,
    PositionNumber,
    Price,
    Quantity,
    Text36,
    Text60,
    Text80,
    Text255,
    Text2048,
    Timestamp,
    VPEinheitStr,
)
from backoffice.sales.request_models import MAX_PAYMENTS, DocumentAddresses, Payment, details, given_addresses, wanted


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


class ConversionHeader(RequestModel):
    """GrundDaten of PUT /www/auftrag."""

    KundNr: KundNrStr
    OffertNr: OffertNrStr


class OrderConvert(RequestModel):
    """The body of PUT /www/auftrag: a quotation becomes an order."""

    GrundDaten: ConversionHeader
    Zahlung: Annotated[list[Payment], Field(max_length=MAX_PAYMENTS)] | None = None


def order_wish(body: OrderCreate) -> Wish:
    """POST /www/auftrag's body as what the new order is made from."""
    header = body.GrundDaten
    parsed = details(header, payment_terms=header.KundBedTyp, delivery_costs=header.AuftLiefKost)
    positions = [wanted(i, p, p.PosBez, p.Preis) for i, p in enumerate(body.Positionen)]
    return Wish(parsed, header.KTNr, given_addresses(body.Adressen), positions)
