"""Fixtures of the article tests: the demo catalogue in moto, and a way to call the handler."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

DEMO = Path(__file__).resolve().parents[3] / "local" / "demo_data" / "artikel"


@pytest.fixture
def catalogue(aws: Any) -> Any:
    """moto with the demo catalogue imported."""
    from backoffice.catalogue import article_store
    from backoffice.catalogue.importer import import_catalogue

    article_store.forget_index()
    result = import_catalogue(DEMO)
    yield result
    article_store.forget_index()


def event(
    path: str, query: dict[str, str] | None = None, headers: dict[str, str] | None = None, webshop: str | None = "SHOP"
) -> dict[str, Any]:
    resource = path
    params = None
    for prefix, name in (
        ("/www/artikelmediadaten/", "IDKey"),
        ("/www/artikelmedia/", "ArtNr"),
        ("/www/artikel/", "ArtNr"),
    ):
        if path.startswith(prefix):
            resource, params = prefix + "{" + name + "}", {name: path[len(prefix) :]}
            break
    return {
        "resource": resource,
        "path": path,
        "httpMethod": "GET",
        "headers": headers or {},
        "multiValueHeaders": {k: [v] for k, v in (headers or {}).items()},
        "queryStringParameters": query or None,
        "multiValueQueryStringParameters": {k: [v] for k, v in (query or {}).items()} or None,
        "pathParameters": params,
        "requestContext": {
            "authorizer": {"user": "demo", "webshop": webshop},
            "stage": "v1",
            "path": path,
            "httpMethod": "GET",
            "requestId": "test",
        },
        "body": None,
        "isBase64Encoded": False,
    }


CONTEXT = SimpleNamespace(
    function_name="artikel",
    memory_limit_in_mb=512,
    invoked_function_arn="arn:aws:lambda:eu-central-1:123456789012:function:artikel",
    aws_request_id="test",
)


@pytest.fixture
def call(catalogue: Any) -> Callable[..., dict[str, Any]]:
    """Invoke the artikel handler with an API Gateway proxy event."""
    from functions.artikel import app

    def invoke(path: str, query: dict[str, str] | None = None, **kw: Any) -> dict[str, Any]:
        return app.lambda_handler(event(path, query, **kw), CONTEXT)

    return invoke
