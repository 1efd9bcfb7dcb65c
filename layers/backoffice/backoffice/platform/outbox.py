"""Events through an outbox: written in the transaction of the record, forwarded afterwards.

An outbox item lives in the table until EventBridge has taken it, so a failing EventBridge loses
neither the record nor its event. In AWS the publisher function runs on the table's stream and,
as a sweep, on a schedule; the local stack runs the sweep after each request. Which events the
company has enabled is not this module's business (platform knows no domain): the caller asks
`company.event_ops`, which writes an item here only for an enabled event.
"""

from __future__ import annotations

import uuid
from typing import Any

from backoffice.json_codec import dumps, loads
from backoffice.platform import dynamo
from backoffice.platform.aws import client
from backoffice.platform.environment import get_settings
from backoffice.timestamps import utc_text

SOURCE = "backoffice.rest"
OUTBOX_INDEX = "Outbox"
_PENDING = "PENDING"
OUTBOX_SK = "OUTBOX"


def outbox_ops(event: str, detail: dict[str, Any], user: str) -> list[dict[str, Any]]:
    """The transaction items that raise `event` (whether it is enabled, `company.event_ops` decides)."""
    # Microseconds at a fixed width: OutboxSK sorts the pending items by time.
    now = utc_text(timespec="microseconds")
    event_id = uuid.uuid4().hex
    item = {
        "PK": f"OUTBOX#{event_id}",
        "SK": OUTBOX_SK,
        "OutboxPK": _PENDING,
        "OutboxSK": f"{now}#{event_id}",
        "Event": event,
        "Detail": dumps({**detail, "user": user}),
        "CreatedUTC": now,
    }
    return [dynamo.put_op(item, dynamo.NEW)]


def is_outbox_item(item: dict[str, Any]) -> bool:
    """Whether a stream record's new image is an outbox item (the stream carries every item)."""
    return item.get("SK") == OUTBOX_SK


def publish(items: list[dict[str, Any]]) -> int:
    """Send outbox items to the bus and delete each one EventBridge accepted; the count sent."""
    sent = 0
    for start in range(0, len(items), 10):  # PutEvents takes at most 10 entries
        batch = items[start : start + 10]
        resp = client("events").put_events(
            Entries=[
                {
                    "Source": SOURCE,
                    "DetailType": item["Event"],
                    "Detail": item["Detail"],
                    "EventBusName": get_settings().event_bus_name,
                }
                for item in batch
            ]
        )
        for item, entry in zip(batch, resp["Entries"], strict=True):
            if "EventId" in entry and not entry.get("ErrorCode"):
                dynamo.delete_item(item["PK"], item["SK"])
                sent += 1
    return sent


def pending(limit: int = 100) -> list[dict[str, Any]]:
    keys = [
        (i["PK"], i["SK"])
        for i in dynamo.query(_PENDING, index=OUTBOX_INDEX, pk_name="OutboxPK", sk_name="OutboxSK", limit=limit)
    ]
    return dynamo.batch_get(keys) if keys else []


def publish_pending(limit: int = 100) -> int:
    return publish(pending(limit))


def detail_of(item: dict[str, Any]) -> dict[str, Any]:
    return dict(loads(item["Detail"]))
