"""Who buys and at what price: the customer's terms, and request positions priced into PositionInputs.

Plain functions over the records the store hands in (article dicts, config tax codes), plus the
few reads that collect them (`load_customer`, `load_articles`). The money rules themselves are
in `backoffice.documents` / `backoffice.money`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from backoffice import company
from backoffice.catalogue import article_store, articles, prices, vpe
from backoffice.errors import InvalidRequest
from backoffice.money import UNIT_PRICE_STEP, ZERO, divide, round_to
from backoffice.parties import address_store
from backoffice.parties.customer_keys import CUSTOMER_SK, customer_pk
from backoffice.platform import dynamo
from backoffice.sales.calculation import GROSS, NET, PositionInput, TaxCode, is_domestic

DOMESTIC = "Inland"  # the WUSTCode term of a document taxed with the articles' domestic codes
ROLES = {"KontaktAdr": "KundKontakt", "LiefAdr": "KundLief", "RechAdr": "KundRech"}


@dataclass(frozen=True)
class Buyer:
    """A customer (or nobody, for a template quotation) with the terms a document is made with."""

    kund_nr: str | None
    currency: str
    price_list: str | None  # the customer's price-list type; None: RESTPreisliste only
    cost_unit: str | None  # KTNr
    export_code: str | None  # the tax code of a foreign document, None when domestic
    addresses: dict[str, dict[str, Any]] = field(default_factory=dict)  # KontaktAdr, LiefAdr, RechAdr
    language: str | None = None  # AdrSprache: the language of the article descriptions

    @property
    def tax_term(self) -> str:
        return self.export_code or DOMESTIC

    def effective_price_list(self) -> str:
        return self.price_list or company.rest_price_list() or ""


def company_country() -> str:
    """The company's country: `Land` of the configuration, else CH (the leading currency's home)."""
    stated = company.get_config().get("Land")
    if stated:
        return str(stated).upper()
    return "CH" if company.leading_currency() == "CHF" else "DE"


def tax_code(code: company.TaxCode) -> TaxCode:
    return TaxCode(
        code=code.code,
        rate=code.rate,
        designation=code.designation,
        klasse=code.tax_class if code.tax_class in ("D", "C", "X") else "X",
        sales_line=code.pos_ust_s or "",
        input_line=code.pos_vst_s or "",
        turnover_line=code.pos_ust_u or "",
    )


def export_code_for(country: str | None) -> str | None:
    """The configured export code when `country` is abroad, None when it is domestic."""
    if is_domestic(company_country(), country):
        return None
    found = next((t for t in company.tax_codes() if not t.domestic), None)
    if found is None:
        raise ValueError("the configuration has no tax code for foreign customers (Verwendung Ausland)")
    return found.code


def domestic_code(rate: Decimal) -> TaxCode:
    """The domestic tax code of an article's rate."""
    for code in company.tax_codes():
        if code.domestic and code.rate == rate:
            return tax_code(code)
    raise ValueError(f"the configuration has no domestic tax code with rate {rate}")


def code_by_name(code: str) -> TaxCode:
    found = company.tax_code(code)
    if found is None:
        raise ValueError(f"tax code {code} is not configured")
    return tax_code(found)


def load_customer(kund_nr: str, field_path: str = "GrundDaten.KundNr") -> Buyer:
    """The customer with its terms and its three addresses; an unknown one is a 400 on `field_path`."""
    found = {
        item["SK"]: item
        for item in dynamo.batch_get([(customer_pk(kund_nr), CUSTOMER_SK), article_store.customer_pricing_key(kund_nr)])
    }
    customer = found.get(CUSTOMER_SK)
    if customer is None:
        raise InvalidRequest(f"There is no customer {kund_nr}.", {field_path: f"unknown customer {kund_nr}"})
    terms = found.get("PRICING") or {}
    numbers = {role: int(customer[key]) for role, key in ROLES.items() if customer.get(key) is not None}
    records = {
        int(item["AdrNr"]): address_store.from_address_item(item)
        for item in dynamo.batch_get(
            {(address_store.address_pk(n), address_store.ADDRESS_SK) for n in numbers.values()}
        )
    }
    addresses = {role: records[n] for role, n in numbers.items() if n in records}
    code = terms.get("WUSTCode")
    configured = company.tax_code(str(code)) if code else None
    export: str | None
    if configured is not None and not configured.domestic:
        export = configured.code
    else:
        country = (addresses.get("LiefAdr") or addresses.get("KontaktAdr") or {}).get("OrtLand")
        export = export_code_for(country)
    return Buyer(
        kund_nr=kund_nr,
        currency=str(customer.get("WaehrAbk") or company.leading_currency()),
        price_list=str(terms["Preisliste"]) if terms.get("Preisliste") else None,
        cost_unit=str(terms["KTNr"]) if terms.get("KTNr") else None,
        export_code=export,
        addresses=addresses,
        language=str(terms.get("AdrSprache") or customer.get("AdrSprache") or "") or None,
    )


def nobody(currency: str | None, country: str | None) -> Buyer:
    """The buyer of a template quotation: RESTPreisliste, taxed by GrundDaten.OrtLand."""
    return Buyer(
        kund_nr=None,
        currency=currency or company.leading_currency(),
        price_list=None,
        cost_unit=None,
        export_code=export_code_for(country),
    )


def check_currency(currency: str, path: str = "GrundDaten.WaehrAbk") -> None:
    if currency not in company.currencies():
        raise InvalidRequest(
            f"Currency {currency} is not one of ours.", {path: f"one of {', '.join(company.currencies())}"}
        )


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
        if Decimal(str(packaging.get("Faktor") or 1)) == 1:
            return str(packaging["VPEinheit"])
    return None


def is_stock_managed(article: dict[str, Any]) -> bool:
    """Stock is kept for an article unless it says AnLager N."""
    return str(article.get("AnLager") or "J").upper() != "N"


def price_positions(wanted: Sequence[Wanted], buyer: Buyer, found: dict[str, dict[str, Any]]) -> list[PositionInput]:
    """Each wanted position with its system price (or its Preis), tax code and VPE; every problem in one 400."""
    problems: dict[str, str] = {}
    priced: list[PositionInput] = []
    standard = company.standard_tax_rate()
    for w in wanted:
        article = found.get(w.art_nr)
        if article is None:
            problems[f"{w.source}.ArtNr"] = f"unknown article {w.art_nr}"
            continue
        unit = w.vpe_unit
        if unit is None and vpe.has_vpe(article):
            # No VPEinheit: the packaging unit of one base unit (e.g. ST), when the article sells one.
            unit = base_packaging(article)
            if unit is None:
                codes = [p["VPEinheit"] for p in vpe.visible_packagings(article)]
                problems[f"{w.source}.VPEinheit"] = (
                    f"article {w.art_nr} is sold in packaging units only: give one of {', '.join(codes)}"
                )
                continue
        factor = vpe.factor(article, unit)
        if factor is None:
            codes = [p["VPEinheit"] for p in vpe.visible_packagings(article)] or ["none"]
            problems[f"{w.source}.VPEinheit"] = f"article {w.art_nr} has no packaging unit {unit} ({', '.join(codes)})"
            continue
        hit = prices.applicable_price(
            article, unit, w.quantity, buyer.currency, buyer.price_list, company.rest_price_list()
        )
        if w.price is not None:
            unit_price, kind = w.price, hit.Preisart if hit else NET
        elif hit is None:
            problems[f"{w.source}.ArtNr"] = f"article {w.art_nr} has no price for this quantity in {buyer.currency}"
            continue
        else:
            # A VPE list prices one packaging unit; documents price the base unit.
            unit_price = hit.PreisList if factor == 1 else round_to(divide(hit.PreisList, factor), UNIT_PRICE_STEP)
            kind = hit.Preisart if hit.Preisart in (NET, GROSS) else NET
        try:
            tax = domestic_code(articles.tax_rate(article, standard))
        except ValueError as exc:
            problems[f"{w.source}.ArtNr"] = str(exc)
            continue
        priced.append(
            PositionInput(
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
                discount=w.discount,
                source=w.source,
            )
        )
    if problems:
        raise InvalidRequest("Some positions cannot be priced.", problems)
    return priced


def _description(article: dict[str, Any], language: str | None) -> str:
    """ArtBez in the customer's language, else German (articles.language_order)."""
    return articles.pick_text(article.get("ArtBez"), articles.language_order(None, language)) or ""
