"""Recording deliveries on the in-memory unit of work (issue 37): numbered per order, no stock
moved, the status and order list following, a delivery and a cancellation racing for the last
pieces (one of them a 409), and a delivery read back."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

import pytest

from backoffice.errors import Conflict, InvalidRequest, NotFound
from backoffice.sales import cancellations, contract, deliveries
from backoffice.sales.document import ORDER
from backoffice.sales.fulfilment import DeliveryRequest, Tracking, Wanted
from backoffice.sales.memory_store import MemoryUnitOfWork
from backoffice.sales.unit_of_work import existing
from tests.unit.sales.test_cancellations import no_flags, ordered
from tests.unit.sales.test_order_writes import ARTICLE_1000, PACK_1002, held

TRACKED = Tracking("Post CH", "99.60.1", "https://post.ch/t/99.60.1")


def deliver(uow: MemoryUnitOfWork, lines: list[Wanted] | None, date: str = "2026-11-27", **kwargs: Any) -> Any:
    request = deliveries.Request(
        "400001", DeliveryRequest(date, lines, tracking=kwargs.pop("tracking", Tracking())), "demo"
    )
    return deliveries.deliver(request, uow, no_flags)


def test_two_deliveries_are_numbered_move_no_stock_and_open_the_order() -> None:
    uow = ordered()
    order, first = deliver(uow, [Wanted(1, quantity=Decimal(2)), Wanted(2, packs=Decimal(4))], tracking=TRACKED)
    assert (first.number, first.lines, first.tracking) == (1, ((1, Decimal(2)), (2, Decimal(12))), TRACKED)
    assert first.shipped_at == datetime(2026, 11, 27, tzinfo=UTC)
    assert (order.head.status, order.version) == ("O", 2)
    assert (held(uow, ARTICLE_1000), held(uow, PACK_1002)) == (Decimal(47), Decimal(10))  # the order reserved it
    assert [e.PlanStatus for e in uow.order_list.latest("100004", 10)] == ["O"]
    assert [(c.type, c.keys) for c, _ in uow.tables.feed] == [
        ("auftrag.delivered", {"AuftNr": "400001"}),
        ("auftrag.status_changed", {"AuftNr": "400001"}),
    ]
    _, second = deliver(uow, [Wanted(1, quantity=Decimal(1))], "2026-11-30")
    assert second.number == 2
    stored = existing(uow, ORDER, "400001")
    view = contract.order_view(stored)
    assert [p.get("PosAnzGeliefert") for p in view["Positionen"]] == [Decimal(3), Decimal(12)]
    assert view["Lieferungen"] == [
        {
            "AuftNr": "400001",
            "LiefNr": 1,
            "LiefDatum": "2026-11-27T00:00:00Z",
            "StaoNr": 1,
            "Spediteur": "Post CH",
            "TrackingNr": "99.60.1",
            "TrackingURL": "https://post.ch/t/99.60.1",
            "Positionen": [{"PosNr": 1, "Menge": Decimal(2)}, {"PosNr": 2, "Menge": Decimal(12)}],
        },
        {
            "AuftNr": "400001",
            "LiefNr": 2,
            "LiefDatum": "2026-11-30T00:00:00Z",
            "StaoNr": 1,
            "Positionen": [{"PosNr": 1, "Menge": Decimal(1)}],
        },
    ]
    _, found = deliveries.get_delivery("400001", 2, uow)
    assert found == second
    with pytest.raises(NotFound):
        deliveries.get_delivery("400001", 3, uow)


def test_more_than_open_is_a_409_and_delivered_goods_cannot_be_cancelled() -> None:
    uow = ordered()
    deliver(uow, [Wanted(1, quantity=Decimal(2))])
    with pytest.raises(Conflict) as caught:
        deliver(uow, [Wanted(1, quantity=Decimal(2))])
    assert (caught.value.info["PosNr"], caught.value.info["open"]) == (1, Decimal(1))
    with pytest.raises(Conflict, match="may be cancelled"):
        cancellations.cancel(cancellations.Request("400001", [Wanted(1, Decimal(2))], "demo"), uow, no_flags)
    with pytest.raises(InvalidRequest) as bad:
        deliver(uow, [Wanted(1, quantity=Decimal(1))], "27.11.2026")
    assert "LiefDatum" in bad.value.info["fields"]
    with pytest.raises(InvalidRequest) as plain_http:
        deliver(uow, None, tracking=Tracking(url="http://post.ch/t"))
    assert "TrackingURL" in plain_http.value.info["fields"]


def test_the_rest_delivered_after_a_cancellation_leaves_the_order_open_until_invoiced() -> None:
    uow = ordered()
    cancellations.cancel(cancellations.Request("400001", [Wanted(1, Decimal(1))], "demo"), uow, no_flags)
    order, delivery = deliver(uow, None)  # everything open: 2 of 1, 30 of 2
    assert delivery.lines == ((1, Decimal(2)), (2, Decimal(30)))
    assert order.head.status == "O"  # delivered, not invoiced
    with pytest.raises(Conflict, match="nothing left to deliver"):
        deliver(uow, None)
    with pytest.raises(Conflict, match="cannot be invoiced yet"):
        order.check_invoiceable()


def test_a_cancellation_landing_between_a_deliverys_read_and_commit_makes_the_delivery_a_409(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    uow = ordered()
    other = MemoryUnitOfWork(uow.tables)
    real, reads = uow.order_list.entry, []

    def overtaken_once(*args: Any) -> Any:
        if not reads:  # another request cancels all of position 1 after this one read the order
            cancellations.cancel(cancellations.Request("400001", [Wanted(1, Decimal(3))], "other"), other, no_flags)
        reads.append(args)
        return real(*args)

    monkeypatch.setattr(uow.order_list, "entry", overtaken_once)
    with pytest.raises(Conflict, match="changed by another request meanwhile"):
        deliver(uow, [Wanted(1, quantity=Decimal(3))])
    stored = existing(uow, ORDER, "400001")
    assert (stored.head.deliveries, stored.head.cancelled, stored.version) == ((), ((1, Decimal(3)),), 2)
