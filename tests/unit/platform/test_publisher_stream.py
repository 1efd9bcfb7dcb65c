"""The publisher on the table's stream: ReportBatchItemFailures from the first record it could not
send, counted in OutboxRecordsFailed (PublisherFailedRecordsAlarm), the outbox item kept for the sweep."""

from __future__ import annotations

import json
from typing import Any

import pytest
from botocore.stub import Stubber

from backoffice.platform import dynamo, outbox
from backoffice.platform.aws import client
from local.demo_kunden import enable_event
from local.lambda_runtime import lambda_context, load_module


@pytest.fixture
def publisher(aws: Any) -> Any:
    return load_module(aws, "PublisherFunction")


def stream_records(*order_numbers: str) -> list[dict[str, Any]]:
    """The stream's INSERT records of one outbox item per order, as Lambda hands them over."""
    enable_event("REST_Auft")
    records = []
    for n, auft_nr in enumerate(order_numbers):
        (put,) = outbox.outbox_ops("REST_Auft", {"AuftNr": auft_nr}, "demo")
        dynamo.transact_write([put])
        image = put["Put"]["Item"]
        records.append({"eventName": "INSERT", "dynamodb": {"NewImage": image, "SequenceNumber": f"{100 + n}"}})
    return records


def test_every_record_sent_means_no_failures(publisher: Any) -> None:
    answer = publisher.lambda_handler({"Records": stream_records("5001", "5002")}, lambda_context("publisher"))
    assert answer == {"sent": 2, "batchItemFailures": []}
    assert outbox.pending() == []


def test_from_the_first_record_not_sent_on_every_record_is_a_failure(publisher: Any, capsys: Any) -> None:
    records = stream_records("5001", "5002", "5003")
    with Stubber(client("events")) as stub:
        stub.add_response("put_events", {"FailedEntryCount": 0, "Entries": [{"EventId": "e1"}]})
        stub.add_response("put_events", {"FailedEntryCount": 1, "Entries": [{"ErrorCode": "InternalFailure"}]})
        answer = publisher.lambda_handler({"Records": records}, lambda_context("publisher"))
    # The third is not tried: it must not overtake the second, which the stream retries first.
    assert answer == {"sent": 1, "batchItemFailures": [{"itemIdentifier": "101"}, {"itemIdentifier": "102"}]}
    emf = [json.loads(line) for line in capsys.readouterr().out.splitlines() if '"_aws"' in line]
    assert [(line["OutboxRecordsFailed"], line["_aws"]["CloudWatchMetrics"][0]["Metrics"]) for line in emf] == [
        ([2.0], [{"Name": "OutboxRecordsFailed", "Unit": "Count"}])
    ]
    # Both stay in the outbox: the sweep sends them if the stream gives up on them.
    assert sorted(outbox.detail_of(i)["AuftNr"] for i in outbox.pending()) == ["5002", "5003"]


def test_a_failed_call_to_eventbridge_is_a_failure_not_an_exception(publisher: Any) -> None:
    records = stream_records("5001")
    with Stubber(client("events")) as stub:
        stub.add_client_error("put_events", "ThrottlingException")
        answer = publisher.lambda_handler({"Records": records}, lambda_context("publisher"))
    assert answer == {"sent": 0, "batchItemFailures": [{"itemIdentifier": "100"}]}


def test_records_that_are_no_outbox_items_are_skipped(publisher: Any) -> None:
    image = dynamo.to_attrs({"PK": "X", "SK": "Y"})
    other = {"eventName": "INSERT", "dynamodb": {"NewImage": image, "SequenceNumber": "7"}}
    assert publisher.lambda_handler({"Records": [other, {"eventName": "REMOVE", "dynamodb": {}}]}, None) == {
        "sent": 0,
        "batchItemFailures": [],
    }
