"""The bank's files dropped into the bucket (an EBICS client's download): each one imported as
`POST /www/zahlungen` imports it, then moved out of the inbox, so an operator sees what became of
it (docs/payments.md, "Files from the bank (EBICS)").

    zahlungen/eingang/<name>  imported      -> zahlungen/verarbeitet/<date>/<time>-<name> (+ .json: the counts)
                              not valid     -> zahlungen/fehler/<date>/<time>-<name>      (+ .json: the error body)

<date> and <time> are the upload's (the object's LastModified, UTC), so a retry moves the same
upload to the same place. S3 delivers its events at least once: an event for a file that is gone
already (moved by the first delivery) does nothing, and a file imported twice books nothing new
(booking is once per account servicer reference). A file that is not valid, or larger than
camt.MAX_BYTES (refused unread), is moved to the error prefix at once and never retried; anything
else (throttling, an S3 or DynamoDB failure) raises, the file stays in the inbox and Lambda retries.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal
from urllib.parse import unquote_plus

from botocore.exceptions import ClientError

from backoffice.errors import InvalidRequest
from backoffice.json_codec import dumps
from backoffice.payments import booking, camt
from backoffice.payments.events import OrderViews
from backoffice.platform.aws import client
from backoffice.platform.environment import get_settings
from backoffice.platform.logger import logger
from backoffice.timestamps import utc_text

INBOX = "zahlungen/eingang/"
PROCESSED = "zahlungen/verarbeitet/"
FAILED = "zahlungen/fehler/"
# Who imported the payments (the payment's ImportiertVon): the file's key after this.
USER_PREFIX = "s3:"
# A key that is gone: 404 NoSuchKey, or 403 AccessDenied where the caller may not list the key
# (S3 hides whether it exists); _listed then tells the two apart.
_ABSENT = frozenset({"NoSuchKey", "404", "NotFound", "AccessDenied", "403"})

Status = Literal["verarbeitet", "fehler", "fehlt", "uebergangen"]


@dataclass(frozen=True)
class Outcome:
    """What became of one file: imported (`verarbeitet`), refused (`fehler`), gone already (`fehlt`:
    an event delivered again), or not ours to import (`uebergangen`)."""

    key: str
    status: Status
    moved_to: str | None = None
    report: dict[str, Any] = field(default_factory=dict)

    def view(self) -> dict[str, Any]:
        return {"Datei": self.key, "Status": self.status, "Ziel": self.moved_to, **self.report}


def import_event_object(bucket: str, encoded_key: str, orders: OrderViews) -> Outcome:
    """The file an S3 "Object Created" event names (its key URL-encoded, as S3 sends it) imported and
    moved; `orders` as `booking.import_file` takes it (the handler hands in sales' reader)."""
    key = unquote_plus(encoded_key)
    if bucket != get_settings().bucket_name or not key.startswith(INBOX) or key.endswith("/"):
        logger.warning("bank file event passed over", extra={"bucket": bucket, "key": key})
        return Outcome(key, "uebergangen")
    outcome = import_object(bucket, key, orders)
    if outcome.status == "fehlt" and encoded_key != key and encoded_key.startswith(INBOX):
        # S3 documents the encoding for its own notifications, not for EventBridge's (AWS's own
        # Powertools decodes both): a key absent decoded is tried as given, so neither reading loses a file.
        as_given = import_object(bucket, encoded_key, orders)
        return outcome if as_given.status == "fehlt" else as_given
    return outcome


def import_object(bucket: str, key: str, orders: OrderViews) -> Outcome:
    """One file of the inbox imported with the route's code, then moved to the result prefix."""
    s3 = client("s3")
    try:
        found = s3.get_object(Bucket=bucket, Key=key)
    except ClientError as exc:
        if exc.response.get("Error", {}).get("Code") not in _ABSENT or _listed(bucket, key):
            raise
        logger.info("bank file gone already (an event delivered again)", extra={"key": key})
        return Outcome(key, "fehlt")
    size, uploaded, stream = int(found["ContentLength"]), found["LastModified"], found["Body"]
    etag = str(found.get("ETag", ""))
    try:
        if size > camt.MAX_BYTES:
            raise camt.oversized(size)
        body = stream.read(camt.MAX_BYTES + 1)  # bounded, whatever ContentLength said
        if len(body) > camt.MAX_BYTES:
            raise camt.oversized(len(body))
        result = booking.import_file(body, USER_PREFIX + key, orders)
    except InvalidRequest as exc:  # the file itself is at fault (the route's 400): never retried
        logger.warning("bank file refused", extra={"key": key, "bytes": size, **exc.body()})
        return _move(bucket, (key, etag), FAILED, uploaded, {"Bytes": size, **exc.body()})
    finally:
        stream.close()
    return _move(bucket, (key, etag), PROCESSED, uploaded, {"Bytes": size, "data": result.view()})


def _listed(bucket: str, key: str) -> bool:
    """Whether the key is in the bucket (a listing of exactly that prefix, which the policy allows)."""
    found = client("s3").list_objects_v2(Bucket=bucket, Prefix=key, MaxKeys=1).get("Contents", [])
    return bool(found) and found[0]["Key"] == key


def target_key(prefix: str, key: str, uploaded: datetime) -> str:
    """zahlungen/eingang/a/b.xml uploaded 2026-11-26 13:45:01 UTC -> <prefix>2026-11-26/a/134501-b.xml"""
    folder, _, name = key.removeprefix(INBOX).rpartition("/")
    stamp = utc_text(uploaded if uploaded.tzinfo else uploaded.replace(tzinfo=UTC), "seconds")
    day, time = stamp[:10], stamp[11:19].replace(":", "")
    return f"{prefix}{day}/{folder + '/' if folder else ''}{time}-{name}"


def _move(bucket: str, read: tuple[str, str], prefix: str, uploaded: datetime, report: dict[str, Any]) -> Outcome:
    """Copied to the result prefix with its report beside it (the first report stays: a delivery
    again finds every payment known), then removed from the inbox. `read`: the key and the ETag of
    what was imported; a file written over it meanwhile fails the copy (412), and the retry imports
    that one."""
    (key, etag), target = read, target_key(prefix, read[0], uploaded)
    s3 = client("s3")
    copy_source = {"Bucket": bucket, "Key": key}
    s3.copy_object(Bucket=bucket, Key=target, CopySource=copy_source, **({"CopySourceIfMatch": etag} if etag else {}))
    report = {"Datei": key, "VerarbeitetUTC": utc_text(), **report}
    try:
        s3.put_object(
            Bucket=bucket,
            Key=f"{target}.json",
            Body=dumps(report, keep=frozenset({"data", "info"})).encode(),
            ContentType="application/json",
            IfNoneMatch="*",
        )
    except ClientError as exc:
        # There already (a delivery before this one wrote it), or being written by one racing it.
        if exc.response.get("Error", {}).get("Code") not in ("PreconditionFailed", "ConditionalRequestConflict"):
            raise
    s3.delete_object(Bucket=bucket, Key=key)
    status: Status = "verarbeitet" if prefix == PROCESSED else "fehler"
    outcome = Outcome(key, status, target, {k: v for k, v in report.items() if k not in ("Datei",)})
    logger.info("bank file moved", extra=outcome.view())
    return outcome
