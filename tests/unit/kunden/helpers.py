"""Calling a function's handler in-process with the REST-API proxy event API Gateway sends."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[3]


def load_app(function: str) -> Any:
    """functions/<function>/app.py as a module of its own (every function's module is named app)."""
    name = f"_kunden_test_{function}_app"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "functions" / function / "app.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


class Context:
    function_name = "test"
    memory_limit_in_mb = 512
    invoked_function_arn = "arn:aws:lambda:eu-central-1:123456789012:function:test"
    aws_request_id = "req-1"

    @staticmethod
    def get_remaining_time_in_millis() -> int:
        return 30_000


def event(
    method: str,
    path: str,
    body: Any = None,
    query: dict[str, str] | None = None,
    headers: dict[str, str] | None = None,
    user: str = "demo",
) -> dict[str, Any]:
    text = body if isinstance(body, str) or body is None else json.dumps(body)
    hdrs = {"Host": "api.example.ch", "Content-Type": "application/json", **(headers or {})}
    return {
        "resource": path,
        "path": path,
        "httpMethod": method,
        "headers": hdrs,
        "multiValueHeaders": {k: [v] for k, v in hdrs.items()},
        "queryStringParameters": query or None,
        "multiValueQueryStringParameters": {k: [v] for k, v in (query or {}).items()} or None,
        "pathParameters": None,
        "stageVariables": None,
        "requestContext": {
            "stage": "v1",
            "path": f"/v1{path}" + (f"?{urlencode(query)}" if query else ""),
            "httpMethod": method,
            "domainName": "api.example.ch",
            "requestId": "req-1",
            "authorizer": {"user": user, "webshop": ""},
        },
        "body": text,
        "isBase64Encoded": False,
    }


class Answer:
    def __init__(self, raw: dict[str, Any]) -> None:
        self.status = raw["statusCode"]
        self.headers = dict(raw.get("headers") or {})
        for name, values in (raw.get("multiValueHeaders") or {}).items():
            self.headers[name] = values[-1]
        self.text = raw.get("body") or ""

    def json(self) -> Any:
        return json.loads(self.text)


def call(function: str, method: str, path: str, body: Any = None, **kwargs: Any) -> Answer:
    app = load_app(function)
    return Answer(app.lambda_handler(event(method, path, body, **kwargs), Context()))


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
    """Every item of the table (tests only: a scan)."""
    from backoffice.platform import dynamo
    from backoffice.platform.aws import client

    items, kwargs = [], {"TableName": dynamo.table_name()}
    while True:
        resp = client("dynamodb").scan(**kwargs)
        items += [dynamo.from_attrs(a) for a in resp["Items"]]
        if "LastEvaluatedKey" not in resp:
            return items
        kwargs["ExclusiveStartKey"] = resp["LastEvaluatedKey"]
