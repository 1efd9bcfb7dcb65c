"""Issue 12 over real HTTP against the local stack: hostile bodies and query strings are 400s with the
error body (they were 502 `unavailable` with Retry-After, or 500), and nothing is written."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from local.template import Stack

pytestmark = pytest.mark.integration
STACK = Stack.read()
ROUTES = STACK.routes()

CUSTOMER: dict[str, Any] = {
    "GrundDaten": {"WaehrAbk": "CHF", "FAKTZahlArt": "R", "KreditLimit": 1000},
    "Adressen": {
        "KontaktAdr": {
            "AdrSprache": "ger",
            "AdrFirma": "Hostile AG",
            "AdrAnrede": 0,
            "AdrAdresse1": "Bahnhofstrasse 1",
            "OrtLand": "CH",
            "OrtPLZ": "8001",
            "OrtName": "Zürich",
        }
    },
}


def _customer_with_limit(raw: str) -> str:
    return json.dumps(CUSTOMER).replace('"KreditLimit": 1000', f'"KreditLimit": {raw}')


BODIES = {
    "10,000 nested arrays": "[" * 10_000 + "]" * 10_000,
    "10,000 nested objects": '{"a":' * 10_000 + "1" + "}" * 10_000,
    "duplicate keys": '{"GrundDaten":{},"GrundDaten":{}}',
    "lone surrogate": '{"AdrName":"\\ud800"}',
    "NUL": '{"AdrName":"\\u0000"}',
}


def _table_items(local_client: Callable[[str], Any]) -> list[str]:
    ddb = local_client("dynamodb")
    items = ddb.get_paginator("scan").paginate(TableName=STACK.names["Table"]).build_full_result()["Items"]
    return sorted(json.dumps(i, sort_keys=True, default=repr) for i in items)


def _assert_400(answer: Any) -> dict[str, Any]:
    assert answer.status_code == 400, answer.text[:500]
    assert answer.headers["Content-Type"] == "application/json; charset=iso-8859-1"
    assert "Retry-After" not in answer.headers
    body = answer.json()
    assert body["error"] == "invalid_request"
    assert set(body) == {"error", "error_description", "info"}
    return body


@pytest.mark.parametrize("name", list(BODIES))
def test_hostile_bodies_are_400s_on_every_route_with_a_body(
    api: Any, local_client: Callable[[str], Any], name: str
) -> None:
    before = _table_items(local_client)
    for route in ROUTES:
        if route.method not in ("POST", "PUT", "PATCH") or not route.authorized:
            continue
        path = route.path.replace("{AdrNr}", "1")
        answer = api.request(
            route.method, path, data=BODIES[name].encode(), headers={"Content-Type": "application/json"}
        )
        body = _assert_400(answer)
        assert list(body["info"]["fields"]) == ["body"], (route.path, body)
    assert _table_items(local_client) == before


@pytest.mark.parametrize(
    "raw",
    ["9" * 5000, "1" + "0" * 38, "1e38", str(2**64), str(2**31)],
    ids=["5000 digits", "10^38", "1e38", "2^64", "2^31"],
)
def test_a_credit_limit_too_large_is_a_400_on_the_field(api: Any, local_client: Callable[[str], Any], raw: str) -> None:
    before = _table_items(local_client)
    answer = api.post(
        "/www/kunden", data=_customer_with_limit(raw).encode(), headers={"Content-Type": "application/json"}
    )
    body = _assert_400(answer)
    assert list(body["info"]["fields"]) == ["GrundDaten.KreditLimit"], body
    assert _table_items(local_client) == before


def test_a_quantity_with_too_many_decimals_is_a_400_on_the_field(api: Any) -> None:
    order = {"GrundDaten": {"KundNr": "100001"}, "Positionen": [{"ArtNr": "1000", "Menge": 1}]}
    text = json.dumps(order).replace('"Menge": 1', '"Menge": 5e-324')
    body = _assert_400(api.post("/www/auftrag", data=text.encode(), headers={"Content-Type": "application/json"}))
    assert "Positionen[0].Menge" in body["info"]["fields"]


@pytest.mark.parametrize(
    ("path", "query"),
    [("/www/artikel", {"limit": "1"}), ("/www/kunden/100001", {}), ("/www/adressensuche", {"AdrName": "x"})],
)
def test_an_unknown_query_parameter_is_a_400_naming_it(api: Any, path: str, query: dict[str, str]) -> None:
    body = _assert_400(api.get(path, params={**query, "limt": "5"}))
    assert body["info"]["fields"] == {"limt": "unknown query parameter"}
    assert api.get(path, params=query).status_code in (200, 404)
