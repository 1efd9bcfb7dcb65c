"""Issue 27 over HTTP against the local stack (its IAM emulation on): a webhook subscription keeps its
owner's webshop, so the delivery function, which may not read user records, still sends only the
article events the owner may see; and a subscription the release before made (without it) sends
nothing until `python -m backoffice.admin migrate --local` gives it, then everything from where it
stood, with the same visibility."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support import Api
from tests.support.local_stack import add_user, admin, started
from tests.support.webhook_receiver import Receiver

pytestmark = pytest.mark.integration

# 1000 is published for every webshop of the demo, 1002 for SHOP only (local/demo_data).
BOTH = {
    "GrundDaten": {"KundNr": "100004"},
    "Positionen": [{"ArtNr": "1000", "Menge": 1}, {"ArtNr": "1002", "Menge": 20, "VPEinheit": "PAK"}],
}
ONLY_1000 = {"GrundDaten": {"KundNr": "100004"}, "Positionen": [{"ArtNr": "1000", "Menge": 1}]}
TYPES = ["auftrag.created", "artikel.stock_changed"]


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    running = Receiver().start()
    yield running
    running.stop()


def subscribe(api: Api, url: str) -> dict[str, Any]:
    made = api.post("/www/webhooks", json={"url": url, "events": TYPES})
    assert made.status_code == 201, made.text
    return dict(made.json()["data"])


def order(api: Api, body: dict[str, Any]) -> str:
    made = api.post("/www/auftrag", json=body)
    assert made.status_code == 201, made.text
    return str(made.json()["data"]["AuftNr"])


def received(receiver: Receiver, hook: dict[str, Any], last_order: str) -> list[tuple[str, str]]:
    """(type, key) of the messages up to the last order's `auftrag.created`: a subscription's events
    come in sequence order, so everything written before it was sent or passed by then."""
    while True:
        sent = [(m["type"], m["data"].get("AuftNr") or m["data"]["ArtNr"]) for m in receiver.verified(hook["secret"])]
        if ("auftrag.created", last_order) in sent:
            return sent[: sent.index(("auftrag.created", last_order)) + 1]
        receiver.wait_for(len(sent) + 1)


def test_an_article_hidden_from_the_owners_webshop_is_not_delivered(
    local_stack: dict[str, Any], receiver: Receiver
) -> None:
    owner = add_user(local_stack, f"b2b-{uuid.uuid4().hex[:8]}", "--webshop", "B2B")
    hook = subscribe(owner, receiver.url)
    demo = Api(local_stack["api"])
    demo.login()  # SHOP: may order 1002
    first = order(demo, BOTH)
    last = order(demo, ONLY_1000)
    assert received(receiver, hook, last) == [
        ("auftrag.created", first),
        ("artikel.stock_changed", "1000"),  # not 1002's
        ("auftrag.created", last),
    ]


def _as_the_release_before_left_it(data: Path) -> None:
    """The saved data as the release before wrote it: subscriptions without their owner's webshop."""
    state_file = data / "state.json"
    state = json.loads(state_file.read_text(encoding="utf-8"))
    stripped = 0
    for item in state["tables"]["Table"]:
        if item["PK"] == {"S": "WEBHOOKS"}:
            stripped += item.pop("Webshop", None) is not None
    assert stripped == 1
    state_file.write_text(json.dumps(state), encoding="utf-8")


def test_a_subscription_made_before_waits_for_migrate_then_sends_everything_with_its_owners_visibility(
    tmp_path: Path, receiver: Receiver
) -> None:
    data = tmp_path / "data"
    with started(data, fresh=True) as first:
        owner = add_user(first.stack, "b2b", "--webshop", "B2B")
        hook = subscribe(owner, receiver.url)
        first.stop()
    _as_the_release_before_left_it(data)
    with started(data, fresh=False) as upgraded:
        demo = Api(upgraded.api)
        demo.login()
        before = order(demo, BOTH)
        waiting = order(demo, ONLY_1000)
        assert receiver.taken() == []  # it waits
        for given in (f"1 webhook subscriptions given their owner's webshop: {hook['id']}.", "0 webhook"):
            done = admin(upgraded.stack, "migrate")
            assert done.returncode == 0, done.stderr
            assert given in done.stdout  # the second run changes nothing
        after = order(demo, ONLY_1000)
        assert received(receiver, hook, after) == [
            ("auftrag.created", before),
            ("artikel.stock_changed", "1000"),
            ("auftrag.created", waiting),
            ("artikel.stock_changed", "1000"),
            ("auftrag.created", after),
        ]
        upgraded.stop()
