"""Issue 25, first step, over real HTTP against the local stack: subscriptions and the event feed."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from tests.support import Api
from tests.support.local_stack import add_user

pytestmark = pytest.mark.integration
ORDER = {"GrundDaten": {"KundNr": "100004"}, "Positionen": [{"ArtNr": "1000", "Menge": 1}]}


def read_all(api: Api, after: str = "0") -> tuple[list[dict[str, Any]], str]:
    """Every event after `after` the caller may see, page by page; the last cursor."""
    seen: list[dict[str, Any]] = []
    while True:
        answer = api.get("/www/events", params={"after": after, "limit": 200})
        assert answer.status_code == 200, answer.text
        page = answer.json()
        seen += page["data"]
        if not page["data"]:
            return seen, after
        after = page["cursor"]


def test_an_order_is_in_the_feed_and_subscriptions_are_private(api: Api, local_stack: dict[str, Any]) -> None:
    created = api.post(
        "/www/webhooks",
        json={"url": "http://127.0.0.1:9/hook", "events": ["auftrag.created"]},
        headers={"Idempotency-Key": uuid.uuid4().hex},
    )
    assert created.status_code == 201, created.text
    hook = created.json()["data"]
    assert hook["secret"].startswith("whsec_")

    _, cursor = read_all(api)
    order = api.post("/www/auftrag", json=ORDER)
    assert order.status_code == 201, order.text
    auft_nr = order.json()["data"]["AuftNr"]
    events, _ = read_all(api, cursor)
    mine = [e for e in events if e["type"] == "auftrag.created" and e["keys"] == {"AuftNr": auft_nr}]
    assert len(mine) == 1
    assert mine[0]["data"]["GrundDaten"]["KundNr"] == "100004"
    everything, _ = read_all(api)
    sequences = [e["sequence"] for e in everything]
    assert sequences == sorted(sequences)
    assert mine[0]["id"] in {e["id"] for e in everything}

    other = add_user(local_stack, f"hooks-{uuid.uuid4().hex[:8]}", "--webshop", "SHOP")
    assert hook["id"] not in {h["id"] for h in other.get("/www/webhooks").json()["data"]}
    for method in ("GET", "PATCH", "DELETE"):
        kwargs: dict[str, Any] = {"json": {"enabled": False}} if method == "PATCH" else {}
        answer = other.request(method, f"/www/webhooks/{hook['id']}", **kwargs)
        assert answer.status_code == 404, (method, answer.text)
        assert set(answer.json()) == {"error", "error_description", "info"}
    mine_listed = api.get("/www/webhooks").json()["data"]
    assert [h for h in mine_listed if h["id"] == hook["id"]] == [{k: v for k, v in hook.items() if k != "secret"}]


def test_refused_receiver_urls(api: Api) -> None:
    for url in ("http://shop.example.ch/hook", "https://user:pw@shop.example.ch/hook", "ftp://x/"):
        answer = api.post("/www/webhooks", json={"url": url, "events": ["auftrag.created"]})
        assert answer.status_code == 400, url
        assert "url" in answer.json()["info"]["fields"]
