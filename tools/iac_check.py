"""cfn-lint with the serverless rules and checkov over template.yaml, against the reviewed baseline.

    python -m tools.iac_check [--bin .venv-iac/bin]

Every finding must be fixed or listed in iac-baseline.toml with its reason; a finding the baseline
does not list fails (exit status 1), and so does a baseline entry that matches no finding any more
(fixed: take it out, so the baseline stays the list of what is accepted). Offline once installed:
checkov runs with --skip-download and without its guideline mapping (BC_SKIP_MAPPING).
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import os
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BASELINE = ROOT / "iac-baseline.toml"
TEMPLATE = ROOT / "template.yaml"


@dataclass(frozen=True, order=True)
class Finding:
    tool: str
    rule: str
    resource: str  # logical id; "" for the template as a whole
    message: str = ""


def cfn_lint_findings(report: list[dict[str, Any]]) -> list[Finding]:
    found = []
    for item in report:
        path = item.get("Location", {}).get("Path") or []
        resource = str(path[1]) if len(path) > 1 and path[0] == "Resources" else ""
        found.append(Finding("cfn-lint", item["Rule"]["Id"], resource, item.get("Message", "")))
    return found


def checkov_findings(report: dict[str, Any] | list[dict[str, Any]]) -> list[Finding]:
    reports = report if isinstance(report, list) else [report]
    return [
        Finding("checkov", f["check_id"], str(f["resource"]).split(".", 1)[-1], f.get("check_name", ""))
        for r in reports
        for f in (r.get("results") or {}).get("failed_checks", [])
    ]


def compare(findings: list[Finding], baseline: list[dict[str, Any]]) -> tuple[list[Finding], list[dict[str, Any]]]:
    """(findings the baseline does not list, baseline entries that match no finding)."""
    used: set[int] = set()
    new = []
    for finding in findings:
        matches = [n for n, e in enumerate(baseline) if _listed(e, finding)]
        used.update(matches)
        if not matches:
            new.append(finding)
    return new, [e for n, e in enumerate(baseline) if n not in used]


def _listed(entry: dict[str, Any], finding: Finding) -> bool:
    return (
        entry["tool"] == finding.tool
        and entry["rule"] == finding.rule
        and any(fnmatch.fnmatchcase(finding.resource, pattern) for pattern in entry["resources"])
    )


def _run(command: list[str], env: dict[str, str] | None = None) -> Any:
    """A checker's JSON report; a checker that fails to run (not a finding) stops the check."""
    done = subprocess.run(command, capture_output=True, text=True, check=False, env=env)  # noqa: S603 - fixed tools
    if done.returncode not in (0, 1) or not done.stdout.strip():
        raise RuntimeError(f"{Path(command[0]).name} failed ({done.returncode}): {done.stderr.strip()[-2000:]}")
    return json.loads(done.stdout)


CFN_LINT = ["--append-rules", "cfn_lint_serverless.rules", "--format", "json", "--non-zero-exit-code", "none"]
CHECKOV = ["--framework", "cloudformation", "-o", "json", "--quiet", "--compact", "--skip-download"]


def run_tools(bin_dir: Path) -> list[Finding]:
    lint = _run([str(bin_dir / "cfn-lint"), *CFN_LINT, str(TEMPLATE)])
    offline = os.environ | {"BC_SKIP_MAPPING": "TRUE"}  # no download of checkov's guideline mapping
    checkov = _run([str(bin_dir / "checkov"), "-f", str(TEMPLATE), *CHECKOV], env=offline)
    return cfn_lint_findings(lint) + checkov_findings(checkov)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", type=Path, default=ROOT / ".venv-iac" / "bin")
    args = parser.parse_args(argv)
    baseline = tomllib.loads(BASELINE.read_text(encoding="utf-8"))["finding"]
    findings = run_tools(args.bin)
    new, stale = compare(findings, baseline)
    for finding in sorted(new):
        print(f"iac_check: new finding {finding.tool} {finding.rule} {finding.resource}: {finding.message}")
    for entry in stale:
        print(f"iac_check: iac-baseline.toml lists {entry['tool']} {entry['rule']} {entry['resources']}, found no more")
    if new or stale:
        print("iac_check: fix each new finding, or list it in iac-baseline.toml with its reason")
        return 1
    print(f"iac_check: {len(findings)} findings, each in iac-baseline.toml with its reason")
    return 0


if __name__ == "__main__":
    sys.exit(main())
