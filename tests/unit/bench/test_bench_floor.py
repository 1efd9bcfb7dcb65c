"""The benchmark's floor of an import (bench/bench_zahlungen.py, `_floor`): what it times is real
work of botocore and platform/dynamo on every request and answer, with DynamoDB's answers canned."""

from __future__ import annotations

import os

from bench.bench_zahlungen import _above_floor_row, _floor, _floor_row


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


def test_the_import_is_set_against_the_floor_outside_moto() -> None:
    floor = {"parse": 0.5, "read": 0.25, "write": 0.25}
    large = {"import": 30.0, "moto": 26.0, "parse": 0.4}
    row = _above_floor_row(large, floor)
    assert row["ratio"] == 4.0  # (30.0 - 26.0) / (0.5 + 0.25 + 0.25)
    assert row["measured"] == "import 4.00 s outside moto (parsing 0.40 s)"
    assert row["baseline"] == "the floor 1.00 s (parsing 0.50 s)"
    assert row["verdict"] == "info"
