"""Acceptance of issue 16 over real HTTP against the local stack: an order's e-invoice issued and read.

A net-price order in CHF for a Swiss customer and one in EUR for the German customer, compared
with the order's own figures; then a gross-price order and one with delivery costs over two VAT
rates, compared with figures computed by hand.
"""

from __future__ import annotations

import base64
import io
from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal

import pytest
import requests
from pypdf import PdfReader

from tests.support import error_json, pdfa_rules
from tests.support.en16931_rules import NS, check, total, values
from tests.support.invoice_rules import assert_line_rule, line_figures

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
    assert_line_rule(extracted.content)  # BT-131 = BT-129 x BT-146 / BT-149 - allowances, exactly
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


def test_an_order_paid_by_card_gets_a_paid_invoice_over_http(api):
    body = {
        **ORDERS["CHF"],
        "Zahlung": [
            {"Bezeichnung": "payment_method", "Wert": "K"},
            {"Bezeichnung": "Dienstleister", "Wert": "Datatrans"},
            {"Bezeichnung": "TransID", "Wert": "T-4711"},
        ],
    }
    created = api.post("/www/auftrag", json=body)
    assert created.status_code == 201, created.text
    auft_nr = created.json()["data"]["AuftNr"]
    issued = api.post(f"/www/auftrag/{auft_nr}/rechnung")
    assert issued.status_code == 201, issued.text
    head = issued.json(parse_float=Decimal)["data"]
    # 3 x 18.90 = 56.70 and 2 PAK at 4.50 less 10 % = 8.10, at 2.6 %: 64.80 + 1.68 = 66.48 -> 66.50
    assert (head["AuftNetto"], head["AuftWUST"], head["AuftBrutto"]) == (
        Decimal("64.80"),
        Decimal("1.68"),
        Decimal("66.50"),
    )
    assert head["Bezahlt"] is True
    assert head["FaelligDatum"] == head["RechDatum"]
    xml = api.get(f"/www/auftrag/{auft_nr}/rechnung", headers={"Accept": "application/xml"}).content
    root = check(xml)
    assert_line_rule(xml)
    assert total(root, "TotalPrepaidAmount") == Decimal("66.50")
    assert total(root, "DuePayableAmount") == Decimal("0.00")
    pdf = api.get(f"/www/auftrag/{auft_nr}/rechnung", headers={"Accept": "application/pdf"}).content
    pdfa_rules.check(pdf)
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    assert "Bezahlt mit Kreditkarte (Datatrans, T-4711)" in text
    assert "Zahlteil" not in text


def test_a_body_is_refused_and_q_values_are_weighed(api):
    created = api.post("/www/auftrag", json=ORDERS["CHF"])
    auft_nr = created.json()["data"]["AuftNr"]
    refused = api.post(f"/www/auftrag/{auft_nr}/rechnung", json={"Sprache": "fre"})
    assert refused.status_code == 400
    assert error_json(refused) == {
        "error": "invalid_request",
        "error_description": "This route takes no body.",
        "info": {"fields": {"body": "this route takes no body; send none (or {})"}},
    }
    assert api.get(f"/www/auftrag/{auft_nr}/rechnung", headers={"Accept": "application/json"}).status_code == 404
    assert api.post(f"/www/auftrag/{auft_nr}/rechnung", json={}).status_code == 201
    xml = api.get(f"/www/auftrag/{auft_nr}/rechnung", headers={"Accept": "application/pdf;q=0, */*;q=0.5"})
    assert xml.status_code == 200
    assert xml.headers["Content-Type"].startswith("application/xml")
    refused = api.get(f"/www/auftrag/{auft_nr}/rechnung", headers={"Accept": "application/pdf;q=0"})
    assert refused.status_code == 406
    assert refused.json()["error"] == "not_acceptable"


def test_a_missing_order_is_a_404_with_the_error_body(api):
    answer = api.post("/www/auftrag/999999/rechnung")
    assert answer.status_code == 404
    assert error_json(answer) == {
        "error": "not_found",
        "error_description": "No order 999999.",
        "info": {"AuftNr": "999999"},
    }


def test_concurrent_posts_issue_one_invoice_per_order_and_waste_no_number(api):
    orders = [api.post("/www/auftrag", json=ORDERS["CHF"]).json()["data"]["AuftNr"] for _ in range(2)]
    headers = dict(api.session.headers)

    def post(auft_nr: str) -> requests.Response:
        return requests.post(api.url(f"/www/auftrag/{auft_nr}/rechnung"), headers=headers, timeout=120)

    with ThreadPoolExecutor(max_workers=12) as pool:
        answers = list(pool.map(post, orders * 6))
    numbers = {}
    for auft_nr, answer in zip(orders * 6, answers, strict=True):
        # 201 once per order; a request that came while the first was rendering is told to retry.
        assert answer.status_code in (200, 201, 409), answer.text
        if answer.status_code == 409:
            assert answer.headers["Retry-After"] == "5"
        else:
            numbers.setdefault(auft_nr, set()).add(answer.json()["data"]["RechNr"])
    assert sorted(a.status_code for a in answers).count(201) == 2
    first, second = (numbers[auft_nr] for auft_nr in orders)
    assert len(first) == len(second) == 1
    # Next to each other: no request took a number it did not use.
    assert abs(int(next(iter(first))) - int(next(iter(second)))) == 1


def issue_and_read_xml(api, body) -> tuple[dict, object]:
    created = api.post("/www/auftrag", json=body)
    assert created.status_code == 201, created.text
    auft_nr = created.json()["data"]["AuftNr"]
    issued = api.post(f"/www/auftrag/{auft_nr}/rechnung")
    assert issued.status_code == 201, issued.text
    xml = api.get(f"/www/auftrag/{auft_nr}/rechnung", headers={"Accept": "application/xml"})
    assert xml.status_code == 200
    assert_line_rule(xml.content)
    return issued.json(parse_float=Decimal)["data"], xml.content


def charges(root) -> list[tuple[Decimal, Decimal]]:
    settlement = "//ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeAllowanceCharge"
    return list(
        zip(
            values(root, f"{settlement}/ram:ActualAmount"),
            values(root, f"{settlement}/ram:CategoryTradeTax/ram:RateApplicablePercent"),
            strict=True,
        )
    )


def test_a_gross_price_order_is_invoiced_with_net_lines(api):
    # 10 PAK of tennis balls at gross 13.90 less 5 % = 132.05; 7 cards at gross 8.95 = 62.65; 194.70;
    # delivery 9.90 net (issue 22). Net 194.70 / 1.081 = 180.11100... + 9.90 -> 190.01; tax 14.58899...
    # + 9.90 x 0.081 = 0.8019 -> 15.39; 205.40. The lines' tax 194.70 - 180.11 = 14.59 shared over
    # the gross amounts: 9.90 and 4.69, so net lines 122.15 and 57.96 and a delivery charge of 9.90.
    head, xml = issue_and_read_xml(
        api,
        {
            "GrundDaten": {"KundNr": "100004", "AuftLiefKost": 9.90},
            "Positionen": [
                {"ArtNr": "6001", "Menge": 30, "VPEinheit": "PAK", "GRabSatz": 5},
                {"ArtNr": "6002", "Menge": 7},
            ],
        },
    )
    assert (head["AuftNetto"], head["AuftWUST"], head["AuftBrutto"]) == (
        Decimal("190.01"),
        Decimal("15.39"),
        Decimal("205.40"),
    )
    root = check(xml)
    assert values(root, "//ram:SpecifiedLineTradeSettlement//ram:LineTotalAmount") == [
        Decimal("122.15"),
        Decimal("57.96"),
    ]
    assert charges(root) == [(Decimal("9.90"), Decimal("8.1"))]
    assert total(root, "TaxBasisTotalAmount") == Decimal("190.01")
    assert total(root, "DuePayableAmount") == Decimal("205.40")


def test_delivery_costs_over_two_rates_are_a_charge_per_rate(api):
    # 100 DZ of eggs at 9.70 = 970.00 (2.6 %), 2 hotel nights at 145.00 = 290.00 (3.8 %), delivery 25.00:
    # 5.75 to 3.8 % and 19.25 to 2.6 % (in proportion, the cent left to the larger remainder);
    # 295.75 x 3.8 % = 11.24, 989.25 x 2.6 % = 25.72; 1285.00 + 36.96 = 1321.96 -> 1321.95
    head, xml = issue_and_read_xml(
        api,
        {
            "GrundDaten": {"KundNr": "100004", "AuftLiefKost": 25},
            "Positionen": [{"ArtNr": "6000", "Menge": 1200, "VPEinheit": "DZ"}, {"ArtNr": "6003", "Menge": 2}],
        },
    )
    assert head["AuftBrutto"] == Decimal("1321.95")
    root = check(xml)
    # BT-129 x BT-146 / BT-149: 1200 pieces x 9.70 / 12 = 970.00 (1200 x 0.8083 would be 969.96)
    assert [(f["quantity"], f["price"], f["base"], f["total"]) for f in line_figures(xml)] == [
        (1200, Decimal("9.70"), 12, Decimal("970.00")),
        (2, Decimal("145.00"), 1, Decimal("290.00")),
    ]
    assert charges(root) == [(Decimal("5.75"), Decimal("3.8")), (Decimal("19.25"), Decimal("2.6"))]
    assert values(root, "//ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax/ram:BasisAmount") == [
        Decimal("295.75"),
        Decimal("989.25"),
    ]
    assert total(root, "TaxTotalAmount") == Decimal("36.96")
    assert total(root, "RoundingAmount") == Decimal("-0.01")
