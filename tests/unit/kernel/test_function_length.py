"""The second half of the complexity gate: no function of the layer or of a handler over 60 lines.

Ruff has no rule for a function's length (its pylint rules count statements or branches, not lines,
and C901 is the McCabe half of the gate): so the AST counts them here, from `def` to the last line,
the docstring included. A file pyproject.toml exempts from C901 is exempt from this check too: one
list of exceptions for both halves (ADR 0046).
"""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parents[3]
MAX_LINES = 60
CHECKED = ("layers", "functions")


def _exempt_patterns() -> list[str]:
    ruff = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["ruff"]
    ignores: dict[str, list[str]] = ruff["lint"].get("per-file-ignores", {})
    return [pattern for pattern, codes in ignores.items() if "C901" in codes]


def _long_functions(path: Path) -> list[str]:
    tree = ast.parse(path.read_text("utf-8"))
    return [
        f"{node.name} ({node.end_lineno - node.lineno + 1} lines, line {node.lineno})"
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.end_lineno is not None
        and node.end_lineno - node.lineno + 1 > MAX_LINES
    ]


def _checked_files() -> list[Path]:
    exempt = _exempt_patterns()
    files = sorted(p for folder in CHECKED for p in (ROOT / folder).rglob("*.py"))
    return [p for p in files if not any(PurePosixPath(p.relative_to(ROOT).as_posix()).full_match(e) for e in exempt)]


def test_the_checked_trees_hold_functions() -> None:
    files = _checked_files()
    assert ROOT / "layers" / "backoffice" / "backoffice" / "money.py" in files
    assert ROOT / "functions" / "artikel" / "app.py" in files


def test_no_function_is_longer_than_60_lines() -> None:
    found = {str(p.relative_to(ROOT)): long for p in _checked_files() if (long := _long_functions(p))}
    assert not found, f"over {MAX_LINES} lines (break them into named steps): {found}"


def test_a_long_function_is_found(tmp_path: Path) -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(MAX_LINES - 1))
    (tmp_path / "long.py").write_text(f"def fits():\n{body}\n\n\ndef too_long():\n{body}\n    return x0\n", "utf-8")
    assert _long_functions(tmp_path / "long.py") == ["too_long (61 lines, line 63)"]


# A handler only routes (docs/architecture.md): its functions stay short, and a route fits on a
# screen: the decorated function with its decorator, and what of its file only it uses (functions,
# request models, constants), the rules it needs being the layer's.
HANDLER_MAX_LINES = 30
ROUTE_MAX_LINES = 60
HANDLERS = sorted((ROOT / "functions").glob("*/app.py"))
Function = ast.FunctionDef | ast.AsyncFunctionDef


def _is_route(node: ast.stmt) -> bool:
    """Decorated by the resolver (`@app.get(...)`, `@app.route(...)`): a route of the handler."""
    return isinstance(node, Function) and any(
        isinstance(d, ast.Call) and isinstance(d.func, ast.Attribute) and isinstance(d.func.value, ast.Name)
        for d in node.decorator_list
    )


def _span(node: ast.stmt) -> int:
    first = min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", []))])
    return (node.end_lineno or node.lineno) - first + 1


def _defined(node: ast.stmt) -> set[str]:
    if isinstance(node, Function | ast.ClassDef):
        return {node.name}
    if isinstance(node, ast.Assign | ast.AnnAssign):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        return {n.id for target in targets for n in ast.walk(target) if isinstance(n, ast.Name)}
    return set()


def _own(route: ast.stmt, tree: ast.Module) -> list[ast.stmt]:
    """The statements of the file that define what `route` uses, directly or through each other, and
    nothing else does."""
    definitions = [s for s in tree.body if _defined(s)]
    uses = {id(s): {n.id for n in ast.walk(s) if isinstance(n, ast.Name)} - _defined(s) for s in tree.body}
    own: list[ast.stmt] = []
    grown = True
    while grown:
        grown = False
        for definition in definitions:
            if definition is route or any(definition is o for o in own):
                continue
            users = [s for s in tree.body if s is not definition and uses[id(s)] & _defined(definition)]
            if users and all(u is route or any(u is o for o in own) for u in users):
                own.append(definition)
                grown = True
    return own


def _handler_findings(path: Path) -> list[str]:
    tree = ast.parse(path.read_text("utf-8"))
    found = [
        f"{node.name} ({node.end_lineno - node.lineno + 1} lines, line {node.lineno})"
        for node in ast.walk(tree)
        if isinstance(node, Function)
        and node.end_lineno is not None
        and node.end_lineno - node.lineno + 1 > HANDLER_MAX_LINES
    ]
    for route in filter(_is_route, tree.body):
        own = _own(route, tree)
        lines = _span(route) + sum(_span(s) for s in own)
        if lines > ROUTE_MAX_LINES:
            names = sorted(name for s in own for name in _defined(s))
            found.append(f"route {_defined(route).pop()} ({lines} lines with {names}, line {route.lineno})")
    return found


def test_every_handler_only_routes() -> None:
    assert len(HANDLERS) >= 17
    found = {str(p.relative_to(ROOT)): long for p in HANDLERS if (long := _handler_findings(p))}
    assert not found, f"a handler's function over {HANDLER_MAX_LINES} lines or a route over {ROUTE_MAX_LINES}: {found}"


def test_a_long_route_is_found(tmp_path: Path) -> None:
    steps = "\n".join(f"    x{i} = {i}" for i in range(20))
    source = (
        "@app.get('/a')\ndef route(body: Model):\n    return helper() + shared() + LIMIT\n\n\n"
        f"class Model:\n{steps}\n\n\nLIMIT = 1\n\n\n"
        f"def helper():\n{steps}\n    return more()\n\n\n"
        f"def more():\n{steps}\n    return 1\n\n\n"
        f"def shared():\n{steps}\n    return 1\n\n\n"
        "@app.get('/b')\ndef other():\n    return shared()\n\n\n"
        f"def too_long():\n{steps}\n{steps}\n    return 1\n"
    )
    (tmp_path / "app.py").write_text(source, "utf-8")
    assert _handler_findings(tmp_path / "app.py") == [
        "too_long (42 lines, line 109)",
        "route route (69 lines with ['LIMIT', 'Model', 'helper', 'more'], line 2)",
    ]
