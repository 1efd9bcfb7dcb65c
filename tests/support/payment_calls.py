"""Calls the payment tests share (the handlers, in moto): an invoice issued, a camt file posted,
an invoice's JSON as GET /www/rechnung/{RechNr} answers it, the event feed read."""

from __future__ import annotations

from typing import Any

from tests.support.invoice_orders import order
from tests.support.invoke import Answer

XML = {"Content-Type": "application/xml"}


def issued(call: Any, body: dict[str, Any]) -> dict[str, Any]:
    auft_nr, _ = order(call, body)
    answer = call("rechnung", "POST", f"/www/auftrag/{auft_nr}/rechnung")
    assert answer.status == 201, answer.text
    data: dict[str, Any] = answer.json()["data"]
    return data


def post_file(call: Any, body: bytes, **kwargs: Any) -> Answer:
    answer: Answer = call("zahlungen", "POST", "/www/zahlungen", body, headers=XML, **kwargs)
    return answer


def head(call: Any, rech_nr: str) -> dict[str, Any]:
    answer = call("rechnung", "GET", f"/www/rechnung/{rech_nr}", headers={"Accept": "application/json"})
    assert answer.status == 200, answer.text
    data: dict[str, Any] = answer.json()["data"]
    return data


def feed_cursor(call: Any) -> int:
    """The event feed's cursor now: the events after it are the test's."""
    answer = call("events", "GET", "/www/events", query={"limit": "1000"})
    assert answer.status == 200, answer.text
    return int(answer.json()["cursor"])


def feed_events(call: Any, after: int) -> list[dict[str, Any]]:
    """Every event of the feed after `after`, in its order."""
    answer = call("events", "GET", "/www/events", query={"limit": "1000", "after": str(after)})
    assert answer.status == 200, answer.text
    return list(answer.json()["data"])
