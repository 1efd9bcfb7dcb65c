"""What answers carry on the wire: the JSON content type, the headers of a create answer, entity
tags and If-None-Match, and the choice among a route's representations by the Accept header."""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Sequence

JSON_CONTENT_TYPE = "application/json; charset=iso-8859-1"


def create_headers(body: bytes) -> dict[str, str]:
    """The headers the contract asks of create responses."""
    return {
        "Cache-Control": "no-store",
        "Content-MD5": base64.b64encode(hashlib.md5(body, usedforsecurity=False).digest()).decode("ascii"),
        "Content-Length": str(len(body)),
    }


def etag(digest_hex: str) -> str:
    """A strong entity tag of a representation's digest."""
    return f'"{digest_hex}"'


def version_tag(kind: str, key: object, version: int, *shown: object) -> str:
    """The strong entity tag of a record's version (orders, quotations, customers, addresses).

    Made of the record's identity and Version, not of the body bytes: a PATCH that changes a field
    and a second one that changes it back give a third tag, so an If-Match taken before both never
    matches again (with a digest of the body it would, and the client would overwrite unseen
    changes). `shown`: whatever else the answer shows (a customer's orders), so that the tag also
    changes when that does. Hashed, so a client takes it as opaque.
    """
    text = "\x1f".join(str(part) for part in (kind, key, version, *shown))
    return etag(hashlib.sha256(text.encode("utf-8")).hexdigest()[:32])


# What an If-Match may say (RFC 9110, 13.1.1): `*`, or a comma list of entity tags, weak ones included.
ENTITY_TAGS_PATTERN = r'^\s*(\*|(W/)?"[^"\s]*"(\s*,\s*(W/)?"[^"\s]*")*)\s*$'


def well_formed_tags(header_value: str) -> bool:
    """Whether an If-Match value is `*` or a list of entity tags (an empty one is not)."""
    return re.fullmatch(ENTITY_TAGS_PATTERN, header_value) is not None


def if_match(header_value: str | None, tag: str) -> bool:
    """If-Match (RFC 9110, 13.1.1) of an existing record: absent or `*` match; otherwise one of the
    listed tags must be this one, compared strongly (a weak tag never matches)."""
    if header_value is None or header_value.strip() == "*":
        return True
    return tag in (candidate.strip() for candidate in header_value.split(","))


def matches(if_none_match: str | None, tag: str) -> bool:
    """If-None-Match: `*`, one tag, or a comma list; weak tags compare by their value."""
    if not if_none_match:
        return False
    candidates = [c.strip().removeprefix("W/") for c in if_none_match.split(",")]
    return "*" in candidates or tag in candidates


def negotiate(accept: str | None, offered: Sequence[str]) -> str | None:
    """The offered media type the Accept header weighs highest (RFC 9110, 12.5.1), None if none.

    Each offered type takes the q of the most specific range that matches it (`type/subtype` over
    `type/*` over `*/*`); q=0 refuses it. Between equal weights the range the client named first
    wins, then the earlier offered type: so `*/*` and an absent header choose the first offered.
    A range whose q is not a number between 0 and 1 is left out.
    """
    if not accept or not accept.strip():
        return offered[0] if offered else None
    ranges = _media_ranges(accept)
    candidates = []
    for rank, media_type in enumerate(offered):
        kind, _, subtype = media_type.lower().partition("/")
        matching = [
            (_specificity(range_kind, range_subtype, kind, subtype), -position, weight)
            for position, (range_kind, range_subtype, weight) in enumerate(ranges)
            if _specificity(range_kind, range_subtype, kind, subtype) >= 0
        ]
        if matching:
            _, negative_position, weight = max(matching)  # the most specific range, the first of equals
            if weight > 0:
                candidates.append((-weight, -negative_position, rank, media_type))
    return min(candidates)[3] if candidates else None


def _media_ranges(accept: str) -> list[tuple[str, str, float]]:
    """(type, subtype, q) of each range of an Accept header, in its order; malformed ones left out."""
    ranges = []
    for part in accept.split(","):
        media_range, *parameters = (piece.strip() for piece in part.split(";"))
        kind, _, subtype = media_range.lower().partition("/")
        weight = _weight(parameters)
        if kind and subtype and 0.0 <= weight <= 1.0:
            ranges.append((kind, subtype, weight))
    return ranges


def _weight(parameters: list[str]) -> float:
    """The q of a media range's parameters (the last one given), 1 without; -1 when it is not a number."""
    weight = 1.0
    for parameter in parameters:
        name, _, value = parameter.partition("=")
        if name.strip().lower() == "q":
            try:
                weight = float(value.strip())
            except ValueError:
                weight = -1.0
    return weight


def _specificity(range_kind: str, range_subtype: str, kind: str, subtype: str) -> int:
    """2 for an exact range, 1 for `type/*`, 0 for `*/*`, -1 when the range does not match."""
    if (range_kind, range_subtype) == (kind, subtype):
        return 2
    if range_kind == kind and range_subtype == "*":
        return 1
    if (range_kind, range_subtype) == ("*", "*"):
        return 0
    return -1
