"""What the payment tests over HTTP share: an order made and invoiced, and an invoice's JSON as
GET /www/rechnung/{RechNr} answers it (amounts as Decimal, or as JSON numbers where a test compares
them with an event's data)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

JSON = {"Accept": "application/json"}


def _data(answer: Any, decimals: bool) -> dict[str, Any]:
    data: dict[str, Any] = (answer.json(parse_float=Decimal) if decimals else answer.json())["data"]
    return data


def issue(api: Any, body: dict[str, Any], decimals: bool = True) -> dict[str, Any]:
    """POST /www/auftrag with `body`, then its invoice: the invoice's answer."""
    created = api.post("/www/auftrag", json=body)
    assert created.status_code == 201, created.text
    issued = api.post(f"/www/auftrag/{created.json()['data']['AuftNr']}/rechnung")
    assert issued.status_code == 201, issued.text
    return _data(issued, decimals)


def head(api: Any, rech_nr: str, decimals: bool = True) -> dict[str, Any]:
    answer = api.get(f"/www/rechnung/{rech_nr}", headers=JSON)
    assert answer.status_code == 200, answer.text
    return _data(answer, decimals)
