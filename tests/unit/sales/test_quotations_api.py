"""POST/GET/PATCH /www/offerte and PUT /www/auftrag through the handlers, on the demo data in moto.

Customer 100001 buys from price list WV (KTNr KT10); 100003 from VK with the export code 9;
100004 from VK (no PRICING item); 100006 is in Germany and buys in EUR. Prices used (CHF):
1000 VK 18.90 (1-9), WV 16.06 (1-9) / 15.26 (10-49); 1002 WV 3.82 per PAK of 10 (1-9 PAK);
1005 WV 12.32 (1-9); 2004 WV 2.21 (1-9, standard rate 8.1 %).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.demo import snapshot, stock
from tests.support.quotation_calls import QUOTATION, offerte, patch


def test_a_quotation_for_a_customer_to_the_rappen(call):
    data = offerte(call, QUOTATION)
    # 12 x 15.26 = 183.12; 30 pieces = 3 PAK at 3.82 = 0.382 each: 11.46 less 5 % = 10.887 -> 10.89;
    # net 194.01, tax 2.6 % = 5.04426 -> 5.04, gross 199.05.
    assert data["OffertNr"] == "700001"
    assert data["GrundDaten"] == {
        "KundNr": "100001",
        "AuftStatus": "P",
        "WaehrAbk": "CHF",
        "AuftWUST": 5.04,
        "AuftBrutto": 199.05,
        "AuftNetto": 194.01,
        "AuftBez": "Offerte Büro",
        "Template": False,
    }
    assert [(p["PosNr"], p["PosPreisEinzel"], p["PosPreisTotal"], p.get("VPEAnzBest")) for p in data["Positionen"]] == [
        (1, 15.26, 183.12, None),
        (2, 0.382, 10.89, 3),
    ]
    assert [a["AdrNr"] for a in data["Adressen"].values()] == [1, 2, 3]
    assert list(data["Adressen"]) == ["KontaktAdr", "LiefAdr", "RechAdr"]
    read = call("offerte", "GET", "/www/offerte", query={"OffertNr": "700001"})
    assert read.status == 200
    assert read.json() == {"count": 1, "success": True, "data": data}


def test_patch_adds_changes_and_deletes_positions(call):
    nr = offerte(call, QUOTATION)["OffertNr"]
    answer = patch(
        call,
        nr,
        {
            "Positionen": [
                {"ArtNr": "1005", "Menge": 2},
                {"PosNr": 1, "Menge": 5},
                {"PosNr": 2, "Menge": 0},
                {"ArtNr": "2004", "Menge": 1, "PosBez": "Haftnotizen (Muster)"},
            ]
        },
    )
    assert answer.status == 200, answer.text
    data = answer.json()["data"]
    # 5 x 16.06 = 80.30 (tier 1-9 now); 2 x 12.32 = 24.64; 1 x 2.21 at 8.1 %.
    # 2.6 %: 104.94 -> 2.72844 -> 2.73; 8.1 %: 2.21 -> 0.17901 -> 0.18; net 107.15, tax 2.91,
    # gross 110.06 -> 110.05.
    assert [(p["PosNr"], p["VisPosNr"], p["ArtNr"], p["PosPreisTotal"]) for p in data["Positionen"]] == [
        (1, 1, "1000", 80.3),
        (3, 2, "1005", 24.64),
        (4, 3, "2004", 2.21),
    ]
    assert data["Positionen"][2]["PosBez"] == "Haftnotizen (Muster)"
    assert [(r["PosWUSTSatz"], r["PosBetragNetto"], r["PosWUST"]) for r in data["MWSTRekapitulation"]] == [
        (8.1, 2.21, 0.18),
        (2.6, 104.94, 2.73),
    ]
    grund = data["GrundDaten"]
    assert (grund["AuftNetto"], grund["AuftWUST"], grund["AuftBrutto"]) == (107.15, 2.91, 110.05)
    read = call("offerte", "GET", "/www/offerte", query={"OffertNr": nr}).json()["data"]
    assert read == data
    # A deleted number is never given again.
    again = patch(call, nr, {"Positionen": [{"ArtNr": "1000", "Menge": 1}]}).json()["data"]
    assert [p["PosNr"] for p in again["Positionen"]] == [1, 3, 4, 5]


def test_patch_replaces_an_address_only_with_a_complete_record(call):
    nr = offerte(call, QUOTATION)["OffertNr"]
    before = snapshot()
    incomplete = patch(call, nr, {"Adressen": {"LiefAdr": {"AdrSprache": "ger", "OrtName": "Bern"}}})
    assert incomplete.status == 400
    assert set(incomplete.json()["info"]["fields"]) >= {"Adressen.LiefAdr.AdrAdresse1", "Adressen.LiefAdr.OrtPLZ"}
    assert snapshot() == before
    complete = {
        "AdrSprache": "ger",
        "AdrFirma": "Velo Huber AG",
        "AdrAnrede": 0,
        "AdrAdresse1": "Bundesplatz 1",
        "OrtLand": "CH",
        "OrtPLZ": "3011",
        "OrtName": "bern",
    }
    data = patch(call, nr, {"Adressen": {"LiefAdr": complete}}).json()["data"]
    assert data["Adressen"]["LiefAdr"] == {
        "AdrFirma": "Velo Huber AG",
        "AdrAdresse1": "Bundesplatz 1",
        "OrtName": "Bern",  # AdrCheck (CH default) corrects the town
        "OrtPLZ": "3011",
        "OrtLand": "CH",
        "ISOLandA2": "CH",
    }
    assert data["Adressen"]["KontaktAdr"]["AdrNr"] == 1
    assert data["Adressen"]["RechAdr"]["AdrNr"] == 3


BAD_PATCHES = {
    "unknown PosNr": ({"Positionen": [{"PosNr": 9, "Menge": 1}]}, "Positionen[0].PosNr"),
    "unknown article": ({"Positionen": [{"ArtNr": "NOPE", "Menge": 1}]}, "Positionen[0].ArtNr"),
    "negative Menge": ({"Positionen": [{"PosNr": 1, "Menge": -1}]}, "Positionen[0].Menge"),
    "non-numeric Menge": ({"Positionen": [{"PosNr": 1, "Menge": "x"}]}, "Positionen[0].Menge"),
    "unknown customer": ({"GrundDaten": {"KundNr": "999999"}}, "GrundDaten.KundNr"),
}


@pytest.mark.parametrize("case", BAD_PATCHES)
def test_bad_patches_are_a_400_and_change_nothing(call, case):
    body, field = BAD_PATCHES[case]
    nr = offerte(call, {"Positionen": [{"ArtNr": "1000", "Menge": 1}]})["OffertNr"]
    before = snapshot()
    answer = patch(call, nr, body)
    assert answer.status == 400, answer.text
    assert answer.json()["error"] == "invalid_request"
    assert field in answer.json()["info"]["fields"]
    assert snapshot() == before


def test_an_unknown_quotation_is_a_404_everywhere(call):
    before = snapshot()
    assert call("offerte", "GET", "/www/offerte", query={"OffertNr": "1"}).status == 404
    assert patch(call, "1", {"Positionen": [{"ArtNr": "1000", "Menge": 1}]}).status == 404
    put = call("auftrag", "PUT", "/www/auftrag", {"GrundDaten": {"KundNr": "100001", "OffertNr": "1"}})
    assert put.status == 404
    assert put.json()["error"] == "not_found"
    assert snapshot() == before


def test_a_template_quotation_fits_one_customer_and_not_another(call):
    template = offerte(call, {"GrundDaten": {"OrtLand": "DE"}, "Positionen": [{"ArtNr": "1000", "Menge": 2}]})
    nr = template["OffertNr"]
    # VK 2 x 18.90 = 37.80, export code 9: no tax.
    grund = template["GrundDaten"]
    assert (grund["Template"], grund["WaehrAbk"], grund["AuftNetto"], grund["AuftWUST"], grund["AuftBrutto"]) == (
        True,
        "CHF",
        37.8,
        0,
        37.8,
    )
    assert "KundNr" not in grund
    assert template["MWSTRekapitulation"][0]["PosWUSTCode"] == "9"

    before = snapshot()
    refused = patch(call, nr, {"GrundDaten": {"KundNr": "100006"}})
    assert refused.status == 409
    error = refused.json()
    assert error["error"] == "conflict"
    assert error["info"]["misfits"] == {"WaehrAbk": "quotation CHF, customer EUR"}
    assert "WaehrAbk" in error["error_description"]
    assert snapshot() == before

    assigned = patch(call, nr, {}, KundNr="100003")
    assert assigned.status == 200, assigned.text
    data = assigned.json()["data"]
    assert (data["GrundDaten"]["Template"], data["GrundDaten"]["KundNr"]) == (False, "100003")
    assert data["Adressen"]["KontaktAdr"]["AdrFirma"] == "Muster AG"
    again = patch(call, nr, {"GrundDaten": {"KundNr": "100004"}})
    assert again.status == 409
    assert again.json()["info"]["KundNr"] == "100003"


def test_two_racing_patches_both_take_effect(call):
    from backoffice.platform.aws import client
    from backoffice.sales import quotations
    from backoffice.sales.quotation_models import QuotationPatch

    nr = offerte(call, {"GrundDaten": {"KundNr": "100004"}, "Positionen": [{"ArtNr": "1000", "Menge": 1}]})["OffertNr"]
    fired: list[int] = []

    def other_writer_first(**_: Any) -> None:
        # Between the first PATCH's read and its write, another PATCH comes through.
        if not fired:
            fired.append(1)
            body = QuotationPatch.model_validate({"Positionen": [{"ArtNr": "1005", "Menge": 1}]})
            quotations.patch_quotation(nr, None, body, "SHOP")

    events = client("dynamodb").meta.events
    events.register("before-call.dynamodb.TransactWriteItems", other_writer_first)
    try:
        answer = patch(call, nr, {"Positionen": [{"ArtNr": "2004", "Menge": 1}]})
    finally:
        events.unregister("before-call.dynamodb.TransactWriteItems", other_writer_first)
    assert answer.status == 200, answer.text
    assert [p["ArtNr"] for p in answer.json()["data"]["Positionen"]] == ["1000", "1005", "2004"]
    stored = quotations.get_quotation(nr, consistent=True)
    assert stored.version == 3
    assert [p.pos_nr for p in stored.positions] == [1, 2, 3]


def test_a_patch_that_keeps_losing_the_race_is_a_409(call):
    from backoffice.platform import dynamo
    from backoffice.platform.aws import client
    from backoffice.sales import quotations

    nr = offerte(call, {"GrundDaten": {"KundNr": "100004"}, "Positionen": [{"ArtNr": "1000", "Menge": 1}]})["OffertNr"]

    def bump(**_: Any) -> None:
        client("dynamodb").update_item(
            TableName=dynamo.table_name(),
            Key=dynamo.key(f"OFFERTE#{nr}", "KOPF"),
            UpdateExpression="ADD Version :one",
            ExpressionAttributeValues={":one": {"N": "1"}},
        )

    events = client("dynamodb").meta.events
    events.register("before-call.dynamodb.TransactWriteItems", bump)
    try:
        answer = patch(call, nr, {"Positionen": [{"PosNr": 1, "Menge": 4}]})
    finally:
        events.unregister("before-call.dynamodb.TransactWriteItems", bump)
    assert answer.status == 409
    assert answer.json()["info"] == {"OffertNr": nr}
    assert [p.quantity for p in quotations.get_quotation(nr).positions] == [1]


def test_convert_a_quotation_once(call):
    from backoffice.parties import order_list
    from backoffice.platform import outbox

    quoted = offerte(call, QUOTATION)
    nr = quoted["OffertNr"]
    before = stock("1000", "BESTAND#-#1"), stock("1002", "BESTAND#PAK#1")
    body = {
        "GrundDaten": {"KundNr": "100001", "OffertNr": nr},
        "Zahlung": [{"Bezeichnung": "payment_method", "Wert": "R"}],
    }
    answer = call("auftrag", "PUT", "/www/auftrag", body)
    assert answer.status == 201, answer.text
    assert answer.json() == {"count": 1, "success": True, "data": {"AuftNr": "400001"}}
    assert answer.headers["Cache-Control"] == "no-store"

    order = call("auftrag", "GET", "/www/auftrag/400001").json()["data"]
    assert order["Positionen"] == quoted["Positionen"]
    assert order["MWSTRekapitulation"] == quoted["MWSTRekapitulation"]
    assert order["Adressen"] == quoted["Adressen"]
    assert order["Zahlung"] == [{"Bezeichnung": "payment_method", "Wert": "R", "Key": "1"}]
    grund = order["GrundDaten"]
    assert (grund["AuftNr"], grund["OffertNr"], grund["KundNr"], grund["AuftStatus"], grund["StaoNr"]) == (
        "400001",
        nr,
        "100001",
        "N",
        1,
    )
    assert (grund["AuftNetto"], grund["AuftBrutto"], grund["AuftBez"]) == (194.01, 199.05, "Offerte Büro")
    assert (stock("1000", "BESTAND#-#1"), stock("1002", "BESTAND#PAK#1")) == (before[0] - 12, before[1] - 3)
    assert [e.AuftNr for e in order_list.latest("100001", 10) if e.AuftNr == "400001"] == ["400001"]
    detail = [outbox.detail_of(i) for i in outbox.pending() if i["Event"] == "REST_Auft"]
    assert detail == [{"AuftNr": "400001", "KundNr": "100001", "OffertNr": nr, "user": "demo"}]

    snap = snapshot()
    second = call("auftrag", "PUT", "/www/auftrag", body)
    assert second.status == 409
    assert second.json()["info"] == {"OffertNr": nr, "AuftNr": "400001"}
    assert "400001" in second.json()["error_description"]
    changed = patch(call, nr, {"Positionen": [{"PosNr": 1, "Menge": 1}]})
    assert changed.status == 409
    assert snapshot() == snap


def test_a_quotation_of_another_customer_does_not_convert(call):
    nr = offerte(call, QUOTATION)["OffertNr"]
    before = snapshot()
    answer = call("auftrag", "PUT", "/www/auftrag", {"GrundDaten": {"KundNr": "100002", "OffertNr": nr}})
    assert answer.status == 409
    assert answer.json()["info"] == {"OffertNr": nr, "KundNr": "100001"}
    assert snapshot() == before


def test_a_template_converts_for_a_fitting_customer_only(call):
    nr = offerte(call, {"Positionen": [{"ArtNr": "1000", "Menge": 2}]})["OffertNr"]
    refused = call("auftrag", "PUT", "/www/auftrag", {"GrundDaten": {"KundNr": "100001", "OffertNr": nr}})
    assert refused.status == 409
    assert refused.json()["info"]["misfits"] == {
        "Preisliste": "quotation VK, customer WV",
        "KTNr": "quotation (none), customer KT10",
    }
    answer = call("auftrag", "PUT", "/www/auftrag", {"GrundDaten": {"KundNr": "100004", "OffertNr": nr}})
    assert answer.status == 201, answer.text
    order = call("auftrag", "GET", f"/www/auftrag/{answer.json()['data']['AuftNr']}").json()["data"]
    assert order["GrundDaten"]["KundNr"] == "100004"
    # The template had no addresses: the order has the customer's.
    assert order["Adressen"]["KontaktAdr"]["AdrFirma"] == "Muster AG"
    # 2 x 18.90 = 37.80; 2.6 % = 0.98; 38.78 -> 38.80
    assert (order["GrundDaten"]["AuftNetto"], order["GrundDaten"]["AuftBrutto"]) == (37.8, 38.8)


def test_a_quotation_of_500_positions_and_a_patch_beyond_the_limit(call):
    data = offerte(call, {"GrundDaten": {"KundNr": "100004"}, "Positionen": [{"ArtNr": "1005", "Menge": 2}] * 500})
    assert len(data["Positionen"]) == 500
    # 500 x 2 x 14.50 = 14,500.00; 2.6 % = 377.00; 14,877.00
    assert (data["GrundDaten"]["AuftNetto"], data["GrundDaten"]["AuftBrutto"]) == (14500, 14877)
    before = snapshot()
    answer = patch(call, data["OffertNr"], {"Positionen": [{"ArtNr": "1000", "Menge": 1}]})
    assert answer.status == 400
    assert answer.json()["info"]["fields"] == {"Positionen": "after these changes it would hold 501; the limit is 500"}
    assert snapshot() == before


def test_put_with_idempotency_key_answers_the_first_order_again(call):
    nr = offerte(call, QUOTATION)["OffertNr"]
    body = {"GrundDaten": {"KundNr": "100001", "OffertNr": nr}}
    headers = {"Idempotency-Key": "convert-1"}
    first = call("auftrag", "PUT", "/www/auftrag", body, headers=headers)
    second = call("auftrag", "PUT", "/www/auftrag", body, headers=headers)
    assert first.status == second.status == 201
    assert first.json() == second.json() == {"count": 1, "success": True, "data": {"AuftNr": "400001"}}


def test_a_patch_between_read_and_conversion_cancels_the_whole_order(call):
    from backoffice.platform.aws import client
    from backoffice.sales import quotations
    from backoffice.sales.quotation_models import QuotationPatch

    nr = offerte(call, QUOTATION)["OffertNr"]
    fired: list[int] = []

    def patch_first(**_: Any) -> None:
        if not fired:
            fired.append(1)
            body = QuotationPatch.model_validate({"Positionen": [{"PosNr": 1, "Menge": 13}]})
            quotations.patch_quotation(nr, None, body, "SHOP")

    events = client("dynamodb").meta.events
    events.register("before-call.dynamodb.TransactWriteItems", patch_first)
    try:
        before = stock("1000", "BESTAND#-#1")
        answer = call("auftrag", "PUT", "/www/auftrag", {"GrundDaten": {"KundNr": "100001", "OffertNr": nr}})
    finally:
        events.unregister("before-call.dynamodb.TransactWriteItems", patch_first)
    assert answer.status == 409
    assert answer.json()["info"] == {"OffertNr": nr}
    assert "changed meanwhile" in answer.json()["error_description"]
    # No order, no reservation: the quotation's marker failed, so its whole transaction did.
    assert stock("1000", "BESTAND#-#1") == before
    assert call("auftrag", "GET", "/www/auftrag/400001").status == 404
    # Converted now, it is the quotation as patched (13 pieces).
    again = call("auftrag", "PUT", "/www/auftrag", {"GrundDaten": {"KundNr": "100001", "OffertNr": nr}})
    assert again.status == 201
    order = call("auftrag", "GET", f"/www/auftrag/{again.json()['data']['AuftNr']}").json()["data"]
    assert order["Positionen"][0]["PosAnzBest"] == 13
    assert stock("1000", "BESTAND#-#1") == before - 13


# PATCH with articles sold in packaging units only (demo article 1002: PAK of 10, KAR). Customer 100001
# buys from price list WV: 1002 costs CHF 3.82 per PAK (1-9 PAK), 0.382 a piece.


def test_patch_adds_an_article_sold_in_packaging_units_with_its_vpeinheit(call):
    nr = offerte(call, QUOTATION)["OffertNr"]
    answer = patch(call, nr, {"Positionen": [{"ArtNr": "1002", "Menge": 20, "VPEinheit": "PAK"}]})
    assert answer.status == 200, answer.text
    added = answer.json()["data"]["Positionen"][-1]
    # 20 pieces = 2 PAK at 3.82: 7.64.
    assert (added["PosNr"], added["ArtNr"], added["VPEinheit"], added["VPEAnzBest"], added["PosPreisTotal"]) == (
        3,
        "1002",
        "PAK",
        2,
        7.64,
    )


def test_patch_without_vpeinheit_still_names_the_units_to_choose_from(call):
    nr = offerte(call, QUOTATION)["OffertNr"]
    answer = patch(call, nr, {"Positionen": [{"ArtNr": "1002", "Menge": 20}]})
    assert answer.status == 400
    assert answer.json()["info"]["fields"] == {
        "Positionen[0].VPEinheit": "article 1002 is sold in packaging units only: give one of PAK, KAR"
    }


def test_a_position_changed_by_its_artnr_keeps_its_packaging_unit(call):
    nr = offerte(call, QUOTATION)["OffertNr"]
    answer = patch(call, nr, {"Positionen": [{"PosNr": 2, "ArtNr": "1002", "Menge": 40}]})
    assert answer.status == 200, answer.text
    changed = answer.json()["data"]["Positionen"][1]
    # 40 pieces = 4 PAK at 3.82 = 15.28, less the 5 % it had: 14.516 -> 14.52.
    assert (changed["PosNr"], changed["VPEinheit"], changed["VPEAnzBest"], changed["PosPreisTotal"]) == (
        2,
        "PAK",
        4,
        14.52,
    )
