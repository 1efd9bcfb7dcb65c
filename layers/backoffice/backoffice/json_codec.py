"""The one JSON codec of the service: ASCII-only output, money as exact decimals, empty fields left out.

Every non-ASCII character is written as a \\u escape, so a body is valid ISO-8859-1 (and UTF-8)
whatever a proxy does to it. Decimals are written as JSON numbers with their exact digits; numbers
read with a fraction become Decimal, never a binary float. Answers, events and stored JSON use it.
"""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

import simplejson

_ENVELOPE = frozenset({"data", "count", "success", "links"})


def _has_data(value: Any) -> bool:
    return value is not None and value != "" and value != [] and value != {}


def prune(value: Any) -> Any:
    """Leave out fields without data: None, empty strings, empty lists and objects."""
    if isinstance(value, dict):
        pruned = {k: prune(v) for k, v in value.items()}
        return {k: v for k, v in pruned.items() if _has_data(v)}
    if isinstance(value, (list, tuple)):
        return [prune(v) for v in value]
    return value


def dumps(payload: Any, keep: frozenset[str] = _ENVELOPE) -> str:
    """`keep`: the top-level members written even when empty (the envelope; the error body's info)."""
    payload = (
        prune(payload)
        if not isinstance(payload, dict)
        else {
            # The envelope's members stay even when empty: an empty list is an answer.
            k: prune(v)
            for k, v in payload.items()
            if (k in keep and v is not None) or _has_data(prune(v))
        }
    )
    return simplejson.dumps(payload, ensure_ascii=True, use_decimal=True, separators=(",", ":"))


def loads(text: str | bytes) -> Any:
    """Request JSON: numbers with a fraction become Decimal, never a binary float; NaN is refused."""
    source = text.decode("utf-8") if isinstance(text, bytes) else text

    def no_constant(name: str) -> Any:
        raise json.JSONDecodeError(f"{name} is not a number JSON allows", source, source.find(name))

    return json.loads(source, parse_float=Decimal, parse_constant=no_constant)
