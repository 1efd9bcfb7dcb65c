"""Rules over an invoice's CII XML that every test building or fetching one applies.

`assert_line_rule`: PEPPOL-EN16931-R120 without its slack. Each line's net amount (BT-131) is its
invoiced quantity (BT-129) x its net price (BT-146) / its price base quantity (BT-149, 1 when
absent) - its line allowances (BT-136) + its line charges (BT-141), computed with Fractions and
compared exactly. The CEN schematron does not check this; Peppol does, and a reader recomputing a
line must come to the amount printed.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from lxml import etree

NS = {
    "rsm": "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100",
    "ram": "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100",
}
_LINES = "//ram:IncludedSupplyChainTradeLineItem"
_PRICE = "ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice"
_SETTLEMENT = "ram:SpecifiedLineTradeSettlement"
_TOTAL = f"{_SETTLEMENT}/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount"


def _one(element: Any, path: str) -> Fraction:
    found = element.xpath(path, namespaces=NS)
    assert len(found) == 1, (path, len(found))
    return Fraction(found[0].text)


def _adjustments(line: Any, charge: bool) -> Fraction:
    indicator = "true" if charge else "false"
    return sum(
        (
            Fraction(e.xpath("string(ram:ActualAmount)", namespaces=NS))
            for e in line.xpath(f"{_SETTLEMENT}/ram:SpecifiedTradeAllowanceCharge", namespaces=NS)
            if e.xpath("string(ram:ChargeIndicator/*)", namespaces=NS) == indicator
        ),
        Fraction(0),
    )


def line_figures(xml_bytes: bytes) -> list[dict[str, Fraction]]:
    """Per line: quantity (BT-129), price (BT-146), base (BT-149), allowances, charges, total (BT-131)."""
    root = etree.fromstring(xml_bytes)
    figures = []
    for line in root.xpath(_LINES, namespaces=NS):
        bases = line.xpath(f"{_PRICE}/ram:BasisQuantity", namespaces=NS)
        figures.append(
            {
                "quantity": _one(line, "ram:SpecifiedLineTradeDelivery/ram:BilledQuantity"),
                "price": _one(line, f"{_PRICE}/ram:ChargeAmount"),
                "base": Fraction(bases[0].text) if bases else Fraction(1),
                "allowances": _adjustments(line, charge=False),
                "charges": _adjustments(line, charge=True),
                "total": _one(line, _TOTAL),
            }
        )
    return figures


def assert_line_rule(xml_bytes: bytes) -> None:
    """Every line: BT-131 == BT-129 x BT-146 / BT-149 - allowances + charges, exactly."""
    figures = line_figures(xml_bytes)
    assert figures, "an invoice has at least one line (BR-16)"
    for number, f in enumerate(figures, start=1):
        assert f["base"] > 0, (number, f)
        computed = f["quantity"] * f["price"] / f["base"] - f["allowances"] + f["charges"]
        assert computed == f["total"], (f"line {number}: {computed} != {f['total']}", f)
