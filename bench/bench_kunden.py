"""Customers and addresses with 100,000 customers: DynamoDB requests per search and per customer read.

The figures are request counts, measured side by side on a small and a large table in one run: a
search by e-mail, by phone and by postal code + name must take the same number of requests at
100,000 customers as at 1,000 (bounded, not growing with the data), and a customer read with
order=20 at most 3 (the customer, its orders, its open items: issue 24). The data is generated
with the layer's own item builders and written straight into moto's in-process backend (no HTTP,
no stream records), so loading takes seconds per 10,000.
The routes are called through the real handlers with API Gateway's proxy event.
"""

from __future__ import annotations

import json
import os
import random
import time
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from local.lambda_runtime import load_module
from local.template import Stack

ROOT = Path(__file__).resolve().parent.parent
SMALL, LARGE = 1_000, int(os.environ.get("BENCH_KUNDEN_CUSTOMERS", "100000"))
ORDERS = 30  # entries in the order list of the customer read with order=20
SURNAMES = [
    "Müller", "Meier", "Schmid", "Keller", "Weber", "Huber", "Schneider", "Meyer", "Steiner", "Fischer",
    "Gerber", "Brunner", "Baumann", "Frei", "Zimmermann", "Moser", "Widmer", "Wyss", "Graf", "Roth",
    "Favre", "Rochat", "Rossi", "Bianchi", "Dubois", "Martin", "Bernasconi", "Ferrari", "Suter", "Bühler",
]  # fmt: skip
FIRST = ["Anna", "Peter", "Hans", "Maria", "Laura", "Luca", "Marc", "Sarah", "Thomas", "Nicole", "Jürg", "Chloé"]


def _aws_env() -> None:
    for var, value in {
        "AWS_ACCESS_KEY_ID": "bench",
        "AWS_SECRET_ACCESS_KEY": "bench",
        "AWS_DEFAULT_REGION": "eu-central-1",
        "POWERTOOLS_LOG_LEVEL": "WARNING",
    }.items():
        os.environ[var] = value
    os.environ.pop("AWS_ENDPOINT_URL", None)


class _Context:
    function_name, memory_limit_in_mb, aws_request_id = "bench", 512, "bench"
    invoked_function_arn = "arn:aws:lambda:eu-central-1:123456789012:function:bench"

    @staticmethod
    def get_remaining_time_in_millis() -> int:
        return 30_000


def _event(method: str, path: str, query: dict[str, str] | None = None) -> dict[str, Any]:
    return {
        "resource": path,
        "path": path,
        "httpMethod": method,
        "headers": {"Host": "bench.example.ch"},
        "multiValueHeaders": {"Host": ["bench.example.ch"]},
        "queryStringParameters": query,
        "multiValueQueryStringParameters": {k: [v] for k, v in (query or {}).items()} or None,
        "pathParameters": None,
        "requestContext": {"stage": "v1", "domainName": "bench.example.ch", "authorizer": {"user": "bench"}},
        "body": None,
        "isBase64Encoded": False,
    }


def _customer(n: int, rng: random.Random, plz: list[str]) -> tuple[str, dict[str, Any]]:
    name = rng.choice(SURNAMES)
    fields = {
        "AdrSprache": "ger",
        "AdrAnrede": rng.choice((1, 2)),
        "AdrVorname": rng.choice(FIRST),
        "AdrName": name,
        "AdrAdresse1": f"Dorfstrasse {n % 200 + 1}",
        "OrtLand": "CH",
        "OrtPLZ": rng.choice(plz),
        "OrtName": "-",
        "EmailAdress": f"kunde{n}@example.ch",
        "AdrTf1": f"+41 44 {n // 10000:03d} {n // 100 % 100:02d} {n % 100:02d}",
    }
    return str(100001 + n), fields


def _load(count: int) -> dict[str, Any]:
    """`count` customers, one address each, written into moto's backend; what to search for."""
    from moto.core.models import DEFAULT_ACCOUNT_ID
    from moto.dynamodb.models import dynamodb_backends
    from moto.dynamodb.models.dynamo_type import DynamoType, Item

    from backoffice.parties import address_store, order_list, postal
    from backoffice.parties.customer_keys import CUSTOMER_SK, customer_pk
    from backoffice.platform import dynamo

    table = dynamodb_backends[DEFAULT_ACCOUNT_ID]["eu-central-1"].get_table(dynamo.table_name())

    def put(item: dict[str, Any]) -> None:
        # Straight into moto's storage: no request, no condition, no stream record (a bulk load).
        attrs = dynamo.to_attrs(item)
        pk, sk = DynamoType(attrs["PK"]), DynamoType(attrs["SK"])
        table.items[pk][sk] = Item(pk, sk, attrs)

    rng = random.Random(4711)
    codes = [line.split("\t")[1] for line in _directory_lines() if line.startswith("CH\t")]
    pairs: Counter[tuple[str, str]] = Counter()
    chosen: list[tuple[str, dict[str, Any]]] = []
    for n in range(count):
        debi_nr, fields = _customer(n, rng, codes)
        fields["OrtName"] = postal.towns("CH", fields["OrtPLZ"])[0]
        adr_nr = n + 1
        keys = {"KundKontakt": adr_nr, "KundLief": adr_nr, "KundRech": adr_nr}
        items = [
            {"PK": customer_pk(debi_nr), "SK": CUSTOMER_SK, "DebiNr": debi_nr, "WaehrAbk": "CHF", "FAKTZahlArt": "B"}
            | {"KreditLimit": 1000, "AdrSprache": "ger", "KundBez": fields["AdrName"], **keys, "Version": 1},
            address_store.address_item(adr_nr, debi_nr, fields),
            address_store.link_item(debi_nr, adr_nr, list(keys)),
            *address_store.index_items(adr_nr, debi_nr, fields),
        ]
        for item in items:
            put(item)
        pairs[(fields["OrtPLZ"], fields["AdrName"])] += 1
        if n % max(1, count // 7) == count // 14:
            chosen.append((debi_nr, fields))
    # The counters, as if the customers had been created through the API.
    for counter, value in (("DebiNr", count), ("AdrNr", count)):
        put({"PK": "COUNTER", "SK": counter, "value": value})
    debi_nr, fields = next((d, f) for d, f in chosen if pairs[(f["OrtPLZ"], f["AdrName"])] == 1)
    start = datetime(2026, 1, 1, tzinfo=UTC)
    for k in range(ORDERS):
        entry = order_list.OrderEntry.new(debi_nr, f"B{k:06d}", "NOA"[k % 3], start + timedelta(days=k))
        for item in entry.to_items():
            put(item)
    return {"debi_nr": debi_nr, "fields": fields, "items": sum(len(v) for v in table.items.values())}


def _directory_lines() -> list[str]:
    from importlib import resources

    return (resources.files("backoffice") / "data" / "postal_ch_li.tsv").read_text("utf-8").splitlines()


def _measure(count: int) -> dict[str, Any]:
    """Load `count` customers into a fresh moto and count the requests of each operation."""
    from moto import mock_aws

    from backoffice import company
    from backoffice.platform.aws import client, reset_clients
    from backoffice.platform.environment import get_settings
    from local.emulation import create_resources

    stack = Stack.read()
    saved = dict(os.environ)
    try:
        with mock_aws():
            os.environ.update(stack.environment())
            reset_clients()
            get_settings.cache_clear()
            company.forget_config()
            create_resources(stack)
            started = time.perf_counter()
            target = _load(count)
            load_seconds = time.perf_counter() - started
            stack = Stack.read()
            kunden, adressen = load_module(stack, "KundenFunction"), load_module(stack, "AdressenFunction")
            fields = target["fields"]
            operations = {
                "search by e-mail": (adressen, "/www/adressensuche", {"EmailAdress": fields["EmailAdress"].upper()}),
                "search by phone": (adressen, "/www/adressensuche", {"AdrTf1": fields["AdrTf1"].replace(" ", "")}),
                "search by postal code + name": (
                    adressen,
                    "/www/adressensuche",
                    {"OrtPLZ": fields["OrtPLZ"], "AdrName": fields["AdrName"].lower()},
                ),
                "customer read order=20": (kunden, f"/www/kunden/{target['debi_nr']}", {"order": "20"}),
            }
            results: dict[str, Any] = {"load_seconds": load_seconds, "items": target["items"]}
            for label, (module, path, query) in operations.items():
                calls: list[str] = []
                read: list[int] = []

                def count_call(model: Any, _calls: list[str] = calls, **_: Any) -> None:
                    _calls.append(model.name)

                def count_read(parsed: dict[str, Any], _read: list[int] = read, **_: Any) -> None:
                    _read.append(int(parsed.get("ScannedCount", 1 if parsed.get("Item") else 0)))

                events = client("dynamodb").meta.events
                events.register("before-call.dynamodb", count_call)
                events.register("after-call.dynamodb", count_read)
                answer = module.lambda_handler(_event("GET", path, query), _Context())
                events.unregister("before-call.dynamodb", count_call)
                events.unregister("after-call.dynamodb", count_read)
                body = json.loads(answer["body"])
                ok = answer["statusCode"] == 200 and (
                    body["data"].get("DebiNr") == target["debi_nr"] or len(body["data"].get("Auftrag", [])) == 20
                )
                results[label] = {"requests": len(calls), "calls": Counter(calls), "read": sum(read), "ok": ok}
            return results
    finally:
        os.environ.clear()
        os.environ.update(saved)
        reset_clients()
        get_settings.cache_clear()
        company.forget_config()


def _calls(found: dict[str, Any]) -> str:
    detail = ", ".join(f"{name} {n}" for name, n in sorted(found["calls"].items()))
    return f"{found['requests']} requests ({detail}), {found['read']} items read" + (
        "" if found["ok"] else " WRONG ANSWER"
    )


def run() -> list[dict[str, Any]]:
    _aws_env()
    small, large = _measure(SMALL), _measure(LARGE)
    rows = []
    for label in ("search by e-mail", "search by phone", "search by postal code + name"):
        measured, baseline = large[label], small[label]
        ratio = measured["requests"] / baseline["requests"]
        rows.append(
            {
                "benchmark": f"kunden: {label}, {LARGE:,} customers",
                "measured": _calls(measured),
                "baseline": f"{_calls(baseline)} at {SMALL:,}",
                "ratio": ratio,
                "target": "bounded: <= 1.0x of the small table",
                "verdict": "ok" if ratio <= 1.0 and measured["ok"] and baseline["ok"] else "FAIL",
            }
        )
    read = large["customer read order=20"]
    rows.append(
        {
            "benchmark": f"kunden: customer read order=20 ({ORDERS} orders), {LARGE:,} customers",
            "measured": _calls(read),
            "baseline": "issue 5: at most 2 requests, and issue 24's open items: 3",
            "ratio": read["requests"] / 3,
            "target": "<= 1.0x (<= 3 requests)",
            "verdict": "ok" if read["requests"] <= 3 and read["ok"] else "FAIL",
        }
    )
    rows.append(
        {
            "benchmark": "kunden: data generated straight into moto",
            "measured": f"{large['items']:,} items in {large['load_seconds']:.0f} s",
            "baseline": f"{small['items']:,} items in {small['load_seconds']:.1f} s",
            "ratio": None,
            "target": "info",
            "verdict": "info",
        }
    )
    return rows


if __name__ == "__main__":
    for row in run():
        print(row)
