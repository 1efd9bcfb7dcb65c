"""Refuse a deploy to an account samconfig.toml does not name for the environment (make deploy).

    python -m tools.deploy_guard ENV                  # asks STS who the credentials are
    python -m tools.deploy_guard ENV --is-prod        # status 0 when ENV deploys prod (make test first)
    aws sts get-caller-identity | python -m tools.deploy_guard ENV --identity -

It stops (exit status 1, one line on standard error) when:
- the environment has no account id in samconfig.toml's [accounts] table, or not 12 digits;
- the credentials belong to another account (STS GetCallerIdentity);
- two environments name the same account and both set CreateApiGatewayLogsRole=true (the
  account-wide role is set by one stack only; docs/operations.md, Deploying);
- prod's parameter_overrides name no alarm destination (AlarmEmail or AlarmSnsTopicArn), allow
  every CORS origin (`*`, or an empty one, which the function reads as `*`), or lock the invoice
  archive in another mode than COMPLIANCE (the template's Rules refuse these too; checked here
  before `make test` spends minutes), or for fewer than ARCHIVE_DAYS days (which no Rule can compare).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tomllib
from pathlib import Path
from typing import Any

SAMCONFIG = Path(__file__).resolve().parent.parent / "samconfig.toml"
# Eleven years with their leap days: the law's ten years from the end of the business year
# (ADR 0025).
ARCHIVE_DAYS = 4018


class Refused(Exception):
    """The deploy must not go ahead; the message says why."""


def overrides(config: dict[str, Any], env: str) -> dict[str, str]:
    """The environment's parameter_overrides (`Key="Value" ...`) as a dict."""
    text = config.get(env, {}).get("deploy", {}).get("parameters", {}).get("parameter_overrides", "")
    return dict(re.findall(r'(\w+)="([^"]*)"', text))


def is_prod(config: dict[str, Any], env: str) -> bool:
    """Whether the environment deploys a prod stack: named prod, or its Environment parameter says so
    (an environment named otherwise gets the template's prod Rules, so it gets prod's checks too)."""
    return env == "prod" or overrides(config, env).get("Environment") == "prod"


def account_of(config: dict[str, Any], env: str) -> str:
    account = str(config.get("accounts", {}).get(env, ""))
    if not re.fullmatch(r"\d{12}", account):
        raise Refused(f"samconfig.toml names no AWS account for {env} ([accounts] {env} = {account!r}): not deploying")
    return account


def check(config: dict[str, Any], env: str, identity: dict[str, Any]) -> str:
    """The account to deploy to, when everything holds; `identity` is GetCallerIdentity's answer."""
    if env not in config or "deploy" not in config[env]:
        raise Refused(f"samconfig.toml has no {env} environment")
    expected = account_of(config, env)
    actual = str(identity.get("Account", ""))
    if actual != expected:
        raise Refused(f"the credentials are for account {actual or '?'}, {env} is {expected}: not deploying")
    _check_logs_role(config, expected)
    if is_prod(config, env):
        _check_prod(overrides(config, env))
    return expected


def _check_logs_role(config: dict[str, Any], account: str) -> None:
    setters = [
        env
        for env in config.get("accounts", {})
        if str(config["accounts"][env]) == account and overrides(config, env).get("CreateApiGatewayLogsRole") == "true"
    ]
    if len(setters) > 1:
        raise Refused(
            f"{' and '.join(setters)} share account {account} and both set CreateApiGatewayLogsRole=true: "
            "set it false in all but one"
        )


def _check_prod(params: dict[str, str]) -> None:
    if not params.get("AlarmEmail") and not params.get("AlarmSnsTopicArn"):
        raise Refused("prod has neither AlarmEmail nor AlarmSnsTopicArn in samconfig.toml: the alarms would go nowhere")
    origins = [o.strip() for o in params.get("AllowedOrigins", "*").split(",")]
    if "*" in origins or "" in origins:
        raise Refused("prod allows every CORS origin (AllowedOrigins=* or an empty one): name the shops' origins")
    mode, days = params.get("ArchiveLockMode", "COMPLIANCE"), params.get("ArchiveRetentionDays", str(ARCHIVE_DAYS))
    if mode != "COMPLIANCE" or not days.isdigit() or int(days) < ARCHIVE_DAYS:
        raise Refused(
            f"prod locks the invoice archive in {mode} for {days} days: "
            f"COMPLIANCE for at least {ARCHIVE_DAYS} is the law's"
        )


def _caller_identity() -> dict[str, Any]:
    import boto3
    from botocore.exceptions import BotoCoreError, ClientError

    try:
        answer: dict[str, Any] = boto3.client("sts").get_caller_identity()
    except (BotoCoreError, ClientError) as exc:
        raise Refused(f"STS GetCallerIdentity failed ({exc}): not deploying") from exc
    return answer


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("env")
    parser.add_argument("--identity", help="GetCallerIdentity's JSON answer in a file, - for standard input")
    parser.add_argument("--config", type=Path, default=SAMCONFIG)
    parser.add_argument("--is-prod", action="store_true", help="only say (exit status) whether ENV deploys prod")
    args = parser.parse_args(argv)
    config = tomllib.loads(args.config.read_text(encoding="utf-8"))
    if args.is_prod:
        return 0 if is_prod(config, args.env) else 1
    try:
        if args.identity:
            text = sys.stdin.read() if args.identity == "-" else Path(args.identity).read_text(encoding="utf-8")
            identity = json.loads(text)
        else:
            account_of(config, args.env)  # an unnamed account stops before any call to AWS
            identity = _caller_identity()
        account = check(config, args.env, identity)
    except Refused as exc:
        print(f"deploy_guard: {exc}", file=sys.stderr)
        return 1
    print(f"deploy_guard: {args.env} deploys to account {account}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
