"""Where invoices are kept: the invoice's item in the table (lease, numbering, record), its files in
the bucket (the archive), the RechNr counter, and the work files a Debug request of the zugferd
function keeps. The only module of invoices/ that talks to DynamoDB (through platform.dynamo) and S3.

Keys and shapes are those of the first invoices (docs/invoices.md): item `RECHNUNG#{AuftNr}` /
`RECHNUNG`, files `rechnung/{AuftNr}/{RechNr}-{attempt}.pdf|.xml`, work files
`{LOG_PREFIX}zugferd/{request id}/{name}`. The files are in the invoice archive (its own bucket,
Object Lock, ARCHIVE_BUCKET_NAME) since issue 27; a record marked `Archiv` has them there, one
without the mark (issued by the release before) in the media and log bucket under the same key,
until `python -m backoffice.admin migrate` has copied them and marked it.
An invoice is found by its number through payments/store's item (`RECHNR#{RechNr}` / `RECHNUNG`,
written with the invoice). For credit notes (docs/credit_notes.md) the
invoice's ledger `RECHNUNG#{AuftNr}` / `GUTSCHRIFTEN` (its lease, what was credited), the record
`GUTSCHRIFT#{GutschriftNr}` / `BELEG`, the GutschriftNr counter and the files
`gutschrift/{AuftNr}/{GutschriftNr}-{attempt}.pdf|.xml`.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from typing import Any

from botocore.exceptions import ClientError

from backoffice.errors import NotFound
from backoffice.platform import dynamo, outbox
from backoffice.platform.aws import client
from backoffice.platform.environment import MissingSetting, get_settings
from backoffice.platform.outbox import Change

COUNTER = "RechNr"
RECH_NR_START = 500001
SK = "RECHNUNG"
S3_PREFIX = "rechnung/"
# Longer than the function can run (its Timeout is 29 s): a working request never loses its lease.
LEASE_SECONDS = 60
CONTENT_TYPES = {"pdf": "application/pdf", "xml": "application/xml"}
# The rechnung function's own variable (template.yaml), required at its init in AWS.
ARCHIVE_VARIABLE = "ARCHIVE_BUCKET_NAME"
# A record whose files are in the archive; records without it are the release before's.
ARCHIVED = "Archiv"
ARCHIVED_VALUE = "ObjectLock"
KINDS = ("Pdf", "Xml")
# Credit notes: their own gap-free series, the invoice's ledger beside its record, their files.
CREDIT_COUNTER = "GutschriftNr"
CREDIT_NR_START = 600001
LEDGER_SK = "GUTSCHRIFTEN"
CREDIT_SK = "BELEG"
CREDIT_PREFIX = "gutschrift/"
# The ledger's attributes: quantities credited per PosNr (text), the credited gross, the numbers,
# whether the delivery costs were credited; and what an attempt keeps with its lease.
CREDITED, CREDITED_GROSS, CREDIT_NOTES, DELIVERY_CREDITED = (
    "Gutgeschrieben",
    "BetragGutgeschrieben",
    "Gutschriften",
    "LiefKostGutgeschrieben",
)
KEPT_NUMBER, KEPT_DATE = "GutschriftNr", "GutschriftDatum"


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


# -- an invoice by its number ---------------------------------------------------------------------


def record_by_number(rech_nr: str) -> dict[str, Any]:
    """The issued invoice RechNr `rech_nr`'s record; 404 when there is none. The item under its
    number is payments/store's (`register`), written with the invoice: it names the order."""
    from backoffice.payments.store import invoice_facts

    pointer = invoice_facts(rech_nr)
    record = read_record(str(pointer["AuftNr"]), consistent=True) if pointer else None
    if record is None or str(record.get("RechNr")) != rech_nr:
        raise NotFound(f"No invoice {rech_nr}.", {"RechNr": rech_nr})
    return record


# -- credit notes ----------------------------------------------------------------------------------


def credit_pk(gutschrift_nr: str) -> str:
    return f"GUTSCHRIFT#{gutschrift_nr}"


def take_ledger_lease(auft_nr: str, attempt: str) -> dict[str, Any] | None:
    """The invoice's credit ledger under `attempt`'s lease (one credit note of an invoice at a time);
    None when another request holds it."""
    return dynamo.take_lease(pk(auft_nr), LEDGER_SK, attempt, LEASE_SECONDS)


def read_ledger(auft_nr: str) -> dict[str, Any]:
    """The invoice's credit ledger as it is now (empty before its first credit note)."""
    return dynamo.get_item(pk(auft_nr), LEDGER_SK, consistent=True) or {}


def keep_with_ledger_lease(auft_nr: str, attempt: str, attributes: dict[str, Any]) -> bool:
    """The numbering kept on the ledger while `attempt` holds it; False when it was taken over."""
    return dynamo.update_leased(pk(auft_nr), LEDGER_SK, attempt, attributes)


def hand_back_ledger(auft_nr: str, attempt: str) -> None:
    dynamo.update_leased(pk(auft_nr), LEDGER_SK, attempt, {dynamo.LEASE_UNTIL: 0})


def ledger_op(auft_nr: str, attempt: str, ledger: dict[str, Any]) -> dict[str, Any]:
    """The ledger's new state for the credit note's transaction, only while `attempt` holds it: the
    lease handed back (the next credit note may take it) and the kept numbering cleared."""
    cleared = {KEPT_NUMBER: None, KEPT_DATE: None, dynamo.LEASE_UNTIL: 0}
    return dynamo.update_op(pk(auft_nr), LEDGER_SK, set_={**ledger, **cleared}, held_by=attempt)


def credit_record_op(record: dict[str, Any]) -> dict[str, Any]:
    """The credit note's record, written once, for its transaction."""
    item = {"PK": credit_pk(str(record["GutschriftNr"])), "SK": CREDIT_SK, **record}
    return dynamo.put_op(item, dynamo.NEW)


def commit(ops: list[dict[str, Any]], changes: Sequence[Change], user: str, attempt: str) -> bool:
    """A credit note's one transaction (`ops` with the feed's item of `changes`); False when its
    ledger was taken over meanwhile (the lease's condition failed)."""
    try:
        outbox.transact_write([*ops, *outbox.change_ops(changes, user)], attempt)
    except ClientError as exc:
        if not dynamo.is_condition_failure(exc):
            raise
        return False
    return True


def read_credit_record(gutschrift_nr: str) -> dict[str, Any] | None:
    item = dynamo.get_item(credit_pk(gutschrift_nr), CREDIT_SK)
    return None if item is None else {k: v for k, v in item.items() if k not in ("PK", "SK")}


def get_credit_record(gutschrift_nr: str) -> dict[str, Any]:
    record = read_credit_record(gutschrift_nr)
    if record is None:
        raise NotFound(f"No credit note {gutschrift_nr}.", {"GutschriftNr": gutschrift_nr})
    return record


def peek_credit_number() -> int:
    return dynamo.peek_number(CREDIT_COUNTER, start=CREDIT_NR_START)


def next_credit_number() -> int:
    return dynamo.next_number(CREDIT_COUNTER, start=CREDIT_NR_START)


# -- the archive -----------------------------------------------------------------------------------


class AlteredInvoice(RuntimeError):
    """A stored file whose bytes are not those the record names (its SHA-256): never served or archived."""


def archive(
    auft_nr: str, rech_nr: str, attempt: str, kind: str, body: bytes, prefix: str = S3_PREFIX
) -> dict[str, Any]:
    """The file written once to the archive; the record's attributes of it (`{kind}Key`, SHA256, Groesse).

    `kind` is Pdf or Xml; `prefix` rechnung/ (an invoice, `rech_nr` its RechNr) or gutschrift/ (a
    credit note, `rech_nr` its GutschriftNr).
    """
    # The attempt in the key: a request that takes over from one that stopped writes files of its
    # own rather than meeting the other's, and If-None-Match means no file is ever overwritten.
    extension = kind.lower()
    key = f"{prefix}{auft_nr}/{rech_nr}-{attempt[:12]}.{extension}"
    write_once(key, body, CONTENT_TYPES[extension])
    return {
        f"{kind}Key": key,
        f"{kind}SHA256": hashlib.sha256(body).hexdigest(),
        f"{kind}Groesse": len(body),
        ARCHIVED: ARCHIVED_VALUE,
    }


def archive_bucket() -> str:
    name = get_settings().archive_bucket_name
    if not name:
        raise MissingSetting(f"{ARCHIVE_VARIABLE} names no bucket")
    return name


def write_once(key: str, body: bytes, content_type: str) -> bool:
    """`body` under `key` in the archive: True when written now, False when the archive held these very bytes.

    Never an overwrite: If-None-Match (the archive's bucket policy refuses a PutObject without it),
    and Object Lock keeps the version for its retention. A checksum goes with the bytes (S3 refuses
    a locked bucket's PutObject without one, and checks the bytes it got against it).
    """
    s3, bucket = client("s3"), archive_bucket()
    try:
        s3.put_object(
            Bucket=bucket, Key=key, Body=body, ContentType=content_type, IfNoneMatch="*", ChecksumAlgorithm="SHA256"
        )
    except ClientError as exc:
        # Only one attempt writes a key: a 412 is botocore's retry of a write whose answer was lost
        # (or a migration run again), and the object is ours when its MD5 is that of our bytes (a
        # single PUT's ETag under the bucket's SSE-S3 encryption, template.yaml; SSE-KMS would need
        # ChecksumSHA256 instead).
        if exc.response.get("Error", {}).get("Code") != "PreconditionFailed":
            raise
        there = s3.head_object(Bucket=bucket, Key=key)["ETag"].strip('"')
        if there != hashlib.md5(body, usedforsecurity=False).hexdigest():
            raise
        return False
    return True


def get_file(record: dict[str, Any], kind: str) -> bytes:
    """The stored PDF or XML (`kind` Pdf or Xml) of an invoice record, from where the record says it is."""
    if record.get(ARCHIVED) == ARCHIVED_VALUE:
        return _read(archive_bucket(), record[f"{kind}Key"])
    return previous_file(record, kind)


def previous_file(record: dict[str, Any], kind: str) -> bytes:
    """A file of the release before, where it wrote it (the media and log bucket, which anyone with
    access may change): only with the bytes its record names."""
    body = _read(get_settings().bucket_name, record[f"{kind}Key"])
    if hashlib.sha256(body).hexdigest() != record[f"{kind}SHA256"]:
        raise AlteredInvoice(
            f"{record[f'{kind}Key']} of invoice {record['RechNr']} is not the file issued (SHA-256 differs)"
        )
    return body


def read_archived(key: str) -> bytes:
    return _read(archive_bucket(), key)


def _read(bucket: str, key: str) -> bytes:
    body: bytes = client("s3").get_object(Bucket=bucket, Key=key)["Body"].read()
    return body


def unarchived_records() -> Iterator[dict[str, Any]]:
    """Every issued invoice whose files are still where the release before wrote them: a scan of the
    whole table, for the admin CLI's `migrate`, never for a request."""
    for item in dynamo.scan_sk(SK):
        # The same sort key is on the items that find an invoice by its number (payments/store).
        if str(item["PK"]).startswith(pk("")) and "PdfKey" in item and ARCHIVED not in item:
            yield item


def move_to_archive(record: dict[str, Any]) -> bool:
    """An invoice of the release before copied into the archive, byte for byte, and marked there:
    True when a file was written now, False when the archive held both already (a run again).

    Each file is read where it was written and must be the one issued (its record's SHA-256), is
    written once, and is read back from the archive and compared again before the record is
    marked; the source stays where it is. AlteredInvoice, or S3's 412 for other bytes under the
    key, leave the record unmarked (served from where it was, checked, as before).
    """
    written = False
    for kind in KINDS:
        key = record[f"{kind}Key"]
        written |= write_once(key, previous_file(record, kind), CONTENT_TYPES[kind.lower()])
        if hashlib.sha256(read_archived(key)).hexdigest() != record[f"{kind}SHA256"]:
            raise AlteredInvoice(f"{key} of invoice {record['RechNr']} reads back other bytes from the archive")
    mark_archived(str(record["AuftNr"]))
    return written


def mark_archived(auft_nr: str) -> None:
    """The record's files are in the archive (copied and verified): read from there from now on."""
    dynamo.update_existing(pk(auft_nr), SK, {ARCHIVED: ARCHIVED_VALUE})


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
