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
    # Removed: nothing answers on its url, and the shared stack's later orders would be retried to it.
    assert api.request("DELETE", f"/www/webhooks/{hook['id']}").status_code == 204


def test_refused_receiver_urls(api: Api) -> None:
    """Not https, credentials, another scheme; private, metadata, link-local and internal hosts (the
    local stack lets only the local host through, for a receiver on the developer's machine)."""
    for url in (
        "http://shop.example.ch/hook",
        "https://user:pw@shop.example.ch/hook",
        "ftp://x/",
        "https://169.254.169.254/latest/meta-data/",
        "https://[fd00:ec2::254]/latest/meta-data/",
        "https://[::ffff:169.254.169.254]/",
        "https://10.0.0.7/hook",
        "https://192.168.1.20/hook",
        "https://2130706433/hook",
        "https://metadata.google.internal/computeMetadata/v1/",
    ):
        answer = api.post("/www/webhooks", json={"url": url, "events": ["auftrag.created"]})
        assert answer.status_code == 400, (url, answer.text)
        assert "url" in answer.json()["info"]["fields"]
    hooks = api.get("/www/webhooks").json()["data"]
    assert not [h for h in hooks if "169.254" in h["url"] or "10.0.0.7" in h["url"]]  # nothing stored
    # A refused url is refused on a change too, and the subscription keeps its receiver.
    made = api.post(
        "/www/webhooks",
        json={"url": "https://shop.example.ch/hook", "events": ["auftrag.created"]},
        headers={"Idempotency-Key": uuid.uuid4().hex},
    )
    assert made.status_code == 201, made.text
    hook = made.json()["data"]
    changed = api.request("PATCH", f"/www/webhooks/{hook['id']}", json={"url": "https://169.254.169.254/"})
    assert changed.status_code == 400, changed.text
    assert api.get(f"/www/webhooks/{hook['id']}").json()["data"]["url"] == "https://shop.example.ch/hook"
    assert api.request("DELETE", f"/www/webhooks/{hook['id']}").status_code == 204
