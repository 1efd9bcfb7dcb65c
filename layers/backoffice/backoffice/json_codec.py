"""The one JSON codec of the service: ASCII-only output, money as exact decimals, empty fields left out.

Every non-ASCII character is written as a \\u escape, so a body is valid ISO-8859-1 (and UTF-8)
whatever a proxy does to it. Decimals are written as JSON numbers with their exact digits; numbers
read with a fraction become Decimal, never a binary float. Answers, events and stored JSON use it.
"""

from __future__ import annotations

import json
import re
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
    if isinstance(payload, dict):
        # Each member pruned once (the events of a payments import: a third of their JSON time was a
        # second pruning); the envelope's members stay even when empty: an empty list is an answer.
        pruned = {k: prune(v) for k, v in payload.items()}
        payload = {k: v for k, v in pruned.items() if (k in keep and payload[k] is not None) or _has_data(v)}
    else:
        payload = prune(payload)
    text: str = simplejson.dumps(payload, ensure_ascii=True, use_decimal=True, separators=(",", ":"))
    return text


# The deepest body of the contract (an order: GrundDaten, Adressen.KontaktAdr, Positionen[n]) nests
# three levels; 32 leaves room and stays far below the interpreter's recursion limit, which a deeper
# body would otherwise hit inside the parser.
MAX_DEPTH = 32
# Integer literals longer than this are kept as Decimal: Python refuses to convert more than 4,300
# digits to int, and no field takes more than 38 (DynamoDB's precision), so the field's own bound
# then refuses the number and names the field.
_MAX_INT_DIGITS = 40
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKETS = bytes(c for c in range(256) if c not in b"[]{}")
# Escapes that decode to a lone surrogate or to NUL: only then is the parsed value walked.
_SUSPECT_ESCAPE = re.compile(r"\\u(?:[dD][89a-fA-F]|0000)")
_SURROGATE_OR_NUL = re.compile("[\ud800-\udfff\x00]")


class BodyRefused(ValueError):
    """JSON that parses (or would) but that the service does not take: too deep, duplicate keys, ..."""


def nesting_depth_exceeds(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether arrays and objects nest deeper than `limit`, found without recursion and at C speed.

    A body with at most `limit` opening brackets (a base64 PDF has none) cannot be deeper. Otherwise
    strings are cut out, and each pass removes every innermost `[]` and `{}` pair: a body at most
    `limit` deep is empty after `limit` passes, and a run of more than `limit` opening brackets is
    deeper at once. When a pass removes nothing, the brackets left do not match: a few of them are
    left to the parser (it then recurses at most twice `limit` deep and says what is wrong), more
    count as too deep.
    """
    if _at_most(text, "[{", limit):
        return False
    brackets = _STRING.sub("", text).encode("utf-8", "surrogatepass").translate(None, _NOT_BRACKETS)
    too_deep = re.compile(rb"[\[{]{%d}" % (limit + 1))
    for _ in range(limit):
        if too_deep.search(brackets):
            return True
        # A placeholder first, so that `{[]}` loses one level per pass, not two.
        reduced = brackets.replace(b"[]", b".").replace(b"{}", b".").translate(None, b".")
        if reduced == brackets:
            return len(brackets) > limit
        if not reduced:
            return False
        brackets = reduced
    return True


def _at_most(text: str, chars: str, limit: int) -> bool:
    """Whether `text` holds at most `limit` of these characters together. By `find`, which is memchr
    and stops at the first one past the limit: `count` read a megabyte of base64 in 0.4 ms per
    character, `find` in 0.01 ms."""
    seen = 0
    for char in chars:
        at = text.find(char)
        while at != -1:
            seen += 1
            if seen > limit:
                return False
            at = text.find(char, at + 1)
    return True


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    value = dict(pairs)
    if len(value) != len(pairs):
        seen: set[str] = set()
        twice = next(k for k, _ in pairs if k in seen or seen.add(k))  # type: ignore[func-returns-value]
        raise BodyRefused(f"the key {twice!r} occurs twice in one object")
    return value


def _integer(digits: str) -> int | Decimal:
    return int(digits) if len(digits) <= _MAX_INT_DIGITS else Decimal(digits)


def _has_surrogate_or_nul(value: Any) -> bool:
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if _SURROGATE_OR_NUL.search(item):
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def loads(text: str | bytes) -> Any:
    """Request JSON: numbers with a fraction become Decimal, never a binary float; NaN is refused.

    A body nested deeper than MAX_DEPTH, an object with a key twice (which value would count?), a
    lone UTF-16 surrogate (no UTF-8 store takes it) or NUL in a string is a BodyRefused.
    """
    source = text.decode("utf-8") if isinstance(text, bytes) else text

    def no_constant(name: str) -> Any:
        raise json.JSONDecodeError(f"{name} is not a number JSON allows", source, source.find(name))

    if nesting_depth_exceeds(source):
        raise BodyRefused(f"arrays and objects nest deeper than {MAX_DEPTH} levels, or their brackets do not match")
    value = json.loads(
        source, parse_float=Decimal, parse_int=_integer, parse_constant=no_constant, object_pairs_hook=_object
    )
    # One character first: memchr finds no backslash in a megabyte of base64 at once, where the
    # two-character search takes a millisecond.
    if "\\" in source and "\\u" in source and _SUSPECT_ESCAPE.search(source) and _has_surrogate_or_nul(value):
        raise BodyRefused("a string holds a lone UTF-16 surrogate or NUL (\\u0000)")
    return value
