"""What the tests of the generated clients (clients/, issue 28) share: which operation of
docs/openapi.json a request was, whether a typed answer kept the raw body, and the README's
examples of the "Clients" section, which the tests run as they stand."""

from __future__ import annotations

import datetime
import json
import os
import re
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
DOCUMENT = ROOT / "docs" / "openapi.json"
README = ROOT / "README.md"
NODE_MODULES = ROOT / "node_modules"
TSC = NODE_MODULES / ".bin" / "tsc"


def operation_ids() -> dict[tuple[str, str], str]:
    """(METHOD, path template) -> operationId, of every operation of the document."""
    doc = json.loads(DOCUMENT.read_text(encoding="utf-8"))
    return {(m.upper(), path): op["operationId"] for path, item in doc["paths"].items() for m, op in item.items()}


class OperationLog:
    """The operations a client called, told by the method and path of each request it sent."""

    def __init__(self) -> None:
        self.operations = operation_ids()
        self.called: set[str] = set()
        # A template's {name} matches one path segment; literal segments win ("/rechnung/pdf").
        self._patterns = [
            (method, re.compile("^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(path)) + "$"), op)
            for (method, path), op in self.operations.items()
        ]

    def record(self, method: str, path: str) -> str:
        found = [op for m, pattern, op in self._patterns if m == method.upper() and pattern.match(path)]
        assert len(found) == 1, f"{method} {path} is not exactly one operation of docs/openapi.json: {found}"
        self.called.add(found[0])
        return found[0]

    def record_template(self, method: str, template: str) -> str:
        """An operation told by its path template, as openapi-fetch's middleware gives it (schemaPath)."""
        op = self.operations[method.upper(), template]
        self.called.add(op)
        return op

    def missing(self) -> list[str]:
        return sorted(set(self.operations.values()) - self.called)


def json_differences(typed: Any, raw: Any, where: str = "$") -> list[str]:
    """Where a model's to_dict() differs from the raw JSON body: a member lost, added or retyped.

    A timestamp may be written otherwise (`Z` or `+00:00`) as long as it is the same instant, and
    a JSON number the same number (10 and 10.0): JSON does not tell them apart either.
    """
    if isinstance(typed, dict) and isinstance(raw, dict):
        found = [f"{where}.{k}: lost" for k in raw.keys() - typed.keys()]
        found += [f"{where}.{k}: added" for k in typed.keys() - raw.keys()]
        for key in typed.keys() & raw.keys():
            found += json_differences(typed[key], raw[key], f"{where}.{key}")
        return found
    if isinstance(typed, list) and isinstance(raw, list):
        if len(typed) != len(raw):
            return [f"{where}: {len(raw)} items became {len(typed)}"]
        return [
            d for i, (t, r) in enumerate(zip(typed, raw, strict=True)) for d in json_differences(t, r, f"{where}[{i}]")
        ]
    if isinstance(raw, bool) or isinstance(typed, bool):
        same = type(raw) is type(typed) and raw == typed
    elif isinstance(raw, int | float) and isinstance(typed, int | float):
        same = raw == typed
    elif isinstance(raw, str) and isinstance(typed, str) and raw != typed:
        same = _same_instant(typed, raw)
    else:
        same = type(raw) is type(typed) and raw == typed
    return [] if same else [f"{where}: {raw!r} became {typed!r}"]


# The generated models of the document's open maps (additionalProperties: true): their members are data.
OPEN_MAPS = {"ErrorBodyInfo", "EreignisKeys", "EreignisDataType0"}


def undocumented(model: Any, where: str = "$") -> list[str]:
    """Members of an answer its generated model has no field for (kept in additional_properties)."""
    if isinstance(model, list):
        return [d for i, item in enumerate(model) for d in undocumented(item, f"{where}[{i}]")]
    if not hasattr(model, "__attrs_attrs__"):
        return []
    extra = getattr(model, "additional_properties", {})
    found = [] if type(model).__name__ in OPEN_MAPS else [f"{where}.{name}" for name in extra]
    for field in model.__attrs_attrs__:
        if field.name != "additional_properties":
            found += undocumented(getattr(model, field.name), f"{where}.{field.name}")
    return found


def _same_instant(typed: str, raw: str) -> bool:
    try:
        return datetime.datetime.fromisoformat(typed) == datetime.datetime.fromisoformat(raw)
    except ValueError:
        return False


def readme_example(language: str) -> str:
    """The README's example in `language` (python or ts) of its "Clients" section, as it stands."""
    text = README.read_text(encoding="utf-8")
    section = text.split("\n## Clients\n", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(rf"```{language}\n(.*?)```", section, flags=re.DOTALL)
    assert len(blocks) == 1, f"README.md's Clients section has {len(blocks)} {language} examples, not one"
    return str(blocks[0])


def node_env(**values: str) -> dict[str, str]:
    """The environment of a node program of the tests: the stack's address and credentials."""
    return {**os.environ, **values}
