"""The placeholder routes of the handlers, read from their source (not by importing them).

A placeholder is a route registered as `app.<method>("/www/...")(not_implemented(...))`
(`backoffice.http.resolver.not_implemented`). The OpenAPI generator finds them on the loaded resolvers; the
tests find them here, in the source, so the two ways can be compared.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from local.template import Stack

_METHODS = {"get", "post", "put", "patch", "delete", "head", "options"}


def placeholders_in(source: str) -> set[tuple[str, str]]:
    """(METHOD, /openapi/{path}) of every route the source registers with not_implemented."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and node.args and _is_not_implemented(node.args[0])):
            continue
        register = node.func
        if not (isinstance(register, ast.Call) and isinstance(register.func, ast.Attribute)):
            continue
        name = register.func.attr
        method = name if name in _METHODS else None
        if name == "route":
            method = next(
                (
                    str(k.value.value)
                    for k in register.keywords
                    if k.arg == "method" and isinstance(k.value, ast.Constant)
                ),
                "get",
            )
        path = register.args[0] if register.args else None
        if method and isinstance(path, ast.Constant) and isinstance(path.value, str):
            found.add((method.upper(), re.sub(r"<(\w+)>", r"{\1}", path.value)))
    return found


def _is_not_implemented(node: ast.expr) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "not_implemented"


def placeholder_routes(stack: Stack | None = None) -> set[tuple[str, str]]:
    """The placeholders of every function template.yaml routes to."""
    stack = stack or Stack.read()
    files: set[Path] = {stack.handler_file(logical)[0] for logical in {r.function for r in stack.routes()}}
    return set().union(*(placeholders_in(f.read_text(encoding="utf-8")) for f in files))
