"""samconfig.toml: separate dev and prod environments, and no way for `sam sync` to reach prod."""

from __future__ import annotations

import subprocess
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
CONFIG = tomllib.loads((ROOT / "samconfig.toml").read_text(encoding="utf-8"))


def overrides(env: str) -> dict[str, str]:
    text = CONFIG[env]["deploy"]["parameters"]["parameter_overrides"]
    return dict(pair.split("=", 1) for pair in text.replace('"', "").split())


def test_dev_and_prod_deploy_to_their_own_stacks() -> None:
    assert CONFIG["dev"]["global"]["parameters"]["stack_name"] == "backoffice-dev"
    assert CONFIG["prod"]["deploy"]["parameters"]["stack_name"] == "backoffice-prod"
    assert CONFIG["prod"]["deploy"]["parameters"]["confirm_changeset"] is True
    assert overrides("prod")["LogRetentionDays"] == "90"
    assert overrides("dev")["LogRetentionDays"] == "14"
    for env in ("dev", "prod"):
        assert set(overrides(env)) == {
            "StageName",
            "LogRetentionDays",
            "ThrottlingRateLimit",
            "ThrottlingBurstLimit",
            "AlarmEmail",
            "AlarmSnsTopicArn",
            "CreateApiGatewayLogsRole",
            "ArchiveLockMode",
            "ArchiveRetentionDays",
            "Environment",
            "AllowedOrigins",
            "EnableWaf",
            "DeploymentType",
            "TokenRateLimit",
            "TokenBurstLimit",
            "TokenReservedConcurrency",
        }
        assert overrides(env)["Environment"] == env


def test_prod_takes_a_canary_the_waf_and_named_origins_dev_the_fast_path() -> None:
    prod, dev = overrides("prod"), overrides("dev")
    assert (prod["DeploymentType"], dev["DeploymentType"]) == ("Canary10Percent5Minutes", "AllAtOnce")
    assert (prod["EnableWaf"], dev["EnableWaf"]) == ("true", "false")
    assert "*" not in prod["AllowedOrigins"].split(",")
    assert dev["AllowedOrigins"] == "*"  # what the local stack takes too (the template's default)
    assert int(prod["TokenReservedConcurrency"]) > 0


def test_sync_has_no_prod_stack_to_target() -> None:
    assert "sync" not in CONFIG["prod"]
    assert "global" not in CONFIG["prod"]  # the stack name lives in prod's deploy section only
    assert CONFIG["default"]["sync"]["parameters"]["stack_name"] == "backoffice-dev"
    assert "stack_name" not in CONFIG["default"].get("global", {}).get("parameters", {})


def test_make_sync_refuses_prod_and_deploy_an_unknown_environment() -> None:
    sync = subprocess.run(["make", "sync", "ENV=prod"], cwd=ROOT, capture_output=True, text=True, check=False)
    assert sync.returncode != 0
    assert "sam sync never targets prod: use make deploy ENV=prod" in sync.stderr
    deploy = subprocess.run(["make", "deploy", "ENV=staging"], cwd=ROOT, capture_output=True, text=True, check=False)
    assert deploy.returncode != 0
    assert "samconfig.toml has no staging environment" in deploy.stderr


def test_the_login_limit_keeps_prods_token_function_below_its_reserved_concurrency() -> None:
    """At most burst + rate x duration logins run at once (a token bucket's bound); 0.2 s is twice a
    warm scrypt check. Within the reservation API Gateway answers 429 before Lambda throttles (500)."""
    prod = overrides("prod")
    reserved = int(prod["TokenReservedConcurrency"])
    assert int(prod["TokenBurstLimit"]) + float(prod["TokenRateLimit"]) * 0.2 <= reserved
