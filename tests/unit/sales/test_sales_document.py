"""The sales document aggregate: its rules (sales/document.py) and its store's round trip (document_store)."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

import pytest

from backoffice.errors import Conflict
from backoffice.sales.calculation import PositionInput
from backoffice.sales.document import (
    ORDER,
    QUOTATION,
    Addresses,
    Details,
    Head,
    Payment,
    SalesDocument,
    to_order,
)
from backoffice.sales.quotation_rules import Terms
from backoffice.taxes import TaxCode
from tests.support.stored_documents import as_last_release

REDUCED = TaxCode("2", Decimal("2.6"), "Reduziert", "C")
EXPORT = TaxCode("9", Decimal(0), "Export", "X")
CONTACT = {"AdrNr": 1, "AdrFirma": "Muster AG", "OrtLand": "CH"}
ABROAD = {"AdrNr": 2, "AdrFirma": "Muster GmbH", "OrtLand": "de"}


def position(pos_nr: int = 1) -> PositionInput:
    return PositionInput(pos_nr, "1000", Decimal(2), Decimal("9.50"), REDUCED, vis_pos_nr=pos_nr)


def document(kind: str = ORDER, number: str = "400001", **head: Any) -> SalesDocument:
    values: dict[str, Any] = {"status": "N" if kind == ORDER else "P", "currency": "CHF", "customer": "100001"}
    values.update(head)
    return SalesDocument(kind, number, Head(**values), (position(),))


def test_a_quotation_converts_into_an_unnumbered_order_with_its_positions_and_terms():
    quotation = document(
        QUOTATION,
        "700001",
        customer=None,
        price_list="VK",
        cost_unit="KT10",
        language="fre",
        details=Details(title="Offerte", country="DE"),
        highest_pos_nr=4,
        version=3,
    )
    quotation = SalesDocument(QUOTATION, "700001", quotation.head, (position(1), position(3)), EXPORT)
    addresses = Addresses(contact=CONTACT)
    order = to_order(quotation, "100003", addresses, "user")
    assert (order.kind, order.number, order.version) == (ORDER, "", 1)
    assert order.positions == quotation.positions
    assert order.export == EXPORT
    head = order.head
    assert (head.status, head.customer, head.quotation_nr, head.order_nr) == ("N", "100003", "700001", None)
    assert (head.currency, head.price_list, head.cost_unit) == ("CHF", "VK", "KT10")
    assert head.details == quotation.head.details
    assert (head.addresses, head.highest_pos_nr, head.entered_by, head.net_delivery) == (addresses, 4, "user", True)
    # As before the aggregate: the order is made without the quotation's language.
    assert head.language is None
    assert order.terms() == quotation.terms() == Terms("VK", "KT10", "9", "CHF")
    numbered = order.numbered("400007", datetime(2026, 11, 26, tzinfo=UTC), "token")
    assert (numbered.number, numbered.head.order_nr, numbered.head.write_token) == ("400007", "400007", "token")


def test_a_quotation_without_highest_pos_nr_counts_its_positions():
    quotation = document(QUOTATION, "700001")
    assert to_order(quotation, "100001", Addresses(), "user").head.highest_pos_nr == 1


def test_a_converted_quotation_neither_changes_nor_converts_again():
    converted = document(QUOTATION, "700001", order_nr="400001")
    with pytest.raises(Conflict) as refused:
        converted.check_unconverted()
    assert refused.value.info == {"OffertNr": "700001", "AuftNr": "400001"}
    with pytest.raises(Conflict) as again:
        converted.check_conversion("100001", converted.terms())
    assert "already been converted into order 400001" in str(again.value)
    document(QUOTATION, "700002").check_conversion("100001", Terms("", "", "Inland", "CHF"))


@pytest.mark.parametrize("status", ["N", "O", "A"])
def test_an_order_in_an_invoiceable_state_with_positions_can_be_invoiced(status):
    document(status=status).check_invoiceable()


def test_an_order_in_another_state_or_without_positions_cannot_be_invoiced():
    with pytest.raises(Conflict) as refused:
        document(status="P").check_invoiceable()
    assert str(refused.value) == "Order 400001 has state P and cannot be invoiced."
    assert refused.value.info == {"AuftNr": "400001", "AuftStatus": "P", "invoiceable": ["N", "O", "A"]}
    empty = SalesDocument(ORDER, "400002", document().head, ())
    with pytest.raises(Conflict) as nothing:
        empty.check_invoiceable()
    assert str(nothing.value) == "Order 400002 has no positions to invoice."
    assert nothing.value.info == {"AuftNr": "400002"}


@pytest.mark.parametrize(
    ("payments", "card"),
    [
        (None, False),
        ((), False),
        ((Payment("TransID", "K", "1"),), False),
        ((Payment("payment_method", "R", "1"),), False),
        ((Payment("TransID", "tx", "1"), Payment(" Payment_Method ", " k ", "2")), True),
    ],
)
def test_paid_by_card_is_the_payment_method_k(payments, card):
    assert document(payments=payments).paid_by_card() is card


def test_the_goods_go_to_the_delivery_address_else_the_contact_else_ortland():
    assert document(addresses=Addresses(contact=CONTACT, delivery=ABROAD)).delivery_country() == "de"
    assert document(addresses=Addresses(contact=CONTACT)).delivery_country() == "CH"
    assert document(details=Details(country="AT")).delivery_country() == "AT"
    assert document().delivery_country() is None
    # As an invoice states it: the billing address last, upper case, "" for none.
    assert document(addresses=Addresses(contact=CONTACT, delivery=ABROAD)).destination_country() == "DE"
    assert document(addresses=Addresses(billing={"OrtLand": "li"})).destination_country() == "LI"
    assert document(details=Details(country="AT")).destination_country() == ""


def test_an_address_given_overrides_that_one_and_the_copies_lose_the_customers_keys():
    customer = Addresses(contact={**CONTACT, "Version": 3, "DebiNr": "100001"}, billing={"AdrNr": 3})
    merged = customer.overridden_by(Addresses(delivery=ABROAD))
    assert merged.roles() == {"KontaktAdr": CONTACT, "LiefAdr": ABROAD, "RechAdr": {"AdrNr": 3}}
    assert Addresses(contact=CONTACT).overridden_by(Addresses()).roles() == dict.fromkeys(
        ("KontaktAdr", "LiefAdr", "RechAdr"), CONTACT
    )


def test_the_figures_are_computed_from_the_positions_with_the_delivery_costs():
    order = document(details=Details(delivery_costs=Decimal("10.00")))
    # 2 x 9.50 = 19.00 and 10.00 delivery, net; 2.6 % of 29.00 = 0.754 -> 0.75; 29.75.
    assert (order.figures.net, order.figures.tax, order.figures.gross) == (
        Decimal("29.00"),
        Decimal("0.75"),
        Decimal("29.75"),
    )


# --- the store's round trip: item -> document -> item -------------------------------------------

ORDER_BODY = {
    "GrundDaten": {
        "KundNr": "100001",
        "AuftBez": "Bestellung",
        "AuftBestellT": "2026-11-23T08:15:00Z",
        "AuftLieferT": "0999-12-31",
        "KundBedTyp": 2,
        "AuftLiefKost": 12,
    },
    "Positionen": [{"ArtNr": "1000", "Menge": 3}, {"ArtNr": "1002", "Menge": 20, "VPEinheit": "PAK"}],
    "Zahlung": [{"Bezeichnung": "payment_method", "Wert": "K"}],
}
QUOTATION_BODY = {"GrundDaten": {"OrtLand": "DE", "AuftBez": "Vorlage"}, "Positionen": [{"ArtNr": "1000", "Menge": 1}]}


def _stored(kind: str, number: str) -> tuple[dict[str, Any], SalesDocument]:
    from backoffice.platform import dynamo
    from backoffice.sales import document_store

    item = dynamo.get_item(document_store.pk(kind, number), document_store.HEAD_SK)
    assert item is not None
    found = document_store.read(kind, number)
    assert found is not None
    return item, found


def _new(call: Any, kind: str) -> str:
    if kind == ORDER:
        answer = call("auftrag", "POST", "/www/auftrag", ORDER_BODY)
        assert answer.status == 201, answer.text
        return str(answer.json()["data"]["AuftNr"])
    answer = call("offerte", "POST", "/www/offerte", QUOTATION_BODY)
    assert answer.status == 201, answer.text
    return str(answer.json()["data"]["OffertNr"])


@pytest.mark.parametrize("kind", [ORDER, QUOTATION])
@pytest.mark.parametrize("last_release", [False, True], ids=["this release", "last release"])
def test_a_stored_head_reads_into_the_document_and_writes_back_identically(call, kind, last_release):
    from backoffice.sales import document_store

    number = _new(call, kind)
    if last_release:
        as_last_release(kind, number)
    item, found = _stored(kind, number)
    assert found.head.net_delivery is not last_release
    assert document_store.head_item(found, int(item["Chunks"])) == item
    # The same document written as new: every attribute this release knows, none lost.
    fresh = SalesDocument(found.kind, found.number, found.head, found.positions, found.export)
    assert document_store.head_item(fresh, int(item["Chunks"])) == item


def test_the_typed_head_holds_what_the_order_was_sent_with(call):
    number = _new(call, ORDER)
    _, found = _stored(ORDER, number)
    head = found.head
    assert (head.status, head.customer, head.currency, head.location, head.version) == ("N", "100001", "CHF", 1, 1)
    assert head.details.ordered_at == datetime(2026, 11, 23, 8, 15, tzinfo=UTC)
    assert head.details.delivery_at == datetime(999, 12, 31, tzinfo=UTC)
    assert (head.details.payment_terms, head.details.delivery_costs) == (2, Decimal(12))
    assert head.payments == (Payment("payment_method", "K", "1"),)
    assert found.paid_by_card()
    assert [p.pos_nr for p in found.positions] == [1, 2]


def test_a_year_stored_without_leading_zeros_reads_as_the_same_day(call):
    from backoffice.platform import dynamo

    number = _new(call, ORDER)
    item, _ = _stored(ORDER, number)
    dynamo.put_item({**item, "AuftLieferT": "999-12-31T00:00:00Z"})
    _, found = _stored(ORDER, number)
    assert found.head.details.delivery_at == datetime(999, 12, 31, tzinfo=UTC)


def test_a_patch_keeps_the_head_attributes_this_release_does_not_know(call):
    from backoffice.platform import dynamo

    number = _new(call, QUOTATION)
    item, _ = _stored(QUOTATION, number)
    dynamo.put_item({**item, "Zukunft": {"Feld": "bleibt"}})
    answer = call(
        "offerte", "PATCH", "/www/offerte", {"Positionen": [{"PosNr": 1, "Menge": 2}]}, query={"OffertNr": number}
    )
    assert answer.status == 200, answer.text
    after, found = _stored(QUOTATION, number)
    assert after["Zukunft"] == {"Feld": "bleibt"}
    assert (found.version, after["Version"]) == (2, 2)
    unchanged = {k for k in item if item[k] == after.get(k)}
    assert set(item) - unchanged <= {"Version", "Chunks"}
    assert "GeaendertUTC" in after
