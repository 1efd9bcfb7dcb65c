"""The package map of docs/architecture.md and the import rules lint-imports cannot see (handlers)."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
LAYER = ROOT / "layers" / "backoffice" / "backoffice"
MAP = (ROOT / "docs" / "architecture.md").read_text("utf-8")
HANDLERS = sorted((ROOT / "functions").glob("*/*.py"))
# What a function may import besides the standard library: the layer and the runtime's packages.
RUNTIME = {"backoffice", "aws_lambda_powertools", "pydantic", "boto3", "botocore", "jwt", "simplejson"}
NEVER = {"local", "tools", "tests", "bench", "moto", "pytest", "app", "authorizer"}


def _imported_roots(path: Path) -> set[str]:
    roots: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # a relative import would reach a sibling handler module
                roots.add("app")
            elif node.module:
                roots.add(node.module.split(".")[0])
    return roots


def test_there_are_handlers_to_check() -> None:
    assert len(HANDLERS) >= 9


@pytest.mark.parametrize("handler", HANDLERS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_handler_imports_only_the_layer_and_its_runtime(handler: Path) -> None:
    requirements = handler.parent / "requirements.txt"
    own = set()
    if requirements.exists():  # a function's own packages (zugferd: factur-x; rechnung: the renderers)
        own = {"facturx", "pybase64", "fpdf", "qrbill", "drafthorse"}
    roots = _imported_roots(handler) - {"__future__"}
    assert not roots & NEVER, f"{handler}: imports {sorted(roots & NEVER)}"
    unknown = {r for r in roots if r not in sys.stdlib_module_names and r not in RUNTIME | own}
    assert not unknown, f"{handler}: imports {sorted(unknown)}, neither the layer nor the runtime"


def _layer_modules() -> list[str]:
    return sorted(
        str(p.relative_to(LAYER))
        for p in LAYER.rglob("*.py")
        if p.name not in {"__init__.py", "__main__.py"} and "admin" not in p.parts
    )


def test_every_module_of_the_layer_is_on_the_map() -> None:
    modules = _layer_modules()
    assert "sales/calculation.py" in modules
    missing = []
    for module in modules:
        package, _, name = module.rpartition("/")
        section = MAP if not package else MAP[MAP.index(f"`{package}/`") :]
        if f"| `{name}` |" not in section:
            missing.append(module)
    assert not missing, f"docs/architecture.md does not list {missing}"


@pytest.mark.parametrize("package", sorted(p.parent.name for p in LAYER.glob("*/__init__.py")))
def test_each_package_says_what_it_owns(package: str) -> None:
    doc = ast.get_docstring(ast.parse((LAYER / package / "__init__.py").read_text("utf-8")))
    assert doc, f"backoffice.{package} has no docstring"
    assert len(doc.splitlines()) <= 3, f"backoffice.{package}: say it in two lines"
    assert f"`{package}/`" in MAP or package == "admin"


def test_the_layers_top_level_holds_at_most_ten_modules() -> None:
    """The shared kernel stays small: a module that belongs to one concern goes into its package."""
    modules = sorted(p.name for p in LAYER.glob("*.py") if p.name != "__init__.py")
    assert "money.py" in modules
    assert len(modules) <= 10, f"{len(modules)} modules at the top level of the layer: {modules}"


def test_the_readme_examples_use_base_for_the_address() -> None:
    """The API's address is written once, where `BASE` is set: an example run against `PORT=8080
    make run`, or the tests' own stack, reaches it and not a default port."""
    readme = (ROOT / "README.md").read_text("utf-8")
    blocks = re.findall(r"```[a-z]*\n(.*?)```", readme, flags=re.DOTALL)
    addresses = [line for block in blocks for line in block.splitlines() if re.search(r":\d{4}\b|:\$\{PORT", line)]
    assert addresses == [
        "make run     # the whole API on http://127.0.0.1:3000 with demo data (users: see Users below)",
        "export BASE=http://127.0.0.1:${PORT:-3000}",
        '  -d \'{"url": "http://127.0.0.1:8765/hook", "events": ["auftrag.created", "artikel.stock_changed"]}\' \\',
    ]


def _reconversions(source: str) -> list[int]:
    """Lines of `Decimal(str(...))`: a stored number turned into text and back."""
    return [
        node.lineno
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "Decimal"
        and node.args
        and isinstance(node.args[0], ast.Call)
        and isinstance(node.args[0].func, ast.Name)
        and node.args[0].func.id == "str"
    ]


def test_stored_numbers_become_decimal_in_the_stores_only() -> None:
    """DynamoDB's numbers come out of platform.dynamo as Decimal and JSON's out of json_codec: the
    rules take the Decimal they are given. A store (a `*store.py` of a package, `platform/`) is the
    one place that may still convert what it reads."""
    found = {
        str(path.relative_to(LAYER)): lines
        for path in sorted(LAYER.rglob("*.py"))
        if not path.name.endswith("store.py") and "platform" not in path.parts
        if (lines := _reconversions(path.read_text("utf-8")))
    }
    assert not found, f"Decimal(str(...)) outside the stores: {found}"


def test_a_reconversion_is_found() -> None:
    assert _reconversions("x = Decimal(str(item['Satz']))\ny = Decimal(item['Satz'])\n") == [1]
