"""Articles on a generated catalogue: DynamoDB requests per answer, and the handler's time
against the very same DynamoDB reads issued bare with boto3 in the same run.

`run()` builds the catalogue in moto in-process (10,000 articles, and 1,000 to show that the
request counts do not grow with the catalogue), calls the artikel handler, records the DynamoDB
calls it makes, and replays them bare.
"""

from __future__ import annotations

import copy
import os
import re
import statistics
import tempfile
import time
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import simplejson

SIZES = (int(os.environ.get("BENCH_ARTIKEL_SMALL", "1000")), int(os.environ.get("BENCH_ARTIKEL_SIZE", "10000")))
REPEAT = 5
SCENARIOS: list[tuple[str, str, dict[str, str]]] = [
    ("list limit 50 offset 0", "/www/artikel", {"limit": "50", "offset": "0"}),
    ("list limit 50 offset 9000", "/www/artikel", {"limit": "50", "offset": "9000"}),
    ("list -ArtNr limit 50 offset 0", "/www/artikel", {"limit": "50", "offset": "0", "sorts": "-ArtNr"}),
    ("list -ArtNr limit 50 offset 9000", "/www/artikel", {"limit": "50", "offset": "9000", "sorts": "-ArtNr"}),
    ("single article with debinr", "/www/artikel/A000999", {"debinr": "100001", "waehrabk": "EUR"}),
]


def generate(folder: Path, count: int) -> Path:
    """A catalogue of `count` articles: every third with VPE, two price lists, stock in 2 places."""
    lines: list[dict[str, Any]] = [
        {
            "Typ": "Konfiguration",
            "Leitwaehrung": "CHF",
            "Waehrungen": ["EUR"],
            "RESTPreisliste": "VK",
            "StandardWUSTSatz": Decimal("8.1"),
            "Lager": [1, 2],
            "StaoNr": 1,
        },
        {"Typ": "Kundenpreisliste", "DebiNr": "100001", "Preisliste": "WV", "AdrSprache": "fre"},
    ]
    words = ["Kaffee", "Schraube", "Ordner", "Käse", "Seife", "Lampe", "Tee", "Zange", "Papier", "Öl"]
    for n in range(count):
        nr = f"A{n:06d}"
        vpe = n % 3 == 0
        article: dict[str, Any] = {
            "Typ": "Artikel",
            "ArtNr": nr,
            "ArtBez": {"ger": f"{words[n % 10]} {n * 7919 % count:05d}", "fre": f"Article {n}"},
            "Einheit": "Stk",
            "ArtGruppe": f"G{n % 12}",
            "attributes": [{"PHKey": "RESTWEBSHOP", "Contents": "SHOP"}],
            "Deklaration": [{"Nr": 1, "AdrSprache": "ger", "Bezeichnung1": "Ursprung Schweiz", "OrtLand": "CH"}],
        }
        codes = ["ST", "KAR"] if vpe else [None]
        if vpe:
            article["Verpackungen"] = [{"VPEinheit": "ST", "Faktor": 1}, {"VPEinheit": "KAR", "Faktor": 12}]
        lines.append(article)
        for code in codes:
            for price_list, currency in (("VK", "CHF"), ("VK", "EUR"), ("WV", "CHF"), ("WV", "EUR")):
                price = {
                    "Typ": "Preis",
                    "ArtNr": nr,
                    "Preisliste": price_list,
                    "WaehrAbk": currency,
                    "Staffel": [
                        {"AbAnzahl": 1, "BisAnzahl": 9, "PreisList": Decimal("10.00")},
                        {"AbAnzahl": 10, "PreisList": Decimal("9.50")},
                    ],
                }
                if code:
                    price["VPEinheit"] = code
                lines.append(price)
            for stao in (1, 2):
                stock = {"Typ": "Bestand", "ArtNr": nr, "StaoNr": stao, "LagerBestand": n % 50}
                if code:
                    stock["VPEinheit"] = code
                lines.append(stock)
    path = folder / "catalogue.jsonl"
    path.write_text("\n".join(simplejson.dumps(line, use_decimal=True) for line in lines), encoding="utf-8")
    return path


class Recorder:
    """Counts and records the DynamoDB calls made through the layer's client."""

    def __init__(self, dynamodb: Any) -> None:
        self.calls: list[tuple[str, dict[str, Any]]] = []
        dynamodb.meta.events.register("provide-client-params.dynamodb.*", self._record)

    def _record(self, params: dict[str, Any], model: Any, **_: Any) -> None:
        self.calls.append((model.name, copy.deepcopy(params)))


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def _medians_ms(first: Callable[[], Any], second: Callable[[], Any]) -> tuple[float, float]:
    """Median times of two calls, measured alternately so that load on the machine hits both."""
    times: tuple[list[float], list[float]] = ([], [])
    for _ in range(REPEAT):
        for fn, into in ((first, times[0]), (second, times[1])):
            start = time.perf_counter()
            fn()
            into.append((time.perf_counter() - start) * 1000)
    return statistics.median(times[0]), statistics.median(times[1])


def _measure(size: int) -> list[dict[str, Any]]:
    from moto import mock_aws

    from backoffice import company
    from backoffice.catalogue import article_store
    from backoffice.catalogue.importer import import_catalogue
    from backoffice.platform.aws import client, reset_clients
    from backoffice.platform.environment import get_settings
    from local.emulation import create_resources
    from local.template import Stack

    rows = []
    saved = dict(os.environ)
    os.environ.update(
        {"AWS_ACCESS_KEY_ID": "bench", "AWS_SECRET_ACCESS_KEY": "bench", "AWS_DEFAULT_REGION": "eu-central-1"}
    )
    os.environ.pop("AWS_ENDPOINT_URL", None)
    try:
        with mock_aws(), tempfile.TemporaryDirectory() as tmp:
            stack = Stack.read()
            for logical in stack.resources("AWS::Serverless::Function"):
                os.environ.update(stack.environment(logical))
            reset_clients()
            get_settings.cache_clear()
            company.forget_config()
            article_store.forget_index()
            create_resources(stack)
            import_catalogue(generate(Path(tmp), size))
            from functions.artikel import app

            dynamodb = client("dynamodb")
            recorder = Recorder(dynamodb)
            for name, path, query in SCENARIOS:
                if "offset" in query:  # a small catalogue pages at its own end instead of 9000
                    query = {**query, "offset": str(min(int(query["offset"]), size - 50))}
                ev = _event(path, query)

                def handler(ev: dict[str, Any] = ev) -> dict[str, Any]:
                    resp = app.lambda_handler(ev, _CONTEXT)
                    assert resp["statusCode"] == 200, resp["body"][:300]
                    return resp

                handler()  # warm: config and index cached as in a warm container
                recorder.calls.clear()
                handler()
                calls = list(recorder.calls)

                def bare(calls: list[tuple[str, dict[str, Any]]] = calls) -> None:
                    for op, params in calls:
                        getattr(dynamodb, _snake(op))(**params)

                handler_ms, bare_ms = _medians_ms(handler, bare)
                ratio = handler_ms / bare_ms if bare_ms else None
                ops = ", ".join(sorted({op for op, _ in calls}))
                rows.append(
                    {
                        "benchmark": f"artikel {name} ({size} articles)",
                        "measured": f"{len(calls)} DynamoDB requests ({ops}); handler {handler_ms:.1f} ms",
                        "baseline": f"same {len(calls)} requests bare with boto3 {bare_ms:.1f} ms",
                        "ratio": round(ratio, 2) if ratio else None,
                        "target": "<= 2.0x",
                        "verdict": "ok" if ratio is not None and ratio <= 2.0 else "FAIL",
                        "_requests": len(calls),
                        "_scenario": name,
                        "_offset": query.get("offset"),
                    }
                )
    finally:
        os.environ.clear()
        os.environ.update(saved)
        reset_clients()
        get_settings.cache_clear()
        company.forget_config()
        article_store.forget_index()
    return rows


def _event(path: str, query: dict[str, str]) -> dict[str, Any]:
    """The REST-API proxy event API Gateway sends after the authorizer let the demo user in."""
    params = {"ArtNr": path.rsplit("/", 1)[1]} if path.startswith("/www/artikel/") else None
    return {
        "resource": "/www/artikel/{ArtNr}" if params else path,
        "path": path,
        "httpMethod": "GET",
        "headers": {},
        "multiValueHeaders": {},
        "queryStringParameters": query,
        "multiValueQueryStringParameters": {k: [v] for k, v in query.items()},
        "pathParameters": params,
        "requestContext": {"authorizer": {"user": "demo", "webshop": "SHOP"}, "stage": "v1", "requestId": "bench"},
        "body": None,
        "isBase64Encoded": False,
    }


class _Context:
    function_name = "artikel"
    memory_limit_in_mb = 512
    invoked_function_arn = "arn:aws:lambda:eu-central-1:123456789012:function:artikel"
    aws_request_id = "bench"


_CONTEXT = _Context()


def run() -> list[dict[str, Any]]:
    by_size = {size: _measure(size) for size in SIZES}
    small, large = by_size[SIZES[0]], by_size[SIZES[-1]]
    rows = [{k: v for k, v in r.items() if not k.startswith("_")} for r in large]
    for s, big in zip(small, large, strict=True):
        same = s["_requests"] == big["_requests"]
        rows.append(
            {
                "benchmark": f"artikel {big['_scenario']}: requests vs catalogue size",
                "measured": f"{big['_requests']} requests at {SIZES[-1]} articles",
                "baseline": f"{s['_requests']} requests at {SIZES[0]} articles"
                + (f" (offset {s['_offset']})" if s["_offset"] not in (None, big["_offset"]) else ""),
                "ratio": round(big["_requests"] / s["_requests"], 2),
                "target": "bounded",
                "verdict": "ok" if same else "FAIL",
            }
        )
    return rows


if __name__ == "__main__":
    for row in run():
        print(row)
