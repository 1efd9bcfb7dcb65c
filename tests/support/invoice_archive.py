"""The invoice archive (issue 27) in the tests: invoices as the release before it left them, and the
refusals AWS gives for an archived file.

The release before wrote an invoice's files to the media and log bucket under the same keys and
kept its record without the `Archiv` mark; `issue_as_last_release` issues one through the handler
that way (the files written where that release wrote them, the mark taken off), so the read path
and `python -m backoffice.admin migrate` meet exactly what an upgraded stack holds.
"""

from __future__ import annotations

import base64
from typing import Any

import pytest
from botocore.exceptions import ClientError

from tests.support.invoke import call

ORDER = {"GrundDaten": {"KundNr": "100004"}, "Positionen": [{"ArtNr": "1000", "Menge": 3}]}
WEBSHOP = "SHOP"


def new_order(order: dict[str, Any] = ORDER) -> str:
    answer = call("auftrag", "POST", "/www/auftrag", order, webshop=WEBSHOP)
    assert answer.status == 201, answer.text
    return str(answer.json()["data"]["AuftNr"])


def issue(auft_nr: str) -> dict[str, Any]:
    """The invoice issued through the handler (201); its record as the table holds it."""
    from backoffice.invoices import store

    answer = call("rechnung", "POST", f"/www/auftrag/{auft_nr}/rechnung", webshop=WEBSHOP)
    assert answer.status == 201, answer.text
    record = store.read_record(auft_nr, consistent=True)
    assert record is not None
    return record


def issue_as_last_release(auft_nr: str, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """The invoice issued as the release before the archive did: files in the media and log bucket, no mark."""
    from backoffice.invoices import store
    from backoffice.platform import dynamo
    from backoffice.platform.aws import client
    from backoffice.platform.environment import get_settings

    with monkeypatch.context() as patched:
        patched.setattr(store, "archive_bucket", lambda: get_settings().bucket_name)
        # That release wrote the files into the media bucket, which the rechnung function's policies
        # no longer allow (local/iam.py holds it to them): the old state is set up with IAM off.
        patched.setenv("LOCAL_IAM", "off")
        issue(auft_nr)
    client("dynamodb").update_item(
        TableName=dynamo.table_name(),
        Key=dynamo.key(store.pk(auft_nr), store.SK),
        UpdateExpression="REMOVE #archived",
        ExpressionAttributeNames={"#archived": store.ARCHIVED},
    )
    record = store.read_record(auft_nr, consistent=True)
    assert record is not None
    assert store.ARCHIVED not in record
    return record


def fetch(auft_nr: str, accept: str) -> bytes:
    """The invoice's PDF or XML as GET answers it (200)."""
    answer = call("rechnung", "GET", f"/www/auftrag/{auft_nr}/rechnung", headers={"Accept": accept}, webshop=WEBSHOP)
    assert answer.status == 200, answer.text
    return base64.b64decode(answer.text) if answer.raw.get("isBase64Encoded") else answer.text.encode("utf-8")


def refusal(error: ClientError) -> tuple[str, int]:
    """(S3's error code, HTTP status) of a refused call."""
    return str(error.response["Error"]["Code"]), int(error.response["ResponseMetadata"]["HTTPStatusCode"])
