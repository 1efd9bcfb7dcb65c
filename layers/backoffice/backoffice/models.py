"""The base of every request model: unknown keys refused, no silent type coercion, only XML 1.0 text."""

from __future__ import annotations

from decimal import ROUND_HALF_EVEN, Decimal, InvalidOperation
from typing import Annotated, Any, ClassVar

# A handler takes ConfigDict and Field from here (re-exported with `as`), not from pydantic: isort
# puts a handler's third-party imports before the layer's, and the layer's first import must come
# before pydantic's (backoffice/coldstart/precompiled.py serves pydantic's dataclasses only from then on).
from pydantic import (
    BaseModel,
    BeforeValidator,
    ValidationInfo,
    WithJsonSchema,
    field_validator,
    model_validator,
)
from pydantic import ConfigDict as ConfigDict
from pydantic import Field as Field
from pydantic_core import PydanticCustomError

from backoffice.text import XML_TEXT_PATTERN, first_illegal


class RequestModel(BaseModel):
    """A request body part. A wrong type, an unknown key or a text XML 1.0 cannot carry is a 400 naming the field."""

    # Built at its first validation, not at import: a cold start builds only the models its first
    # request validates (a GET builds none), not every body model its handler declares.
    model_config = ConfigDict(
        extra="forbid", strict=True, defer_build=True, json_schema_extra=lambda schema, _: _xml_text_schema(schema)
    )

    @model_validator(mode="before")
    @classmethod
    def _json_object_only(cls, value: Any) -> Any:
        # powertools validates a body with from_attributes=True: any Python object, such as the
        # Decimal of a JSON number, would pass as a model whose fields are all optional.
        if not isinstance(value, (dict, cls)):
            raise PydanticCustomError("model_type", "Input should be an object")
        return value

    # Fields that carry base64, not text: their strict base64 decoding refuses every character
    # outside its alphabet already, and scanning megabytes of it for XML's characters would cost
    # a ZUGFeRD request ~35 ms per 4.5 MB (a regular expression over the whole string).
    binary_fields: ClassVar[frozenset[str]] = frozenset()

    @field_validator("*", mode="after")
    @classmethod
    def _xml_text(cls, value: Any, info: ValidationInfo) -> Any:
        # Every text of every request lands on an invoice (XML 1.0) sooner or later: a character it
        # cannot carry is refused here, once for all models, naming the field, rather than stored
        # and found by the invoice's XML build as a 500 (ADR 0004).
        if isinstance(value, str) and info.field_name not in cls.binary_fields and (why := first_illegal(value)):
            raise PydanticCustomError("xml_character", "contains a character XML 1.0 cannot carry: {why}", {"why": why})
        return value


def _xml_text_schema(schema: dict[str, Any]) -> None:
    # docs/openapi.json states the rule of `_xml_text` on each text property that has no pattern
    # of its own (codes and dates are narrower already): a client's validator sees it too.
    for prop in schema.get("properties", {}).values():
        for option in [prop, *prop.get("anyOf", [])]:
            if option.get("type") == "string" and "pattern" not in option and "enum" not in option:
                option["pattern"] = XML_TEXT_PATTERN


# What a binary double holds exactly: JavaScript and PHP clients compute amounts in doubles and
# write them with up to 17 digits (10.1 + 0.2 is 10.299999999999999), which stand for 15.
DOUBLE_DIGITS = 15
NUMBER_RULE = (
    f"A number with a fraction and more than {DOUBLE_DIGITS} significant digits, as a binary double"
    f" writes it, is first rounded to {DOUBLE_DIGITS} (10.299999999999999 is read as 10.3); then the"
    " field's decimal places are checked."
)


def as_meant(value: Decimal) -> Decimal:
    """`value` rounded to 15 significant digits when it has a fraction and more, trailing zeros gone.

    Numbers without a fraction, or of 15 digits at most, are left exactly as written, so the field's
    own checks still name what is wrong with them (an overlong integer, 5e-324's places).
    """
    exponent = value.as_tuple().exponent
    if not isinstance(exponent, int) or exponent >= 0 or len(value.as_tuple().digits) <= DOUBLE_DIGITS:
        return value
    try:
        rounded = value.quantize(Decimal(1).scaleb(value.adjusted() - DOUBLE_DIGITS + 1), ROUND_HALF_EVEN)
    except InvalidOperation:  # beyond the decimal context's exponents: refused by the field's places
        return value
    return rounded.quantize(Decimal(1)) if rounded == rounded.to_integral_value() else rounded.normalize()


def _number(value: Any) -> Any:
    # JSON numbers arrive as int or Decimal (never float, see json_codec.loads); bool is not a number.
    if isinstance(value, int) and not isinstance(value, bool):
        return Decimal(value)
    if isinstance(value, Decimal):
        return as_meant(value)
    # Said in JSON's words: pydantic's own "an instance of Decimal" names a Python class to a client.
    raise PydanticCustomError("number_type", "Input should be a number")


# A quantity or an amount: any JSON number, kept as an exact Decimal (documented as a JSON number,
# which is what it accepts and what json_codec.dumps writes; pydantic alone would say "or a string").
Number = Annotated[Decimal, BeforeValidator(_number), WithJsonSchema({"type": "number"})]


# The contract's `int` is a SQL int (32-bit signed); a field states its own bounds (SqlInt, TinyInt ...).
INT_MAX = 2**31 - 1
_BEYOND = 10**40


def _long_integer(value: Any) -> Any:
    # An integer literal too long for int() arrives as Decimal (json_codec.loads): it becomes a number
    # beyond every bound, so that the field's own bound refuses it and names the field.
    if isinstance(value, Decimal) and value.is_finite() and len(value.as_tuple().digits) > 40:
        return _BEYOND if value > 0 else -_BEYOND
    return value


# An integer of a request: JSON integers only (strict), with its bounds *before* this validator, as
# `Annotated[int, Field(ge=..., le=...), LONG_INTEGER]`. Bounds after it (`Annotated[Annotated[int,
# LONG_INTEGER], Field(ge=0)]`) are checked all the same, but pydantic can no longer put them on the
# integer's schema and writes them into docs/openapi.json as its own keys `ge`/`le`, which no JSON
# Schema tool reads; before it, they are `minimum`/`maximum`.
LONG_INTEGER = BeforeValidator(_long_integer)
# The contract's `int` (a SQL int, here never negative) and `tinyint`.
SqlInt = Annotated[int, Field(ge=0, le=INT_MAX), LONG_INTEGER]
TinyInt = Annotated[int, Field(ge=0, le=255), LONG_INTEGER]


def _not_boolean(value: Any) -> Any:
    # True == 1 in Python, so a Literal[0, 1, 2] takes `true` even in strict mode: JSON's true is no number.
    if isinstance(value, bool):
        raise PydanticCustomError("literal_error", "Input should be a number, not a boolean")
    return value


# For a Literal of numbers: Annotated[Literal[0, 1], NOT_BOOLEAN].
NOT_BOOLEAN = BeforeValidator(_not_boolean)
