"""POST/GET /www/auftrag/{AuftNr}/rechnung in-process (moto): issue once, the stored files, the XML's figures."""

from __future__ import annotations

import base64
import copy
import io
from dataclasses import replace
from datetime import date, timedelta
from decimal import Decimal

import pytest
from pypdf import PdfReader

from tests.support import pdfa_rules
from tests.support.demo import MINIMAL_CUSTOMER
from tests.support.en16931_rules import NS, check, one, total
from tests.support.invoice_orders import CHF_ORDER, EUR_ORDER, JSON, PDF, XML, as_bytes, binary, order
from tests.support.invoke import Context, event, load_app
from tests.support.stored_documents import as_last_release


def fetch(call, auft_nr: str, accept: str, **headers: str):
    return call("rechnung", "GET", f"/www/auftrag/{auft_nr}/rechnung", headers={"Accept": accept, **headers})


def extract(pdf: bytes) -> bytes:
    """POST /www/zugferd Extract of the PDF: the embedded XML as the route answers it."""
    raw = event("POST", "/www/zugferd", {"Operation": "Extract", "PDF": base64.b64encode(pdf).decode()})
    return binary(load_app("zugferd").lambda_handler(raw, Context()))


def test_a_chf_invoice_is_issued_once_with_the_orders_figures(call):
    auft_nr, data = order(call, CHF_ORDER)
    answer = call("rechnung", "POST", f"/www/auftrag/{auft_nr}/rechnung")
    assert answer.status == 201, answer.text
    head = answer.json()["data"]
    today = date.fromisoformat(head["RechDatum"])
    assert head["RechNr"] == "500001"
    assert head["AuftNr"] == auft_nr
    assert head["FaelligDatum"] == (today + timedelta(days=30)).isoformat()  # the default condition
    assert (head["AuftNetto"], head["AuftWUST"], head["AuftBrutto"]) == (64.8, 1.68, 66.5)
    assert head["Zahlungsreferenz"] == "000000000000000000005000019"
    assert [link["rel"] for link in head["links"]] == ["rechnung/pdf", "rechnung/xml", "auftrag/"]
    assert head["links"][0]["href"].endswith(f"/www/auftrag/{auft_nr}/rechnung")

    again = call("rechnung", "POST", f"/www/auftrag/{auft_nr}/rechnung")
    assert again.status == 200
    assert again.json() == answer.json()

    as_json = fetch(call, auft_nr, JSON)
    assert as_json.status == 200
    assert as_json.json() == answer.json()

    xml = as_bytes(call, auft_nr, XML)
    root = check(xml)
    lines = root.xpath("//ram:IncludedSupplyChainTradeLineItem", namespaces=NS)
    assert [Decimal(li.xpath("string(.//ram:LineTotalAmount)", namespaces=NS)) for li in lines] == [
        Decimal(str(p["PosPreisTotal"])) for p in data["Positionen"]
    ]
    grund = data["GrundDaten"]
    assert total(root, "LineTotalAmount") == Decimal(str(grund["AuftNetto"]))  # BT-106 (no delivery costs)
    assert total(root, "TaxTotalAmount") == Decimal(str(grund["AuftWUST"]))  # BT-110
    assert total(root, "DuePayableAmount") == Decimal(str(grund["AuftBrutto"]))  # BT-115
    assert total(root, "RoundingAmount") == Decimal("0.02")  # BT-114: 66.48 -> 66.50
    recap = data["MWSTRekapitulation"][0]
    assert one(root, "//ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax/ram:BasisAmount") == Decimal("64.80")
    assert one(root, "//ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax/ram:CalculatedAmount") == Decimal(
        str(recap["PosWUST"])
    )
    assert (
        root.xpath(
            "string(//ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax/ram:CategoryCode)", namespaces=NS
        )
        == "S"
    )
    assert root.xpath("string(//ram:SellerTradeParty/ram:Name)", namespaces=NS) == "Muster Handel AG"
    assert (
        root.xpath("string(//ram:PayeePartyCreditorFinancialAccount/ram:IBANID)", namespaces=NS)
        == "CH4431999123000889012"
    )
    assert root.xpath("string(//ram:BuyerOrderReferencedDocument/ram:IssuerAssignedID)", namespaces=NS) == "WS-4711"
    # The discounted line: 9.00 less 10 % as a line allowance of 0.90.
    assert lines[1].xpath("string(.//ram:SpecifiedTradeAllowanceCharge/ram:ActualAmount)", namespaces=NS) == "0.90"

    pdf = as_bytes(call, auft_nr, PDF)
    reader = PdfReader(io.BytesIO(pdf))
    assert reader.attachments["factur-x.xml"] == [xml]  # the stored XML is the embedded one, byte for byte
    text = "\n".join(page.extract_text() for page in reader.pages)
    assert "Rechnung 500001" in text
    assert "Kaffee Bohnen Crema 1 kg" in text
    assert "2 PAK" in text
    assert "10 %" in text
    assert "Zahlteil" in text  # the QR-bill's payment part
    assert "Zahlbar durch" in text
    pdfa_rules.fonts(reader)  # every font embedded, the QR-bill's too
    assert extract(pdf) == xml


def test_get_answers_an_etag_and_304(call):
    auft_nr, _ = order(call, CHF_ORDER)
    assert call("rechnung", "POST", f"/www/auftrag/{auft_nr}/rechnung").status == 201
    for accept in (PDF, XML, JSON):
        first = fetch(call, auft_nr, accept)
        assert first.status == 200
        assert first.headers["Content-Type"].startswith(accept)
        tag = first.headers["ETag"]
        again = fetch(call, auft_nr, accept, **{"If-None-Match": tag})
        assert again.status == 304
        assert again.text == ""
    assert fetch(call, auft_nr, PDF).headers["ETag"] != fetch(call, auft_nr, XML).headers["ETag"]
    refused = fetch(call, auft_nr, "image/png")
    assert refused.status == 406
    assert refused.json()["error"] == "not_acceptable"


@pytest.mark.parametrize(("suffix", "media_type"), [("pdf", PDF), ("xml", XML)])
def test_each_file_has_a_route_of_its_own_whatever_accept_says(call, suffix, media_type):
    """GET .../rechnung/pdf and .../xml: the bytes GET .../rechnung answers for that Accept, same ETag."""
    auft_nr, _ = order(call, CHF_ORDER)
    assert call("rechnung", "GET", f"/www/auftrag/{auft_nr}/rechnung/{suffix}").status == 404
    assert call("rechnung", "POST", f"/www/auftrag/{auft_nr}/rechnung").status == 201
    negotiated = fetch(call, auft_nr, media_type)
    own = call("rechnung", "GET", f"/www/auftrag/{auft_nr}/rechnung/{suffix}", headers={"Accept": JSON})
    assert own.status == 200
    assert own.headers["Content-Type"] == media_type
    assert binary(own.raw) == binary(negotiated.raw)
    assert own.headers["ETag"] == negotiated.headers["ETag"]
    assert own.headers["Content-Length"] == str(len(binary(own.raw)))
    tag = {"If-None-Match": own.headers["ETag"]}
    assert call("rechnung", "GET", f"/www/auftrag/{auft_nr}/rechnung/{suffix}", headers=tag).status == 304


@pytest.mark.parametrize(
    ("accept", "content_type"),
    [
        ("application/pdf;q=0, application/xml;q=0.5", "application/xml"),
        ("application/xml;q=0.2, application/json", "application/json"),
        ("text/xml", "application/xml"),
        ("*/*", "application/pdf"),
    ],
)
def test_get_weighs_the_q_values_of_accept(call, accept, content_type):
    auft_nr, _ = order(call, CHF_ORDER)
    assert call("rechnung", "POST", f"/www/auftrag/{auft_nr}/rechnung").status == 201
    answer = fetch(call, auft_nr, accept)
    assert answer.status == 200
    assert answer.headers["Content-Type"].split(";")[0] == content_type
    assert fetch(call, auft_nr, "application/pdf;q=0").status == 406


def test_an_eur_export_invoice_has_category_g_and_an_epc_code(call):
    auft_nr, data = order(call, EUR_ORDER)
    answer = call("rechnung", "POST", f"/www/auftrag/{auft_nr}/rechnung")
    assert answer.status == 201, answer.text
    head = answer.json()["data"]
    assert head["WaehrAbk"] == "EUR"
    assert head["Zahlungsreferenz"].startswith("RF")
    root = check(as_bytes(call, auft_nr, XML))
    tax = "//ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax"
    assert root.xpath(f"string({tax}/ram:CategoryCode)", namespaces=NS) == "G"
    # A Swiss seller's export is exempt under the MWSTG, not the EU directive: a text, no VATEX-EU-G.
    assert root.xpath(f"string({tax}/ram:ExemptionReason)", namespaces=NS) == (
        "Export exempt from Swiss VAT (Art. 23 para. 2 no. 1 MWSTG)"
    )
    assert root.xpath(f"count({tax}/ram:ExemptionReasonCode)", namespaces=NS) == 0
    assert total(root, "DuePayableAmount") == Decimal(str(data["GrundDaten"]["AuftBrutto"])) == Decimal("60.09")
    assert (
        root.xpath("string(//ram:PayeePartyCreditorFinancialAccount/ram:IBANID)", namespaces=NS)
        == "CH5604835012345678009"
    )
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(as_bytes(call, auft_nr, PDF))).pages)
    assert "IBAN CH5604835012345678009" in text
    assert "Zahlteil" not in text


def test_french_customer_gets_a_french_invoice_with_accents(call):
    auft_nr, _ = order(call, {"GrundDaten": {"KundNr": "100002"}, "Positionen": [{"ArtNr": "1000", "Menge": 1}]})
    assert call("rechnung", "POST", f"/www/auftrag/{auft_nr}/rechnung").status == 201
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(as_bytes(call, auft_nr, PDF))).pages)
    assert "Facture 500001" in text
    assert "Échéance" in text
    assert "Récapitulation TVA" in text


@pytest.mark.parametrize(
    ("language", "lang", "texts"),
    [
        ("ita", "it-CH", ["Fattura 500001", "Scadenza", "Riepilogo IVA", "Quantità", "Sezione pagamento"]),
        ("eng", "en", ["Invoice 500001", "Due date", "VAT summary", "Quantity", "Payment part"]),
    ],
)
def test_italian_and_english_customers_get_their_language(call, language, lang, texts):
    customer = copy.deepcopy(MINIMAL_CUSTOMER)
    customer["Adressen"]["KontaktAdr"]["AdrSprache"] = language
    created = call("kunden", "POST", "/www/kunden", customer)
    assert created.status == 201, created.text
    body = {"GrundDaten": {"KundNr": created.json()["data"]["DebiNr"]}, "Positionen": [{"ArtNr": "1000", "Menge": 1}]}
    auft_nr, _ = order(call, body)
    assert call("rechnung", "POST", f"/www/auftrag/{auft_nr}/rechnung").status == 201
    reader = PdfReader(io.BytesIO(as_bytes(call, auft_nr, PDF)))
    text = "\n".join(p.extract_text() for p in reader.pages)
    for expected in texts:
        assert expected in text
    assert reader.trailer["/Root"]["/Lang"] == lang


def test_100_positions_span_pages_with_the_heading_repeated(call):
    body = {
        "GrundDaten": {"KundNr": "100004", "AuftBez": "Grossbestellung"},
        "Positionen": [{"ArtNr": "1000", "Menge": 1, "PosBez": f"Kaffee Bohnen Crème Größe {i}"} for i in range(100)],
    }
    auft_nr, _ = order(call, body)
    assert call("rechnung", "POST", f"/www/auftrag/{auft_nr}/rechnung").status == 201
    reader = PdfReader(io.BytesIO(as_bytes(call, auft_nr, PDF)))
    table_pages = [p.extract_text() for p in reader.pages if "Größe" in p.extract_text()]
    assert len(table_pages) >= 2
    for text in table_pages:
        assert "Bezeichnung" in text  # the table's heading on every page it spans
        assert "Rechnung 500001" in text
    assert "Kaffee Bohnen Crème Größe 99" in "\n".join(table_pages)
    check(as_bytes(call, auft_nr, XML))


def test_a_missing_order_is_a_404_and_an_uninvoiced_one_has_no_invoice(call):
    missing = call("rechnung", "POST", "/www/auftrag/999999/rechnung")
    assert missing.status == 404
    assert missing.json() == {
        "error": "not_found",
        "error_description": "No order 999999.",
        "info": {"AuftNr": "999999"},
    }
    auft_nr, _ = order(call, CHF_ORDER)
    none_yet = fetch(call, auft_nr, JSON)
    assert none_yet.status == 404
    assert none_yet.json()["info"] == {"AuftNr": auft_nr}


def test_an_order_in_a_state_that_may_not_be_invoiced_is_a_409(call):
    from backoffice.platform import dynamo

    auft_nr, _ = order(call, CHF_ORDER)
    head = dynamo.get_item(f"AUFTRAG#{auft_nr}", "KOPF")
    dynamo.put_item({**head, "AuftStatus": "P"})
    answer = call("rechnung", "POST", f"/www/auftrag/{auft_nr}/rechnung")
    assert answer.status == 409
    assert answer.json()["info"] == {"AuftNr": auft_nr, "AuftStatus": "P", "invoiceable": ["N", "O", "A"]}
    assert dynamo.get_item(f"RECHNUNG#{auft_nr}", "RECHNUNG") is None


def test_the_idempotency_key_answers_the_first_invoice(call):
    auft_nr, _ = order(call, CHF_ORDER)
    key = {"Idempotency-Key": "inv-1"}
    first = call("rechnung", "POST", f"/www/auftrag/{auft_nr}/rechnung", headers=key)
    again = call("rechnung", "POST", f"/www/auftrag/{auft_nr}/rechnung", headers=key)
    assert (first.status, again.status) == (201, 201)
    assert first.json() == again.json()


@pytest.mark.parametrize(("typ", "days"), [(1, 10), (None, 30)])
def test_the_due_date_follows_the_payment_condition(call, typ, days):
    body = {**CHF_ORDER, "GrundDaten": {**CHF_ORDER["GrundDaten"], **({"KundBedTyp": typ} if typ is not None else {})}}
    auft_nr, _ = order(call, body)
    head = call("rechnung", "POST", f"/www/auftrag/{auft_nr}/rechnung").json()["data"]
    assert date.fromisoformat(head["FaelligDatum"]) - date.fromisoformat(head["RechDatum"]) == timedelta(days=days)


def test_a_lost_race_answers_the_winners_invoice_and_overwrites_nothing(call, monkeypatch):
    from backoffice.invoices import issue

    auft_nr, _ = order(call, CHF_ORDER)
    first = call("rechnung", "POST", f"/www/auftrag/{auft_nr}/rechnung").json()["data"]
    stored_pdf = as_bytes(call, auft_nr, PDF)
    real = issue.read_record
    seen: list[bool] = []

    def blind_first(auft: str, consistent: bool = False):
        # The second request's first look happens before the winner's record lands.
        if not seen:
            seen.append(True)
            return None
        return real(auft, consistent)

    monkeypatch.setattr(issue, "read_record", blind_first)
    late = call("rechnung", "POST", f"/www/auftrag/{auft_nr}/rechnung")
    assert late.status == 200
    assert late.json()["data"] == first  # the winner's number, not the one the loser took
    monkeypatch.setattr(issue, "read_record", real)
    assert as_bytes(call, auft_nr, PDF) == stored_pdf


def test_the_epc_payload_of_a_eur_invoice():
    from backoffice.company import Seller
    from backoffice.invoices.model import epc_bic_missing
    from backoffice.invoices.payment_part import epc_payload

    seller = Seller(
        "Muster Handel AG", "B 1", "8001", "Zürich", "CH", "CHE-1 MWST", "CH5604835012345678009", None, None,
        "CRESCHZZ80A",
    )  # fmt: skip
    reference = "RF22500002"
    assert epc_payload(seller, Decimal("60.09"), reference).split("\n") == [
        "BCD", "002", "1", "SCT", "CRESCHZZ80A", "Muster Handel AG", "CH5604835012345678009", "EUR60.09", "",
        "RF22500002", "",
    ]  # fmt: skip
    assert not epc_bic_missing(seller)
    # Without BIC: allowed for a bank in the EEA (line 5 empty), missing for the Swiss one.
    german = replace(seller, iban="DE89370400440532013000", bic=None)
    assert epc_payload(german, Decimal("60.09"), reference).split("\n")[4:7] == [
        "",
        "Muster Handel AG",
        "DE89370400440532013000",
    ]
    assert not epc_bic_missing(german)
    assert epc_bic_missing(replace(seller, bic=None))


def test_the_bic_is_in_the_eur_invoices_epc_code_text_and_xml_not_for_a_chf_qr_iban(call):
    auft_nr, _ = order(call, EUR_ORDER)
    assert call("rechnung", "POST", f"/www/auftrag/{auft_nr}/rechnung").status == 201
    root = check(as_bytes(call, auft_nr, XML))
    means = "//ram:SpecifiedTradeSettlementPaymentMeans"
    assert root.xpath(f"string({means}/ram:PayeeSpecifiedCreditorFinancialInstitution/ram:BICID)", namespaces=NS) == (
        "CRESCHZZ80A"
    )  # BT-86
    text = PdfReader(io.BytesIO(as_bytes(call, auft_nr, PDF))).pages[0].extract_text()
    assert "IBAN CH5604835012345678009\nBIC CRESCHZZ80A" in text

    chf, _ = order(call, CHF_ORDER)
    assert call("rechnung", "POST", f"/www/auftrag/{chf}/rechnung").status == 201
    # The CHF invoice is paid to the QR-IBAN, whose bank the configured BIC does not name.
    assert (
        check(as_bytes(call, chf, XML)).xpath(f"{means}/ram:PayeeSpecifiedCreditorFinancialInstitution", namespaces=NS)
        == []
    )


def test_an_eur_invoice_to_a_non_eea_iban_without_bic_is_a_409_before_a_number_is_taken(call):
    from backoffice import company
    from backoffice.platform import dynamo

    config = dynamo.get_item(company.CONFIG_PK, company.CONFIG_SK)
    firma = {k: v for k, v in config["Firma"].items() if k != "BIC"}
    dynamo.put_item({**config, "Firma": firma})
    company.forget_config()
    auft_nr, _ = order(call, EUR_ORDER)
    answer = call("rechnung", "POST", f"/www/auftrag/{auft_nr}/rechnung")
    assert answer.status == 409, answer.text
    assert answer.json()["info"] == {"Konfiguration": "Firma.BIC", "IBAN": "CH5604835012345678009"}
    assert dynamo.get_item(f"RECHNUNG#{auft_nr}", "RECHNUNG") is None

    dynamo.put_item(config)
    company.forget_config()
    issued = call("rechnung", "POST", f"/www/auftrag/{auft_nr}/rechnung")
    assert issued.status == 201
    assert issued.json()["data"]["RechNr"] == "500001"  # the refusal took no number


GROSS_ORDER = {
    "GrundDaten": {"KundNr": "100004", "AuftLiefKost": 9.90},
    "Positionen": [{"ArtNr": "6001", "Menge": 30, "VPEinheit": "PAK", "GRabSatz": 5}, {"ArtNr": "6002", "Menge": 7}],
}


def test_a_gross_price_order_is_invoiced_with_net_lines_and_its_gross_totals(call):
    """Demo articles 6001 (PAK of 3 at gross 13.90) and 6002 (gross 8.95), both 8.1 %, delivery 9.90 net.

    By hand: 10 PAK = 139.00 less 5 % = 132.05; 7 x 8.95 = 62.65; 194.70 gross. Net: 194.70 / 1.081
    = 180.11100... + 9.90 = 190.01100... -> 190.01; tax: 194.70 - 180.11100... = 14.58899... + 9.90
    x 0.081 = 0.8019 -> 15.39089... -> 15.39; 205.40. The lines' tax 194.70 - (190.01 - 9.90) = 14.59
    shared over 132.05 and 62.65: 9.8951... -> 9.89 + the cent left (.0051 > .0048) = 9.90, 4.6948...
    -> 4.69; so the net lines are 122.15 and 57.96, the delivery charge 9.90.
    """
    auft_nr, data = order(call, GROSS_ORDER)
    assert [p["PosPreisTotal"] for p in data["Positionen"]] == [132.05, 62.65]  # gross, as the order shows
    grund = data["GrundDaten"]
    assert (grund["AuftNetto"], grund["AuftWUST"], grund["AuftBrutto"]) == (190.01, 15.39, 205.4)
    issued = call("rechnung", "POST", f"/www/auftrag/{auft_nr}/rechnung")
    assert issued.status == 201, issued.text
    assert {k: issued.json()["data"][k] for k in ("AuftNetto", "AuftWUST", "AuftBrutto")} == {
        "AuftNetto": 190.01,
        "AuftWUST": 15.39,
        "AuftBrutto": 205.4,
    }
    root = check(as_bytes(call, auft_nr, XML))
    lines = root.xpath(
        "//ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeSettlementLineMonetarySummation", namespaces=NS
    )
    assert [Decimal(e.xpath("string(ram:LineTotalAmount)", namespaces=NS)) for e in lines] == [
        Decimal("122.15"),
        Decimal("57.96"),
    ]
    assert total(root, "ChargeTotalAmount") == Decimal("9.90")
    assert total(root, "TaxBasisTotalAmount") == Decimal("190.01")
    assert total(root, "TaxTotalAmount") == Decimal("15.39")
    assert total(root, "DuePayableAmount") == Decimal("205.40")
    text = PdfReader(io.BytesIO(as_bytes(call, auft_nr, PDF))).pages[0].extract_text()
    assert "Preise inkl. MWST" in text
    totals = text[text.index("MWST-Zusammenstellung") :].splitlines()
    assert totals[1:7] == [
        "Normalsatz 8.1 % Basis 190.01 MWST 15.39",
        "Total Positionen inkl. MWST CHF 194.70",  # 132.05 + 62.65
        "Lieferkosten inkl. MWST CHF 10.70",  # 190.01 + 15.39 - 194.70 (9.90 x 1.081 = 10.7019)
        "Total netto CHF 190.01",
        "MWST CHF 15.39",
        "Total CHF 205.40",
    ]


def test_a_gross_price_order_of_the_last_release_is_invoiced_with_its_own_figures(call):
    """The same order stored before issue 22 (no LiefKostNetto): its 9.90 were gross, as then.

    By hand: 132.05 + 62.65 + 9.90 = 204.60 gross with 204.60 x 8.1 / 108.1 = 15.3308 -> 15.33 tax
    in it, net 189.27. The 15.33 shared over 132.05, 62.65 and 9.90: 9.89, 4.69 + the cent left =
    4.70, 0.74; so the net lines are 122.16 and 57.95, the delivery charge 9.16.
    """
    auft_nr, _ = order(call, GROSS_ORDER)
    as_last_release("AUFTRAG", auft_nr)
    grund = call("auftrag", "GET", f"/www/auftrag/{auft_nr}").json()["data"]["GrundDaten"]
    assert (grund["AuftNetto"], grund["AuftWUST"], grund["AuftBrutto"]) == (189.27, 15.33, 204.6)
    issued = call("rechnung", "POST", f"/www/auftrag/{auft_nr}/rechnung")
    assert issued.status == 201, issued.text
    assert {k: issued.json()["data"][k] for k in ("AuftNetto", "AuftWUST", "AuftBrutto")} == {
        "AuftNetto": 189.27,
        "AuftWUST": 15.33,
        "AuftBrutto": 204.6,
    }
    root = check(as_bytes(call, auft_nr, XML))
    lines = root.xpath(
        "//ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeSettlementLineMonetarySummation", namespaces=NS
    )
    assert [Decimal(e.xpath("string(ram:LineTotalAmount)", namespaces=NS)) for e in lines] == [
        Decimal("122.16"),
        Decimal("57.95"),
    ]
    assert total(root, "ChargeTotalAmount") == Decimal("9.16")
    assert total(root, "TaxBasisTotalAmount") == Decimal("189.27")
    assert total(root, "TaxTotalAmount") == Decimal("15.33")
    assert total(root, "DuePayableAmount") == Decimal("204.60")
    text = PdfReader(io.BytesIO(as_bytes(call, auft_nr, PDF))).pages[0].extract_text()
    totals = text[text.index("MWST-Zusammenstellung") :].splitlines()
    assert totals[1:7] == [
        "Normalsatz 8.1 % Basis 189.27 MWST 15.33",
        "Total Positionen inkl. MWST CHF 194.70",  # 132.05 + 62.65
        "Lieferkosten inkl. MWST CHF 9.90",
        "Total netto CHF 189.27",
        "MWST CHF 15.33",
        "Total CHF 204.60",
    ]


def test_delivery_costs_are_a_document_charge_with_their_vat(call):
    """Issue 14's delivery costs in the order's totals reach the invoice as a charge (BG-21).

    By hand: the lines are 56.70 + 8.10 = 64.80 (as the CHF order above), the delivery 20.00, all at
    2.6 %: basis 84.80, VAT 84.80 x 2.6 % = 2.2048 -> 2.20, total 87.00 (already a multiple of 0.05).
    """
    body = {**CHF_ORDER, "GrundDaten": {**CHF_ORDER["GrundDaten"], "AuftLiefKost": 20}}
    auft_nr, data = order(call, body)
    grund = data["GrundDaten"]
    assert (grund["AuftNetto"], grund["AuftWUST"], grund["AuftBrutto"]) == (84.8, 2.2, 87.0)
    assert call("rechnung", "POST", f"/www/auftrag/{auft_nr}/rechnung").status == 201
    root = check(as_bytes(call, auft_nr, XML))  # XSD and every calculation rule, the charge included
    assert total(root, "LineTotalAmount") == Decimal("64.80")  # BT-106: the lines only
    assert total(root, "ChargeTotalAmount") == Decimal("20.00")  # BT-108: the delivery costs
    assert total(root, "TaxBasisTotalAmount") == Decimal("84.80")  # BT-109 = AuftNetto
    assert total(root, "TaxTotalAmount") == Decimal("2.20")  # BT-110 = AuftWUST
    assert total(root, "DuePayableAmount") == Decimal("87.00")  # BT-115 = AuftBrutto
    assert one(root, "//ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax/ram:BasisAmount") == Decimal("84.80")
    text = PdfReader(io.BytesIO(as_bytes(call, auft_nr, PDF))).pages[0].extract_text()
    assert text[text.index("MWST-Zusammenstellung") :].splitlines()[1:7] == [
        "Reduzierter Satz 2.6 % Basis 84.80 MWST 2.20",
        "Total Positionen CHF 64.80",
        "Lieferkosten CHF 20.00",
        "Total netto CHF 84.80",
        "MWST CHF 2.20",
        "Total CHF 87.00",
    ]


CARD_PAID = [
    {"Bezeichnung": "payment_method", "Wert": "K"},
    {"Bezeichnung": "Dienstleister", "Wert": "Datatrans"},
    {"Bezeichnung": "TransID", "Wert": "T-77"},
]


def test_an_order_paid_by_card_is_invoiced_as_paid_without_a_payment_part(call):
    auft_nr, data = order(call, {**CHF_ORDER, "Zahlung": CARD_PAID})
    answer = call("rechnung", "POST", f"/www/auftrag/{auft_nr}/rechnung")
    assert answer.status == 201, answer.text
    head = answer.json()["data"]
    assert head["Bezahlt"] is True
    assert head["AuftBrutto"] == 66.5
    assert head["FaelligDatum"] == head["RechDatum"]  # nothing falls due later

    root = check(as_bytes(call, auft_nr, XML))  # BR-CO-16: 66.48 - 66.50 + 0.02 = 0.00
    assert total(root, "GrandTotalAmount") == Decimal("66.48")
    assert total(root, "RoundingAmount") == Decimal("0.02")
    assert total(root, "TotalPrepaidAmount") == Decimal(str(data["GrundDaten"]["AuftBrutto"])) == Decimal("66.50")
    assert total(root, "DuePayableAmount") == Decimal("0.00")
    means = "//ram:SpecifiedTradeSettlementPaymentMeans"
    assert root.xpath(f"string({means}/ram:TypeCode)", namespaces=NS) == "54"  # credit card
    assert root.xpath(f"count({means}/ram:PayeePartyCreditorFinancialAccount)", namespaces=NS) == 0
    assert root.xpath("string(//ram:SpecifiedTradePaymentTerms/ram:Description)", namespaces=NS) == (
        "Der Betrag ist mit Kreditkarte bezahlt; es ist nichts mehr zu bezahlen."
    )

    pdf = as_bytes(call, auft_nr, PDF)
    pdfa_rules.check(pdf)
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)
    assert "Bezahlt mit Kreditkarte (Datatrans, T-77)" in text
    assert "CHF -66.50" in text
    assert "Offener Betrag" in text
    assert "CHF 0.00" in text
    assert "Zahlteil" not in text  # no QR-bill asking for the amount again
    assert "Empfangsschein" not in text
    assert "Fällig am" not in text


def test_a_card_paid_eur_order_needs_no_bic_and_gets_no_epc_code(call):
    from backoffice import company
    from backoffice.platform import dynamo

    config = dynamo.get_item(company.CONFIG_PK, company.CONFIG_SK)
    dynamo.put_item({**config, "Firma": {k: v for k, v in config["Firma"].items() if k != "BIC"}})
    company.forget_config()
    auft_nr, _ = order(call, {**EUR_ORDER, "Zahlung": [{"Bezeichnung": "payment_method", "Wert": "k"}]})
    answer = call("rechnung", "POST", f"/www/auftrag/{auft_nr}/rechnung")
    assert answer.status == 201, answer.text  # no EPC code, so no BIC needed
    assert answer.json()["data"]["Bezahlt"] is True
    root = check(as_bytes(call, auft_nr, XML))
    assert total(root, "DuePayableAmount") == Decimal("0.00")
    assert total(root, "TotalPrepaidAmount") == Decimal("60.09")
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(as_bytes(call, auft_nr, PDF))).pages)
    assert "Bezahlt mit Kreditkarte" in text
    assert "IBAN" not in text


@pytest.mark.parametrize(
    "zahlung",
    [
        [{"Bezeichnung": "payment_method", "Wert": "R"}],  # invoice, paid through the system
        [{"Bezeichnung": "Dienstleister", "Wert": "Datatrans"}, {"Bezeichnung": "TransID", "Wert": "T-1"}],
        [{"Bezeichnung": "Zahlart", "Wert": "K"}],  # not the contract's payment_method entry
    ],
)
def test_only_the_payment_method_k_makes_an_invoice_paid(call, zahlung):
    auft_nr, _ = order(call, {**CHF_ORDER, "Zahlung": zahlung})
    head = call("rechnung", "POST", f"/www/auftrag/{auft_nr}/rechnung").json()["data"]
    assert head["Bezahlt"] is False
    root = check(as_bytes(call, auft_nr, XML))
    assert total(root, "DuePayableAmount") == Decimal("66.50")
    assert total(root, "TotalPrepaidAmount") == Decimal("0.00")
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(as_bytes(call, auft_nr, PDF))).pages)
    assert "Zahlteil" in text


def test_a_french_card_paid_invoice_says_so_in_french(call):
    body = {"GrundDaten": {"KundNr": "100002"}, "Positionen": [{"ArtNr": "1000", "Menge": 1}], "Zahlung": CARD_PAID}
    auft_nr, _ = order(call, body)
    assert call("rechnung", "POST", f"/www/auftrag/{auft_nr}/rechnung").status == 201
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(as_bytes(call, auft_nr, PDF))).pages)
    assert "Payé par carte de crédit (Datatrans, T-77)" in text
    assert "Montant dû" in text
    assert "il ne reste rien à payer" in text
