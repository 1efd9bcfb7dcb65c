"""What a handler's import leaves out (docs/operations.md, "Cold starts"): each handler module is
imported in a fresh interpreter and must not have loaded what its cold start does not need."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
LAYER = ROOT / "layers" / "backoffice"
HANDLERS = sorted(p for p in (ROOT / "functions").glob("*/*.py"))
# powertools' resolvers other than REST (AppSync pulls asyncio), the data classes of other event
# sources (CodePipeline pulls tempfile), the idempotency utility before a request has a key, and the
# models of the documented answers (a route names them: backoffice/http/openapi.py).
NEVER = (
    "aws_lambda_powertools.event_handler.appsync",
    "aws_lambda_powertools.event_handler.bedrock_agent",
    "aws_lambda_powertools.utilities.data_classes.code_pipeline_job_event",
    "aws_lambda_powertools.utilities.idempotency",
    "asyncio",
    "backoffice.http.read_shapes",
    "backoffice.sales.views",
)
# Functions that answer without the resolver need no pydantic at all.
NO_PYDANTIC = {"authorizer.py", "publisher/app.py"}


# What a handler's import may leave built of our pydantic models: none (defer_build, backoffice/models.py);
# a body model is built by the first request that validates one.
BUILT = (
    "built = []\n"
    "if 'pydantic' in sys.modules:\n"
    "    todo = list(sys.modules['pydantic'].BaseModel.__subclasses__())\n"
    "    while todo:\n"
    "        model = todo.pop()\n"
    "        todo += model.__subclasses__()\n"
    "        name = model.__module__ + '.' + model.__qualname__\n"
    "        if model.__pydantic_complete__ and not name.startswith(('pydantic', 'aws_lambda_powertools')):\n"
    "            built.append(name)\n"
)


def _environment(tweaks: str | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "BACKOFFICE_COLDSTART_TWEAKS"}
    env |= {"PYTHONPATH": str(LAYER), "AWS_DEFAULT_REGION": "eu-central-1"}
    return env | ({"BACKOFFICE_COLDSTART_TWEAKS": tweaks} if tweaks is not None else {})


def loaded(handler: Path, tweaks: str | None = None) -> tuple[set[str], list[str]]:
    """The modules a handler's import loaded, and the pydantic models of ours it built."""
    code = (
        "import importlib, json, sys\n"
        f"sys.path[:0] = [{str(handler.parent)!r}, {str(LAYER)!r}]\n"
        f"importlib.import_module({handler.stem!r})\n"
        f"{BUILT}"
        "print(json.dumps([sorted(sys.modules), sorted(built)]))\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=_environment(tweaks),
        check=True,
        cwd=handler.parent,
    )
    modules, built = json.loads(run.stdout.strip().splitlines()[-1])
    return set(modules), built


@pytest.mark.parametrize("handler", HANDLERS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_handler_imports_only_what_its_cold_start_needs(handler: Path) -> None:
    modules, _ = loaded(handler)
    assert not modules & set(NEVER), sorted(modules & set(NEVER))
    name = f"{handler.parent.name}/{handler.name}"
    if handler.name in NO_PYDANTIC or name in NO_PYDANTIC:
        assert not {m for m in modules if m.split(".")[0] == "pydantic"}


@pytest.mark.parametrize("handler", HANDLERS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_handler_builds_no_model_at_import(handler: Path) -> None:
    assert loaded(handler)[1] == []


# What only rendering a new invoice needs (backoffice/invoices/issue.py imports it after the check
# for an existing invoice): a repeated POST answers the stored record without them.
RENDERING = ("fpdf", "pypdf", "facturx", "drafthorse", "qrbill", "lxml", "backoffice.sales.document_store")


def test_a_repeated_issue_loads_no_renderer() -> None:
    code = (
        "import json, sys\n"
        f"sys.path[:0] = [{str(LAYER)!r}]\n"
        "from backoffice.invoices import issue\n"
        "issue.read_record = lambda auft_nr, consistent=False: {'RechNr': '500001', 'AuftNr': auft_nr}\n"
        "assert not issue.issue('100').created\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=_environment(), check=True)
    modules = set(json.loads(run.stdout.strip().splitlines()[-1]))
    assert not {m for m in modules if m.split(".")[0] in RENDERING or m in RENDERING}


KUNDEN = ROOT / "functions" / "kunden" / "app.py"


@pytest.mark.parametrize("tweaks", ["off", "collector,precompiled"])
def test_with_the_lazy_packages_off_powertools_is_imported_plainly(tweaks: str) -> None:
    """The switch off: powertools' package `__init__`s run as usual, every resolver with them."""
    modules, built = loaded(KUNDEN, tweaks)
    assert {"aws_lambda_powertools.event_handler.appsync", "asyncio"} <= modules
    assert built == []


def test_another_powertools_is_refused_at_import() -> None:
    """The lazy packages were written for the pinned powertools: another one stops the import."""
    from aws_lambda_powertools.shared import version

    from backoffice import http

    assert version.VERSION == http.WRITTEN_FOR_POWERTOOLS
    requirements = (LAYER / "requirements.txt").read_text(encoding="utf-8")
    assert f"aws-lambda-powertools=={http.WRITTEN_FOR_POWERTOOLS}" in requirements.splitlines()
    code = "from aws_lambda_powertools.shared import version\nversion.VERSION = '3.38.0'\nimport backoffice.http\n"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=_environment(), check=False)
    assert run.returncode == 1
    assert "makes powertools 3.37.0's packages" in run.stderr
    assert "this is powertools 3.38.0" in run.stderr
    off = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=_environment("off"), check=False
    )
    assert off.returncode == 0, off.stderr  # nothing of powertools' internals is used then


def test_the_document_refuses_another_powertools(monkeypatch: pytest.MonkeyPatch) -> None:
    """`make openapi` resets a private attribute of powertools' routes (openapi.with_models)."""
    from aws_lambda_powertools.event_handler.api_gateway import APIGatewayRestResolver
    from aws_lambda_powertools.shared import version

    from backoffice.http import openapi

    openapi.with_models(APIGatewayRestResolver())
    monkeypatch.setattr(version, "VERSION", "3.38.0")
    with pytest.raises(RuntimeError, match=r"this is powertools 3\.38\.0: .*openapi\.with_models"):
        openapi.with_models(APIGatewayRestResolver())
