"""The tables: the only module that talks to DynamoDB (and the only one that makes its client).

Items are plain dicts of Python values; numbers are Decimal (boto3's serializer refuses floats,
which keeps binary floats out of stored money). Entities build their own keys; this module
never assembles one (but for its counters). Other modules describe what to write (`put_op`,
`update_op`, `delete_op`, `check_op`, gathered into one `transact_write`) and ask
`is_condition_failure` whether a refused write lost a race; none builds a request of its own.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from boto3.dynamodb.types import TypeDeserializer, TypeSerializer
from botocore.exceptions import ClientError

from backoffice.platform import aws, parallel
from backoffice.platform.environment import get_settings

_ser = TypeSerializer()
_de = TypeDeserializer()

# Conditions of a put: the item must be new / must already be there.
NEW = "attribute_not_exists(PK)"
EXISTING = "attribute_exists(PK)"
VERSION = "Version"  # the attribute a versioned write compares and counts
# DynamoDB's request limits.
_BATCH_GET, _BATCH_WRITE = 100, 25


def table_name() -> str:
    return get_settings().table_name


def _table(table: str | None) -> str:
    """The table a request goes to: the single table unless another is named (the users' table,
    platform/user_store)."""
    return table or table_name()


def client() -> Any:
    """The container's one DynamoDB client (platform/aws: without botocore's own check of each
    request), asked for here alone; handed to a library that sends its own requests (powertools'
    idempotency). The layer's own requests are built here."""
    return aws.client("dynamodb")


def to_attrs(item: dict[str, Any]) -> dict[str, Any]:
    return {k: _ser.serialize(v) for k, v in item.items() if v is not None}


def from_attrs(attrs: dict[str, Any]) -> dict[str, Any]:
    return {k: _de.deserialize(v) for k, v in attrs.items()}


def key(pk: str, sk: str) -> dict[str, Any]:
    return {"PK": {"S": pk}, "SK": {"S": sk}}


def get_item(
    pk: str, sk: str, consistent: bool = False, attributes: Sequence[str] = (), *, table: str | None = None
) -> dict[str, Any] | None:
    """One item, None when there is none; `attributes`: only these are returned (a projection)."""
    params: dict[str, Any] = {"TableName": _table(table), "Key": key(pk, sk), "ConsistentRead": consistent}
    if attributes:
        params["ProjectionExpression"] = ", ".join(f"#p{n}" for n in range(len(attributes)))
        params["ExpressionAttributeNames"] = {f"#p{n}": name for n, name in enumerate(attributes)}
    resp = client().get_item(**params)
    return from_attrs(resp["Item"]) if "Item" in resp else None


def put_item(
    item: dict[str, Any], condition: str | None = None, version: int | None = None, *, table: str | None = None
) -> None:
    """One item, written whole; `condition` and `version` as for `put_op`."""
    client().put_item(**_put(item, condition, version, table))


def delete_item(pk: str, sk: str, *, table: str | None = None) -> dict[str, Any] | None:
    """Remove an item; the item as it was, None when there was none."""
    resp = client().delete_item(TableName=_table(table), Key=key(pk, sk), ReturnValues="ALL_OLD")
    return from_attrs(resp["Attributes"]) if "Attributes" in resp else None


def update_existing(pk: str, sk: str, set_: dict[str, Any], *, table: str | None = None) -> bool:
    """Set attributes of an item that exists, leaving the others; False when there is no such item."""
    op = update_op(pk, sk, set_=set_, table=table)["Update"]
    op["ConditionExpression"] = EXISTING
    return _update_if(op) is not None


def hold_until(pk: str, sk: str, attribute: str, until: int, now: int, *, table: str | None = None) -> bool:
    """Set `attribute` of an existing item to the time `until`, unless it holds a time after `now`
    already: of callers racing for the same item, one gets it. False when another's time still runs
    (or there is no item)."""
    return _set_if(
        pk,
        sk,
        attribute,
        until,
        lambda name, value: f"{EXISTING} AND (attribute_not_exists({name}) OR {name} <= {value(now)})",
        table,
    )


def give_back(pk: str, sk: str, attribute: str, held: int, *, table: str | None = None) -> bool:
    """End a `hold_until` (the attribute set to 0) while it is still the one set; False when another
    write has replaced it since (which then stands)."""
    return _set_if(pk, sk, attribute, 0, lambda name, value: f"{name} = {value(held)}", table)


def _set_if(
    pk: str,
    sk: str,
    attribute: str,
    to: int,
    condition: Callable[[str, Callable[[Any], str]], str],
    table: str | None = None,
) -> bool:
    """Set one attribute of an item to `to` while `condition(name, value)` holds (it names the
    attribute by `name` and any value it compares by `value(...)`); False when it does not."""
    expression = _Expression()
    name = expression.name(attribute)
    op: dict[str, Any] = {"TableName": _table(table), "Key": key(pk, sk)}
    op["UpdateExpression"] = f"SET {name} = {expression.value(to)}"
    expression.into(op, condition(name, expression.value))
    return _update_if(op) is not None


def update_item(
    pk: str,
    sk: str,
    *,
    set_: dict[str, Any] | None = None,
    add: dict[str, Any] | None = None,
    table: str | None = None,
) -> dict[str, Any]:
    """One UpdateItem as `update_op` describes it (the item created when missing); the item after it."""
    op = update_op(pk, sk, set_=set_, add=add, table=table)["Update"]
    resp = client().update_item(**op, ReturnValues="ALL_NEW")
    return from_attrs(resp["Attributes"])


def _update_if(op: dict[str, Any]) -> dict[str, Any] | None:
    """One UpdateItem; None when its condition failed (another writer came first)."""
    try:
        resp: dict[str, Any] = client().update_item(**op)
    except ClientError as exc:
        if is_condition_failure(exc):
            return None
        raise
    return resp


def query(
    pk: str,
    sk_prefix: str | None = None,
    index: str | None = None,
    pk_name: str = "PK",
    sk_name: str = "SK",
    forward: bool = True,
    limit: int | None = None,
    consistent: bool = False,
    sk_after: str | None = None,
    sk_before: str | None = None,
) -> Iterator[dict[str, Any]]:
    """Items of one partition, in key order, following DynamoDB's pages (at most `limit` items).

    `sk_prefix`: only sort keys that begin so; `sk_after` (`sk_before`): only sort keys greater
    (less) than this one.
    """
    expr = f"{pk_name} = :pk"
    values: dict[str, Any] = {":pk": {"S": pk}}
    sk_condition = _sk_condition(sk_name, sk_prefix, sk_after, sk_before)
    if sk_condition:
        expr += f" AND {sk_condition[0]}"
        values[":sk"] = {"S": sk_condition[1]}
    kwargs: dict[str, Any] = {
        "TableName": table_name(),
        "KeyConditionExpression": expr,
        "ExpressionAttributeValues": values,
        "ScanIndexForward": forward,
    }
    if index:
        kwargs["IndexName"] = index
    if limit:
        kwargs["Limit"] = limit
    if consistent:
        kwargs["ConsistentRead"] = True
    seen = 0
    while True:
        resp = client().query(**kwargs)
        for attrs in resp.get("Items", []):
            yield from_attrs(attrs)
            seen += 1
            if limit and seen >= limit:
                return
        if "LastEvaluatedKey" not in resp:
            return
        kwargs["ExclusiveStartKey"] = resp["LastEvaluatedKey"]


def scan_sk(sk: str) -> Iterator[dict[str, Any]]:
    """Every item whose sort key is `sk`, the whole table read: for the admin CLI's migrations
    only, never for a request."""
    return _scan(table_name(), "SK = :sk", {":sk": {"S": sk}}, consistent=False)


def scan_pk_prefix(prefix: str, *, table: str | None = None) -> Iterator[dict[str, Any]]:
    """Every item whose partition key begins with `prefix`, the whole table read: for the admin
    CLI only (its user list, the users' move), never for a request."""
    return _scan(_table(table), "begins_with(PK, :prefix)", {":prefix": {"S": prefix}}, consistent=True)


def _scan(table: str, condition: str, values: dict[str, Any], *, consistent: bool) -> Iterator[dict[str, Any]]:
    kwargs: dict[str, Any] = {"TableName": table, "FilterExpression": condition, "ExpressionAttributeValues": values}
    if consistent:
        kwargs["ConsistentRead"] = True
    while True:
        resp = client().scan(**kwargs)
        yield from (from_attrs(attrs) for attrs in resp.get("Items", []))
        if "LastEvaluatedKey" not in resp:
            return
        kwargs["ExclusiveStartKey"] = resp["LastEvaluatedKey"]


def _sk_condition(sk_name: str, prefix: str | None, after: str | None, before: str | None) -> tuple[str, str] | None:
    """The sort key's part of a query's key condition (at most one of the three), and its value."""
    if prefix is not None:
        return f"begins_with({sk_name}, :sk)", prefix
    if after is not None:
        return f"{sk_name} > :sk", after
    if before is not None:
        return f"{sk_name} < :sk", before
    return None


def batch_get(
    keys: Iterable[tuple[str, str]], consistent: bool = False, attributes: Sequence[str] = (), workers: int = 1
) -> list[dict[str, Any]]:
    """Items for (PK, SK) pairs, 100 per request as DynamoDB allows, unprocessed keys retried.

    `attributes`: only these are returned (a projection; name PK and SK to tell the items apart).
    `workers` > 1: the requests of 100 keys sent that many at a time (they are independent reads;
    what a request costs is mostly its round trip), the items in the order of the requests.
    """
    wanted = list(dict.fromkeys(keys))
    pages = [
        [key(pk, sk) for pk, sk in wanted[start : start + _BATCH_GET]] for start in range(0, len(wanted), _BATCH_GET)
    ]
    projection: dict[str, Any] = {"ConsistentRead": consistent}
    if attributes:
        projection["ProjectionExpression"] = ", ".join(f"#p{n}" for n in range(len(attributes)))
        projection["ExpressionAttributeNames"] = {f"#p{n}": name for n, name in enumerate(attributes)}
    found = parallel.in_parallel(lambda page: _batch_get_page(page, projection), pages, workers)
    return [item for page in found for item in page]


def _batch_get_page(keys_: list[dict[str, Any]], projection: dict[str, Any]) -> list[dict[str, Any]]:
    """One request's keys read, its unprocessed keys again until none is left."""
    found: list[dict[str, Any]] = []
    request: dict[str, Any] = {table_name(): {"Keys": keys_, **projection}}
    while request:
        resp = client().batch_get_item(RequestItems=request)
        found.extend(from_attrs(a) for a in resp.get("Responses", {}).get(table_name(), []))
        request = resp.get("UnprocessedKeys") or {}
    return found


def batch_put(items: Sequence[dict[str, Any]], progress: Callable[[int], None] | None = None) -> None:
    """Items written whole, 25 per BatchWriteItem, unprocessed items retried; not one transaction.

    `progress` hears how many items each request wrote.
    """
    for start in range(0, len(items), _BATCH_WRITE):
        batch = items[start : start + _BATCH_WRITE]
        _batch_write([{"PutRequest": {"Item": to_attrs(i)}} for i in batch])
        if progress:
            progress(len(batch))


def batch_delete(keys: Sequence[tuple[str, str]]) -> None:
    """Items deleted by (PK, SK), 25 per BatchWriteItem, unprocessed ones retried; not one transaction."""
    for start in range(0, len(keys), _BATCH_WRITE):
        _batch_write([{"DeleteRequest": {"Key": key(pk, sk)}} for pk, sk in keys[start : start + _BATCH_WRITE]])


def _batch_write(requests: list[dict[str, Any]]) -> None:
    pending: dict[str, Any] = {table_name(): requests}
    while pending:
        pending = client().batch_write_item(RequestItems=pending).get("UnprocessedItems") or {}


def next_number(counter: str, start: int = 1, step: int = 1) -> int:
    """The next value of a named counter, atomically (UpdateItem ADD); the first value is `start`.

    `step` takes that many values at once; the last of them is answered.
    """
    resp = client().update_item(
        TableName=table_name(),
        Key=key("COUNTER", counter),
        UpdateExpression="ADD #v :one",
        ExpressionAttributeNames={"#v": "value"},
        ExpressionAttributeValues={":one": {"N": str(step)}},
        ReturnValues="UPDATED_NEW",
    )
    return int(resp["Attributes"]["value"]["N"]) + start - 1


def peek_number(counter: str, start: int = 1) -> int:
    """The value `next_number` would give now, without taking it (another request may take it first)."""
    item = get_item("COUNTER", counter, consistent=True)
    return (int(item["value"]) if item else 0) + start


# --- leases ------------------------------------------------------------------------------------

# A lease: who holds an item (a token of the request) and until when (epoch seconds). An item that
# is finished carries neither, so nobody can take it again.
LEASE_HOLDER, LEASE_UNTIL = "LeaseHolder", "LeaseUntil"


def take_lease(pk: str, sk: str, holder: str, seconds: int, now: float | None = None) -> dict[str, Any] | None:
    """Hold the item for `seconds`: create it, or take it over when the lease of whoever held it has
    run out (that request died: its attributes stay, for the new holder to carry on from).

    The item as it is now held (without PK and SK), or None when it is finished or another
    holder's lease still runs. `seconds` must be longer than a holder can live (the function's
    Timeout), or a slow holder would lose its lease while still working.
    """
    at = int(time.time() if now is None else now)
    expression = _Expression()
    holder_name, until_name = expression.name(LEASE_HOLDER), expression.name(LEASE_UNTIL)
    op: dict[str, Any] = {
        "TableName": table_name(),
        "Key": key(pk, sk),
        "UpdateExpression": f"SET {holder_name} = {expression.value(holder)}, "
        f"{until_name} = {expression.value(at + seconds)}",
        "ReturnValues": "ALL_NEW",
    }
    expression.into(op, f"{NEW} OR {until_name} < {expression.value(at)}")
    resp = _update_if(op)
    if resp is None:
        return None
    return {k: v for k, v in from_attrs(resp["Attributes"]).items() if k not in ("PK", "SK")}


def update_leased(pk: str, sk: str, holder: str, set_: dict[str, Any], *, finish: bool = False) -> bool:
    """Set attributes of an item while `holder` holds its lease (whether or not it has run out:
    nobody took it over); `finish` also removes the lease, so the item can never be taken again.
    False when another holder has taken the item over.

    Setting LEASE_UNTIL to 0 gives the lease back: the next `take_lease` takes over at once.
    """
    return _update_if(update_leased_op(pk, sk, holder, set_, finish=finish)["Update"]) is not None


def update_leased_op(pk: str, sk: str, holder: str, set_: dict[str, Any], *, finish: bool = False) -> dict[str, Any]:
    """`update_leased` as an Update for transact_write (the transaction fails when another holds the item)."""
    expression = _Expression()
    sets = ", ".join(f"{expression.name(a)} = {expression.value(v)}" for a, v in set_.items())
    holder_name = expression.name(LEASE_HOLDER)
    update = f"SET {sets}" if sets else ""
    if finish:
        update += f" REMOVE {holder_name}, {expression.name(LEASE_UNTIL)}"
    op: dict[str, Any] = {"TableName": table_name(), "Key": key(pk, sk), "UpdateExpression": update.strip()}
    return {"Update": expression.into(op, f"{holder_name} = {expression.value(holder)}")}


# --- transactions ------------------------------------------------------------------------------


def transact_write(items: list[dict[str, Any]], token: str | None = None) -> None:
    """One all-or-nothing write of several items (at most 100, DynamoDB's limit).

    `token` (ClientRequestToken): DynamoDB applies a retry of the same write at most once.
    """
    kwargs: dict[str, Any] = {"TransactItems": items}
    if token:
        kwargs["ClientRequestToken"] = token
    client().transact_write_items(**kwargs)


def put_op(
    item: dict[str, Any], condition: str | None = None, version: int | None = None, *, table: str | None = None
) -> dict[str, Any]:
    """A Put for transact_write.

    `condition`: NEW (no item under this key yet) or EXISTING. `version`: written only while the
    stored item's Version is still this one (the item carries its next Version itself).
    """
    return {"Put": _put(item, condition, version, table)}


def update_op(
    pk: str,
    sk: str,
    *,
    set_: dict[str, Any] | None = None,
    set_if_missing: dict[str, Any] | None = None,
    add: dict[str, Any] | None = None,
    version: int | None = None,
    absent: Sequence[str] = (),
    unchanged: dict[str, Any] | None = None,
    held_by: str | None = None,
    table: str | None = None,
) -> dict[str, Any]:
    """An Update for transact_write, attribute by attribute; the item is created when missing.

    `set_`: attributes set to a value; `set_if_missing`: set only where the item has none yet;
    `add`: numbers added atomically (ADD); `version`: only while Version is still this one, which
    the update then counts up; `absent`: only while the item has none of these attributes;
    `unchanged`: only while each attribute still holds this value (None: while it has none).
    `held_by`: only while this holder holds the item's lease (`take_lease`).
    """
    expression = _Expression()
    sets = [f"{expression.name(a)} = {expression.value(v)}" for a, v in (set_ or {}).items()]
    sets += [
        f"{expression.name(a)} = if_not_exists({expression.name(a)}, {expression.value(v)})"
        for a, v in (set_if_missing or {}).items()
    ]
    conditions = [f"attribute_not_exists({expression.name(a)})" for a in absent]
    conditions += _unchanged(expression, unchanged or {})
    if held_by is not None:
        conditions.append(f"{expression.name(LEASE_HOLDER)} = {expression.value(held_by)}")
    if version is not None:
        conditions.insert(0, f"{expression.name(VERSION)} = {expression.value(version)}")
        sets.append(f"{expression.name(VERSION)} = {expression.value(version + 1)}")
    clauses = [f"SET {', '.join(sets)}"] if sets else []
    adds = [f"{expression.name(a)} {expression.value(v)}" for a, v in (add or {}).items()]
    if adds:
        clauses.append(f"ADD {', '.join(adds)}")
    op: dict[str, Any] = {"TableName": _table(table), "Key": key(pk, sk), "UpdateExpression": " ".join(clauses)}
    return {"Update": expression.into(op, " AND ".join(conditions))}


def delete_op(
    pk: str,
    sk: str,
    version: int | None = None,
    unchanged: dict[str, Any] | None = None,
    *,
    table: str | None = None,
) -> dict[str, Any]:
    """A Delete for transact_write (deleting an item that is not there is no failure); with
    `version`, only while the item's Version is still this one; `unchanged` as `update_op`'s."""
    op: dict[str, Any] = {"TableName": _table(table), "Key": key(pk, sk)}
    expression = _Expression()
    conditions = [] if version is None else [f"{expression.name(VERSION)} = {expression.value(version)}"]
    conditions += _unchanged(expression, unchanged or {})
    return {"Delete": expression.into(op, " AND ".join(conditions))}


def _unchanged(expression: _Expression, unchanged: dict[str, Any]) -> list[str]:
    """The conditions that each attribute still holds its value (None: that it has none)."""
    conditions = []
    for a, v in unchanged.items():
        name = expression.name(a)
        conditions.append(f"attribute_not_exists({name})" if v is None else f"{name} = {expression.value(v)}")
    return conditions


def check_op(pk: str, sk: str, condition: str = EXISTING, version: int | None = None) -> dict[str, Any]:
    """A ConditionCheck for transact_write: the transaction holds only while `condition` (and,
    with `version`, that Version) holds for an item it does not write."""
    expression = _Expression()
    conditions = [condition]
    if version is not None:
        conditions.append(f"{expression.name(VERSION)} = {expression.value(version)}")
    op = {"TableName": table_name(), "Key": key(pk, sk)}
    return {"ConditionCheck": expression.into(op, " AND ".join(conditions))}


def is_condition_failure(exc: BaseException) -> bool:
    """Whether DynamoDB refused a write because another writer came first, so that reading again
    and re-applying the change is the answer (or telling the client it lost the race).

    That is: a single write whose condition failed (ConditionalCheckFailedException), or a
    transaction cancelled because one of its conditions failed (reason ConditionalCheckFailed) or
    because another transaction was writing one of its items at that moment (TransactionConflict).
    A transaction cancelled for any other reason (a validation error, throttling, an item too
    large) did not lose a race: retrying it would fail again, so it is not one.
    """
    if not isinstance(exc, ClientError):
        return False
    code = exc.response.get("Error", {}).get("Code", "")
    if code == "ConditionalCheckFailedException":
        return True
    if code != "TransactionCanceledException":
        return False
    reasons = {str(r.get("Code")) for r in exc.response.get("CancellationReasons") or []}
    return bool(reasons & {"ConditionalCheckFailed", "TransactionConflict"})


def is_throttled_transaction(exc: BaseException) -> bool:
    """Whether DynamoDB cancelled a transaction, writing nothing, because a partition it writes was
    over its throughput (reason ThrottlingError, or ProvisionedThroughputExceeded on a provisioned
    table). botocore retries single requests throttled so, but not a cancelled transaction: sent
    again a little later, the same transaction may pass (ADR 0031)."""
    if not isinstance(exc, ClientError) or exc.response.get("Error", {}).get("Code") != "TransactionCanceledException":
        return False
    reasons = {str(r.get("Code")) for r in exc.response.get("CancellationReasons") or []}
    return bool(reasons & {"ThrottlingError", "ProvisionedThroughputExceeded"})


def _put(item: dict[str, Any], condition: str | None, version: int | None, table: str | None = None) -> dict[str, Any]:
    expression = _Expression()
    conditions = [condition] if condition else []
    if version is not None:
        conditions.append(f"{expression.name(VERSION)} = {expression.value(version)}")
    op = {"TableName": _table(table), "Item": to_attrs(item)}
    return expression.into(op, " AND ".join(conditions))


class _Expression:
    """Placeholders for the names and values of one request's expressions (#n0, :v0 ...), so that
    no attribute name collides with a reserved word."""

    def __init__(self) -> None:
        self.names: dict[str, str] = {}
        self.values: dict[str, Any] = {}

    def name(self, attribute: str) -> str:
        for placeholder, known in self.names.items():
            if known == attribute:
                return placeholder
        placeholder = f"#n{len(self.names)}"
        self.names[placeholder] = attribute
        return placeholder

    def value(self, value: Any) -> str:
        placeholder = f":v{len(self.values)}"
        self.values[placeholder] = _ser.serialize(value)
        return placeholder

    def into(self, op: dict[str, Any], condition: str) -> dict[str, Any]:
        if condition:
            op["ConditionExpression"] = condition
        if self.names:
            op["ExpressionAttributeNames"] = self.names
        if self.values:
            op["ExpressionAttributeValues"] = self.values
        return op
