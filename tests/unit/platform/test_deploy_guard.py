"""tools/deploy_guard.py: `make deploy` goes only to the account samconfig.toml names for the environment."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

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
    any_origin = OVERRIDES["prod"].replace("https://shop.ch", "https://shop.ch,*")
    with pytest.raises(Refused, match=r"AllowedOrigins=\*"):
        check(config(prod_overrides=any_origin), "prod", identity(PROD))


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
