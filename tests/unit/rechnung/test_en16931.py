"""The EN 16931 mapping on its own: delivery costs as a document-level charge (BG-21) when the order's
stored totals contain them, and the rules asserted over the XML (no AWS needed)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal as D

import pytest

from backoffice.company import Seller
from backoffice.invoices import en16931
from tests.unit.rechnung.en16931_rules import NS, check, total

SELLER = Seller(
    "Muster Handel AG", "Bahnhofstrasse 1", "8001", "Zürich", "CH", "CHE-123.456.788 MWST",
    "CH5604835012345678009", "CH4431999123000889012", None,
)  # fmt: skip
HEAD = en16931.InvoiceHead("500001", date(2026, 11, 23), date(2026, 12, 23), "000000000000000000005000019", "30 Tage")
POSITIONS = [
    {"PosNr": 1, "ArtNr": "1000", "PosBez": "Kaffee", "PosAnzBest": D(3), "PosPreisBasis": D("56.70"),
     "PosPreisEinzel": D("18.9"), "PosPreisTotal": D("56.70"), "WUSTSatz": D("2.6"), "GRabSatz": D(0)},
    {"PosNr": 2, "ArtNr": "1002", "PosBez": "Kapseln", "PosAnzBest": D(20), "PosPreisBasis": D("9.00"),
     "PosPreisEinzel": D("0.45"), "PosPreisTotal": D("8.10"), "WUSTSatz": D("2.6"), "GRabSatz": D(10)},
]  # fmt: skip
ADDRESSES = {"RechAdr": {"AdrFirma": "Muster AG", "AdrAdresse1": "Weg 1", "OrtPLZ": "3000", "OrtName": "Bern"}}


def order(net: str, vat: str, gross: str, basis: str, delivery: str | None) -> dict:
    grund = {"AuftNr": "400001", "KundNr": "100004", "WaehrAbk": "CHF", "AuftNetto": D(net), "AuftWUST": D(vat)}
    grund["AuftBrutto"] = D(gross)
    if delivery:
        grund["AuftLiefKost"] = D(delivery)
    recap = [{"PosWUST": D(vat), "PosWUSTSatz": D("2.6"), "PosBetragNetto": D(basis), "PosWUSTKlasse": "C"}]
    return {"GrundDaten": grund, "Adressen": ADDRESSES, "Positionen": POSITIONS, "MWSTRekapitulation": recap}


def charges(root) -> list[tuple[str, str, str]]:
    return [
        (
            e.xpath("string(ram:ActualAmount)", namespaces=NS),
            e.xpath("string(ram:CategoryTradeTax/ram:CategoryCode)", namespaces=NS),
            e.xpath("string(ram:CategoryTradeTax/ram:RateApplicablePercent)", namespaces=NS),
        )
        for e in root.xpath("//ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeAllowanceCharge", namespaces=NS)
    ]


def test_delivery_costs_in_the_stored_totals_are_a_document_level_charge():
    # As the money branch stores them: 64.80 + 10.00 delivery = 74.80 at 2.6 % = 1.9448 -> 1.94; 76.74 -> 76.75.
    root = check(en16931.build_xml(order("74.80", "1.94", "76.75", "74.80", "10.00"), HEAD, SELLER))
    assert charges(root) == [("10.00", "S", "2.6")]
    assert total(root, "LineTotalAmount") == D("64.80")  # BT-106: the lines
    assert total(root, "ChargeTotalAmount") == D("10.00")  # BT-108
    assert total(root, "TaxBasisTotalAmount") == D("74.80")  # BT-109 = AuftNetto
    assert total(root, "RoundingAmount") == D("0.01")
    assert total(root, "DuePayableAmount") == D("76.75")


@pytest.mark.parametrize("delivery", [None, "10.00"])
def test_without_delivery_costs_in_the_totals_there_is_no_charge(delivery):
    # Today's calculation leaves AuftLiefKost out of the totals: the XML must not invent a charge.
    root = check(en16931.build_xml(order("64.80", "1.68", "66.50", "64.80", delivery), HEAD, SELLER))
    assert charges(root) == []
    assert total(root, "TaxBasisTotalAmount") == D("64.80")
