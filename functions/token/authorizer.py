"""The Lambda authorizer (TOKEN type): a valid bearer token of an existing user, or 401.

API Gateway answers 401 (the UNAUTHORIZED gateway response) when this raises "Unauthorized".
API Gateway caches the policy per token (ReauthorizeEvery) and evaluates it against every later
route, so it names what the user's roles allow on the whole stage: integration every route but
DELETE /www/log, operator DELETE /www/log, the payment routes (/www/zahlungen: a bank file's
import, the unmatched payments and their assignment) and every subscription's routes but the
create (docs/webhooks.md: the operator sees and changes them all; a subscription is made by a
webshop's integration user). A route the policy does not allow is API Gateway's 403 (the
ACCESS_DENIED gateway response).
"""

from __future__ import annotations

from typing import Any

from backoffice.coldstart import collector
from backoffice.errors import InvalidToken
from backoffice.platform.auth import authorize, bearer_token
from backoffice.platform.client_keys import key_value
from backoffice.platform.environment import check_environment
from backoffice.platform.logger import logger
from backoffice.platform.roles import INTEGRATION, OPERATOR
from backoffice.platform.user_store import USERS_VARIABLE

check_environment(USERS_VARIABLE)  # at init: in AWS, the users' table's name or a failure naming it

# The operator route, as it appears in a method ARN: <api>/<stage>/<METHOD>/<path>.
OPERATOR_ROUTE = "DELETE/www/log"
# Routes both roles may call: the payments (docs/payments.md, "Who may import").
SHARED_ROUTES = ("POST/www/zahlungen", "GET/www/zahlungen", "POST/www/zahlungen/*/zuordnung")
# The operator manages every subscription (docs/webhooks.md): list, read, change, delete, rotate the
# secret, deliveries, redeliver, test; `*` spans `/` (GET .../* covers the deliveries' list).
WEBHOOK_ROUTES = (
    "GET/www/webhooks",
    "GET/www/webhooks/*",
    "PATCH/www/webhooks/*",
    "DELETE/www/webhooks/*",
    "POST/www/webhooks/*/secret",
    "POST/www/webhooks/*/deliveries/*/redeliver",
    "POST/www/webhooks/*/test",
)


@collector.handler
def lambda_handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
    # A TOKEN event has no API request id: the lines of this invocation carry the authorizer's own
    # Lambda request id, which the access log names for each request ("authorizerRequestId").
    logger.set_correlation_id(getattr(context, "aws_request_id", None))
    try:
        return _policy(event)
    finally:
        logger.set_correlation_id(None)


def _policy(event: dict[str, Any]) -> dict[str, Any]:
    try:
        user = authorize(bearer_token(event.get("authorizationToken")))
    except InvalidToken as exc:
        logger.info("token refused", extra={"reason": exc.description})
        raise Exception("Unauthorized") from None  # the exact text API Gateway maps to 401
    arn = event["methodArn"].split("/")
    stage = "/".join(arn[:2])
    return {
        "principalId": user.name,
        "policyDocument": {"Version": "2012-10-17", "Statement": statements(stage, user.roles)},
        "context": {"user": user.name, "webshop": user.webshop or "", "roles": ",".join(sorted(user.roles))},
        # The client's API key: API Gateway holds each client to its usage plan's rate and burst.
        "usageIdentifierKey": key_value(user.name),
    }


def statements(stage: str, roles: frozenset[str]) -> list[dict[str, Any]]:
    """The policy statements of a user with these roles, on every route of the stage."""

    def statement(effect: str, resource: str) -> dict[str, Any]:
        return {"Action": "execute-api:Invoke", "Effect": effect, "Resource": f"{stage}/{resource}"}

    if INTEGRATION in roles and OPERATOR in roles:
        return [statement("Allow", "*")]
    if INTEGRATION in roles:
        return [statement("Allow", "*"), statement("Deny", OPERATOR_ROUTE)]
    if OPERATOR in roles:
        return [statement("Allow", route) for route in (OPERATOR_ROUTE, *SHARED_ROUTES, *WEBHOOK_ROUTES)]
    return [statement("Deny", "*")]


collector.init_done()  # the init ends here (backoffice/coldstart/collector.py)
