"""The local stack's data on disk: snapshots of the emulation, taken while no AWS call is in it.

One folder (`.local-data/` in the working tree, or LOCAL_DATA) holds `state.json` (the items of
every table, the objects of every bucket by content hash, with their Object Lock retention in the
invoice archive, every secret's value, by the template's logical names) and `blobs/` (the object
bodies, named by their SHA-256). A snapshot is taken inside the emulation's serialising lock, so it
holds every AWS call entirely or not at all (a TransactWriteItems is one call: an order and its
reservations come together); state.json is
replaced by a rename, after its blobs are on disk, so a crash at any moment leaves the previous
complete snapshot or the new one. A saver thread takes one at most every SAVE_EVERY seconds while
there are writes, and the stop takes a last one.
"""

from __future__ import annotations

import base64
import contextlib
import fcntl
import hashlib
import json
import os
import shutil
import threading
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any, cast

from backoffice.admin import local_stack
from local.template import ACCOUNT, REGION, Stack

STATE = "state.json"
BLOBS = "blobs"
FORMAT = 1
# A kill -9 loses at most the writes of the last few seconds; a snapshot of a few thousand
# orders takes a fraction of that. LOCAL_SAVE_EVERY changes it (the tests of the stop raise it).
SAVE_EVERY = float(os.environ.get("LOCAL_SAVE_EVERY") or 2.0)
PARTITION = "aws"


class FolderInUse(RuntimeError):
    pass


@dataclass
class Snapshot:
    tables: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    objects: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    bodies: dict[str, bytes] = field(default_factory=dict)  # sha256 -> body
    secrets: dict[str, str] = field(default_factory=dict)
    writes: int = 0  # the emulation's write count when it was taken: a later one is newer

    def summary(self) -> str:
        items = sum(len(v) for v in self.tables.values())
        objects = sum(len(v) for v in self.objects.values())
        return f"{items} items, {objects} objects"


def capture(stack: Stack) -> Snapshot:
    """The emulation's data of the template's tables, buckets and secrets (call it in the lock)."""
    from moto.dynamodb.models import dynamodb_backends
    from moto.s3.models import s3_backends
    from moto.secretsmanager.models import secretsmanager_backends

    snap = Snapshot()
    tables = dynamodb_backends[ACCOUNT][REGION].tables
    for logical in stack.resources("AWS::DynamoDB::Table"):
        table = tables.get(stack.names[logical])
        if table is None:
            continue
        partitions = table.items.values()
        items: list[Any] = [i for p in partitions for i in p.values()] if table.range_key_attr else list(partitions)
        snap.tables[logical] = [{name: _plain(value) for name, value in item.attrs.items()} for item in items]
    s3 = s3_backends[ACCOUNT][PARTITION]
    for logical in stack.resources("AWS::S3::Bucket"):
        bucket = s3.buckets.get(stack.names[logical])
        if bucket is None:
            continue
        objects = []
        for key in bucket.keys.values():
            body = key.value
            digest = hashlib.sha256(body).hexdigest()
            snap.bodies[digest] = body
            meta = dict(key.metadata)
            saved = {
                "Key": key.name,
                "Sha256": digest,
                "ContentType": meta.get("content-type", "binary/octet-stream"),
                "Metadata": {k[len("x-amz-meta-") :]: v for k, v in meta.items() if k.startswith("x-amz-meta-")},
            }
            if key.lock_mode:  # the archive's: locked until the day it was, not anew from the restart
                saved["LockMode"], saved["LockUntil"] = key.lock_mode, key.lock_until
            objects.append(saved)
        snap.objects[logical] = objects
    secrets = secretsmanager_backends[ACCOUNT][REGION]
    for logical in stack.resources("AWS::SecretsManager::Secret"):
        with contextlib.suppress(Exception):  # a secret without a value has nothing to keep
            # No version or stage: the current value, as moto's own API answers a call without them.
            value = secrets.get_secret_value(stack.names[logical], None, None)  # type: ignore[arg-type]
            snap.secrets[logical] = str(value["SecretString"])
    return snap


def _plain(value: Any) -> dict[str, Any]:
    """A moto DynamoType as DynamoDB JSON, as moto answers it (binary as base64). moto's own
    Item.to_json deep-copies every nested value first: three times slower, and this runs in the lock."""
    kind, inner = value.type, value.value
    if kind == "M":
        return {"M": {k: _plain(v) for k, v in inner.items()}}
    if kind == "L":
        return {"L": [_plain(v) for v in inner]}
    if isinstance(inner, bytes):
        return {kind: base64.b64encode(inner).decode("ascii")}
    if isinstance(inner, list):  # SS, NS, BS
        return {kind: [base64.b64encode(v).decode("ascii") if isinstance(v, bytes) else v for v in inner]}
    return {kind: inner}


def _item(table: Any, attrs: dict[str, Any]) -> Any:
    """A moto Item of saved attributes, put into its table as it was."""
    from moto.dynamodb.models.dynamo_type import DynamoType, Item, LimitedSizeDict

    item = cast(Item, Item.__new__(Item))
    item.hash_key = DynamoType(attrs[table.hash_key_attr])
    item.range_key = DynamoType(attrs[table.range_key_attr]) if table.range_key_attr else None
    # Without LimitedSizeDict's check on every attribute (quadratic in the attributes): each
    # item passed it when it was written.
    item.attrs = LimitedSizeDict.__new__(LimitedSizeDict)
    dict.__init__(item.attrs, {name: DynamoType(value) for name, value in attrs.items()})
    if item.range_key is None:
        table.items[item.hash_key] = item
    else:
        table.items[item.hash_key][item.range_key] = item
    return item


def restore(stack: Stack, state: dict[str, Any], blobs: Path) -> Snapshot:
    """Put a saved state into the freshly created resources; what was restored."""
    import boto3
    from moto.dynamodb.models import dynamodb_backends

    snap = Snapshot(tables=state.get("tables", {}), objects=state.get("objects", {}), secrets=state.get("secrets", {}))
    backend = dynamodb_backends[ACCOUNT][REGION]
    for logical, items in snap.tables.items():
        table = backend.tables[stack.names[logical]]
        # Straight into the table, as it was: no stream records for items that are not new.
        for attrs in items:
            _item(table, attrs)
    s3 = boto3.client("s3", region_name=REGION)
    for logical, objects in snap.objects.items():
        for obj in objects:
            # If-None-Match: the invoice archive's policy refuses a PutObject without it (the buckets are new).
            lock = (
                {"ObjectLockMode": obj["LockMode"], "ObjectLockRetainUntilDate": obj["LockUntil"]}
                if "LockMode" in obj
                else {}
            )
            s3.put_object(
                Bucket=stack.names[logical],
                Key=obj["Key"],
                Body=(blobs / obj["Sha256"]).read_bytes(),
                ContentType=obj["ContentType"],
                Metadata=obj["Metadata"],
                IfNoneMatch="*",
                **lock,
            )
    sm = boto3.client("secretsmanager", region_name=REGION)
    for logical, value in snap.secrets.items():
        sm.put_secret_value(SecretId=stack.names[logical], SecretString=value)
    return snap


class DataFolder:
    """The folder of one local stack, locked for it while it runs (a second stack on the same
    folder would overwrite the first one's data with its own)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.blobs = path / BLOBS
        self.state = path / STATE
        self._lock_file: IO[str] | None = None
        self._save_lock = threading.Lock()
        self._written = -1

    @classmethod
    def from_environment(cls) -> DataFolder:
        return cls(local_stack.data_folder())

    def lock(self) -> None:
        self.blobs.mkdir(parents=True, exist_ok=True)
        handle = (self.path / local_stack.LOCK_FILE).open("a+", encoding="utf-8")
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.close()
            raise FolderInUse(
                f"another local stack uses the data folder {self.path}; stop it, or give this one "
                "a folder of its own with LOCAL_DATA=/some/folder"
            ) from None
        handle.truncate(0)  # the addresses of a stack that stopped
        handle.flush()
        self._lock_file = handle

    def announce(self, addresses: local_stack.Addresses) -> None:
        """Write where this stack serves into its lock file, for the admin CLI's --local."""
        assert self._lock_file is not None, "lock() first"
        self._lock_file.truncate(0)
        self._lock_file.write(addresses.record())
        self._lock_file.flush()

    def reset(self) -> None:
        """FRESH=1: forget the saved data (the demo data is loaded again)."""
        self.state.unlink(missing_ok=True)
        shutil.rmtree(self.blobs, ignore_errors=True)
        self.blobs.mkdir(parents=True, exist_ok=True)

    def load(self) -> dict[str, Any] | None:
        if not self.state.exists():
            return None
        state = json.loads(self.state.read_text(encoding="utf-8"))
        if state.get("format") != FORMAT:
            raise ValueError(f"{self.state} has format {state.get('format')}, not {FORMAT}: start with FRESH=1")
        return dict(state)

    def write(self, snap: Snapshot) -> None:
        """Blobs first, then state.json by rename: the state on disk is always a whole snapshot."""
        with self._save_lock:
            if snap.writes < self._written:
                return  # the stop's snapshot, newer, was written while this one was taken
            for digest, body in snap.bodies.items():
                blob = self.blobs / digest
                if not blob.exists():
                    _write_atomically(blob, body)
            state = {
                "format": FORMAT,
                "saved": datetime.now(UTC).isoformat(timespec="seconds"),
                "tables": snap.tables,
                "objects": snap.objects,
                "secrets": snap.secrets,
            }
            _write_atomically(self.state, json.dumps(state, separators=(",", ":")).encode("utf-8"))
            kept = set(snap.bodies)
            for blob in self.blobs.iterdir():
                if blob.name not in kept:
                    blob.unlink(missing_ok=True)
            self._written = snap.writes


def _write_atomically(path: Path, data: bytes) -> None:
    tmp = path.with_name(f".{path.name}.tmp")
    with tmp.open("wb") as out:
        out.write(data)
        out.flush()
        os.fsync(out.fileno())
    tmp.replace(path)
    folder = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(folder)
    finally:
        os.close(folder)


class Saver:
    """Saves the emulation's data after writes, at most every SAVE_EVERY seconds, and once at the stop."""

    def __init__(self, folder: DataFolder, stack: Stack, emulation: Any) -> None:
        self.folder = folder
        self.stack = stack
        self.emulation = emulation
        self._saved_writes = -1
        self._locked = 0.0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="local-data", daemon=True)

    def start(self) -> None:
        self._saved_writes = self.emulation.writes
        self._thread.start()

    def save(self) -> Snapshot:
        with self.emulation.exclusive():
            started = time.monotonic()
            snap = capture(self.stack)
            snap.writes = self.emulation.writes
            self._locked = time.monotonic() - started
        self.folder.write(snap)
        self._saved_writes = snap.writes
        return snap

    def final_save(self) -> Snapshot:
        """The last snapshot; the emulation stays locked, so no write after it can be acknowledged."""
        self._stop.set()
        self.emulation.exclusive().acquire()
        snap = capture(self.stack)
        snap.writes = self.emulation.writes
        self.folder.write(snap)
        return snap

    def _run(self) -> None:
        # Every AWS call waits while a snapshot is taken: at most a tenth of the time goes to it,
        # which stretches the interval once the data takes more than 0.2 s to read.
        while not self._stop.wait(max(SAVE_EVERY, 10 * self._locked)):
            if self.emulation.writes != self._saved_writes:
                try:
                    self.save()
                except Exception as exc:  # noqa: BLE001 - the stack keeps serving; the next save retries
                    print(f"Could not save the local data to {self.folder.path}: {exc!r}", flush=True)
