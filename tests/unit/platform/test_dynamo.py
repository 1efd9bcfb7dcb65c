"""The one DynamoDB module: transaction operations, batches, and the one "lost a race" check."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from botocore.exceptions import BotoCoreError, ClientError, ParamValidationError

from backoffice.platform import dynamo


def _error(code: str, reasons: list[str | None] | None = None) -> ClientError:
    response: dict[str, Any] = {"Error": {"Code": code, "Message": "test"}}
    if reasons is not None:
        response["CancellationReasons"] = [{"Code": r} if r else {"Code": "None"} for r in reasons]
    return ClientError(response, "TransactWriteItems")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("error", "lost"),
    [
        (_error("ConditionalCheckFailedException"), True),
        (_error("TransactionCanceledException", [None, "ConditionalCheckFailed", None]), True),
        (_error("TransactionCanceledException", ["TransactionConflict", None]), True),
        (_error("TransactionCanceledException", ["ValidationError", None]), False),
        (_error("TransactionCanceledException", ["ThrottlingError"]), False),
        (_error("TransactionCanceledException"), False),
        (_error("ProvisionedThroughputExceededException"), False),
        (_error("ValidationException"), False),
    ],
)
def test_is_condition_failure(error: ClientError, lost: bool) -> None:
    assert dynamo.is_condition_failure(error) is lost


def test_other_errors_are_no_condition_failure() -> None:
    assert dynamo.is_condition_failure(ValueError("x")) is False
    assert dynamo.is_condition_failure(BotoCoreError()) is False


def test_update_op_creates_then_adds_and_keeps_what_is_set_if_missing(aws: Any) -> None:
    def reserve(amount: int, unit: str) -> None:
        op = dynamo.update_op(
            "T#1", "STOCK", set_if_missing={"ArtNr": "1000", "VPEinheit": unit}, add={"LagerBestand": Decimal(amount)}
        )
        dynamo.transact_write([op])

    reserve(-3, "PAK")
    reserve(-2, "KAR")
    item = dynamo.get_item("T#1", "STOCK", consistent=True)
    assert item == {"PK": "T#1", "SK": "STOCK", "ArtNr": "1000", "VPEinheit": "PAK", "LagerBestand": Decimal(-5)}


def test_versioned_update_and_put_refuse_a_stale_version(aws: Any) -> None:
    dynamo.put_item({"PK": "T#2", "SK": "HEAD", "Version": 1}, dynamo.NEW)
    mark = dynamo.update_op("T#2", "HEAD", set_={"AuftNr": "400001"}, version=1, absent=("AuftNr",))
    dynamo.transact_write([mark])
    assert dynamo.get_item("T#2", "HEAD", consistent=True) == {
        "PK": "T#2",
        "SK": "HEAD",
        "Version": 2,
        "AuftNr": "400001",
    }
    with pytest.raises(ClientError) as again:
        dynamo.transact_write(
            [dynamo.update_op("T#2", "HEAD", set_={"AuftNr": "400002"}, version=2, absent=("AuftNr",))]
        )
    assert dynamo.is_condition_failure(again.value)
    with pytest.raises(ClientError) as stale:
        dynamo.transact_write([dynamo.put_op({"PK": "T#2", "SK": "HEAD", "Version": 2}, version=1)])
    assert dynamo.is_condition_failure(stale.value)
    with pytest.raises(ClientError) as single:
        dynamo.put_item({"PK": "T#2", "SK": "HEAD", "Version": 9}, dynamo.NEW)
    assert dynamo.is_condition_failure(single.value)
    dynamo.transact_write([dynamo.put_op({"PK": "T#2", "SK": "HEAD", "Version": 3}, version=2)])
    assert dynamo.get_item("T#2", "HEAD", consistent=True) == {"PK": "T#2", "SK": "HEAD", "Version": 3}


def test_check_op_and_delete_op(aws: Any) -> None:
    dynamo.put_item({"PK": "T#3", "SK": "A", "Version": 4})
    dynamo.put_item({"PK": "T#3", "SK": "B"})
    with pytest.raises(ClientError) as refused:
        dynamo.transact_write([dynamo.check_op("T#3", "A", version=3), dynamo.delete_op("T#3", "B")])
    assert dynamo.is_condition_failure(refused.value)
    assert dynamo.get_item("T#3", "B", consistent=True) is not None
    dynamo.transact_write([dynamo.check_op("T#3", "A", version=4), dynamo.delete_op("T#3", "B")])
    assert dynamo.get_item("T#3", "B", consistent=True) is None


def test_batches_and_paged_query(aws: Any) -> None:
    items = [{"PK": "T#4", "SK": f"R#{n:03d}", "Text": "x" * 2000} for n in range(60)]
    counted: list[int] = []
    dynamo.batch_put(items, counted.append)
    assert counted == [25, 25, 10]
    assert [i["SK"] for i in dynamo.query("T#4", "R#", consistent=True)] == [f"R#{n:03d}" for n in range(60)]
    assert [i["SK"] for i in dynamo.query("T#4", forward=False, limit=3)] == ["R#059", "R#058", "R#057"]
    assert len(dynamo.batch_get(("T#4", f"R#{n:03d}") for n in range(0, 60, 2))) == 30
    dynamo.batch_delete([("T#4", f"R#{n:03d}") for n in range(30)])
    assert [i["SK"] for i in dynamo.query("T#4", consistent=True)] == [f"R#{n:03d}" for n in range(30, 60)]


def test_dynamodb_requests_reach_dynamodb_unchecked_by_botocore(aws: Any) -> None:
    """botocore's client-side walk of each request against the model is left out for DynamoDB
    (platform/aws), which checks every request itself; the other services' clients keep it."""
    from backoffice.platform.aws import client

    with pytest.raises(ParamValidationError):  # botocore's own check, before sending
        client("s3").get_object(Bucket="b", Key=1)
    # A Limit as text: botocore's check refuses it before sending; DynamoDB reads it as the number.
    found = client("dynamodb").query(
        TableName=dynamo.table_name(),
        KeyConditionExpression="PK = :p",
        ExpressionAttributeValues={":p": {"S": "nobody"}},
        Limit="1",
    )
    assert found["Items"] == []


@pytest.mark.parametrize(
    ("error", "throttled"),
    [
        (_error("TransactionCanceledException", [None, "ThrottlingError", None]), True),
        (_error("TransactionCanceledException", ["ProvisionedThroughputExceeded"]), True),
        (_error("TransactionCanceledException", ["ConditionalCheckFailed", None]), False),
        (_error("TransactionCanceledException", ["ValidationError"]), False),
        (_error("TransactionCanceledException"), False),
        (_error("ThrottlingException"), False),  # a single request's: botocore retries it itself
        (_error("ProvisionedThroughputExceededException"), False),
    ],
)
def test_is_throttled_transaction(error: ClientError, throttled: bool) -> None:
    assert dynamo.is_throttled_transaction(error) is throttled
    assert dynamo.is_throttled_transaction(ValueError("x")) is False
