"""The money rules: Decimal only, half-up, Rappen rounding of CHF totals."""

from __future__ import annotations

from decimal import Decimal as D
from fractions import Fraction

import pytest

from backoffice.money import (
    cut_to,
    decimal,
    discounted,
    divide,
    finite,
    multiply,
    net_from_gross,
    plain,
    round_cents,
    round_to,
    round_total,
    tax_in_gross,
    tax_on_net,
    total_step,
    without_tax,
)


@pytest.mark.parametrize("value", [0.1, 1.0, True, False, "1.00", None, [D(1)]])
def test_anything_but_decimal_or_int_is_refused_loudly(value: object) -> None:
    with pytest.raises(TypeError, match="Decimal only"):
        decimal(value)


@pytest.mark.parametrize("value", [D("NaN"), D("Infinity"), D("-Infinity"), D("sNaN")])
def test_non_finite_decimals_are_refused(value: D) -> None:
    with pytest.raises(ValueError, match="not a finite amount"):
        decimal(value)


def test_int_becomes_decimal() -> None:
    assert decimal(7) == D(7)
    assert isinstance(decimal(7), D)


def test_float_refused_inside_arithmetic_too() -> None:
    with pytest.raises(TypeError):
        round_cents(0.125)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        multiply(D(2), 1.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        tax_on_net(D(100), 8.1)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (D("0.125"), D("0.13")),  # half-up: half-even would give 0.12
        (D("0.135"), D("0.14")),
        (D("0.1249999"), D("0.12")),
        (D("0.005"), D("0.01")),
        (D("0.004"), D("0.00")),
        (D("-0.125"), D("-0.13")),  # commercial: away from zero
        (D("2"), D("2.00")),
    ],
)
def test_cents_half_up(value: D, expected: D) -> None:
    result = round_cents(value)
    assert result == expected
    assert str(result) == str(expected)  # always two decimals


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (D("1117.48"), D("1117.50")),  # 22349.6 steps -> 22350
        (D("1117.47"), D("1117.45")),
        (D("1117.43"), D("1117.45")),
        (D("1117.42"), D("1117.40")),
        (D("1.025"), D("1.05")),  # exactly half a step: up (half-even would give 1.00)
        (D("1.075"), D("1.10")),
        (D("0.02"), D("0.00")),
        (D("178.37"), D("178.35")),
    ],
)
def test_chf_totals_round_to_five_rappen(value: D, expected: D) -> None:
    assert round_total(value, "CHF") == expected
    assert str(round_total(value, "CHF")) == str(expected)


def test_eur_and_other_currencies_round_to_the_cent() -> None:
    assert round_total(D("1117.48"), "EUR") == D("1117.48")
    assert round_total(D("1.005"), "EUR") == D("1.01")
    assert round_total(D("1117.48"), "USD") == D("1117.48")
    assert total_step("chf ") == D("0.05")
    assert total_step("EUR") == D("0.01")


def test_round_to_refuses_a_step_of_zero() -> None:
    with pytest.raises(ValueError, match="positive"):
        round_to(D(1), D(0))


def test_tax_on_net_and_in_gross() -> None:
    # 600.02 * 8.1 / 100 = 48.60162 -> 48.60
    assert tax_on_net(D("600.02"), D("8.1")) == D("48.60")
    # 83.79 * 19 / 119 = 1592.01 / 119 = 13.3782... -> 13.38
    assert tax_in_gross(D("83.79"), D("19")) == D("13.38")
    # 108.10 contains 8.10 of 8.1 % exactly
    assert tax_in_gross(D("108.10"), D("8.1")) == D("8.10")
    assert tax_on_net(D("123.45"), D("0")) == D("0.00")


def test_net_from_gross_keeps_four_decimals() -> None:
    # 25.00 * 100 / 102.6 = 24.366471734... -> 24.3665
    assert net_from_gross(D("25.00"), D("2.6")) == D("24.3665")
    # 10.81 * 100 / 108.1 = 10 exactly
    assert net_from_gross(D("10.81"), D("8.1")) == D("10.0000")


def test_discount_is_exact_until_rounded_once() -> None:
    # 34.65 * 87.5 / 100 = 30.31875 exactly; rounded once: 30.32
    assert discounted(D("34.65"), D("12.5")) == D("30.31875")
    assert round_cents(discounted(D("34.65"), D("12.5"))) == D("30.32")


def test_products_do_not_lose_digits() -> None:
    # (1e11 - 1e-4) * (1e10 - 1e-4) = 1e21 - 1e-4 * (1e11 + 1e10) + 1e-8 = 1e21 - 11000000 + 0.00000001
    product = multiply(D("99999999999.9999"), D("9999999999.9999"))
    assert product == D("999999999999989000000.00000001")


@pytest.mark.parametrize(
    ("value", "expected"),
    [(D("8.10"), "8.1"), (D("100"), "100"), (D("1E+2"), "100"), (D("2.000"), "2"), (D("0.50"), "0.5")],
)
def test_plain_drops_trailing_zeros_without_exponent(value: D, expected: str) -> None:
    assert str(plain(value)) == expected


def test_quotients_are_exact_and_rounded_once() -> None:
    # 15606.65 x 100 / 103.8 x (100 - 89.62) / 100 = 15606.65 x 0.1 = 1560.665 exactly -> 1560.67;
    # a net amount cut to 60 digits first is 1560.6649999... -> 1560.66 (issue 22)
    net = without_tax(D("15606.65"), D("3.8"))
    assert isinstance(net, Fraction)
    assert discounted(net, D("89.62")) == Fraction("1560.665")
    assert round_cents(discounted(net, D("89.62"))) == D("1560.67")
    assert round_to(divide(D(2), D(3)), D("0.0001")) == D("0.6667")
    assert round_cents(Fraction(-1, 8)) == D("-0.13")  # half-up away from zero, as for Decimals


def test_cut_to_drops_the_rest_towards_zero() -> None:
    assert cut_to(Fraction(2333, 1000), D("0.01")) == D("2.33")
    assert cut_to(Fraction(-2339, 1000), D("0.01")) == D("-2.33")
    assert str(cut_to(D(7), D("0.01"))) == "7.00"


def test_finite_gives_the_decimal_of_a_terminating_fraction_only() -> None:
    assert finite(Fraction(100)) == D(100)
    assert finite(Fraction(5, 8)) == D("0.625")
    with pytest.raises(ValueError, match="no finite decimal expansion"):
        finite(Fraction(1, 3))
