"""Webhook delivery: each subscription reads the event feed from its own cursor and sends the
events in order, one at a time, from the delivery function (SQS), never from the writing request.

A queue message wakes one subscription (`{"webhook": id}`), or sends one delivery once
(`{"webhook": id, "delivery": id}`: a test or a redelivery). The dispatcher (`dispatch`, run on the
table's stream and on a schedule) wakes every enabled subscription that is behind the feed or whose
retry is due. A woken subscription is run under a lease (one run at a time); the run sends the
events after its cursor that its owner may see, of its types, in sequence order: a failed attempt
stops it and schedules the retry of that event (`schedule`), later events wait behind it. So a
receiver gets each resource's events (and all of them) in sequence order; an event whose retries
are exhausted is marked failed and passed. SQS delays a message at most 900 s: a longer retry
delay is a chain of messages, each carrying the time it waits for (`due`); the dispatcher's
schedule wakes a due subscription too, should a message of the chain be lost.
"""

from __future__ import annotations

import random
import time
import uuid
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta
from functools import cache
from typing import Any

from backoffice.errors import NotFound
from backoffice.json_codec import dumps
from backoffice.platform import dynamo, outbox
from backoffice.platform.aws import client
from backoffice.platform.caches import on_reset
from backoffice.platform.environment import get_settings
from backoffice.platform.logger import logger
from backoffice.timestamps import utc_now, utc_text
from backoffice.webhooks import deliveries, feed, schedule, sender, signing, subscriptions
from backoffice.webhooks.deliveries import DELIVERED, FAILED, RETRYING
from backoffice.webhooks.subscriptions import Who

TEST_TYPE = "webhook.test"
LEASE_SECONDS = 180  # longer than the delivery function may run (Timeout 60 s)
RESERVE_MS = 15_000  # a run takes no further event with less left: one attempt takes at most 10 s
PAGE = 50
MAX_DELAY_SECONDS = 900  # SQS's longest message delay
DISABLED_METRIC = "WebhookSubscriptionDisabled"


# --- the queue ---------------------------------------------------------------------------------


@cache
def _queue_url() -> str:
    return str(client("sqs").get_queue_url(QueueName=get_settings().webhook_queue_name)["QueueUrl"])


on_reset(_queue_url.cache_clear)


def enqueue(messages: list[tuple[dict[str, Any], float]]) -> None:
    """Send (message, delay in seconds) to the delivery queue, ten at a time."""
    for start in range(0, len(messages), 10):
        entries = [
            {"Id": str(n), "MessageBody": dumps(body), "DelaySeconds": _delay(seconds)}
            for n, (body, seconds) in enumerate(messages[start : start + 10])
        ]
        client("sqs").send_message_batch(QueueUrl=_queue_url(), Entries=entries)


def _delay(seconds: float) -> int:
    # Whole seconds, rounded up: a message must not come before its time (it would wait again).
    return max(0, min(MAX_DELAY_SECONDS, int(-(-seconds // 1))))


def handle(message: dict[str, Any], time_left: Callable[[], int]) -> str:
    """One queue message; what came of it (for the log)."""
    webhook_id = str(message["webhook"])
    if "delivery" in message:
        return send_once(webhook_id, str(message["delivery"]))
    return run(webhook_id, message.get("due"), time_left)


# --- the dispatcher ----------------------------------------------------------------------------


def dispatch() -> int:
    """Wake every enabled subscription that has events to send or a retry due; how many were woken."""
    head = dynamo.peek_number(outbox.SEQUENCE_COUNTER) - 1
    subs = {subscriptions.webhook_id(s): s for s in subscriptions.enabled()}
    if not subs:
        return 0
    states = {str(i["PK"]).removeprefix(deliveries.PK_PREFIX): i for i in _states(subs)}
    now, now_text = time.time(), utc_text()
    woken = [w for w in subs if _behind(states.get(w, {}), head, now, now_text)]
    enqueue([({"webhook": w}, 0) for w in woken])
    return len(woken)


def _states(subs: dict[str, Any]) -> list[dict[str, Any]]:
    return dynamo.batch_get([(deliveries.pk(w), deliveries.STATE_SK) for w in subs])


def _behind(state: dict[str, Any], head: int, now: float, now_text: str) -> bool:
    if int(state.get(dynamo.LEASE_UNTIL) or 0) >= now:
        return False  # a run holds it and reads on to the end of the feed
    retry = state.get("NextAttemptUTC")
    if retry:
        return bool(retry <= now_text)
    return "Cursor" not in state or int(state["Cursor"]) < head


# --- a subscription's run ----------------------------------------------------------------------


def run(webhook_id: str, due: str | None, time_left: Callable[[], int]) -> str:
    """Send the subscription's events in order, from its cursor, while time is left."""
    sub = subscriptions.stored(webhook_id)
    if sub is None or not sub.get("Enabled"):
        return "disabled"
    holder = uuid.uuid4().hex
    state = dynamo.take_lease(deliveries.pk(webhook_id), deliveries.STATE_SK, holder, LEASE_SECONDS)
    if state is None:
        return "busy"
    run = _Run(sub, webhook_id, holder, state)
    try:
        outcome = run.go(due, time_left)
    finally:
        dynamo.update_leased(deliveries.pk(webhook_id), deliveries.STATE_SK, holder, {dynamo.LEASE_UNTIL: 0})
    # A wake that came while this run held the lease was dropped: events written meanwhile are
    # sent by the next run, which this starts when the feed has moved on.
    if outcome == "done" and int(run.state["Cursor"]) < dynamo.peek_number(outbox.SEQUENCE_COUNTER) - 1:
        enqueue([({"webhook": webhook_id}, 1)])
    return outcome


_RETRY_STATE = ("Head", "HeadSequence", "NextAttemptUTC", "FailingSinceUTC")


class _Run:
    """One run of a subscription under its lease."""

    def __init__(self, sub: dict[str, Any], webhook_id: str, holder: str, state: dict[str, Any]) -> None:
        self.sub, self.webhook_id, self.holder, self.state = sub, webhook_id, holder, state
        self.cursor = int(state.get("Cursor") or 0)  # the last event sent (or passed) in this run

    def save(self, changes: dict[str, Any], drop: tuple[str, ...] = ()) -> None:
        """State changes written while the lease is held (`drop`: attributes set to nothing)."""
        self.state.update(changes)
        for name in drop:
            self.state.pop(name, None)
        written = {**changes, **dict.fromkeys(drop, "")}
        dynamo.update_leased(deliveries.pk(self.webhook_id), deliveries.STATE_SK, self.holder, written)

    def go(self, due: str | None, time_left: Callable[[], int]) -> str:
        retry = self.state.get("NextAttemptUTC")
        if retry and retry > utc_text():
            if due == retry:  # this message is the retry's chain: it carries on waiting
                enqueue([({"webhook": self.webhook_id, "due": retry}, _seconds_until(retry))])
            return "waiting"
        if "Cursor" not in self.state:  # made before deliveries existed: from now on
            self.save({"Cursor": dynamo.peek_number(outbox.SEQUENCE_COUNTER) - 1})
        known, webshop = subscriptions.owner_webshop(self.sub)
        if not known:
            # Made before subscriptions kept the owner's webshop: nothing is sent (nor passed) until
            # `migrate` gives it; the dispatcher wakes it again every minute.
            logger.warning("webhook waits for migrate", extra={"webhook": self.webhook_id})
            return "waiting for migrate"
        for events, cursor in self._pages(webshop):
            for event in events:
                if time_left() < RESERVE_MS:
                    self.save({"Cursor": self.cursor})
                    enqueue([({"webhook": self.webhook_id}, 0)])  # a fresh run carries on
                    return "more"
                if not self.send(event):
                    return "retrying"
            # Saved once a page: a run that dies sends the page's events again (at least once).
            self.cursor = cursor
            self.save({"Cursor": cursor})
        return "done"

    def _pages(self, webshop: str | None) -> Iterator[tuple[list[dict[str, Any]], int]]:
        """Pages of the feed from the cursor: the events the subscription gets, the cursor after them."""
        types = frozenset(self.sub.get("Events") or ())
        self.cursor = int(self.state["Cursor"])
        while True:
            page = feed.read(self.cursor, PAGE, webshop, types)
            yield page.events, page.cursor
            if page.done:
                return

    def send(self, event: dict[str, Any]) -> bool:
        """The event's attempt; False when it failed and is to be retried (the run stops)."""
        item = None
        if self.state.get("Head") and int(self.state.get("HeadSequence") or -1) == int(event["sequence"]):
            item = deliveries.get(self.webhook_id, str(self.state["Head"]))
        item = item or deliveries.new(self.webhook_id, event, store=False)
        ok, attempt = _attempt(self.sub, item)
        self.cursor = int(event["sequence"])
        if ok:
            deliveries.record_attempt(item, attempt, DELIVERED, None)
            if any(self.state.get(k) for k in _RETRY_STATE):  # the retried head made it: the retry is over
                self.save({"Cursor": self.cursor}, _RETRY_STATE)
            return True
        scale = get_settings().webhook_backoff_scale
        wait = schedule.delay(len(item.get("Attempts") or ()) + 1, scale, random.random())
        failing = {"FailingSinceUTC": self.state.get("FailingSinceUTC") or attempt["At"]}
        if wait is None:
            deliveries.record_attempt(item, attempt, FAILED, None)
            self.save({"Cursor": self.cursor, **failing}, ("Head", "HeadSequence", "NextAttemptUTC"))
            return not self._disable_when_failing_long(scale)
        retry = utc_text(utc_now() + timedelta(seconds=wait), timespec="microseconds")
        deliveries.record_attempt(item, attempt, RETRYING, retry)
        head = {"Head": deliveries.delivery_id(item), "HeadSequence": self.cursor, "NextAttemptUTC": retry}
        # The cursor stays before the event retried: it is the next one a run sends.
        self.save({**head, **failing, "Cursor": self.cursor - 1})
        if not self._disable_when_failing_long(scale):
            enqueue([({"webhook": self.webhook_id, "due": retry}, wait)])
        return False

    def _disable_when_failing_long(self, scale: float) -> bool:
        since = datetime.fromisoformat(str(self.state["FailingSinceUTC"]).replace("Z", "+00:00"))
        if utc_now() - since < schedule.disable_after(scale):
            return False
        if subscriptions.disable(self.webhook_id):
            logger.warning("webhook disabled", extra={"webhook": self.webhook_id, "failing_since": str(since)})
            _count_disabled()
        return True


def _seconds_until(moment: str) -> float:
    return (datetime.fromisoformat(moment.replace("Z", "+00:00")) - utc_now()).total_seconds()


def _count_disabled() -> None:
    from aws_lambda_powertools import Metrics
    from aws_lambda_powertools.metrics import MetricUnit

    metrics = Metrics()  # namespace POWERTOOLS_METRICS_NAMESPACE (template.yaml), dimension service
    metrics.add_metric(name=DISABLED_METRIC, unit=MetricUnit.Count, value=1)
    metrics.flush_metrics()


# --- one attempt -------------------------------------------------------------------------------


def body_of(event: dict[str, Any]) -> str:
    """The message: the event's type, time and sequence, its data with the record's key."""
    payload = {
        "type": event["type"],
        "timestamp": event["timestamp"],
        "sequence": event.get("sequence"),
        "data": {**(event.get("keys") or {}), **(event.get("data") or {})},
    }
    return dumps(payload)


def _attempt(sub: dict[str, Any], item: dict[str, Any]) -> tuple[bool, dict[str, Any]]:
    """POST the delivery's event, signed with every secret in use; whether it succeeded, the attempt."""
    event = deliveries.event_of(item)
    body = body_of(event)
    heads = signing.headers(subscriptions.secrets_in_use(sub, utc_text()), str(event["id"]), int(time.time()), body)
    outcome = sender.post(str(sub["Url"]), body.encode(), heads, get_settings().in_aws)
    attempt = {"At": utc_text(), "Code": outcome.status, "Error": outcome.error, "Millis": outcome.millis}
    return outcome.ok, {k: v for k, v in attempt.items() if v is not None}


def send_once(webhook_id: str, delivery_id: str) -> str:
    """A test or a redelivery: one attempt, its status delivered or failed."""
    sub, item = subscriptions.stored(webhook_id), deliveries.get(webhook_id, delivery_id)
    if sub is None or item is None:
        return "gone"
    ok, attempt = _attempt(sub, item)
    deliveries.record_attempt(item, attempt, DELIVERED if ok else FAILED, None)
    return "delivered" if ok else "failed"


# --- the API: deliveries listed, redelivered, a test -------------------------------------------


def listed(webhook_id: str, who: Who, before: str | None, limit: int) -> tuple[list[dict[str, Any]], str | None]:
    subscriptions.owned(webhook_id, who)
    return deliveries.page(webhook_id, before, limit)


def redeliver(webhook_id: str, delivery_id: str, who: Who) -> dict[str, Any]:
    """Send a delivery's event again (the same webhook-id), from the queue."""
    subscriptions.owned(webhook_id, who)
    item = deliveries.get(webhook_id, delivery_id)
    if item is None:
        raise NotFound(f"Webhook {webhook_id} has no delivery {delivery_id}.", {"delivery_id": delivery_id})
    enqueue([({"webhook": webhook_id, "delivery": delivery_id}, 0)])
    return deliveries.view(item)


def test(webhook_id: str, who: Who) -> dict[str, Any]:
    """A `webhook.test` event sent to the subscription, from the queue."""
    subscriptions.owned(webhook_id, who)
    event = {
        "id": f"evt_{uuid.uuid4().hex}",
        "type": TEST_TYPE,
        "timestamp": utc_text(timespec="microseconds"),
        "keys": {},
        "data": {"webhook": webhook_id},
    }
    item = deliveries.new(webhook_id, event)
    enqueue([({"webhook": webhook_id, "delivery": deliveries.delivery_id(item)}, 0)])
    return deliveries.view(item)
