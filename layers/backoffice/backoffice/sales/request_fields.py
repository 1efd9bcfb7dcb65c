"""The field types of the request bodies of orders, quotations and credit notes: the lengths of the
contract's field tables, keys, timestamps, quantities and amounts with their bounds, as pydantic
`Annotated` types. No model here: each document's bodies are in their own module
(`order_models`, `quotation_models`, `credit_note_models`), so that a function builds only its own
at its cold start (ADR 0040).
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Annotated

from pydantic import AfterValidator, Field, StringConstraints, WithJsonSchema
from pydantic_core import PydanticCustomError

from backoffice.models import LONG_INTEGER, NUMBER_RULE, Number
from backoffice.money import MAX_DOCUMENT_TOTAL, MAX_QUANTITY, MAX_UNIT_PRICE
from backoffice.timestamps import utc_text


def utc_timestamp(value: str) -> str:
    """ISO 8601 date or time, with or without Z; answered as UTC with a trailing Z, written by the
    one formatter (`timestamps.utc_text`: always four-digit years, 0001-01-01T00:00:00Z)."""
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        try:
            parsed = datetime.combine(date.fromisoformat(value), datetime.min.time())
        except ValueError:
            raise ValueError("must be an ISO 8601 date or time, e.g. 2026-11-23T09:30:00Z") from None
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=UTC)
    try:
        return utc_text(parsed.replace(microsecond=0), "seconds")
    except OverflowError:
        # 0001-01-01T00:00:00+01:00 is a moment before the year 1 in UTC: no datetime holds it.
        raise ValueError("must be a moment from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z in UTC") from None


# varchar(n) of the contract: free text of at most n characters.
Text36 = Annotated[str, StringConstraints(max_length=36)]
Text60 = Annotated[str, StringConstraints(max_length=60)]
Text80 = Annotated[str, StringConstraints(max_length=80)]
Text200 = Annotated[str, StringConstraints(max_length=200)]
Text255 = Annotated[str, StringConstraints(max_length=255)]
Text2048 = Annotated[str, StringConstraints(max_length=2048)]
# Keys and codes: a blank one would match nothing, so it is refused; surrounding blanks are dropped.
KundNrStr = Annotated[str, StringConstraints(min_length=1, max_length=8, strip_whitespace=True)]
ArtNrStr = Annotated[str, StringConstraints(min_length=1, max_length=15, strip_whitespace=True)]
KTNrStr = Annotated[str, StringConstraints(min_length=1, max_length=6, strip_whitespace=True)]
OffertNrStr = Annotated[str, StringConstraints(min_length=1, max_length=10, strip_whitespace=True)]
VPEinheitStr = Annotated[str, StringConstraints(min_length=1, max_length=30, strip_whitespace=True)]
Timestamp = Annotated[
    str,
    StringConstraints(max_length=20),
    AfterValidator(utc_timestamp),
    Field(
        description="An ISO 8601 date or date and time of at most 20 characters: 2026-11-23, 20261123,"
        " 2026-W48-1, 2026-11-23T09:30, 2026-11-23T09:30:00Z, 2026-11-23T09:30+01, 20261123T093000Z;"
        " no zone means UTC, fractions of a second are dropped. Answered as UTC, YYYY-MM-DDTHH:MM:SSZ"
        " with four-digit years (0001-01-01T00:00:00Z), in the field of the same name ending in UTC."
    ),
]
Currency = Annotated[str, StringConstraints(min_length=3, max_length=4, pattern=r"^[A-Za-z]+$", to_upper=True)]
Country = Annotated[str, StringConstraints(min_length=2, max_length=4, pattern=r"^[A-Za-z]+$", to_upper=True)]
# Quantities and amounts: at most 15 digits, 4 of them after the point (amounts: 2), so that every
# value fits DynamoDB's number, and at most what an invoice can carry (issue 22: money.MAX_*; the
# document's total, AuftBrutto, is bounded where it is computed, sales.drafts.check_total).
# docs/openapi.json states each bound the model checks, the decimal places as multipleOf, so that a
# request valid by the document is not refused for an unstated bound.


def _documented(places: int, maximum: Decimal, *, positive: bool = False) -> WithJsonSchema:
    """The JSON Schema of a number of `places` decimals up to `maximum`, >= 0 (> 0).

    The model checks the value as a Decimal (max_digits, decimal_places, le); docs/openapi.json
    states the same bounds, and there a bound can only be a JSON number: the one place a float
    appears, as documentation, never in arithmetic.
    """
    step = Decimal("0.0001") if places == 4 else Decimal("0.01")
    lower = {"exclusiveMinimum": 0} if positive else {"minimum": 0}
    return WithJsonSchema(
        {
            "type": "number",
            **lower,
            "maximum": float(maximum),
            "multipleOf": float(step),
            "description": f"At most {places} decimal places. {NUMBER_RULE}",
        }
    )


def _at_most(maximum: Decimal) -> AfterValidator:
    """`le` said as a number: pydantic's own message would show the bound as Decimal('...')."""

    def check(value: Decimal) -> Decimal:
        if value > maximum:
            raise PydanticCustomError(
                "less_than_equal", "Input should be less than or equal to {le}", {"le": str(maximum)}
            )
        return value

    return AfterValidator(check)


Quantity = Annotated[
    Number,
    Field(gt=0, max_digits=15, decimal_places=4),
    _at_most(MAX_QUANTITY),
    _documented(4, MAX_QUANTITY, positive=True),
]
PatchQuantity = Annotated[
    Number, Field(ge=0, max_digits=15, decimal_places=4), _at_most(MAX_QUANTITY), _documented(4, MAX_QUANTITY)
]
Price = Annotated[
    Number, Field(ge=0, max_digits=15, decimal_places=4), _at_most(MAX_UNIT_PRICE), _documented(4, MAX_UNIT_PRICE)
]
# AuftLiefKost: part of the total, so never more than it.
Money = Annotated[
    Number,
    Field(ge=0, max_digits=15, decimal_places=2),
    _at_most(MAX_DOCUMENT_TOTAL),
    _documented(2, MAX_DOCUMENT_TOTAL),
]
Percent = Annotated[
    Number,
    Field(ge=0, le=100, max_digits=7, decimal_places=4),
    WithJsonSchema(
        {
            "type": "number",
            "minimum": 0,
            "maximum": 100,
            "multipleOf": 0.0001,
            "description": f"A percentage, at most 4 decimal places. {NUMBER_RULE}",
        }
    ),
]
PositionNumber = Annotated[int, Field(ge=1, le=999_999), LONG_INTEGER]
