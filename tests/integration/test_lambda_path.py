"""Every built function answers a real request on the Lambda-only path (issue 13).

The artifacts of `make build` (reused when newer than every source, built otherwise) run each in a
fresh interpreter with only the function folder, the layer's `python/` folder, the standard library
and boto3 as the Lambda runtime provides it on `sys.path`; AWS is the local stack's emulation with
its demo data. So an import of `local`, `tools`, `tests` or of a package only the dev venv has
fails here before it fails in AWS, and a module without valid bytecode in the artifact shows.
"""

from __future__ import annotations

from typing import Any

import pytest

from local.template import ROOT, Stack, load
from tools.lambda_path import (
    BUILD,
    DIST_INFO_DROPPED,
    NEVER_SHIPPED,
    TEST_FOLDERS,
    LambdaGateway,
    LambdaPath,
    artifact_folders,
    ensure_build,
    first_requests,
    function_logicals,
    layer_logicals,
)

pytestmark = pytest.mark.integration

STACK = Stack.read()
FUNCTIONS = function_logicals(STACK)


@pytest.fixture(scope="module")
def run(local_stack: dict[str, Any]) -> tuple[LambdaGateway, dict[str, tuple[int, Any]]]:
    ensure_build()
    gateway = LambdaGateway(LambdaPath(STACK, local_stack["aws"]), verbose=True)
    return gateway, first_requests(gateway)


def test_every_function_of_the_template_is_exercised(run: tuple[LambdaGateway, dict[str, Any]]) -> None:
    gateway, answers = run
    assert sorted(answers) == FUNCTIONS
    assert sorted(gateway.outcomes) == FUNCTIONS


@pytest.mark.parametrize("logical", FUNCTIONS)
def test_the_built_function_answers_its_first_request(
    run: tuple[LambdaGateway, dict[str, tuple[int, Any]]], logical: str
) -> None:
    status, body = run[1][logical]
    expected = {
        "TokenFunction": 200,
        "AuthorizerFunction": 200,
        "ArtikelFunction": 200,
        "KundenFunction": 200,
        "AdressenFunction": 200,
        "OfferteFunction": 201,
        "AuftragFunction": 201,
        "ZugferdFunction": 200,
        "LogFunction": 204,
        "RechnungFunction": 201,
        "GutschriftFunction": 201,
        "EventsFunction": 200,
        "WebhooksFunction": 200,
        "ZahlungenFunction": 200,
        "PublisherFunction": 200,
        "DispatcherFunction": 200,
        "DeliveryFunction": 200,
        "ZahlungenEingangFunction": 200,
        "UeberfaelligFunction": 200,
    }
    assert status == expected[logical], body
    if logical == "TokenFunction":
        assert body["expires_in"] == 3600
        assert body["access_token"].count(".") == 2
    elif logical == "AuthorizerFunction":
        assert body["principalId"] == "demo"
        # The demo user is an integration user: every route but the operators' DELETE /www/log.
        statements = body["policyDocument"]["Statement"]
        assert [(s["Effect"], s["Resource"].split("/", 2)[-1]) for s in statements] == [
            ("Allow", "*"),
            ("Deny", "DELETE/www/log"),
        ]
    elif logical == "ArtikelFunction":
        assert body["data"]["ArtNr"] == "2002"
    elif logical == "KundenFunction":
        assert body["data"]["KundKontakt"] == 1
    elif logical == "AdressenFunction":
        assert body["data"]["KundKontakt"][0]["AdrNr"] == 1
    elif logical == "OfferteFunction":
        assert body["data"]["GrundDaten"]["AuftBrutto"] == 187.9
    elif logical == "AuftragFunction":
        assert body["data"]["AuftNr"].isdigit()
    elif logical == "RechnungFunction":
        assert body["data"]["RechNr"].isdigit()
        assert body["data"]["AuftNetto"] > 0
    elif logical == "GutschriftFunction":
        assert body["data"]["GutschriftNr"].isdigit()
        assert body["data"]["AuftBrutto"] == run[1]["RechnungFunction"][1]["data"]["AuftBrutto"]
    elif logical == "ZugferdFunction":
        from facturx import get_xml_from_pdf

        assert body.startswith(b"%PDF-")
        name, xml = get_xml_from_pdf(body, check_xsd=False)
        assert name == "factur-x.xml"
        assert xml == (ROOT / "local" / "demo_data" / "zugferd" / "invoice-en16931-chf.xml").read_bytes()
    elif logical == "LogFunction":
        assert body == b""
    elif logical == "DeliveryFunction":
        assert body == {"batchItemFailures": []}  # the delivery is recorded (failed), the message done
    elif logical == "ZahlungenEingangFunction":
        assert body == {"Datei": "zahlungen/eingang/nie hochgeladen ä.xml", "Status": "fehlt", "Ziel": None}
    elif logical == "DispatcherFunction":
        assert isinstance(body["woken"], int)
    elif logical == "UeberfaelligFunction":
        assert body == {"recorded": 0}  # the demo's invoices are not due yet
    elif logical == "PublisherFunction":
        # Whatever was pending went to EventBridge (how much depends on the session's earlier tests).
        assert isinstance(body["sent"], int)
        assert body["oldest_pending_age_s"] == 0.0


@pytest.mark.parametrize("logical", FUNCTIONS)
def test_nothing_is_loaded_from_outside_the_artifacts(
    run: tuple[LambdaGateway, dict[str, tuple[int, Any]]], logical: str
) -> None:
    (_, outcome), *_ = run[0].outcomes[logical]
    assert outcome.foreign == []


@pytest.mark.parametrize("logical", FUNCTIONS)
def test_every_module_is_imported_from_its_bytecode(
    run: tuple[LambdaGateway, dict[str, tuple[int, Any]]], logical: str
) -> None:
    """Lambda's code folders are read-only: a module compiled from source at import would be
    compiled again at every cold start."""
    (_, outcome), *_ = run[0].outcomes[logical]
    assert outcome.compiled == []
    module = STACK.doc["Resources"][logical]["Properties"]["Handler"].rsplit(".", 1)[0]
    assert f"# code object from '{BUILD / logical}/__pycache__/{module}.cpython-313.pyc'" in outcome.stderr


@pytest.mark.parametrize("logical", FUNCTIONS)
def test_the_first_request_ends_with_the_collector_as_the_interpreter_has_it(
    run: tuple[LambdaGateway, dict[str, tuple[int, Any]]], logical: str
) -> None:
    """backoffice/coldstart/collector.py: fewer collections during the init and the first request, then what
    they made is frozen and the thresholds are the interpreter's again. A handler that does not
    end with `entrypoint(app)` is wrapped in `collector.handler` and calls `collector.init_done()`
    as its module's last statement."""
    import gc

    (_, outcome), *_ = run[0].outcomes[logical]
    *thresholds, frozen = outcome.collector
    assert tuple(thresholds) == gc.get_threshold(), f"{logical} is not wrapped in collector.handler"
    assert frozen > 10_000  # the modules, classes and tables of the init, the clients of the request


@pytest.mark.parametrize("logical", FUNCTIONS)
def test_the_init_takes_the_generated_code_from_the_build(
    run: tuple[LambdaGateway, dict[str, tuple[int, Any]]], logical: str
) -> None:
    """backoffice/coldstart/precompiled.py: the dataclass methods and forward references the layer's imports
    generate come compiled from `make build` (precompiled.marshal), not compiled at each cold start.
    What is compiled still is what no layer module makes: the routes' annotations (a few dozen)."""
    (_, outcome), *_ = run[0].outcomes[logical]
    # The smallest inits (authorizer, publisher, ueberfaellig: no pydantic) take 55-57, a REST
    # function 850-970 (offerte's: 84 dataclasses and 880 forward references).
    assert outcome.precompiled["hits"] >= 20, outcome.precompiled
    assert outcome.precompiled["misses"] <= 40, outcome.precompiled
    if "backoffice.http.resolver" in outcome.stderr:
        assert outcome.precompiled["hits"] >= 500, outcome.precompiled


def test_the_artifacts_ship_only_what_the_functions_import(run: tuple[LambdaGateway, dict[str, Any]]) -> None:
    """`make build` leaves out the test suites of dependencies, pip's file lists, long descriptions,
    wheels' scripts, the admin CLI and anything of the repository but the code (tools/lambda_path.py
    prune); every function still answers (the tests above, on the same artifacts)."""
    folders = artifact_folders(STACK)
    assert len(folders) == len(FUNCTIONS) + 1
    for folder in folders:
        assert not [name for name in NEVER_SHIPPED if (folder / name).exists()], folder
        assert not [p for p in folder.rglob("*") if p.is_dir() and p.name in TEST_FOLDERS], folder
        assert not list(folder.glob("*.data")), folder
        for info in folder.glob("*.dist-info"):
            assert not [name for name in DIST_INFO_DROPPED if (info / name).exists()], info
            headers = (info / "METADATA").read_text(encoding="utf-8")
            assert headers.startswith("Metadata-Version: "), info
            assert "\n\n" not in headers, info
            assert "\nName: " in headers, info
            assert "\nVersion: " in headers, info
    (layer,) = layer_logicals(STACK)
    shipped = BUILD / layer / "python" / "backoffice"
    assert (shipped / "http" / "resolver.py").is_file()
    assert (shipped / "coldstart" / "precompiled.marshal").is_file()
    assert not (shipped / "admin").exists()


def _deployed_parts(doc: dict[str, Any]) -> dict[str, Any]:
    """The template without what `sam build` rewrites: each artifact's path and SAM's resource ids."""
    resources = {}
    for logical, resource in doc["Resources"].items():
        props = {k: v for k, v in (resource.get("Properties") or {}).items() if k not in ("CodeUri", "ContentUri")}
        rest = {k: v for k, v in resource.items() if k not in ("Properties", "Metadata")}
        resources[logical] = {**rest, "Properties": props}
    return {**{k: v for k, v in doc.items() if k != "Resources"}, "Resources": resources}


def test_the_built_template_is_the_one_the_template_tests_read() -> None:
    """What `sam deploy` takes is `.aws-sam/build/template.yaml`; the tests that read template.yaml
    (aliases and deployment preferences, the archive's lock and Retain, the policies against
    least_privilege.toml, prod's Rules) hold for it because it differs only in the artifacts' paths."""
    ensure_build()
    built, source = load(BUILD / "template.yaml"), load(ROOT / "template.yaml")
    assert _deployed_parts(built) == _deployed_parts(source)
    assert all(
        (BUILD / logical).is_dir()
        for logical, r in built["Resources"].items()
        if r["Type"] in ("AWS::Serverless::Function", "AWS::Serverless::LayerVersion")
    )


@pytest.mark.parametrize("logical", ["KundenFunction", "ArtikelFunction", "AuthorizerFunction", "UeberfaelligFunction"])
def test_with_the_cold_start_tweaks_off_a_function_answers_the_same(
    run: tuple[LambdaGateway, dict[str, tuple[int, Any]]], logical: str
) -> None:
    """BACKOFFICE_COLDSTART_TWEAKS=off: no precompiled code, the collector as the interpreter has it,
    powertools imported plainly; the answer is the one the function gave with them on."""
    gateway, _ = run
    event, on = gateway.outcomes[logical][0]
    repeat = gateway.runner.invoke(logical, event)
    off = gateway.runner.invoke(logical, event, env={"BACKOFFICE_COLDSTART_TWEAKS": "off"})
    assert off.result == repeat.result
    assert repeat.precompiled["hits"] >= 20
    assert off.precompiled["hits"] == 0
    assert off.collector[-1] == 0  # nothing frozen
    assert on.collector[-1] > 10_000
