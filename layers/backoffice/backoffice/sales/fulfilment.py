"""The life of an order after it is taken (issue 37): its deliveries, its cancellations, the invoice of
what was delivered, and the AuftStatus that follows them, as rules over plain data.

Pure: no table, no configuration, no route. A writer loads an order's `OrderState` (its positions
with what was delivered, cancelled and invoiced of each, and its deliveries), asks a rule here what
a request means (`check_delivery`, `check_cancellation`, `next_invoice`, `with_tracking`), writes
what the rule answers, and takes the state after it (`after_delivery`, `after_cancellation`,
`after_invoice`): its `status` is the order's AuftStatus and the PlanStatus of the customer's order
list. These are the rules of the coming fulfilment routes (docs/orders.md, "Lifecycle"; the choices
where the contract is silent: docs/adr-drafts/fulfilment.md).

Every quantity here is in the position's base unit (as PosAnzBest), an exact Decimal. A position
sold in a packaging unit (VPE) is delivered, cancelled and invoiced in whole packs of it: its stock
item counts packs, and its figures are packs x pack price (`sales.calculation`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from decimal import Decimal
from functools import cached_property
from typing import Any
from urllib.parse import urlsplit

from backoffice.errors import Conflict, InvalidRequest
from backoffice.models import INT_MAX
from backoffice.money import ZERO, decimal, divide, finite, plain
from backoffice.sales.calculation import PositionInput
from backoffice.sales.request_fields import utc_timestamp
from backoffice.text import first_illegal

# The contract's AuftStatus of an order (and PlanStatus of its order-list entry): new, open, completed.
NEW, OPEN, COMPLETED = "N", "O", "A"
# The lengths of a delivery's texts (the contract has none; these are those of its like fields).
CARRIER_LENGTH = 60  # Spediteur, as AuftBestellRef
TRACKING_NUMBER_LENGTH = 60  # TrackingNr
TRACKING_URL_LENGTH = 2048  # TrackingURL, as PosBez
DATE_LENGTH = 20  # LiefDatum: char(20), as AuftLieferT

StockKey = tuple[str, str | None]  # (ArtNr, VPEinheit or None): a stock item at the order's location
Quantities = tuple[tuple[int, Decimal], ...]  # (PosNr, quantity in the base unit), in request order


def stock_item(art_nr: str, vpe_unit: str, vpe_factor: Decimal, quantity: Decimal) -> tuple[StockKey, Decimal]:
    """The stock item a position's quantity (base unit) moves, and by how much in the item's own
    unit: base units for a position without packaging unit, packs (quantity / Faktor) for a VPE's
    item. The one rule of an order's reservations (`orders.reservations`) and of what a
    cancellation gives back."""
    unit = vpe_unit or None
    count = quantity if unit is None else plain(finite(divide(quantity, vpe_factor)))
    return (art_nr, unit), count


@dataclass(frozen=True)
class PositionState:
    """One position of an order and what happened to it, in its base unit.

    `stock_managed`: whether the order reserved stock for it (the article's AnLager, as
    `orders.reservations` decided); `decimals`: whether its article is counted in fractions
    (`catalogue.articles.takes_decimals`); both as the loader finds the article.
    """

    pos_nr: int
    art_nr: str
    ordered: Decimal  # PosAnzBest
    vpe_unit: str = ""  # VPEinheit; empty: sold by the base unit
    vpe_factor: Decimal = Decimal(1)  # base units per packaging unit
    stock_managed: bool = True
    decimals: bool = False
    delivered: Decimal = ZERO
    cancelled: Decimal = ZERO
    invoiced: Decimal = ZERO

    @classmethod
    def of(cls, position: PositionInput, *, stock_managed: bool = True, decimals: bool = False) -> PositionState:
        """A stored position, before anything happened to it."""
        return cls(
            position.pos_nr,
            position.art_nr,
            position.quantity,
            position.vpe_unit,
            position.vpe_factor,
            stock_managed=stock_managed,
            decimals=decimals,
        )

    @property
    def open(self) -> Decimal:
        """Still to deliver: ordered less delivered less cancelled."""
        return self.ordered - self.delivered - self.cancelled

    @property
    def uninvoiced(self) -> Decimal:
        """Delivered and not invoiced yet (0 when an invoice of the whole order came first)."""
        return max(self.delivered - self.invoiced, ZERO)

    @property
    def cancellable(self) -> Decimal:
        """What may still be cancelled: neither delivered, nor invoiced, nor cancelled already."""
        return self.ordered - self.cancelled - max(self.delivered, self.invoiced)

    @property
    def done(self) -> bool:
        """Every ordered unit is delivered and invoiced, or cancelled."""
        return self.cancelled + min(self.delivered, self.invoiced) == self.ordered

    @property
    def untouched(self) -> bool:
        return self.delivered == self.cancelled == self.invoiced == ZERO


@dataclass(frozen=True)
class Tracking:
    """How a delivery travels; each field optional, and each may be added later (PATCH)."""

    carrier: str | None = None  # Spediteur
    number: str | None = None  # TrackingNr
    url: str | None = None  # TrackingURL, https only


@dataclass(frozen=True)
class Delivery:
    """A delivery as recorded: its number within the order (LiefNr 1, 2, ...), when and where from
    it left, what it carried (PosNr, base quantity) and how it travels."""

    number: int
    shipped_at: datetime  # LiefDatum, UTC
    location: int  # StaoNr it left from
    lines: Quantities
    tracking: Tracking = field(default_factory=Tracking)

    def quantity(self, pos_nr: int) -> Decimal:
        return sum((q for p, q in self.lines if p == pos_nr), ZERO)


@dataclass(frozen=True)
class OrderState:
    """An order as its lifecycle sees it: its number, the location it reserved stock at, its
    positions with their progress and its deliveries. Build it with `order_state`."""

    number: str
    location: int
    positions: tuple[PositionState, ...]
    deliveries: tuple[Delivery, ...] = ()

    @cached_property
    def _by_pos_nr(self) -> dict[int, PositionState]:
        return {p.pos_nr: p for p in self.positions}

    def position(self, pos_nr: int) -> PositionState | None:
        return self._by_pos_nr.get(pos_nr)

    @property
    def status(self) -> str:
        """AuftStatus (and PlanStatus): N while nothing happened; A when every position is done
        (so a wholly cancelled order is A); O in between (delivered but not invoiced stays O)."""
        if all(p.untouched for p in self.positions):
            return NEW
        return COMPLETED if all(p.done for p in self.positions) else OPEN

    @property
    def cancelled_whole(self) -> bool:
        """Every ordered unit is cancelled: the read shape's GrundDaten.AuftStorniert."""
        return bool(self.positions) and all(p.cancelled == p.ordered for p in self.positions)

    @property
    def next_delivery_number(self) -> int:
        return max((d.number for d in self.deliveries), default=0) + 1


def status_change(before: OrderState, after: OrderState) -> str | None:
    """The new AuftStatus when a write moved the order to another one, else None. The customer's
    order list follows it: the writer moves the order's entry to the same PlanStatus
    (`parties.order_list.status_change_ops`) in the write's own transaction."""
    return after.status if after.status != before.status else None


def order_state(
    number: str,
    location: int,
    positions: Iterable[PositionState],
    deliveries: Iterable[Delivery] = (),
) -> OrderState:
    """The state of an order whose positions carry what was cancelled and invoiced of them; what
    was delivered of each is the sum of its deliveries."""
    recorded = tuple(sorted(deliveries, key=lambda d: d.number))
    counted = tuple(replace(p, delivered=sum((d.quantity(p.pos_nr) for d in recorded), ZERO)) for p in positions)
    return OrderState(number, location, counted, recorded)


# --- requests -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Wanted:
    """A position named by a delivery or a cancellation: its PosNr and a quantity, either in the
    base unit (`quantity`, Menge) or in packaging units of the position's VPE (`packs`, VPEMenge).
    `unit` (VPEinheit), when given, must be the position's packaging unit."""

    pos_nr: int
    quantity: Decimal | None = None
    packs: Decimal | None = None
    unit: str | None = None


@dataclass(frozen=True)
class DeliveryRequest:
    """A delivery as a client asks for it. `lines` None: everything still open; `location` None:
    the order's location (the route checks a given one against the company's warehouses)."""

    date: str  # LiefDatum, ISO 8601
    lines: Sequence[Wanted] | None = None
    location: int | None = None
    tracking: Tracking = field(default_factory=Tracking)


@dataclass(frozen=True)
class Cancellation:
    """A checked cancellation: what of each position is cancelled, whether the request named no
    positions (the whole rest of the order), and the stock given back at the order's location per
    stock item, in the item's own unit."""

    lines: Quantities
    whole: bool
    stock: dict[StockKey, Decimal]


@dataclass(frozen=True)
class InvoicePart:
    """What the next invoice of an order covers (PosNr, base quantity).

    `whole`: the order has no deliveries, so it is invoiced whole (less what was cancelled), as
    before issue 37; `supplied_at` is then None and BT-72 stays the invoice model's rule. Else the
    invoice covers what was delivered and not invoiced, and `supplied_at` is the latest date of the
    deliveries it covers (BT-72)."""

    lines: Quantities
    whole: bool
    supplied_at: datetime | None


def check_delivery(state: OrderState, request: DeliveryRequest) -> Delivery:
    """The delivery `request` asks for, checked against the order and numbered; 400 naming the field
    for what no delivery can be (unknown position, quantity 0 or less, a VPE the position does not
    have, not whole units, a date that is not ISO 8601, a tracking URL that is not https, text XML
    cannot carry), 409 for more than is still open (naming the position and what is open)."""
    shipped_at = _moment(request.date)
    location = state.location if request.location is None else _location(request.location)
    tracking = _tracking(request.tracking, Tracking())
    if request.lines is None:
        wanted = {p.pos_nr: p.open for p in state.positions if p.open > 0}
        if not wanted:
            raise Conflict(f"Order {state.number} has nothing left to deliver.", {"AuftNr": state.number})
    else:
        wanted = _requested(state, request.lines)
        for pos_nr, quantity in wanted.items():
            _check_open(state, pos_nr, quantity)
    return Delivery(state.next_delivery_number, shipped_at, location, tuple(wanted.items()), tracking)


def with_tracking(delivery: Delivery, change: Tracking) -> Delivery:
    """The delivery with the tracking fields `change` gives (the others kept); its quantities never change."""
    return replace(delivery, tracking=_tracking(change, delivery.tracking))


def check_cancellation(state: OrderState, lines: Sequence[Wanted] | None) -> Cancellation:
    """The cancellation of `lines`, or (None) of everything still cancellable; 400 as a delivery's
    lines, 409 for more than may be cancelled (nothing delivered or invoiced can be: a credit
    note's job) or when nothing is left to cancel."""
    if lines is None:
        wanted = {p.pos_nr: p.cancellable for p in state.positions if p.cancellable > 0}
        if not wanted:
            raise Conflict(
                f"Order {state.number} has nothing left to cancel: the rest is delivered, invoiced or cancelled.",
                {"AuftNr": state.number, "AuftStatus": state.status},
            )
    else:
        wanted = _requested(state, lines)
        for pos_nr, quantity in wanted.items():
            _check_cancellable(state, pos_nr, quantity)
    return Cancellation(tuple(wanted.items()), lines is None, stock_given_back(state, wanted))


def stock_given_back(state: OrderState, quantities: Mapping[int, Decimal]) -> dict[StockKey, Decimal]:
    """What each stock item at the order's location gets back for `quantities` (PosNr -> base
    quantity) cancelled: the reservation's own units, positions that reserved nothing left out."""
    amounts: dict[StockKey, Decimal] = {}
    for pos_nr, quantity in quantities.items():
        p = state.position(pos_nr)
        if p is None or not p.stock_managed:
            continue
        key, count = stock_item(p.art_nr, p.vpe_unit, p.vpe_factor, quantity)
        amounts[key] = amounts.get(key, ZERO) + count
    return amounts


def next_invoice(state: OrderState) -> InvoicePart:
    """What the order's next invoice covers; 409 when there is nothing to invoice."""
    whole = not state.deliveries
    if whole:
        left = {p.pos_nr: p.ordered - p.cancelled - p.invoiced for p in state.positions}
    else:
        left = {p.pos_nr: p.uninvoiced for p in state.positions}
    lines = {pos_nr: quantity for pos_nr, quantity in left.items() if quantity > 0}
    if not lines:
        why = "is invoiced or cancelled in full" if whole else "has nothing delivered that is not invoiced"
        raise Conflict(f"Order {state.number} {why}.", {"AuftNr": state.number, "AuftStatus": state.status})
    return InvoicePart(tuple(lines.items()), whole, None if whole else _supplied_at(state, lines))


def _supplied_at(state: OrderState, lines: Mapping[int, Decimal]) -> datetime | None:
    """The latest date of the deliveries an invoice of `lines` covers: of each position, what was
    delivered first is invoiced first, so a delivery is covered when not all of it was invoiced."""
    latest: datetime | None = None
    for pos_nr in lines:
        position = state.position(pos_nr)
        invoiced_before = position.invoiced if position is not None else ZERO
        running = ZERO
        for d in state.deliveries:
            carried = d.quantity(pos_nr)
            running += carried
            if carried and running > invoiced_before and (latest is None or d.shipped_at > latest):
                latest = d.shipped_at
    return latest


# --- the state after a write --------------------------------------------------------------------


def after_delivery(state: OrderState, delivery: Delivery) -> OrderState:
    return order_state(state.number, state.location, state.positions, (*state.deliveries, delivery))


def after_cancellation(state: OrderState, cancellation: Cancellation) -> OrderState:
    return _added(state, dict(cancellation.lines), "cancelled")


def after_invoice(state: OrderState, invoice: InvoicePart) -> OrderState:
    return _added(state, dict(invoice.lines), "invoiced")


def _added(state: OrderState, quantities: Mapping[int, Decimal], what: str) -> OrderState:
    positions = tuple(
        replace(p, **{what: getattr(p, what) + quantities[p.pos_nr]}) if p.pos_nr in quantities else p
        for p in state.positions
    )
    return replace(state, positions=positions)


# --- the read shape -----------------------------------------------------------------------------


def head_fields(state: OrderState) -> dict[str, Any]:
    """What the order's GrundDaten adds: `AuftStorniert: true` when the whole order was cancelled
    (AuftStatus is then A, as for a completed one); nothing otherwise, so an order nothing happened
    to reads as before."""
    return {"AuftStorniert": True} if state.cancelled_whole else {}


def position_fields(position: PositionState) -> dict[str, Any]:
    """What a position of the read shape adds, in the base unit as PosAnzBest: delivered
    (PosAnzGeliefert), cancelled (PosAnzStorniert), invoiced (PosAnzFakturiert); each only when not 0."""
    fields = {
        "PosAnzGeliefert": position.delivered,
        "PosAnzStorniert": position.cancelled,
        "PosAnzFakturiert": position.invoiced,
    }
    return {name: plain(value) for name, value in fields.items() if value}


# --- checks -------------------------------------------------------------------------------------


def _requested(state: OrderState, lines: Sequence[Wanted]) -> dict[int, Decimal]:
    """The lines' base quantities by PosNr, in request order; 400 naming the line's field."""
    if not lines:
        raise InvalidRequest("Name at least one position.", {"Positionen": "must not be empty"})
    wanted: dict[int, Decimal] = {}
    for index, line in enumerate(lines):
        where = f"Positionen[{index}]"
        position = state.position(line.pos_nr)
        if position is None or line.pos_nr in wanted:
            problem = "is named twice" if line.pos_nr in wanted else f"is no position of order {state.number}"
            raise InvalidRequest(f"PosNr {line.pos_nr} {problem}.", {f"{where}.PosNr": problem})
        wanted[line.pos_nr] = _base_quantity(position, line, where)
    return wanted


def _base_quantity(position: PositionState, line: Wanted, where: str) -> Decimal:
    """A line's quantity in the position's base unit: Menge as it is, VPEMenge x the position's Faktor."""
    if (line.quantity is None) == (line.packs is None):
        raise InvalidRequest(
            "Give a position's quantity either in its base unit (Menge) or in packaging units (VPEMenge).",
            {f"{where}.Menge": "give either Menge or VPEMenge"},
        )
    if line.unit is not None and line.unit != position.vpe_unit:
        has = f"is sold in {position.vpe_unit}" if position.vpe_unit else "has no packaging unit"
        raise InvalidRequest(
            f"Position {position.pos_nr} {has}.", {f"{where}.VPEinheit": f"position {position.pos_nr} {has}"}
        )
    if line.packs is not None:
        if not position.vpe_unit:
            raise InvalidRequest(
                f"Position {position.pos_nr} has no packaging unit.",
                {f"{where}.VPEMenge": f"position {position.pos_nr} has no packaging unit: give Menge"},
            )
        given, name = decimal(line.packs, "VPEMenge"), f"{where}.VPEMenge"
        base = given * position.vpe_factor
    else:
        given, name = decimal(line.quantity, "Menge"), f"{where}.Menge"
        base = given
    if given <= 0:
        raise InvalidRequest("A quantity must be more than 0.", {name: f"{plain(given)} is not more than 0"})
    _check_units(position, None if line.packs is None else given, base, name)
    return base


def _check_units(position: PositionState, packs: Decimal | None, base: Decimal, name: str) -> None:
    """A VPE position moves in whole packs; a position of an article without decimals in whole units."""
    if position.vpe_unit and divide(base, position.vpe_factor).denominator != 1:
        unit, factor = position.vpe_unit, plain(position.vpe_factor)
        why = (
            f"{plain(base)} is not a multiple of {factor} ({unit})"
            if packs is None
            else f"{plain(packs)} is not a whole number of {unit}"
        )
        raise InvalidRequest("A quantity is not a whole number of packaging units.", {name: why})
    if not position.vpe_unit and not position.decimals and base != base.to_integral_value():
        raise InvalidRequest(
            "A quantity is not a whole number of units.",
            {name: f"article {position.art_nr} is counted in whole units: {plain(base)} is not a whole number"},
        )


def _check_open(state: OrderState, pos_nr: int, quantity: Decimal) -> None:
    p = state.position(pos_nr)
    if p is not None and quantity > p.open:
        raise Conflict(
            f"Position {pos_nr} of order {state.number} has {plain(p.open)} left to deliver, not {plain(quantity)}.",
            {
                "PosNr": pos_nr,
                "Menge": plain(quantity),
                "open": plain(p.open),
                "ordered": plain(p.ordered),
                "delivered": plain(p.delivered),
                "cancelled": plain(p.cancelled),
            },
        )


def _check_cancellable(state: OrderState, pos_nr: int, quantity: Decimal) -> None:
    p = state.position(pos_nr)
    if p is not None and quantity > p.cancellable:
        raise Conflict(
            f"Position {pos_nr} of order {state.number} has {plain(p.cancellable)} that may be cancelled, "
            f"not {plain(quantity)}: what is delivered or invoiced cannot be cancelled (a credit note gives it back).",
            {
                "PosNr": pos_nr,
                "Menge": plain(quantity),
                "cancellable": plain(p.cancellable),
                "ordered": plain(p.ordered),
                "delivered": plain(p.delivered),
                "invoiced": plain(p.invoiced),
                "cancelled": plain(p.cancelled),
            },
        )


def _moment(value: str) -> datetime:
    """LiefDatum: an ISO 8601 date or time (as AuftLieferT), as a UTC moment."""
    if not isinstance(value, str) or len(value) > DATE_LENGTH:
        raise InvalidRequest("LiefDatum is not an ISO 8601 date.", {"LiefDatum": f"at most {DATE_LENGTH} characters"})
    try:
        return datetime.fromisoformat(utc_timestamp(value))
    except ValueError as exc:
        raise InvalidRequest("LiefDatum is not an ISO 8601 date.", {"LiefDatum": str(exc)}) from None


def _location(value: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= INT_MAX:
        raise InvalidRequest("StaoNr is no location.", {"StaoNr": f"a location number from 1 to {INT_MAX}"})
    return value


def _tracking(change: Tracking, before: Tracking) -> Tracking:
    """`before` with the fields `change` gives, each checked: texts XML can carry, the URL https."""
    carrier = before.carrier if change.carrier is None else _text(change.carrier, "Spediteur", CARRIER_LENGTH)
    number = before.number if change.number is None else _text(change.number, "TrackingNr", TRACKING_NUMBER_LENGTH)
    url = before.url if change.url is None else _https(change.url)
    return Tracking(carrier, number, url)


def _text(value: str, name: str, length: int) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > length:
        raise InvalidRequest(f"{name} is not a text of 1 to {length} characters.", {name: f"1 to {length} characters"})
    if why := first_illegal(value):
        raise InvalidRequest(f"{name} holds a character XML 1.0 cannot carry.", {name: f"contains {why}"})
    return value


def _https(value: str) -> str:
    """A tracking URL a customer may open: https, a host, no credentials, no blanks."""
    url = _text(value, "TrackingURL", TRACKING_URL_LENGTH)
    try:
        parts = urlsplit(url)
        fine = parts.scheme.lower() == "https" and bool(parts.hostname) and parts.username is None
    except ValueError:
        fine = False
    if not fine or any(c.isspace() for c in url):
        raise InvalidRequest(
            "TrackingURL is not an https URL.", {"TrackingURL": "an https URL with a host and no user or blanks"}
        )
    return url
