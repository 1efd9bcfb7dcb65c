"""The PATCH rules of quotation positions: add, change quantity, delete, unknown PosNr."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from backoffice.errors import InvalidRequest
from backoffice.sales.calculation import GROSS, PositionInput, TaxCode, compute_document
from backoffice.sales.position_patch import PositionChange, plan_patch

CH_NORMAL = TaxCode("N81", D("8.1"), "MWST Normalsatz 8.1%", "C", "302", "400", "200")
CH_REDUCED = TaxCode("R26", D("2.6"), "MWST reduziert 2.6%", "C", "312", "400", "200")

STORED = (
    PositionInput(1, "STUHL", D(2), D("189.90"), CH_NORMAL, description="Stuhl", vis_pos_nr=1),
    PositionInput(2, "KAFFEE", D(12), D("14.35"), CH_REDUCED, vpe_unit="KARTON", vpe_factor=D(6), vis_pos_nr=2),
    PositionInput(3, "PAPIER", D(5), D("4.95"), CH_NORMAL, discount=D(10), vis_pos_nr=3),
)


def invalid(changes: list[PositionChange], stored: tuple[PositionInput, ...] = STORED) -> dict[str, str]:
    with pytest.raises(InvalidRequest) as caught:
        plan_patch(stored, changes)
    assert caught.value.status == 400
    return caught.value.info["fields"]


def test_the_four_rules() -> None:
    plan = plan_patch(
        STORED,
        [
            PositionChange(quantity=D(3), art_nr="TEE", discount=D(5)),  # add
            PositionChange(quantity=D(18), pos_nr=2),  # new quantity
            PositionChange(quantity=D(0), pos_nr=1),  # delete
            PositionChange(quantity=D(5), pos_nr=3, discount=D(20), description="Papier A4"),  # same quantity
        ],
    )
    assert plan.deleted == (1,)
    got = [(p.pos_nr, p.vis_pos_nr, p.art_nr, p.quantity, p.discount, p.description, p.reprice) for p in plan.positions]
    assert got == [
        (2, 1, "KAFFEE", D(18), D(0), "", True),
        (3, 2, "PAPIER", D(5), D(20), "Papier A4", False),
        (4, 3, "TEE", D(3), D(5), "", True),  # after the highest PosNr
    ]
    assert [p.source for p in plan.positions] == ["Positionen[1]", "Positionen[3]", "Positionen[0]"]
    assert plan.positions[0].stored is STORED[1]
    assert plan.positions[2].stored is None


def test_a_deleted_number_is_never_given_again() -> None:
    plan = plan_patch(STORED, [PositionChange(quantity=D(1), art_nr="TEE")], highest_pos_nr=7)
    assert [p.pos_nr for p in plan.positions] == [1, 2, 3, 8]
    assert [p.vis_pos_nr for p in plan.positions] == [1, 2, 3, 4]


def test_no_changes_keeps_everything() -> None:
    plan = plan_patch(STORED, [])
    assert plan.deleted == ()
    assert [p.kept() for p in plan.positions] == list(STORED)


def test_an_empty_quotation_takes_positions() -> None:
    plan = plan_patch((), [PositionChange(quantity=D(1), art_nr="A"), PositionChange(quantity=D(2), art_nr="B")])
    assert [(p.pos_nr, p.vis_pos_nr, p.art_nr) for p in plan.positions] == [(1, 1, "A"), (2, 2, "B")]


def test_deleting_every_position() -> None:
    plan = plan_patch(STORED, [PositionChange(quantity=D(0), pos_nr=n) for n in (3, 1, 2)])
    assert plan.positions == ()
    assert plan.deleted == (1, 2, 3)  # in stored order


def test_unknown_posnr_is_a_400_naming_it() -> None:
    assert invalid([PositionChange(quantity=D(1), pos_nr=2), PositionChange(quantity=D(1), pos_nr=9)]) == {
        "Positionen[1].PosNr": "the quotation has no position 9"
    }
    # deleting one that does not exist is no different
    assert invalid([PositionChange(quantity=D(0), pos_nr=9)]) == {
        "Positionen[0].PosNr": "the quotation has no position 9"
    }


def test_every_problem_is_named_at_once() -> None:
    fields = invalid(
        [
            PositionChange(quantity=D(0), art_nr="TEE"),
            PositionChange(quantity=D(2)),
            PositionChange(quantity=D(1), pos_nr=1),
            PositionChange(quantity=D(0), pos_nr=1),
            PositionChange(quantity=D(1), pos_nr=3, art_nr="STUHL"),
        ]
    )
    assert fields == {
        "Positionen[0].Menge": "a position without PosNr is added: Menge must be above 0",
        "Positionen[1].ArtNr": "a position without PosNr is added: ArtNr is needed",
        "Positionen[3].PosNr": "position 1 is changed twice in this request",
        "Positionen[4].ArtNr": "position 3 holds article PAPIER; delete it and add STUHL",
    }


def test_the_same_article_may_be_named_with_its_posnr() -> None:
    plan = plan_patch(STORED, [PositionChange(quantity=D(4), pos_nr=1, art_nr="STUHL")])
    assert plan.positions[0].quantity == D(4)


def test_more_than_500_positions_after_the_changes_is_a_400() -> None:
    stored = tuple(PositionInput(n, f"A{n}", D(1), D(1), CH_NORMAL) for n in range(1, 500))
    plan = plan_patch(stored, [PositionChange(quantity=D(1), art_nr="X")])
    assert len(plan.positions) == 500
    fields = invalid([PositionChange(quantity=D(1), art_nr="X"), PositionChange(quantity=D(1), art_nr="Y")], stored)
    assert fields == {"Positionen": "after these changes it would hold 501; the limit is 500"}


def test_float_quantities_are_refused() -> None:
    with pytest.raises(TypeError, match="Decimal only"):
        plan_patch(STORED, [PositionChange(quantity=1.5, pos_nr=1)])  # type: ignore[arg-type]


def test_kept_refuses_a_new_position() -> None:
    plan = plan_patch(STORED, [PositionChange(quantity=D(1), art_nr="TEE")])
    with pytest.raises(ValueError, match="is new"):
        plan.positions[-1].kept()


def test_patched_quotation_recomputed_by_hand() -> None:
    plan = plan_patch(
        STORED,
        [
            PositionChange(quantity=D(0), pos_nr=1),  # Stuhl deleted
            PositionChange(quantity=D(18), pos_nr=2),  # Kaffee 12 -> 18: pricing gives the 18+ tier, 13.90
            PositionChange(quantity=D(5), pos_nr=3, discount=D(20)),  # Papier: 20 % instead of 10 %
            PositionChange(quantity=D(4), art_nr="TEE", discount=D("2.5")),  # Tee: 4 * 3.20 gross (Preisart B)
        ],
    )
    prices = {"KAFFEE": (D("13.90"), CH_REDUCED, "N"), "TEE": (D("3.20"), CH_REDUCED, GROSS)}
    inputs = []
    for p in plan.positions:
        if not p.reprice:
            inputs.append(p.kept())
            continue
        price, tax, kind = prices[p.art_nr]
        inputs.append(p.priced(price, tax, kind))  # Kaffee keeps its KARTON of 6
    doc = compute_document(inputs, "CHF")
    # Kaffee: 18 * 13.90 = 250.20 (3 KARTON at 83.40); 2.6 %
    # Papier: 5 * 4.95 = 24.75; less 20 %: 19.80; 8.1 %
    # Tee: gross 3.20 in a net document: 3.20 * 100 / 102.6 = 3.11890... -> 3.1189;
    #      4 * 3.1189 = 12.4756; less 2.5 %: 12.16371 -> 12.16; 2.6 %
    assert [(p.pos_nr, p.vis_pos_nr, p.total) for p in doc.positions] == [
        (2, 1, D("250.20")),
        (3, 2, D("19.80")),
        (4, 3, D("12.16")),
    ]
    assert (doc.positions[0].vpe_quantity, doc.positions[0].vpe_unit_price) == (D(3), D("83.40"))
    # 8.1 %: net 19.80, tax 1.6038 -> 1.60
    # 2.6 %: net 250.20 + 12.16 = 262.36, tax 6.82136 -> 6.82
    # net 282.16, tax 8.42, 290.58 -> CHF 290.60
    assert [(line.tax.code, line.net, line.amount) for line in doc.recap] == [
        ("N81", D("19.80"), D("1.60")),
        ("R26", D("262.36"), D("6.82")),
    ]
    assert doc.totals() == {"AuftNetto": D("282.16"), "AuftWUST": D("8.42"), "AuftBrutto": D("290.60")}


def test_an_added_position_carries_its_packaging_unit() -> None:
    plan = plan_patch(STORED, [PositionChange(quantity=D(12), art_nr="KAFFEE", vpe_unit="KARTON")])
    assert [(p.pos_nr, p.vpe_unit, p.reprice) for p in plan.positions][-1] == (4, "KARTON", True)


def test_a_changed_position_keeps_its_packaging_unit_unless_one_is_given() -> None:
    plan = plan_patch(
        STORED,
        [
            PositionChange(quantity=D(18), pos_nr=2, art_nr="KAFFEE"),  # by ArtNr, no VPEinheit: KARTON stays
            PositionChange(quantity=D(5), pos_nr=3, vpe_unit="RIES"),  # same quantity, another unit: repriced
            PositionChange(quantity=D(2), pos_nr=1),
        ],
    )
    assert [(p.pos_nr, p.vpe_unit, p.reprice) for p in plan.positions] == [
        (1, None, False),
        (2, "KARTON", True),
        (3, "RIES", True),
    ]
