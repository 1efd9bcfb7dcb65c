"""Assignment and conversion rules of quotations: 409s that say what stands in the way."""

from __future__ import annotations

import pytest

from backoffice.errors import Conflict
from backoffice.sales.quotation_rules import Terms, check_assignment, check_conversion, misfits

SHOP_CHF = Terms(price_list="WEB", cost_unit="KT01", tax_code="N81", currency="CHF")


def test_fitting_terms_have_no_misfits() -> None:
    assert misfits(SHOP_CHF, Terms("web", "KT01", "N81", "chf ")) == {}


def test_every_misfit_is_named() -> None:
    customer = Terms(price_list="HANDEL", cost_unit="", tax_code="EXP", currency="EUR")
    assert misfits(SHOP_CHF, customer) == {
        "Preisliste": "quotation WEB, customer HANDEL",
        "KTNr": "quotation KT01, customer (none)",
        "WUSTCode": "quotation N81, customer EXP",
        "WaehrAbk": "quotation CHF, customer EUR",
    }


def test_template_assigned_to_a_fitting_customer() -> None:
    assert check_assignment("4711", None, "10001", SHOP_CHF, SHOP_CHF) is True


def test_template_refused_for_a_customer_in_another_currency() -> None:
    with pytest.raises(Conflict) as caught:
        check_assignment("4711", None, "10002", SHOP_CHF, Terms("WEB", "KT01", "N81", "EUR"))
    assert caught.value.status == 409
    assert caught.value.body() == {
        "error": "conflict",
        "error_description": "Template quotation 4711 does not fit customer 10002: different WaehrAbk.",
        "info": {"OffertNr": "4711", "KundNr": "10002", "misfits": {"WaehrAbk": "quotation CHF, customer EUR"}},
    }


def test_own_customer_is_no_assignment_and_another_is_a_409() -> None:
    assert check_assignment("4711", "10001", "10001", SHOP_CHF, SHOP_CHF) is False
    with pytest.raises(Conflict) as caught:
        check_assignment("4711", "10001", "10002", SHOP_CHF, SHOP_CHF)
    assert caught.value.description == "Quotation 4711 belongs to customer 10001; it cannot be assigned to 10002."


def test_conversion_rules() -> None:
    check_conversion("4711", "10001", None, "10001", SHOP_CHF, SHOP_CHF)
    check_conversion("4711", None, None, "10001", SHOP_CHF, SHOP_CHF)
    with pytest.raises(Conflict) as caught:
        check_conversion("4711", "10001", "A-100", "10001", SHOP_CHF, SHOP_CHF)
    assert caught.value.body()["error_description"] == "Quotation 4711 has already been converted into order A-100."
    assert caught.value.info == {"OffertNr": "4711", "AuftNr": "A-100"}
    with pytest.raises(Conflict, match="belongs to customer 10001, not to 10002"):
        check_conversion("4711", "10001", None, "10002", SHOP_CHF, SHOP_CHF)
    with pytest.raises(Conflict, match="different KTNr"):
        check_conversion("4711", None, None, "10002", SHOP_CHF, Terms("WEB", "KT02", "N81", "CHF"))
