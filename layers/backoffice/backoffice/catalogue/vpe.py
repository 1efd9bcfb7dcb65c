"""Packaging units (VPE) of an article: which are shown, and how quantities convert.

An article record (see articles.py) holds `Verpackungen`, each with `VPEinheit` (the code) and
`Faktor` (how many base units one VPE holds). The attribute WEBSHOPVPE (comma list; empty or
absent = all) restricts which of them the interface shows and sells.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

WEBSHOPVPE = "WEBSHOPVPE"


def attribute(article: dict[str, Any], key: str) -> str | None:
    """The Contents of the article attribute `key` (PHKey), or None."""
    for attr in article.get("attributes") or ():
        if attr.get("PHKey") == key:
            return str(attr.get("Contents") or "")
    return None


def has_vpe(article: dict[str, Any]) -> bool:
    return bool(article.get("Verpackungen"))


def allowed_codes(article: dict[str, Any]) -> set[str] | None:
    """The VPE codes WEBSHOPVPE allows; None when it allows all."""
    value = attribute(article, WEBSHOPVPE)
    codes = {c.strip() for c in (value or "").split(",") if c.strip()}
    return codes or None


def visible_packagings(article: dict[str, Any]) -> list[dict[str, Any]]:
    """The article's Verpackungen that WEBSHOPVPE lets through, in stored order."""
    allowed = allowed_codes(article)
    return [p for p in article.get("Verpackungen") or () if allowed is None or p.get("VPEinheit") in allowed]


def packaging(article: dict[str, Any], code: str) -> dict[str, Any] | None:
    """The visible Verpackung `code`, or None (unknown, or hidden by WEBSHOPVPE)."""
    return next((p for p in visible_packagings(article) if p.get("VPEinheit") == code), None)


def factor(article: dict[str, Any], code: str | None) -> Decimal | None:
    """Base units per VPE `code`; 1 for the base unit (None); None when the VPE is not sold."""
    if code is None:
        return Decimal(1)
    found = packaging(article, code)
    if found is None:
        return None
    stored: Decimal = found.get("Faktor") or Decimal(1)  # Decimal as the article store reads it
    return stored


def to_base(article: dict[str, Any], code: str | None, quantity: Decimal) -> Decimal | None:
    """A quantity of VPE `code` in base units (None when the VPE is not sold)."""
    f = factor(article, code)
    return None if f is None else quantity * f


def from_base(article: dict[str, Any], code: str | None, quantity: Decimal) -> Decimal | None:
    """A quantity in base units as a number of VPE `code` (may have a fraction)."""
    f = factor(article, code)
    return None if f is None or f == 0 else quantity / f
