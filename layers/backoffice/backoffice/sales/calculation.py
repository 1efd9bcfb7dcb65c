"""A quotation or order computed from plain position data: positions, tax recap and totals.

Nothing here reads a table or a configuration: pricing (unit price, Preisart, VPE factor) and the
tax codes come in as plain values, so every figure of a document can be recomputed from its
stored positions alone (docs/decisions.md, section Money).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from backoffice.errors import InvalidRequest
from backoffice.money import (
    HUNDRED,
    ZERO,
    decimal,
    discounted,
    divide,
    multiply,
    net_from_gross,
    plain,
    round_cents,
    round_total,
    tax_in_gross,
    tax_on_net,
)

MAX_POSITIONS = 500  # positions of one order or quotation
NET = "N"  # Preisart N: the list price is net, tax comes on top
GROSS = "B"  # Preisart B: the list price includes the tax
RECAP_SECTION = "UST-Rekap"
TAX_CLASSES = frozenset({"D", "C", "X"})  # German, Swiss, other tax declaration

# Countries that form one tax area with the company's country (Liechtenstein is Swiss VAT territory).
_TAX_AREAS = ({"CH", "LI"},)


@dataclass(frozen=True)
class TaxCode:
    """A configured tax code, as the recapitulation shows it."""

    code: str  # PosWUSTCode
    rate: Decimal  # PosWUSTSatz, percent
    designation: str  # PosWUSTBez
    klasse: str  # PosWUSTKlasse: D, C or X
    sales_line: str = ""  # PosUSTSZiffer: sales-tax form line
    input_line: str = ""  # PosVSTSZiffer: input-tax form line
    turnover_line: str = ""  # PosUSTUZiffer: turnover form line

    def __post_init__(self) -> None:
        rate = decimal(self.rate, f"rate of tax code {self.code}")
        if rate < 0:
            raise ValueError(f"tax code {self.code}: negative rate {rate}")
        if self.klasse not in TAX_CLASSES:
            raise ValueError(f"tax code {self.code}: class {self.klasse!r} is not one of D, C, X")


@dataclass(frozen=True)
class PositionInput:
    """One position as pricing delivers it: quantity in base unit, unit price per base unit."""

    pos_nr: int
    art_nr: str
    quantity: Decimal  # Menge, in the article's base unit
    unit_price: Decimal  # per base unit: the system price, or the Preis override
    tax: TaxCode  # the article's domestic tax code
    price_kind: str = NET  # Preisart of unit_price: N or B
    description: str = ""
    vis_pos_nr: int | None = None  # display order; defaults to the place in the list
    vpe_unit: str = ""  # VPEinheit; empty: no packaging unit
    vpe_factor: Decimal = Decimal(1)  # base units per packaging unit
    discount: Decimal = ZERO  # GRabSatz, percent
    source: str = ""  # the request path naming this position in errors, e.g. "Positionen[3]"


@dataclass(frozen=True)
class Position:
    """A computed position; read_shape() is the contract's Positionen item."""

    pos_nr: int
    vis_pos_nr: int
    art_nr: str
    description: str
    quantity: Decimal
    price_basis: Decimal  # quantity * unit price, before discount, 2 decimals
    unit_price: Decimal  # in the document's Preisart
    total: Decimal  # after discount, 2 decimals, in the document's Preisart
    tax_amount: Decimal  # tax of this position alone (informational; the recap is binding)
    vpe_unit: str
    vpe_quantity: Decimal | None
    vpe_unit_price: Decimal | None
    tax: TaxCode
    discount: Decimal

    def read_shape(self) -> dict[str, Any]:
        return {
            "PosNr": self.pos_nr,
            "VisPosNr": self.vis_pos_nr,
            "ArtNr": self.art_nr,
            "PosBez": self.description,
            "PosAnzBest": self.quantity,
            "PosPreisBasis": self.price_basis,
            "PosPreisEinzel": self.unit_price,
            "PosPreisTotal": self.total,
            "PosPreisWUSTBetrag": self.tax_amount,
            "VPEAnzBest": self.vpe_quantity,
            "VPEPreisEinzel": self.vpe_unit_price,
            "VPEinheit": self.vpe_unit,
            "WUSTSatz": plain(self.tax.rate),
            "GRabSatz": self.discount,
        }


@dataclass(frozen=True)
class TaxLine:
    """The positions of one tax code merged: net, and the tax computed once on the merged amount."""

    currency: str
    tax: TaxCode
    net: Decimal
    amount: Decimal

    def read_shape(self) -> dict[str, Any]:
        return {
            "Abschnitt": RECAP_SECTION,
            "WaehrAbk": self.currency,
            "PosWUST": self.amount,
            "PosWUSTSatz": plain(self.tax.rate),
            "PosWUSTBez": self.tax.designation,
            "PosBetragNetto": self.net,
            "PosWUSTCode": self.tax.code,
            "PosWUSTKlasse": self.tax.klasse,
            "PosUSTSZiffer": self.tax.sales_line,
            "PosVSTSZiffer": self.tax.input_line,
            "PosUSTUZiffer": self.tax.turnover_line,
        }


@dataclass(frozen=True)
class Document:
    currency: str
    price_kind: str  # N: positions show net prices; B: positions show gross prices
    positions: tuple[Position, ...]
    recap: tuple[TaxLine, ...]
    net: Decimal  # AuftNetto
    tax: Decimal  # AuftWUST
    gross: Decimal  # AuftBrutto, rounded to the currency's smallest coin
    rounding: Decimal = field(default=ZERO)  # gross - (net + tax): the Rappen rounding

    def totals(self) -> dict[str, Decimal]:
        """The GrundDaten members of the totals."""
        return {"AuftNetto": self.net, "AuftWUST": self.tax, "AuftBrutto": self.gross}

    def read_shape(self) -> dict[str, Any]:
        """Positionen and MWSTRekapitulation as the contract lists them."""
        return {
            "Positionen": [p.read_shape() for p in self.positions],
            "MWSTRekapitulation": [line.read_shape() for line in self.recap],
        }


def is_domestic(company_country: str, country: str | None) -> bool:
    """Whether a delivery to `country` is taxed at home; no country given counts as domestic."""
    home, there = company_country.strip().upper(), (country or "").strip().upper()
    if not there or there == home:
        return True
    return any(home in area and there in area for area in _TAX_AREAS)


def compute_document(
    positions: Sequence[PositionInput],
    currency: str,
    export_tax: TaxCode | None = None,
) -> Document:
    """The document of `positions` in `currency`.

    `export_tax` is given for a foreign customer (or a template quotation with a foreign
    OrtLand): every position is then taxed with that code, whose rate must be 0, and gross list
    prices lose the domestic tax they contain. Without it, each position carries its own code.
    """
    if export_tax is not None and decimal(export_tax.rate) != 0:
        raise ValueError(f"export tax code {export_tax.code} must have rate 0, not {export_tax.rate}")
    _check_unique(positions)
    gross_document = bool(positions) and export_tax is None and all(p.price_kind == GROSS for p in positions)
    kind = GROSS if gross_document else NET
    computed = tuple(
        _position(p, index, kind, export_tax or p.tax, currency) for index, p in enumerate(positions, start=1)
    )
    recap = _recap(computed, kind, currency)
    # The sums of two-decimal amounts, written with two decimals even when there is no line.
    net = round_cents(sum((line.net for line in recap), ZERO))
    tax = round_cents(sum((line.amount for line in recap), ZERO))
    gross = round_total(net + tax, currency)
    return Document(
        currency=currency,
        price_kind=kind,
        positions=computed,
        recap=recap,
        net=net,
        tax=tax,
        gross=gross,
        rounding=gross - (net + tax),
    )


def _check_unique(positions: Sequence[PositionInput]) -> None:
    seen: set[int] = set()
    for p in positions:
        if p.pos_nr in seen:
            raise ValueError(f"PosNr {p.pos_nr} appears twice")
        seen.add(p.pos_nr)


def _position(p: PositionInput, index: int, kind: str, tax: TaxCode, currency: str) -> Position:
    quantity = decimal(p.quantity, f"Menge of PosNr {p.pos_nr}")
    unit_price = decimal(p.unit_price, f"price of PosNr {p.pos_nr}")
    discount = decimal(p.discount, f"GRabSatz of PosNr {p.pos_nr}")
    factor = decimal(p.vpe_factor, f"VPE factor of PosNr {p.pos_nr}")
    # The request models refuse these; reaching here with them is a bug, not a client error.
    if quantity <= 0:
        raise ValueError(f"PosNr {p.pos_nr}: quantity {quantity} must be positive")
    if unit_price < 0:
        raise ValueError(f"PosNr {p.pos_nr}: negative unit price {unit_price}")
    if not ZERO <= discount <= HUNDRED:
        raise ValueError(f"PosNr {p.pos_nr}: discount {discount} % outside 0..100")
    if factor <= 0:
        raise ValueError(f"PosNr {p.pos_nr}: VPE factor {factor} must be positive")
    if p.price_kind not in (NET, GROSS):
        raise ValueError(f"PosNr {p.pos_nr}: Preisart {p.price_kind!r} is not N or B")

    if p.price_kind == GROSS and kind == NET:
        # A gross list price in a net document (mixed Preisart, or export): without its own tax.
        unit_price = net_from_gross(unit_price, p.tax.rate)

    vpe_quantity = vpe_unit_price = None
    if p.vpe_unit:
        vpe_quantity = divide(quantity, factor)
        if vpe_quantity != vpe_quantity.to_integral_value():
            where = p.source or f"Positionen[{index - 1}]"
            raise InvalidRequest(
                "A quantity is not a whole number of packaging units.",
                {f"{where}.Menge": f"{plain(quantity)} is not a multiple of {plain(factor)} ({p.vpe_unit})"},
            )
        vpe_quantity = plain(vpe_quantity)
        vpe_unit_price = multiply(unit_price, factor)

    total = round_cents(discounted(multiply(quantity, unit_price), discount))
    tax_amount = tax_in_gross(total, tax.rate) if kind == GROSS else tax_on_net(total, tax.rate)
    return Position(
        pos_nr=p.pos_nr,
        vis_pos_nr=p.vis_pos_nr if p.vis_pos_nr is not None else index,
        art_nr=p.art_nr,
        description=p.description,
        quantity=plain(quantity),
        price_basis=round_cents(multiply(quantity, unit_price)),
        unit_price=unit_price,
        total=total,
        tax_amount=tax_amount,
        vpe_unit=p.vpe_unit,
        vpe_quantity=vpe_quantity,
        vpe_unit_price=vpe_unit_price,
        tax=tax,
        discount=plain(discount),
    )


def _recap(positions: Sequence[Position], kind: str, currency: str) -> tuple[TaxLine, ...]:
    merged: dict[str, tuple[TaxCode, Decimal]] = {}
    for p in positions:
        code, amount = merged.get(p.tax.code, (p.tax, ZERO))
        if code != p.tax:
            raise ValueError(f"tax code {p.tax.code} comes with two definitions: {code} and {p.tax}")
        merged[p.tax.code] = (code, amount + p.total)
    lines = []
    for code, amount in merged.values():
        if kind == GROSS:
            tax = tax_in_gross(amount, code.rate)
            lines.append(TaxLine(currency, code, amount - tax, tax))
        else:
            lines.append(TaxLine(currency, code, amount, tax_on_net(amount, code.rate)))
    # Highest rate first, as invoices list them; the code decides between equal rates.
    return tuple(sorted(lines, key=lambda line: (-line.tax.rate, line.tax.code)))
