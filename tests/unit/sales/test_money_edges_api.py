"""Issue 14 through the handlers with the demo data: place of supply, VPE, gross lists, delivery
costs, quantities. Every expected figure was computed by hand; the working is in the comments.

Prices (VK, CHF): 1000 coffee 18.90 (10+: 17.96), 2.6 %; 6000 eggs DZ of 12 at 10.00 (10+ DZ: 9.70),
2.6 %; 6001 tennis balls PAK of 3 at gross 13.90, 8.1 %; 6002 card gross 8.95, 8.1 %; 6003 hotel
night 145.00, 3.8 %, no stock; 6004 cable 2.35 per m, 8.1 %, sold in decimals. EUR: 1000 20.03.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.stored_documents import as_last_release

LOERRACH = {
    "AdrSprache": "ger",
    "AdrFirma": "Muster AG",
    "AdrAnrede": 0,
    "AdrAdresse1": "Hauptstrasse 20",
    "OrtLand": "DE",
    "OrtPLZ": "79539",
    "OrtName": "Lörrach",
}
BASEL = {**LOERRACH, "AdrAdresse1": "Freie Strasse 1", "OrtLand": "CH", "OrtPLZ": "4051", "OrtName": "Basel"}
BERN = {**LOERRACH, "AdrAdresse1": "Bundesplatz 1", "OrtLand": "CH", "OrtPLZ": "3011", "OrtName": "Bern"}


def order(call: Any, body: dict[str, Any]) -> dict[str, Any]:
    answer = call("auftrag", "POST", "/www/auftrag", body)
    assert answer.status == 201, answer.text
    read = call("auftrag", "GET", f"/www/auftrag/{answer.json()['data']['AuftNr']}")
    assert read.status == 200
    return dict(read.json()["data"])


def quotation(call: Any, body: dict[str, Any]) -> dict[str, Any]:
    answer = call("offerte", "POST", "/www/offerte", body)
    assert answer.status == 201, answer.text
    data = dict(answer.json()["data"])
    read = call("offerte", "GET", "/www/offerte", query={"OffertNr": data["OffertNr"]})
    assert {**read.json()["data"], "OffertNr": data["OffertNr"]} == data  # the POST answer is the GET
    return data


def totals(data: dict[str, Any]) -> tuple[Any, Any, Any]:
    grund = data["GrundDaten"]
    return grund["AuftNetto"], grund["AuftWUST"], grund["AuftBrutto"]


def codes(data: dict[str, Any]) -> list[tuple[Any, ...]]:
    return [(r["PosWUSTCode"], r["PosBetragNetto"], r["PosWUST"]) for r in data["MWSTRekapitulation"]]


# --- place of supply -------------------------------------------------------------------------


def test_a_swiss_customer_delivered_in_germany_pays_no_swiss_vat(call):
    data = order(
        call,
        {
            "GrundDaten": {"KundNr": "100004"},
            "Adressen": {"LiefAdr": LOERRACH},
            "Positionen": [{"ArtNr": "1000", "Menge": 2}],
        },
    )
    # 2 x 18.90 = 37.80, export code 9: no tax
    assert totals(data) == (37.8, 0, 37.8)
    assert codes(data) == [("9", 37.8, 0)]
    assert data["Adressen"]["LiefAdr"]["OrtLand"] == "DE"
    assert data["Adressen"]["KontaktAdr"]["OrtLand"] == "CH"


def test_a_german_customer_delivered_in_basel_pays_swiss_vat(call):
    data = order(
        call,
        {
            "GrundDaten": {"KundNr": "100006"},
            "Adressen": {"LiefAdr": BASEL},
            "Positionen": [{"ArtNr": "1000", "Menge": 2}],
        },
    )
    # EUR: 2 x 20.03 = 40.06; 2.6 % = 1.04156 -> 1.04; 41.10 (EUR: to the cent)
    assert data["GrundDaten"]["WaehrAbk"] == "EUR"
    assert totals(data) == (40.06, 1.04, 41.1)
    assert codes(data) == [("2", 40.06, 1.04)]


def test_the_customers_own_delivery_address_abroad_makes_an_export(call):
    # 100007: contact in Basel, delivery address in Weil am Rhein (DE). 2 x 145.00 = 290.00, no tax.
    data = quotation(call, {"GrundDaten": {"KundNr": "100007"}, "Positionen": [{"ArtNr": "6003", "Menge": 2}]})
    assert totals(data) == (290, 0, 290)
    assert codes(data) == [("9", 290, 0)]


def test_liechtenstein_is_swiss_vat_territory(call):
    data = order(call, {"GrundDaten": {"KundNr": "100005"}, "Positionen": [{"ArtNr": "1000", "Menge": 1}]})
    # 18.90 x 2.6 % = 0.4914 -> 0.49; 19.39 -> 19.40
    assert totals(data) == (18.9, 0.49, 19.4)


def test_a_customer_configured_for_export_stays_export_when_delivered_in_switzerland(call):
    data = order(
        call,
        {
            "GrundDaten": {"KundNr": "100003"},
            "Adressen": {"LiefAdr": BASEL},
            "Positionen": [{"ArtNr": "1000", "Menge": 1}],
        },
    )
    assert totals(data) == (18.9, 0, 18.9)
    assert codes(data) == [("9", 18.9, 0)]


def test_a_patched_delivery_address_moves_the_tax(call):
    data = quotation(
        call,
        {
            "GrundDaten": {"KundNr": "100004"},
            "Adressen": {"LiefAdr": LOERRACH},
            "Positionen": [{"ArtNr": "1000", "Menge": 2}],
        },
    )
    assert totals(data) == (37.8, 0, 37.8)
    nr = data["OffertNr"]
    moved = call("offerte", "PATCH", "/www/offerte", {"Adressen": {"LiefAdr": BERN}}, query={"OffertNr": nr})
    assert moved.status == 200, moved.text
    # 37.80 x 2.6 % = 0.9828 -> 0.98; 38.78 -> 38.80
    assert totals(moved.json()["data"]) == (37.8, 0.98, 38.8)
    read = call("offerte", "GET", "/www/offerte", query={"OffertNr": nr}).json()["data"]
    assert totals(read) == (37.8, 0.98, 38.8)
    assert codes(read) == [("2", 37.8, 0.98)]
    back = call("offerte", "PATCH", "/www/offerte", {"Adressen": {"LiefAdr": LOERRACH}}, query={"OffertNr": nr})
    assert totals(back.json()["data"]) == (37.8, 0, 37.8)


def test_a_template_with_a_foreign_delivery_address_is_an_export_and_fits_a_customer_there(call):
    data = quotation(call, {"Adressen": {"LiefAdr": LOERRACH}, "Positionen": [{"ArtNr": "1000", "Menge": 2}]})
    assert (data["GrundDaten"]["Template"], totals(data)) == (True, (37.8, 0, 37.8))
    # 100004 (CH): the template's own delivery address stays, so its document is still an export
    assigned = call("offerte", "PATCH", "/www/offerte", {}, query={"OffertNr": data["OffertNr"], "KundNr": "100004"})
    assert assigned.status == 200, assigned.text
    assert totals(assigned.json()["data"]) == (37.8, 0, 37.8)


def test_a_template_for_germany_goes_to_a_customer_delivered_in_germany_only(call):
    nr = quotation(call, {"GrundDaten": {"OrtLand": "DE"}, "Positionen": [{"ArtNr": "1000", "Menge": 2}]})["OffertNr"]
    refused = call("offerte", "PATCH", "/www/offerte", {}, query={"OffertNr": nr, "KundNr": "100004"})
    assert refused.status == 409
    assert refused.json()["info"]["misfits"] == {"WUSTCode": "quotation 9, customer Inland"}
    assigned = call("offerte", "PATCH", "/www/offerte", {}, query={"OffertNr": nr, "KundNr": "100007"})
    assert assigned.status == 200, assigned.text
    assert totals(assigned.json()["data"]) == (37.8, 0, 37.8)


# --- packaging units and gross lists -----------------------------------------------------------


def test_100_dozen_cost_100_times_the_dozen_price(call):
    data = order(
        call, {"GrundDaten": {"KundNr": "100004"}, "Positionen": [{"ArtNr": "6000", "Menge": 1200, "VPEinheit": "DZ"}]}
    )
    (p,) = data["Positionen"]
    # 1200 pieces = 100 DZ, tier 10+ at 9.70: 970.00 (per piece 0.8083, shown only)
    assert (p["VPEAnzBest"], p["VPEPreisEinzel"], p["PosPreisEinzel"], p["PosPreisBasis"], p["PosPreisTotal"]) == (
        100,
        9.7,
        0.8083,
        970,
        970,
    )
    # 970.00 x 2.6 % = 25.22; 995.22 -> 995.20
    assert totals(data) == (970, 25.22, 995.2)


def test_a_gross_pak_of_three_sums_to_the_listed_gross(call):
    data = order(
        call, {"GrundDaten": {"KundNr": "100004"}, "Positionen": [{"ArtNr": "6001", "Menge": 300, "VPEinheit": "PAK"}]}
    )
    # 100 PAK at gross 13.90 = 1390.00; tax in it 1390 x 8.1 / 108.1 = 104.153... -> 104.15; net 1285.85
    assert data["Positionen"][0]["PosPreisTotal"] == 1390
    assert totals(data) == (1285.85, 104.15, 1390)


def test_a_gross_price_in_a_net_order_is_converted_per_line(call):
    data = order(
        call,
        {
            "GrundDaten": {"KundNr": "100004"},
            "Positionen": [{"ArtNr": "6002", "Menge": 9999}, {"ArtNr": "1000", "Menge": 1}],
        },
    )
    # 6002: 9999 x 8.95 = 89491.05 gross; / 1.081 = 82785.4301... -> 82785.43 net
    # 8.1 %: 82785.43 x 0.081 = 6705.61983 -> 6705.62;  2.6 %: 18.90 -> 0.49
    # net 82804.33, tax 6706.11, 89510.44 -> 89510.45
    assert [p["PosPreisTotal"] for p in data["Positionen"]] == [82785.43, 18.9]
    assert codes(data) == [("1", 82785.43, 6705.62), ("2", 18.9, 0.49)]
    assert totals(data) == (82804.33, 6706.11, 89510.45)


# --- delivery costs and quantities --------------------------------------------------------------


def test_delivery_costs_are_in_the_totals_shared_over_the_rates(call):
    data = order(
        call,
        {
            "GrundDaten": {"KundNr": "100004", "AuftLiefKost": 20},
            "Positionen": [{"ArtNr": "1000", "Menge": 10}, {"ArtNr": "6004", "Menge": 3.5}],
        },
    )
    # 1000: 10 x 17.96 = 179.60 (2.6 %); 6004: 3.5 m x 2.35 = 8.225 -> 8.23 (8.1 %); together 187.83
    # 20.00 x 8.23 / 187.83 = 0.8763 -> 0.87 (+ the cent left over: remainder .0063 > .0037) = 0.88
    # 20.00 x 179.60 / 187.83 = 19.1237 -> 19.12
    # 8.1 %: 9.11 x 0.081 = 0.73791 -> 0.74;  2.6 %: 198.72 x 0.026 = 5.16672 -> 5.17
    # net 207.83, tax 5.91, 213.74 -> 213.75
    assert data["GrundDaten"]["AuftLiefKost"] == 20
    assert codes(data) == [("1", 9.11, 0.74), ("2", 198.72, 5.17)]
    assert totals(data) == (207.83, 5.91, 213.75)


def test_an_export_carries_delivery_costs_without_vat(call):
    data = order(
        call,
        {"GrundDaten": {"KundNr": "100007", "AuftLiefKost": 15}, "Positionen": [{"ArtNr": "6003", "Menge": 2}]},
    )
    # 290.00 + 15.00 under the export code
    assert codes(data) == [("9", 305, 0)]
    assert totals(data) == (305, 0, 305)


BALLS = [{"ArtNr": "6001", "Menge": 300, "VPEinheit": "PAK"}]  # 100 PAK at gross 13.90 = 1390.00, 8.1 %


def test_delivery_costs_are_net_in_a_gross_basket(call):
    data = order(call, {"GrundDaten": {"KundNr": "100004", "AuftLiefKost": 10}, "Positionen": BALLS})
    # net: 1390 / 1.081 = 1285.84643... + 10.00 -> 1295.85; tax: 104.15356... + 10.00 x 0.081 = 0.81
    # -> 104.96356... -> 104.96; 1400.81 -> 1400.80
    assert codes(data) == [("1", 1295.85, 104.96)]
    assert totals(data) == (1295.85, 104.96, 1400.8)
    assert data["GrundDaten"]["AuftLiefKost"] == 10


def test_delivery_costs_are_net_in_a_net_basket(call):
    data = order(
        call,
        {
            "GrundDaten": {"KundNr": "100004", "AuftLiefKost": 10},
            "Positionen": [{"ArtNr": "6000", "Menge": 1200, "VPEinheit": "DZ"}],
        },
    )
    # 100 DZ at 9.70 = 970.00 at 2.6 %; + 10.00 = 980.00 x 0.026 = 25.48; 1005.48 -> 1005.50
    assert codes(data) == [("2", 980, 25.48)]
    assert totals(data) == (980, 25.48, 1005.5)


def test_an_order_stored_by_the_last_release_reads_back_with_its_own_figures(call):
    new = order(call, {"GrundDaten": {"KundNr": "100004", "AuftLiefKost": 10}, "Positionen": BALLS})
    auft_nr = new["GrundDaten"]["AuftNr"]
    as_last_release("AUFTRAG", auft_nr)
    data = call("auftrag", "GET", f"/www/auftrag/{auft_nr}").json()["data"]
    # as that release computed it: 1390.00 + 10.00 gross = 1400.00; tax in it 1400 x 8.1 / 108.1 =
    # 104.8982... -> 104.90; net 1295.10
    assert codes(data) == [("1", 1295.1, 104.9)]
    assert totals(data) == (1295.1, 104.9, 1400)
    assert data["Positionen"] == new["Positionen"]


@pytest.mark.parametrize(("art_nr", "menge"), [("1000", 1.5), ("1000", 0.0001), ("6003", 2.5)])
def test_a_fraction_of_a_piece_is_a_400_on_the_field(call, art_nr, menge):
    answer = call(
        "auftrag",
        "POST",
        "/www/auftrag",
        {
            "GrundDaten": {"KundNr": "100004"},
            "Positionen": [{"ArtNr": "1000", "Menge": 1}, {"ArtNr": art_nr, "Menge": menge}],
        },
    )
    assert answer.status == 400, answer.text
    assert list(answer.json()["info"]["fields"]) == ["Positionen[1].Menge"]


def test_a_quotation_patch_to_a_fraction_of_a_piece_is_a_400(call):
    nr = quotation(call, {"GrundDaten": {"KundNr": "100004"}, "Positionen": [{"ArtNr": "1000", "Menge": 1}]})[
        "OffertNr"
    ]
    answer = call(
        "offerte", "PATCH", "/www/offerte", {"Positionen": [{"PosNr": 1, "Menge": 2.5}]}, query={"OffertNr": nr}
    )
    assert answer.status == 400
    assert list(answer.json()["info"]["fields"]) == ["Positionen[0].Menge"]


def test_a_converted_quotation_keeps_every_figure(call):
    body = {
        "GrundDaten": {"KundNr": "100004"},
        "Positionen": [
            {"ArtNr": "6000", "Menge": 1200, "VPEinheit": "DZ"},
            {"ArtNr": "6001", "Menge": 300, "VPEinheit": "PAK"},
            {"ArtNr": "6002", "Menge": 7},
            {"ArtNr": "6003", "Menge": 1},
        ],
    }
    offer = quotation(call, body)
    converted = call(
        "auftrag", "PUT", "/www/auftrag", {"GrundDaten": {"KundNr": "100004", "OffertNr": offer["OffertNr"]}}
    )
    assert converted.status == 201, converted.text
    data = call("auftrag", "GET", f"/www/auftrag/{converted.json()['data']['AuftNr']}").json()["data"]
    assert data["Positionen"] == offer["Positionen"]
    assert data["MWSTRekapitulation"] == offer["MWSTRekapitulation"]
    assert totals(data) == totals(offer)
    # 970.00 (2.6 %) + 1390.00 gross -> 1285.8464... + 7 x 8.95 = 62.65 gross -> 57.9556... + 145.00 (3.8 %)
    # 8.1 %: 1390.00 / 1.081 = 1285.85; 62.65 / 1.081 = 57.96; 1343.81 x 0.081 = 108.84861 -> 108.85
    # 3.8 %: 145.00 -> 5.51;  2.6 %: 970.00 -> 25.22
    # net 1343.81 + 145.00 + 970.00 = 2458.81; tax 139.58; 2598.39 -> 2598.40
    assert codes(data) == [("1", 1343.81, 108.85), ("3", 145, 5.51), ("2", 970, 25.22)]
    assert totals(data) == (2458.81, 139.58, 2598.4)
