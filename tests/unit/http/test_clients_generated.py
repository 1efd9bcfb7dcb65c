"""clients/python and clients/typescript are what `make sdk` makes of docs/openapi.json today,
generated without one warning (tools/sdk.py), and packaged as an integrator installs them."""

from __future__ import annotations

import json
import re
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

from tools import sdk

ROOT = Path(__file__).resolve().parents[3]


def test_the_committed_clients_are_what_the_generators_make_of_the_document_without_a_warning() -> None:
    # A generator's warning fails the check too (sdk.GeneratorError), before any comparison.
    assert sdk.check() == []


def test_a_generator_warning_fails_generation(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An answer the Python generator cannot read is a warning it would pass over: the check fails."""
    doc = json.loads(sdk.DOCUMENT.read_text(encoding="utf-8"))
    doc["paths"]["/www/zugferd"]["post"]["responses"]["200"]["content"] = {"application/x-unknown": {}}
    broken = tmp_path / "openapi.json"
    broken.write_text(json.dumps(doc), encoding="utf-8")
    monkeypatch.setattr(sdk, "DOCUMENT", broken)
    with pytest.raises(sdk.GeneratorError, match="application/x-unknown"):
        sdk.generate_python(tmp_path / "python")


def test_the_python_client_is_installed_as_a_package() -> None:
    """`pip install ./clients/python` (requirements-dev.txt installs it so, editable)."""
    dist = metadata.distribution("backoffice-api-client")
    assert dist.version == "1.0.0"
    assert {re.split(r"[<>=!~ ]", r)[0] for r in dist.requires or []} == {"httpx", "attrs"}
    assert (ROOT / "clients/python/backoffice_client/py.typed").exists()


def test_the_typescript_client_ships_javascript_and_declarations_for_its_import() -> None:
    package = json.loads((ROOT / "clients/typescript/package.json").read_text(encoding="utf-8"))
    entry = package["exports"]["."]
    assert (ROOT / "clients/typescript" / entry["import"]).exists()
    assert (ROOT / "clients/typescript" / entry["types"]).exists()
    assert package["dependencies"] == {"openapi-fetch": "0.17.0"}
    # Bundled: `npm install <folder>` links the folder and installs none of its dependencies. The copy
    # is the one package-lock.json pins for the tools (`make sdk` copies it).
    assert package["bundleDependencies"] == ["openapi-fetch"]
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    for name in sdk.BUNDLED:
        bundled = json.loads(
            (ROOT / "clients/typescript/node_modules" / name / "package.json").read_text(encoding="utf-8")
        )
        assert bundled["version"] == lock["packages"][f"node_modules/{name}"]["version"]
    assert bundled["name"] == "openapi-typescript-helpers"


def test_generated_code_is_left_out_of_the_repository_linters() -> None:
    ruff = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["ruff"]
    assert "clients" in ruff["extend-exclude"]
