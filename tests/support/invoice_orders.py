"""Orders of the demo customers and their invoices fetched as bytes, for the in-process invoice tests.

The orders are the ones the invoice tests issue again and again (a CHF order with a VPE and a
discount, an EUR export order); `as_bytes` fetches an issued invoice as API Gateway answers it.
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from typing import Any

from tests.support.invoice_rules import assert_line_rule
from tests.support.invoke import Answer, Context, event, load_app

CHF_ORDER: dict[str, Any] = {
    "GrundDaten": {"KundNr": "100004", "AuftBestellNr": "WS-4711", "AuftBez": "Kaffee für das Büro"},
    "Positionen": [
        {"ArtNr": "1000", "Menge": 3},
        {"ArtNr": "1002", "Menge": 20, "VPEinheit": "PAK", "GRabSatz": 10},
    ],
}
EUR_ORDER: dict[str, Any] = {"GrundDaten": {"KundNr": "100006"}, "Positionen": [{"ArtNr": "1000", "Menge": 3}]}
PDF, XML, JSON = "application/pdf", "application/xml", "application/json"

Call = Callable[..., Answer]


def order(call: Call, body: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The order of `body` created through the auftrag function: its AuftNr and its GET answer's data."""
    answer = call("auftrag", "POST", "/www/auftrag", body)
    assert answer.status == 201, answer.text
    auft_nr: str = answer.json()["data"]["AuftNr"]
    data: dict[str, Any] = call("auftrag", "GET", f"/www/auftrag/{auft_nr}").json()["data"]
    return auft_nr, data


def binary(result: dict[str, Any]) -> bytes:
    """The body of a proxy result as the bytes API Gateway sends."""
    assert result["statusCode"] == 200, result
    body: str = result["body"]
    return base64.b64decode(body) if result.get("isBase64Encoded") else body.encode("utf-8")


def as_bytes(call: Call, auft_nr: str, accept: str) -> bytes:
    """The invoice as fetched; an XML one has passed the line rule (tests/support/invoice_rules)."""
    raw = event("GET", f"/www/auftrag/{auft_nr}/rechnung", headers={"Accept": accept})
    raw["pathParameters"] = {"AuftNr": auft_nr}
    raw["resource"] = "/www/auftrag/{AuftNr}/rechnung"
    body = binary(load_app("rechnung").lambda_handler(raw, Context()))
    if accept == XML:
        assert_line_rule(body)
    return body
