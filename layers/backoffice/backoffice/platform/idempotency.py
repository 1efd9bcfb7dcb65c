"""Idempotent writes: the `Idempotency-Key` header of POST/PUT/PATCH makes a retry return the first answer.

Powertools Idempotency keeps the answers in the idempotency table. A retry while the first
request still runs is a 409, and so is the same key with another body. A failure (an exception)
is not stored, so the client may retry it. A key belongs to its caller: the record is keyed by
operation, user and key, so another user's key is another request (it can neither read the
owner's answer nor block the key for its owner).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

from backoffice.errors import Conflict, InvalidRequest
from backoffice.platform import dynamo
from backoffice.platform.caches import on_reset
from backoffice.platform.environment import get_settings

HEADER = "Idempotency-Key"
MAX_KEY_LENGTH = 255
# A webshop retries within minutes or hours; a day covers a retry after an outage too.
EXPIRES_AFTER_SECONDS = 24 * 3600

if TYPE_CHECKING:
    from aws_lambda_powertools.utilities.idempotency import DynamoDBPersistenceLayer


@cache
def _persistence(operation: str) -> DynamoDBPersistenceLayer:
    """One persistence layer per operation: powertools keeps the key prefix on it, set at each call,
    so two operations sharing one (the local stack runs every function in one process, requests
    in threads) could write or delete a record under the other's prefix."""
    from aws_lambda_powertools.utilities.idempotency import DynamoDBPersistenceLayer

    del operation  # the cache's key

    return DynamoDBPersistenceLayer(table_name=get_settings().idempotency_table_name, boto3_client=dynamo.client())


on_reset(_persistence.cache_clear)


def run_once(
    operation: str,
    idempotency_key: str | None,
    body: Any,
    create: Callable[[], dict[str, Any]],
    lambda_context: Any = None,
    *,
    caller: str,
) -> dict[str, Any]:
    """Run `create` once per key of `caller` (per operation); a retry with the same key gets its
    answer again. `caller` is the token's user name (required: a key without an owner is a hole)."""
    if idempotency_key is None:
        return create()
    if not idempotency_key.strip() or len(idempotency_key) > MAX_KEY_LENGTH:
        raise InvalidRequest(
            f"The {HEADER} header must have 1 to {MAX_KEY_LENGTH} characters.",
            {HEADER: f"1 to {MAX_KEY_LENGTH} characters"},
        )
    # Imported at the first request with a key: a function's cold start does not pay for
    # powertools' idempotency (persistence layers, jmespath functions) unless it needs it.
    from aws_lambda_powertools.utilities.idempotency import IdempotencyConfig, idempotent_function
    from aws_lambda_powertools.utilities.idempotency.exceptions import (
        IdempotencyAlreadyInProgressError,
        IdempotencyValidationError,
    )

    config = IdempotencyConfig(
        event_key_jmespath="[caller, key]",
        payload_validation_jmespath="body",
        expires_after_seconds=EXPIRES_AFTER_SECONDS,
    )
    if lambda_context is not None:
        config.register_lambda_context(lambda_context)

    def _create(request: dict[str, Any]) -> dict[str, Any]:
        return create()

    # powertools' decorator is typed as returning Any: applied by a call, the result keeps `_create`'s type.
    create_once: Callable[..., dict[str, Any]] = idempotent_function(
        _create,
        data_keyword_argument="request",
        persistence_store=_persistence(operation),
        config=config,
        key_prefix=operation,
    )
    try:
        return create_once(request={"caller": caller, "key": idempotency_key, "body": body})
    except IdempotencyAlreadyInProgressError as exc:
        raise Conflict(
            f"A request with this {HEADER} is still being processed; retry in a moment.",
            {HEADER: idempotency_key},
        ) from exc
    except IdempotencyValidationError as exc:
        raise Conflict(f"This {HEADER} was used before with a different body.", {HEADER: idempotency_key}) from exc
