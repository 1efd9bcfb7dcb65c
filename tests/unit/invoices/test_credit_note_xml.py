"""Credit notes of any order the calculation can make, through the XML and CEN's EN 16931 rules (no AWS).

An order (net, gross, mixed, export, packaging units, discounts, delivery costs; CHF and EUR) is
credited in one to three parts of whole packs per position, as `check_creditable` and
`to_credit_note` make them; every credit note's XML keeps the official rules and the line rule, is
of type 381 with the invoice's reference, asks for nothing to be paid; the parts give back exactly
what was invoiced, and the delivery costs go back once, with the last part; their totals give back
the invoice's to the Rappen (the last part gives back what is left, a part that would take the sum
beyond the invoice's is refused).
"""

from __future__ import annotations

import dataclasses
import os
from datetime import date
from decimal import Decimal as D

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from backoffice.company import PaymentTerm, Seller
from backoffice.errors import Conflict
from backoffice.invoices import en16931
from backoffice.invoices.model import (
    CREDIT_NOTE_TYPE,
    Corrected,
    Figures,
    Invoice,
    credited_figures,
    stated_lines,
    stated_recap,
)
from backoffice.sales.calculation import PositionInput
from backoffice.sales.document import ORDER, Details, Head, SalesDocument, to_credit_note
from backoffice.taxes import TaxCode
from tests.support.en16931_rules import NS, check, total
from tests.support.invoice_rules import assert_line_rule

SELLER = Seller(
    "Muster Handel AG", "Bahnhofstrasse 1", "8001", "Zürich", "CH", "CHE-123.456.788 MWST",
    "CH5604835012345678009", "CH4431999123000889012", None,
)  # fmt: skip
TERM = PaymentTerm(None, 30, {"ger": "30 Tage"})
CORRECTS = Corrected("500001", date(2026, 11, 23))
TAXES = [
    TaxCode("1", D("8.1"), "Normalsatz", "C", "303", "400", "200"),
    TaxCode("2", D("2.6"), "Reduzierter Satz", "C", "313", "400", "200"),
    TaxCode("3", D("3.8"), "Sondersatz Beherbergung", "C", "343", "400", "200"),
]
EXPORT = TaxCode("9", D(0), "Export, steuerbefreit", "X", "", "", "220")
# 60 orders in `make test` (each credited in up to three parts, every part through the rules); 2,000
# with MONEY_PROFILE=money-thorough.
settings.register_profile("credit-ci", max_examples=60, deadline=None, derandomize=True, database=None)
settings.register_profile("credit-thorough", max_examples=2_000, deadline=None)
PROFILE = settings.get_profile(os.environ.get("MONEY_PROFILE", "money-ci").replace("money", "credit"))
cents = st.integers(min_value=0, max_value=2_000_000).map(lambda c: D(c) / 100)


def stated(note: SalesDocument) -> Invoice:
    """The credit note as `model.credit_note_input` states it (without the configuration's seller lookup)."""
    figures = note.figures
    return Invoice(
        auft_nr="400001",
        kund_nr="100004",
        currency=figures.currency,
        language="ger",
        paid=False,
        seller=SELLER,
        term=TERM,
        delivered=None,
        delivery_country="",
        figures=Figures(figures.net, figures.tax, figures.gross, note.head.details.delivery_costs or D(0)),
        gross_prices=figures.price_kind == "B",
        lines=stated_lines(figures),
        recap=stated_recap(figures),
        type_code=CREDIT_NOTE_TYPE,
        corrects=CORRECTS,
    )


@st.composite
def orders(draw: st.DrawFn) -> SalesDocument:
    count = draw(st.integers(min_value=1, max_value=8))
    kind = draw(st.sampled_from(["N", "B", "mixed"]))
    made = []
    for nr in range(1, count + 1):
        factor = draw(st.sampled_from([1, 1, 3, 12]))
        price = draw(cents)
        made.append(
            PositionInput(
                nr,
                f"A{nr}",
                D(draw(st.integers(min_value=1, max_value=60)) * factor),
                price / factor,
                draw(st.sampled_from(TAXES)),
                price_kind=draw(st.sampled_from("NB")) if kind == "mixed" else kind,
                vpe_unit="" if factor == 1 else f"V{factor}",
                vpe_factor=D(factor),
                pack_price=None if factor == 1 else price,
                discount=D(draw(st.integers(min_value=0, max_value=10_000))) / 100,
            )
        )
    delivery = draw(cents.filter(lambda c: c <= 500))
    head = Head(
        status="N",
        currency=draw(st.sampled_from(["CHF", "EUR"])),
        customer="100004",
        order_nr="400001",
        details=Details(delivery_costs=delivery),
        net_delivery=draw(st.booleans()),
    )
    return SalesDocument(ORDER, "400001", head, tuple(made), EXPORT if draw(st.booleans()) else None)


@settings(PROFILE, suppress_health_check=[HealthCheck.too_slow])
@given(orders(), st.data())
def test_an_order_credited_in_parts_gives_back_exactly_what_was_invoiced(order, data):
    credited: dict[int, D] = {}
    delivery_back = gross_back = D(0)
    parts = data.draw(st.integers(min_value=1, max_value=3))
    for part in range(1, parts + 1):
        left = order.creditable(credited)
        if not left:  # an earlier part took everything
            break
        if part == parts:  # the last part: everything left (an empty body)
            returned = order.check_creditable(None, credited)
        else:  # some whole packs of some positions
            wanted = []
            for p in order.positions:
                packs = int(left.get(p.pos_nr, D(0)) / p.vpe_factor)
                taken = data.draw(st.integers(min_value=0, max_value=packs))
                if taken:
                    wanted.append((p.pos_nr, taken * p.vpe_factor))
            if not wanted:
                continue
            returned = order.check_creditable(wanted, credited)
        after = {n: credited.get(n, D(0)) + returned.get(n, D(0)) for n in {*credited, *returned}}
        with_delivery = not order.creditable(after)
        note = to_credit_note(order, returned, with_delivery, "demo")
        try:
            invoice = credited_figures(stated(note), order.figures.gross, gross_back, with_delivery)
        except Conflict:  # its rounded total would take the credited sum beyond the invoice's
            assert gross_back + note.figures.gross > order.figures.gross
            continue
        numbering = invoice.numbered(600000 + part, date(2026, 11, 26))
        xml = en16931.build_xml(invoice, numbering)
        assert_line_rule(xml)
        root = check(xml)  # the XSD and every rule of CEN's schematron
        assert root.xpath("string(//rsm:ExchangedDocument/ram:TypeCode)", namespaces=NS) == "381"
        reference = "string(//ram:InvoiceReferencedDocument/ram:IssuerAssignedID)"
        assert root.xpath(reference, namespaces=NS) == "500001"
        assert total(root, "DuePayableAmount") == invoice.figures.gross
        assert total(root, "TaxBasisTotalAmount") == note.figures.net
        assert total(root, "TaxTotalAmount") == note.figures.tax
        gross_back += invoice.figures.gross
        assert not root.xpath("//ram:SpecifiedTradeSettlementPaymentMeans", namespaces=NS)
        delivery_back += note.figures.delivery
        credited = after
    assert credited == {p.pos_nr: p.quantity for p in order.positions}
    assert delivery_back == order.figures.delivery  # once, with the last part
    assert gross_back == order.figures.gross  # the invoice's total to the Rappen
    assert dataclasses.replace(order).creditable(credited) == {}
