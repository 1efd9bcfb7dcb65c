"""docs/openapi.json: generated, up to date, valid OpenAPI 3.1, and the same routes as template.yaml."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from typing import Any

import pytest
from openapi_spec_validator import validate

from backoffice.http.openapi import GATEWAY_ONLY, RESPONSE_HEADERS
from local.placeholders import placeholder_routes, placeholders_in
from local.template import ROOT
from tests.support.aws import stack as template_stack

DOC = ROOT / "docs" / "openapi.json"
ERROR_REF = {"$ref": "#/components/schemas/ErrorBody"}


@pytest.fixture(scope="module")
def doc() -> dict[str, Any]:
    return json.loads(DOC.read_text(encoding="utf-8"))


def operations(doc: dict[str, Any]) -> dict[tuple[str, str], dict[str, Any]]:
    return {(m.upper(), p): op for p, item in doc["paths"].items() for m, op in item.items()}


def test_checked_in_document_is_not_stale() -> None:
    # A fresh interpreter: generating loads every handler module with its function's environment.
    run = subprocess.run(
        [sys.executable, "-m", "local.openapi", "--check"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert run.returncode == 0, run.stderr + "\nrun `make openapi` and commit docs/openapi.json"


def test_document_is_valid_openapi_3_1(doc: dict[str, Any]) -> None:
    assert doc["openapi"] == "3.1.0"
    validate(doc)


def test_routes_of_template_are_the_operations_of_the_document(doc: dict[str, Any]) -> None:
    template = {(r.method, r.path) for r in template_stack().routes()}
    assert set(operations(doc)) == template


def test_security_follows_the_template(doc: dict[str, Any]) -> None:
    assert doc["security"] == [{"bearerAuth": []}]
    assert doc["components"]["securitySchemes"]["bearerAuth"] == {
        "type": "http",
        "scheme": "bearer",
        "bearerFormat": "JWT",
        "description": "The access_token of POST /www/token.",
    }
    assert doc["components"]["securitySchemes"]["basicAuth"]["scheme"] == "basic"
    ops = operations(doc)
    assert ops["POST", "/www/token"]["security"] == [{"basicAuth": []}]
    assert ops["OPTIONS", "/www/zugferd"]["security"] == []
    for route in template_stack().routes():
        op = ops[route.method, route.path]
        if route.authorized:
            assert "security" not in op, route
            assert {"401", "403"} <= set(op["responses"]), route


def test_every_operation_documents_its_answers(doc: dict[str, Any]) -> None:
    """A 2xx with a real body schema (not powertools' default string), or the placeholder's 501."""
    undocumented = []
    assert all(
        o["responses"]["501"]["content"]["application/json"]["schema"] == ERROR_REF
        for o in operations(doc).values()
        if "501" in o["responses"]
    )
    for (method, path), op in operations(doc).items():
        statuses = set(op["responses"])
        success = sorted(s for s in statuses if s.startswith("2"))
        if not success and "501" not in statuses:
            undocumented.append(f"{method} {path}")
        for status in success:
            for media in (op["responses"][status].get("content") or {}).values():
                if media["schema"] == {"type": "string"} and "json" in str(op["responses"][status]):
                    undocumented.append(f"{method} {path} {status}")
        assert {"400", "413", "500", "503"} <= statuses, (method, path)
        for status in (s for s in statuses if s.startswith("3")):
            assert "content" not in op["responses"][status], (method, path, status)  # 304: no body
        for status in (s for s in statuses if s[0] in "45"):
            # The error body, or a model of it with a more precise info (ZUGFeRD's endpoint error).
            (schema,) = [media["schema"] for media in op["responses"][status]["content"].values()]
            component = doc["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
            assert {"error", "error_description", "info"} <= set(component["required"]), (path, status)
    assert undocumented == [], "declare responses=documented(...) on these routes (docs/openapi.md)"


def test_placeholders_answer_501_only(doc: dict[str, Any]) -> None:
    """The routes documented with a 501 are exactly those whose handler is `not_implemented`."""
    ops = operations(doc)
    placeholders = placeholder_routes()
    assert {key for key, op in ops.items() if "501" in op["responses"]} == placeholders
    shared = {"400", "401", "403", "413", "415", "500", "503"}
    for (method, path), op in ((key, ops[key]) for key in placeholders):
        responses = op["responses"]
        assert responses["501"]["description"] == "not_implemented: the route is declared but not built yet."
        assert set(responses) - {"501"} <= shared, (method, path)
        path_names = re.findall(r"\{(\w+)\}", path)
        assert [(p["name"], p["required"]) for p in op.get("parameters", []) if p["in"] == "path"] == [
            (name, True) for name in path_names
        ]


def test_placeholders_are_found_in_the_handler_source() -> None:
    source = """
app.get("/www/x/<Nr>")(not_implemented("GET /www/x/{Nr}"))
app.route("/www/y", method="PUT")(not_implemented("PUT /www/y"))
app.post("/www/z")(handler)


@app.get("/www/w")
def read() -> Response[str]:
    return not_implemented("GET /www/w")()
"""
    assert placeholders_in(source) == {("GET", "/www/x/{Nr}"), ("PUT", "/www/y")}


def test_token_and_log_are_documented_by_their_handlers(doc: dict[str, Any]) -> None:
    ops = operations(doc)
    token = ops["POST", "/www/token"]["responses"]
    assert token["200"]["content"] == {"application/json": {"schema": {"$ref": "#/components/schemas/TokenAntwort"}}}
    assert doc["components"]["schemas"]["TokenAntwort"]["required"] == ["expires_in", "access_token"]
    assert doc["components"]["schemas"]["TokenAntwort"]["properties"]["expires_in"]["type"] == "integer"
    log = ops["DELETE", "/www/log"]["responses"]
    assert log["204"] == {"description": "The log files are deleted.", "headers": RESPONSE_HEADERS}
    assert "422" not in json.dumps(doc["paths"])


def test_error_body_schema(doc: dict[str, Any]) -> None:
    body = doc["components"]["schemas"]["ErrorBody"]
    assert body["required"] == ["error", "error_description", "info"]
    assert body["properties"]["info"]["type"] == "object"
    assert body["properties"]["info"]["properties"]["request_id"]["type"] == "string"


def test_every_operation_documents_429_with_retry_after_and_the_request_id_header(doc: dict[str, Any]) -> None:
    for (method, path), op in operations(doc).items():
        throttled = op["responses"]["429"]
        assert throttled["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/ErrorBody"}
        assert list(throttled["headers"]) == ["Retry-After"], (method, path)
        for status, answer in op["responses"].items():
            # API Gateway's own answers carry x-amzn-RequestId, the functions' X-Request-Id.
            assert ("X-Request-Id" in answer.get("headers", {})) == (status not in GATEWAY_ONLY), (method, path, status)
