"""The invoice archive over HTTP and boto3 against the local stack (issue 27): an issued invoice cannot
be overwritten or deleted, with AWS's error codes, and still reads the same; the data folder a
release before left (its invoices in the media and log bucket) is served as it was, migrated by
`python -m backoffice.admin migrate --local` (twice: nothing more the second time), and its archived
files stay locked until the day they were locked for across a restart."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from botocore.exceptions import ClientError

from local.template import Stack
from tests.support import Api
from tests.support.invoice_archive import refusal
from tests.support.local_stack import StartedStack, admin, started

pytestmark = pytest.mark.integration

NAMES = Stack.read().names
ARCHIVE, BUCKET = NAMES["InvoiceArchive"], NAMES["Bucket"]
ORDER = {"GrundDaten": {"KundNr": "100004"}, "Positionen": [{"ArtNr": "1000", "Menge": 3}]}
PDF, XML, JSON = "application/pdf", "application/xml", "application/json"


def _issue(api: Api) -> str:
    created = api.post("/www/auftrag", json=ORDER)
    assert created.status_code == 201, created.text
    auft_nr = str(created.json()["data"]["AuftNr"])
    issued = api.post(f"/www/auftrag/{auft_nr}/rechnung")
    assert issued.status_code == 201, issued.text
    return auft_nr


def _files(api: Api, auft_nr: str) -> tuple[bytes, bytes]:
    got = [api.get(f"/www/auftrag/{auft_nr}/rechnung", headers={"Accept": accept}) for accept in (PDF, XML)]
    assert [g.status_code for g in got] == [200, 200], [g.text for g in got]
    return got[0].content, got[1].content


def _keys(s3: Any, bucket: str, auft_nr: str) -> list[str]:
    listed = s3.list_objects_v2(Bucket=bucket, Prefix=f"rechnung/{auft_nr}/").get("Contents", [])
    return sorted(o["Key"] for o in listed)


def _refused(call: Any) -> tuple[str, int]:
    with pytest.raises(ClientError) as refused:
        call()
    return refusal(refused.value)


def _assert_locked(s3: Any, key: str, body: bytes) -> None:
    version = s3.head_object(Bucket=ARCHIVE, Key=key)["VersionId"]
    assert _refused(lambda: s3.put_object(Bucket=ARCHIVE, Key=key, Body=b"forged", IfNoneMatch="*")) == (
        "PreconditionFailed",
        412,
    )
    assert _refused(lambda: s3.put_object(Bucket=ARCHIVE, Key=key, Body=b"forged")) == ("AccessDenied", 403)
    other = lambda: s3.put_object(Bucket=ARCHIVE, Key=key, Body=b"forged", IfNoneMatch='"etag"')  # noqa: E731
    assert _refused(other) == ("AccessDenied", 403)
    copy = {"Bucket": ARCHIVE, "Key": key}
    assert _refused(lambda: s3.copy_object(Bucket=ARCHIVE, Key=key, CopySource=copy)) == ("AccessDenied", 403)
    assert _refused(lambda: s3.create_multipart_upload(Bucket=ARCHIVE, Key=key)) == ("AccessDenied", 403)
    assert _refused(lambda: s3.delete_object(Bucket=ARCHIVE, Key=key)) == ("AccessDenied", 403)
    assert _refused(lambda: s3.delete_object(Bucket=ARCHIVE, Key=key, VersionId=version)) == ("AccessDenied", 403)
    assert s3.get_object(Bucket=ARCHIVE, Key=key)["Body"].read() == body
    assert [v["VersionId"] for v in s3.list_object_versions(Bucket=ARCHIVE, Prefix=key)["Versions"]] == [version]


def test_an_issued_invoice_cannot_be_overwritten_or_deleted_and_reads_the_same(api: Api, local_client: Any) -> None:
    auft_nr = _issue(api)
    pdf, xml = _files(api, auft_nr)
    s3 = local_client("s3")
    pdf_key, xml_key = sorted(_keys(s3, ARCHIVE, auft_nr))
    assert _keys(s3, BUCKET, auft_nr) == []  # media and log files only there
    assert s3.head_object(Bucket=ARCHIVE, Key=pdf_key)["ObjectLockMode"] == "COMPLIANCE"
    _assert_locked(s3, pdf_key, pdf)
    _assert_locked(s3, xml_key, xml)
    both = {"Objects": [{"Key": pdf_key}, {"Key": xml_key}]}
    assert [e["Code"] for e in s3.delete_objects(Bucket=ARCHIVE, Delete=both)["Errors"]] == ["AccessDenied"] * 2
    assert _files(api, auft_nr) == (pdf, xml)
    again = api.post(f"/www/auftrag/{auft_nr}/rechnung")  # the same invoice, nothing written
    assert again.status_code == 200
    assert _files(api, auft_nr) == (pdf, xml)


def _as_the_release_before_left_it(data: Path) -> None:
    """The saved data as the release before the archive wrote it: the invoice files in the media and log
    bucket, none in the archive, the records without the mark."""
    state_file = data / "state.json"
    state = json.loads(state_file.read_text(encoding="utf-8"))
    archived = state["objects"].pop("InvoiceArchive")
    state["objects"]["Bucket"] += [{k: v for k, v in o.items() if not k.startswith("Lock")} for o in archived]
    for item in state["tables"]["Table"]:
        item.pop("Archiv", None)
    state_file.write_text(json.dumps(state), encoding="utf-8")


def _migrate(running: StartedStack) -> str:
    done = admin(running.stack, "migrate")
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_data_of_the_release_before_is_served_migrated_and_stays_locked_across_a_restart(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with started(data, fresh=True) as first:
        api = Api(first.api)
        api.login()
        auft_nr = _issue(api)
        issued = _files(api, auft_nr)
        first.stop()
    _as_the_release_before_left_it(data)
    with started(data, fresh=False) as upgraded:
        api = Api(upgraded.api)
        api.login()
        s3 = upgraded.client("s3")
        keys = _keys(s3, BUCKET, auft_nr)
        assert (len(keys), _keys(s3, ARCHIVE, auft_nr)) == (2, [])
        assert _files(api, auft_nr) == issued  # before the migration: from where it was
        rech_nr = api.get(f"/www/auftrag/{auft_nr}/rechnung", headers={"Accept": JSON}).json()["data"]["RechNr"]
        out = _migrate(upgraded)
        assert f"copied into the archive and verified (1 copied: {rech_nr}; 0 there already), 0 not" in out
        assert _keys(s3, ARCHIVE, auft_nr) == keys == _keys(s3, BUCKET, auft_nr)  # the source stays
        assert _files(api, auft_nr) == issued  # now from the archive
        assert "0 invoices of the release before copied" in _migrate(upgraded)
        until = s3.head_object(Bucket=ARCHIVE, Key=keys[0])["ObjectLockRetainUntilDate"]
        assert timedelta(days=4017) < until - datetime.now(UTC) <= timedelta(days=4018)
        upgraded.stop()
    with started(data, fresh=False) as restarted:
        api = Api(restarted.api)
        api.login()
        s3 = restarted.client("s3")
        assert s3.head_object(Bucket=ARCHIVE, Key=keys[0])["ObjectLockRetainUntilDate"] == until  # not anew
        _assert_locked(s3, keys[0], issued[0])
        _assert_locked(s3, keys[1], issued[1])
        assert _files(api, auft_nr) == issued
        assert "0 invoices of the release before copied" in _migrate(restarted)
