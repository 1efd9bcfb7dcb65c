"""Prices of an article: tiered price lists per list type, currency and VPE, and the fallback.

An article record holds `Preise`: one entry per price list, i.e. per (Preisliste, WaehrAbk,
VPEinheit), with Preisart (N net, B gross), an optional Bereich and its `Staffel` (tiers: AbAnzahl,
BisAnzahl, PreisList), sorted by AbAnzahl, the last tier open.

Which list applies: the customer's price-list type first, then the configured RESTPreisliste; the
first of them that holds a list for the article, currency and VPE wins, and lists are never
merged. Tier quantities count the unit the list is for (VPEs for a VPE list). Within a list, the
tier with the greatest AbAnzahl not above the quantity applies (BisAnzahl is informative: the next
tier's AbAnzahl is where a tier ends), so a fractional quantity never falls between tiers.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from backoffice.catalogue import vpe as vpe_rules


@dataclass(frozen=True)
class PriceHit:
    """The price of one unit (base unit, or one VPE when `VPEinheit` is set)."""

    PreisList: Decimal
    Preisart: str  # N net, B gross
    Preisliste: str  # the list type it came from
    WaehrAbk: str
    VPEinheit: str | None
    AbAnzahl: Decimal
    BisAnzahl: Decimal | None


def list_order(price_list_type: str | None, rest_list: str | None) -> list[str]:
    """The list types to try, in order, without repeats."""
    return list(dict.fromkeys(t for t in (price_list_type, rest_list) if t))


def find_price_list(
    article: dict[str, Any],
    vpe: str | None,
    currency: str,
    price_list_type: str | None,
    rest_list: str | None,
) -> dict[str, Any] | None:
    """The stored price list that applies to the article and VPE in `currency`, or None."""
    lists: list[dict[str, Any]] = [
        p
        for p in article.get("Preise") or ()
        if p.get("WaehrAbk") == currency and (p.get("VPEinheit") or None) == vpe and p.get("Staffel")
    ]
    for list_type in list_order(price_list_type, rest_list):
        for candidate in lists:
            if candidate.get("Preisliste") == list_type:
                return candidate
    return None


def applicable_price(
    article: dict[str, Any],
    vpe: str | None,
    quantity: Decimal,
    currency: str,
    price_list_type: str | None,
    rest_list: str | None,
) -> PriceHit | None:
    """The tier price for `quantity` base units of the article sold as `vpe` (None: base unit).

    None when the VPE is not sold (unknown or hidden by WEBSHOPVPE), when no list applies, or when
    the quantity lies below the first tier of the list that applies.
    """
    count = vpe_rules.from_base(article, vpe, Decimal(quantity))
    if count is None:
        return None
    found = find_price_list(article, vpe, currency, price_list_type, rest_list)
    if found is None:
        return None
    tier = None
    for candidate in sorted(found["Staffel"], key=lambda t: Decimal(t["AbAnzahl"])):
        if Decimal(candidate["AbAnzahl"]) <= count:
            tier = candidate
    if tier is None:
        return None
    bis = tier.get("BisAnzahl")
    return PriceHit(
        PreisList=Decimal(tier["PreisList"]),
        Preisart=str(found.get("Preisart") or "N"),
        Preisliste=str(found["Preisliste"]),
        WaehrAbk=currency,
        VPEinheit=vpe,
        AbAnzahl=Decimal(tier["AbAnzahl"]),
        BisAnzahl=None if bis is None else Decimal(bis),
    )


def price_items(
    article: dict[str, Any],
    vpe: str | None,
    currency: str,
    price_list_type: str | None,
    rest_list: str | None,
    links: list[dict[str, str]] | None = None,
) -> list[dict[str, Any]]:
    """The `Preis` members of the read shape: every tier of the list that applies ([] if none)."""
    found = find_price_list(article, vpe, currency, price_list_type, rest_list)
    if found is None:
        return []
    return [
        {
            "ArtNr": article["ArtNr"],
            "Bereich": found.get("Bereich"),
            "AbAnzahl": tier["AbAnzahl"],
            "BisAnzahl": tier.get("BisAnzahl"),
            "PreisList": tier["PreisList"],
            "Preisart": found.get("Preisart") or "N",
            "VPEinheit": vpe,
            "GeaendertAmUTC": found.get("GeaendertAmUTC"),
            "links": links,
        }
        for tier in sorted(found["Staffel"], key=lambda t: Decimal(t["AbAnzahl"]))
    ]
