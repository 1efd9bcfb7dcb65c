"""The base of every request model: unknown keys refused, no silent type coercion."""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, WithJsonSchema


class RequestModel(BaseModel):
    """A request body part. A wrong type or an unknown key is a 400 naming the field."""

    model_config = ConfigDict(extra="forbid", strict=True)


def _number(value: Any) -> Any:
    # JSON numbers arrive as int or Decimal (never float, see encoding.loads); bool is not a number.
    if isinstance(value, int) and not isinstance(value, bool):
        return Decimal(value)
    return value


# A quantity or an amount: any JSON number, kept as an exact Decimal (documented as a JSON number,
# which is what it accepts and what encoding.dumps writes; pydantic alone would say "or a string").
Number = Annotated[Decimal, BeforeValidator(_number), WithJsonSchema({"type": "number"})]
