"""reset_caches(): what a container keeps between invocations is forgotten in one call."""

from __future__ import annotations

from typing import Any

import pytest


def test_reset_caches_forgets_settings_clients_key_and_config(aws: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from backoffice import company
    from backoffice.platform import auth, dynamo
    from backoffice.platform.aws import client
    from backoffice.platform.caches import reset_caches
    from backoffice.platform.environment import get_settings

    dynamo.put_item({"PK": company.CONFIG_PK, "SK": company.CONFIG_SK, "Leitwaehrung": "EUR"})
    assert company.leading_currency() == "EUR"
    dynamo.put_item({"PK": company.CONFIG_PK, "SK": company.CONFIG_SK, "Leitwaehrung": "CHF"})
    assert company.leading_currency() == "EUR"  # read at most once a minute
    dynamodb, key = client("dynamodb"), auth.keyring().current.key
    client("secretsmanager").put_secret_value(SecretId=get_settings().signing_key_secret, SecretString="rotated")
    monkeypatch.setenv("TOKEN_TTL_SECONDS", "60")
    assert get_settings().token_ttl_seconds != 60
    assert auth.keyring().current.key == key

    reset_caches()

    assert company.leading_currency() == "CHF"
    assert get_settings().token_ttl_seconds == 60
    assert client("dynamodb") is not dynamodb
    assert auth.keyring().current.key == "rotated"
