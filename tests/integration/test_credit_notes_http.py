"""Credit notes (issue 24) over real HTTP against the local stack: an invoice credited in part, then the
rest, a third credit note refused; JSON, PDF and XML as fetched; Retoure moves the stock back; the
numbers without a gap. Every credit note fetched passes CEN's EN 16931 rules and the Factur-X XSD
(`check`) and the PDF/A rules; tests/conftest.py checks the stack's `gutschrift/*.xml` archive too.
"""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

import pytest
from facturx import get_xml_from_pdf
from jsonschema import Draft202012Validator, FormatChecker

from local.template import ROOT
from tests.support import error_json, pdfa_rules
from tests.support.en16931_rules import NS, check, total
from tests.support.invoice_rules import assert_line_rule

pytestmark = pytest.mark.integration

# Customer 100004: 1000 coffee 3 x 18.90 = 56.70 (2.6 %); 2002 pens 30 = 3 PAK of 10 at 12.00 = 36.00
# less 5 % = 34.20 (8.1 %). 8.1 %: tax 2.7702 -> 2.77; 2.6 %: 1.4742 -> 1.47; 90.90 + 4.24 = 95.14 -> 95.15.
ORDER = {
    "GrundDaten": {"KundNr": "100004", "AuftBestellNr": "WS-24"},
    "Positionen": [
        {"ArtNr": "1000", "Menge": 3},
        {"ArtNr": "2002", "Menge": 30, "VPEinheit": "PAK", "GRabSatz": 5},
    ],
}


DOC = json.loads((ROOT / "docs" / "openapi.json").read_text(encoding="utf-8"))


def documented(path: str, method: str, status: int, body: Any) -> None:
    """`body` (a real answer) as docs/openapi.json describes it (GutschriftAntwort)."""
    schema = DOC["paths"][path][method]["responses"][str(status)]["content"]["application/json"]["schema"]
    validator = Draft202012Validator({**schema, "components": DOC["components"]}, format_checker=FormatChecker())
    assert [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(body)] == []


def stock(api, art_nr: str, unit: str | None) -> Decimal:
    """LagerBestand at location 1 of the article's stock item (`unit`: its packaging unit, else the base unit)."""
    data = api.get(f"/www/artikel/{art_nr}").json(parse_float=Decimal)["data"]
    if unit is None:
        items = data["Bestand"]
    else:
        items = next(v for v in data["Verpackungen"] if v["VPEinheit"] == unit)["Bestand"]
    return Decimal(next(b["LagerBestand"] for b in items if b["StaoNr"] == 1))


def fetched(api, number: str) -> tuple[dict, bytes, bytes]:
    """The credit note as JSON, XML (through the official rules) and PDF (PDF/A, carrying that XML)."""
    path = f"/www/gutschrift/{number}"
    as_json = api.get(path, headers={"Accept": "application/json"})
    assert as_json.status_code == 200, as_json.text
    xml = api.get(path, headers={"Accept": "application/xml"})
    assert xml.status_code == 200
    assert xml.headers["Content-Type"].startswith("application/xml")
    pdf = api.get(path, headers={"Accept": "application/pdf"})
    assert pdf.status_code == 200
    assert pdf.headers["Content-Type"] == "application/pdf"
    assert pdf.headers["Content-Disposition"] == f'inline; filename="gutschrift-{number}.pdf"'
    check(xml.content)
    assert_line_rule(xml.content)
    pdfa_rules.check(pdf.content)
    assert get_xml_from_pdf(pdf.content, check_xsd=False) == ("factur-x.xml", xml.content)
    return as_json.json(parse_float=Decimal)["data"], xml.content, pdf.content


def test_credit_part_then_the_rest_then_nothing_with_the_goods_back(api):
    created = api.post("/www/auftrag", json=ORDER)
    assert created.status_code == 201, created.text
    auft_nr = created.json()["data"]["AuftNr"]
    issued = api.post(f"/www/auftrag/{auft_nr}/rechnung")
    assert issued.status_code == 201, issued.text
    invoice = issued.json(parse_float=Decimal)["data"]
    assert invoice["AuftBrutto"] == Decimal("95.15")
    rech_nr = invoice["RechNr"]
    coffee, pens = stock(api, "1000", None), stock(api, "2002", "PAK")

    # Part, with the goods back: 1 coffee 18.90 (2.6 %: tax 0.4914 -> 0.49) and 1 PAK of pens 12.00 less
    # 5 % = 11.40 (8.1 %: tax 0.9234 -> 0.92): 30.30 + 1.41 = 31.71 -> 31.70.
    body = {"Positionen": [{"PosNr": 1, "Menge": 1}, {"PosNr": 2, "Menge": 10}], "Retoure": True}
    part = api.post(f"/www/rechnung/{rech_nr}/gutschrift", json=body)
    assert part.status_code == 201, part.text
    first = part.json(parse_float=Decimal)["data"]
    assert (first["AuftNetto"], first["AuftWUST"], first["AuftBrutto"]) == (
        Decimal("30.30"),
        Decimal("1.41"),
        Decimal("31.70"),
    )
    assert (first["RechNr"], first["AuftNr"], first["Retoure"]) == (rech_nr, auft_nr, True)
    documented("/www/rechnung/{RechNr}/gutschrift", "post", 201, part.json())
    documented("/www/gutschrift/{GutschriftNr}", "get", 200, part.json())
    assert (stock(api, "1000", None), stock(api, "2002", "PAK")) == (coffee + 1, pens + 1)
    data, xml, _ = fetched(api, first["GutschriftNr"])
    assert data == first
    root = check(xml)
    assert root.xpath("string(//rsm:ExchangedDocument/ram:TypeCode)", namespaces=NS) == "381"
    reference = "//ram:InvoiceReferencedDocument/ram:IssuerAssignedID"
    assert root.xpath(f"string({reference})", namespaces=NS) == rech_nr
    assert total(root, "DuePayableAmount") == Decimal("31.70")

    # The rest, an empty body, no goods back: 2 coffees 37.80 (tax 0.9828 -> 0.98) and 2 PAK of pens
    # 24.00 less 5 % = 22.80 (tax 1.8468 -> 1.85): 60.60 + 2.83 = 63.43 -> 63.45.
    rest = api.post(f"/www/rechnung/{rech_nr}/gutschrift")
    assert rest.status_code == 201, rest.text
    second = rest.json(parse_float=Decimal)["data"]
    assert (second["AuftNetto"], second["AuftWUST"], second["AuftBrutto"]) == (
        Decimal("60.60"),
        Decimal("2.83"),
        Decimal("63.45"),
    )
    assert second["Positionen"] == [{"PosNr": 1, "Menge": 2}, {"PosNr": 2, "Menge": 20}]
    assert int(second["GutschriftNr"]) == int(first["GutschriftNr"]) + 1  # no gap between them
    assert (stock(api, "1000", None), stock(api, "2002", "PAK")) == (coffee + 1, pens + 1)
    fetched(api, second["GutschriftNr"])
    # The two give back the invoice to the Rappen (31.70 + 63.45 = 95.15): nothing is open.
    assert first["AuftBrutto"] + second["AuftBrutto"] == invoice["AuftBrutto"]
    state = api.get(f"/www/rechnung/{rech_nr}", headers={"Accept": "application/json"}).json(parse_float=Decimal)[
        "data"
    ]
    assert (state["BetragOffen"], state["Zahlstatus"], state["Bezahlt"]) == (Decimal("0.00"), "bezahlt", True)

    third = api.post(f"/www/rechnung/{rech_nr}/gutschrift", json={"Positionen": [{"PosNr": 1, "Menge": 1}]})
    assert third.status_code == 409
    assert error_json(third)["info"] == {"PosNr": 1, "Menge": 1, "invoiced": 3, "credited": 3}
    assert api.post(f"/www/rechnung/{rech_nr}/gutschrift").status_code == 409
    # Nothing was taken by the refusals: the next credit note (another invoice's) follows without a gap.
    other = api.post("/www/auftrag", json=ORDER).json()["data"]["AuftNr"]
    other_rech = api.post(f"/www/auftrag/{other}/rechnung").json()["data"]["RechNr"]
    nxt = api.post(f"/www/rechnung/{other_rech}/gutschrift", json={"Positionen": [{"PosNr": 1, "Menge": 3}]})
    assert nxt.status_code == 201, nxt.text
    assert int(nxt.json()["data"]["GutschriftNr"]) == int(second["GutschriftNr"]) + 1


def test_a_missing_invoice_or_credit_note_is_a_404(api):
    missing = api.post("/www/rechnung/599999/gutschrift")
    assert missing.status_code == 404
    assert error_json(missing) == {
        "error": "not_found",
        "error_description": "No invoice 599999.",
        "info": {"RechNr": "599999"},
    }
    assert api.get("/www/gutschrift/699999", headers={"Accept": "application/json"}).status_code == 404
