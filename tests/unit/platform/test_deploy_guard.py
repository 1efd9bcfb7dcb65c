"""tools/deploy_guard.py: `make deploy` goes only to the account samconfig.toml names for the environment."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import threading
import tomllib
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from typing import Any, ClassVar

import pytest

from tools.deploy_guard import SAMCONFIG, Refused, check, main

DEV, PROD = "111111111111", "222222222222"
OVERRIDES = {
    "dev": 'Environment="dev" AllowedOrigins="*" AlarmEmail="" CreateApiGatewayLogsRole="true"',
    "prod": 'Environment="prod" AllowedOrigins="https://shop.ch" AlarmEmail="ops@shop.ch" '
    'CreateApiGatewayLogsRole="true"',
}


def config(dev: str = DEV, prod: str = PROD, prod_overrides: str = OVERRIDES["prod"]) -> dict[str, Any]:
    texts = {"dev": OVERRIDES["dev"], "prod": prod_overrides}
    return {env: {"deploy": {"parameters": {"parameter_overrides": texts[env]}}} for env in ("dev", "prod")} | {
        "accounts": {"dev": dev, "prod": prod}
    }


def identity(account: str) -> dict[str, str]:
    return {"UserId": "AIDA...", "Account": account, "Arn": f"arn:aws:iam::{account}:user/ops"}


def test_each_environment_deploys_to_its_own_account_only() -> None:
    assert check(config(), "dev", identity(DEV)) == DEV
    assert check(config(), "prod", identity(PROD)) == PROD
    with pytest.raises(Refused, match=f"credentials are for account {DEV}, prod is {PROD}"):
        check(config(), "prod", identity(DEV))
    with pytest.raises(Refused, match="credentials are for account 333333333333, dev is"):
        check(config(), "dev", identity("333333333333"))
    with pytest.raises(Refused, match=r"credentials are for account \?"):
        check(config(), "dev", {})


@pytest.mark.parametrize("account", ["", "12345", "00000000000x", "1234567890123"])
def test_an_environment_without_an_account_is_never_deployed(account: str) -> None:
    with pytest.raises(Refused, match="names no AWS account for prod"):
        check(config(prod=account), "prod", identity(account))


def test_an_unknown_environment_is_refused() -> None:
    with pytest.raises(Refused, match="no staging environment"):
        check(config(), "staging", identity(DEV))


def test_one_stack_per_account_sets_the_api_gateway_logs_role() -> None:
    with pytest.raises(Refused, match=f"dev and prod share account {DEV} and both set CreateApiGatewayLogsRole"):
        check(config(prod=DEV), "prod", identity(DEV))
    second = OVERRIDES["prod"].replace('CreateApiGatewayLogsRole="true"', 'CreateApiGatewayLogsRole="false"')
    shared = config(prod=DEV, prod_overrides=second)
    assert check(shared, "prod", identity(DEV)) == DEV


def test_prod_needs_an_alarm_address_and_named_origins() -> None:
    no_mail = OVERRIDES["prod"].replace("ops@shop.ch", "")
    with pytest.raises(Refused, match="prod has neither AlarmEmail nor AlarmSnsTopicArn"):
        check(config(prod_overrides=no_mail), "prod", identity(PROD))
    topic = f'{no_mail} AlarmSnsTopicArn="arn:aws:sns:eu-central-1:{PROD}:on-call"'
    assert check(config(prod_overrides=topic), "prod", identity(PROD)) == PROD
    for origins in ("https://shop.ch,*", "", "https://shop.ch, "):
        any_origin = OVERRIDES["prod"].replace("https://shop.ch", origins)
        with pytest.raises(Refused, match=r"AllowedOrigins=\* or an empty one"):
            check(config(prod_overrides=any_origin), "prod", identity(PROD))


@pytest.mark.parametrize(
    ("archive", "accepted"),
    [
        ("", True),  # the template's defaults: COMPLIANCE, 4018 days
        ('ArchiveLockMode="COMPLIANCE" ArchiveRetentionDays="4018"', True),
        ('ArchiveLockMode="COMPLIANCE" ArchiveRetentionDays="5000"', True),
        ('ArchiveLockMode="GOVERNANCE" ArchiveRetentionDays="4018"', False),
        ('ArchiveLockMode="COMPLIANCE" ArchiveRetentionDays="3653"', False),
        ('ArchiveRetentionDays="1"', False),
    ],
)
def test_prod_locks_its_archive_in_compliance_for_eleven_years_at_least(archive: str, accepted: bool) -> None:
    prod = config(prod_overrides=f"{OVERRIDES['prod']} {archive}")
    if accepted:
        assert check(prod, "prod", identity(PROD)) == PROD
    else:
        with pytest.raises(Refused, match="COMPLIANCE for at least 4018 is the law's"):
            check(prod, "prod", identity(PROD))
    dev = config() | {"dev": {"deploy": {"parameters": {"parameter_overrides": f"{OVERRIDES['dev']} {archive}"}}}}
    assert check(dev, "dev", identity(DEV)) == DEV  # dev's archive may be weak


def test_the_command_reads_the_identity_and_says_why_it_refuses(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    toml = tmp_path / "samconfig.toml"
    toml.write_text(
        f"[prod.deploy.parameters]\nparameter_overrides = '{OVERRIDES['prod']}'\n[accounts]\nprod = \"{PROD}\"\n",
        encoding="utf-8",
    )
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(identity(PROD))))
    assert main(["prod", "--identity", "-", "--config", str(toml)]) == 0
    assert capsys.readouterr().out == f"deploy_guard: prod deploys to account {PROD}\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(identity(DEV))))
    assert main(["prod", "--identity", "-", "--config", str(toml)]) == 1
    refusal = f"deploy_guard: the credentials are for account {DEV}, prod is {PROD}: not deploying\n"
    assert capsys.readouterr().err == refusal


def test_the_repositorys_samconfig_names_no_account_yet_so_make_deploy_stops() -> None:
    """Until the operators put the ids in, `make deploy` refuses before it builds, tests or asks AWS."""
    config = tomllib.loads(SAMCONFIG.read_text(encoding="utf-8"))
    assert set(config["accounts"]) == {"dev", "prod"}
    root = SAMCONFIG.parent
    deploy = subprocess.run(["make", "deploy", "ENV=prod"], cwd=root, capture_output=True, text=True, check=False)
    assert deploy.returncode != 0
    assert "deploy_guard: samconfig.toml names no AWS account for prod" in deploy.stderr
    assert "sam deploy" not in deploy.stdout


class _Sts(BaseHTTPRequestHandler):
    """STS's GetCallerIdentity, answering the accounts of `answers` in turn (the last one again)."""

    answers: ClassVar[list[str]] = []
    asked = 0

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers["Content-Length"]))
        account = self.answers[min(type(self).asked, len(self.answers) - 1)]
        type(self).asked += 1
        body = (
            '<GetCallerIdentityResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><GetCallerIdentityResult>'
            f"<Arn>arn:aws:iam::{account}:user/ops</Arn><UserId>AIDA</UserId><Account>{account}</Account>"
            "</GetCallerIdentityResult><ResponseMetadata><RequestId>r</RequestId></ResponseMetadata>"
            "</GetCallerIdentityResponse>"
        ).encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/xml")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: Any) -> None:
        pass


def _make_deploy(
    tmp_path: Path, accounts: list[str], name: str = "prod", parameters: str = OVERRIDES["prod"]
) -> tuple[subprocess.CompletedProcess[str], list[str]]:
    """`make deploy ENV=prod` against a samconfig naming PROD, the credentials' account(s) from a fake STS
    endpoint; `make` (for test and build) and `sam` record their arguments instead of running."""
    samconfig = tmp_path / "samconfig.toml"
    samconfig.write_text(
        f"[{name}.deploy.parameters]\nparameter_overrides = '{parameters}'\n[accounts]\n{name} = \"{PROD}\"\n",
        encoding="utf-8",
    )
    steps = tmp_path / "steps"
    (tmp_path / "bin").mkdir()
    for tool in ("make", "sam"):
        (tmp_path / "bin" / tool).write_text(f'#!/bin/sh\necho "{tool} $*" >> {steps}\n', encoding="utf-8")
        (tmp_path / "bin" / tool).chmod(0o755)
    _Sts.answers, _Sts.asked = accounts, 0
    server = HTTPServer(("127.0.0.1", 0), _Sts)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    env = {
        **os.environ,
        "AWS_ENDPOINT_URL_STS": f"http://127.0.0.1:{server.server_address[1]}",
        "AWS_ACCESS_KEY_ID": "test",
        "AWS_SECRET_ACCESS_KEY": "test",
        "AWS_DEFAULT_REGION": "eu-central-1",
    }
    env.pop("AWS_PROFILE", None)
    fakes = [f"MAKE={tmp_path / 'bin' / 'make'}", f"SAMVENV={tmp_path}"]
    try:
        done = subprocess.run(
            ["make", "--no-print-directory", "deploy", f"ENV={name}", f"SAMCONFIG={samconfig}", *fakes],
            cwd=SAMCONFIG.parent,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
    finally:
        server.shutdown()
    return done, steps.read_text(encoding="utf-8").splitlines() if steps.exists() else []


def test_make_deploy_prod_checks_the_account_runs_every_test_and_checks_again_before_sam_deploy(
    tmp_path: Path,
) -> None:
    done, steps = _make_deploy(tmp_path, [PROD])
    assert done.returncode == 0, done.stderr
    assert steps == [
        "make --no-print-directory .venv/.installed",
        "make --no-print-directory test",
        "make build",
        f"sam deploy --config-file {tmp_path / 'samconfig.toml'} --config-env prod",
    ]
    assert done.stdout.count(f"deploy_guard: prod deploys to account {PROD}") == 2
    assert _Sts.asked == 2


def test_make_deploy_prod_stops_before_the_tests_with_another_accounts_credentials(tmp_path: Path) -> None:
    done, steps = _make_deploy(tmp_path, [DEV])
    assert done.returncode != 0
    assert f"deploy_guard: the credentials are for account {DEV}, prod is {PROD}: not deploying" in done.stderr
    assert steps == ["make --no-print-directory .venv/.installed"]  # neither tests, nor build, nor sam


def test_make_deploy_prod_stops_when_the_credentials_changed_while_the_tests_ran(tmp_path: Path) -> None:
    done, steps = _make_deploy(tmp_path, [PROD, DEV])
    assert done.returncode != 0
    assert f"the credentials are for account {DEV}, prod is {PROD}" in done.stderr
    assert steps[-1] == "make build"  # no sam deploy


def test_an_environment_of_another_name_that_deploys_prod_runs_every_test_too(tmp_path: Path) -> None:
    done, steps = _make_deploy(tmp_path, [PROD], name="production")
    assert done.returncode == 0, done.stderr
    assert steps[1] == "make --no-print-directory test"
    assert steps[-1] == f"sam deploy --config-file {tmp_path / 'samconfig.toml'} --config-env production"


def test_a_dev_environment_deploys_without_the_tests(tmp_path: Path) -> None:
    done, steps = _make_deploy(tmp_path, [PROD], name="dev", parameters=OVERRIDES["dev"])
    assert done.returncode == 0, done.stderr
    assert "make --no-print-directory test" not in steps
    assert steps[-1] == f"sam deploy --config-file {tmp_path / 'samconfig.toml'} --config-env dev"
