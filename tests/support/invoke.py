"""Invoking a function in-process through the local API Gateway emulation (local/gateway.py).

The one way a unit test calls a handler: the event is the one `Gateway.build_event` makes for the
template's route (resource, path parameters, base64 body as with BinaryMediaTypes */*), with the
authorizer's context a test chooses, handed to the handler module the gateway loads (once per
process). `Answer` reads the proxy result as a client would.
"""

from __future__ import annotations

import json
from functools import cache
from types import ModuleType
from typing import Any
from urllib.parse import urlencode

from local.gateway import Gateway
from local.lambda_runtime import lambda_context
from local.template import Route, Stack
from tests.support import without_request_id
from tests.support.aws import NO_LIMITS, stack

HOST = "api.example.ch"


@cache
def gateway() -> Gateway:
    """The template's gateway with its limits out of the way (tests/support/aws.NO_LIMITS): a test makes
    many requests at once; the limits have tests of their own (tests/unit/platform/test_template_edge.py)."""
    return Gateway(Stack.read(overrides=NO_LIMITS))


@cache
def logical_id(function: str) -> str:
    """The template's logical id of functions/<function>/ (or the logical id itself)."""
    template = stack()
    functions = template.resources("AWS::Serverless::Function")
    if function in functions:
        return function
    for logical in functions:
        if template.handler_file(logical)[0].parent.name == function:
            return logical
    raise KeyError(f"no function {function!r} in template.yaml")


def load_app(function: str) -> ModuleType:
    """The handler module of functions/<function>/app.py, as the gateway loaded it."""
    logical = logical_id(function)
    gateway().runtime.handler(logical)
    return gateway().runtime.modules[logical]


def handler(function: str) -> Any:
    return gateway().runtime.handler(logical_id(function))


def Context(function: str = "test", request_id: str | None = None) -> Any:
    """A Lambda context; `request_id` fixes aws_request_id where a test looks for it."""
    ctx = lambda_context(function)
    if request_id is not None:
        ctx.aws_request_id = request_id
    return ctx


def event(
    method: str,
    path: str,
    body: Any = None,
    query: dict[str, str] | None = None,
    headers: dict[str, str] | None = None,
    user: str = "demo",
    webshop: str | None = "",
    resource: str | None = None,
    host: str | None = HOST,
    roles: str = "integration",
) -> dict[str, Any]:
    """The REST-API proxy event API Gateway sends for this request, past the authorizer.

    body: a str or bytes as sent, anything else as JSON. The route (resource, path parameters)
    comes from template.yaml; `resource` names one for a path the template does not route.
    host: the Host header the client sent (links are built on it); None for none at all.
    """
    sent = {"Host": host} if host else {}
    if body is not None:
        sent["Content-Type"] = "application/json"
    sent.update(headers or {})
    if body is None:
        raw = b""
    elif isinstance(body, bytes):
        raw = body
    elif isinstance(body, str):
        raw = body.encode("utf-8")
    else:
        raw = json.dumps(body).encode("utf-8")
    found = None if resource else gateway().match(method, path)
    params: dict[str, str] = {}
    if found is None:
        route = Route(method, resource or path, "test", True)
    else:
        route, params = found
    auth = {"user": user, "webshop": webshop, "principalId": user, "roles": roles}
    result = gateway().build_event(
        route, method, path, urlencode(query or {}), {k: [v] for k, v in sent.items()}, raw, params, auth
    )
    if host:
        result["requestContext"]["domainName"] = host
    else:
        del result["requestContext"]["domainName"]
    return result


class Answer:
    """A proxy result as the client sees it: status, headers (last value wins), text, JSON."""

    def __init__(self, raw: dict[str, Any]) -> None:
        self.raw = raw
        self.status = raw["statusCode"]
        self.headers = dict(raw.get("headers") or {})
        for name, values in (raw.get("multiValueHeaders") or {}).items():
            self.headers[name] = values[-1]
        self.text = raw.get("body") or ""

    def json(self) -> Any:
        return without_request_id(json.loads(self.text), self.headers.get("X-Request-Id"))


def result_json(result: dict[str, Any]) -> Any:
    """The JSON body of a proxy result, as `Answer.json` reads it."""
    return Answer(result).json()


def call(function: str, method: str, path: str, body: Any = None, **kwargs: Any) -> Answer:
    """Invoke functions/<function>/app.py with the event of this request (see `event`)."""
    context = Context(function)
    return Answer(handler(function)(event(method, path, body, **kwargs), context))


class RequestCounter:
    """Counts the DynamoDB requests the layer's client sends (by operation) while active."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    def _count(self, model: Any, **_: Any) -> None:
        self.calls.append(model.name)

    def __enter__(self) -> RequestCounter:
        from backoffice.platform.aws import client

        client("dynamodb").meta.events.register("before-call.dynamodb", self._count)
        return self

    def __exit__(self, *exc: object) -> None:
        from backoffice.platform.aws import client

        client("dynamodb").meta.events.unregister("before-call.dynamodb", self._count)


def table_items() -> list[dict[str, Any]]:
    """Every item of the layer's table, as a scan would return it.

    Read from moto's in-process backend: moto's response serializer took seconds for a scan of the
    demo data, and tests compare the whole table before and after a request.
    """
    from moto.dynamodb.models import dynamodb_backends

    from backoffice.platform import dynamo
    from local.template import ACCOUNT, REGION

    table = dynamodb_backends[ACCOUNT][REGION].get_table(dynamo.table_name())
    return [item.to_regular_json() for item in table.all_items()]
