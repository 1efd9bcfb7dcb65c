"""Acceptance of issue 16 over real HTTP against the local stack: an order's e-invoice issued and read.

Orders without delivery costs (AuftLiefKost): their totals are those of today's calculation.
"""

from __future__ import annotations

import base64
import io
from decimal import Decimal

import pytest
from pypdf import PdfReader

from tests.unit.rechnung import pdfa_rules
from tests.unit.rechnung.en16931_rules import NS, check, total

pytestmark = pytest.mark.integration

ORDERS = {
    "CHF": {
        "GrundDaten": {"KundNr": "100004", "AuftBestellNr": "WS-16", "AuftBez": "Kaffee für das Büro"},
        "Positionen": [
            {"ArtNr": "1000", "Menge": 3},
            {"ArtNr": "1002", "Menge": 20, "VPEinheit": "PAK", "GRabSatz": 10},
        ],
    },
    "EUR": {"GrundDaten": {"KundNr": "100006"}, "Positionen": [{"ArtNr": "1000", "Menge": 3}]},
}


@pytest.mark.parametrize("currency", ORDERS)
def test_issue_fetch_extract_and_compare_every_amount(api, currency):
    created = api.post("/www/auftrag", json=ORDERS[currency])
    assert created.status_code == 201, created.text
    auft_nr = created.json()["data"]["AuftNr"]
    data = api.get(f"/www/auftrag/{auft_nr}").json()["data"]
    grund = data["GrundDaten"]
    assert grund["WaehrAbk"] == currency

    issued = api.post(f"/www/auftrag/{auft_nr}/rechnung")
    assert issued.status_code == 201, issued.text
    head = issued.json()["data"]
    assert (head["AuftNetto"], head["AuftWUST"], head["AuftBrutto"]) == (
        grund["AuftNetto"],
        grund["AuftWUST"],
        grund["AuftBrutto"],
    )
    again = api.post(f"/www/auftrag/{auft_nr}/rechnung")
    assert again.status_code == 200
    assert again.json()["data"]["RechNr"] == head["RechNr"]

    pdf = api.get(f"/www/auftrag/{auft_nr}/rechnung", headers={"Accept": "application/pdf"})
    assert pdf.status_code == 200
    assert pdf.headers["Content-Type"] == "application/pdf"
    assert pdf.content.startswith(b"%PDF-")
    assert int(pdf.headers["Content-Length"]) == len(pdf.content)
    pdfa_rules.check(pdf.content)  # PDF/A-3 (B) as it travelled
    xml = api.get(f"/www/auftrag/{auft_nr}/rechnung", headers={"Accept": "application/xml"})
    assert xml.status_code == 200
    assert xml.headers["Content-Type"].startswith("application/xml")
    not_modified = api.get(
        f"/www/auftrag/{auft_nr}/rechnung", headers={"Accept": "application/xml", "If-None-Match": xml.headers["ETag"]}
    )
    assert not_modified.status_code == 304

    extracted = api.post(
        "/www/zugferd",
        json={"Operation": "Extract", "PDF": base64.b64encode(pdf.content).decode()},
        headers={"Accept": "application/xml"},
    )
    assert extracted.status_code == 200, extracted.text
    assert extracted.content == xml.content  # the stored XML, byte for byte

    root = check(extracted.content)
    lines = [
        Decimal(e.text) for e in root.xpath("//ram:SpecifiedLineTradeSettlement//ram:LineTotalAmount", namespaces=NS)
    ]
    assert lines == [Decimal(str(p["PosPreisTotal"])) for p in data["Positionen"]]
    assert total(root, "LineTotalAmount") == Decimal(str(grund["AuftNetto"]))
    assert total(root, "TaxBasisTotalAmount") == Decimal(str(grund["AuftNetto"]))
    assert total(root, "TaxTotalAmount") == Decimal(str(grund["AuftWUST"]))
    assert total(root, "DuePayableAmount") == Decimal(str(grund["AuftBrutto"]))
    breakdown = root.xpath("//ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax", namespaces=NS)
    assert [
        (
            Decimal(b.xpath("string(ram:BasisAmount)", namespaces=NS)),
            Decimal(b.xpath("string(ram:CalculatedAmount)", namespaces=NS)),
        )
        for b in breakdown
    ] == [(Decimal(str(r["PosBetragNetto"])), Decimal(str(r["PosWUST"]))) for r in data["MWSTRekapitulation"]]
    assert root.xpath("string(//ram:InvoiceCurrencyCode)", namespaces=NS) == currency
    assert root.xpath("string(//rsm:ExchangedDocument/ram:ID)", namespaces=NS) == head["RechNr"]

    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf.content)).pages)
    assert f"Rechnung {head['RechNr']}" in text
    assert ("Zahlteil" in text) is (currency == "CHF")


def test_a_missing_order_is_a_404_with_the_error_body(api):
    answer = api.post("/www/auftrag/999999/rechnung")
    assert answer.status_code == 404
    assert answer.json() == {
        "error": "not_found",
        "error_description": "No order 999999.",
        "info": {"AuftNr": "999999"},
    }
