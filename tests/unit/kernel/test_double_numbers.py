"""Numbers written from binary doubles (JavaScript, PHP) are read as the decimal they stand for.

A double holds 15 significant decimal digits exactly; `10.1 + 0.2` is written `10.299999999999999`.
`backoffice.models.Number` rounds a number with a fraction and more than 15 significant digits to
15 before any field checks its places, so the value meant (10.3) is accepted and a value with too
many places (10.12345 in a 4-place field) is still refused.
"""

from __future__ import annotations

from decimal import Decimal as D

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError

from backoffice import json_codec
from backoffice.sales.request_fields import Money, Price, Quantity


class Fields(BaseModel):
    Preis: Price | None = None
    Menge: Quantity | None = None
    Kosten: Money | None = None


def read(text: str) -> Fields:
    return Fields.model_validate(json_codec.loads(text))


@pytest.mark.parametrize(
    ("raw", "field", "value"),
    [
        ("10.299999999999999", "Preis", D("10.3")),  # 10.1 + 0.2 in doubles
        ("0.30000000000000004", "Preis", D("0.3")),  # 0.1 + 0.2
        ("1.1500000000000001", "Kosten", D("1.15")),
        ("3.3000000000000003", "Menge", D("3.3")),  # 1.1 * 3
        ("19.899999999999999", "Kosten", D("19.9")),
        ("2.0000000000000004", "Menge", D("2")),
        ("10.3", "Preis", D("10.3")),  # a decimal as written stays as it is
        ("12.3456", "Preis", D("12.3456")),
    ],
)
def test_a_double_is_read_as_the_decimal_it_stands_for(raw: str, field: str, value: D) -> None:
    got = getattr(read(f'{{"{field}": {raw}}}'), field)
    assert got == value
    assert str(got) == str(value)  # its digits too: the stored number and the answer show 10.3


@pytest.mark.parametrize(
    ("raw", "field", "says"),
    [
        ("10.12345", "Preis", "no more than 4 decimal places"),  # 7 digits: not a double's artefact
        ("1.001", "Kosten", "no more than 2 decimal places"),
        ("0.123456789012345678", "Preis", "no more than 4 decimal places"),  # 0.123456789012346 still has 15
        ("5e-324", "Menge", "no more than 15 digits"),
    ],
)
def test_places_are_checked_after_rounding(raw: str, field: str, says: str) -> None:
    with pytest.raises(ValidationError) as caught:
        read(f'{{"{field}": {raw}}}')
    assert says in str(caught.value)


@given(st.decimals(min_value=0, max_value=D("99999999.9999"), places=4))
def test_any_four_place_price_written_as_a_double_reads_back_exactly(price: D) -> None:
    as_double = repr(float(price))  # what JSON.stringify writes: the shortest text of the double
    assert read(f'{{"Preis": {as_double}}}').Preis == price


@given(
    st.decimals(min_value=0, max_value=D("9999999.99"), places=2),
    st.decimals(min_value=0, max_value=D("9999999.99"), places=2),
)
def test_a_sum_computed_in_doubles_reads_as_the_decimal_sum(a: D, b: D) -> None:
    as_double = repr(float(a) + float(b))
    assert read(f'{{"Kosten": {as_double}}}').Kosten == a + b
