"""Price lists, tiers and the fallback, on hand-computed cases."""

from __future__ import annotations

from decimal import Decimal as D

from backoffice.catalogue import prices


def tiers(*rows: tuple[str, str | None, str]) -> list[dict]:
    return [{"AbAnzahl": D(a), "BisAnzahl": None if b is None else D(b), "PreisList": D(p)} for a, b, p in rows]


ARTICLE = {
    "ArtNr": "A1",
    "Preise": [
        {
            "Preisliste": "VK",
            "WaehrAbk": "CHF",
            "Preisart": "N",
            "Staffel": tiers(("1", "9", "10.00"), ("10", "49", "9.50"), ("50", None, "9.00")),
        },
        {"Preisliste": "VK", "WaehrAbk": "EUR", "Preisart": "B", "Staffel": tiers(("1", None, "10.60"))},
        {"Preisliste": "WV", "WaehrAbk": "CHF", "Preisart": "N", "Staffel": tiers(("20", None, "8.00"))},
    ],
}

PACKED = {
    "ArtNr": "P1",
    "Verpackungen": [
        {"VPEinheit": "ST", "Faktor": D(1)},
        {"VPEinheit": "KAR", "Faktor": D(12)},
    ],
    "attributes": [{"PHKey": "WEBSHOPVPE", "Contents": "KAR"}],
    "Preise": [
        {
            "Preisliste": "VK",
            "WaehrAbk": "CHF",
            "VPEinheit": "KAR",
            "Staffel": tiers(("1", "4", "60.00"), ("5", None, "55.00")),
        },
        {"Preisliste": "VK", "WaehrAbk": "CHF", "VPEinheit": "ST", "Staffel": tiers(("1", None, "5.50"))},
    ],
}


def test_tier_by_quantity_last_tier_open() -> None:
    assert prices.applicable_price(ARTICLE, None, D(1), "CHF", None, "VK").PreisList == D("10.00")
    assert prices.applicable_price(ARTICLE, None, D(9), "CHF", None, "VK").PreisList == D("10.00")
    assert prices.applicable_price(ARTICLE, None, D(10), "CHF", None, "VK").PreisList == D("9.50")
    assert prices.applicable_price(ARTICLE, None, D(49), "CHF", None, "VK").PreisList == D("9.50")
    hit = prices.applicable_price(ARTICLE, None, D(5000), "CHF", None, "VK")
    assert (hit.PreisList, hit.AbAnzahl, hit.BisAnzahl) == (D("9.00"), D(50), None)


def test_fraction_between_tiers_takes_the_lower_tier() -> None:
    # 9.5 lies after BisAnzahl 9 and before AbAnzahl 10: tier 1 runs until tier 2 starts.
    assert prices.applicable_price(ARTICLE, None, D("9.5"), "CHF", None, "VK").PreisList == D("10.00")


def test_below_first_tier_is_no_price() -> None:
    assert prices.applicable_price(ARTICLE, None, D("0.5"), "CHF", None, "VK") is None


def test_customer_list_first_then_rest_list() -> None:
    hit = prices.applicable_price(ARTICLE, None, D(30), "CHF", "WV", "VK")
    assert (hit.Preisliste, hit.PreisList) == ("WV", D("8.00"))
    # EUR has no WV list: the fallback to VK answers, gross.
    hit = prices.applicable_price(ARTICLE, None, D(30), "EUR", "WV", "VK")
    assert (hit.Preisliste, hit.PreisList, hit.Preisart, hit.WaehrAbk) == ("VK", D("10.60"), "B", "EUR")


def test_lists_are_never_merged() -> None:
    # WV starts at 20: for 5 pieces the WV list applies and has no tier; VK's 10.00 is not used.
    assert prices.applicable_price(ARTICLE, None, D(5), "CHF", "WV", "VK") is None
    assert prices.find_price_list(ARTICLE, None, "CHF", "WV", "VK")["Preisliste"] == "WV"


def test_unknown_currency_or_list_is_no_price() -> None:
    assert prices.applicable_price(ARTICLE, None, D(1), "USD", None, "VK") is None
    assert prices.applicable_price(ARTICLE, None, D(1), "CHF", "XX", None) is None
    assert prices.price_items(ARTICLE, None, "USD", None, "VK") == []


def test_vpe_price_counts_vpes_from_base_quantity() -> None:
    # 48 pieces = 4 cartons of 12: tier 1..4 at 60.00 per carton; 60 pieces = 5 cartons: 55.00.
    assert prices.applicable_price(PACKED, "KAR", D(48), "CHF", None, "VK").PreisList == D("60.00")
    hit = prices.applicable_price(PACKED, "KAR", D(60), "CHF", None, "VK")
    assert (hit.PreisList, hit.VPEinheit) == (D("55.00"), "KAR")
    # 6 pieces = half a carton: below the first tier.
    assert prices.applicable_price(PACKED, "KAR", D(6), "CHF", None, "VK") is None


def test_vpe_hidden_by_webshopvpe_has_no_price() -> None:
    assert prices.applicable_price(PACKED, "ST", D(1), "CHF", None, "VK") is None
    assert prices.applicable_price(PACKED, "PAL", D(1), "CHF", None, "VK") is None


def test_price_items_list_every_tier_of_the_winning_list() -> None:
    items = prices.price_items(ARTICLE, None, "CHF", "WV", "VK")
    assert [(i["AbAnzahl"], i["BisAnzahl"], i["PreisList"]) for i in items] == [(D(20), None, D("8.00"))]
    items = prices.price_items(ARTICLE, None, "CHF", None, "VK")
    assert [i["PreisList"] for i in items] == [D("10.00"), D("9.50"), D("9.00")]
    assert items[0]["ArtNr"] == "A1"
    assert items[0]["Preisart"] == "N"


def test_list_order_skips_repeats_and_missing() -> None:
    assert prices.list_order("VK", "VK") == ["VK"]
    assert prices.list_order(None, "VK") == ["VK"]
    assert prices.list_order("WV", None) == ["WV"]
