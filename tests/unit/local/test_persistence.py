"""local/persistence.py: a snapshot of the emulation written to disk and put back into a new one."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import boto3
import pytest

from local.emulation import create_resources
from local.persistence import DataFolder, FolderInUse, Snapshot, capture, restore

ITEM = {
    "PK": {"S": "KUNDE#100001"},
    "SK": {"S": "KOPF"},
    "Name": {"S": "Müller AG"},
    "Betrag": {"N": "12.50"},
    "Daten": {"M": {"Bild": {"B": b"\x00\x01\xff"}, "Tags": {"SS": ["a", "b"]}}},
    "Liste": {"L": [{"N": "1"}, {"NULL": True}, {"BOOL": False}]},
}


def _clients() -> tuple[Any, Any, Any]:
    return tuple(boto3.client(s, region_name="eu-central-1") for s in ("dynamodb", "s3", "secretsmanager"))  # type: ignore[return-value]


def _fresh_emulation(stack: Any) -> None:
    from moto.core.base_backend import BackendDict

    BackendDict.reset()
    create_resources(stack)


def test_items_objects_and_secret_come_back_as_they_were(aws: Any, tmp_path: Path) -> None:
    db, s3, sm = _clients()
    names = aws.names
    db.put_item(TableName=names["Table"], Item=ITEM)
    db.put_item(TableName=names["IdempotencyTable"], Item={"id": {"S": "k1"}, "expiration": {"N": "99"}})
    s3.put_object(
        Bucket=names["Bucket"], Key="media/1/bild.png", Body=b"\x89PNG", ContentType="image/png", Metadata={"a": "b"}
    )
    s3.put_object(Bucket=names["Bucket"], Key="log/same.txt", Body=b"\x89PNG")  # same body: one blob
    key = sm.get_secret_value(SecretId=names["SigningKey"])["SecretString"]

    folder = DataFolder(tmp_path / "data")
    folder.lock()
    snap = capture(aws)
    folder.write(snap)
    assert snap.summary() == "2 items, 2 objects"
    assert len(list(folder.blobs.iterdir())) == 1

    _fresh_emulation(aws)
    assert db.scan(TableName=names["Table"])["Items"] == []
    restored = restore(aws, folder.load() or {}, folder.blobs)

    assert restored.summary() == "2 items, 2 objects"
    got = db.get_item(TableName=names["Table"], Key={"PK": ITEM["PK"], "SK": ITEM["SK"]})["Item"]
    assert got == ITEM
    assert db.scan(TableName=names["IdempotencyTable"])["Items"] == [{"id": {"S": "k1"}, "expiration": {"N": "99"}}]
    obj = s3.get_object(Bucket=names["Bucket"], Key="media/1/bild.png")
    assert (obj["Body"].read(), obj["ContentType"], obj["Metadata"]) == (b"\x89PNG", "image/png", {"a": "b"})
    assert s3.get_object(Bucket=names["Bucket"], Key="log/same.txt")["Body"].read() == b"\x89PNG"
    assert sm.get_secret_value(SecretId=names["SigningKey"])["SecretString"] == key
    # Restored items are not new writes: the table's stream (the outbox's trigger in AWS) has none of them.
    from moto.dynamodb.models import dynamodb_backends

    assert dynamodb_backends["123456789012"]["eu-central-1"].tables[names["Table"]].stream_shard.items == []


def test_a_write_replaces_the_state_whole_and_drops_unused_blobs(aws: Any, tmp_path: Path) -> None:
    _, s3, _ = _clients()
    folder = DataFolder(tmp_path)
    folder.lock()
    s3.put_object(Bucket=aws.names["Bucket"], Key="a", Body=b"first")
    first = capture(aws)
    first.writes = 1
    folder.write(first)
    s3.put_object(Bucket=aws.names["Bucket"], Key="a", Body=b"second")
    second = capture(aws)
    second.writes = 2
    folder.write(second)
    folder.write(first)  # an older snapshot that finished late changes nothing
    state = json.loads(folder.state.read_text(encoding="utf-8"))
    assert [o["Sha256"] for o in state["objects"]["Bucket"]] == [b.name for b in folder.blobs.iterdir()]
    assert (folder.blobs / state["objects"]["Bucket"][0]["Sha256"]).read_bytes() == b"second"
    assert sorted(p.name for p in tmp_path.iterdir()) == [".lock", "blobs", "state.json"]  # no temp file left


def test_fresh_forgets_the_saved_data(tmp_path: Path) -> None:
    folder = DataFolder(tmp_path)
    folder.lock()
    folder.write(Snapshot(tables={"Table": [{"PK": {"S": "A"}, "SK": {"S": "B"}}]}, bodies={"abc": b"x"}))
    assert folder.load() is not None
    folder.reset()
    assert folder.load() is None
    assert list(folder.blobs.iterdir()) == []


def test_a_second_stack_on_the_same_folder_is_refused(tmp_path: Path) -> None:
    running = DataFolder(tmp_path)
    running.lock()
    with pytest.raises(FolderInUse, match="LOCAL_DATA"):
        DataFolder(tmp_path).lock()
