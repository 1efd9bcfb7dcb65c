"""At what price: request positions priced into PositionInputs for a buyer (`sales.buyer`).

Plain functions over the records the store hands in (article dicts, config tax codes), plus the
read that collects the articles (`load_articles`). The money rules themselves are in
`sales.calculation` / `backoffice.money`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from backoffice import company
from backoffice.catalogue import article_store, articles, prices, vpe
from backoffice.errors import InvalidRequest
from backoffice.money import UNIT_PRICE_STEP, ZERO, divide, plain, round_to
from backoffice.sales.buyer import Buyer
from backoffice.sales.calculation import GROSS, NET, PositionInput
from backoffice.taxes import TaxCode


def domestic_code(rate: Decimal) -> TaxCode:
    """The domestic tax code of an article's rate."""
    for code in company.tax_codes():
        if code.domestic and code.rate == rate:
            return code
    raise ValueError(f"the configuration has no domestic tax code with rate {rate}")


def code_by_name(code: str) -> TaxCode:
    found = company.tax_code(code)
    if found is None:
        raise ValueError(f"tax code {code} is not configured")
    return found


def load_articles(art_nrs: Sequence[str], webshop: str | None) -> dict[str, dict[str, Any]]:
    """The articles the caller may see, by number (BatchGetItem, 100 per request)."""
    found = article_store.articles_by_number(list(dict.fromkeys(art_nrs)))
    return {n: a for n, a in found.items() if articles.visible_to(articles.webshops(a), webshop)}


@dataclass(frozen=True)
class Wanted:
    """A request position before pricing."""

    source: str  # "Positionen[3]"
    pos_nr: int
    art_nr: str
    quantity: Decimal
    vpe_unit: str | None = None
    discount: Decimal = ZERO
    description: str | None = None
    price: Decimal | None = None  # the order's Preis override, per base unit
    vis_pos_nr: int | None = None


def base_packaging(article: dict[str, Any]) -> str | None:
    """The visible packaging unit that holds one base unit (Faktor 1), if the article has one."""
    for packaging in vpe.visible_packagings(article):
        # Faktor is a number of the table (Decimal) or of the import (int): never a float.
        if Decimal(packaging.get("Faktor") or 1) == 1:
            return str(packaging["VPEinheit"])
    return None


def is_stock_managed(article: dict[str, Any]) -> bool:
    """Stock is kept for an article unless it says AnLager N."""
    return str(article.get("AnLager") or "J").upper() != "N"


class _Unpriceable(Exception):
    """A wanted position that cannot be priced: the request field and why."""

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(reason)
        self.field, self.reason = field, reason


def price_positions(wanted: Sequence[Wanted], buyer: Buyer, found: dict[str, dict[str, Any]]) -> list[PositionInput]:
    """Each wanted position with its system price (or its Preis), tax code and VPE; every problem in one 400."""
    problems: dict[str, str] = {}
    priced: list[PositionInput] = []
    standard = company.standard_tax_rate()
    for w in wanted:
        try:
            priced.append(_priced(w, buyer, found.get(w.art_nr), standard))
        except _Unpriceable as problem:
            problems[problem.field] = problem.reason
    if problems:
        raise InvalidRequest("Some positions cannot be priced.", problems)
    return priced


def _priced(w: Wanted, buyer: Buyer, article: dict[str, Any] | None, standard: Decimal) -> PositionInput:
    if article is None:
        raise _Unpriceable(f"{w.source}.ArtNr", f"unknown article {w.art_nr}")
    unit = _unit(w, article)
    factor = vpe.factor(article, unit)
    if factor is None:
        codes = [p["VPEinheit"] for p in vpe.visible_packagings(article)] or ["none"]
        why = f"article {w.art_nr} has no packaging unit {unit} ({', '.join(codes)})"
        raise _Unpriceable(f"{w.source}.VPEinheit", why)
    unit_price, kind, pack_price = _price(w, buyer, article, unit, factor)
    try:
        tax = domestic_code(articles.tax_rate(article, standard))
    except ValueError as exc:
        raise _Unpriceable(f"{w.source}.ArtNr", str(exc)) from exc
    return PositionInput(
        pos_nr=w.pos_nr,
        vis_pos_nr=w.vis_pos_nr,
        art_nr=w.art_nr,
        quantity=w.quantity,
        unit_price=unit_price,
        tax=tax,
        price_kind=kind,
        description=w.description if w.description is not None else _description(article, buyer.language),
        vpe_unit=unit or "",
        vpe_factor=factor,
        pack_price=pack_price,
        discount=w.discount,
        source=w.source,
    )


def _unit(w: Wanted, article: dict[str, Any]) -> str | None:
    """The packaging unit the position is sold in; None: the article's base unit."""
    unit = w.vpe_unit
    if unit is None and w.quantity != w.quantity.to_integral_value() and not articles.takes_decimals(article):
        # Counted in whole units: a fraction of a piece can be neither delivered nor kept in stock.
        raise _Unpriceable(
            f"{w.source}.Menge",
            f"article {w.art_nr} is sold in whole {article.get('Einheit') or 'units'}: "
            f"{plain(w.quantity)} is not a whole number",
        )
    if unit is None and vpe.has_vpe(article):
        # No VPEinheit: the packaging unit of one base unit (e.g. ST), when the article sells one.
        unit = base_packaging(article)
        if unit is None:
            codes = [p["VPEinheit"] for p in vpe.visible_packagings(article)]
            raise _Unpriceable(
                f"{w.source}.VPEinheit",
                f"article {w.art_nr} is sold in packaging units only: give one of {', '.join(codes)}",
            )
    return unit


def _price(
    w: Wanted, buyer: Buyer, article: dict[str, Any], unit: str | None, factor: Decimal
) -> tuple[Decimal, str, Decimal | None]:
    """Unit price, Preisart and pack price of the position: its Preis, else the applicable list price."""
    rest = company.rest_price_list()
    hit = prices.applicable_price(article, unit, w.quantity, buyer.currency, buyer.price_list, rest)
    if w.price is not None:
        return w.price, hit.Preisart if hit else NET, None
    if hit is None:
        why = f"article {w.art_nr} has no price for this quantity in {buyer.currency}"
        raise _Unpriceable(f"{w.source}.ArtNr", why)
    # A VPE list prices one packaging unit: the line is packs x that price; the price per
    # base unit is only shown (rounded to 4 decimals when the factor does not divide it).
    unit_price = hit.PreisList if factor == 1 else round_to(divide(hit.PreisList, factor), UNIT_PRICE_STEP)
    kind = hit.Preisart if hit.Preisart in (NET, GROSS) else NET
    return unit_price, kind, hit.PreisList if unit else None


def _description(article: dict[str, Any], language: str | None) -> str:
    """ArtBez in the customer's language, else German (articles.language_order)."""
    return articles.pick_text(article.get("ArtBez"), articles.language_order(None, language)) or ""
