"""Settings: in AWS a missing resource name fails the function's init, naming the variable."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from backoffice.platform.environment import REQUIRED_IN_AWS, MissingSetting, Settings, load_settings

ROOT = Path(__file__).resolve().parents[3]
IN_AWS = {
    "AWS_LAMBDA_FUNCTION_NAME": "backoffice-Kunden",
    "TABLE_NAME": "stack-Table-1",
    "IDEMPOTENCY_TABLE_NAME": "stack-IdempotencyTable-1",
    "BUCKET_NAME": "stack-bucket-1",
    "EVENT_BUS_NAME": "stack-bus",
    "SIGNING_KEY_SECRET": "stack-SigningKey",
}


def test_in_aws_the_names_come_from_the_environment() -> None:
    settings = load_settings(IN_AWS)
    assert settings.table_name == "stack-Table-1"
    assert settings.idempotency_table_name == "stack-IdempotencyTable-1"
    assert settings.bucket_name == "stack-bucket-1"
    assert settings.event_bus_name == "stack-bus"
    assert settings.signing_key_secret == "stack-SigningKey"


@pytest.mark.parametrize("missing", REQUIRED_IN_AWS)
def test_in_aws_a_missing_name_is_an_error_that_names_it(missing: str) -> None:
    environ = {k: v for k, v in IN_AWS.items() if k != missing}
    with pytest.raises(MissingSetting) as raised:
        load_settings(environ)
    assert str(raised.value) == (
        f"backoffice-Kunden runs in AWS without {missing} in its environment "
        "(template.yaml, Globals.Function.Environment)"
    )


def test_a_function_names_the_variables_only_it_needs() -> None:
    # The rechnung function alone has the invoice archive (template.yaml), and requires it at its init.
    with pytest.raises(MissingSetting, match="without ARCHIVE_BUCKET_NAME in"):
        load_settings(IN_AWS, ("ARCHIVE_BUCKET_NAME",))
    settings = load_settings({**IN_AWS, "ARCHIVE_BUCKET_NAME": "stack-archive-1"}, ("ARCHIVE_BUCKET_NAME",))
    assert settings.archive_bucket_name == "stack-archive-1"
    assert load_settings({}).archive_bucket_name == "local-invoicearchive"  # the local stack's name for it


def test_in_aws_an_empty_name_counts_as_missing() -> None:
    with pytest.raises(MissingSetting, match="without TABLE_NAME, BUCKET_NAME in"):
        load_settings({**IN_AWS, "TABLE_NAME": "", "BUCKET_NAME": ""})


def test_outside_aws_the_local_stack_names_are_the_defaults() -> None:
    assert load_settings({}) == Settings()
    assert load_settings({}).table_name == "Table"


def test_a_handler_fails_at_init(monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in IN_AWS.items():
        monkeypatch.setenv(name, value)
    monkeypatch.delenv("EVENT_BUS_NAME")
    spec = importlib.util.spec_from_file_location("kunden_app_init", ROOT / "functions" / "kunden" / "app.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    with pytest.raises(MissingSetting, match="without EVENT_BUS_NAME in"):
        spec.loader.exec_module(module)
