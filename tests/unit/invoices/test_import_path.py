"""The PDF libraries stay in the zugferd and rechnung functions: no other handler loads them, nor their init."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
HEAVY = ("pypdf", "facturx", "lxml", "fpdf", "qrbill", "qrcode", "drafthorse")
PROBE = (
    "import sys; sys.path.insert(0, {dir!r}); import {module}; "
    "print(','.join(m for m in {heavy!r} if m in sys.modules))"
)

HANDLERS = sorted(
    (path.parent.name, path.stem)
    for path in (ROOT / "functions").glob("*/*.py")
    if path.parent.name not in ("zugferd", "rechnung")
)


def loaded_after_import(function: str, module: str) -> str:
    code = PROBE.format(dir=str(ROOT / "functions" / function), module=module, heavy=HEAVY)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    return out.stdout.strip()


@pytest.mark.parametrize(("function", "module"), HANDLERS)
def test_other_functions_do_not_load_the_pdf_libraries(function: str, module: str) -> None:
    assert loaded_after_import(function, module) == ""


def test_the_zugferd_handler_loads_them_with_the_first_post_not_at_init() -> None:
    assert loaded_after_import("zugferd", "app") == ""


def test_the_rechnung_handler_loads_them_with_the_first_issue_not_at_init() -> None:
    # A GET of a stored invoice reads S3 and never renders: it needs none of them.
    assert loaded_after_import("rechnung", "app") == ""
