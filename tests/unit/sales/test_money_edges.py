"""Issue 14 at the document level: packaging units, gross lists in net documents, delivery costs.

Every expected figure was computed by hand; the working is in the comments.
"""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from backoffice.sales.calculation import GROSS, NET, PositionInput, compute_document
from backoffice.taxes import TaxCode

CH_NORMAL = TaxCode("1", D("8.1"), "Normalsatz", "C", "303", "400", "200")
CH_REDUCED = TaxCode("2", D("2.6"), "Reduzierter Satz", "C", "313", "400", "200")
CH_LODGING = TaxCode("3", D("3.8"), "Sondersatz", "C", "343", "400", "200")
EXPORT = TaxCode("9", D("0"), "Export", "X", "", "", "220")


def vpe_pos(nr: int, qty: str, pack: str, factor: int, tax: TaxCode = CH_NORMAL, **kw: object) -> PositionInput:
    """A VPE position priced by its list: `pack` is the price of one packaging unit."""
    unit = (D(pack) / factor).quantize(D("0.0001"))  # shown only; the line comes from the pack price
    return PositionInput(
        pos_nr=nr,
        art_nr=f"A{nr}",
        quantity=D(qty),
        unit_price=unit,
        tax=tax,
        vpe_unit="DZ",
        vpe_factor=D(factor),
        pack_price=D(pack),
        **kw,  # type: ignore[arg-type]
    )


def test_a_dozen_at_9_70_is_970_for_100_dozen() -> None:
    # 1,200 pieces as DZ (factor 12) = 100 DZ at 9.70 = 970.00 (not 1200 x 0.8083 = 969.96)
    doc = compute_document([vpe_pos(1, "1200", "9.70", 12)], "CHF")
    (p,) = doc.positions
    assert (p.vpe_quantity, p.vpe_unit_price, p.price_basis, p.total) == (D(100), D("9.70"), D("970.00"), D("970.00"))
    assert p.unit_price == D("0.8083")  # shown per piece, never used to recompute
    # 970.00 x 8.1 % = 78.57; 1048.57 -> 1048.55
    assert doc.totals() == {"AuftNetto": D("970.00"), "AuftWUST": D("78.57"), "AuftBrutto": D("1048.55")}


def test_a_gross_pak_of_three_keeps_the_listed_gross_sum() -> None:
    # 300 pieces = 100 PAK at gross 13.90 = 1390.00 (not 300 x 4.6333 = 1389.99)
    doc = compute_document([vpe_pos(1, "300", "13.90", 3, price_kind=GROSS)], "CHF")
    assert doc.price_kind == GROSS
    assert doc.positions[0].total == D("1390.00")
    # tax in 1390.00 at 8.1 %: 1390 x 8.1 / 108.1 = 104.153... -> 104.15; net 1285.85
    assert doc.totals() == {"AuftNetto": D("1285.85"), "AuftWUST": D("104.15"), "AuftBrutto": D("1390.00")}


@pytest.mark.parametrize(
    ("factor", "packs", "pack", "line"),
    [
        (3, 4, "13.90", "55.60"),  # 4 x 13.90
        (6, 7, "5.55", "38.85"),  # 7 x 5.55
        (7, 5, "9.99", "49.95"),  # 5 x 9.99
        (12, 100, "9.70", "970.00"),  # 100 x 9.70
        (24, 3, "13.37", "40.11"),  # 3 x 13.37
        (24, 41, "10.00", "410.00"),  # 41 x 10.00 (10/24 = 0.41666...)
    ],
)
def test_a_vpe_line_is_packs_times_pack_price(factor: int, packs: int, pack: str, line: str) -> None:
    doc = compute_document([vpe_pos(1, str(factor * packs), pack, factor)], "EUR")
    (p,) = doc.positions
    assert (p.vpe_quantity, p.vpe_unit_price, p.price_basis, p.total) == (D(packs), D(pack), D(line), D(line))


def test_a_vpe_discount_applies_to_the_exact_line() -> None:
    # 100 DZ at 9.70 = 970.00, less 12.5 % = 848.75
    doc = compute_document([vpe_pos(1, "1200", "9.70", 12, discount=D("12.5"))], "CHF")
    assert doc.positions[0].total == D("848.75")


def test_a_gross_price_in_a_net_document_is_converted_once_per_line() -> None:
    gross = PositionInput(pos_nr=1, art_nr="G", quantity=D(9999), unit_price=D("8.95"), tax=CH_NORMAL, price_kind=GROSS)
    net = PositionInput(pos_nr=2, art_nr="N", quantity=D(1), unit_price=D("10.00"), tax=CH_NORMAL, price_kind=NET)
    doc = compute_document([gross, net], "CHF")
    assert doc.price_kind == NET
    # 9999 x 8.95 = 89491.05 gross; x 100 / 108.1 = 82785.4301... -> 82785.43 (not 9999 x 8.2794 = 82785.72)
    assert doc.positions[0].total == D("82785.43")
    assert doc.positions[0].price_basis == D("82785.43")
    assert doc.positions[0].unit_price == D("8.2794")  # 8.95 / 1.081 = 8.27937..., shown only
    # 82785.43 + 10.00 = 82795.43; x 8.1 % = 6706.42983 -> 6706.43; 89501.86 -> 89501.85
    assert doc.totals() == {"AuftNetto": D("82795.43"), "AuftWUST": D("6706.43"), "AuftBrutto": D("89501.85")}


def test_a_gross_vpe_price_in_an_export_document() -> None:
    # 100 PAK at gross 13.90 = 1390.00; without 8.1 %: 139000 / 108.1 = 1285.8464... -> 1285.85, no tax
    doc = compute_document([vpe_pos(1, "300", "13.90", 3, price_kind=GROSS)], "CHF", export_tax=EXPORT)
    (p,) = doc.positions
    assert p.total == D("1285.85")
    assert p.vpe_unit_price == D("12.8585")  # 13.90 / 1.081 = 12.85846..., shown only
    assert doc.totals() == {"AuftNetto": D("1285.85"), "AuftWUST": D("0.00"), "AuftBrutto": D("1285.85")}


def test_a_converted_and_discounted_line_is_rounded_once_from_its_exact_value() -> None:
    # Found by the property test (issue 22): 943 PAK at gross 16.55 at 3.8 %, 89.62 % off, next to a
    # net position (a net document). 943 x 16.55 = 15606.65 gross; x 100 / 103.8 x 10.38 / 100 =
    # 15606.65 x 0.1 = 1560.665 exactly -> 1560.67. A net amount cut to 60 digits first
    # (15035.3082851637...) gave 1560.6649999... -> 1560.66.
    line = vpe_pos(1, "5658", "16.55", 6, tax=CH_LODGING, price_kind=GROSS, discount=D("89.62"))
    doc = compute_document([line, net(2, "1.00", CH_NORMAL)], "CHF")
    assert doc.price_kind == NET
    assert doc.positions[0].total == D("1560.67")
    # its basis: 15606.65 x 100 / 103.8 = 15035.30828... -> 15035.31
    assert doc.positions[0].price_basis == D("15035.31")


def net(nr: int, amount: str, tax: TaxCode) -> PositionInput:
    return PositionInput(pos_nr=nr, art_nr=f"A{nr}", quantity=D(1), unit_price=D(amount), tax=tax)


def recap(doc) -> list[tuple[str, D, D]]:  # type: ignore[no-untyped-def]
    return [(line.tax.code, line.net, line.amount) for line in doc.recap]


def test_delivery_costs_are_allocated_over_the_rates_by_net_amount() -> None:
    doc = compute_document([net(1, "600.00", CH_NORMAL), net(2, "200.00", CH_REDUCED)], "CHF", delivery=D("20.00"))
    # 20.00 x 600/800 = 15.00 to 8.1 %, 20.00 x 200/800 = 5.00 to 2.6 %
    # 8.1 %: 615.00 x 0.081 = 49.815 -> 49.82;  2.6 %: 205.00 x 0.026 = 5.33
    assert recap(doc) == [("1", D("615.00"), D("49.82")), ("2", D("205.00"), D("5.33"))]
    # net 820.00, tax 55.15, gross 875.15 (a multiple of 0.05)
    assert doc.totals() == {"AuftNetto": D("820.00"), "AuftWUST": D("55.15"), "AuftBrutto": D("875.15")}
    assert doc.delivery == D("20.00")


def test_the_cent_left_over_goes_to_the_largest_remainder_then_the_highest_rate() -> None:
    positions = [net(1, "100.00", CH_NORMAL), net(2, "100.00", CH_REDUCED), net(3, "100.00", CH_LODGING)]
    doc = compute_document(positions, "EUR", delivery=D("10.00"))
    # 10.00 / 3 = 3.333... each: 3.33 each, the cent left over to the highest rate (equal remainders)
    # 8.1 %: 103.34 x 0.081 = 8.37054 -> 8.37; 3.8 %: 103.33 x 0.038 = 3.92654 -> 3.93;
    # 2.6 %: 103.33 x 0.026 = 2.68658 -> 2.69
    assert recap(doc) == [
        ("1", D("103.34"), D("8.37")),
        ("3", D("103.33"), D("3.93")),
        ("2", D("103.33"), D("2.69")),
    ]
    assert doc.totals() == {"AuftNetto": D("310.00"), "AuftWUST": D("14.99"), "AuftBrutto": D("324.99")}
    # 7.00 over 1.00 / 2.00: 2.3333 and 4.6666: floors 2.33 + 4.66 = 6.99, the cent to the larger remainder (2.6 %)
    doc = compute_document([net(1, "1.00", CH_NORMAL), net(2, "2.00", CH_REDUCED)], "EUR", delivery=D("7.00"))
    assert [(code, amount) for code, amount, _ in recap(doc)] == [("1", D("3.33")), ("2", D("6.67"))]


def test_delivery_costs_in_an_old_gross_document_are_gross() -> None:
    # A document stored before issue 22 (no LiefKostNetto) keeps the rule it was written with.
    doc = compute_document(
        [vpe_pos(1, "300", "13.90", 3, price_kind=GROSS)], "CHF", delivery=D("10.00"), net_delivery=False
    )
    # 1390.00 + 10.00 = 1400.00 gross; tax in it 1400 x 8.1 / 108.1 = 104.8982... -> 104.90; net 1295.10
    assert doc.totals() == {"AuftNetto": D("1295.10"), "AuftWUST": D("104.90"), "AuftBrutto": D("1400.00")}


def test_delivery_costs_are_net_in_a_gross_document_too() -> None:
    doc = compute_document([vpe_pos(1, "300", "13.90", 3, price_kind=GROSS)], "CHF", delivery=D("10.00"))
    # 1390.00 gross, 10.00 net delivery at 8.1 %. Net: 1390 / 1.081 = 1285.84643... + 10.00 =
    # 1295.84643... -> 1295.85; tax: 1390 - 1285.84643... = 104.15356... + 10.00 x 0.081 = 0.81
    # -> 104.96356... -> 104.96; 1400.81 -> 1400.80
    assert doc.price_kind == GROSS
    assert recap(doc) == [("1", D("1295.85"), D("104.96"))]
    assert doc.totals() == {"AuftNetto": D("1295.85"), "AuftWUST": D("104.96"), "AuftBrutto": D("1400.80")}


def test_net_delivery_costs_in_a_gross_document_share_the_rates_of_its_positions() -> None:
    positions = [
        vpe_pos(1, "300", "13.90", 3, price_kind=GROSS),
        PositionInput(pos_nr=2, art_nr="A2", quantity=D(1), unit_price=D("100.00"), tax=CH_REDUCED, price_kind=GROSS),
    ]
    doc = compute_document(positions, "CHF", delivery=D("20.00"))
    # 20.00 over the gross amounts 1390.00 / 100.00: 18.6577... -> 18.65, 1.3422... -> 1.34; the cent
    # left to the larger remainder (.0077 > .0022): 18.66 to 8.1 %, 1.34 to 2.6 %.
    # 8.1 %: net 1285.84643... + 18.66 = 1304.50643... -> 1304.51;
    #        tax 104.15356... + 18.66 x 0.081 = 1.51146 -> 105.66502... -> 105.67
    # 2.6 %: net 100 / 1.026 = 97.46588... + 1.34 = 98.80588... -> 98.81;
    #        tax 2.53411... + 1.34 x 0.026 = 0.03484 -> 2.56895... -> 2.57
    # net 1403.32, tax 108.24, 1511.56 -> 1511.55
    assert recap(doc) == [("1", D("1304.51"), D("105.67")), ("2", D("98.81"), D("2.57"))]
    assert doc.totals() == {"AuftNetto": D("1403.32"), "AuftWUST": D("108.24"), "AuftBrutto": D("1511.55")}


def test_net_delivery_costs_in_a_net_document_are_what_they_always_were() -> None:
    # eggs: 100 DZ at 9.70 = 970.00 at 2.6 %; + 10.00 = 980.00 x 0.026 = 25.48; 1005.48 -> 1005.50
    for net_delivery in (True, False):
        doc = compute_document(
            [vpe_pos(1, "1200", "9.70", 12, tax=CH_REDUCED)], "CHF", delivery=D("10.00"), net_delivery=net_delivery
        )
        assert recap(doc) == [("2", D("980.00"), D("25.48"))]
        assert doc.totals() == {"AuftNetto": D("980.00"), "AuftWUST": D("25.48"), "AuftBrutto": D("1005.50")}


def test_an_export_carries_its_delivery_costs_without_swiss_vat() -> None:
    doc = compute_document([net(1, "312.10", CH_NORMAL)], "CHF", export_tax=EXPORT, delivery=D("15.00"))
    assert recap(doc) == [("9", D("327.10"), D("0.00"))]
    assert doc.totals() == {"AuftNetto": D("327.10"), "AuftWUST": D("0.00"), "AuftBrutto": D("327.10")}


def test_delivery_costs_of_free_positions_go_with_the_highest_rate() -> None:
    free = PositionInput(pos_nr=1, art_nr="F", quantity=D(1), unit_price=D("5.00"), tax=CH_REDUCED, discount=D(100))
    doc = compute_document([free, net(2, "0.00", CH_NORMAL)], "CHF", delivery=D("9.90"))
    # no net to share by: all 9.90 to 8.1 %: tax 0.8019 -> 0.80
    assert recap(doc) == [("1", D("9.90"), D("0.80")), ("2", D("0.00"), D("0.00"))]
