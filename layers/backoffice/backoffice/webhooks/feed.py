"""The event feed (GET /www/events): every recorded event after a cursor, in commit order.

Order: each event carries a `sequence` from one atomic counter (`outbox.change_ops`), taken just
before the write's transaction; a write's events sit in ONE item whose sort key is its last
sequence. A sequence number can reach the table after a higher one (two writers, the slower one
commits last), so a reader must never pass a number that is missing: the feed serves items in
order and stops at the first gap, until the gap is settled. A gap is settled when the item after
it was recorded longer ago than `event_settle_seconds` (60 s, longer than a function may run: the
writer that took the missing number is dead, its write can no longer land). A write that fails
writes its numbers void at once (`outbox.transact_write`), so gaps wait only after a crash.
Reads are consistent: an item seen means every lower item that will ever be written, is.

The cursor is the last sequence passed (served, or hidden from the caller, or void); 0 is the
start. Article events reach only callers who may see the article (its webshops). A page holds at
most PAGE_BYTES of events (each event's data is a whole record), and always at least one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from backoffice.catalogue import article_store, articles
from backoffice.json_codec import dumps
from backoffice.platform import outbox
from backoffice.platform.environment import get_settings
from backoffice.timestamps import utc_now
from backoffice.webhooks.event_types import ARTICLE_TYPES

MAX_LIMIT = 1000
DEFAULT_LIMIT = 100
# The events of one page, as JSON: far below the 6 MB a Lambda function may answer.
PAGE_BYTES = 4_000_000


@dataclass
class Page:
    """The events served and the cursor after them (the `after` of the next page)."""

    cursor: int
    events: list[dict[str, Any]] = field(default_factory=list)
    done: bool = False  # no more to read now (the end, or a gap not settled yet)
    size: int = 0  # bytes of the events' JSON so far


def read(after: int, limit: int, webshop: str | None, types: frozenset[str] = frozenset()) -> Page:
    """Up to `limit` events after `after` that the caller (of `webshop`) may see, of `types` (all when empty)."""
    page = Page(cursor=after)
    settled_before = utc_now() - timedelta(seconds=get_settings().event_settle_seconds)
    while not page.done and len(page.events) < limit:
        items = outbox.feed_items(page.cursor, limit)
        if not items:
            page.done = True
            break
        decoded = [(item, outbox.events_of(item)) for item in items]  # decompressed once
        wanted = _wanted(types, _visibility([e for _, events in decoded for e in events], webshop))
        for item, events in decoded:
            if not _take(page, (item, events), limit, settled_before, wanted):
                break
    return page


def _take(
    page: Page,
    decoded: tuple[dict[str, Any], list[dict[str, Any]]],
    limit: int,
    settled_before: datetime,
    wanted: Callable[[dict[str, Any]], bool],
) -> bool:
    """The item's events added to the page; False when the page must stop before or inside it."""
    item, events = decoded
    first, last = int(item["First"]), int(item["SK"])
    if first > page.cursor + 1 and _recorded(item) > settled_before:
        page.done = True  # a gap below this item: a writer may still commit it
        return False
    for event in events:
        if int(event["sequence"]) <= page.cursor:
            continue
        if len(page.events) >= limit:
            return False
        if wanted(event) and not _added(page, event):
            return False
        page.cursor = int(event["sequence"])
    page.cursor = max(page.cursor, last)  # a void item passes its numbers
    return True


def _added(page: Page, event: dict[str, Any]) -> bool:
    """The event added to the page, unless it would take the page over PAGE_BYTES (the first always fits)."""
    size = len(dumps(public(event)))
    if page.events and page.size + size > PAGE_BYTES:
        page.done = True  # full: the next page starts at this event
        return False
    page.events.append(event)
    page.size += size
    return True


def _recorded(item: dict[str, Any]) -> datetime:
    return datetime.fromisoformat(str(item["CreatedUTC"]).replace("Z", "+00:00"))


def _visibility(events: Iterable[dict[str, Any]], webshop: str | None) -> set[str]:
    """The articles among the events that the caller may see."""
    numbers = {str(e["keys"]["ArtNr"]) for e in events if e["type"] in ARTICLE_TYPES}
    found = article_store.articles_by_number(sorted(numbers)) if numbers else {}
    return {n for n, a in found.items() if articles.visible_to(articles.webshops(a), webshop)}


def _wanted(types: frozenset[str], visible: set[str]) -> Callable[[dict[str, Any]], bool]:
    """Whether the caller gets an event: of the types asked for, about an article it may see."""

    def wanted(event: dict[str, Any]) -> bool:
        if types and event["type"] not in types:
            return False
        return event["type"] not in ARTICLE_TYPES or str(event["keys"]["ArtNr"]) in visible

    return wanted


def public(event: dict[str, Any]) -> dict[str, Any]:
    """An event as the feed answers it (and a webhook will carry it): without the writing user.
    `partial` (true) marks data in its bounded form. Empty members (data {}) are left out, as
    everywhere (json_codec)."""
    return {k: event[k] for k in ("id", "type", "sequence", "timestamp", "keys", "data", "partial") if k in event}
