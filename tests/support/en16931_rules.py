"""The invoice XML's figures for the tests' own assertions, and `check`: the official EN 16931 rules over it.

The rules themselves are CEN's schematron and the Factur-X XSD (tests/support/en16931_check.py); what
stays here reads the CII XML (namespaces, amounts) for what a test asserts beyond them.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from lxml import etree

from tests.support.en16931_check import assert_valid
from tests.support.invoice_rules import NS

__all__ = ["NS", "check", "one", "total", "values"]
SETTLEMENT = "//ram:ApplicableHeaderTradeSettlement"
TOTALS = f"{SETTLEMENT}/ram:SpecifiedTradeSettlementHeaderMonetarySummation"


def values(root: Any, path: str) -> list[Decimal]:
    return [Decimal(e.text) for e in root.xpath(path, namespaces=NS)]


def one(root: Any, path: str) -> Decimal:
    found = values(root, path)
    assert len(found) == 1, (path, found)
    return found[0]


def total(root: Any, name: str) -> Decimal:
    found = values(root, f"{TOTALS}/ram:{name}")
    return found[0] if found else Decimal(0)


def check(xml: bytes) -> Any:
    """The XML keeps every fatal rule of CEN's EN 16931 schematron for CII and the Factur-X EN 16931 XSD; its root.

    The calculation rules written out here before (BR-CO-10 … BR-CO-17, BR-S-08, BR-G-08 … 10, BR-CO-03/04,
    the 2-decimal amounts) are the schematron's now, with its tolerances (BR-CO-17: 1.00).
    """
    assert_valid(xml)
    return etree.fromstring(xml)
