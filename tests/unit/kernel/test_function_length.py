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
