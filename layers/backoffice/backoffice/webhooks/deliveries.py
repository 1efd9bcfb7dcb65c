"""The deliveries of a subscription, as stored: one item per event sent (its attempts), and the
subscription's delivery state (how far it has read the feed, the retry it waits for).

Keys: PK `DELIVERY#<webhook id>`; SK `STATE` (the state: Cursor, Head, NextAttemptUTC,
FailingSinceUTC and the lease of the run that delivers), SK `D#<delivery id>` (a delivery: its
event as recorded, Status, Attempts, NextAttemptUTC). A delivery id starts with the microsecond it
was made, in hex, so the newest sort last; deliveries are kept 30 days (ExpiresAt, the table's TTL).
"""

from __future__ import annotations

import secrets
import time
from typing import Any

from backoffice.json_codec import dumps, loads
from backoffice.platform import dynamo
from backoffice.timestamps import utc_text

PK_PREFIX = "DELIVERY#"
STATE_SK = "STATE"
ITEM_PREFIX = "D#"
KEEP_SECONDS = 30 * 24 * 3600
PENDING, RETRYING, DELIVERED, FAILED = "pending", "retrying", "delivered", "failed"
MAX_LIMIT = 100


def pk(webhook_id: str) -> str:
    return f"{PK_PREFIX}{webhook_id}"


def new_id() -> str:
    return f"{time.time_ns() // 1000:014x}{secrets.token_hex(4)}"


def state(webhook_id: str) -> dict[str, Any]:
    return dynamo.get_item(pk(webhook_id), STATE_SK, consistent=True) or {}


def start_state(webhook_id: str, cursor: int) -> None:
    """A new subscription's state: it is sent the events after `cursor` (those written from now on)."""
    # LeaseUntil 0: free (a lease is taken where the item is new or its lease has run out).
    dynamo.put_item({"PK": pk(webhook_id), "SK": STATE_SK, "Cursor": cursor, dynamo.LEASE_UNTIL: 0}, dynamo.NEW)


def new(webhook_id: str, event: dict[str, Any], store: bool = True) -> dict[str, Any]:
    """A delivery of `event` (as the feed records it), not yet attempted; stored unless `store` is
    False (a run stores it with its first attempt: one write per event sent)."""
    now = utc_text(timespec="microseconds")
    item = {
        "PK": pk(webhook_id),
        "SK": ITEM_PREFIX + new_id(),
        "Event": dumps(event),
        "EventId": event["id"],
        "Type": event["type"],
        "Sequence": event.get("sequence"),
        "Status": PENDING,
        "Attempts": [],
        "CreatedUTC": now,
        "ExpiresAt": int(time.time()) + KEEP_SECONDS,
    }
    if store:
        dynamo.put_item(item, dynamo.NEW)
    return item


def get(webhook_id: str, delivery_id: str) -> dict[str, Any] | None:
    return dynamo.get_item(pk(webhook_id), ITEM_PREFIX + delivery_id, consistent=True)


def event_of(item: dict[str, Any]) -> dict[str, Any]:
    return dict(loads(item["Event"]))


def record_attempt(item: dict[str, Any], attempt: dict[str, Any], status: str, next_attempt: str | None) -> None:
    """An attempt added to the delivery, with the status it leaves and when the next one is due."""
    item["Attempts"] = [*item.get("Attempts", []), attempt]
    item["Status"] = status
    item.pop("NextAttemptUTC", None)
    if next_attempt:
        item["NextAttemptUTC"] = next_attempt
    dynamo.put_item(item)


def page(webhook_id: str, before: str | None, limit: int) -> tuple[list[dict[str, Any]], str | None]:
    """The newest deliveries first, from below the delivery id `before`; the cursor of the next page."""
    found = list(
        dynamo.query(
            pk(webhook_id),
            ITEM_PREFIX if before is None else None,
            forward=False,
            limit=limit + 1,
            consistent=True,
            sk_before=None if before is None else ITEM_PREFIX + before,
        )
    )
    shown = [i for i in found if str(i["SK"]).startswith(ITEM_PREFIX)][:limit]
    more = len(found) > limit
    return [view(i) for i in shown], (delivery_id(shown[-1]) if more and shown else None)


def delivery_id(item: dict[str, Any]) -> str:
    return str(item["SK"]).removeprefix(ITEM_PREFIX)


def view(item: dict[str, Any]) -> dict[str, Any]:
    """A delivery as answered: its event, status, the next attempt and each attempt made."""
    return {
        "id": delivery_id(item),
        "event_id": item["EventId"],
        "type": item["Type"],
        "sequence": item.get("Sequence"),
        "status": item["Status"],
        "created": item["CreatedUTC"],
        "next_attempt": item.get("NextAttemptUTC"),
        "attempts": [
            {"at": a["At"], "status": a.get("Code"), "error": a.get("Error"), "duration_ms": a.get("Millis")}
            for a in item.get("Attempts") or ()
        ],
    }
