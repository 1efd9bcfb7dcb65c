"""The invoice archive in template.yaml and samconfig.toml (issue 27): its own bucket with versioning,
Object Lock (COMPLIANCE and eleven years in prod, GOVERNANCE and a day in dev), public access blocked,
TLS only, no overwrite and no delete marker by its policy, Retain on it, on the access log group
and on the signing key; the rechnung function alone writes and reads it, without delete."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from backoffice.admin.target import STACK_OUTPUTS
from backoffice.invoices.store import ARCHIVE_VARIABLE, S3_PREFIX
from backoffice.platform.environment import Settings
from local.template import Stack

STACK = Stack.read()
PARAMS = STACK.doc["Parameters"]
RESOURCES = STACK.doc["Resources"]
ARCHIVE = RESOURCES["InvoiceArchive"]
CONFIG = tomllib.loads((Path(__file__).resolve().parents[3] / "samconfig.toml").read_text(encoding="utf-8"))
RETAIN = {"DeletionPolicy": "Retain", "UpdateReplacePolicy": "Retain"}


def _overrides(env: str) -> dict[str, str]:
    text = CONFIG[env]["deploy"]["parameters"]["parameter_overrides"]
    return dict(pair.split("=", 1) for pair in text.replace('"', "").split())


def _statements(logical: str) -> list[dict[str, Any]]:
    """The function's S3 statements (its DynamoDB ones: test_least_privilege)."""
    statements = [s for p in RESOURCES[logical]["Properties"]["Policies"] if "Statement" in p for s in p["Statement"]]
    return [s for s in statements if "s3:" in str(s["Action"])]


def test_the_archive_is_a_bucket_of_its_own_with_versioning_and_object_lock() -> None:
    props = ARCHIVE["Properties"]
    assert ARCHIVE["Type"] == "AWS::S3::Bucket"
    assert props["ObjectLockEnabled"] is True
    assert props["VersioningConfiguration"] == {"Status": "Enabled"}
    assert props["ObjectLockConfiguration"] == {
        "ObjectLockEnabled": "Enabled",
        "Rule": {"DefaultRetention": {"Mode": {"Ref": "ArchiveLockMode"}, "Days": {"Ref": "ArchiveRetentionDays"}}},
    }
    # Media and log files stay where they may be deleted: the old bucket has no lock.
    assert "ObjectLockEnabled" not in RESOURCES["Bucket"]["Properties"]


def test_the_lock_mode_and_period_are_parameters_strict_by_default() -> None:
    assert PARAMS["ArchiveLockMode"]["AllowedValues"] == ["COMPLIANCE", "GOVERNANCE"]
    assert PARAMS["ArchiveLockMode"]["Default"] == "COMPLIANCE"
    days = PARAMS["ArchiveRetentionDays"]
    assert (days["Type"], days["Default"], days["MinValue"], days["MaxValue"]) == ("Number", 4018, 1, 36500)
    # The law's ten years run from the end of the business year: an invoice of 1 January needs eleven
    # years from its writing, and eleven years from any day hold at most three 29ths of February.
    assert days["Default"] == 11 * 365 + 3


def test_prod_locks_in_compliance_for_ten_years_dev_in_governance_for_a_day() -> None:
    prod, dev = _overrides("prod"), _overrides("dev")
    assert (prod["ArchiveLockMode"], prod["ArchiveRetentionDays"]) == ("COMPLIANCE", "4018")
    assert (dev["ArchiveLockMode"], dev["ArchiveRetentionDays"]) == ("GOVERNANCE", "1")


def test_the_archive_blocks_public_access_and_is_encrypted() -> None:
    props = ARCHIVE["Properties"]
    assert props["PublicAccessBlockConfiguration"] == {
        "BlockPublicAcls": True,
        "BlockPublicPolicy": True,
        "IgnorePublicAcls": True,
        "RestrictPublicBuckets": True,
    }
    # SSE-S3: a single PUT's ETag is its MD5, which the write's 412 check compares (invoices/store.py).
    (rule,) = props["BucketEncryption"]["ServerSideEncryptionConfiguration"]
    assert rule == {"ServerSideEncryptionByDefault": {"SSEAlgorithm": "AES256"}}


def test_its_policy_denies_plain_http_overwrites_and_delete_markers_to_everyone() -> None:
    policy = RESOURCES["InvoiceArchivePolicy"]
    assert policy["Type"] == "AWS::S3::BucketPolicy"
    assert policy["Properties"]["Bucket"] == {"Ref": "InvoiceArchive"}
    statements = {s["Sid"]: s for s in policy["Properties"]["PolicyDocument"]["Statement"]}
    objects = {"Fn::Sub": "${InvoiceArchive.Arn}/*"}
    assert statements == {
        "DenyWithoutTls": {
            "Sid": "DenyWithoutTls",
            "Effect": "Deny",
            "Principal": "*",
            "Action": "s3:*",
            "Resource": [{"Fn::GetAtt": ["InvoiceArchive", "Arn"]}, objects],
            "Condition": {"Bool": {"aws:SecureTransport": "false"}},
        },
        "DenyOverwrites": {
            "Sid": "DenyOverwrites",
            "Effect": "Deny",
            "Principal": "*",
            "Action": "s3:PutObject",
            "Resource": objects,
            "Condition": {"Null": {"s3:if-none-match": "true"}},
        },
        "DenyOtherPreconditions": {
            "Sid": "DenyOtherPreconditions",
            "Effect": "Deny",
            "Principal": "*",
            "Action": "s3:PutObject",
            "Resource": objects,
            "Condition": {"StringNotEquals": {"s3:if-none-match": "*"}},
        },
        "DenyDeleteMarkers": {
            "Sid": "DenyDeleteMarkers",
            "Effect": "Deny",
            "Principal": "*",
            "Action": "s3:DeleteObject",
            "Resource": objects,
        },
    }


def test_a_deleted_stack_leaves_the_invoices_their_policy_the_access_log_and_the_signing_key() -> None:
    for logical in ("InvoiceArchive", "InvoiceArchivePolicy", "ApiAccessLogGroup", "SigningKey", "Table", "Bucket"):
        assert {k: RESOURCES[logical].get(k) for k in RETAIN} == RETAIN, logical
    assert STACK.api()["AccessLogSetting"]["DestinationArn"] == {"Fn::GetAtt": ["ApiAccessLogGroup", "Arn"]}


def test_only_the_invoice_functions_have_the_archive_and_they_only_write_and_read_their_files() -> None:
    rechnung = RESOURCES["RechnungFunction"]["Properties"]
    assert rechnung["Environment"]["Variables"] == {ARCHIVE_VARIABLE: {"Ref": "InvoiceArchive"}}
    assert _statements("RechnungFunction") == [
        {
            "Effect": "Allow",
            "Action": ["s3:PutObject", "s3:GetObject"],
            "Resource": {"Fn::Sub": f"${{InvoiceArchive.Arn}}/{S3_PREFIX}*"},
        },
        # The release before's files, until migrate has moved them: read only.
        {"Effect": "Allow", "Action": "s3:GetObject", "Resource": {"Fn::Sub": f"${{Bucket.Arn}}/{S3_PREFIX}*"}},
    ]
    # The credit notes (issue 24) are archived beside the invoices, under their own prefix.
    gutschrift = RESOURCES["GutschriftFunction"]["Properties"]
    assert gutschrift["Environment"]["Variables"] == {ARCHIVE_VARIABLE: {"Ref": "InvoiceArchive"}}
    assert _statements("GutschriftFunction") == [
        {
            "Effect": "Allow",
            "Action": ["s3:PutObject", "s3:GetObject"],
            "Resource": {"Fn::Sub": "${InvoiceArchive.Arn}/gutschrift/*"},
        },
    ]
    for logical, function in STACK.resources("AWS::Serverless::Function").items():
        if logical not in ("RechnungFunction", "GutschriftFunction"):
            assert "InvoiceArchive" not in str(function), logical
    assert "InvoiceArchive" not in str(STACK.doc["Globals"])


def test_the_local_name_the_settings_default_and_the_admin_clis_output_agree() -> None:
    assert STACK.environment("RechnungFunction")[ARCHIVE_VARIABLE] == Settings().archive_bucket_name
    assert STACK.doc["Outputs"]["InvoiceArchiveName"] == {"Value": {"Ref": "InvoiceArchive"}}
    assert STACK_OUTPUTS["InvoiceArchiveName"] == ARCHIVE_VARIABLE
