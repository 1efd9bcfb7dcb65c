"""The parts every order and quotation request shares (Zahlung, Adressen) and their parsing into the
typed parts of a document (`document.Details`, `Payment`, the positions to price): the one place a
request's German field names are read. The bodies themselves: `order_models` (POST and PUT
/www/auftrag), `quotation_models` (POST and PATCH /www/offerte), `credit_note_models` (POST
/www/rechnung/{RechNr}/gutschrift); their field types: `request_fields`.

Adressen uses the customers' request address (`backoffice.parties.addresses.AddressIn`, with AdrCheck).
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Protocol

from backoffice.models import RequestModel
from backoffice.parties.addresses import AddressIn
from backoffice.sales import document
from backoffice.sales.position_pricing import Wanted
from backoffice.sales.request_fields import Text200, Text255

MAX_PAYMENTS = 50


class Payment(RequestModel):
    """A Zahlung entry; its Key is assigned by the system (read only)."""

    Bezeichnung: Text255 | None = None
    Wert: Text200 | None = None


class DocumentAddresses(RequestModel):
    """Adressen of an order or quotation request: each given address overrides the customer's."""

    KontaktAdr: AddressIn | None = None
    LiefAdr: AddressIn | None = None
    RechAdr: AddressIn | None = None


# --- parsed into the typed parts of a document --------------------------------------------------


class Header(Protocol):
    """The GrundDaten members an order and a quotation share (`OrderHeader`, `QuotationHeader`)."""

    AuftBestellNr: str | None
    AuftBez: str | None
    AuftBestellRef: str | None
    AuftBestellT: str | None
    AuftLieferT: str | None
    AuftKomment: str | None


class Position(Protocol):
    """The members a request position of an order and of a quotation share."""

    ArtNr: str
    Menge: Decimal
    VPEinheit: str | None
    GRabSatz: Decimal | None
    VisPosNr: int | None


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


def wanted(index: int, position: Position, description: str | None = None, price: Decimal | None = None) -> Wanted:
    """The request's position `index` (order or quotation) as a position to price, numbered from 1."""
    return Wanted(
        source=f"Positionen[{index}]",
        pos_nr=index + 1,
        art_nr=position.ArtNr,
        quantity=position.Menge,
        vpe_unit=position.VPEinheit,
        discount=position.GRabSatz if position.GRabSatz is not None else Decimal(0),
        description=description,
        price=price,
        vis_pos_nr=position.VisPosNr,
    )


def details(
    header: Header,
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


__all__ = [
    "MAX_PAYMENTS",
    "DocumentAddresses",
    "Header",
    "Payment",
    "Position",
    "details",
    "given_addresses",
    "payments",
    "wanted",
]
