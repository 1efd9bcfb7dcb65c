"""The publisher's sweep reports the age of the oldest pending outbox item (OutboxAgeAlarm's metric)."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
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


def emf_lines(out: str) -> list[dict[str, Any]]:
    lines = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    return [line for line in lines if "_aws" in line]


def test_an_empty_outbox_reports_zero(publisher: Any, capsys: Any) -> None:
    assert publisher.lambda_handler({}, lambda_context("publisher")) == {"sent": 0, "oldest_pending_age_s": 0.0}
    (emf,) = emf_lines(capsys.readouterr().out)
    assert emf["OutboxOldestPendingAgeSeconds"] == [0.0]
    (directive,) = emf["_aws"]["CloudWatchMetrics"]
    assert directive["Namespace"] == "local/backoffice"
    assert directive["Dimensions"] == [["service"]]
    assert directive["Metrics"] == [{"Name": "OutboxOldestPendingAgeSeconds", "Unit": "Seconds"}]
    assert emf["service"] == "backoffice"


def test_the_age_is_that_of_the_oldest_item_still_pending(publisher: Any, capsys: Any) -> None:
    enable_event("REST_Auft")
    dynamo.transact_write(outbox.outbox_ops("REST_Auft", {"AuftNr": "5001"}, "demo"))
    dynamo.transact_write(outbox.outbox_ops("REST_Auft", {"AuftNr": "5002"}, "demo"))
    first = min(i["CreatedUTC"] for i in outbox.pending())
    created = datetime.fromisoformat(first.replace("Z", "+00:00"))
    assert publisher.oldest_pending_age(created + timedelta(seconds=600)) == 600.0

    with Stubber(client("events")) as stub:  # EventBridge refuses: both stay pending
        stub.add_response("put_events", {"FailedEntryCount": 2, "Entries": [{"ErrorCode": "X"}, {"ErrorCode": "X"}]})
        answer = publisher.lambda_handler({}, lambda_context("publisher"))
    assert answer["sent"] == 0
    assert 0 <= answer["oldest_pending_age_s"] < 60
    (emf,) = emf_lines(capsys.readouterr().out)
    assert emf["OutboxOldestPendingAgeSeconds"] == [pytest.approx(answer["oldest_pending_age_s"], abs=0.1)]

    assert publisher.lambda_handler({}, lambda_context("publisher"))["sent"] == 2
    assert emf_lines(capsys.readouterr().out)[0]["OutboxOldestPendingAgeSeconds"] == [0.0]
