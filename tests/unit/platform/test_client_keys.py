"""Each client's API key in the usage plan (platform/client_keys.py), and the authorizer naming it."""

from __future__ import annotations

from typing import Any

import pytest

from backoffice.platform import auth, client_keys
from backoffice.platform.aws import client
from tests.support.invoke import handler


@pytest.fixture
def plan(aws: Any, monkeypatch: pytest.MonkeyPatch) -> str:
    apigateway = client("apigateway")
    api = apigateway.create_rest_api(name="api")["id"]
    plan_id = str(apigateway.create_usage_plan(name="clients", throttle={"rateLimit": 2, "burstLimit": 4})["id"])
    monkeypatch.setenv(client_keys.USAGE_PLAN_VARIABLE, plan_id)
    assert api
    return plan_id


def test_a_users_key_is_made_once_in_the_usage_plan_and_goes_with_the_user(plan: str) -> None:
    apigateway = client("apigateway")
    assert client_keys.provision("shop1")
    assert client_keys.provision("shop1")  # again: a no-op
    keys = apigateway.get_api_keys(includeValues=True)["items"]
    assert [k["value"] for k in keys] == [client_keys.key_value("shop1")]
    assert [k["id"] for k in apigateway.get_usage_plan_keys(usagePlanId=plan)["items"]] == [keys[0]["id"]]
    client_keys.remove("shop1")
    assert apigateway.get_api_keys()["items"] == []


def test_without_a_usage_plan_nothing_is_made(aws: Any) -> None:
    assert not client_keys.provision("shop1")
    assert client("apigateway").get_api_keys()["items"] == []


def test_key_values_are_per_user_and_as_long_as_api_gateway_wants() -> None:
    first, second = client_keys.key_value("shop1"), client_keys.key_value("shop2")
    assert first != second
    assert 20 <= len(first) <= 128


def test_the_authorizer_answers_the_users_key_as_the_usage_identifier(aws: Any) -> None:
    token, _ = auth.issue_token(auth.save_user("shop1", "pw", None))
    arn = "arn:aws:execute-api:eu-central-1:123456789012:api/v1/GET/www/artikel"
    policy = handler("AuthorizerFunction")(
        {"type": "TOKEN", "authorizationToken": f"Bearer {token}", "methodArn": arn}, None
    )
    assert policy["usageIdentifierKey"] == client_keys.key_value("shop1")
