"""ISO code lists (countries, currencies, languages), read from the file tools/reference_data.py derives.

The file is loaded once per container, on first use, so functions that never check a code pay nothing.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

# For docs/openapi.json: the form of each code (the lists themselves are checked by the *_problem
# functions below; as enums they would make schemathesis' coverage phase try every code).
LANGUAGE_SCHEMA: dict[str, Any] = {"pattern": "^[a-z]{3}$", "examples": ["ger", "fre", "ita", "eng"]}
COUNTRY_SCHEMA: dict[str, Any] = {"pattern": "^[A-Z]{2}$", "examples": ["CH", "DE", "LI"]}
CURRENCY_SCHEMA: dict[str, Any] = {"pattern": "^[A-Z]{3}$", "examples": ["CHF", "EUR"]}


@cache
def _codes() -> dict[str, Any]:
    return dict(json.loads((resources.files("backoffice") / "data" / "iso_codes.json").read_text("utf-8")))


@cache
def countries() -> frozenset[str]:
    return frozenset(_codes()["countries"])


@cache
def currencies() -> frozenset[str]:
    return frozenset(_codes()["currencies"])


@cache
def languages() -> frozenset[str]:
    return frozenset(_codes()["languages"])


def country_problem(code: str) -> str | None:
    """What is wrong with an ISO 3166 alpha-2 country code, or None."""
    if code in countries():
        return None
    if code.upper() in countries():
        return f"country codes are upper case: {code.upper()}"
    return "not an ISO 3166 alpha-2 country code"


def currency_problem(code: str) -> str | None:
    if code in currencies():
        return None
    if code.upper() in currencies():
        return f"currency codes are upper case: {code.upper()}"
    return "not an ISO 4217 currency code"


def language_problem(code: str) -> str | None:
    """What is wrong with an ISO 639-2/B language code, or None (deu is named as ger, and so on)."""
    if code in languages():
        return None
    lower = code.lower()
    bibliographic = _codes()["terminology_to_bibliographic"].get(lower)
    if bibliographic:
        return f"use the ISO 639-2/B code {bibliographic} (not the terminology code {lower})"
    if lower in languages():
        return f"language codes are lower case: {lower}"
    return "not an ISO 639-2/B language code"
