"""Issue 22 over real HTTP against the local stack: no invoice ever blocked or wrong.

Text XML 1.0 cannot carry is refused in every text field (400 naming each field, nothing written);
amounts beyond what an invoice can carry are refused; invoices at the limits are issued.
"""

from __future__ import annotations

import io
from datetime import date
from decimal import Decimal

import pytest
from pypdf import PdfReader

from tests.support.en16931_rules import NS, check, total

pytestmark = pytest.mark.integration

BAD = "Muster\u0002AG"
DELIVERY_EVENT = "//ram:ActualDeliverySupplyChainEvent/ram:OccurrenceDateTime/udt:DateTimeString"
UDT = {**NS, "udt": "urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100"}
WHY = "contains a character XML 1.0 cannot carry: U+0002 at position 6"
ADDRESS = {
    "AdrSprache": "ger",
    "AdrAnrede": 0,
    "AdrFirma": "Muster AG",
    "AdrAdresse1": "Gasse 1",
    "OrtLand": "CH",
    "OrtPLZ": "8001",
    "OrtName": "Zürich",
}


def refused(answer, fields: dict[str, str]) -> None:
    assert answer.status_code == 400, answer.text
    body = answer.json()
    assert body["error"] == "invalid_request"
    assert body["info"]["fields"] == fields


def test_an_address_patch_with_a_control_character_is_a_400_and_changes_nothing(api):
    before = api.get("/www/adressen/6").json()["data"]
    refused(
        api.request("PATCH", "/www/adressen/6", json={"AdrFirma": BAD, "AdrName": "A\ufffeB"}),
        {
            "AdrFirma": WHY,
            "AdrName": "contains a character XML 1.0 cannot carry: U+FFFE at position 1",
        },
    )
    assert api.get("/www/adressen/6").json()["data"] == before
    # The customer's next order is invoiced.
    created = api.post(
        "/www/auftrag", json={"GrundDaten": {"KundNr": "100004"}, "Positionen": [{"ArtNr": "1000", "Menge": 1}]}
    )
    assert created.status_code == 201, created.text
    issued = api.post(f"/www/auftrag/{created.json()['data']['AuftNr']}/rechnung")
    assert issued.status_code == 201, issued.text


def test_an_order_names_every_text_field_holding_one(api):
    body = {
        "GrundDaten": {"KundNr": "100004", "AuftBez": BAD, "AuftKomment": "ok\r\n\tok"},
        "Adressen": {"LiefAdr": {**ADDRESS, "AdrName": BAD}},
        "Positionen": [{"ArtNr": "1000", "Menge": 1}, {"ArtNr": "1000", "Menge": 1, "PosBez": BAD}],
        "Zahlung": [{"Bezeichnung": "TransID", "Wert": BAD}],
    }
    refused(
        api.post("/www/auftrag", json=body),
        {
            "GrundDaten.AuftBez": WHY,
            "Adressen.LiefAdr.AdrName": WHY,
            "Positionen[1].PosBez": WHY,
            "Zahlung[0].Wert": WHY,
        },
    )


def test_quotations_and_customers_refuse_it_too(api):
    template = {"GrundDaten": {"AuftBestellNr": BAD}, "Positionen": [{"ArtNr": "1000", "Menge": 1}]}
    refused(api.post("/www/offerte", json=template), {"GrundDaten.AuftBestellNr": WHY})
    created = api.post(
        "/www/offerte", json={"GrundDaten": {"KundNr": "100004"}, "Positionen": [{"ArtNr": "1000", "Menge": 1}]}
    )
    assert created.status_code == 201, created.text
    offert_nr = created.json()["data"]["OffertNr"]
    before = api.get("/www/offerte", params={"OffertNr": offert_nr}).json()
    patch = {
        "Positionen": [{"ArtNr": "1000", "Menge": 2, "PosBez": BAD}],
        "Adressen": {"RechAdr": {**ADDRESS, "AdrFirma2": BAD}},
    }
    refused(
        api.request("PATCH", "/www/offerte", params={"OffertNr": offert_nr}, json=patch),
        {
            "Positionen[0].PosBez": WHY,
            "Adressen.RechAdr.AdrFirma2": WHY,
        },
    )
    assert api.get("/www/offerte", params={"OffertNr": offert_nr}).json() == before
    customer = {
        "GrundDaten": {"WaehrAbk": "CHF", "FAKTZahlArt": "B", "Kommentar": BAD},
        "Adressen": {"KontaktAdr": {**ADDRESS, "AdrVorname": BAD}},
    }
    refused(
        api.post("/www/kunden", json=customer),
        {
            "GrundDaten.Kommentar": WHY,
            "Adressen.KontaktAdr.AdrVorname": WHY,
        },
    )


def test_amounts_beyond_an_invoice_are_refused_and_the_largest_is_invoiced(api):
    issue_order = {
        "GrundDaten": {"KundNr": "100004"},
        "Positionen": [{"ArtNr": "1000", "Menge": 999999999, "Preis": 99999}],
    }
    refused(api.post("/www/auftrag", json=issue_order), {
        "Positionen[0].Menge": "Input should be less than or equal to 9999999.9999"
    })  # fmt: skip
    beyond = {"GrundDaten": {"KundNr": "100006"}, "Positionen": [{"ArtNr": "1000", "Menge": 2, "Preis": 999999999.99}]}
    refused(api.post("/www/auftrag", json=beyond), {
        "GrundDaten.AuftBrutto": "EUR 1999999999.98 is more than 999999999.99, the largest amount of a QR-bill or "
        "EPC payment code: split the positions over several orders"
    })  # fmt: skip
    largest = {"GrundDaten": {"KundNr": "100006"}, "Positionen": [{"ArtNr": "1000", "Menge": 1, "Preis": 999999999.99}]}
    created = api.post("/www/auftrag", json=largest)
    assert created.status_code == 201, created.text
    issued = api.post(f"/www/auftrag/{created.json()['data']['AuftNr']}/rechnung")
    assert issued.status_code == 201, issued.text
    assert issued.json()["data"]["AuftBrutto"] == 999999999.99


def invoice_over_http(api, body: dict) -> tuple[dict, bytes, str]:
    created = api.post("/www/auftrag", json=body)
    assert created.status_code == 201, created.text
    auft_nr = created.json()["data"]["AuftNr"]
    issued = api.post(f"/www/auftrag/{auft_nr}/rechnung")
    assert issued.status_code == 201, issued.text
    xml = api.get(f"/www/auftrag/{auft_nr}/rechnung", headers={"Accept": "application/xml"}).content
    pdf = api.get(f"/www/auftrag/{auft_nr}/rechnung", headers={"Accept": "application/pdf"}).content
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    return issued.json()["data"], xml, text


def test_delivery_date_exemption_and_nothing_due_over_http(api):
    # An export to the German customer delivered on 21 November (Zurich), every position free.
    body = {
        "GrundDaten": {"KundNr": "100006", "AuftLieferT": "2026-11-20T23:30:00Z"},
        "Positionen": [{"ArtNr": "1000", "Menge": 2, "GRabSatz": 100}],
    }
    head, xml, text = invoice_over_http(api, body)
    root = check(xml)
    assert root.xpath(f"string({DELIVERY_EVENT})", namespaces=UDT) == "20261121"
    tax = "//ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax"
    assert root.xpath(f"string({tax}/ram:ExemptionReason)", namespaces=NS) == (
        "Export exempt from Swiss VAT (Art. 23 para. 2 no. 1 MWSTG)"
    )
    assert root.xpath(f"count({tax}/ram:ExemptionReasonCode)", namespaces=NS) == 0
    assert head["AuftBrutto"] == 0
    assert total(root, "DuePayableAmount") == Decimal("0.00")
    assert "Lieferdatum 21.11.2026" in text
    assert "Es ist nichts zu bezahlen." in text
    assert "IBAN" not in text  # no EPC code

    chf, _, chf_text = invoice_over_http(
        api, {"GrundDaten": {"KundNr": "100004"}, "Positionen": [{"ArtNr": "1000", "Menge": 1, "GRabSatz": 100}]}
    )
    assert chf["AuftBrutto"] == 0
    assert "Zahlteil" not in chf_text  # no QR-bill
    assert f"Lieferdatum {date.fromisoformat(chf['RechDatum']):%d.%m.%Y}" in chf_text
