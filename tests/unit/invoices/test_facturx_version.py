"""backoffice/invoices/zugferd.py sets factur-x's internals for a call: it is written for one
factur-x, pinned by the functions that ship it, and refuses another at import."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from backoffice.invoices import zugferd

ROOT = Path(__file__).resolve().parents[3]


def test_every_function_ships_the_factur_x_it_was_written_for() -> None:
    pins = {
        path.parent.name: line
        for path in (ROOT / "functions").glob("*/requirements.txt")
        for line in path.read_text("utf-8").splitlines()
        if line.startswith("factur-x")
    }
    assert sorted(pins) == ["gutschrift", "rechnung", "zugferd"]
    assert set(pins.values()) == {f"factur-x=={zugferd.WRITTEN_FOR_FACTURX}"}


def test_another_factur_x_is_refused_at_import() -> None:
    zugferd.check_facturx("7.8")
    with pytest.raises(RuntimeError, match=r"internals of factur-x 7\.8, not of factur-x 7\.9"):
        zugferd.check_facturx("7.9")
    code = "import facturx\nfacturx.__version__ = '7.9'\nimport backoffice.invoices.zugferd\n"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert run.returncode == 1
    assert "not of factur-x 7.9" in run.stderr
