"""A quotation or order computed from plain position data: positions, tax recap and totals.

Nothing here reads a table or a configuration: pricing (unit price, Preisart, VPE factor) and the
tax codes come in as plain values, so every figure of a document can be recomputed from its
stored positions alone (ADR 0010).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any

from backoffice.errors import InvalidRequest
from backoffice.money import (
    CENT,
    HUNDRED,
    ZERO,
    Exact,
    cut_to,
    decimal,
    discounted,
    divide,
    exact,
    finite,
    multiply,
    net_from_gross,
    plain,
    round_cents,
    round_total,
    tax_in_gross,
    tax_on_net,
    without_tax,
)
from backoffice.taxes import TaxCode

MAX_POSITIONS = 500  # positions of one order or quotation
NET = "N"  # Preisart N: the list price is net, tax comes on top
GROSS = "B"  # Preisart B: the list price includes the tax
RECAP_SECTION = "UST-Rekap"

# Countries that form one tax area with the company's country (Liechtenstein is Swiss VAT territory).
_TAX_AREAS = ({"CH", "LI"},)


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
    # The price of one packaging unit as its list states it (in price_kind). When given, the line
    # is packs x pack_price and unit_price is only shown; without it (a Preis override, documents
    # stored before it existed) a pack costs unit_price x factor.
    pack_price: Decimal | None = None


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
    delivery: Decimal = ZERO  # this line's share of AuftLiefKost (net, or gross in an old gross document)

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
    delivery: Decimal = field(default=ZERO)  # AuftLiefKost, inside the recap
    # AuftLiefKost is net with its tax added (the rule); False: in the document's Preisart (documents
    # stored before issue 22, read with the rule they were written with).
    net_delivery: bool = True

    def totals(self) -> dict[str, Decimal]:
        """The GrundDaten members of the totals."""
        return {"AuftNetto": self.net, "AuftWUST": self.tax, "AuftBrutto": self.gross}

    def read_shape(self) -> dict[str, Any]:
        """Positionen and MWSTRekapitulation as the contract lists them."""
        return {
            "Positionen": [p.read_shape() for p in self.positions],
            "MWSTRekapitulation": [line.read_shape() for line in self.recap],
        }


@dataclass(frozen=True)
class NetLine:
    """A position without tax, as an e-invoice line states it (EN 16931 lines are net).

    quantity x price / base_quantity is `basis` exactly, and basis - total is the discount, so a
    reader recomputes the line to the cent (PEPPOL-EN16931-R120; ADR 0022).
    """

    quantity: Decimal  # BT-129, in the base unit
    price: Decimal  # BT-146: per base_quantity, before the discount
    base_quantity: Decimal  # BT-149: 1, the packaging unit's factor, or the quantity itself
    basis: Decimal  # before the discount, 2 decimals
    total: Decimal  # BT-131: after the discount, 2 decimals


@dataclass(frozen=True)
class NetAmounts:
    """The document's lines and delivery costs without tax, summing exactly to its recap.

    For every recap line: its net basis = the net totals of its positions + its delivery share.
    """

    lines: tuple[NetLine, ...]  # in the order of Document.positions
    delivery: tuple[Decimal, ...]  # the net delivery costs of each recap line, in Document.recap's order


def net_amounts(document: Document) -> NetAmounts:
    """The net lines and delivery shares of `document`, derived from its own figures only.

    A net document states them: the lines are PosPreisTotal, the delivery charges the recap lines'
    shares. A gross document's lines have no tax of their own: the tax the recap line
    took out of their gross sum (its tax less its net delivery share's) is shared over them in
    proportion (`allocate`), and each one's net is its gross less its share; the delivery charge is
    the net share. (An old gross document's delivery share was gross: the recap line's whole tax
    is shared over the lines and that share.) The nets of a recap line then add up to its basis to
    the cent (EN 16931 BR-S-08).
    """
    if document.price_kind == NET:
        lines = tuple(_priced(p, p.price_basis, p.total, _as_shown) for p in document.positions)
        return NetAmounts(lines, tuple(line.delivery for line in document.recap))
    nets: dict[int, Decimal] = {}
    shares: list[Decimal] = []
    for line in document.recap:
        members = [i for i, p in enumerate(document.positions) if p.tax.code == line.tax.code]
        grosses = [document.positions[i].total for i in members]
        if document.net_delivery:
            # The delivery share is net already: the tax left for the gross lines is theirs alone.
            taxes = allocate(sum(grosses, ZERO) - (line.net - line.delivery), grosses)
            shares.append(line.delivery)
        else:
            charge = line.net + line.amount - sum(grosses, ZERO)
            *taxes, charge_tax = allocate(line.amount, [*grosses, charge])
            shares.append(charge - charge_tax)
        for i, gross, tax in zip(members, grosses, taxes, strict=True):
            nets[i] = gross - tax
    return NetAmounts(tuple(_net_line(p, nets[i]) for i, p in enumerate(document.positions)), tuple(shares))


def _net_line(p: Position, total: Decimal) -> NetLine:
    """A gross position's net line: the basis scaled as its total was, so the discount keeps its share."""
    if p.total:
        basis = round_cents(divide(multiply(total, p.price_basis), p.total))
    else:  # a 100 % discount: nothing to scale by
        basis = round_cents(without_tax(p.price_basis, p.tax.rate))
    return _priced(p, basis, total, lambda price: net_from_gross(price, p.tax.rate))


def _as_shown(price: Decimal) -> Decimal:
    return price


def _priced(p: Position, basis: Decimal, total: Decimal, net_price: Callable[[Decimal], Decimal]) -> NetLine:
    """The net line with the first price that gives its basis exactly: the pack price per pack
    (1200 pieces x 9.70 / 12), else the unit price per piece, else the basis per the whole quantity
    (BT-146 = basis, BT-149 = BT-129) where no stated price gives it (a gross price freed of its
    tax, a product with more than 2 decimals). `net_price` makes a shown price net."""
    candidates = [(net_price(p.unit_price), Decimal(1))]
    if p.vpe_quantity is not None and p.vpe_unit_price is not None:
        factor = finite(divide(p.quantity, p.vpe_quantity))
        candidates.insert(0, (net_price(p.vpe_unit_price), plain(factor)))
    for price, base in candidates:
        if divide(multiply(p.quantity, price), base) == basis:
            return NetLine(p.quantity, price, base, basis, total)
    return NetLine(p.quantity, basis, p.quantity, basis, total)


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
    delivery: Decimal = ZERO,
    *,
    net_delivery: bool = True,
    delivery_split: Sequence[tuple[TaxCode, Decimal]] | None = None,
) -> Document:
    """The document of `positions` in `currency`, with `delivery` costs (AuftLiefKost).

    `export_tax` is given when the place of supply is abroad: every position is then taxed with
    that code, whose rate must be 0, and gross list prices lose the domestic tax they contain.
    Without it, each position carries its own code. `delivery` is a net amount; it is shared over
    the tax codes in proportion to the positions' amounts and taxed at their rates (ADR 0012,
    ADR 0013). `net_delivery=False` reads it in the document's Preisart instead (gross in a
    gross document), the rule of documents stored before issue 22. `delivery_split` shares it as
    given instead (tax code, share; summing to `delivery`), a code without positions making a recap
    line of its share alone: the last credit note of an invoice gives the delivery costs back taxed
    as the invoice taxed them, whichever positions it credits.
    """
    if export_tax is not None and decimal(export_tax.rate) != 0:
        raise ValueError(f"export tax code {export_tax.code} must have rate 0, not {export_tax.rate}")
    delivery = decimal(delivery, "AuftLiefKost")
    if delivery < 0:
        raise ValueError(f"negative delivery costs {delivery}")
    if delivery and not positions:
        raise ValueError("delivery costs need a position whose tax they share")
    _check_unique(positions)
    gross_document = bool(positions) and export_tax is None and all(p.price_kind == GROSS for p in positions)
    kind = GROSS if gross_document else NET
    computed = tuple(
        _position(p, index, kind, export_tax or p.tax, currency) for index, p in enumerate(positions, start=1)
    )
    recap = _recap(computed, kind, currency, delivery, net_delivery, delivery_split)
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
        delivery=delivery,
        net_delivery=net_delivery,
    )


def _check_unique(positions: Sequence[PositionInput]) -> None:
    seen: set[int] = set()
    for p in positions:
        if p.pos_nr in seen:
            raise ValueError(f"PosNr {p.pos_nr} appears twice")
        seen.add(p.pos_nr)


def _checked_input(p: PositionInput) -> tuple[Decimal, Decimal, Decimal, Decimal, Decimal | None]:
    """Quantity, unit price, discount, VPE factor and pack price of `p`, each a finite Decimal in range."""
    quantity = decimal(p.quantity, f"Menge of PosNr {p.pos_nr}")
    unit_price = decimal(p.unit_price, f"price of PosNr {p.pos_nr}")
    discount = decimal(p.discount, f"GRabSatz of PosNr {p.pos_nr}")
    factor = decimal(p.vpe_factor, f"VPE factor of PosNr {p.pos_nr}")
    pack_price = None if p.pack_price is None else decimal(p.pack_price, f"VPE price of PosNr {p.pos_nr}")
    # The request models refuse these; reaching here with them is a bug, not a client error.
    if quantity <= 0:
        raise ValueError(f"PosNr {p.pos_nr}: quantity {quantity} must be positive")
    if unit_price < 0 or (pack_price is not None and pack_price < 0):
        raise ValueError(f"PosNr {p.pos_nr}: negative unit price {unit_price}")
    if not ZERO <= discount <= HUNDRED:
        raise ValueError(f"PosNr {p.pos_nr}: discount {discount} % outside 0..100")
    if factor <= 0:
        raise ValueError(f"PosNr {p.pos_nr}: VPE factor {factor} must be positive")
    if p.price_kind not in (NET, GROSS):
        raise ValueError(f"PosNr {p.pos_nr}: Preisart {p.price_kind!r} is not N or B")
    return quantity, unit_price, discount, factor, pack_price


def _position(p: PositionInput, index: int, kind: str, tax: TaxCode, currency: str) -> Position:
    quantity, unit_price, discount, factor, pack_price = _checked_input(p)

    # The line's exact amount before discount, in the list's Preisart: packs x pack price for a
    # packaging unit (a per-piece price rounded to 4 decimals would drift with the quantity).
    vpe_quantity = vpe_unit_price = None
    if p.vpe_unit:
        packs = divide(quantity, factor)
        if packs.denominator != 1:
            where = p.source or f"Positionen[{index - 1}]"
            raise InvalidRequest(
                "A quantity is not a whole number of packaging units.",
                {f"{where}.Menge": f"{plain(quantity)} is not a multiple of {plain(factor)} ({p.vpe_unit})"},
            )
        vpe_quantity = plain(finite(packs))
        vpe_unit_price = pack_price if pack_price is not None else multiply(unit_price, factor)
        exact: Exact = multiply(vpe_quantity, vpe_unit_price)
    else:
        exact = multiply(quantity, unit_price)

    if p.price_kind == GROSS and kind == NET:
        # A gross list price in a net document (mixed Preisart, or export): the whole line is freed
        # of the article's own tax once, from the exact amount; the unit prices are shown rounded.
        exact = without_tax(exact, p.tax.rate)
        per_unit = divide(vpe_unit_price, factor) if vpe_unit_price is not None else unit_price
        unit_price = net_from_gross(per_unit, p.tax.rate)
        if vpe_unit_price is not None:
            vpe_unit_price = net_from_gross(vpe_unit_price, p.tax.rate)

    total = round_cents(discounted(exact, discount))
    tax_amount = tax_in_gross(total, tax.rate) if kind == GROSS else tax_on_net(total, tax.rate)
    return Position(
        pos_nr=p.pos_nr,
        vis_pos_nr=p.vis_pos_nr if p.vis_pos_nr is not None else index,
        art_nr=p.art_nr,
        description=p.description,
        quantity=plain(quantity),
        price_basis=round_cents(exact),
        unit_price=unit_price,
        total=total,
        tax_amount=tax_amount,
        vpe_unit=p.vpe_unit,
        vpe_quantity=vpe_quantity,
        vpe_unit_price=vpe_unit_price,
        tax=tax,
        discount=plain(discount),
    )


def _recap(
    positions: Sequence[Position],
    kind: str,
    currency: str,
    delivery: Decimal,
    net_delivery: bool,
    split: Sequence[tuple[TaxCode, Decimal]] | None = None,
) -> tuple[TaxLine, ...]:
    merged: dict[str, tuple[TaxCode, Decimal]] = {}
    for given, amount in [(p.tax, p.total) for p in positions] + [(shared, ZERO) for shared, _ in split or ()]:
        code, before = merged.get(given.code, (given, ZERO))
        if code != given:
            raise ValueError(f"tax code {given.code} comes with two definitions: {code} and {given}")
        merged[given.code] = (code, before + amount)
    # Highest rate first, as invoices list them; the code decides between equal rates.
    ordered = sorted(merged.values(), key=lambda entry: (-entry[0].rate, entry[0].code))
    shares = _shares(delivery, ordered, split)
    lines = []
    for (code, amount), share in zip(ordered, shares, strict=True):
        if kind == GROSS and net_delivery:
            # Gross positions, net delivery costs: the exact net (positions freed of their tax, plus
            # the share) and the exact tax (contained in the positions, plus the share's) rounded once each.
            goods_net = without_tax(amount, code.rate)
            net = round_cents(goods_net + exact(share))
            tax = round_cents(exact(amount) - goods_net + exact(share) * exact(code.rate) / 100)
            lines.append(TaxLine(currency, code, net, tax, share))
        elif kind == GROSS:  # an old gross document: its delivery costs were gross
            tax = tax_in_gross(amount + share, code.rate)
            lines.append(TaxLine(currency, code, amount + share - tax, tax, share))
        else:
            lines.append(TaxLine(currency, code, amount + share, tax_on_net(amount + share, code.rate), share))
    return tuple(lines)


def _shares(
    delivery: Decimal, ordered: Sequence[tuple[TaxCode, Decimal]], split: Sequence[tuple[TaxCode, Decimal]] | None
) -> list[Decimal]:
    """The delivery costs' share of each recap line: as `split` gives them, else in proportion to the lines."""
    if split is None:
        return allocate(delivery, [amount for _, amount in ordered])
    given = {tax.code: share for tax, share in split}
    if sum(given.values(), ZERO) != delivery:
        raise ValueError(f"delivery shares {given} do not sum to {delivery}")
    return [given.get(code.code, ZERO) for code, _ in ordered]


def allocate(amount: Decimal, weights: Sequence[Decimal]) -> list[Decimal]:
    """`amount` (2 decimals) shared in proportion to `weights`, to the cent, summing exactly.

    Each share is the exact proportion cut to the cent; the cents left over go one each to the
    largest cut-off remainders, the first weight (the highest rate) winning a tie. Without any
    weight to share by, the first takes everything.
    """
    if not weights:
        return []
    whole = sum(weights, ZERO)
    if whole == 0:
        return [round_cents(amount), *[ZERO.quantize(CENT)] * (len(weights) - 1)]
    exact = [divide(multiply(amount, w), whole) for w in weights]
    shares = [cut_to(e, CENT) for e in exact]
    left = int((round_cents(amount) - sum(shares, ZERO)) / CENT)
    by_remainder = sorted(range(len(weights)), key=lambda i: -(exact[i] - Fraction(shares[i])))
    for i in by_remainder[:left]:
        shares[i] += CENT
    return shares
