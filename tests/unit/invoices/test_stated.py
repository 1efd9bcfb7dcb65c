"""What the invoice states of an order (invoices/model.py): each tax code's category, decided once
for the XML and the PDF; the lines, the recap and the addresses typed, their texts printable."""

from __future__ import annotations

from decimal import Decimal as D

from backoffice.invoices import model
from backoffice.invoices.model import EXPORT, STANDARD, ZERO_RATED, Address
from backoffice.sales.calculation import PositionInput, compute_document
from backoffice.taxes import TaxCode

NORMAL = TaxCode("1", D("8.10"), "Normal\x00satz", "C")
EXPORT_CODE = TaxCode("9", D(0), "Export", "X")
ZERO = TaxCode("5", D(0), "Befreit", "D")


def test_the_category_is_standard_an_exempt_export_for_class_x_and_exempt_at_rate_0() -> None:
    assert model.tax_category(NORMAL) == STANDARD
    assert (STANDARD.code, STANDARD.exempt, STANDARD.export) == ("S", False, False)
    assert model.tax_category(EXPORT_CODE) == EXPORT
    assert (EXPORT.code, EXPORT.exempt, EXPORT.export) == ("G", True, True)
    # Rate 0 outside class X: stated exempt (G) like an export, but the PDF calls it no export.
    assert model.tax_category(ZERO) == ZERO_RATED
    assert (ZERO_RATED.code, ZERO_RATED.exempt, ZERO_RATED.export) == ("G", True, False)


def test_lines_and_recap_carry_the_orders_figures_with_printable_texts() -> None:
    position = PositionInput(1, "A\x071", D(3), D("10.00"), NORMAL, description="Schraube\x0b M4", discount=D(10))
    document = compute_document([position], "CHF", delivery=D("5.00"))
    (line,) = model.stated_lines(document)
    assert (line.line_id, line.art_nr, line.description) == ("1", "A 1", "Schraube  M4")
    assert (line.quantity, line.total, line.discount, line.rate, line.category) == (
        D(3),
        D("27.00"),
        D(10),
        D("8.1"),
        STANDARD,
    )
    assert (line.net.basis, line.net.total) == (D("30.00"), D("27.00"))  # 3 x 10.00, less 10 %
    (summary,) = model.stated_recap(document)
    # 27.00 + 5.00 delivery = 32.00, 8.1 % of it 2.592 -> 2.59.
    assert (summary.designation, summary.rate, summary.basis, summary.tax, summary.delivery) == (
        "Normal satz",
        D("8.1"),
        D("32.00"),
        D("2.59"),
        D("5.00"),
    )


def test_an_address_names_the_company_else_the_person_its_texts_printable() -> None:
    record = {"AdrNr": 7, "AdrVorname": "Anna", "AdrName": "Muster\x1f", "AdrAdresse1": "Weg 1", "OrtPLZ": "3000"}
    address = model.stated_address({**record, "OrtName": "Bern", "OrtLand": "CH", "AdrAdresse2": ""})
    assert address == Address(person="Anna Muster ", street="Weg 1", postcode="3000", city="Bern", country="CH")
    assert address.name == "Anna Muster "
    assert model.stated_address({**record, "AdrFirma": "Muster AG"}).name == "Muster AG"
    assert Address().name == "-"
