"""Issue 22 in-process (moto): no invoice ever blocked or wrong.

Text stored before the API refused what XML 1.0 cannot carry is invoiced (cleaned, never a 500).
"""

from __future__ import annotations

import copy
import io
import json
from dataclasses import replace
from datetime import date
from decimal import Decimal

import pytest
from pypdf import PdfReader

from tests.support.en16931_rules import NS, check, total

PDF, XML = "application/pdf", "application/xml"


def order(call, body) -> str:
    answer = call("auftrag", "POST", "/www/auftrag", body)
    assert answer.status == 201, answer.text
    return str(answer.json()["data"]["AuftNr"])


def stored_file(call, auft_nr: str, accept: str) -> bytes:
    from backoffice.invoices import store

    return store.get_file(store.get_record(auft_nr), "Pdf" if accept == PDF else "Xml")


def pdf_text(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


def test_text_stored_before_the_rule_is_invoiced_with_a_space_for_each_illegal_character(call):
    from backoffice import company
    from backoffice.platform import dynamo
    from backoffice.sales import document_store

    auft_nr = order(call, {"GrundDaten": {"KundNr": "100004"}, "Positionen": [{"ArtNr": "1000", "Menge": 1}]})
    # As an order stored before issue 22 could hold it: control characters in the head and a position.
    key = document_store.pk(document_store.ORDER, auft_nr)
    head = dynamo.get_item(key, document_store.HEAD_SK)
    assert head is not None
    head["AuftKomment"] = "Bitte\u0002klingeln\ufffe"
    head["Adressen"]["RechAdr"] = {**head["Adressen"]["KontaktAdr"], "AdrFirma": "Muster\u0002AG"}
    dynamo.put_item(head)
    chunk = dynamo.get_item(key, f"{document_store.CHUNK_PREFIX}0001")
    assert chunk is not None
    rows = json.loads(chunk["Rows"])
    rows[0]["PosBez"] = "Kaffee\u001fCrema"
    chunk["Rows"] = json.dumps(rows)
    dynamo.put_item(chunk)

    # And the configuration's seller, imported before the rule (the cache is reset after each test).
    config = dynamo.get_item(company.CONFIG_PK, company.CONFIG_SK)
    assert config is not None
    dynamo.put_item({**config, "Firma": {**config["Firma"], "Name": "Muster\u000bHandel AG"}})
    company.forget_config()

    issued = call("rechnung", "POST", f"/www/auftrag/{auft_nr}/rechnung")
    assert issued.status == 201, issued.text
    root = check(stored_file(call, auft_nr, XML))
    assert root.xpath("string(//ram:SellerTradeParty/ram:Name)", namespaces=NS) == "Muster Handel AG"
    note = root.xpath("string(//rsm:ExchangedDocument/ram:IncludedNote/ram:Content)", namespaces=NS)
    assert note == "Bitte klingeln "
    assert root.xpath("string(//ram:BuyerTradeParty/ram:Name)", namespaces=NS) == "Muster AG"
    assert root.xpath("string(//ram:SpecifiedTradeProduct/ram:Name)", namespaces=NS) == "Kaffee Crema"
    text = pdf_text(stored_file(call, auft_nr, PDF))
    assert "Muster AG" in text
    assert "Kaffee Crema" in text


# Amounts: whatever is accepted can be invoiced (the QR-bill and the EPC code take at most
# 999,999,999.99); beyond that a 400 names the field. CHF totals round to 0.05: 999,999,999.95.
BERLIN = {
    "AdrSprache": "ger",
    "AdrAnrede": 0,
    "AdrFirma": "Export GmbH",
    "AdrAdresse1": "Torstrasse 1",
    "OrtLand": "DE",
    "OrtPLZ": "10115",
    "OrtName": "Berlin",
}
TOO_MUCH = (
    "is more than 999999999.99, the largest amount of a QR-bill or EPC payment code: "
    "split the positions over several orders"
)


def positions(count: int, menge: int, preis: str) -> list[dict]:
    # floats only to be written as JSON: their repr is the decimal given, which the API reads as a Decimal.
    return [{"ArtNr": "1000", "Menge": menge, "Preis": float(preis)} for _ in range(count)]


AT_THE_LIMITS = {
    # domestic 2.6 %: 9,999,999 x 97.00 = 969,999,903.00 + 25,219,997.48 tax = 995,219,900.48 -> .50
    "CHF largest quantity": ("100004", None, positions(1, 9_999_999, "97"), "995219900.50"),
    # an export (delivered to Berlin), 0 %: the largest CHF total, 999,999,999.95
    "CHF largest price": ("100004", BERLIN, positions(1, 1, "999999999.95"), "999999999.95"),
    # domestic: 974,658,869.37 + 25,341,130.60 tax = 999,999,999.97 -> 999,999,999.95
    "CHF largest total": ("100004", None, positions(1, 1, "974658869.37"), "999999999.95"),
    # 500 x 1,949,317.70 = 974,658,850.00 + 25,341,130.10 tax
    "CHF 500 positions": ("100004", None, positions(500, 1, "1949317.70"), "999999980.10"),
    # the German customer (EUR, export 0 %)
    "EUR largest quantity": ("100006", None, positions(1, 9_999_999, "99.99"), "999899900.01"),
    "EUR largest price and total": ("100006", None, positions(1, 1, "999999999.99"), "999999999.99"),
    "EUR 500 positions": ("100006", None, positions(500, 1, "1999999.99"), "999999995.00"),
}


@pytest.mark.parametrize(("kund_nr", "delivery", "lines", "gross"), AT_THE_LIMITS.values(), ids=AT_THE_LIMITS)
def test_orders_at_the_limits_are_invoiced(call, kund_nr, delivery, lines, gross):
    body = {"GrundDaten": {"KundNr": kund_nr}, "Positionen": lines}
    if delivery:
        body["Adressen"] = {"LiefAdr": delivery}
    auft_nr = order(call, body)
    grund = call("auftrag", "GET", f"/www/auftrag/{auft_nr}").json()["data"]["GrundDaten"]
    assert Decimal(str(grund["AuftBrutto"])) == Decimal(gross)
    issued = call("rechnung", "POST", f"/www/auftrag/{auft_nr}/rechnung")
    assert issued.status == 201, issued.text
    root = check(stored_file(call, auft_nr, XML))
    assert total(root, "DuePayableAmount") == Decimal(gross)
    text = pdf_text(stored_file(call, auft_nr, PDF))
    assert pdf_amount(Decimal(gross)) in text
    assert ("Zahlteil" in text) is (grund["WaehrAbk"] == "CHF")


def pdf_amount(value: Decimal) -> str:
    return f"{value:,.2f}".replace(",", "'")


def refused(answer, fields: dict[str, str]) -> None:
    assert answer.status == 400, answer.text
    assert answer.json()["error"] == "invalid_request"
    assert answer.json()["info"]["fields"] == fields


def test_the_order_of_the_issue_and_one_cent_beyond_the_limit_are_refused(call):
    from backoffice.platform import dynamo

    huge = {"GrundDaten": {"KundNr": "100004"}, "Positionen": positions(1, 999_999_999, "99999")}
    refused(call("auftrag", "POST", "/www/auftrag", huge), {
        "Positionen[0].Menge": "Input should be less than or equal to 9999999.9999",
    })  # fmt: skip
    # 9,999,999 x 99,999 = 999,989,900,001.00 + 2.6 % = 1,025,989,637,401.03 -> .05
    total_only = {"GrundDaten": {"KundNr": "100004"}, "Positionen": positions(1, 9_999_999, "99999")}
    refused(call("auftrag", "POST", "/www/auftrag", total_only), {
        "GrundDaten.AuftBrutto": f"CHF 1025989637401.05 {TOO_MUCH}",
    })  # fmt: skip
    price = {"GrundDaten": {"KundNr": "100006"}, "Positionen": positions(1, 1, "1000000000")}
    refused(call("auftrag", "POST", "/www/auftrag", price), {
        "Positionen[0].Preis": "Input should be less than or equal to 999999999.99",
    })  # fmt: skip
    cent = {
        "GrundDaten": {"KundNr": "100006", "AuftLiefKost": 0.01},
        "Positionen": positions(1, 1, "999999999.99"),
    }
    refused(call("auftrag", "POST", "/www/auftrag", cent), {
        "GrundDaten.AuftBrutto": f"EUR 1000000000.00 {TOO_MUCH}",
    })  # fmt: skip
    assert dynamo.get_item("COUNTER", "AuftNr") is None  # no number taken, nothing written


def test_quotations_and_their_conversion_are_bounded_too(call):
    from backoffice.platform import dynamo
    from backoffice.sales import document_store

    too_many = {"GrundDaten": {"KundNr": "100006"}, "Positionen": [{"ArtNr": "1000", "Menge": 9_999_999}] * 500}
    refused(
        call("offerte", "POST", "/www/offerte", too_many), {"GrundDaten.AuftBrutto": f"EUR 90149990985.00 {TOO_MUCH}"}
    )
    created = call(
        "offerte",
        "POST",
        "/www/offerte",
        {"GrundDaten": {"KundNr": "100006"}, "Positionen": [{"ArtNr": "1000", "Menge": 3}]},
    )
    assert created.status == 201, created.text
    offert_nr = created.json()["data"]["OffertNr"]
    before = call("offerte", "GET", "/www/offerte", query={"OffertNr": offert_nr}).json()
    grown = {"Positionen": [{"ArtNr": "1000", "Menge": 9_999_999}] * 100}
    refused(call("offerte", "PATCH", "/www/offerte", grown, query={"OffertNr": offert_nr}), {
        "GrundDaten.AuftBrutto": f"EUR 18029998257.09 {TOO_MUCH}",
    })  # fmt: skip
    assert call("offerte", "GET", "/www/offerte", query={"OffertNr": offert_nr}).json() == before

    # A quotation stored before the bound: its conversion is refused, no order written.
    key = document_store.pk(document_store.QUOTATION, offert_nr)
    chunk = dynamo.get_item(key, f"{document_store.CHUNK_PREFIX}0001")
    assert chunk is not None
    rows = json.loads(chunk["Rows"])
    rows[0]["Menge"] = "99999999999"
    chunk["Rows"] = json.dumps(rows)
    dynamo.put_item(chunk)
    converted = call("auftrag", "PUT", "/www/auftrag", {"GrundDaten": {"KundNr": "100006", "OffertNr": offert_nr}})
    assert converted.status == 400, converted.text
    assert list(converted.json()["info"]["fields"]) == ["GrundDaten.AuftBrutto"]
    assert dynamo.get_item("COUNTER", "AuftNr") is None


def customer_in(call, language: str) -> str:
    from tests.support.demo import MINIMAL_CUSTOMER

    customer = copy.deepcopy(MINIMAL_CUSTOMER)
    customer["Adressen"]["KontaktAdr"]["AdrSprache"] = language
    created = call("kunden", "POST", "/www/kunden", customer)
    assert created.status == 201, created.text
    return str(created.json()["data"]["DebiNr"])


DELIVERED = {"ger": "Lieferdatum 21.11.2026", "fre": "Date de livraison 21.11.2026",
             "ita": "Data di consegna 21.11.2026", "eng": "Delivery date 21.11.2026"}  # fmt: skip


@pytest.mark.parametrize("language", DELIVERED)
def test_bt72_and_the_pdf_state_the_orders_delivery_date_in_every_language(call, language):
    # 23:30 UTC on 20 November is 00:30 on the 21st in Zurich: the company's calendar day.
    body = {
        "GrundDaten": {"KundNr": customer_in(call, language), "AuftLieferT": "2026-11-20T23:30:00Z"},
        "Positionen": [{"ArtNr": "1000", "Menge": 1}],
    }
    auft_nr = order(call, body)
    assert call("rechnung", "POST", f"/www/auftrag/{auft_nr}/rechnung").status == 201
    root = check(stored_file(call, auft_nr, XML))
    assert root.xpath(f"string({DELIVERY_EVENT})", namespaces=UDT) == "20261121"
    assert DELIVERED[language] in pdf_text(stored_file(call, auft_nr, PDF)).replace("\n", " ")


DELIVERY_EVENT = "//ram:ActualDeliverySupplyChainEvent/ram:OccurrenceDateTime/udt:DateTimeString"
UDT = {**NS, "udt": "urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100"}


def test_without_a_delivery_date_the_invoice_date_is_the_date_of_supply(call):
    auft_nr = order(call, {"GrundDaten": {"KundNr": "100004"}, "Positionen": [{"ArtNr": "1000", "Menge": 1}]})
    head = call("rechnung", "POST", f"/www/auftrag/{auft_nr}/rechnung").json()["data"]
    issued = date.fromisoformat(head["RechDatum"])
    root = check(stored_file(call, auft_nr, XML))
    assert root.xpath(f"string({DELIVERY_EVENT})", namespaces=UDT) == issued.strftime("%Y%m%d")
    assert f"Lieferdatum {issued:%d.%m.%Y}" in pdf_text(stored_file(call, auft_nr, PDF))


@pytest.mark.parametrize(("kund_nr", "currency"), [("100004", "CHF"), ("100006", "EUR")])
def test_a_0_00_invoice_has_no_payment_part(call, kund_nr, currency):
    body = {"GrundDaten": {"KundNr": kund_nr}, "Positionen": [{"ArtNr": "1000", "Menge": 2, "GRabSatz": 100}]}
    auft_nr = order(call, body)
    issued = call("rechnung", "POST", f"/www/auftrag/{auft_nr}/rechnung")
    assert issued.status == 201, issued.text
    assert issued.json()["data"]["AuftBrutto"] == 0
    assert issued.json()["data"]["WaehrAbk"] == currency
    root = check(stored_file(call, auft_nr, XML))
    assert total(root, "DuePayableAmount") == Decimal("0.00")
    text = pdf_text(stored_file(call, auft_nr, PDF))
    assert "Es ist nichts zu bezahlen." in text
    assert "Zahlteil" not in text  # no QR-bill
    assert "IBAN" not in text  # no EPC code: it is drawn with the IBAN beside it
    assert "Fällig am" not in text


def test_a_swiss_sellers_export_is_exempt_under_swiss_law_without_an_eu_code(call):
    auft_nr = order(call, {"GrundDaten": {"KundNr": "100006"}, "Positionen": [{"ArtNr": "1000", "Menge": 1}]})
    assert call("rechnung", "POST", f"/www/auftrag/{auft_nr}/rechnung").status == 201
    root = check(stored_file(call, auft_nr, XML))  # BR-G-10: a reason text is there
    tax = "//ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax"
    assert root.xpath(f"string({tax}/ram:CategoryCode)", namespaces=NS) == "G"
    assert root.xpath(f"string({tax}/ram:ExemptionReason)", namespaces=NS) == (
        "Export exempt from Swiss VAT (Art. 23 para. 2 no. 1 MWSTG)"
    )
    assert root.xpath(f"count({tax}/ram:ExemptionReasonCode)", namespaces=NS) == 0


def test_an_eu_seller_delivering_outside_the_eu_says_vatex_eu_g(call):
    from backoffice.invoices import en16931, model

    auft_nr = order(call, {"GrundDaten": {"KundNr": "100006"}, "Positionen": [{"ArtNr": "1000", "Menge": 1}]})
    invoice = model.invoice_input(auft_nr)
    numbering = model.Numbering("500001", date(2026, 11, 25), date(2026, 12, 25), "RF18500001")
    tax = "//ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax"

    def reason(seller_country: str, delivered_to: str) -> tuple[str, str]:
        delivery = invoice.delivery_address
        xml = en16931.build_xml(
            replace(
                invoice,
                billing_address=replace(invoice.billing_address, country=delivered_to),
                delivery_address=delivery and replace(delivery, country=delivered_to),
                seller=replace(invoice.seller, country=seller_country),
                delivery_country=delivered_to,
            ),
            numbering,
        )
        root = check(xml)
        return (
            root.xpath(f"string({tax}/ram:ExemptionReason)", namespaces=NS),
            root.xpath(f"string({tax}/ram:ExemptionReasonCode)", namespaces=NS),
        )

    assert reason("DE", "CH") == ("Export outside the EU", "VATEX-EU-G")
    assert reason("AT", "US") == ("Export outside the EU", "VATEX-EU-G")
    assert reason("CH", "DE") == ("Export exempt from Swiss VAT (Art. 23 para. 2 no. 1 MWSTG)", "")
    assert reason("LI", "AT") == ("Export exempt from Swiss VAT (Art. 23 para. 2 no. 1 MWSTG)", "")
    assert reason("DE", "FR") == ("Export exempt from VAT", "")  # not an export: no EU code claimed
