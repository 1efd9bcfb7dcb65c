"""docs/openapi.json states every bound in JSON Schema's words (issue 22): `minimum`/`maximum`, never
pydantic's own `ge`/`le`/`gt`/`lt`, which no JSON Schema tool (schemathesis, code generators) reads."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from local.openapi import DOCUMENT

NON_STANDARD = {"ge", "le", "gt", "lt"}
# Maps whose keys are names chosen by the API (a field called `le` would be no bound).
NAMED = {"properties", "patternProperties", "$defs", "schemas", "paths", "responses", "headers", "content"}


def non_standard_keys(node: Any, path: str = "") -> Iterator[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key in NON_STANDARD and path.rsplit("/", 1)[-1] not in NAMED:
                yield f"{path}/{key}"
            yield from non_standard_keys(value, f"{path}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from non_standard_keys(value, f"{path}/{index}")


def test_no_schema_of_the_document_has_a_non_standard_bound():
    document = json.loads(DOCUMENT.read_text(encoding="utf-8"))
    assert list(non_standard_keys(document)) == []


def test_the_integer_bounds_are_minimum_and_maximum():
    schemas = json.loads(DOCUMENT.read_text(encoding="utf-8"))["components"]["schemas"]
    integers = {
        name: variant
        for schema in schemas.values()
        for name, field in (schema.get("properties") or {}).items()
        if name in {"StaoNr", "KundBedTyp", "VisPosNr", "PosNr", "KreditLimit"}
        for variant in [field, *(field.get("anyOf") or [])]
        if variant.get("type") == "integer" and "readOnly" not in variant
    }
    bounds = {name: (v.get("minimum"), v.get("maximum")) for name, v in integers.items()}
    assert {name: bounds.get(name) for name in ("StaoNr", "KundBedTyp", "KreditLimit")} == {
        "StaoNr": (0, 2147483647),
        "KundBedTyp": (0, 255),
        "KreditLimit": (0, 2147483647),
    }
