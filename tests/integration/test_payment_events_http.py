"""The events of payments over real HTTP against the local stack (issue 24) with a real receiver:
invoices issued, a camt.054 imported (a partial payment and one without reference), imported again,
the rest paid, the nightly overdue run for another invoice (the admin command, a day after its due
date, twice): the webhooks arrive signed, each invoice's data equal to GET /www/rechnung/{RechNr},
the order's auftrag.updated, nothing twice; the feed lists them by type."""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Iterator
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

import pytest

from tests.support import Api
from tests.support.camt_files import Entry, Tx, camt
from tests.support.invoice_http import issue
from tests.support.local_stack import admin
from tests.support.webhook_receiver import Receiver

pytestmark = pytest.mark.integration

XML = {"Content-Type": "application/xml"}
TYPES = ["rechnung.paid", "rechnung.partially_paid", "rechnung.overdue", "zahlung.unmatched", "auftrag.updated"]


@pytest.fixture
def demo(local_stack: dict[str, Any]) -> Api:
    client = Api(local_stack["api"])
    client.login()
    return client


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    started = Receiver().start()
    yield started
    started.stop()


def invoice(api: Api) -> dict[str, Any]:
    return issue(
        api, {"GrundDaten": {"KundNr": "100004"}, "Positionen": [{"ArtNr": "1000", "Menge": 2}]}, decimals=False
    )


def get_json(api: Api, path: str) -> dict[str, Any]:
    answer = api.get(path, headers={"Accept": "application/json"})
    assert answer.status_code == 200, answer.text
    return dict(answer.json()["data"])


def mine(receiver: Receiver, secret: str, keys: set[str]) -> list[dict[str, Any]]:
    """The verified messages about this test's invoices, orders and payments (other tests share the stack)."""
    found = []
    for payload in receiver.verified(secret):
        key = payload["data"].get("RechNr") or payload["data"].get("ZahlungId") or payload["data"].get("AuftNr")
        if key in keys:
            found.append(payload)
    return found


def arrived(api: Api, receiver: Receiver, count: int, known: bytes, within: float = 120.0) -> None:
    """Until `count` messages arrived (the cap only keeps a broken stack from hanging). The local
    stack runs its schedules (the webhook dispatcher, every minute in AWS) after each request that
    may change something: a file of known payments posted again (it books and raises nothing)
    stands in for the schedule, for the events the admin command wrote."""
    deadline = time.monotonic() + within
    while len(receiver.taken()) < count:
        types = [json.loads(body)["type"] for _, body in receiver.taken()]
        assert time.monotonic() < deadline, f"only {types} arrived"
        assert api.post("/www/zahlungen", data=known, headers=XML).json()["data"]["new"] == 0
        time.sleep(1)


def test_payments_and_the_overdue_run_reach_a_webhook_signed_with_the_gets_data(
    demo: Api, local_stack: dict[str, Any], receiver: Receiver, request: pytest.FixtureRequest
) -> None:
    paid, late = invoice(demo), invoice(demo)
    made = demo.post(
        "/www/webhooks",
        json={"url": receiver.url, "events": TYPES},
        headers={"Idempotency-Key": uuid.uuid4().hex},
    )
    assert made.status_code == 201, made.text
    # Deleted after the test: the receiver stops with it, and the shared stack's later events would
    # keep retrying to it (writes that other tests' before/after comparisons of the table see).
    hook_id = made.json()["data"]["id"]
    request.addfinalizer(lambda: demo.request("DELETE", f"/www/webhooks/{hook_id}"))
    secret = made.json()["data"]["secret"]
    tag = uuid.uuid4().hex[:8]
    part = Decimal("10.00")
    first = camt(
        "camt.054.001.08",
        [
            Entry(f"{tag}-E1", (Tx(f"{tag}-1", part, paid["Zahlungsreferenz"]),)),
            Entry(f"{tag}-E2", (Tx(f"{tag}-2", Decimal("7.35"), None, text=f"Zahlung {tag}"),)),
        ],
    )
    assert demo.post("/www/zahlungen", data=first, headers=XML).json()["data"]["new"] == 2
    assert demo.post("/www/zahlungen", data=first, headers=XML).json()["data"]["known"] == 2
    rest = Decimal(str(paid["AuftBrutto"])) - part
    second = camt("camt.054.001.08", [Entry(f"{tag}-E3", (Tx(f"{tag}-3", rest, paid["Zahlungsreferenz"]),))])
    assert demo.post("/www/zahlungen", data=second, headers=XML).json()["data"]["matched"] == 1
    unmatched = next(
        p
        for p in demo.get("/www/zahlungen", params={"status": "offen", "limit": 1000}).json()["data"]
        if p.get("Mitteilung") == f"Zahlung {tag}"
    )
    day_after = (date.fromisoformat(late["FaelligDatum"]) + timedelta(days=1)).isoformat()
    runs = [admin(local_stack, "ueberfaellig", "--stichtag", day_after) for _ in range(2)]
    assert [run.returncode for run in runs] == [0, 0], runs[0].stderr
    # The first run reports this test's invoice (and any other of the session's still open), the second none.
    assert runs[0].stdout.strip().endswith(f"overdue invoices reported for {day_after}."), runs[0].stdout
    assert int(runs[0].stdout.split(": ")[-1].split()[0]) >= 1, runs[0].stdout
    assert runs[1].stdout.split(": ")[-1].startswith("0 overdue invoices"), runs[1].stdout

    keys = {paid["RechNr"], late["RechNr"], paid["AuftNr"], unmatched["ZahlungId"]}
    arrived(demo, receiver, 5, first)
    time.sleep(3)  # anything more would arrive now
    got = mine(receiver, secret, keys)
    assert [(m["type"], m["data"].get("RechNr") or m["data"].get("ZahlungId") or m["data"]["AuftNr"]) for m in got] == [
        ("zahlung.unmatched", unmatched["ZahlungId"]),
        ("rechnung.partially_paid", paid["RechNr"]),
        ("rechnung.paid", paid["RechNr"]),
        ("auftrag.updated", paid["AuftNr"]),
        ("rechnung.overdue", late["RechNr"]),
    ]
    listed, partly, settled, order, overdue = got
    assert partly["data"]["Zahlstatus"] == "teilbezahlt"
    assert partly["data"]["BetragBezahlt"] == 10.00
    assert listed["data"] == unmatched
    assert settled["data"] == get_json(demo, f"/www/rechnung/{paid['RechNr']}")
    assert (settled["data"]["Zahlstatus"], settled["data"]["BetragOffen"]) == ("bezahlt", 0)
    assert order["data"] == {"AuftNr": paid["AuftNr"], **get_json(demo, f"/www/auftrag/{paid['AuftNr']}")}
    shown = get_json(demo, f"/www/rechnung/{late['RechNr']}")
    assert {k: v for k, v in overdue["data"].items() if k != "links"} == {
        k: v for k, v in shown.items() if k != "links"
    }
    assert overdue["data"]["Zahlstatus"] == "offen"

    # The feed: the same events, by type.
    feed = demo.get("/www/events", params={"types": "rechnung.paid,rechnung.overdue", "limit": 1000})
    assert feed.status_code == 200, feed.text
    ids = {h["webhook-id"] for h, _ in receiver.taken()}
    listed_events = [e for e in feed.json()["data"] if e["keys"].get("RechNr") in (paid["RechNr"], late["RechNr"])]
    assert [(e["type"], e["keys"]["RechNr"]) for e in listed_events] == [
        ("rechnung.paid", paid["RechNr"]),
        ("rechnung.overdue", late["RechNr"]),
    ]
    assert {e["id"] for e in listed_events} <= ids
    assert json.loads(json.dumps(listed_events[0]["data"])) == settled["data"]
