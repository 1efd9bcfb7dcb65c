"""Documents computed from plain positions, checked against computations done by hand.

Every expected figure below was computed by hand (the working is in the comments); none is
recomputed with the code under test.
"""

from __future__ import annotations

import json
from decimal import Decimal as D

import pytest

from backoffice.errors import InvalidRequest
from backoffice.json_codec import dumps
from backoffice.sales.calculation import (
    GROSS,
    NET,
    Document,
    PositionInput,
    TaxCode,
    compute_document,
    is_domestic,
)

# Swiss codes (class C): form lines of the Swiss VAT return (302 normal, 312 reduced, 342 lodging,
# 200 turnover, 400 input tax, 220 exports).
CH_NORMAL = TaxCode("N81", D("8.1"), "MWST Normalsatz 8.1%", "C", "302", "400", "200")
CH_REDUCED = TaxCode("R26", D("2.6"), "MWST reduziert 2.6%", "C", "312", "400", "200")
CH_LODGING = TaxCode("B38", D("3.8"), "MWST Beherbergung 3.8%", "C", "342", "400", "200")
CH_EXPORT = TaxCode("EXP", D("0"), "Export steuerbefreit", "C", "", "", "220")
# German codes (class D): UStVA fields (81 at 19 %, 86 at 7 %, 66 input tax).
DE_NORMAL = TaxCode("U19", D("19"), "USt 19%", "D", "81", "66", "")
DE_REDUCED = TaxCode("U07", D("7"), "USt 7%", "D", "86", "66", "")


def pos(nr: int, art: str, qty: str, price: str, tax: TaxCode, **kw: object) -> PositionInput:
    return PositionInput(pos_nr=nr, art_nr=art, quantity=D(qty), unit_price=D(price), tax=tax, **kw)  # type: ignore[arg-type]


def figures(doc: Document) -> list[tuple[object, ...]]:
    return [(p.pos_nr, p.price_basis, p.total, p.tax_amount) for p in doc.positions]


def recap(doc: Document) -> list[tuple[str, D, D]]:
    return [(line.tax.code, line.net, line.amount) for line in doc.recap]


def swiss_order() -> list[PositionInput]:
    return [
        pos(1, "STUHL-ERGO", "3", "189.90", CH_NORMAL, description="B\u00fcrostuhl Ergo"),
        pos(2, "KAFFEE-1KG", "12", "14.35", CH_REDUCED, vpe_unit="KARTON", vpe_factor=D(6), discount=D(5)),
        pos(3, "HOTEL", "2", "145.00", CH_LODGING),
        pos(4, "PAPIER-A4", "7", "4.95", CH_NORMAL, discount=D("12.5")),
    ]


def test_swiss_order_three_rates_discount_vpe_chf() -> None:
    doc = compute_document(swiss_order(), "CHF")
    # 1: 3 * 189.90 = 569.70; tax 569.70 * 0.081 = 46.1457 -> 46.15
    # 2: 12 * 14.35 = 172.20; less 5 %: 172.20 * 0.95 = 163.59; tax 163.59 * 0.026 = 4.25334 -> 4.25
    # 3: 2 * 145.00 = 290.00; tax 290.00 * 0.038 = 11.02
    # 4: 7 * 4.95 = 34.65; less 12.5 %: 34.65 * 0.875 = 30.31875 -> 30.32; tax 30.32 * 0.081 = 2.45592 -> 2.46
    assert figures(doc) == [
        (1, D("569.70"), D("569.70"), D("46.15")),
        (2, D("172.20"), D("163.59"), D("4.25")),
        (3, D("290.00"), D("290.00"), D("11.02")),
        (4, D("34.65"), D("30.32"), D("2.46")),
    ]
    # 8.1 %: net 569.70 + 30.32 = 600.02; tax 600.02 * 0.081 = 48.60162 -> 48.60
    #        (the positions' own taxes would sum to 46.15 + 2.46 = 48.61: the recap merges first)
    # 3.8 %: net 290.00; tax 11.02.  2.6 %: net 163.59; tax 4.25
    assert recap(doc) == [
        ("N81", D("600.02"), D("48.60")),
        ("B38", D("290.00"), D("11.02")),
        ("R26", D("163.59"), D("4.25")),
    ]
    # net 600.02 + 290.00 + 163.59 = 1053.61; tax 48.60 + 11.02 + 4.25 = 63.87;
    # 1053.61 + 63.87 = 1117.48 -> to 0.05: 22349.6 steps -> 22350 -> 1117.50
    assert doc.totals() == {"AuftNetto": D("1053.61"), "AuftWUST": D("63.87"), "AuftBrutto": D("1117.50")}
    assert doc.rounding == D("0.02")
    assert dumps(doc.totals()) == '{"AuftNetto":1053.61,"AuftWUST":63.87,"AuftBrutto":1117.50}'
    assert doc.price_kind == NET
    # VPE: 12 pieces / 6 per KARTON = 2 KARTON at 14.35 * 6 = 86.10
    kaffee = doc.positions[1]
    assert (kaffee.vpe_quantity, kaffee.vpe_unit_price, kaffee.vpe_unit) == (D(2), D("86.10"), "KARTON")


def test_same_order_in_eur_rounds_to_the_cent() -> None:
    doc = compute_document(swiss_order(), "EUR")
    # as above, 1117.48 stays 1117.48
    assert doc.totals() == {"AuftNetto": D("1053.61"), "AuftWUST": D("63.87"), "AuftBrutto": D("1117.48")}
    assert doc.rounding == D("0.00")


def test_read_shape_of_the_swiss_order() -> None:
    doc = compute_document(swiss_order(), "CHF")
    shape = json.loads(dumps(doc.read_shape()))
    assert shape["Positionen"][0] == {
        "PosNr": 1,
        "VisPosNr": 1,
        "ArtNr": "STUHL-ERGO",
        "PosBez": "B\u00fcrostuhl Ergo",
        "PosAnzBest": 3,
        "PosPreisBasis": 569.70,
        "PosPreisEinzel": 189.90,
        "PosPreisTotal": 569.70,
        "PosPreisWUSTBetrag": 46.15,
        "WUSTSatz": 8.1,
        "GRabSatz": 0,
    }
    assert shape["Positionen"][1] == {
        "PosNr": 2,
        "VisPosNr": 2,
        "ArtNr": "KAFFEE-1KG",
        "PosAnzBest": 12,
        "PosPreisBasis": 172.20,
        "PosPreisEinzel": 14.35,
        "PosPreisTotal": 163.59,
        "PosPreisWUSTBetrag": 4.25,
        "VPEAnzBest": 2,
        "VPEPreisEinzel": 86.10,
        "VPEinheit": "KARTON",
        "WUSTSatz": 2.6,
        "GRabSatz": 5,
    }
    assert shape["MWSTRekapitulation"][0] == {
        "Abschnitt": "UST-Rekap",
        "WaehrAbk": "CHF",
        "PosWUST": 48.60,
        "PosWUSTSatz": 8.1,
        "PosWUSTBez": "MWST Normalsatz 8.1%",
        "PosBetragNetto": 600.02,
        "PosWUSTCode": "N81",
        "PosWUSTKlasse": "C",
        "PosUSTSZiffer": "302",
        "PosVSTSZiffer": "400",
        "PosUSTUZiffer": "200",
    }
    assert [line["PosWUSTSatz"] for line in shape["MWSTRekapitulation"]] == [8.1, 3.8, 2.6]
    # the exact digits on the wire: amounts keep their two decimals, the umlaut is escaped
    text = dumps(doc.read_shape())
    assert '"PosPreisBasis":569.70,' in text
    assert '"PosBez":"B\\u00fcrostuhl Ergo"' in text
    assert '"PosWUST":48.60,' in text


def test_german_gross_price_list_eur() -> None:
    positions = [
        pos(1, "BUCH-REGAL", "2", "11.90", DE_NORMAL, price_kind=GROSS),
        pos(2, "TEE", "3", "4.99", DE_REDUCED, price_kind=GROSS, discount=D(10)),
        pos(3, "LAMPE", "1", "59.99", DE_NORMAL, price_kind=GROSS),
    ]
    doc = compute_document(positions, "EUR")
    assert doc.price_kind == GROSS
    # 1: 2 * 11.90 = 23.80 gross; tax in it 23.80 * 19 / 119 = 3.80
    # 2: 3 * 4.99 = 14.97; less 10 %: 13.473 -> 13.47; tax in it 13.47 * 7 / 107 = 0.8812... -> 0.88
    # 3: 59.99; tax in it 59.99 * 19 / 119 = 1139.81 / 119 = 9.5782... -> 9.58
    assert figures(doc) == [
        (1, D("23.80"), D("23.80"), D("3.80")),
        (2, D("14.97"), D("13.47"), D("0.88")),
        (3, D("59.99"), D("59.99"), D("9.58")),
    ]
    assert [p.unit_price for p in doc.positions] == [D("11.90"), D("4.99"), D("59.99")]  # gross as listed
    # 19 %: gross 23.80 + 59.99 = 83.79; tax 83.79 * 19 / 119 = 1592.01 / 119 = 13.3782... -> 13.38;
    #       net 83.79 - 13.38 = 70.41   (positions: 3.80 + 9.58 = 13.38)
    # 7 %:  gross 13.47; tax 0.88; net 12.59
    assert recap(doc) == [("U19", D("70.41"), D("13.38")), ("U07", D("12.59"), D("0.88"))]
    # net 70.41 + 12.59 = 83.00; tax 13.38 + 0.88 = 14.26; gross 97.26 = 83.79 + 13.47 (the listed prices)
    assert doc.totals() == {"AuftNetto": D("83.00"), "AuftWUST": D("14.26"), "AuftBrutto": D("97.26")}


def test_gross_document_where_merging_changes_the_tax() -> None:
    # three times 1.10 gross at 19 %: each contains 1.10 * 19 / 119 = 0.1756 -> 0.18 (0.54 summed);
    # merged: 3.30 * 19 / 119 = 62.7 / 119 = 0.5269 -> 0.53; net 3.30 - 0.53 = 2.77
    positions = [pos(n, f"ART{n}", "1", "1.10", DE_NORMAL, price_kind=GROSS) for n in (1, 2, 3)]
    doc = compute_document(positions, "EUR")
    assert [p.tax_amount for p in doc.positions] == [D("0.18")] * 3
    assert recap(doc) == [("U19", D("2.77"), D("0.53"))]
    assert doc.totals() == {"AuftNetto": D("2.77"), "AuftWUST": D("0.53"), "AuftBrutto": D("3.30")}


def test_foreign_customer_pays_no_tax() -> None:
    positions = [
        pos(1, "STUHL", "10", "19.90", CH_NORMAL),
        pos(2, "TISCH", "4", "10.81", CH_NORMAL, price_kind=GROSS),
        pos(3, "BUCH", "3", "25.00", CH_REDUCED, price_kind=GROSS),
    ]
    doc = compute_document(positions, "CHF", export_tax=CH_EXPORT)
    assert doc.price_kind == NET
    # 1: 10 * 19.90 = 199.00 net
    # 2: gross 10.81 without its 8.1 %: 10.81 * 100 / 108.1 = 10.0000; 4 * 10.0000 = 40.00
    # 3: gross 25.00 without its 2.6 %: 2500 / 102.6 = 24.36647... -> 24.3665; 3 * 24.3665 = 73.0995 -> 73.10
    assert [p.unit_price for p in doc.positions] == [D("19.90"), D("10.0000"), D("24.3665")]
    assert figures(doc) == [
        (1, D("199.00"), D("199.00"), D("0.00")),
        (2, D("40.00"), D("40.00"), D("0.00")),
        (3, D("73.10"), D("73.10"), D("0.00")),
    ]
    assert all(p.tax == CH_EXPORT for p in doc.positions)
    # one recap line, the export code: net 199.00 + 40.00 + 73.10 = 312.10, tax 0
    assert recap(doc) == [("EXP", D("312.10"), D("0.00"))]
    assert doc.totals() == {"AuftNetto": D("312.10"), "AuftWUST": D("0.00"), "AuftBrutto": D("312.10")}
    line = json.loads(dumps(doc.read_shape()))["MWSTRekapitulation"][0]
    assert line == {
        "Abschnitt": "UST-Rekap",
        "WaehrAbk": "CHF",
        "PosWUST": 0.00,
        "PosWUSTSatz": 0,
        "PosWUSTBez": "Export steuerbefreit",
        "PosBetragNetto": 312.10,
        "PosWUSTCode": "EXP",
        "PosWUSTKlasse": "C",
        "PosUSTUZiffer": "220",
    }


def test_export_code_must_be_tax_free() -> None:
    with pytest.raises(ValueError, match="rate 0"):
        compute_document([pos(1, "A", "1", "1.00", CH_NORMAL)], "CHF", export_tax=CH_NORMAL)


def test_mixed_price_kinds_make_a_net_document() -> None:
    positions = [
        pos(1, "NETTO", "1", "100.00", CH_NORMAL),
        pos(2, "BRUTTO", "2", "54.05", CH_NORMAL, price_kind=GROSS),
    ]
    doc = compute_document(positions, "CHF")
    # 2: 54.05 * 100 / 108.1 = 50.0000 net; 2 * 50.0000 = 100.00
    # 8.1 %: net 200.00; tax 16.20; gross 216.20
    assert doc.price_kind == NET
    assert doc.positions[1].unit_price == D("50.0000")
    assert recap(doc) == [("N81", D("200.00"), D("16.20"))]
    assert doc.totals() == {"AuftNetto": D("200.00"), "AuftWUST": D("16.20"), "AuftBrutto": D("216.20")}


def test_five_hundred_positions_half_up_and_rappen() -> None:
    positions = [pos(n, f"CLIP{n}", "1", "0.33", CH_NORMAL) for n in range(1, 501)]
    chf = compute_document(positions, "CHF")
    # each: 0.33, tax 0.33 * 0.081 = 0.02673 -> 0.03 (summed: 15.00)
    # merged: 500 * 0.33 = 165.00; tax 165.00 * 0.081 = 13.365 -> 13.37 (half-up; half-even: 13.36)
    # 165.00 + 13.37 = 178.37 -> CHF 178.35, EUR 178.37
    assert len(chf.positions) == 500
    assert {p.tax_amount for p in chf.positions} == {D("0.03")}
    assert [p.vis_pos_nr for p in chf.positions] == list(range(1, 501))
    assert recap(chf) == [("N81", D("165.00"), D("13.37"))]
    assert chf.totals() == {"AuftNetto": D("165.00"), "AuftWUST": D("13.37"), "AuftBrutto": D("178.35")}
    eur = compute_document(positions, "EUR")
    assert eur.gross == D("178.37")


def test_tiny_amounts() -> None:
    positions = [
        pos(1, "SCHRAUBE", "1", "0.004", CH_NORMAL),  # 0.004 -> 0.00
        pos(2, "MUTTER", "1", "0.005", CH_NORMAL),  # 0.005 -> 0.01 (half-up)
        pos(3, "SCHEIBE", "3", "0.0015", CH_NORMAL),  # 0.0045 -> 0.00 (rounded once, not 0.005 -> 0.01)
    ]
    doc = compute_document(positions, "CHF")
    assert [p.total for p in doc.positions] == [D("0.00"), D("0.01"), D("0.00")]
    # 8.1 %: net 0.01, tax 0.00081 -> 0.00; gross 0.01 -> CHF 0.00
    assert recap(doc) == [("N81", D("0.01"), D("0.00"))]
    assert doc.totals() == {"AuftNetto": D("0.01"), "AuftWUST": D("0.00"), "AuftBrutto": D("0.00")}


def test_large_quantities() -> None:
    doc = compute_document([pos(1, "SAND", "1000000", "12.3456", CH_NORMAL)], "CHF")
    # 1000000 * 12.3456 = 12345600.00; tax 12345600.00 * 0.081 = 999993.60; gross 13345593.60
    assert doc.totals() == {"AuftNetto": D("12345600.00"), "AuftWUST": D("999993.60"), "AuftBrutto": D("13345593.60")}
    # the largest the request models allow: 15 digits, 4 decimals
    doc = compute_document([pos(1, "MAX", "99999999999.9999", "9999999999.9999", CH_NORMAL)], "EUR")
    # (1e11 - 1e-4) * (1e10 - 1e-4) = 999999999999989000000.00000001 -> 999999999999989000000.00
    # tax: 81e18 - 11000000 * 0.081 = 81e18 - 891000 = 80999999999999109000.00
    # gross: (1e21 - 11000000) + (81e18 - 891000) = 1081e18 - 11891000 = 1080999999999988109000.00
    assert doc.net == D("999999999999989000000.00")
    assert doc.tax == D("80999999999999109000.00")
    assert doc.gross == D("1080999999999988109000.00")


def test_empty_document() -> None:
    doc = compute_document([], "CHF")
    assert doc.positions == ()
    assert doc.recap == ()
    assert doc.totals() == {"AuftNetto": D("0.00"), "AuftWUST": D("0.00"), "AuftBrutto": D("0.00")}
    assert dumps(doc.totals()) == '{"AuftNetto":0.00,"AuftWUST":0.00,"AuftBrutto":0.00}'


def test_vpe_with_a_fractional_factor_and_given_display_numbers() -> None:
    # 2.5 m per ROLLE: 7.5 m = 3 ROLLE at 4.20 * 2.5 = 10.50; total 7.5 * 4.20 = 31.50
    doc = compute_document(
        [pos(10, "KABEL", "7.5", "4.20", CH_NORMAL, vpe_unit="ROLLE", vpe_factor=D("2.5"), vis_pos_nr=3)], "CHF"
    )
    (p,) = doc.positions
    assert (p.pos_nr, p.vis_pos_nr, p.vpe_quantity, p.vpe_unit_price, p.total) == (
        10,
        3,
        D(3),
        D("10.50"),
        D("31.50"),
    )


def test_a_quantity_that_is_no_whole_number_of_packages_is_a_400() -> None:
    with pytest.raises(InvalidRequest) as caught:
        compute_document(
            [
                pos(1, "A", "1", "1.00", CH_NORMAL),
                pos(2, "KAFFEE-1KG", "7", "14.35", CH_REDUCED, vpe_unit="KARTON", vpe_factor=D(6)),
            ],
            "CHF",
        )
    assert caught.value.status == 400
    assert caught.value.info == {"fields": {"Positionen[1].Menge": "7 is not a multiple of 6 (KARTON)"}}


def test_errors_name_the_source_position_when_given() -> None:
    with pytest.raises(InvalidRequest) as caught:
        compute_document(
            [pos(4, "K", "5", "1.00", CH_REDUCED, vpe_unit="KARTON", vpe_factor=D(6), source="Positionen[7]")], "CHF"
        )
    assert list(caught.value.info["fields"]) == ["Positionen[7].Menge"]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"quantity": D(0)}, "must be positive"),  # the request models refuse 0 first
        ({"quantity": D(-1)}, "must be positive"),
        ({"unit_price": D("-0.01")}, "negative unit price"),
        ({"discount": D("100.01")}, "outside 0..100"),
        ({"discount": D(-1)}, "outside 0..100"),
        ({"vpe_factor": D(0), "vpe_unit": "X"}, "must be positive"),
        ({"price_kind": "X"}, "not N or B"),
    ],
)
def test_values_the_request_models_refuse_are_bugs_here(change: dict[str, object], message: str) -> None:
    base = {"pos_nr": 1, "art_nr": "A", "quantity": D(1), "unit_price": D(1), "tax": CH_NORMAL}
    with pytest.raises(ValueError, match=message):
        compute_document([PositionInput(**{**base, **change})], "CHF")  # type: ignore[arg-type]


@pytest.mark.parametrize("field", ["quantity", "unit_price", "discount", "vpe_factor"])
def test_floats_are_refused_loudly(field: str) -> None:
    base = {"pos_nr": 1, "art_nr": "A", "quantity": D(1), "unit_price": D(1), "tax": CH_NORMAL}
    with pytest.raises(TypeError, match="Decimal only"):
        compute_document([PositionInput(**{**base, field: 1.5})], "CHF")  # type: ignore[arg-type]


def test_tax_code_checks() -> None:
    with pytest.raises(TypeError, match="Decimal only"):
        TaxCode("N81", 8.1, "MWST", "C")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not one of D, C, X"):
        TaxCode("N81", D("8.1"), "MWST", "Z")
    with pytest.raises(ValueError, match="negative rate"):
        TaxCode("N81", D("-1"), "MWST", "C")


def test_one_code_two_definitions_and_duplicate_posnr_are_refused() -> None:
    other = TaxCode("N81", D("7.7"), "MWST alt", "C")
    with pytest.raises(ValueError, match="two definitions"):
        compute_document([pos(1, "A", "1", "1", CH_NORMAL), pos(2, "B", "1", "1", other)], "CHF")
    with pytest.raises(ValueError, match="appears twice"):
        compute_document([pos(1, "A", "1", "1", CH_NORMAL), pos(1, "B", "1", "1", CH_NORMAL)], "CHF")


def test_figures_are_reproducible() -> None:
    first = compute_document(swiss_order(), "CHF")
    again = compute_document(list(swiss_order()), "CHF")
    assert first == again
    assert dumps(first.read_shape()) == dumps(again.read_shape())


@pytest.mark.parametrize(
    ("home", "there", "domestic"),
    [
        ("CH", "CH", True),
        ("CH", "LI", True),  # Liechtenstein is Swiss VAT territory
        ("CH", "li ", True),
        ("CH", None, True),  # no country given: home
        ("CH", "", True),
        ("CH", "DE", False),
        ("DE", "AT", False),
        ("DE", "LI", False),
        ("DE", "DE", True),
    ],
)
def test_domestic_or_foreign(home: str, there: str | None, domestic: bool) -> None:
    assert is_domestic(home, there) is domestic
