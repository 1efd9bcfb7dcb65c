"""Orders: DynamoDB requests to create an order of 1, 10, 100 and 500 positions, and to read one.

Runs in-process on moto with the demo catalogue and customers, through the real auftrag handler
with API Gateway's proxy event, and counts the requests the layer's DynamoDB client sends. The
count must not grow with the positions: customer + pricing (1 BatchGetItem), the customer's
addresses (1 BatchGetItem), the articles (1 BatchGetItem per 100 distinct articles), the AuftNr
counter (1 UpdateItem), the stock items it lowers (1 BatchGetItem, for its events), the event
sequence (1 UpdateItem) and the one TransactWriteItems. Reading an order is one Query. The handler's
time is shown beside it (info only: moto's speed is not DynamoDB's).
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from local.lambda_runtime import load_module
from local.template import Stack

ROOT = Path(__file__).resolve().parent.parent
SIZES = (1, 10, 100, 500)
# Demo articles without packaging units, so every position needs no VPEinheit.
ARTICLES = ("1000", "1001", "1005", "2004", "2005", "2006", "3000", "3001", "3003", "3005")


def _setup() -> Any:
    for var, value in {
        "AWS_ACCESS_KEY_ID": "bench",
        "AWS_SECRET_ACCESS_KEY": "bench",
        "AWS_DEFAULT_REGION": "eu-central-1",
        "POWERTOOLS_LOG_LEVEL": "WARNING",
    }.items():
        os.environ[var] = value
    os.environ.pop("AWS_ENDPOINT_URL", None)
    sys.path.insert(0, str(ROOT / "layers" / "backoffice"))
    sys.path.insert(0, str(ROOT))


class _Context:
    function_name, memory_limit_in_mb, aws_request_id = "bench", 512, "bench"
    invoked_function_arn = "arn:aws:lambda:eu-central-1:123456789012:function:bench"

    @staticmethod
    def get_remaining_time_in_millis() -> int:
        return 30_000


def _event(method: str, path: str, body: Any = None) -> dict[str, Any]:
    params = {"AuftNr": path.rsplit("/", 1)[1]} if path.startswith("/www/auftrag/") else None
    return {
        "resource": "/www/auftrag/{AuftNr}" if params else path,
        "path": path,
        "httpMethod": method,
        "headers": {"Host": "bench.example.ch", "Content-Type": "application/json"},
        "multiValueHeaders": {"Host": ["bench.example.ch"], "Content-Type": ["application/json"]},
        "queryStringParameters": None,
        "multiValueQueryStringParameters": None,
        "pathParameters": params,
        "requestContext": {
            "stage": "v1",
            "domainName": "bench.example.ch",
            "authorizer": {"user": "bench", "webshop": "SHOP"},
        },
        "body": None if body is None else json.dumps(body),
        "isBase64Encoded": False,
    }


def _measure(app: Any, method: str, path: str, body: Any = None) -> tuple[dict[str, Any], list[str], float]:
    from backoffice.platform.aws import client

    calls: list[str] = []

    def count(model: Any, **_: Any) -> None:
        calls.append(model.name)

    events = client("dynamodb").meta.events
    events.register("before-call.dynamodb", count)
    try:
        started = time.perf_counter()
        answer = app.lambda_handler(_event(method, path, body), _Context())
        elapsed = time.perf_counter() - started
    finally:
        events.unregister("before-call.dynamodb", count)
    assert answer["statusCode"] in (200, 201), answer["body"]
    return json.loads(answer["body"]), calls, elapsed


def _summary(calls: list[str]) -> str:
    return ", ".join(f"{name} x{n}" if n > 1 else name for name, n in Counter(calls).items())


def run() -> list[dict[str, Any]]:
    _setup()
    from moto import mock_aws

    from backoffice import company
    from backoffice.catalogue import article_store
    from backoffice.catalogue.importer import import_catalogue
    from backoffice.platform.aws import reset_clients
    from backoffice.platform.environment import get_settings
    from local import demo_kunden
    from local.emulation import create_resources

    rows: list[dict[str, Any]] = []
    saved = dict(os.environ)
    stack = Stack.read()
    with mock_aws():
        for logical in stack.resources("AWS::Serverless::Function"):
            os.environ.update(stack.environment(logical))
        reset_clients()
        get_settings.cache_clear()
        company.forget_config()
        article_store.forget_index()
        create_resources(stack)
        import_catalogue(ROOT / "local" / "demo_data" / "artikel")
        demo_kunden.load()
        app = load_module(Stack.read(), "AuftragFunction")

        def body(n: int) -> dict[str, Any]:
            positions = [{"ArtNr": ARTICLES[i % len(ARTICLES)], "Menge": 1 + i % 3} for i in range(n)]
            return {"GrundDaten": {"KundNr": "100004"}, "Positionen": positions}

        _measure(app, "POST", "/www/auftrag", body(1))  # warm: imports, the configuration cache
        base_calls: list[str] = []
        base_time = 0.0
        last = ""
        for n in SIZES:
            answer, calls, elapsed = _measure(app, "POST", "/www/auftrag", body(n))
            last = answer["data"]["AuftNr"]
            if n == SIZES[0]:
                base_calls, base_time = calls, elapsed
            ratio = len(calls) / len(base_calls)
            rows.append(
                {
                    "benchmark": f"orders: POST /www/auftrag, {n} positions",
                    "measured": f"{len(calls)} DynamoDB requests ({_summary(calls)}); {elapsed * 1000:.0f} ms",
                    "baseline": f"{len(base_calls)} requests for 1 position; {base_time * 1000:.0f} ms",
                    "ratio": round(ratio, 2),
                    "target": "<= 1.0x (requests bounded)",
                    "verdict": "ok" if ratio <= 1.0 else "FAIL",
                }
            )
        answer, calls, elapsed = _measure(app, "GET", f"/www/auftrag/{last}")
        rows.append(
            {
                "benchmark": f"orders: GET /www/auftrag/{{AuftNr}}, {len(answer['data']['Positionen'])} positions",
                "measured": f"{len(calls)} DynamoDB request ({_summary(calls)}); {elapsed * 1000:.0f} ms",
                "baseline": "1 request",
                "ratio": float(len(calls)),
                "target": "== 1 request",
                "verdict": "ok" if len(calls) == 1 else "FAIL",
            }
        )
    os.environ.clear()
    os.environ.update(saved)
    reset_clients()
    get_settings.cache_clear()
    company.forget_config()
    return rows


if __name__ == "__main__":
    for row in run():
        print(row)
