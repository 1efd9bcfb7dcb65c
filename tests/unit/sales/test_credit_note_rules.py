"""The credit note's rules on the sales document, without AWS: what may be credited
(`SalesDocument.check_creditable`, `creditable`) and the credit note made of it (`to_credit_note`),
every figure computed by hand (the working in the comments)."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from backoffice.errors import Conflict, InvalidRequest
from backoffice.sales.calculation import PositionInput
from backoffice.sales.document import (
    CREDIT_NOTE,
    CREDIT_NOTE_STATUS,
    ORDER,
    Details,
    Head,
    SalesDocument,
    to_credit_note,
)
from backoffice.taxes import TaxCode

NORMAL = TaxCode("1", D("8.1"), "Normalsatz", "C")
REDUCED = TaxCode("2", D("2.6"), "Reduziert", "C")


def order(delivery: str | None = "10.00") -> SalesDocument:
    """An invoiced order (by hand):
    1: 3 x 18.90 = 56.70 (2.6 %)
    2: 20 pieces = 2 PAK of 10 at 4.50 = 9.00, less 10 % = 8.10 (2.6 %)
    3: 30 pieces = 3 PAK of 10 at 12.00 = 36.00, less 5 % = 34.20 (8.1 %)
    """
    positions = (
        PositionInput(1, "1000", D(3), D("18.90"), REDUCED, vis_pos_nr=1),
        PositionInput(2, "1002", D(20), D("0.45"), REDUCED, vis_pos_nr=2, vpe_unit="PAK", vpe_factor=D(10),
                      pack_price=D("4.50"), discount=D(10)),
        PositionInput(3, "2002", D(30), D("1.20"), NORMAL, vis_pos_nr=3, vpe_unit="PAK", vpe_factor=D(10),
                      pack_price=D("12.00"), discount=D(5)),
    )  # fmt: skip
    head = Head(
        status="N",
        currency="CHF",
        customer="100004",
        order_nr="400001",
        location=1,
        details=Details(purchase_order="WS-1", delivery_costs=None if delivery is None else D(delivery)),
    )
    return SalesDocument(ORDER, "400001", head, positions)


def test_everything_not_credited_yet_is_creditable():
    assert order().creditable({}) == {1: D(3), 2: D(20), 3: D(30)}
    assert order().creditable({1: D(3), 3: D(10)}) == {2: D(20), 3: D(20)}
    assert order().check_creditable(None, {2: D(20)}) == {1: D(3), 3: D(30)}


def test_the_positions_given_back_within_what_is_left():
    returned = order().check_creditable([(3, D(20)), (1, D(1))], {1: D(2)})
    assert returned == {3: D(20), 1: D(1)}


def test_more_than_is_left_is_a_409_naming_the_position():
    with pytest.raises(Conflict) as refused:
        order().check_creditable([(1, D(1)), (3, D(20))], {3: D(20)})
    assert refused.value.info == {"PosNr": 3, "Menge": D(20), "invoiced": D(30), "credited": D(20)}
    assert str(refused.value) == "Position 3 of order 400001 has 10 left to credit, not 20."
    with pytest.raises(Conflict):  # the whole of a position credited already
        order().check_creditable([(1, D("0.5"))], {1: D(3)})


def test_an_order_credited_in_full_has_nothing_left():
    with pytest.raises(Conflict) as refused:
        order().check_creditable(None, {1: D(3), 2: D(20), 3: D(30)})
    assert refused.value.info == {"AuftNr": "400001"}


@pytest.mark.parametrize(
    ("returned", "field", "problem"),
    [
        ([(1, D(1)), (7, D(1))], "Positionen[1].PosNr", "is no position of order 400001"),
        ([(2, D(10)), (2, D(10))], "Positionen[1].PosNr", "is named twice"),
    ],
)
def test_an_unknown_or_repeated_posnr_is_a_400_naming_the_field(returned, field, problem):
    with pytest.raises(InvalidRequest) as refused:
        order().check_creditable(returned, {})
    assert refused.value.info == {"fields": {field: problem}}


def test_the_credit_note_mirrors_the_credited_lines():
    note = to_credit_note(order(), {3: D(20), 2: D(10), 1: D(2)}, with_delivery=False, user="demo")
    assert (note.kind, note.number, note.head.status, note.head.order_nr) == (
        CREDIT_NOTE,
        "",
        CREDIT_NOTE_STATUS,
        "400001",
    )
    assert note.head.details.purchase_order == "WS-1"
    assert note.head.details.delivery_costs is None
    assert note.head.entered_by == "demo"
    figures = note.figures
    # In the order's order, at the order's prices:
    # 1: 2 x 18.90 = 37.80; 2: 1 PAK x 4.50 = 4.50 less 10 % = 4.05; 3: 2 PAK x 12.00 = 24.00 less 5 % = 22.80
    assert [(p.pos_nr, p.quantity, p.price_basis, p.total) for p in figures.positions] == [
        (1, D(2), D("37.80"), D("37.80")),
        (2, D(10), D("4.50"), D("4.05")),
        (3, D(20), D("24.00"), D("22.80")),
    ]
    assert [(p.vpe_quantity, p.vpe_unit_price) for p in figures.positions[1:]] == [
        (D(1), D("4.50")),
        (D(2), D("12.00")),
    ]
    # 8.1 %: 22.80, tax 1.8468 -> 1.85; 2.6 %: 41.85, tax 1.0881 -> 1.09 (highest rate first)
    assert [(r.tax.code, r.net, r.amount) for r in figures.recap] == [
        ("1", D("22.80"), D("1.85")),
        ("2", D("41.85"), D("1.09")),
    ]
    # 64.65 + 2.94 = 67.59 -> 67.60 (CHF 0.05)
    assert (figures.net, figures.tax, figures.gross, figures.rounding) == (D("64.65"), D("2.94"), D("67.60"), D("0.01"))


def test_the_delivery_costs_go_with_the_credit_note_that_leaves_nothing_taxed_as_invoiced():
    note = to_credit_note(order(), {1: D(1), 2: D(10), 3: D(10)}, with_delivery=True, user="demo")
    figures = note.figures
    # 18.90 + 4.05 (2.6 %: 22.95) and 11.40 (8.1 %); the delivery costs 10.00 shared as the invoice
    # shared them (34.20 : 64.80 -> 3.45 at 8.1 %, 6.55 at 2.6 %), not over the lines credited now:
    # 8.1 %: 11.40 + 3.45 = 14.85, tax 1.202850 -> 1.20; 2.6 %: 22.95 + 6.55 = 29.50, tax 0.767 -> 0.77
    # 44.35 + 1.97 = 46.32 -> 46.30
    assert [(r.net, r.amount, r.delivery) for r in figures.recap] == [
        (D("14.85"), D("1.20"), D("3.45")),
        (D("29.50"), D("0.77"), D("6.55")),
    ]
    assert (figures.net, figures.tax, figures.gross) == (D("44.35"), D("1.97"), D("46.30"))


def test_the_delivery_costs_keep_their_rate_when_no_position_of_it_comes_back():
    # The rest of the order but for the pens (8.1 %), which an earlier credit note took: 1 coffee
    # 18.90 and 1 PAK of capsules 4.05 (2.6 %: 22.95); the invoice's 3.45 of the delivery costs at
    # 8.1 % come back at 8.1 % on a recap line of their own.
    # 8.1 %: 3.45, tax 0.27945 -> 0.28; 2.6 %: 22.95 + 6.55 = 29.50, tax 0.77; 32.95 + 1.05 = 34.00
    figures = to_credit_note(order(), {1: D(1), 2: D(10)}, with_delivery=True, user="demo").figures
    assert [(r.tax.code, r.net, r.amount, r.delivery) for r in figures.recap] == [
        (figures.recap[0].tax.code, D("3.45"), D("0.28"), D("3.45")),
        (figures.recap[1].tax.code, D("29.50"), D("0.77"), D("6.55")),
    ]
    assert [r.tax.rate for r in figures.recap] == [D("8.1"), D("2.6")]
    assert (figures.net, figures.tax, figures.gross) == (D("32.95"), D("1.05"), D("34.00"))


def test_part_of_a_packaging_unit_is_a_400_naming_the_requests_field():
    note = to_credit_note(order(), {1: D(1), 2: D(5)}, with_delivery=False, user="demo")
    with pytest.raises(InvalidRequest) as refused:
        _ = note.figures
    assert refused.value.info == {"fields": {"Positionen[1].Menge": "5 is not a multiple of 10 (PAK)"}}
