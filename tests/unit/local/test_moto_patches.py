"""local/moto_patches.py: TransactWriteItems rolls back the items it touched, and only those; the invoice
archive refuses an overwrite and a delete as its bucket policy and Object Lock do in AWS."""

from __future__ import annotations

import base64
import json
import threading
from typing import Any

import boto3
import pytest
from botocore.exceptions import ClientError

from local.moto_patches import (
    list_moto_services_once,
    parse_attribute_values_directly,
    query_reads_its_partition,
    roll_back_touched_items,
    serialize_attribute_values_directly,
    size_items_once,
)


@pytest.fixture
def table(aws: Any) -> str:
    roll_back_touched_items()
    return str(aws.names["Table"])


def _db() -> Any:
    return boto3.client("dynamodb", region_name="eu-central-1")


def _key(pk: str, sk: str = "A") -> dict[str, Any]:
    return {"PK": {"S": pk}, "SK": {"S": sk}}


def _put(table: str, pk: str, value: str, sk: str = "A") -> dict[str, Any]:
    return {"Put": {"TableName": table, "Item": {**_key(pk, sk), "V": {"S": value}}}}


def _items(table: str) -> dict[tuple[str, str], str]:
    return {(i["PK"]["S"], i["SK"]["S"]): i.get("V", {}).get("S", "") for i in _db().scan(TableName=table)["Items"]}


def _stream_length(table: str) -> int:
    from moto.dynamodb.models import dynamodb_backends

    return len(dynamodb_backends["123456789012"]["eu-central-1"].tables[table].stream_shard.items)


def test_a_failing_transaction_leaves_nothing(table: str) -> None:
    db = _db()
    db.put_item(TableName=table, Item={**_key("kept"), "V": {"S": "before"}})
    db.put_item(TableName=table, Item={**_key("gone"), "V": {"S": "before"}})
    stream_before = _stream_length(table)
    with pytest.raises(ClientError) as failed:
        db.transact_write_items(
            TransactItems=[
                _put(table, "new", "x"),
                _put(table, "new", "x", sk="B"),
                {
                    "Update": {
                        "TableName": table,
                        "Key": _key("kept"),
                        "UpdateExpression": "SET V = :v",
                        "ExpressionAttributeValues": {":v": {"S": "changed"}},
                    }
                },
                {"Delete": {"TableName": table, "Key": _key("gone")}},
                {
                    "ConditionCheck": {
                        "TableName": table,
                        "Key": _key("absent"),
                        "ConditionExpression": "attribute_exists(PK)",
                    }
                },
            ]
        )
    assert failed.value.response["Error"]["Code"] == "TransactionCanceledException"
    assert _items(table) == {("kept", "A"): "before", ("gone", "A"): "before"}
    assert _stream_length(table) == stream_before  # no record of writes that did not happen


def test_the_same_item_twice_is_refused_and_leaves_nothing(table: str) -> None:
    with pytest.raises(ClientError) as failed:
        _db().transact_write_items(TransactItems=[_put(table, "a", "1"), _put(table, "b", "1"), _put(table, "a", "2")])
    assert failed.value.response["Error"]["Code"] == "ValidationException"
    assert _items(table) == {}


def test_a_transaction_never_copies_a_table(table: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from moto.dynamodb import models

    def refuse(self: Any, memo: Any) -> Any:
        raise AssertionError("a whole table was deep-copied")

    _db().put_item(TableName=table, Item={**_key("old"), "V": {"S": "1"}})
    monkeypatch.setattr(models.Table, "__deepcopy__", refuse, raising=False)
    _db().transact_write_items(TransactItems=[_put(table, "a", "1"), _put(table, "b", "2")])
    with pytest.raises(ClientError):
        _db().transact_write_items(
            TransactItems=[
                _put(table, "c", "3"),
                {"Put": {**_put(table, "old", "2")["Put"], "ConditionExpression": "attribute_not_exists(PK)"}},
            ]
        )
    assert _items(table) == {("old", "A"): "1", ("a", "A"): "1", ("b", "A"): "2"}


def test_concurrent_transactions_lose_no_writes(table: str) -> None:
    """Failing transactions in between restore only their own items, never another's write."""
    db = _db()
    db.put_item(TableName=table, Item={**_key("counter"), "N": {"N": "0"}})
    errors: list[BaseException] = []
    absent = {"TableName": table, "Key": _key("x"), "ConditionExpression": "attribute_exists(PK)"}

    def worker(n: int) -> None:
        try:
            for i in range(15):
                ok = [
                    {
                        "Update": {
                            "TableName": table,
                            "Key": _key("counter"),
                            "UpdateExpression": "ADD N :one",
                            "ExpressionAttributeValues": {":one": {"N": "1"}},
                        }
                    },
                    _put(table, f"w{n}", str(i), sk=str(i)),
                ]
                db.transact_write_items(TransactItems=ok)
                failing = [
                    _put(table, f"fail{n}", str(i), sk=str(i)),
                    {"ConditionCheck": absent},
                ]
                with pytest.raises(ClientError):
                    db.transact_write_items(TransactItems=failing)
        except BaseException as exc:  # noqa: BLE001 - re-raised in the test's thread
            errors.append(exc)

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    items = _items(table)
    counter = db.get_item(TableName=table, Key=_key("counter"))["Item"]["N"]["N"]
    assert counter == str(6 * 15)
    assert sorted(k for k in items if k[0].startswith("w")) == sorted(
        (f"w{n}", str(i)) for n in range(6) for i in range(15)
    )
    assert not [k for k in items if k[0].startswith("fail")]


# -- the invoice archive's bucket policy (guard_archive_buckets) -----------------------------------


def _s3() -> Any:
    return boto3.client("s3", region_name="eu-central-1")


def _code(error: pytest.ExceptionInfo[ClientError]) -> tuple[str, int]:
    return error.value.response["Error"]["Code"], error.value.response["ResponseMetadata"]["HTTPStatusCode"]


def test_an_archived_object_is_neither_overwritten_nor_deleted(aws: Any) -> None:
    s3, archive = _s3(), aws.names["InvoiceArchive"]
    key = "rechnung/400001/500001-aaaaaaaaaaaa.pdf"
    version = s3.put_object(Bucket=archive, Key=key, Body=b"%PDF-issued", IfNoneMatch="*")["VersionId"]
    locked = s3.head_object(Bucket=archive, Key=key)
    assert locked["ObjectLockMode"] == "COMPLIANCE"  # the template's default retention, applied by moto
    for attempt in (
        lambda: s3.put_object(Bucket=archive, Key=key, Body=b"%PDF-forged", IfNoneMatch="*"),
        lambda: s3.put_object(Bucket=archive, Key=key, Body=b"%PDF-forged"),
        # Another If-None-Match than *: moto took it for a plain overwrite; the policy refuses it.
        lambda: s3.put_object(Bucket=archive, Key=key, Body=b"%PDF-forged", IfNoneMatch='"an-etag"'),
        lambda: s3.put_object(Bucket=archive, Key=key, Body=b"%PDF-forged", IfNoneMatch=""),
        lambda: s3.copy_object(Bucket=archive, Key=key, CopySource={"Bucket": archive, "Key": key}, IfNoneMatch="x"),
        lambda: s3.copy_object(Bucket=archive, Key=key, CopySource={"Bucket": archive, "Key": key}),
        lambda: s3.create_multipart_upload(Bucket=archive, Key=key),
        lambda: s3.delete_object(Bucket=archive, Key=key),
        lambda: s3.delete_object(Bucket=archive, Key=key, VersionId=version),
        lambda: s3.delete_object(Bucket=archive, Key=key, VersionId=version, BypassGovernanceRetention=True),
    ):
        with pytest.raises(ClientError) as refused:
            attempt()
        assert _code(refused) in {("PreconditionFailed", 412), ("AccessDenied", 403)}
    with pytest.raises(ClientError) as refused:  # AWS: 501 for a copy with the header the policy wants
        s3.copy_object(Bucket=archive, Key=key, CopySource={"Bucket": archive, "Key": key}, IfNoneMatch="*")
    assert _code(refused)[0] == "NotImplemented"
    both = {"Objects": [{"Key": key}, {"Key": key, "VersionId": version}]}
    assert [e["Code"] for e in s3.delete_objects(Bucket=archive, Delete=both)["Errors"]] == ["AccessDenied"] * 2
    assert s3.get_object(Bucket=archive, Key=key)["Body"].read() == b"%PDF-issued"
    versions = s3.list_object_versions(Bucket=archive)
    assert [v["VersionId"] for v in versions["Versions"]] == [version]
    assert "DeleteMarkers" not in versions


def test_each_refusal_is_the_one_aws_gives(aws: Any) -> None:
    s3, archive = _s3(), aws.names["InvoiceArchive"]
    key = "probe/500001.txt"
    s3.put_object(Bucket=archive, Key=key, Body=b"<xml/>", IfNoneMatch="*")
    with pytest.raises(ClientError) as exists:
        s3.put_object(Bucket=archive, Key=key, Body=b"<other/>", IfNoneMatch="*")
    assert _code(exists) == ("PreconditionFailed", 412)
    with pytest.raises(ClientError) as unconditional:  # the policy's Null condition on s3:if-none-match
        s3.put_object(Bucket=archive, Key="probe/new.txt", Body=b"<xml/>")
    assert _code(unconditional) == ("AccessDenied", 403)
    with pytest.raises(ClientError) as marker:
        s3.delete_object(Bucket=archive, Key=key)
    assert _code(marker) == ("AccessDenied", 403)
    with pytest.raises(ClientError) as other_value:  # the policy's StringNotEquals "*"
        s3.put_object(Bucket=archive, Key=key, Body=b"<other/>", IfNoneMatch='"an-etag"')
    assert _code(other_value) == ("AccessDenied", 403)
    assert s3.get_object(Bucket=archive, Key=key)["Body"].read() == b"<xml/>"


def test_the_media_and_log_bucket_and_a_bucket_without_the_policy_are_as_moto_has_them(aws: Any) -> None:
    s3 = _s3()
    bucket = aws.names["Bucket"]
    s3.put_object(Bucket=bucket, Key="log/a.txt", Body=b"1")
    s3.put_object(Bucket=bucket, Key="log/a.txt", Body=b"2")
    s3.delete_object(Bucket=bucket, Key="log/a.txt")
    assert s3.list_objects_v2(Bucket=bucket).get("KeyCount") == 0
    # Object Lock alone (no policy) lets a delete marker hide an object: the policy is what refuses it.
    s3.create_bucket(
        Bucket="locked-only",
        CreateBucketConfiguration={"LocationConstraint": "eu-central-1"},
        ObjectLockEnabledForBucket=True,
    )
    s3.put_object(Bucket="locked-only", Key="k", Body=b"1")
    assert s3.delete_object(Bucket="locked-only", Key="k")["DeleteMarker"] is True


def test_a_compliance_retention_is_lengthened_never_shortened(aws: Any) -> None:
    from datetime import UTC, datetime, timedelta

    s3, archive = _s3(), aws.names["InvoiceArchive"]
    key = "probe/retained.txt"
    version = s3.put_object(Bucket=archive, Key=key, Body=b"1", IfNoneMatch="*")["VersionId"]
    until = s3.head_object(Bucket=archive, Key=key)["ObjectLockRetainUntilDate"]
    for mode, when in (("COMPLIANCE", datetime.now(UTC) + timedelta(days=1)), ("GOVERNANCE", until)):
        with pytest.raises(ClientError) as refused:
            s3.put_object_retention(Bucket=archive, Key=key, Retention={"Mode": mode, "RetainUntilDate": when})
        assert _code(refused) == ("AccessDenied", 403)
    later = until + timedelta(days=365)
    s3.put_object_retention(Bucket=archive, Key=key, Retention={"Mode": "COMPLIANCE", "RetainUntilDate": later})
    assert s3.head_object(Bucket=archive, Key=key)["ObjectLockRetainUntilDate"] == later
    with pytest.raises(ClientError) as deleted:
        s3.delete_object(Bucket=archive, Key=key, VersionId=version)
    assert _code(deleted) == ("AccessDenied", 403)


# -- a Query reads its partition (query_reads_its_partition) -------------------------------------------
_QUERIES: list[dict[str, Any]] = [
    {"KeyConditionExpression": "PK = :p", "ExpressionAttributeValues": {":p": {"S": "p2"}}},
    {"KeyConditionExpression": "PK = :p", "ExpressionAttributeValues": {":p": {"S": "p2"}}, "ScanIndexForward": False},
    {"KeyConditionExpression": "PK = :p", "ExpressionAttributeValues": {":p": {"S": "p2"}}, "Limit": 3},
    {
        "KeyConditionExpression": "PK = :p AND begins_with(SK, :s)",
        "ExpressionAttributeValues": {":p": {"S": "p1"}, ":s": {"S": "s0"}},
    },
    {
        "KeyConditionExpression": "PK = :p AND SK BETWEEN :a AND :b",
        "ExpressionAttributeValues": {":p": {"S": "p3"}, ":a": {"S": "s03"}, ":b": {"S": "s11"}},
        "FilterExpression": "V <> :v",
        "ExpressionAttributeValues_extra": {":v": {"S": "p3-s05"}},
    },
    {"KeyConditionExpression": "PK = :p", "ExpressionAttributeValues": {":p": {"S": "nobody"}}},
    {
        "IndexName": "Outbox",
        "KeyConditionExpression": "OutboxPK = :o",
        "ExpressionAttributeValues": {":o": {"S": "PENDING"}},
    },
    {
        "IndexName": "Outbox",
        "KeyConditionExpression": "OutboxPK = :o AND OutboxSK > :t",
        "ExpressionAttributeValues": {":o": {"S": "PENDING"}, ":t": {"S": "t04"}},
        "ScanIndexForward": False,
        "Limit": 2,
    },
]


def _all_pages(table: str, query: dict[str, Any]) -> list[dict[str, Any]]:
    """Every page of a query (its items, counts and last keys), paging by LastEvaluatedKey."""
    query = dict(query)
    extra = query.pop("ExpressionAttributeValues_extra", {})
    query["ExpressionAttributeValues"] = {**query["ExpressionAttributeValues"], **extra}
    pages, start = [], None
    while True:
        page = _db().query(TableName=table, **query, **({"ExclusiveStartKey": start} if start else {}))
        page.pop("ResponseMetadata")
        pages.append(page)
        start = page.get("LastEvaluatedKey")
        if not start:
            return pages


def test_a_query_answers_what_motos_own_query_answers(table: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from moto.dynamodb.models.table import Table

    query_reads_its_partition()
    db = _db()
    for p in range(5):
        for s in range(12):
            item = {**_key(f"p{p}", f"s{s:02d}"), "V": {"S": f"p{p}-s{s:02d}"}}
            if s % 3 == 0:  # a sparse index, as the outbox's
                item |= {"OutboxPK": {"S": "PENDING"}, "OutboxSK": {"S": f"t{(p * 12 + s) % 7:02d}"}}
            db.put_item(TableName=table, Item=item)
    patched = [_all_pages(table, q) for q in _QUERIES]
    monkeypatch.setattr(Table, "query", Table.query.moto_query)  # type: ignore[attr-defined]
    assert [_all_pages(table, q) for q in _QUERIES] == patched
    assert [i["V"]["S"] for i in patched[0][0]["Items"]] == [f"p2-s{s:02d}" for s in range(12)]
    assert [len(page["Items"]) for page in patched[2]] == [3, 3, 3, 3]  # 12 items, 3 a page
    assert patched[5] == [{"Items": [], "Count": 0, "ScannedCount": 0}]
    assert sum(len(page["Items"]) for page in patched[6]) == 20


def test_a_query_of_a_missing_partition_leaves_no_partition_behind(table: str) -> None:
    from moto.dynamodb.models import dynamodb_backends

    query_reads_its_partition()
    _db().query(TableName=table, KeyConditionExpression="PK = :p", ExpressionAttributeValues={":p": {"S": "none"}})
    items = dynamodb_backends["123456789012"]["eu-central-1"].tables[table].items
    assert all(str(k.value) != "none" for k in items)
    assert _items(table) == {}  # and a Scan still reads every item (none here)


def test_a_query_of_a_table_without_a_sort_key(aws: Any) -> None:
    query_reads_its_partition()
    name = aws.names["IdempotencyTable"]
    for n in range(3):
        _db().put_item(TableName=name, Item={"id": {"S": f"k{n}"}, "V": {"N": str(n)}})
    found = _db().query(TableName=name, KeyConditionExpression="id = :k", ExpressionAttributeValues={":k": {"S": "k1"}})
    assert found["Items"] == [{"id": {"S": "k1"}, "V": {"N": "1"}}]


def test_motos_service_list_is_made_once_with_the_same_names() -> None:
    from moto import backends

    listed = set(backends.list_of_moto_modules())
    list_moto_services_once()
    assert set(backends.list_of_moto_modules()) == listed
    assert {"dynamodb", "s3", "sqs", "events"} <= listed
    assert backends.list_of_moto_modules() is backends.list_of_moto_modules()  # no listing of the folder again


# -- an answer's AttributeValues written directly (serialize_attribute_values_directly) ---------------
_EVERY_TYPE: dict[str, Any] = {
    "S": {"S": "Grüezi"},
    "Empty": {"S": ""},
    "N": {"N": "-12.50"},
    "B": {"B": b"\x00\xffzlib"},
    "SS": {"SS": ["a", "b"]},
    "NS": {"NS": ["1", "2.5"]},
    "BS": {"BS": [b"\x01", b"\x02\x03"]},
    "Null": {"NULL": True},
    "True": {"BOOL": True},
    "False": {"BOOL": False},
    "L": {"L": [{"S": "x"}, {"N": "1"}, {"B": b"\x04"}, {"L": []}, {"M": {}}]},
    "M": {"M": {"inner": {"M": {"deep": {"BOOL": False}, "bin": {"B": b"\x05"}}}, "list": {"L": [{"NULL": True}]}}},
}


def _answers(table: str) -> list[Any]:
    """What GetItem, BatchGetItem (with and without a projection), Query, Scan, UpdateItem and a
    cancelled transaction (its item in the reasons) answer about items of every attribute type."""
    db = _db()
    keys = [_key("typed", "A"), _key("typed", "B")]
    answers: list[Any] = [db.get_item(TableName=table, Key=keys[0])]
    answers.append(db.batch_get_item(RequestItems={table: {"Keys": keys}}))
    answers.append(
        db.batch_get_item(
            RequestItems={
                table: {
                    "Keys": keys,
                    "ProjectionExpression": "#m.inner, B, L[1]",
                    "ExpressionAttributeNames": {"#m": "M"},
                }
            }
        )
    )
    answers.append(
        db.query(TableName=table, KeyConditionExpression="PK = :p", ExpressionAttributeValues={":p": {"S": "typed"}})
    )
    answers.append(db.scan(TableName=table))
    answers.append(
        db.update_item(
            TableName=table,
            Key=keys[1],
            UpdateExpression="SET Extra = :e",
            ExpressionAttributeValues={":e": {"B": b"\x06"}},
            ReturnValues="ALL_OLD",
        )
    )
    with pytest.raises(ClientError) as cancelled:
        db.transact_write_items(
            TransactItems=[
                {
                    "ConditionCheck": {
                        "TableName": table,
                        "Key": keys[0],
                        "ConditionExpression": "attribute_not_exists(PK)",
                        "ReturnValuesOnConditionCheckFailure": "ALL_OLD",
                    }
                }
            ]
        )
    answers.append(cancelled.value.response)
    for answer in answers:
        answer.pop("ResponseMetadata", None)
    return answers


def test_items_are_answered_as_motos_own_serializer_answers(table: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from moto.core.serialize import BaseJSONSerializer

    serialize_attribute_values_directly()
    db = _db()
    db.put_item(TableName=table, Item={**_key("typed", "A"), **_EVERY_TYPE})
    db.put_item(TableName=table, Item={**_key("typed", "B"), "V": {"S": "b"}})
    direct = _answers(table)
    db.delete_item(TableName=table, Key=_key("typed", "B"))
    db.put_item(TableName=table, Item={**_key("typed", "B"), "V": {"S": "b"}})
    monkeypatch.setattr(
        BaseJSONSerializer, "_serialize_type_structure", BaseJSONSerializer._serialize_type_structure.moto_structure
    )  # type: ignore[attr-defined]
    assert _answers(table) == direct
    assert direct[0]["Item"] == {**_key("typed", "A"), **_EVERY_TYPE}  # every type as it was written
    assert direct[6]["CancellationReasons"][0]["Item"]["B"] == {"B": b"\x00\xffzlib"}


# -- an item sized once (size_items_once) -------------------------------------------------------------
def _built(attrs: dict[str, Any]) -> Any:
    """The item moto builds of `attrs` (its attributes as stored), or the exception it raises."""
    from moto.dynamodb.models.dynamo_type import DynamoType, Item

    try:
        item = Item(DynamoType({"S": "pk"}), DynamoType({"S": "sk"}), attrs)
    except Exception as exc:  # noqa: BLE001 - the exception is what is compared
        return type(exc), str(exc)
    return type(item.attrs), {k: (v.type, v.value) for k, v in item.attrs.items()}, item.attrs == dict(item.attrs)


_SIZED: list[dict[str, Any]] = [
    {},
    {"PK": {"S": "pk"}, "SK": {"S": "sk"}, **_EVERY_TYPE},
    {"Big": {"S": "x" * 404_990}},  # just below moto's limit with its name
    {"Big": {"S": "x" * 404_998}},  # just above it
    {"A": {"S": "x" * 300_000}, "B": {"B": b"y" * 110_000}, "C": {"S": "never reached"}},  # over at the second
]


def test_items_are_built_as_moto_builds_them(monkeypatch: pytest.MonkeyPatch) -> None:
    from moto.dynamodb.models.dynamo_type import Item

    size_items_once()
    sized = [_built(attrs) for attrs in _SIZED]
    monkeypatch.setattr(Item, "__init__", Item.__init__.moto_init)  # type: ignore[attr-defined]
    assert [_built(attrs) for attrs in _SIZED] == sized
    assert sized[2][0].__name__ == "LimitedSizeDict"
    assert sized[3][0].__name__ == "ItemSizeTooLarge"
    assert sized[4][0].__name__ == "ItemSizeTooLarge"


def test_an_item_too_large_is_refused_and_a_large_one_kept(table: str) -> None:
    size_items_once()
    db = _db()
    with pytest.raises(ClientError) as refused:
        db.put_item(TableName=table, Item={**_key("big"), "V": {"S": "x" * 405_000}})
    assert refused.value.response["Error"]["Message"] == "Item size has exceeded the maximum allowed size"
    db.put_item(TableName=table, Item={**_key("large"), "V": {"S": "x" * 300_000}})
    assert len(db.get_item(TableName=table, Key=_key("large"))["Item"]["V"]["S"]) == 300_000


# -- a request's AttributeValues read directly (parse_attribute_values_directly) ----------------------
def _wire(value: Any) -> Any:
    """`value` as a request carries it: binaries base64-encoded."""
    if isinstance(value, bytes):
        return base64.b64encode(value).decode()
    if isinstance(value, dict):
        return {k: _wire(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_wire(v) for v in value]
    return value


def _requests(table: str) -> list[tuple[str, dict[str, Any]]]:
    item = {**_key("typed"), **_EVERY_TYPE, "Nothing": {"S": "x", "N": None}}
    return [
        ("PutItem", {"TableName": table, "Item": item, "ConditionExpression": "attribute_not_exists(PK)"}),
        (
            "TransactWriteItems",
            {
                "TransactItems": [
                    {"Put": {"TableName": table, "Item": item}},
                    {
                        "Update": {
                            "TableName": table,
                            "Key": _key("other"),
                            "UpdateExpression": "SET V = :v",
                            "ExpressionAttributeValues": {":v": _EVERY_TYPE["M"]},
                        }
                    },
                ]
            },
        ),
        ("BatchGetItem", {"RequestItems": {table: {"Keys": [_key("a"), _key("b")]}}}),
        (
            "Query",
            {"TableName": table, "KeyConditionExpression": "PK = :p", "ExpressionAttributeValues": {":p": {"S": "p"}}},
        ),
    ]


def _parsed(table: str) -> list[Any]:
    from botocore.session import Session
    from moto.core.parse import JSONParser

    model = Session().get_service_model("dynamodb")
    return [
        JSONParser(model.operation_model(name)).parse({"body": json.dumps(_wire(params)).encode()})
        for name, params in _requests(table)
    ]


def test_requests_are_read_as_motos_own_parser_reads_them(monkeypatch: pytest.MonkeyPatch) -> None:
    from moto.core.parse import BaseJSONParser

    parse_attribute_values_directly()
    direct = _parsed("T")
    monkeypatch.setattr(BaseJSONParser, "_parse_structure", BaseJSONParser._parse_structure.moto_structure)  # type: ignore[attr-defined]
    assert _parsed("T") == direct
    assert direct[0]["Item"]["B"] == {"B": b"\x00\xffzlib"}  # binaries decoded, as moto's parser does
    assert direct[0]["Item"]["Nothing"] == {"S": "x"}  # a null member left out


def test_the_patches_are_for_the_pinned_moto_and_refuse_another() -> None:
    """They replace private methods of moto 5.2.5: another moto stops the local stack and the tests
    at their start (the module does not load)."""
    import subprocess
    import sys
    from pathlib import Path

    from local import moto_patches

    root = Path(__file__).resolve().parents[3]
    assert (
        f"moto[server]=={moto_patches.WRITTEN_FOR}" in (root / "requirements-dev.txt").read_text("utf-8").splitlines()
    )
    moto_patches.check_moto("5.2.5")
    with pytest.raises(RuntimeError, match=r"private methods of moto 5\.2\.5, not of moto 5\.2\.6"):
        moto_patches.check_moto("5.2.6")
    code = (
        "from importlib import metadata\n"
        "metadata.version = lambda name: '5.3.0' if name == 'moto' else None\n"
        "import local.moto_patches\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=root, check=False)
    assert run.returncode == 1
    assert "private methods of moto 5.2.5, not of moto 5.3.0" in run.stderr
