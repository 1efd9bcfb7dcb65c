"""PATCH /www/offerte with articles sold in packaging units only (demo article 1002: PAK of 10, KAR).

Customer 100001 buys from price list WV: 1002 costs CHF 3.82 per PAK (1-9 PAK), 0.382 a piece.
"""

from __future__ import annotations

from tests.unit.auftrag.test_quotations_api import QUOTATION, offerte, patch


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
