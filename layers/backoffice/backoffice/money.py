"""The money rules of the back-office, in one place (ADR 0010).

- Amounts and quantities are `Decimal` from input to output. A binary float is refused loudly
  (TypeError), never converted: 0.1 as a float is not 0.1.
- Rounding is commercial: half-up, away from zero for negative amounts (ROUND_HALF_UP).
- A position total is rounded to 2 decimals; the tax of the recapitulation is computed on the
  amount merged per tax code, not summed from the positions; the gross total of a document is
  rounded to the currency's smallest coin: 0.05 for CHF (Rappen rounding), 0.01 otherwise.
- Intermediate values are exact: Decimal multiplication of finite decimals does not round under
  the precision set here, and every quotient is an exact `Fraction` (a division at any finite
  precision truncates: 15606.65 x 100 / 103.8 x 10.38 / 100 is 1560.665 exactly, but
  1560.66499... after a 60-digit division), so every rounded figure is the exact value rounded once.
"""

from __future__ import annotations

from decimal import Decimal, localcontext
from fractions import Fraction
from math import floor
from typing import Any

CENT = Decimal("0.01")
# Unit prices shown after a conversion (gross to net, pack to piece) keep four decimals.
UNIT_PRICE_STEP = Decimal("0.0001")
HUNDRED = Decimal(100)
ZERO = Decimal(0)
# The limits of what one invoice can carry, and so of what a document may hold (issue 22,
# ADR 0014): the Swiss QR-bill and the EPC code take at most 999,999,999.99.
MAX_DOCUMENT_TOTAL = Decimal("999999999.99")  # AuftBrutto (a CHF total rounds to 999,999,999.95)
MAX_UNIT_PRICE = MAX_DOCUMENT_TOTAL  # Preis: one unit never costs more than an invoice can ask
MAX_QUANTITY = Decimal("9999999.9999")  # Menge: ten million units of one article, 4 decimals

# The smallest coin of a currency: its document totals are rounded to it.
_TOTAL_STEP = {"CHF": Decimal("0.05")}

# Far more digits than any product of amounts and quantities the API accepts (15 digits, 4 decimals) needs.
_PRECISION = 60

# An exact value before rounding: a Decimal (products) or a Fraction (quotients).
Exact = Decimal | Fraction


def decimal(value: Any, what: str = "amount") -> Decimal:
    """An exact amount: Decimal or int pass; float, bool, str, NaN and infinities are refused."""
    if isinstance(value, int) and not isinstance(value, bool):
        return Decimal(value)
    if not isinstance(value, Decimal):
        raise TypeError(f"{what}: {type(value).__name__} {value!r} refused, money is Decimal only")
    if not value.is_finite():
        raise ValueError(f"{what}: {value} is not a finite amount")
    return value


def exact(value: Any, what: str = "amount") -> Fraction:
    """`value` as an exact Fraction; a Fraction passes, anything else goes through `decimal`."""
    if isinstance(value, Fraction):
        return value
    return Fraction(decimal(value, what))


def round_to(value: Exact, step: Decimal) -> Decimal:
    """`value` rounded half-up to a multiple of `step` (0.01, 0.05, 0.0001, ...), from its exact value."""
    step = decimal(step, "step")
    if step <= 0:
        raise ValueError(f"rounding step {step} must be positive")
    units = exact(value) / Fraction(step)
    return _steps(floor(abs(units) + Fraction(1, 2)), units < 0, step)


def cut_to(value: Exact, step: Decimal) -> Decimal:
    """`value` cut towards zero to a multiple of `step` (the shares of `calculation.allocate`)."""
    step = decimal(step, "step")
    units = exact(value) / Fraction(step)
    return _steps(floor(abs(units)), units < 0, step)


def _steps(count: int, negative: bool, step: Decimal) -> Decimal:
    with localcontext() as ctx:
        ctx.prec = _PRECISION
        return (Decimal(-count if negative else count) * step).quantize(step)


def finite(value: Fraction) -> Decimal:
    """A Fraction with a finite decimal expansion (e.g. a whole number of packs) as the same Decimal."""
    scaled, digits = value, 0
    while scaled.denominator != 1:
        if digits == _PRECISION:
            raise ValueError(f"{value} has no finite decimal expansion")
        scaled, digits = scaled * 10, digits + 1
    with localcontext() as ctx:
        ctx.prec = _PRECISION
        return Decimal(scaled.numerator).scaleb(-digits)


def round_cents(value: Exact) -> Decimal:
    """Half-up to 2 decimals: position totals, position tax, recap tax."""
    return round_to(value, CENT)


def total_step(currency: str) -> Decimal:
    """The rounding step of a document total in `currency`: 0.05 for CHF, 0.01 for the others."""
    return _TOTAL_STEP.get(currency.strip().upper(), CENT)


def round_total(value: Decimal, currency: str) -> Decimal:
    """A document's gross total rounded to the smallest coin of its currency (CHF: 0.05)."""
    return round_to(value, total_step(currency))


def multiply(*factors: Decimal) -> Decimal:
    """The exact product (no rounding: the precision exceeds the digits of any product we form)."""
    with localcontext() as ctx:
        ctx.prec = _PRECISION
        result = Decimal(1)
        for factor in factors:
            result *= decimal(factor, "factor")
        return result


def divide(dividend: Exact, divisor: Exact) -> Fraction:
    """The exact quotient; round it with round_to afterwards, once."""
    return exact(dividend) / exact(divisor, "divisor")


def discounted(amount: Exact, discount_percent: Decimal) -> Fraction:
    """`amount` less `discount_percent` %, exact (the caller rounds once)."""
    return exact(amount) * (100 - exact(discount_percent, "discount")) / 100


def tax_on_net(net: Exact, rate_percent: Decimal) -> Decimal:
    """Tax on a net amount, half-up to 2 decimals."""
    return round_cents(exact(net) * exact(rate_percent, "rate") / 100)


def tax_in_gross(gross: Exact, rate_percent: Decimal) -> Decimal:
    """The tax contained in a gross amount (gross * rate / (100 + rate)), half-up to 2 decimals."""
    rate = exact(rate_percent, "rate")
    return round_cents(exact(gross) * rate / (100 + rate))


def without_tax(gross: Exact, rate_percent: Decimal) -> Fraction:
    """The exact net of a gross amount (gross * 100 / (100 + rate)); the caller rounds once."""
    return exact(gross) * 100 / (100 + exact(rate_percent, "rate"))


def net_from_gross(unit_price: Exact, rate_percent: Decimal) -> Decimal:
    """A gross unit price without its tax, half-up to 4 decimals (UNIT_PRICE_STEP): shown, not multiplied."""
    return round_to(without_tax(unit_price, rate_percent), UNIT_PRICE_STEP)


def plain(value: Decimal) -> Decimal:
    """Trailing zeros of a quantity or rate removed, without exponent notation (8.10 -> 8.1, 100 stays 100)."""
    value = decimal(value)
    if value == value.to_integral_value():
        return value.quantize(Decimal(1))
    return value.normalize()
