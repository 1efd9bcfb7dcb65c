"""An invoice's payment state after credit notes, and imports racing on one invoice, over real HTTP
against the local stack (issue 24).

Credit notes: a partly paid invoice settled by a credit note raises rechnung.paid (its data the
GET's) after gutschrift.issued and auftrag.updated, and leaves the open items and the customer's
open amount; a credit note that leaves something open lowers it there to the Rappen and raises no
payment event. Races: camt files sent at the same moment, over POST and into the bucket, all paying
one invoice that is paid already (no open item to hold a condition on): every payment booked once,
every event of the invoice showing exactly the payments booked up to its own transaction.

The order (CHF_ORDER), by hand: 56.70 coffees + 8.10 capsules at 2.6 %, tax 1.68, 66.48 -> 66.50;
the 3 coffees credited: 56.70 + 1.47 = 58.17 -> 58.15; left: 8.35.
"""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal
from typing import Any

import pytest

from tests.support import Api
from tests.support.camt_files import Entry, Tx, camt
from tests.support.invoice_http import head as invoice_json
from tests.support.invoice_http import issue
from tests.support.invoice_orders import CHF_ORDER
from tests.support.webhook_receiver import Receiver

pytestmark = pytest.mark.integration

XML = {"Content-Type": "application/xml"}
GROSS, COFFEES, LEFT = Decimal("66.50"), Decimal("58.15"), Decimal("8.35")
BUCKET, INBOX = "local-bucket", "zahlungen/eingang/"
# A bound on a stack that never runs the bucket's function, not a measure.
PATIENCE = 90
# Payments of each racing file of its own.
MANY = 150


def invoice(api: Api) -> dict[str, Any]:
    data = issue(api, CHF_ORDER, decimals=False)
    assert Decimal(str(data["AuftBrutto"])) == GROSS
    return data


def head(api: Api, rech_nr: str) -> dict[str, Any]:
    """The invoice's JSON with JSON numbers, as the events carry it."""
    return invoice_json(api, rech_nr, decimals=False)


def imported(api: Api, body: bytes) -> dict[str, int]:
    answer = api.post("/www/zahlungen", data=body, headers=XML)
    assert answer.status_code in (200, 201), answer.text
    counts: dict[str, int] = answer.json()["data"]
    return counts


def feed(api: Api, after: int) -> tuple[list[dict[str, Any]], int]:
    """The feed's events after `after` up to now, and the cursor to read on from."""
    found: list[dict[str, Any]] = []
    while True:
        answer = api.get("/www/events", params={"limit": 1000, "after": after})
        assert answer.status_code == 200, answer.text
        page, after = answer.json()["data"], int(answer.json()["cursor"])
        if not page:
            return found, after
        found += page


def cursor(api: Api) -> int:
    return feed(api, 0)[1]


def events_of(api: Api, after: int, data: dict[str, Any]) -> list[dict[str, Any]]:
    """The feed's events about this invoice (by RechNr), its order and its credit notes, in order."""
    found = []
    for event in feed(api, after)[0]:
        keys = event["keys"]
        if data["RechNr"] in (keys.get("RechNr"), event["data"].get("RechNr")) or keys.get("AuftNr") == data["AuftNr"]:
            found.append(event)
    return found


def open_amounts(api: Api, kund_nr: str) -> tuple[set[str], Decimal, Decimal]:
    """The customer's open invoices, the list's CHF total, the customer's CHF open amount."""
    listed = api.get("/www/rechnung", params={"status": "offen", "KundNr": kund_nr})
    assert listed.status_code == 200, listed.text
    customer = api.get(f"/www/kunden/{kund_nr}")
    assert customer.status_code == 200, customer.text

    def chf(totals: list[dict[str, Any]]) -> Decimal:
        return next((Decimal(str(t["BetragOffen"])) for t in totals if t["WaehrAbk"] == "CHF"), Decimal("0.00"))

    body = listed.json()
    rows = {r["RechNr"] for r in body["data"]}
    return rows, chf(body.get("Summen", [])), chf(customer.json()["data"].get("OffenePosten", []))


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    started = Receiver().start()
    yield started
    started.stop()


def delivered(api: Api, receiver: Receiver, secret: str, count: int, known: bytes) -> list[dict[str, Any]]:
    """The verified webhook messages, once `count` arrived. The local stack runs the dispatcher after
    each request that may write: a file of known payments posted again (booking nothing) stands in
    for its schedule. The bound only keeps a broken stack from hanging."""
    deadline = time.monotonic() + PATIENCE
    while len(receiver.taken()) < count:
        assert time.monotonic() < deadline, f"only {len(receiver.taken())} of {count} webhooks arrived"
        assert imported(api, known)["new"] == 0
        time.sleep(1)
    return receiver.verified(secret)


def test_credit_notes_settle_or_lower_what_is_open_everywhere_with_their_events(
    api: Api, receiver: Receiver, request: pytest.FixtureRequest
) -> None:
    tag = uuid.uuid4().hex[:8]
    settled, lowered = invoice(api), invoice(api)
    pay = camt("camt.054.001.08", [Entry(f"{tag}-E", (Tx(f"{tag}-1", LEFT, settled["Zahlungsreferenz"]),))], tag)
    assert imported(api, pay) == {"new": 1, "known": 0, "matched": 1, "unmatched": 0}
    rows, listed, owed = open_amounts(api, settled["KundNr"])
    assert {settled["RechNr"], lowered["RechNr"]} <= rows
    subscribed = api.post(
        "/www/webhooks",
        json={"url": receiver.url, "events": ["gutschrift.issued", "rechnung.paid", "rechnung.partially_paid"]},
        headers={"Idempotency-Key": uuid.uuid4().hex},
    )
    assert subscribed.status_code == 201, subscribed.text
    # Deleted after the test: the receiver stops with it, and the shared stack's later events would
    # keep retrying to it (writes that other tests' before/after comparisons of the table see).
    hook_id = subscribed.json()["data"]["id"]
    request.addfinalizer(lambda: api.request("DELETE", f"/www/webhooks/{hook_id}"))
    path, json_accept = f"/www/rechnung/{lowered['RechNr']}", {"Accept": "application/json"}
    tag = api.get(path, headers=json_accept).headers["ETag"]
    start = cursor(api)

    coffees = {"Positionen": [{"PosNr": 1, "Menge": 3}]}
    for data in (settled, lowered):
        note = api.post(f"/www/rechnung/{data['RechNr']}/gutschrift", json=coffees)
        assert note.status_code == 201, note.text
        assert Decimal(str(note.json()["data"]["AuftBrutto"])) == COFFEES

    # Paid 8.35, credited 58.15: nothing open. The credit note's transaction says so.
    now = head(api, settled["RechNr"])
    assert (now["Zahlstatus"], now["Bezahlt"], now["BetragOffen"], now["BetragBezahlt"]) == (
        "bezahlt",
        True,
        0,
        float(LEFT),
    )
    events = events_of(api, start, settled)
    assert [e["type"] for e in events] == ["gutschrift.issued", "auftrag.updated", "rechnung.paid"]
    assert events[2]["data"] == now
    assert events[2]["sequence"] == events[0]["sequence"] + 2  # one transaction
    # Nothing paid, 8.35 left: lowered, no payment event.
    other = head(api, lowered["RechNr"])
    assert (other["Zahlstatus"], other["Bezahlt"], Decimal(str(other["BetragOffen"]))) == ("offen", False, LEFT)
    assert [e["type"] for e in events_of(api, start, lowered)] == ["gutschrift.issued", "auftrag.updated"]
    # Its JSON changed without a payment: a copy revalidated with the old ETag is answered anew.
    revalidated = api.get(path, headers={**json_accept, "If-None-Match": tag})
    assert (revalidated.status_code, revalidated.json()["data"]) == (200, other)

    # The same through a webhook, signed: two credit notes, one invoice settled, nothing else of theirs.
    messages = delivered(api, receiver, subscribed.json()["data"]["secret"], 3, pay)
    ours = [m for m in messages if m["data"].get("RechNr") in (settled["RechNr"], lowered["RechNr"])]
    assert [(m["type"], m["data"]["RechNr"]) for m in ours] == [
        ("gutschrift.issued", settled["RechNr"]),
        ("rechnung.paid", settled["RechNr"]),
        ("gutschrift.issued", lowered["RechNr"]),
    ]
    assert ours[1]["data"] == now

    rows_after, listed_after, owed_after = open_amounts(api, settled["KundNr"])
    assert settled["RechNr"] not in rows_after
    assert lowered["RechNr"] in rows_after
    # settled left the list (58.15 was open), lowered is 58.15 less.
    assert listed_after == listed - 2 * COFFEES
    assert owed_after == owed - 2 * COFFEES


def drop(s3: Any, key: str, body: bytes) -> dict[str, int]:
    """The file into the bucket's inbox; its counts once the function imported it."""
    s3.put_object(Bucket=BUCKET, Key=f"{INBOX}{key}", Body=body)
    deadline = time.monotonic() + PATIENCE
    while True:
        listed = s3.list_objects_v2(Bucket=BUCKET, Prefix="zahlungen/verarbeitet/").get("Contents", [])
        reports = [o["Key"] for o in listed if key in o["Key"] and o["Key"].endswith(".json")]
        if reports:
            counts: dict[str, int] = json.loads(s3.get_object(Bucket=BUCKET, Key=reports[0])["Body"].read())["data"]
            return counts
        assert time.monotonic() < deadline, f"{key} not imported within {PATIENCE} s"
        time.sleep(0.2)


def test_imports_racing_on_a_paid_invoice_book_each_payment_once_and_state_it(
    api: Api, local_stack: dict[str, Any], local_client: Callable[[str], Any]
) -> None:
    tag = uuid.uuid4().hex[:8]
    data = invoice(api)
    reference = data["Zahlungsreferenz"]
    full = camt("camt.054.001.08", [Entry(f"{tag}-F", (Tx(f"{tag}-F", GROSS, reference),))], f"{tag}F")
    assert imported(api, full)["matched"] == 1
    start = cursor(api)
    # Two files booked at the same moment, one over POST and one by the bucket's function (two
    # functions: they run side by side), each of many payments, so that each import's
    # transactions (48 payments each, one after the other) interleave with the other's; ten
    # payments are in both files.
    common = [Tx(f"{tag}-C{k}", Decimal("0.05"), reference) for k in range(10)]
    files = [
        camt(
            "camt.054.001.08",
            [Entry(f"{tag}-{n}", (*common, *(Tx(f"{tag}-{n}-{k}", Decimal("0.10"), reference) for k in range(MANY))))],
            f"{tag}{n}",
        )
        for n in range(2)
    ]
    s3 = local_client("s3")
    with ThreadPoolExecutor(max_workers=2) as pool:
        dropped = pool.submit(drop, s3, f"race-{tag}.xml", files[1])
        counts = [imported(api, files[0]), dropped.result()]

    # Each payment once: the common ones new in one file or the other, known in the other.
    assert sum(c["new"] for c in counts) == sum(c["matched"] for c in counts) == 2 * MANY + 10
    assert sum(c["known"] for c in counts) == 10
    paid_in = GROSS + Decimal("0.50") + 2 * MANY * Decimal("0.10")
    now = head(api, data["RechNr"])
    assert Decimal(str(now["BetragBezahlt"])) == paid_in
    assert len(now["Zahlungen"]) == len({p["ZahlungId"] for p in now["Zahlungen"]}) == 2 * MANY + 11
    assert (now["Zahlstatus"], now["BetragOffen"]) == ("ueberzahlt", 0)

    # Every event shows the payments booked before it and its own, never fewer: in the feed's order
    # the sets grow, each event's BetragBezahlt their sum; the last is the invoice as it is.
    events = [e for e in events_of(api, start, data) if e["type"].startswith("rechnung.")]
    assert {e["type"] for e in events} == {"rechnung.paid"}
    seen: set[str] = set()
    for event in events:
        ids = {p["ZahlungId"] for p in event["data"]["Zahlungen"]}
        assert seen < ids, f"event {event['sequence']} misses a payment booked before it"
        seen = ids
        shown = sum((Decimal(str(p["Betrag"])) for p in event["data"]["Zahlungen"]), Decimal(0))
        assert Decimal(str(event["data"]["BetragBezahlt"])) == shown
    assert seen == {p["ZahlungId"] for p in now["Zahlungen"]}
    without_links = {k: v for k, v in now.items() if k != "links"}
    assert {k: v for k, v in events[-1]["data"].items() if k != "links"} == without_links
