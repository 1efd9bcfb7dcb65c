"""The local API Gateway's own answers read from any template, and the Lambda event measured as sent."""

from __future__ import annotations

import base64
import copy
import json
from typing import Any

import pytest

from backoffice.errors import PayloadTooLarge
from backoffice.http.request_body import MAX_EVENT_BYTES, check_event_size, decode_text_body, event_size
from backoffice.http.responses import JSON_CONTENT_TYPE
from local.gateway import Gateway
from local.template import Route, Stack
from tests.support.aws import stack as template_stack
from tests.support.invoke import result_json


def gateway_with(responses: dict[str, Any]) -> Gateway:
    stack = copy.deepcopy(template_stack())  # its own copy: the responses are changed
    stack.doc["Resources"]["Api"]["Properties"]["GatewayResponses"] = responses
    return Gateway(stack)


def test_a_type_the_template_omits_takes_default_4xx_with_the_types_own_status() -> None:
    gw = gateway_with(
        {
            "DEFAULT_4XX": {
                "ResponseParameters": {
                    "Headers": {
                        "Access-Control-Allow-Origin": "method.request.header.Origin",
                        "Vary": "'Origin'",
                        "X-Absent": "method.request.header.X-Not-Sent",
                    }
                },
                "ResponseTemplates": {
                    "application/json": '{"error":"x","error_description":$context.error.messageString,"info":{}}'
                },
            }
        }
    )
    status, headers, body = gw.gateway_response(
        "MISSING_AUTHENTICATION_TOKEN", request_headers={"origin": ["https://a.example"]}
    )
    assert status == 403  # API Gateway's status of the type
    assert headers == {
        "Access-Control-Allow-Origin": ["https://a.example"],
        "Vary": ["Origin"],
        "Content-Type": [JSON_CONTENT_TYPE],
    }
    assert json.loads(body) == {"error": "x", "error_description": "Missing Authentication Token", "info": {}}


def test_the_types_own_entry_and_status_win_and_parameters_resolve() -> None:
    gw = gateway_with(
        {
            "DEFAULT_5XX": {"ResponseTemplates": {"application/json": '{"error":"unavailable"}'}},
            "INTEGRATION_TIMEOUT": {
                "StatusCode": 504,
                "ResponseParameters": {"Headers": {"X-Origins": {"Fn::Sub": "'${AllowedOrigins}'"}}},
                "ResponseTemplates": {"application/json": '{"error":"$context.error.responseType"}'},
            },
        }
    )
    status, headers, body = gw.gateway_response("INTEGRATION_TIMEOUT")
    assert (status, headers["X-Origins"], json.loads(body)) == (504, ["*"], {"error": "INTEGRATION_TIMEOUT"})
    status, _, body = gw.gateway_response("DEFAULT_5XX", 502)
    assert (status, json.loads(body)) == (502, {"error": "unavailable"})


@pytest.mark.parametrize(
    ("kind", "status", "code"),
    [
        ("MISSING_AUTHENTICATION_TOKEN", 403, "forbidden"),
        ("UNAUTHORIZED", 401, "invalid_token"),
        ("REQUEST_TOO_LARGE", 413, "payload_too_large"),
        ("INTEGRATION_TIMEOUT", 504, "unavailable"),
        ("AUTHORIZER_FAILURE", 500, "internal_error"),
    ],
)
def test_without_gateway_responses_the_answer_is_the_error_body(kind: str, status: int, code: str) -> None:
    got, headers, body = gateway_with({}).gateway_response(kind)
    assert (got, headers) == (status, {"Content-Type": [JSON_CONTENT_TYPE]})
    parsed = json.loads(body)
    assert set(parsed) == {"error", "error_description", "info"}
    assert (parsed["error"], parsed["info"]) == (code, {})


def event_of(body: bytes, headers: dict[str, list[str]] | None = None) -> dict[str, Any]:
    gw = Gateway(template_stack())
    route = Route("POST", "/www/kunden", "KundenFunction", True)
    return gw.build_event(
        route,
        "POST",
        "/www/kunden",
        "",
        headers or {"Content-Type": ["application/json"], "User-Agent": ["Zürich-Client"]},
        body,
        {},
        {"user": "demo"},
    )


def as_sent(event: dict[str, Any]) -> int:
    return len(json.dumps(event, ensure_ascii=False, separators=(",", ":")).encode())


@pytest.mark.parametrize(
    "event",
    [
        event_of(b'{"a":"\xc3\xa4"}'),
        event_of(b""),
        {"body": 'say "hi"\n\u00e4', "isBase64Encoded": False, "headers": {"X": "ü"}},
        {"body": None, "isBase64Encoded": False},
    ],
    ids=["base64", "no body", "text with escapes", "null body"],
)
def test_event_size_is_the_length_of_the_events_json(event: dict[str, Any]) -> None:
    assert event_size(event) == as_sent(event)


def test_the_largest_body_whose_event_fits_passes_and_three_bytes_more_are_a_413() -> None:
    overhead = as_sent(event_of(b""))
    # base64 makes 4 characters of every 3 bytes; the empty body's `null` becomes `""` plus the text.
    fitting = (MAX_EVENT_BYTES - overhead + len("null") - len('""')) // 4 * 3
    event = event_of(b"a" * fitting)
    assert event_size(event) <= MAX_EVENT_BYTES
    check_event_size(event)
    with pytest.raises(PayloadTooLarge) as err:
        check_event_size(event_of(b"a" * (fitting + 3)))
    assert err.value.status == 413
    assert err.value.info == {"limit": MAX_EVENT_BYTES}


def test_the_layer_refuses_an_event_over_the_limit_before_decoding_its_body() -> None:
    event = event_of(b"a" * (MAX_EVENT_BYTES * 3 // 4))
    assert base64.b64decode(event["body"])[:1] == b"a"
    with pytest.raises(PayloadTooLarge):
        decode_text_body(event)


def test_the_function_answers_an_oversized_event_as_the_emulation_does(aws: Stack) -> None:
    from local.lambda_runtime import lambda_context, load_handler

    too_large = b"a" * (MAX_EVENT_BYTES * 3 // 4)
    gw = Gateway(aws)
    gw.authorize = lambda token, method, path: ("allow", {"user": "demo"})  # type: ignore[method-assign]
    # What the emulation answers instead of invoking, and what the function answers when invoked anyway.
    headers = {"Content-Type": ["application/json"], "Authorization": ["Bearer x"]}
    status, _, body = gw.invoke("POST", "/www/kunden", headers, too_large)
    answer = load_handler(aws, "KundenFunction")(event_of(too_large), lambda_context("KundenFunction"))
    assert status == answer["statusCode"] == 413
    gateway_body, function_body = json.loads(body), result_json(answer)
    gateway_body["info"].pop("request_id")
    # The descriptions state each event's own size (the two events differ in their headers).
    assert gateway_body["error"] == function_body["error"] == "payload_too_large"
    assert gateway_body["info"] == function_body["info"] == {"limit": MAX_EVENT_BYTES}
    assert "at most 6291456 (6 MB)" in gateway_body["error_description"]
    assert "at most 6291456 (6 MB)" in function_body["error_description"]


def test_an_answer_over_6_mb_is_api_gateways_502() -> None:
    gw = Gateway(template_stack())
    result = {"statusCode": 200, "headers": {}, "body": "a" * MAX_EVENT_BYTES, "isBase64Encoded": False}
    status, _, body = gw.to_http(result, "*/*")
    assert status == 502
    assert json.loads(body)["error"] == "unavailable"
    result["body"] = "a" * (MAX_EVENT_BYTES - 100)
    assert gw.to_http(result, "*/*")[0] == 200
