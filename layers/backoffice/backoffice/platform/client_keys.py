"""Each client's own rate and burst in AWS: an API Gateway API key per user in the usage plan of
template.yaml (ClientUsagePlan: ClientRateLimit, ClientBurstLimit), which API Gateway applies per key.

The API takes keys from the authorizer (`ApiKeySourceType: AUTHORIZER`): the authorizer answers a
user's key value as `usageIdentifierKey`, clients never send one. The value is derived from the
user name, so the authorizer needs no lookup and the admin CLI makes the same one: it identifies a
client for the throttle, it grants nothing (a client cannot present it). Why: ADR 0034.
"""

from __future__ import annotations

import hashlib
import os

from botocore.exceptions import ClientError

from backoffice.platform.aws import client

# The usage plan of the deployed stack (its output ClientUsagePlanId, set by the admin CLI's --stack).
USAGE_PLAN_VARIABLE = "CLIENT_USAGE_PLAN_ID"


def key_value(name: str) -> str:
    """The API key value of a user (API Gateway wants 20 to 128 characters)."""
    return "client-" + hashlib.sha256(f"backoffice-client:{name}".encode()).hexdigest()


def _key_name(name: str) -> str:
    return f"backoffice-client-{hashlib.sha256(name.encode()).hexdigest()[:16]}"


def usage_plan() -> str:
    return os.environ.get(USAGE_PLAN_VARIABLE, "")


def provision(name: str) -> bool:
    """The user's API key in the usage plan (made once; again is a no-op); False without a usage plan
    (the local stack holds each client to its limits without keys)."""
    plan = usage_plan()
    if not plan:
        return False
    ensure(plan, name)
    return True


def ensure(plan: str, name: str) -> bool:
    """The user's API key made and in `plan` if it was not; whether anything had to be made."""
    apigateway = client("apigateway")
    found = apigateway.get_api_keys(nameQuery=_key_name(name), includeValues=False).get("items", [])
    if not found:
        key_id = apigateway.create_api_key(name=_key_name(name), value=key_value(name), enabled=True)["id"]
        apigateway.create_usage_plan_key(usagePlanId=plan, keyId=key_id, keyType="API_KEY")
        return True
    try:
        apigateway.get_usage_plan_key(usagePlanId=plan, keyId=found[0]["id"])
        return False
    except ClientError as exc:
        if exc.response.get("Error", {}).get("Code") != "NotFoundException":
            raise
    try:
        apigateway.create_usage_plan_key(usagePlanId=plan, keyId=found[0]["id"], keyType="API_KEY")
    except ClientError as exc:
        if exc.response.get("Error", {}).get("Code") != "ConflictException":  # added meanwhile
            raise
    return True


def remove(name: str) -> None:
    """The user's API key deleted (with it, its place in the usage plan)."""
    if not usage_plan():
        return
    apigateway = client("apigateway")
    for item in apigateway.get_api_keys(nameQuery=_key_name(name)).get("items", []):
        apigateway.delete_api_key(apiKey=item["id"])
