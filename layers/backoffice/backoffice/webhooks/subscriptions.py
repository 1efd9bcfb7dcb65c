"""Subscriptions: a REST user's receiver URL and the event types it wants, with its signing secret.

One partition (WEBHOOKS) holds them all, one item each (SK WEBHOOK#<id>): they are few, and the
delivery reads them all for every event. A user sees and changes only its own (another's id is a
404, as if it did not exist); the operator (role) sees and changes all. The secret is answered once,
when it is made (create, rotate); a rotated one keeps signing beside the new one for 24 hours.

Each subscription keeps its owner's webshop (`Webshop`, "" for none: which article events it may
receive), taken from the authorizer's context when the owner creates or changes it, and from the
user record by the admin CLI (`user add` with a new webshop, `migrate` for the subscriptions made
before): the delivery reads no user record (issue 27). One without the attribute waits for `migrate`.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Annotated, Any

from botocore.exceptions import ClientError
from pydantic import AfterValidator, Field

from backoffice.errors import Conflict, InvalidRequest, NotFound
from backoffice.models import RequestModel
from backoffice.platform import dynamo, outbox
from backoffice.platform.environment import get_settings
from backoffice.timestamps import utc_now, utc_text
from backoffice.webhooks import deliveries, signing, urls
from backoffice.webhooks.event_types import TYPES

PK = "WEBHOOKS"
ROTATION_OVERLAP = timedelta(hours=24)
WEBSHOP = "Webshop"  # the owner's webshop ("": none; the layer drops None); absent on those made before issue 27


def _known_type(name: str) -> str:
    if name not in TYPES:
        raise ValueError(f"an event type: {', '.join(TYPES)}")
    return name


def _each_once(names: list[str]) -> list[str]:
    if len(set(names)) != len(names):
        raise ValueError("each event type once")
    return names


# The schema says what the validators check: the known types, each once.
EventType = Annotated[str, Field(max_length=64, json_schema_extra={"enum": list(TYPES)}), AfterValidator(_known_type)]
EventTypes = Annotated[
    list[EventType],
    Field(min_length=1, max_length=len(TYPES), json_schema_extra={"uniqueItems": True}),
    AfterValidator(_each_once),
]
Url = Annotated[
    str,
    Field(
        min_length=1,
        max_length=urls.MAX_LENGTH,
        pattern=r"^https?://",
        description="https:// receiver (http only to localhost in the local stack; public addresses only)",
    ),
]


class WebhookIn(RequestModel):
    """POST /www/webhooks."""

    url: Url
    events: EventTypes


class WebhookPatch(RequestModel):
    """PATCH /www/webhooks/{id}: the members given are changed."""

    url: Url | None = None
    events: EventTypes | None = None
    enabled: bool | None = None


@dataclass(frozen=True)
class Who:
    """The caller: its user name, whether it is the operator (who sees every subscription), and its
    webshop (the authorizer's context)."""

    user: str
    operator: bool = False
    webshop: str | None = None


def _checked_url(url: str) -> str:
    why = urls.problem(url, get_settings().in_aws)
    if why:
        raise InvalidRequest("The webhook URL cannot be used.", {"url": why})
    return url


def create(body: WebhookIn, who: Who) -> tuple[dict[str, Any], str]:
    """Store a new subscription of the caller; its view and its secret (answered this once)."""
    secret = signing.new_secret()
    now = utc_text()
    item = {
        "PK": PK,
        "SK": f"WEBHOOK#{uuid.uuid4().hex}",
        "User": who.user,
        WEBSHOP: who.webshop or "",
        "Url": _checked_url(body.url),
        "Events": list(body.events),
        "Enabled": True,
        "Secrets": [{"Secret": secret}],
        "CreatedUTC": now,
        "ChangedUTC": now,
        "Version": 1,
    }
    dynamo.put_item(item, dynamo.NEW)
    # Sent the events written from now on: those after the last sequence number taken.
    deliveries.start_state(_id(item), dynamo.peek_number(outbox.SEQUENCE_COUNTER) - 1)
    return view(item), secret


def listed(who: Who) -> list[dict[str, Any]]:
    return [view(i) for i in dynamo.query(PK, "WEBHOOK#", consistent=True) if _sees(who, i)]


def get(webhook_id: str, who: Who) -> dict[str, Any]:
    return view(_item(webhook_id, who))


def stored(webhook_id: str) -> dict[str, Any] | None:
    """A subscription as stored (whoever owns it), for its delivery."""
    return dynamo.get_item(PK, f"WEBHOOK#{webhook_id}", consistent=True)


def enabled() -> list[dict[str, Any]]:
    return [i for i in dynamo.query(PK, "WEBHOOK#", consistent=True) if i.get("Enabled")]


def disable(webhook_id: str) -> bool:
    """Disable a subscription whose deliveries keep failing; False when it is gone or changed meanwhile."""
    item = stored(webhook_id)
    if item is None:
        return False
    try:
        _write(item, {"Enabled": False, "ChangedUTC": utc_text()})
    except Conflict:
        return False
    return True


def owned(webhook_id: str, who: Who) -> dict[str, Any]:
    return _item(webhook_id, who)


def _item(webhook_id: str, who: Who) -> dict[str, Any]:
    """The caller's subscription; another's is a 404 as one that does not exist."""
    item = dynamo.get_item(PK, f"WEBHOOK#{webhook_id}", consistent=True)
    if item is None or not _sees(who, item):
        raise NotFound(f"There is no webhook {webhook_id}.", {"id": webhook_id})
    return item


def patch(webhook_id: str, body: WebhookPatch, who: Who) -> dict[str, Any]:
    item = _item(webhook_id, who)
    changes: dict[str, Any] = {"ChangedUTC": utc_text()}
    if body.url is not None:
        changes["Url"] = _checked_url(body.url)
    if body.events is not None:
        changes["Events"] = list(body.events)
    if body.enabled is not None:
        changes["Enabled"] = body.enabled
    if item.get("User") == who.user:  # the owner's webshop as it is now; the operator's is not the owner's
        changes[WEBSHOP] = who.webshop or ""
    return _write(item, changes)


def delete(webhook_id: str, who: Who) -> None:
    _item(webhook_id, who)
    dynamo.delete_item(PK, f"WEBHOOK#{webhook_id}")
    # Its deliveries stay until their TTL (30 days); its state goes with it.
    dynamo.delete_item(deliveries.pk(webhook_id), deliveries.STATE_SK)


def rotate(webhook_id: str, who: Who) -> tuple[dict[str, Any], str]:
    """A new secret; the ones before keep signing for ROTATION_OVERLAP (expired ones dropped)."""
    item = _item(webhook_id, who)
    now = utc_now()
    until = utc_text(now + ROTATION_OVERLAP)
    secret = signing.new_secret()
    older = [{**s, "ValidUntilUTC": s.get("ValidUntilUTC") or until} for s in item.get("Secrets") or ()]
    kept = [s for s in older if s["ValidUntilUTC"] > utc_text(now)]
    return _write(item, {"Secrets": [{"Secret": secret}, *kept], "ChangedUTC": utc_text(now)}), secret


def secrets_in_use(item: dict[str, Any], now: str) -> Sequence[str]:
    """The secrets a message is signed with now: the current one, and rotated ones still valid."""
    return [s["Secret"] for s in item.get("Secrets") or () if (s.get("ValidUntilUTC") or now) >= now]


def owner_webshop(item: dict[str, Any]) -> tuple[bool, str | None]:
    """(whether the subscription has its owner's webshop, that webshop); (False, None) for one made
    before subscriptions kept it, until `migrate` gives it."""
    return WEBSHOP in item, item.get(WEBSHOP) or None


def owners_without_webshop() -> list[str]:
    """The owners of subscriptions made before subscriptions kept the owner's webshop."""
    return sorted({str(i["User"]) for i in dynamo.query(PK, "WEBHOOK#", consistent=True) if WEBSHOP not in i})


def set_owner_webshop(user: str, webshop: str | None, only_missing: bool = False) -> list[str]:
    """Give the user's subscriptions its webshop (the admin CLI, which may read user records); the ids
    changed. `only_missing`: only those made before subscriptions kept it (`migrate`)."""
    changed = []
    for item in dynamo.query(PK, "WEBHOOK#", consistent=True):
        if item.get("User") != user or (only_missing and WEBSHOP in item):
            continue
        if item.get(WEBSHOP) == (webshop or ""):
            continue
        _write_retrying(_id(item), {WEBSHOP: webshop or ""})
        changed.append(_id(item))
    return changed


def _write_retrying(webhook_id: str, changes: dict[str, Any]) -> None:
    """The changes written on the subscription as it is now, read again when it changed meanwhile."""
    for _ in range(5):
        item = stored(webhook_id)
        if item is None:
            return
        try:
            _write(item, changes)
            return
        except Conflict:
            continue
    raise Conflict("The webhook keeps changing; run the command again.", {"id": webhook_id})


def _write(item: dict[str, Any], changes: dict[str, Any]) -> dict[str, Any]:
    """The item changed, written only while nobody else changed it meanwhile (409 otherwise)."""
    version = int(item["Version"])
    new = {**item, **changes, "Version": version + 1}
    try:
        dynamo.put_item(new, version=version)
    except ClientError as exc:
        if dynamo.is_condition_failure(exc):
            raise Conflict("The webhook was changed meanwhile; read it and try again.", {"id": _id(item)}) from exc
        raise
    return view(new)


def _sees(who: Who, item: dict[str, Any]) -> bool:
    return who.operator or item.get("User") == who.user


def webhook_id(item: dict[str, Any]) -> str:
    return _id(item)


def _id(item: dict[str, Any]) -> str:
    return str(item["SK"]).removeprefix("WEBHOOK#")


def view(item: dict[str, Any]) -> dict[str, Any]:
    """A subscription as answered: never its secret."""
    return {
        "id": _id(item),
        "url": item["Url"],
        "events": list(item["Events"]),
        "enabled": bool(item["Enabled"]),
        "user": item["User"],
        "created": item["CreatedUTC"],
        "changed": item["ChangedUTC"],
    }
