"""The single table: item (de)serialisation, counters and the few calls every entity needs.

Items are plain dicts of Python values; numbers are Decimal (boto3's serializer refuses floats,
which keeps binary floats out of stored money). Entities build their own keys; this module
never assembles one.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from boto3.dynamodb.types import TypeDeserializer, TypeSerializer

from backoffice.platform.aws import client
from backoffice.platform.environment import get_settings

_ser = TypeSerializer()
_de = TypeDeserializer()


def table_name() -> str:
    return get_settings().table_name


def to_attrs(item: dict[str, Any]) -> dict[str, Any]:
    return {k: _ser.serialize(v) for k, v in item.items() if v is not None}


def from_attrs(attrs: dict[str, Any]) -> dict[str, Any]:
    return {k: _de.deserialize(v) for k, v in attrs.items()}


def key(pk: str, sk: str) -> dict[str, Any]:
    return {"PK": {"S": pk}, "SK": {"S": sk}}


def get_item(pk: str, sk: str, consistent: bool = False) -> dict[str, Any] | None:
    resp = client("dynamodb").get_item(TableName=table_name(), Key=key(pk, sk), ConsistentRead=consistent)
    return from_attrs(resp["Item"]) if "Item" in resp else None


def put_item(item: dict[str, Any], condition: str | None = None) -> None:
    kwargs: dict[str, Any] = {"TableName": table_name(), "Item": to_attrs(item)}
    if condition:
        kwargs["ConditionExpression"] = condition
    client("dynamodb").put_item(**kwargs)


def query(
    pk: str,
    sk_prefix: str | None = None,
    index: str | None = None,
    pk_name: str = "PK",
    sk_name: str = "SK",
    forward: bool = True,
    limit: int | None = None,
) -> Iterator[dict[str, Any]]:
    """Items of one partition, in key order, following DynamoDB's pages."""
    expr = f"{pk_name} = :pk"
    values: dict[str, Any] = {":pk": {"S": pk}}
    if sk_prefix is not None:
        expr += f" AND begins_with({sk_name}, :sk)"
        values[":sk"] = {"S": sk_prefix}
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
    seen = 0
    while True:
        resp = client("dynamodb").query(**kwargs)
        for attrs in resp.get("Items", []):
            yield from_attrs(attrs)
            seen += 1
            if limit and seen >= limit:
                return
        if "LastEvaluatedKey" not in resp:
            return
        kwargs["ExclusiveStartKey"] = resp["LastEvaluatedKey"]


def batch_get(keys: Iterable[tuple[str, str]]) -> list[dict[str, Any]]:
    """Items for (PK, SK) pairs, 100 per request as DynamoDB allows, unprocessed keys retried."""
    wanted = list(dict.fromkeys(keys))
    found: list[dict[str, Any]] = []
    for start in range(0, len(wanted), 100):
        request = {table_name(): {"Keys": [key(pk, sk) for pk, sk in wanted[start : start + 100]]}}
        while request:
            resp = client("dynamodb").batch_get_item(RequestItems=request)
            found.extend(from_attrs(a) for a in resp.get("Responses", {}).get(table_name(), []))
            request = resp.get("UnprocessedKeys") or {}
    return found


def next_number(counter: str, start: int = 1) -> int:
    """The next value of a named counter, atomically (UpdateItem ADD); the first value is `start`."""
    resp = client("dynamodb").update_item(
        TableName=table_name(),
        Key=key("COUNTER", counter),
        UpdateExpression="ADD #v :one",
        ExpressionAttributeNames={"#v": "value"},
        ExpressionAttributeValues={":one": {"N": "1"}},
        ReturnValues="UPDATED_NEW",
    )
    return int(resp["Attributes"]["value"]["N"]) + start - 1


def transact_write(items: list[dict[str, Any]], token: str | None = None) -> None:
    """One all-or-nothing write of several items (at most 100, DynamoDB's limit).

    `token` (ClientRequestToken): DynamoDB applies a retry of the same write at most once.
    """
    kwargs: dict[str, Any] = {"TransactItems": items}
    if token:
        kwargs["ClientRequestToken"] = token
    client("dynamodb").transact_write_items(**kwargs)


def put_op(item: dict[str, Any], condition: str | None = None) -> dict[str, Any]:
    """A Put for transact_write; with `condition` (e.g. attribute_not_exists(PK))."""
    op: dict[str, Any] = {"TableName": table_name(), "Item": to_attrs(item)}
    if condition:
        op["ConditionExpression"] = condition
    return {"Put": op}
