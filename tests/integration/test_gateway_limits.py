"""AWS's limits in the local API Gateway, over HTTP: the time a function may take (its Timeout, API
Gateway's 29 s), the size of the Lambda event, and API Gateway's own answers from the template."""

from __future__ import annotations

import base64
import io
import json
import threading
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pypdf
import pytest
import requests

from backoffice.http.request_body import MAX_EVENT_BYTES
from bench.zugferd_samples import invoice_xml, pdf_of_size
from local import lambda_runtime
from local.front_door import ApiServer
from local.gateway import Gateway
from local.template import Stack
from tests.support import Api, error_json

pytestmark = pytest.mark.integration

ALLOW = {
    "principalId": "demo",
    "policyDocument": {"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Action": "*", "Resource": "*"}]},
    "context": {"user": "demo"},
}
BEARER = {"Authorization": "Bearer x"}


class SlowFunction:
    """A handler that answers only when the test releases it: slow without sleeping."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.calls = 0

    def __call__(self, event: dict[str, Any], context: Any) -> dict[str, Any]:
        self.calls += 1
        self.release.wait(60)
        return {"statusCode": 200, "headers": {"Content-Type": "application/json"}, "body": '{"ok":true}'}


def serve(
    stack: Stack, slow: SlowFunction, monkeypatch: pytest.MonkeyPatch, integration_timeout: float | None = None
) -> tuple[ApiServer, list[str]]:
    """An API server whose functions are `slow` and an allowing authorizer; the modules it loaded."""
    loaded: list[str] = []

    def load_module(stack: Stack, logical: str) -> SimpleNamespace:
        loaded.append(logical)
        return SimpleNamespace(lambda_handler=(lambda event, context: ALLOW) if logical == authorizer else slow)

    monkeypatch.setattr(lambda_runtime, "load_module", load_module)
    gateway = Gateway(stack)
    authorizer = gateway.authorizer_fn
    if integration_timeout is not None:
        gateway.integration_timeout = integration_timeout
    server = ApiServer(gateway, 0, verbose=False)
    server.start()
    return server, loaded


def with_timeout(seconds: int) -> Stack:
    """The template with KundenFunction's Timeout changed, as a test's own copy."""
    stack = Stack.read()
    stack.doc["Resources"]["KundenFunction"]["Properties"]["Timeout"] = seconds
    return stack


@pytest.fixture
def slow() -> Iterator[SlowFunction]:
    function = SlowFunction()
    yield function
    function.release.set()


def expected(stack: Stack, kind: str) -> dict[str, Any]:
    conf = stack.gateway_responses().get(kind) or stack.gateway_responses()["DEFAULT_5XX"]
    body = dict(json.loads(conf["ResponseTemplates"]["application/json"]))
    body["info"].pop("request_id")  # the answer's own: error_json checks it against its header
    return body


def test_a_function_over_its_timeout_is_api_gateways_502_and_its_instance_is_replaced(
    slow: SlowFunction, monkeypatch: pytest.MonkeyPatch
) -> None:
    stack = with_timeout(1)  # below API Gateway's 29 s: Lambda ends the function first
    server, loaded = serve(stack, slow, monkeypatch)
    try:
        first = requests.get(server.url + "/www/kunden/1", headers=BEARER, timeout=30)
        assert first.status_code == 502
        assert error_json(first) == expected(stack, "DEFAULT_5XX")
        assert first.headers["Retry-After"] == "5"
        # The timed-out instance is gone, as in Lambda: the next request gets a fresh one (a cold start),
        # while the first handler is still running in its thread.
        second = requests.get(server.url + "/www/kunden/1", headers=BEARER, timeout=30)
        assert second.status_code == 502
        assert loaded.count("KundenFunction") == 2
        assert slow.calls == 2
        slow.release.set()
        third = requests.get(server.url + "/www/kunden/1", headers=BEARER, timeout=30)
        assert (third.status_code, third.json()) == (200, {"ok": True})
        assert loaded.count("KundenFunction") == 3
        # An instance that answered in time is kept.
        assert requests.get(server.url + "/www/kunden/1", headers=BEARER, timeout=30).status_code == 200
        assert loaded.count("KundenFunction") == 3
    finally:
        server.stop()


def test_a_function_outlasting_the_integration_timeout_is_a_504(
    slow: SlowFunction, monkeypatch: pytest.MonkeyPatch
) -> None:
    stack = with_timeout(60)  # above the integration timeout: API Gateway gives up first
    server, _ = serve(stack, slow, monkeypatch, integration_timeout=0.5)
    try:
        resp = requests.get(server.url + "/www/kunden/1", headers=BEARER, timeout=30)
        assert resp.status_code == 504
        assert error_json(resp) == expected(stack, "INTEGRATION_TIMEOUT")
    finally:
        server.stop()


def test_the_handler_sees_its_own_timeout_and_memory_in_the_context() -> None:
    seen: dict[str, Any] = {}

    def handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
        seen["remaining"] = context.get_remaining_time_in_millis()
        seen["memory"] = context.memory_limit_in_mb
        return {"statusCode": 204, "body": ""}

    stack = with_timeout(7)
    gateway = Gateway(stack)
    gateway.runtime.handlers[gateway.authorizer_fn] = lambda event, context: ALLOW
    gateway.runtime.handlers["KundenFunction"] = handler
    server = ApiServer(gateway, 0, verbose=False)
    server.start()
    try:
        assert requests.get(server.url + "/www/kunden/1", headers=BEARER, timeout=30).status_code == 204
    finally:
        server.stop()
    assert 0 < seen["remaining"] <= 7000
    assert seen["memory"] == stack.memory("KundenFunction")


# -- against the local stack ---------------------------------------------------------------------


def test_an_unknown_route_with_a_bearer_token_is_the_templates_404(local_stack: dict[str, Any]) -> None:
    resp = requests.get(local_stack["api"] + "/www/nowhere", headers=BEARER, timeout=30)
    assert resp.status_code == 404
    assert error_json(resp) == expected(Stack.read(), "MISSING_AUTHENTICATION_TOKEN")


def test_a_json_body_of_4_8_mb_is_a_413_as_its_event_would_not_fit(api: Api) -> None:
    # 4.8 MB of JSON is 6.4 MB once base64-encoded into the event: over Lambda's 6 MB.
    body = json.dumps({"Operation": "Extract", "PDF": "A" * 4_800_000}).encode()
    resp = api.post("/www/zugferd", data=body, headers={"Content-Type": "application/json"})
    assert resp.status_code == 413
    answer = error_json(resp)
    assert answer["error"] == "payload_too_large"
    assert answer["info"] == {"limit": MAX_EVENT_BYTES}
    assert "4.7 MB" in answer["error_description"]


def test_a_combine_of_a_4_mb_body_is_processed(api: Api) -> None:
    pdf, xml = pdf_of_size(3_000_000), invoice_xml("en16931")
    body = json.dumps(
        {"Operation": "Combine", "PDF": base64.b64encode(pdf).decode(), "XML": base64.b64encode(xml).decode()}
    ).encode()
    assert 3_900_000 < len(body) < 4_200_000
    resp = api.post("/www/zugferd", data=body, headers={"Content-Type": "application/json"})
    assert resp.status_code == 200, resp.text[:300]
    assert resp.headers["Content-Type"] == "application/pdf"
    reader = pypdf.PdfReader(io.BytesIO(resp.content))
    assert len(reader.pages) == len(pypdf.PdfReader(io.BytesIO(pdf)).pages)
    assert reader.attachments == {"factur-x.xml": [xml]}
