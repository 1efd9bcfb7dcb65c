"""Events through an outbox: written in the transaction of the record, forwarded afterwards.

An outbox item lives in the table until EventBridge has taken it, so a failing EventBridge loses
neither the record nor its event. In AWS the publisher function runs on the table's stream and,
as a sweep, on a schedule; the local stack runs the sweep after each request. Which events the
company has enabled is not this module's business (platform knows no domain): the caller asks
`company.event_ops`, which writes an item here only for an enabled event.

The same transaction records every change for the event feed and the webhooks (`change_ops`): ONE
item per write, whatever it changed, under the partition EVENTS, its sort key the last of the
sequence numbers its events took from one atomic counter. A number taken by a write that then
failed is written as a void item at once (`transact_write`), so the feed sees no gap for it; only
a writer that died between the two leaves a gap, which the feed waits out (docs/webhooks.md).
Events are kept 30 days (the table's TTL on ExpiresAt).

An event's data is the changed record's read shape, so the item holds its events as compressed
JSON (`EventsZ`, zlib); items recorded before held plain JSON (`Events`) and read as they were
(`events_of`). A record too large to travel whole (its JSON over DATA_LIMIT, or the write's item
over ITEM_BYTES compressed) carries the bounded form its writer gives (`Change.abridged`: an
order without its positions) and the event says `partial` (ADR 0008).
"""

from __future__ import annotations

import contextlib
import time
import uuid
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from botocore.exceptions import BotoCoreError, ClientError

from backoffice.json_codec import dumps, loads
from backoffice.platform import dynamo
from backoffice.platform.aws import client
from backoffice.platform.environment import get_settings
from backoffice.timestamps import utc_text

SOURCE = "backoffice.rest"
OUTBOX_INDEX = "Outbox"
_PENDING = "PENDING"
OUTBOX_SK = "OUTBOX"
FEED_PK = "EVENTS"
SEQUENCE_COUNTER = "EventSequence"
SEQUENCE_WIDTH = 20  # the sort key's digits: text order is number order
KEEP_SECONDS = 30 * 24 * 3600
# An event's data travels whole up to this many bytes of JSON: a webhook body stays below 256 KB.
DATA_LIMIT = 200_000
# The compressed events of one write: below DynamoDB's 400 KB per item, with room for the keys.
ITEM_BYTES = 350_000


@dataclass(frozen=True)
class Change:
    """One event of the feed: its type (`auftrag.created`), the changed record's keys, its read shape
    (`data`), and for a record that can grow large its bounded form (`abridged`)."""

    type: str
    keys: dict[str, Any]
    data: dict[str, Any] = field(default_factory=dict)
    abridged: dict[str, Any] | None = None


def feed_sk(sequence: int) -> str:
    return f"{sequence:0{SEQUENCE_WIDTH}d}"


def change_ops(changes: Sequence[Change], user: str) -> list[dict[str, Any]]:
    """The one item of the write's transaction that records `changes`, in order, for the feed."""
    if not changes:
        return []
    last = dynamo.next_number(SEQUENCE_COUNTER, step=len(changes))
    # Taken after the numbers: the feed judges a gap below this item by this time.
    now = utc_text(timespec="microseconds")
    first = last - len(changes) + 1
    events = [
        {
            "id": f"evt_{uuid.uuid4().hex}",
            "type": change.type,
            "sequence": first + offset,
            "timestamp": now,
            "keys": change.keys,
            "data": change.data,
            "user": user,
        }
        for offset, change in enumerate(changes)
    ]
    item = _feed_item(first, last, now, {"EventsZ": _packed(events, changes)})
    return [dynamo.put_op(item, dynamo.NEW)]


def _packed(events: list[dict[str, Any]], changes: Sequence[Change]) -> bytes:
    """The events compressed into the item; a record too large carries its bounded form instead:
    each one over DATA_LIMIT, then the largest ones until the item fits ITEM_BYTES."""
    sizes = [len(dumps(e["data"])) for e in events]
    for n, change in enumerate(changes):
        if sizes[n] > DATA_LIMIT and change.abridged is not None:
            _abridge(events[n], change.abridged)
    packed = zlib.compress(dumps(events).encode("ascii"))
    largest = sorted((n for n, c in enumerate(changes) if c.abridged is not None), key=lambda n: -sizes[n])
    while len(packed) > ITEM_BYTES and largest:
        n = largest.pop(0)
        _abridge(events[n], changes[n].abridged or {})
        packed = zlib.compress(dumps(events).encode("ascii"))
    if len(packed) > ITEM_BYTES:  # only records without a bounded form are left: a programming error
        raise ValueError(f"the events of one write take {len(packed)} bytes compressed")
    return packed


def _abridge(event: dict[str, Any], abridged: dict[str, Any]) -> None:
    event["data"] = abridged
    event["partial"] = True


def events_of(item: dict[str, Any]) -> list[dict[str, Any]]:
    """The events a feed item holds: compressed (EventsZ), or plain JSON as the first release wrote them."""
    packed = item.get("EventsZ")
    if packed is not None:
        return list(loads(zlib.decompress(bytes(getattr(packed, "value", packed))).decode("ascii")))
    return list(loads(str(item.get("Events") or "[]")))


def _feed_item(first: int, last: int, now: str, events: dict[str, Any]) -> dict[str, Any]:
    return {
        "PK": FEED_PK,
        "SK": feed_sk(last),
        "First": first,
        **events,
        "CreatedUTC": now,
        "ExpiresAt": int(time.time()) + KEEP_SECONDS,
    }


def transact_write(ops: list[dict[str, Any]], token: str | None = None) -> None:
    """`dynamo.transact_write`, and when it fails, the feed's numbers it took written void at once.

    A void item is written only where no item is yet (NEW): if the failed-looking write did land,
    its own item stays; if it lands later, its item's NEW condition fails and so does the write.
    """
    try:
        dynamo.transact_write(ops, token)
    except (ClientError, BotoCoreError):
        for op in ops:
            item = op.get("Put", {}).get("Item", {})
            if item.get("PK") == {"S": FEED_PK}:
                _void(dynamo.from_attrs(item))
        raise


def record(changes: Sequence[Change], user: str) -> None:
    """Record changes that were written outside a transaction (a batch import, a finished invoice)."""
    transact_write(change_ops(changes, user))


def _void(item: dict[str, Any]) -> None:
    void = _feed_item(int(item["First"]), int(item["SK"]), str(item["CreatedUTC"]), {"Events": "[]"})
    # When this fails too, the feed waits the gap out (Settings.event_settle_seconds).
    with contextlib.suppress(ClientError, BotoCoreError):
        dynamo.put_item(void, dynamo.NEW)


def feed_items(after: int, limit: int) -> list[dict[str, Any]]:
    """The feed's items holding events after sequence `after`, in order (read consistently, so an
    item seen means every item with a lower number that will ever exist was written or is a gap)."""
    return list(dynamo.query(FEED_PK, sk_after=feed_sk(after), limit=limit, consistent=True))


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
