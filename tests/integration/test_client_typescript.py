"""Issue 28: the integrator's flow through the generated TypeScript client, over real HTTP against
the local stack: tests/integration/typescript/flow.mts and the README's TypeScript example,
type-checked with `tsc --noEmit`, then run with node, in a project of their own into which
`npm install <clients/typescript>` installed the client, as an integrator installs it.

flow.mts checks each answer itself (status, JSON against the raw body, files as bytes) and prints
the operations it called: every operation of docs/openapi.json must be among them.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from tests.support.camt_files import Entry, Tx, camt
from tests.support.clients import NODE_MODULES, ROOT, TSC, OperationLog, node_env, readme_example

pytestmark = pytest.mark.integration
PROGRAMS = Path(__file__).parent / "typescript"
DEMO_IMAGE = ROOT / "local" / "demo_data" / "artikel" / "bilder" / "1000.png"
# flow.mts fills in the invoice's payment reference and a tag of its run: 5.00 for the invoice, 3.00
# with no reference (left unmatched, then assigned by hand).
CAMT_TEMPLATE = camt(
    "camt.054.001.08",
    [
        Entry(
            "TS-__TAG__",
            (
                Tx("TS-__TAG__-1", Decimal("5.00"), "__REFERENCE__", kind="QRR"),
                Tx("TS-__TAG__-2", Decimal("3.00"), None, text="sdk __TAG__"),
            ),
        )
    ],
    message_id="TS-__TAG__",
).decode()


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """flow.mts and the README's example beside it, type-checked, then compiled to out/*.mjs."""
    folder = tmp_path_factory.mktemp("typescript")
    for source in (*PROGRAMS.glob("*.mts"), PROGRAMS / "tsconfig.json"):
        shutil.copy(source, folder / source.name)
    (folder / "readme.mts").write_text(readme_example("ts"), encoding="utf-8")
    # The client as an integrator installs it, into a project of its own; node's types from the tools.
    (folder / "package.json").write_text('{"private": true}\n', encoding="utf-8")
    quiet = ["--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error"]
    installed = subprocess.run(
        ["npm", "install", *quiet, ROOT / "clients" / "typescript"],
        cwd=folder,
        capture_output=True,
        text=True,
        check=False,
    )
    assert installed.returncode == 0, installed.stdout + installed.stderr
    (folder / "node_modules" / "@types").symlink_to(NODE_MODULES / "@types", target_is_directory=True)
    checked = subprocess.run([TSC, "--noEmit", "-p", folder], capture_output=True, text=True, check=False)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    # Checked above: --noCheck only writes the JavaScript node runs.
    emitted = subprocess.run([TSC, "--noCheck", "-p", folder], capture_output=True, text=True, check=False)
    assert emitted.returncode == 0, emitted.stdout + emitted.stderr
    return folder / "out"


def run(program: Path, base: str) -> list[str]:
    done = subprocess.run(
        ["node", program],
        env=node_env(BASE=base, DEMO_IMAGE=str(DEMO_IMAGE), CAMT_TEMPLATE=CAMT_TEMPLATE),
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout.splitlines()


def test_the_integrators_flow_through_the_typescript_client_calls_every_operation(
    compiled: Path, local_stack: dict[str, Any]
) -> None:
    printed = run(compiled / "flow.mjs", local_stack["api"])
    log = OperationLog()
    for operation in json.loads(printed[-1]):
        method, template = operation.split(" ", 1)
        log.record_template(method, template)
    assert log.missing() == [], "operations flow.mts calls in no step: add a step to its STEPS"


def test_the_readme_example_runs(compiled: Path, local_stack: dict[str, Any]) -> None:
    lines = run(compiled / "readme.mjs", local_stack["api"])
    assert len(lines) == 3
    assert all(line.split(" ", 1)[0].isdigit() for line in lines), lines
