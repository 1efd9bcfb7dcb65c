"""The lifecycle rules of an order (`sales.fulfilment`), without AWS: deliveries in parts, a partial
cancellation, the invoices of what was delivered, the status N -> O -> A, and what is refused; every
quantity worked out by hand in the comments. A property test drives random sequences of deliveries,
cancellations and invoices and checks that nothing is ever over-delivered, over-cancelled or
negative, and that the status is A exactly when nothing is open and every delivered unit is invoiced.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal as D
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from backoffice.errors import ApiError, Conflict, InvalidRequest
from backoffice.sales import fulfilment as f
from backoffice.sales.calculation import PositionInput
from backoffice.sales.fulfilment import DeliveryRequest, Tracking, Wanted
from backoffice.sales.orders import reservations
from backoffice.taxes import TaxCode

REDUCED = TaxCode("2", D("2.6"), "Reduziert", "C")
NOV_23 = datetime(2026, 11, 23, tzinfo=UTC)
NOV_30 = datetime(2026, 11, 30, 9, 30, tzinfo=UTC)

# The order of every hand-computed case, at location 1:
#   1: 1000, 10 pieces, no packaging unit
#   2: 1002, 40 pieces = 4 PAK of 10
#   3: 3000, 6 pieces
POSITIONS = (
    PositionInput(1, "1000", D(10), D("18.90"), REDUCED),
    PositionInput(2, "1002", D(40), D("0.45"), REDUCED, vpe_unit="PAK", vpe_factor=D(10), pack_price=D("4.50")),
    PositionInput(3, "3000", D(6), D("5.00"), REDUCED),
)


def new_order() -> f.OrderState:
    return f.order_state("400001", 1, [f.PositionState.of(p) for p in POSITIONS])


def deliver(state: f.OrderState, date: str, *lines: Wanted, **fields: Any) -> tuple[f.OrderState, f.Delivery]:
    delivery = f.check_delivery(state, DeliveryRequest(date, list(lines) if lines else None, **fields))
    return f.after_delivery(state, delivery), delivery


def cancel(state: f.OrderState, *lines: Wanted) -> tuple[f.OrderState, f.Cancellation]:
    cancellation = f.check_cancellation(state, list(lines) if lines else None)
    return f.after_cancellation(state, cancellation), cancellation


def invoice(state: f.OrderState) -> tuple[f.OrderState, f.InvoicePart]:
    part = f.next_invoice(state)
    return f.after_invoice(state, part), part


def progress(state: f.OrderState) -> dict[int, tuple[D, D, D, D]]:
    """PosNr -> (delivered, cancelled, invoiced, open)."""
    return {p.pos_nr: (p.delivered, p.cancelled, p.invoiced, p.open) for p in state.positions}


def test_two_partial_deliveries_a_partial_cancellation_and_two_invoices_go_n_o_a() -> None:
    state = new_order()
    assert state.status == "N"

    # Delivery 1: 4 of position 1, 2 PAK (= 20 pieces) of position 2, with tracking.
    state, first = deliver(
        state,
        "2026-11-23",
        Wanted(1, quantity=D(4)),
        Wanted(2, packs=D(2), unit="PAK"),
        tracking=Tracking("Post CH", "99.00.123456.12345678", "https://service.post.ch/track?n=99"),
    )
    assert first == f.Delivery(
        1,
        NOV_23,
        1,
        ((1, D(4)), (2, D(20))),
        Tracking("Post CH", "99.00.123456.12345678", "https://service.post.ch/track?n=99"),
    )
    assert progress(state) == {1: (4, 0, 0, 6), 2: (20, 0, 0, 20), 3: (0, 0, 0, 6)}
    assert state.status == "O"
    assert f.status_change(new_order(), state) == "O"

    # Invoice 1: what delivery 1 carried, dated by it.
    state, part = invoice(state)
    assert part == f.InvoicePart(((1, D(4)), (2, D(20))), whole=False, supplied_at=NOV_23)
    assert state.status == "O"
    assert f.status_change(f.after_delivery(new_order(), first), state) is None

    # The customer cancels 2 of position 3 and 1 PAK of position 2: 2 pieces of 3000 and 1 PAK of
    # 1002 go back into stock at location 1.
    state, cancellation = cancel(state, Wanted(3, quantity=D(2)), Wanted(2, packs=D(1)))
    assert cancellation == f.Cancellation(((3, D(2)), (2, D(10))), False, {("3000", None): D(2), ("1002", "PAK"): D(1)})
    assert progress(state) == {1: (4, 0, 4, 6), 2: (20, 10, 20, 10), 3: (0, 2, 0, 4)}
    assert state.status == "O"

    # Delivery 2: the rest (6, 10 pieces = 1 PAK in the base unit, 4), from location 2.
    state, second = deliver(
        state, "2026-11-30T10:30+01", Wanted(1, quantity=D(6)), Wanted(2, quantity=D(10), unit="PAK"),
        Wanted(3, quantity=D(4)), location=2,
    )  # fmt: skip
    assert (second.number, second.shipped_at, second.location, second.tracking) == (2, NOV_30, 2, Tracking())
    assert progress(state) == {1: (10, 0, 4, 0), 2: (30, 10, 20, 0), 3: (4, 2, 0, 0)}
    assert state.status == "O"  # all delivered, not all invoiced

    # Invoice 2: 10 - 4 = 6, 30 - 20 = 10, 4 - 0 = 4, dated by delivery 2.
    before = state
    state, part = invoice(state)
    assert f.status_change(before, state) == "A"
    assert part == f.InvoicePart(((1, D(6)), (2, D(10)), (3, D(4))), whole=False, supplied_at=NOV_30)
    assert state.status == "A"
    assert not state.cancelled_whole
    assert f.head_fields(state) == {}
    with pytest.raises(Conflict, match="has nothing delivered that is not invoiced"):
        f.next_invoice(state)
    with pytest.raises(Conflict, match="has 0 left to deliver, not 1"):
        f.check_delivery(state, DeliveryRequest("2026-12-01", [Wanted(1, quantity=D(1))]))
    with pytest.raises(Conflict, match="has 0 that may be cancelled, not 1"):
        f.check_cancellation(state, [Wanted(1, quantity=D(1))])


def test_more_than_open_is_a_conflict_naming_the_position_and_what_is_open() -> None:
    state, _ = deliver(new_order(), "2026-11-23", Wanted(1, quantity=D(4)))
    with pytest.raises(Conflict) as refused:
        f.check_delivery(state, DeliveryRequest("2026-11-24", [Wanted(1, quantity=D(7))]))
    assert refused.value.status == 409
    assert refused.value.description == "Position 1 of order 400001 has 6 left to deliver, not 7."
    assert refused.value.info == {"PosNr": 1, "Menge": D(7), "open": D(6), "ordered": D(10), "delivered": D(4),
                                  "cancelled": D(0)}  # fmt: skip
    # Cancelled units are not open either: 40 - 10 cancelled - 0 delivered = 30 = 3 PAK, not 4.
    state, _ = cancel(state, Wanted(2, packs=D(1), unit="PAK"))
    with pytest.raises(Conflict) as refused:
        f.check_delivery(state, DeliveryRequest("2026-11-24", [Wanted(2, packs=D(4))]))
    assert refused.value.info["open"] == D(30)
    assert refused.value.info["Menge"] == D(40)


def test_over_cancellation_and_cancelling_delivered_goods_are_conflicts() -> None:
    state, _ = cancel(new_order(), Wanted(3, quantity=D(2)))
    with pytest.raises(Conflict) as refused:
        f.check_cancellation(state, [Wanted(3, quantity=D(5))])  # 6 - 2 = 4 may be cancelled
    assert refused.value.info == {"PosNr": 3, "Menge": D(5), "cancellable": D(4), "ordered": D(6),
                                  "delivered": D(0), "invoiced": D(0), "cancelled": D(2)}  # fmt: skip

    state, _ = deliver(state, "2026-11-23", Wanted(1, quantity=D(10)))
    with pytest.raises(Conflict, match="what is delivered or invoiced cannot be cancelled") as refused:
        f.check_cancellation(state, [Wanted(1, quantity=D(1))])
    assert (refused.value.info["cancellable"], refused.value.info["delivered"]) == (D(0), D(10))


def test_a_whole_cancellation_takes_the_rest_and_gives_back_what_the_order_reserved() -> None:
    state = new_order()
    state, cancellation = cancel(state)
    # Exactly what creating the order lowered: 10 pieces of 1000, 4 PAK of 1002, 6 pieces of 3000.
    articles: dict[str, dict[str, Any]] = {"1000": {}, "1002": {}, "3000": {}}
    assert cancellation.stock == reservations(POSITIONS, articles, 1) == {
        ("1000", None): D(10), ("1002", "PAK"): D(4), ("3000", None): D(6)
    }  # fmt: skip
    assert cancellation.whole
    assert state.status == "A"
    assert state.cancelled_whole
    assert f.head_fields(state) == {"AuftStorniert": True}
    assert f.position_fields(state.positions[1]) == {"PosAnzStorniert": D(40)}
    with pytest.raises(Conflict, match="nothing left to cancel"):
        f.check_cancellation(state, None)
    with pytest.raises(Conflict, match="is invoiced or cancelled in full"):
        f.next_invoice(state)


def test_a_whole_cancellation_after_a_delivery_cancels_only_the_rest() -> None:
    state, _ = deliver(new_order(), "2026-11-23", Wanted(1, quantity=D(4)), Wanted(2, packs=D(4)))
    state, cancellation = cancel(state)
    assert cancellation.lines == ((1, D(6)), (3, D(6)))
    assert cancellation.stock == {("1000", None): D(6), ("3000", None): D(6)}
    assert state.status == "O"
    assert not state.cancelled_whole
    state, part = invoice(state)
    assert part.lines == ((1, D(4)), (2, D(40)))
    assert state.status == "A"


def test_an_article_without_stock_gets_nothing_back() -> None:
    positions = [f.PositionState.of(POSITIONS[0], stock_managed=False), f.PositionState.of(POSITIONS[1])]
    _, cancellation = cancel(f.order_state("400002", 3, positions))
    assert cancellation.stock == {("1002", "PAK"): D(4)}


def test_an_order_without_deliveries_is_invoiced_whole_and_stays_open_until_delivered() -> None:
    state, part = invoice(new_order())
    assert part == f.InvoicePart(((1, D(10)), (2, D(40)), (3, D(6))), whole=True, supplied_at=None)
    assert state.status == "O"  # invoiced, nothing delivered
    with pytest.raises(Conflict, match="what is delivered or invoiced cannot be cancelled"):
        f.check_cancellation(state, [Wanted(3, quantity=D(1))])
    state, delivery = deliver(state, "2026-11-23")  # no lines: all that is open
    assert delivery.lines == ((1, D(10)), (2, D(40)), (3, D(6)))
    assert state.status == "A"
    with pytest.raises(Conflict, match="nothing delivered that is not invoiced"):
        f.next_invoice(state)


def test_a_whole_invoice_after_a_cancellation_covers_the_rest() -> None:
    state, _ = cancel(new_order(), Wanted(2, packs=D(1)))
    _, part = invoice(state)
    assert part.lines == ((1, D(10)), (2, D(30)), (3, D(6)))
    assert part.whole


def test_an_invoice_is_dated_by_the_latest_delivery_it_covers() -> None:
    # Position 1 delivered on 30 Nov (3), then on 23 Nov (2, recorded later, dated earlier);
    # invoice 1 covers both: the 30th. Then 5 more on the 23rd: invoice 2 covers only that one.
    state, _ = deliver(new_order(), "2026-11-30T09:30:00Z", Wanted(1, quantity=D(3)))
    state, _ = deliver(state, "2026-11-23", Wanted(1, quantity=D(2)))
    state, part = invoice(state)
    assert part.supplied_at == NOV_30
    state, _ = deliver(state, "2026-11-23", Wanted(1, quantity=D(5)))
    _, part = invoice(state)
    assert part == f.InvoicePart(((1, D(5)),), whole=False, supplied_at=NOV_23)


@pytest.mark.parametrize(
    ("line", "field", "reason"),
    [
        (Wanted(9, quantity=D(1)), "Positionen[0].PosNr", "is no position of order 400001"),
        (Wanted(1, quantity=D(0)), "Positionen[0].Menge", "0 is not more than 0"),
        (Wanted(1, quantity=D(-2)), "Positionen[0].Menge", "-2 is not more than 0"),
        (Wanted(2, packs=D(0)), "Positionen[0].VPEMenge", "0 is not more than 0"),
        (Wanted(2, quantity=D(1), unit="KAR"), "Positionen[0].VPEinheit", "position 2 is sold in PAK"),
        (Wanted(1, quantity=D(1), unit="PAK"), "Positionen[0].VPEinheit", "position 1 has no packaging unit"),
        (Wanted(1, packs=D(1)), "Positionen[0].VPEMenge", "position 1 has no packaging unit: give Menge"),
        (Wanted(2, quantity=D(15)), "Positionen[0].Menge", "15 is not a multiple of 10 (PAK)"),
        (Wanted(2, packs=D("1.5")), "Positionen[0].VPEMenge", "1.5 is not a whole number of PAK"),
        (Wanted(1, quantity=D("1.5")), "Positionen[0].Menge",
         "article 1000 is counted in whole units: 1.5 is not a whole number"),
        (Wanted(1), "Positionen[0].Menge", "give either Menge or VPEMenge"),
        (Wanted(2, quantity=D(10), packs=D(1)), "Positionen[0].Menge", "give either Menge or VPEMenge"),
    ],
)  # fmt: skip
def test_a_line_no_delivery_or_cancellation_can_have_is_a_400_naming_its_field(
    line: Wanted, field: str, reason: str
) -> None:
    for check in (
        lambda: f.check_delivery(new_order(), DeliveryRequest("2026-11-23", [line])),
        lambda: f.check_cancellation(new_order(), [line]),
    ):
        with pytest.raises(InvalidRequest) as refused:
            check()
        assert refused.value.status == 400
        assert refused.value.info == {"fields": {field: reason}}


def test_a_position_named_twice_or_none_is_a_400() -> None:
    with pytest.raises(InvalidRequest) as refused:
        f.check_delivery(new_order(), DeliveryRequest("2026-11-23", [Wanted(1, quantity=D(1))] * 2))
    assert refused.value.info == {"fields": {"Positionen[1].PosNr": "is named twice"}}
    with pytest.raises(InvalidRequest) as refused:
        f.check_cancellation(new_order(), [])
    assert refused.value.info == {"fields": {"Positionen": "must not be empty"}}


def test_a_decimal_article_takes_fractions() -> None:
    metres = PositionInput(1, "6004", D("12.5"), D("3.00"), REDUCED)
    state = f.order_state("400003", 1, [f.PositionState.of(metres, decimals=True)])
    state, delivery = deliver(state, "2026-11-23", Wanted(1, quantity=D("2.75")))
    assert delivery.lines == ((1, D("2.75")),)
    assert state.positions[0].open == D("9.75")


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"date": "23.11.2026"}, "LiefDatum"),
        ({"date": "2026-11-23T09:30:00.000000Z"}, "LiefDatum"),  # more than char(20)
        ({"tracking": Tracking(url="http://track.example/1")}, "TrackingURL"),
        ({"tracking": Tracking(url="https://user:pw@track.example/1")}, "TrackingURL"),
        ({"tracking": Tracking(url="https://track.example/a b")}, "TrackingURL"),
        ({"tracking": Tracking(url="https://[::1/x")}, "TrackingURL"),
        ({"tracking": Tracking(url="https:///no-host")}, "TrackingURL"),
        ({"tracking": Tracking(carrier="Post\x00CH")}, "Spediteur"),
        ({"tracking": Tracking(carrier="x" * 61)}, "Spediteur"),
        ({"tracking": Tracking(number="\ufffe")}, "TrackingNr"),
        ({"tracking": Tracking(number=" ")}, "TrackingNr"),
        ({"location": 0}, "StaoNr"),
    ],
)
def test_a_delivery_field_no_delivery_can_have_is_a_400_naming_it(fields: dict[str, Any], field: str) -> None:
    request = DeliveryRequest(**{"date": "2026-11-23", "lines": [Wanted(1, quantity=D(1))], **fields})
    with pytest.raises(InvalidRequest) as refused:
        f.check_delivery(new_order(), request)
    assert list(refused.value.info["fields"]) == [field]


def test_tracking_added_later_keeps_the_quantities() -> None:
    _, delivery = deliver(new_order(), "2026-11-23", Wanted(1, quantity=D(4)), tracking=Tracking(carrier="DHL"))
    tracked = f.with_tracking(delivery, Tracking(number="JD0123", url="https://www.dhl.com/t?n=JD0123"))
    assert tracked == f.Delivery(
        1, NOV_23, 1, ((1, D(4)),), Tracking("DHL", "JD0123", "https://www.dhl.com/t?n=JD0123")
    )
    with pytest.raises(InvalidRequest):
        f.with_tracking(delivery, Tracking(url="ftp://x.example"))


def test_read_shape_fields_appear_only_when_something_happened() -> None:
    state = new_order()
    assert [f.position_fields(p) for p in state.positions] == [{}, {}, {}]
    assert f.head_fields(state) == {}
    state, _ = deliver(state, "2026-11-23", Wanted(2, packs=D(2)))
    state, _ = cancel(state, Wanted(2, packs=D(1)))
    state, _ = invoice(state)
    assert f.position_fields(state.positions[1]) == {
        "PosAnzGeliefert": D(20), "PosAnzStorniert": D(10), "PosAnzFakturiert": D(20)
    }  # fmt: skip


def test_delivery_numbers_follow_each_other_within_the_order() -> None:
    state = new_order()
    numbers = []
    for _ in range(3):
        state, delivery = deliver(state, "2026-11-23", Wanted(3, quantity=D(2)))
        numbers.append(delivery.number)
    assert numbers == [1, 2, 3]
    assert state.next_delivery_number == 4


# --- property: no sequence of accepted writes breaks the quantities -----------------------------


@dataclass(frozen=True)
class Op:
    kind: str  # deliver, cancel, invoice
    lines: tuple[tuple[int, int, bool], ...] | None  # (PosNr, amount, in packs); None: all


def _wanted(state: f.OrderState, lines: tuple[tuple[int, int, bool], ...]) -> list[Wanted]:
    out = []
    for pos_nr, amount, in_packs in lines:
        position = state.position(pos_nr)
        packs = in_packs and position is not None and bool(position.vpe_unit)
        out.append(Wanted(pos_nr, packs=D(amount)) if packs else Wanted(pos_nr, quantity=D(amount)))
    return out


def _apply(state: f.OrderState, op: Op) -> f.OrderState:
    if op.kind == "invoice":
        return f.after_invoice(state, f.next_invoice(state))
    lines = None if op.lines is None else _wanted(state, op.lines)
    if op.kind == "deliver":
        return f.after_delivery(state, f.check_delivery(state, DeliveryRequest("2026-11-23", lines)))
    return f.after_cancellation(state, f.check_cancellation(state, lines))


def _attempt(state: f.OrderState, op: Op) -> tuple[f.OrderState, int | None]:
    """The state after `op`, or the same state and the status of the refusal."""
    try:
        return _apply(state, op), None
    except ApiError as refused:
        return state, refused.status


positions_st = st.lists(
    st.tuples(st.integers(1, 12), st.sampled_from([1, 1, 3, 10])), min_size=1, max_size=4
)  # (ordered packs or units, factor; 1 = no VPE)
line_st = st.tuples(st.integers(1, 5), st.integers(-1, 14), st.booleans())
op_st = st.builds(
    Op, st.sampled_from(["deliver", "cancel", "invoice"]), st.none() | st.lists(line_st, max_size=4).map(tuple)
)


@settings(derandomize=True, database=None, deadline=None, max_examples=300)
@given(positions_st, st.lists(op_st, max_size=12))
def test_no_sequence_of_writes_over_delivers_or_leaves_a_negative_open_quantity(
    shape: list[tuple[int, int]], ops: list[Op]
) -> None:
    inputs = [
        PositionInput(i, f"A{i}", D(count * factor), D(1), REDUCED, vpe_unit="PAK" if factor > 1 else "",
                      vpe_factor=D(factor))
        for i, (count, factor) in enumerate(shape, start=1)
    ]  # fmt: skip
    state = f.order_state("400009", 1, [f.PositionState.of(p) for p in inputs])
    for op in ops:
        state, refused = _attempt(state, op)
        assert refused in (None, 400, 409)
        for p in state.positions:
            assert p.open >= 0
            assert p.cancellable >= 0
            assert p.delivered + p.cancelled <= p.ordered
            assert p.invoiced + p.cancelled <= p.ordered
            if p.vpe_unit:  # a VPE position moves in whole packs only
                assert all(q % p.vpe_factor == 0 for q in (p.delivered, p.cancelled, p.invoiced))
        nothing_left = all(p.open == 0 and p.delivered <= p.invoiced for p in state.positions)
        assert (state.status == "A") == nothing_left
        assert (state.status == "N") == all(p.untouched for p in state.positions)
