"""tools/iac_check.py: cfn-lint's and checkov's findings against iac-baseline.toml, where each
accepted finding has its reason; anything new, or an entry that no longer matches, fails make test."""

from __future__ import annotations

import tomllib
from typing import Any

from tools.iac_check import BASELINE, Finding, cfn_lint_findings, checkov_findings, compare

CFN_LINT_REPORT = [
    {
        "Rule": {"Id": "WS1004"},
        "Location": {"Path": ["Resources", "AuftragFunction"]},
        "Message": "Lambda function AuftragFunction does not have a corresponding log group",
    },
    {"Rule": {"Id": "E0000"}, "Location": {"Path": []}, "Message": "template-wide"},
]
CHECKOV_REPORT = {
    "check_type": "cloudformation",
    "results": {
        "failed_checks": [
            {"check_id": "CKV_AWS_117", "resource": "AWS::Serverless::Function.NewFunction", "check_name": "VPC"},
            {"check_id": "CKV_AWS_21", "resource": "AWS::S3::Bucket.ArchiveBucket", "check_name": "versioning"},
        ]
    },
}
BASELINE_ENTRIES: list[dict[str, Any]] = [
    {"tool": "cfn-lint", "rule": "WS1004", "resources": ["*Function"], "reason": "r"},
    {"tool": "checkov", "rule": "CKV_AWS_117", "resources": ["*Function"], "reason": "r"},
    {"tool": "checkov", "rule": "CKV_AWS_21", "resources": ["Bucket"], "reason": "r"},
    {"tool": "checkov", "rule": "CKV_AWS_28", "resources": ["IdempotencyTable"], "reason": "r"},
]


def test_the_reports_are_read_as_findings_by_logical_id() -> None:
    assert cfn_lint_findings(CFN_LINT_REPORT) == [
        Finding("cfn-lint", "WS1004", "AuftragFunction", CFN_LINT_REPORT[0]["Message"]),
        Finding("cfn-lint", "E0000", "", "template-wide"),
    ]
    assert checkov_findings(CHECKOV_REPORT) == [
        Finding("checkov", "CKV_AWS_117", "NewFunction", "VPC"),
        Finding("checkov", "CKV_AWS_21", "ArchiveBucket", "versioning"),
    ]


def test_a_finding_the_baseline_lacks_is_new_and_an_entry_nothing_matches_is_stale() -> None:
    findings = cfn_lint_findings(CFN_LINT_REPORT) + checkov_findings(CHECKOV_REPORT)
    new, stale = compare(findings, BASELINE_ENTRIES)
    # A new function falls under a *Function entry; the archive bucket is no "Bucket".
    assert [(f.tool, f.rule, f.resource) for f in new] == [
        ("cfn-lint", "E0000", ""),
        ("checkov", "CKV_AWS_21", "ArchiveBucket"),
    ]
    assert [(e["rule"], e["resources"]) for e in stale] == [
        ("CKV_AWS_21", ["Bucket"]),
        ("CKV_AWS_28", ["IdempotencyTable"]),
    ]


def test_every_baseline_entry_gives_its_reason() -> None:
    entries = tomllib.loads(BASELINE.read_text(encoding="utf-8"))["finding"]
    assert entries
    for entry in entries:
        assert set(entry) == {"tool", "rule", "resources", "reason"}, entry
        assert entry["tool"] in ("cfn-lint", "checkov")
        assert len(entry["reason"].split()) >= 8, entry["rule"]
