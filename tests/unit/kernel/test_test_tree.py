"""The test tree's own import rule: a test module imports no other test module, the benchmarks import no tests.

What tests share (builders, rule checks, clients) lives in tests/support; a test that imported another
test module would run that module's tests' imports, and could not move without breaking its neighbour.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
TESTS = sorted((ROOT / "tests").rglob("*.py"))
BENCH = sorted((ROOT / "bench").rglob("*.py"))
# An import of `tests` inside a script the benchmarks hand to a subprocess.
_SCRIPT_IMPORT = re.compile(r"^\s*(from|import)\s+tests\b", re.MULTILINE)


def _imports(path: Path) -> list[tuple[str, int]]:
    """(module, relative level) of every import statement of the file."""
    found: list[tuple[str, int]] = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            found.extend((alias.name, 0) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            found.append((node.module or "", node.level))
    return found


def _is_support(module: str) -> bool:
    return module == "tests.support" or module.startswith("tests.support.")


def test_there_are_files_to_check() -> None:
    assert len(TESTS) > 50
    assert len(BENCH) > 5


@pytest.mark.parametrize("path", TESTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_test_file_imports_of_the_tests_only_tests_support(path: Path) -> None:
    wrong = [
        module if not level else "." * level + module
        for module, level in _imports(path)
        if level or module.split(".")[0] == "conftest" or (module.split(".")[0] == "tests" and not _is_support(module))
    ]
    assert not wrong, f"{path.relative_to(ROOT)} imports {wrong}: move what it shares into tests/support"


@pytest.mark.parametrize("path", BENCH, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_benchmarks_import_no_tests(path: Path) -> None:
    source = path.read_text("utf-8")
    wrong = [module for module, _ in _imports(path) if module.split(".")[0] in {"tests", "conftest"}]
    scripts = [
        node.value
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and _SCRIPT_IMPORT.search(node.value)
    ]
    assert not wrong, f"{path.relative_to(ROOT)} imports {wrong}: move what it needs into bench/"
    assert not scripts, f"{path.relative_to(ROOT)} hands a subprocess a script that imports tests"


# The packages of the layer, each with its folder of unit tests; `kernel` is the top-level modules (and the
# layer as a whole), `local` the local stack, `bench` the benchmarks' runner.
OWN_FOLDERS = {"kernel", "local", "bench"}


def test_the_unit_tests_mirror_the_package_tree() -> None:
    layer = ROOT / "layers" / "backoffice" / "backoffice"
    packages = {p.parent.name for p in layer.glob("*/__init__.py")}
    folders = {p.parent.name for p in (ROOT / "tests" / "unit").glob("*/*.py")}
    assert "sales" in packages
    assert folders <= packages | OWN_FOLDERS, f"tests/unit/{sorted(folders - packages - OWN_FOLDERS)}: no such package"
    assert not list((ROOT / "tests" / "unit").glob("*.py")), "each unit test in the folder of what it tests"
