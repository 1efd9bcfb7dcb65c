"""The Lambda authorizer (TOKEN type): a valid bearer token of an existing user, or 401.

API Gateway answers 401 (the UNAUTHORIZED gateway response) when this raises "Unauthorized".
The policy allows every route of the stage, so a cached decision serves the user's next calls.
"""

from __future__ import annotations

from typing import Any

from backoffice.errors import InvalidToken
from backoffice.platform.auth import User, bearer_token, verify_token
from backoffice.platform.logger import logger


def lambda_handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
    try:
        claims = verify_token(bearer_token(event.get("authorizationToken")))
    except InvalidToken as exc:
        logger.info("token refused", extra={"reason": exc.description})
        raise Exception("Unauthorized") from None  # the exact text API Gateway maps to 401
    user = User.load(claims["sub"])
    if user is None:
        logger.info("token of an unknown user", extra={"user": claims["sub"]})
        raise Exception("Unauthorized")
    arn = event["methodArn"].split("/")
    stage_arn = "/".join(arn[:2]) + "/*"
    return {
        "principalId": user.name,
        "policyDocument": {
            "Version": "2012-10-17",
            "Statement": [{"Action": "execute-api:Invoke", "Effect": "Allow", "Resource": stage_arn}],
        },
        "context": {"user": user.name, "webshop": user.webshop or ""},
    }
