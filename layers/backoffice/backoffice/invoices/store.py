"""Where invoices are kept: the invoice's item in the table (lease, numbering, record), its files in
the bucket (the archive), the RechNr counter, and the work files a Debug request of the zugferd
function keeps. The only module of invoices/ that talks to DynamoDB (through platform.dynamo) and S3.

Keys and shapes are those of the first invoices (docs/invoices.md): item `RECHNUNG#{AuftNr}` /
`RECHNUNG`, files `rechnung/{AuftNr}/{RechNr}-{attempt}.pdf|.xml`, work files
`{LOG_PREFIX}zugferd/{request id}/{name}`.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

from botocore.exceptions import ClientError

from backoffice.errors import NotFound
from backoffice.platform import dynamo, outbox
from backoffice.platform.aws import client
from backoffice.platform.environment import get_settings

COUNTER = "RechNr"
RECH_NR_START = 500001
SK = "RECHNUNG"
S3_PREFIX = "rechnung/"
# Longer than the function can run (its Timeout is 29 s): a working request never loses its lease.
LEASE_SECONDS = 60
CONTENT_TYPES = {"pdf": "application/pdf", "xml": "application/xml"}


def pk(auft_nr: str) -> str:
    return f"RECHNUNG#{auft_nr}"


# -- the record ------------------------------------------------------------------------------------


def read_record(auft_nr: str, consistent: bool = False) -> dict[str, Any] | None:
    """The issued invoice's record; None while there is none, or only a request's lease on it."""
    item = dynamo.get_item(pk(auft_nr), SK, consistent=consistent)
    if item is None or "PdfKey" not in item:
        return None
    return {k: v for k, v in item.items() if k not in ("PK", "SK")}


def get_record(auft_nr: str) -> dict[str, Any]:
    record = read_record(auft_nr)
    if record is None:
        raise NotFound(f"Order {auft_nr} has no invoice.", {"AuftNr": auft_nr})
    return record


# -- the lease and the numbering -------------------------------------------------------------------


def take_lease(auft_nr: str, attempt: str) -> dict[str, Any] | None:
    """The invoice's item under `attempt`'s lease (with what an earlier attempt kept); None when another holds it."""
    return dynamo.take_lease(pk(auft_nr), SK, attempt, LEASE_SECONDS)


def keep_with_lease(auft_nr: str, attempt: str, attributes: dict[str, Any]) -> bool:
    """`attributes` kept on the item while `attempt` holds its lease; False when it was taken over."""
    return dynamo.update_leased(pk(auft_nr), SK, attempt, attributes)


def finish(auft_nr: str, attempt: str, record: dict[str, Any], events: Sequence[dict[str, Any]] = ()) -> bool:
    """The item finished into the record, its lease removed, in one transaction with `events` (the
    feed's item, `outbox.change_ops`): an issued invoice has its events, an unissued one none.
    False when `attempt` no longer held it."""
    finished = dynamo.update_leased_op(pk(auft_nr), SK, attempt, record, finish=True)
    try:
        # The attempt as the request token: botocore's retry of a write that landed is applied once.
        outbox.transact_write([finished, *events], attempt)
    except ClientError as exc:
        if dynamo.is_condition_failure(exc):
            return False
        raise
    return True


def hand_back(auft_nr: str, attempt: str) -> None:
    """The lease run out now: the next request takes it over at once."""
    dynamo.update_leased(pk(auft_nr), SK, attempt, {dynamo.LEASE_UNTIL: 0})


def peek_number() -> int:
    """The RechNr the counter will give next (read, not taken)."""
    return dynamo.peek_number(COUNTER, start=RECH_NR_START)


def next_number() -> int:
    """A RechNr taken from the atomic counter."""
    return dynamo.next_number(COUNTER, start=RECH_NR_START)


# -- the archive -----------------------------------------------------------------------------------


def archive(auft_nr: str, rech_nr: str, attempt: str, kind: str, body: bytes) -> dict[str, Any]:
    """The file written once to the bucket; the record's attributes of it (`{kind}Key`, SHA256, Groesse).

    `kind` is Pdf or Xml.
    """
    # The attempt in the key: a request that takes over from one that stopped writes files of its
    # own rather than meeting the other's, and If-None-Match means no file is ever overwritten.
    extension = kind.lower()
    key = f"{S3_PREFIX}{auft_nr}/{rech_nr}-{attempt[:12]}.{extension}"
    s3 = client("s3")
    bucket = get_settings().bucket_name
    try:
        s3.put_object(Bucket=bucket, Key=key, Body=body, ContentType=CONTENT_TYPES[extension], IfNoneMatch="*")
    except ClientError as exc:
        # Only this attempt writes this key: a 412 is botocore's retry of a write whose answer was
        # lost, and the object is ours when its MD5 is that of our bytes (a single PUT's ETag under
        # the bucket's SSE-S3 encryption, template.yaml; SSE-KMS would need ChecksumSHA256 instead).
        if exc.response.get("Error", {}).get("Code") != "PreconditionFailed":
            raise
        there = s3.head_object(Bucket=bucket, Key=key)["ETag"].strip('"')
        if there != hashlib.md5(body, usedforsecurity=False).hexdigest():
            raise
    return {
        f"{kind}Key": key,
        f"{kind}SHA256": hashlib.sha256(body).hexdigest(),
        f"{kind}Groesse": len(body),
    }


def get_file(record: dict[str, Any], kind: str) -> bytes:
    """The stored PDF or XML (`kind` Pdf or Xml) of an invoice record."""
    body: bytes = client("s3").get_object(Bucket=get_settings().bucket_name, Key=record[f"{kind}Key"])["Body"].read()
    return body


# -- the zugferd function's Debug work files -------------------------------------------------------


def work_prefix(request_id: str) -> str:
    """Where a Debug request's work files are kept: under the log prefix, one folder per request."""
    return f"{get_settings().log_prefix}zugferd/{request_id}/"


def keep_work_files(request_id: str, files: dict[str, bytes]) -> list[str]:
    """Store the work files (input.pdf, output.xml, ...) of a Debug request; the keys written."""
    s3 = client("s3")
    prefix, bucket = work_prefix(request_id), get_settings().bucket_name
    keys = []
    for name, data in files.items():
        key = prefix + name
        s3.put_object(Bucket=bucket, Key=key, Body=data, ContentType=CONTENT_TYPES[name.rsplit(".", 1)[-1]])
        keys.append(key)
    return keys
