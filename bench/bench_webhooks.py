"""Webhooks (issue 25): what 3 subscriptions cost a write, and the local stack's delivery throughput.

1. In-process on moto, through the real auftrag handler: the DynamoDB requests of an order and the
   items of its one transaction, with no subscription and with 3. A subscription costs a write
   nothing: delivery reads the event feed afterwards (ADR 0009).
2. The local stack over HTTP (`python -m local`, the same code as `make run`): a subscription is
   disabled while ORDERS orders are written, then enabled; the time until a local receiver has
   every event of them (its backlog, sent in order from the delivery queue) gives events per second.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

from bench.bench_localstack import _free_port, _Stack
from bench.bench_orders import ROOT, _Context, _event, _setup

ORDERS = 200
ORDER = {"GrundDaten": {"KundNr": "100004"}, "Positionen": [{"ArtNr": "1000", "Menge": 1}]}


def _write_cost(app: Any) -> tuple[int, int]:
    """(DynamoDB requests, items of its TransactWriteItems) of one order."""
    from backoffice.platform.aws import client

    calls: list[str] = []
    items: list[int] = []

    def count(model: Any, params: Any, **_: Any) -> None:
        calls.append(model.name)
        if model.name == "TransactWriteItems":
            items.append(len(params["TransactItems"]))

    events = client("dynamodb").meta.events
    events.register("provide-client-params.dynamodb", lambda params, model, **_: count(model, params))
    try:
        answer = app.lambda_handler(_event("POST", "/www/auftrag", ORDER), _Context())
    finally:
        events.unregister("provide-client-params.dynamodb")
    assert answer["statusCode"] == 201, answer["body"]
    return len(calls), sum(items)


def _in_process() -> dict[str, Any]:
    _setup()
    from moto import mock_aws

    from backoffice import company
    from backoffice.catalogue import article_store
    from backoffice.catalogue.importer import import_catalogue
    from backoffice.platform.caches import reset_caches
    from backoffice.webhooks import subscriptions
    from local import demo_kunden
    from local.emulation import create_resources
    from local.lambda_runtime import load_module
    from local.template import Stack

    saved = dict(os.environ)
    stack = Stack.read()
    with mock_aws():
        for logical in stack.resources("AWS::Serverless::Function"):
            os.environ.update(stack.environment(logical))
        reset_caches()
        company.forget_config()
        article_store.forget_index()
        create_resources(stack)
        import_catalogue(ROOT / "local" / "demo_data" / "artikel")
        demo_kunden.load()
        app = load_module(stack, "AuftragFunction")
        _write_cost(app)  # warm
        before = _write_cost(app)
        for n in range(3):
            body = subscriptions.WebhookIn(url=f"http://127.0.0.1:9/{n}", events=["auftrag.created"])
            subscriptions.create(body, subscriptions.Who("bench"))
        after = _write_cost(app)
    os.environ.clear()
    os.environ.update(saved)
    extra = after[1] - before[1]
    return {
        "benchmark": "webhooks: an order's write with 3 active subscriptions (in-process, moto)",
        "measured": f"{after[0]} DynamoDB requests, {after[1]} transaction items",
        "baseline": f"{before[0]} requests, {before[1]} items without subscriptions",
        "ratio": round(after[0] / before[0], 2),
        "target": "at most 1 extra item, no HTTP in the request",
        "verdict": "ok" if extra <= 1 and after[0] <= before[0] else "FAIL",
    }


class _Receiver(BaseHTTPRequestHandler):
    ids: ClassVar[set[str]] = set()
    lock = threading.Lock()

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        with self.lock:
            self.ids.add(self.headers["webhook-id"])
        self.send_response(204)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args: Any) -> None:
        pass


def _throughput() -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="bench-webhooks-"))
    server = ThreadingHTTPServer(("127.0.0.1", _free_port()), _Receiver)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    stack = _Stack(folder / "data")
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/hook"
        made = stack.call("POST", "/www/webhooks", json={"url": url, "events": ["auftrag.created"]})
        hook = made.json()["data"]["id"]
        stack.call("PATCH", f"/www/webhooks/{hook}", json={"enabled": False}).raise_for_status()
        for _ in range(ORDERS):
            stack.call("POST", "/www/auftrag", json=ORDER).raise_for_status()
        started = time.monotonic()
        stack.call("PATCH", f"/www/webhooks/{hook}", json={"enabled": True}).raise_for_status()
        deadline = started + 600
        while len(_Receiver.ids) < ORDERS and time.monotonic() < deadline:
            time.sleep(0.05)
        elapsed = time.monotonic() - started
    finally:
        stack.proc.kill()
        stack.proc.wait()
        server.shutdown()
        shutil.rmtree(folder, ignore_errors=True)
    got = len(_Receiver.ids)
    return {
        "benchmark": f"webhooks: local stack delivers a backlog of {ORDERS} events to one receiver",
        "measured": f"{got} in {elapsed:.1f} s ({got / elapsed:.0f} events/s)",
        "baseline": "-",
        "ratio": None,
        "target": "all, in order (info: the rate)",
        "verdict": "ok" if got == ORDERS else "FAIL",
    }


def run() -> list[dict[str, Any]]:
    return [_in_process(), _throughput()]


if __name__ == "__main__":
    for row in run():
        print(row)
