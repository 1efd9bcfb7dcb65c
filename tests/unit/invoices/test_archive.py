"""The invoice archive (moto, issue 27): an issued invoice is written once into its own locked bucket
and read back byte for byte; one the release before wrote where it wrote it is still served, byte for
byte, and only with the bytes its record names."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from botocore.exceptions import ClientError

from tests.support.invoice_archive import fetch, issue, issue_as_last_release, new_order, refusal

PDF, XML = "application/pdf", "application/xml"


def _s3() -> Any:
    from backoffice.platform.aws import client

    return client("s3")


def test_an_issued_invoice_is_in_the_archive_locked_and_served_as_written(demo: Any) -> None:
    from backoffice.platform.environment import get_settings

    auft_nr = new_order()
    record = issue(auft_nr)
    settings, s3 = get_settings(), _s3()
    assert record["Archiv"] == "ObjectLock"
    for kind, accept in (("Pdf", PDF), ("Xml", XML)):
        key = record[f"{kind}Key"]
        stored = s3.get_object(Bucket=settings.archive_bucket_name, Key=key)
        body = stored["Body"].read()
        assert hashlib.sha256(body).hexdigest() == record[f"{kind}SHA256"]
        assert len(body) == record[f"{kind}Groesse"]
        assert fetch(auft_nr, accept) == body
        # COMPLIANCE for ten years (the template's defaults, which the local stack and these tests read).
        assert stored["ObjectLockMode"] == "COMPLIANCE"
        until = stored["ObjectLockRetainUntilDate"]
        assert timedelta(days=4017) < until - datetime.now(UTC) <= timedelta(days=4018)
    # Nothing of it in the media and log bucket.
    assert s3.list_objects_v2(Bucket=settings.bucket_name, Prefix="rechnung/").get("KeyCount") == 0


def test_an_archived_invoice_cannot_be_overwritten_or_deleted_and_reads_the_same(demo: Any) -> None:
    from backoffice.invoices import store

    auft_nr = new_order()
    record = issue(auft_nr)
    pdf, bucket, key = fetch(auft_nr, PDF), store.archive_bucket(), record["PdfKey"]
    s3 = _s3()
    version = s3.head_object(Bucket=bucket, Key=key)["VersionId"]
    with pytest.raises(ClientError) as rewritten:
        store.write_once(key, b"%PDF- forged", "application/pdf")
    assert refusal(rewritten.value) == ("PreconditionFailed", 412)
    with pytest.raises(ClientError) as overwritten:
        s3.put_object(Bucket=bucket, Key=key, Body=b"%PDF- forged")
    assert refusal(overwritten.value) == ("AccessDenied", 403)
    with pytest.raises(ClientError) as deleted:
        s3.delete_object(Bucket=bucket, Key=key)
    assert refusal(deleted.value) == ("AccessDenied", 403)
    with pytest.raises(ClientError) as purged:
        s3.delete_object(Bucket=bucket, Key=key, VersionId=version)
    assert refusal(purged.value) == ("AccessDenied", 403)
    # The same bytes again (botocore's retry of a write whose answer was lost) are no failure.
    assert store.write_once(key, pdf, "application/pdf") is False
    assert fetch(auft_nr, PDF) == pdf
    assert [v["VersionId"] for v in s3.list_object_versions(Bucket=bucket, Prefix=key)["Versions"]] == [version]


def test_an_invoice_of_the_release_before_is_served_byte_for_byte_from_where_it_was(
    demo: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from backoffice.platform.environment import get_settings

    auft_nr = new_order()
    record = issue_as_last_release(auft_nr, monkeypatch)
    s3, settings = _s3(), get_settings()
    for kind, accept in (("Pdf", PDF), ("Xml", XML)):
        there = s3.get_object(Bucket=settings.bucket_name, Key=record[f"{kind}Key"])["Body"].read()
        assert fetch(auft_nr, accept) == there
        assert hashlib.sha256(there).hexdigest() == record[f"{kind}SHA256"]
    assert s3.list_objects_v2(Bucket=settings.archive_bucket_name).get("KeyCount") == 0


def test_an_old_file_changed_since_it_was_issued_is_never_served(
    demo: Any, monkeypatch: pytest.MonkeyPatch, call: Any
) -> None:
    from backoffice.platform.environment import get_settings

    auft_nr = new_order()
    record = issue_as_last_release(auft_nr, monkeypatch)
    s3, bucket, key = _s3(), get_settings().bucket_name, record["PdfKey"]
    issued = fetch(auft_nr, PDF)
    # The media and log bucket has no lock: anyone with access could have replaced the file.
    s3.put_object(Bucket=bucket, Key=key, Body=b"%PDF- changed")
    answer = call("rechnung", "GET", f"/www/auftrag/{auft_nr}/rechnung", headers={"Accept": PDF})
    assert answer.status == 500
    assert answer.json()["error"] == "internal_error"
    assert hashlib.sha256(fetch(auft_nr, XML)).hexdigest() == record["XmlSHA256"]
    s3.put_object(Bucket=bucket, Key=key, Body=issued)  # the issued bytes back: served again
    assert fetch(auft_nr, PDF) == issued
