"""Issue 36 over HTTP against the local stack: a user with the operator role alone (the demo `operator`)
manages every subscription as docs/webhooks.md says (list, read, change, delete, the secret, the
deliveries, a redelivery, a test); it makes none (a subscription is a webshop's), and the webshop
routes stay closed to it. A webshop user still sees only its own."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from standardwebhooks.webhooks import Webhook

from tests.support import Api
from tests.support.local_stack import add_user
from tests.support.webhook_receiver import Receiver

pytestmark = pytest.mark.integration
ORDER = {"GrundDaten": {"KundNr": "100004"}, "Positionen": [{"ArtNr": "1000", "Menge": 1}]}


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    started = Receiver().start()
    yield started
    started.stop()


def until(check: Any, within: float = 600.0) -> Any:
    """Poll `check` until it answers something true (the cap only keeps a broken stack from hanging)."""
    deadline = time.monotonic() + within
    while not (found := check()):
        assert time.monotonic() < deadline, "not within the cap"
        time.sleep(0.2)
    return found


def test_the_operator_manages_every_subscription_and_a_shop_sees_only_its_own(
    local_stack: dict[str, Any], operator_api: Api, receiver: Receiver
) -> None:
    owner = f"shop-{uuid.uuid4().hex[:8]}"
    shop = add_user(local_stack, owner, "--webshop", "SHOP")
    other = add_user(local_stack, f"shop-{uuid.uuid4().hex[:8]}", "--webshop", "SHOP")
    made = shop.post("/www/webhooks", json={"url": receiver.url, "events": ["auftrag.created"]})
    assert made.status_code == 201, made.text
    hook = made.json()["data"]
    path = f"/www/webhooks/{hook['id']}"
    ordered = shop.post("/www/auftrag", json=ORDER)
    assert ordered.status_code == 201, ordered.text
    receiver.wait_for(1)

    listed = operator_api.get("/www/webhooks")
    assert listed.status_code == 200, listed.text
    assert hook["id"] in {h["id"] for h in listed.json()["data"]}
    read = operator_api.get(path)
    assert (read.status_code, read.json()["data"]["user"]) == (200, owner)

    def delivered() -> list[dict[str, Any]]:
        answer = operator_api.get(f"{path}/deliveries")
        assert answer.status_code == 200, answer.text
        return [d for d in answer.json()["data"] if d["status"] == "delivered"]

    (sent,) = until(delivered)
    again = operator_api.post(f"{path}/deliveries/{sent['id']}/redeliver")
    assert again.status_code == 202, again.text
    assert receiver.wait_for(2)[1][0]["webhook-id"] == sent["event_id"]  # the same id again
    tested = operator_api.post(f"{path}/test")
    assert tested.status_code == 202, tested.text
    receiver.wait_for(3)
    assert [m["type"] for m in receiver.verified(hook["secret"])] == [
        "auftrag.created",
        "auftrag.created",
        "webhook.test",
    ]

    changed = operator_api.request("PATCH", path, json={"enabled": False})
    assert changed.status_code == 200, changed.text
    assert (changed.json()["data"]["enabled"], changed.json()["data"]["user"]) == (False, owner)
    rotated = operator_api.post(f"{path}/secret")
    assert rotated.status_code == 201, rotated.text
    secret = rotated.json()["data"]["secret"]
    assert secret.startswith("whsec_")
    assert secret != hook["secret"]
    Webhook(secret)  # a key the receiver can verify with
    assert shop.get(path).json()["data"]["enabled"] is False  # the owner sees the operator's change

    # A shop sees only its own; the operator makes none and stays off the webshop routes.
    assert hook["id"] not in {h["id"] for h in other.get("/www/webhooks").json()["data"]}
    assert other.get(path).status_code == 404
    assert other.request("DELETE", path).status_code == 404
    refused = operator_api.post("/www/webhooks", json={"url": receiver.url, "events": ["auftrag.created"]})
    assert refused.status_code == 403, refused.text
    assert operator_api.get("/www/artikel/1000").status_code == 403

    assert operator_api.request("DELETE", path).status_code == 204
    assert shop.get(path).status_code == 404
