"""The shared resolver's error mapping, and template.yaml as the one source of resources and routes."""

from __future__ import annotations

import json
from typing import Annotated, Any

import pytest
from aws_lambda_powertools.event_handler import Response
from aws_lambda_powertools.event_handler.openapi.params import Body, Query
from botocore.exceptions import ClientError
from pydantic import Field

from backoffice.http.resolver import entrypoint, json_response, make_resolver, not_implemented, validation_fields
from backoffice.models import Number, RequestModel
from backoffice.platform.environment import Settings
from local.lambda_runtime import lambda_context, load_module
from local.template import Stack
from tests.support import invoke
from tests.support.invoke import result_json


class Pos(RequestModel):
    ArtNr: str = Field(max_length=15)
    Menge: Number


class Body_(RequestModel):
    Positionen: list[Pos]


app = make_resolver()


@app.post("/www/things")
def post_thing(body: Annotated[Body_, Body()]) -> Response[str]:
    return json_response({"data": {"n": len(body.Positionen), "m": body.Positionen[0].Menge}})


@app.get("/www/things")
def list_things(limit: Annotated[int, Query(ge=0)] = 0) -> Response[str]:
    if limit == 7:
        raise ClientError({"Error": {"Code": "ProvisionedThroughputExceededException"}}, "Query")
    if limit == 8:
        raise RuntimeError("secret internals")
    return json_response({"data": [], "count": limit})


app.get("/www/later/<Nr>")(not_implemented("GET /www/later/{Nr}"))
handler = entrypoint(app)


def call(
    method: str,
    path: str,
    body: str | None = None,
    query: dict[str, str] | None = None,
    content_type: str = "application/json",
) -> tuple[int, dict[str, Any], dict[str, Any]]:
    event = invoke.event(method, path, body, query=query, headers={"Content-Type": content_type}, resource=path)
    result = handler(event, lambda_context("test"))
    headers = dict(result.get("headers") or {})
    headers.update({k: v[-1] for k, v in (result.get("multiValueHeaders") or {}).items()})
    return result["statusCode"], headers, result_json(result) if result["body"] else {}


def test_a_valid_body_reaches_the_route_with_exact_decimals() -> None:
    status, headers, body = call("POST", "/www/things", '{"Positionen":[{"ArtNr":"A1","Menge":2.50}]}')
    assert status == 200
    assert headers["Content-Type"] == "application/json; charset=iso-8859-1"
    assert body == {"data": {"n": 1, "m": 2.5}}


def test_validation_errors_are_400_naming_each_field() -> None:
    status, _, body = call(
        "POST", "/www/things", '{"Positionen":[{"ArtNr":"1234567890123456","Menge":"3"},{"Menge":1,"X":1}]}'
    )
    assert status == 400
    assert body["error"] == "invalid_request"
    assert body["error_description"] == "The request is not valid."
    assert body["info"]["fields"] == {
        "Positionen[0].ArtNr": "String should have at most 15 characters",
        "Positionen[0].Menge": "Input should be a number",
        "Positionen[1].ArtNr": "Field required",
        "Positionen[1].X": "Extra inputs are not permitted",
    }


def test_query_validation_names_the_parameter() -> None:
    assert call("GET", "/www/things", query={"limit": "-1"})[2]["info"]["fields"] == {
        "limit": "Input should be greater than or equal to 0"
    }
    assert call("GET", "/www/things", query={"limit": "abc"})[2]["info"]["fields"] == {
        "limit": "Input should be a valid integer, unable to parse string as an integer"
    }


@pytest.mark.parametrize("path", ["/www/things", "/www/later/5"])
def test_broken_json_is_a_400_on_every_route(path: str) -> None:
    status, _, body = call("POST" if path == "/www/things" else "GET", path, '{"Positionen": [')
    assert status == 400
    assert body["error"] == "invalid_request"
    assert body["error_description"] == "The body is not valid JSON."


def test_a_body_that_is_not_an_object_is_a_400() -> None:
    status, _, body = call("POST", "/www/things", "[1, 2]")
    assert status == 400
    assert "Positionen" in body["info"]["fields"] or "body" in body["info"]["fields"]


def test_a_declared_route_without_handler_is_a_501_with_the_error_body() -> None:
    status, _, body = call("GET", "/www/later/5")
    assert status == 501
    assert body == {
        "error": "not_implemented",
        "error_description": "GET /www/later/{Nr} is declared but not implemented yet.",
        "info": {},
    }


def test_unknown_routes_throttling_and_crashes_have_the_error_body() -> None:
    status, _, body = call("GET", "/www/nothing")
    assert (status, body) == (
        404,
        {"error": "not_found", "error_description": "No route GET /www/nothing.", "info": {}},
    )
    status, headers, body = call("GET", "/www/things", query={"limit": "7"})
    assert (status, headers["Retry-After"], body["error"]) == (503, "2", "unavailable")
    status, _, body = call("GET", "/www/things", query={"limit": "8"})
    assert status == 500
    assert body == {
        "error": "internal_error",
        "error_description": "An unexpected error occurred; it has been logged.",
        "info": {},
    }
    assert "secret" not in json.dumps(body)


def test_a_text_plain_body_is_a_415() -> None:
    status, _, body = call("POST", "/www/things", "hello", content_type="text/plain")
    assert (status, body["error"]) == (415, "unsupported_media_type")


def test_validation_field_paths() -> None:
    assert validation_fields(
        [
            {"loc": ("body", "GrundDaten", "KundNr"), "msg": "m1"},
            {"loc": ("query", "limit"), "msg": "m2"},
            {"loc": ("body", "GrundDaten", "KundNr"), "msg": "m3"},
        ]
    ) == {"GrundDaten.KundNr": "m1; m3", "limit": "m2"}


# -- template.yaml ------------------------------------------------------------------------------

STACK = Stack.read()
CONTRACT_ROUTES = {
    ("GET", "/www/auftrag/{AuftNr}"),
    ("POST", "/www/auftrag"),
    ("PUT", "/www/auftrag"),
    ("GET", "/www/offerte"),
    ("POST", "/www/offerte"),
    ("PATCH", "/www/offerte"),
    ("GET", "/www/kunden/{DebiNr}"),
    ("POST", "/www/kunden"),
    ("GET", "/www/adressen/{AdrNr}"),
    ("GET", "/www/adressen"),
    ("PATCH", "/www/adressen/{AdrNr}"),
    ("GET", "/www/adressensuche"),
    ("GET", "/www/artikel/{ArtNr}"),
    ("GET", "/www/artikel"),
    ("GET", "/www/artikelmedia/{ArtNr}"),
    ("GET", "/www/artikelmediadaten/{IDKey}"),
    ("OPTIONS", "/www/zugferd"),
    ("POST", "/www/zugferd"),
    # issue 16: an order's e-invoice (beyond interface.md, docs/invoices.md)
    ("POST", "/www/auftrag/{AuftNr}/rechnung"),
    ("GET", "/www/auftrag/{AuftNr}/rechnung"),
    # issue 28: each file of the invoice as an operation of its own, for generated clients
    ("GET", "/www/auftrag/{AuftNr}/rechnung/pdf"),
    ("GET", "/www/auftrag/{AuftNr}/rechnung/xml"),
    # issue 24: credit notes of an invoice (beyond interface.md, docs/credit_notes.md)
    ("POST", "/www/rechnung/{RechNr}/gutschrift"),
    ("GET", "/www/gutschrift/{GutschriftNr}"),
    ("GET", "/www/gutschrift/{GutschriftNr}/pdf"),
    ("GET", "/www/gutschrift/{GutschriftNr}/xml"),
    # issue 25: the event feed and webhook subscriptions (beyond interface.md, docs/webhooks.md)
    ("GET", "/www/events"),
    ("POST", "/www/webhooks"),
    ("GET", "/www/webhooks"),
    ("GET", "/www/webhooks/{id}"),
    ("PATCH", "/www/webhooks/{id}"),
    ("DELETE", "/www/webhooks/{id}"),
    ("POST", "/www/webhooks/{id}/secret"),
    ("GET", "/www/webhooks/{id}/deliveries"),
    ("POST", "/www/webhooks/{id}/deliveries/{delivery_id}/redeliver"),
    ("POST", "/www/webhooks/{id}/test"),
    ("POST", "/www/token"),
    ("DELETE", "/www/log"),
    # issue 24: payments in and open items (beyond interface.md, docs/payments.md)
    ("POST", "/www/zahlungen"),
    ("GET", "/www/zahlungen"),
    ("POST", "/www/zahlungen/{id}/zuordnung"),
    ("GET", "/www/rechnung"),
    ("GET", "/www/rechnung/{RechNr}"),
    ("GET", "/www/rechnung/{RechNr}/pdf"),
    ("GET", "/www/rechnung/{RechNr}/xml"),
}


def test_the_template_declares_every_route_of_the_contract_and_no_other() -> None:
    assert {(r.method, r.path) for r in STACK.routes()} == CONTRACT_ROUTES


def test_only_token_and_the_zugferd_preflight_go_without_the_authorizer() -> None:
    open_routes = {(r.method, r.path) for r in STACK.routes() if not r.authorized}
    assert open_routes == {("POST", "/www/token"), ("OPTIONS", "/www/zugferd")}


def test_each_handler_module_serves_the_routes_the_template_gives_it() -> None:
    for route in STACK.routes():
        resolver = load_module(STACK, route.function).app
        path = route.path.replace("{", "<").replace("}", ">")
        methods = {(r.method, r.rule.pattern) for r in resolver._dynamic_routes + resolver._static_routes}
        assert any(m == route.method and path_matches(p, path) for m, p in methods), (route, methods)


def path_matches(pattern: str, path: str) -> bool:
    import re

    concrete = re.sub(r"<(\w+)>", "x1", path)
    return re.match(pattern, concrete) is not None


def test_every_function_logs_to_its_own_group_with_a_retention() -> None:
    functions = STACK.resources("AWS::Serverless::Function")
    groups = STACK.resources("AWS::Logs::LogGroup")
    used = set()
    for logical, fn in functions.items():
        ref = fn["Properties"]["LoggingConfig"]["LogGroup"]["Ref"]
        assert ref in groups, logical
        assert groups[ref]["Properties"]["RetentionInDays"] == {"Ref": "LogRetentionDays"}
        used.add(ref)
    access_log = STACK.api()["AccessLogSetting"]["DestinationArn"]["Fn::GetAtt"][0]  # the stage's
    assert groups[access_log]["Properties"]["RetentionInDays"] == {"Ref": "LogRetentionDays"}
    assert used | {access_log} == set(groups)


def test_the_local_names_are_the_settings_defaults() -> None:
    env = STACK.environment()
    defaults = Settings()
    assert env["TABLE_NAME"] == defaults.table_name
    assert env["IDEMPOTENCY_TABLE_NAME"] == defaults.idempotency_table_name
    assert env["BUCKET_NAME"] == defaults.bucket_name
    assert env["EVENT_BUS_NAME"] == defaults.event_bus_name
    assert env["SIGNING_KEY_SECRET"] == defaults.signing_key_secret


def test_every_media_type_is_binary_so_any_accept_header_gets_bytes() -> None:
    assert STACK.binary_media_types() == {"*/*"}
