"""Where invoices are kept: the invoice's item in the table (lease, numbering, record), its files in
the bucket (the archive), the RechNr counter, and the work files a Debug request of the zugferd
function keeps. The only module of invoices/ that talks to DynamoDB (through platform.dynamo) and S3.

Keys and shapes are those of the first invoices (docs/invoices.md): item `RECHNUNG#{AuftNr}` /
`RECHNUNG`, files `rechnung/{AuftNr}/{RechNr}-{attempt}.pdf|.xml`, work files
`{LOG_PREFIX}zugferd/{request id}/{name}`; since issue 24 the pointer `RECHNR#{RechNr}` /
`RECHNUNG` (the order of an invoice number), and for credit notes (docs/credit_notes.md) the
invoice's ledger `RECHNUNG#{AuftNr}` / `GUTSCHRIFTEN` (its lease, what was credited), the record
`GUTSCHRIFT#{GutschriftNr}` / `BELEG`, the GutschriftNr counter and the files
`gutschrift/{AuftNr}/{GutschriftNr}-{attempt}.pdf|.xml`.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import Any

from botocore.exceptions import ClientError

from backoffice.errors import NotFound
from backoffice.platform import dynamo, outbox
from backoffice.platform.aws import client
from backoffice.platform.environment import get_settings
from backoffice.platform.outbox import Change

COUNTER = "RechNr"
RECH_NR_START = 500001
SK = "RECHNUNG"
S3_PREFIX = "rechnung/"
# Longer than the function can run (its Timeout is 29 s): a working request never loses its lease.
LEASE_SECONDS = 60
CONTENT_TYPES = {"pdf": "application/pdf", "xml": "application/xml"}
# An invoice number's pointer to its order (the invoice's item is keyed by the order).
NUMBER_SK = "RECHNUNG"
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


def finish(auft_nr: str, attempt: str, record: dict[str, Any]) -> bool:
    """The item finished into the record, its lease removed; False when `attempt` no longer held it.

    The invoice number's pointer to the order is written first (the same every time: a retry
    writes it again), so that a finished invoice is always found by its number.
    """
    dynamo.put_item({"PK": number_pk(str(record["RechNr"])), "SK": NUMBER_SK, "AuftNr": auft_nr})
    return dynamo.update_leased(pk(auft_nr), SK, attempt, record, finish=True)


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


def number_pk(rech_nr: str) -> str:
    return f"RECHNR#{rech_nr}"


def record_by_number(rech_nr: str) -> dict[str, Any]:
    """The issued invoice RechNr `rech_nr`'s record; 404 when there is none."""
    pointer = dynamo.get_item(number_pk(rech_nr), NUMBER_SK, consistent=True)
    record = read_record(str(pointer["AuftNr"]), consistent=True) if pointer else None
    if record is None or str(record.get("RechNr")) != rech_nr:
        raise NotFound(f"No invoice {rech_nr}.", {"RechNr": rech_nr})
    return record


def point_numbers() -> int:
    """The number pointer of every issued invoice that has none (invoices issued before issue 24):
    how many were written. For `python -m backoffice.admin migrate`; again: 0."""
    written = 0
    for item in dynamo.scan(pk(""), SK, ("RechNr", "PdfKey")):
        if "PdfKey" not in item:  # a lease, not an invoice yet: its finish writes the pointer
            continue
        auft_nr = str(item["PK"]).removeprefix(pk(""))
        pointer = {"PK": number_pk(str(item["RechNr"])), "SK": NUMBER_SK, "AuftNr": auft_nr}
        try:
            dynamo.put_item(pointer, dynamo.NEW)
        except ClientError as exc:
            if not dynamo.is_condition_failure(exc):
                raise
            continue
        written += 1
    return written


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


def credited_gross(auft_nr: str) -> Decimal:
    """The credited gross amount of the invoice of order `auft_nr`: the sum of its credit notes'
    AuftBrutto, in the invoice's currency; 0.00 without any (one GetItem of its ledger)."""
    item = dynamo.get_item(pk(auft_nr), LEDGER_SK, consistent=True, attributes=(CREDITED_GROSS,))
    return Decimal((item or {}).get(CREDITED_GROSS) or "0.00")


def credited_gross_of(auft_nrs: Iterable[str]) -> dict[str, Decimal]:
    """`credited_gross` of many invoices (by AuftNr) at once: one BatchGetItem per 100."""
    numbers = list(dict.fromkeys(auft_nrs))
    found = {str(i["PK"]).removeprefix("RECHNUNG#"): i for i in dynamo.batch_get((pk(n), LEDGER_SK) for n in numbers)}
    return {n: Decimal(found.get(n, {}).get(CREDITED_GROSS) or "0.00") for n in numbers}


# -- the archive -----------------------------------------------------------------------------------


def archive(
    auft_nr: str, rech_nr: str, attempt: str, kind: str, body: bytes, prefix: str = S3_PREFIX
) -> dict[str, Any]:
    """The file written once to the bucket; the record's attributes of it (`{kind}Key`, SHA256, Groesse).

    `kind` is Pdf or Xml; `prefix` rechnung/ (an invoice, `rech_nr` its RechNr) or gutschrift/ (a
    credit note, `rech_nr` its GutschriftNr).
    """
    # The attempt in the key: a request that takes over from one that stopped writes files of its
    # own rather than meeting the other's, and If-None-Match means no file is ever overwritten.
    extension = kind.lower()
    key = f"{prefix}{auft_nr}/{rech_nr}-{attempt[:12]}.{extension}"
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
