"""Response encoding: ASCII-only JSON under charset=iso-8859-1, money as exact decimals.

Every non-ASCII character is written as a \\u escape, so the body is valid ISO-8859-1 (and
UTF-8) whatever a proxy does to it. Decimals are written as JSON numbers with their exact digits.
"""

from __future__ import annotations

import base64
import hashlib
import json
from decimal import Decimal
from typing import Any

import simplejson

JSON_CONTENT_TYPE = "application/json; charset=iso-8859-1"
_ENVELOPE = frozenset({"data", "count", "success", "links"})
# The error body always has its three members, `info` even when it is {} (as the gateway's answers).
ERROR_MEMBERS = frozenset({"error", "error_description", "info"})


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


def create_headers(body: bytes) -> dict[str, str]:
    """The headers the contract asks of create responses."""
    return {
        "Cache-Control": "no-store",
        "Content-MD5": base64.b64encode(hashlib.md5(body, usedforsecurity=False).digest()).decode("ascii"),
        "Content-Length": str(len(body)),
    }
