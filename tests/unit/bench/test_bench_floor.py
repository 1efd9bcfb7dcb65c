"""The benchmark's floor of an import (bench/bench_zahlungen.py, `_floor`): what it times is real
work of botocore and platform/dynamo on every request and answer, with DynamoDB's answers canned."""

from __future__ import annotations

import os

from bench.bench_zahlungen import _floor, _floor_row


def test_the_floor_reads_and_writes_each_payment_once_through_the_client_without_dynamodb() -> None:
    before = dict(os.environ)
    floor = _floor(1_000, 250)
    # 250 payments: three BatchGetItem of up to 100 keys, each answered with 100 canned items that
    # botocore parsed and platform/dynamo converted; 250 records sent in three transactions.
    assert floor["payments"] == 250
    assert floor["items_read"] == 300
    assert floor["items_written"] == 250
    assert min(floor["parse"], floor["read"], floor["write"]) > 0
    assert dict(os.environ) == before
    row = _floor_row(floor)
    assert row["ratio"] == (floor["parse"] + floor["read"] + floor["write"]) / floor["parse"]
    assert row["verdict"] == ("ok" if row["ratio"] <= 2.0 else "FAIL")
    assert row["benchmark"] == "zahlungen: the floor of any import of 250 payments, DynamoDB's answers canned"
