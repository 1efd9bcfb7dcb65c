"""Settings of a function, read once from its environment.

The defaults name the local stack's resources. In AWS (AWS_LAMBDA_FUNCTION_NAME is set) the names
of the table, bucket, bus and secret must come from the environment (template.yaml): a function
that lacks one fails at init, naming the variable, rather than talk to a resource of the local
stack's name that does not exist (or, worse, belongs to something else).

A plain frozen dataclass, not a pydantic model: the authorizer, the token function and the
publisher need nothing else of pydantic, and importing it is a tenth of their cold start
(docs/operations.md, "Cold starts").
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from backoffice.platform.caches import on_reset


@dataclass(frozen=True)
class Settings:
    table_name: str = "Table"
    idempotency_table_name: str = "IdempotencyTable"
    # The users' own table (platform/user_store): only the token function and the authorizer have
    # it in their environment, and require it at their init (check_environment(USERS_TABLE_NAME)).
    users_table_name: str = "UsersTable"
    bucket_name: str = "local-bucket"
    # The invoice archive (Object Lock; docs/invoices.md): only the rechnung function has it in
    # its environment, and requires it at its init (check_environment(ARCHIVE_BUCKET_NAME)).
    archive_bucket_name: str = "local-invoicearchive"
    event_bus_name: str = "local-backoffice"
    signing_key_secret: str = "SigningKey"  # noqa: S105 - the secret's name, not a secret
    # Everything under this prefix of the bucket is a log file that DELETE /www/log removes.
    log_prefix: str = "log/"
    # The service's own log groups start with this; empty means none (the local stack).
    log_group_prefix: str = ""
    token_ttl_seconds: int = 3600
    allowed_origins: str = "*"
    # The failed-login lockout (platform/login_guard.py): failures let through per user name and
    # per source IP, the first delay after them (doubling with each further failure) and its cap.
    login_free_failures: int = 5
    login_source_free_failures: int = 20
    login_first_delay_seconds: int = 1
    login_max_delay_seconds: int = 900
    # How long the event feed waits for a sequence number taken but not yet written (a writer that
    # died between the two): longer than a function may run (Timeout 28 s), docs/webhooks.md.
    event_settle_seconds: int = 60
    # The SQS queue the webhook deliveries run from (webhooks/delivery.py); its URL is asked once.
    webhook_queue_name: str = "WebhookQueue"
    # Divides every webhook retry delay (not the 10 s answer timeout): a test runs the 72-hour
    # schedule in seconds with a large value.
    webhook_backoff_scale: float = 1.0
    # How long a container keeps the phase of the open items' move before it reads it again, and so
    # how long `migrate` waits after each step (payments/store.phase): shortened by the tests.
    open_items_phase_ttl_seconds: float = 60.0
    # Whether the function runs in AWS (AWS_LAMBDA_FUNCTION_NAME set), not in the local stack.
    in_aws: bool = False


_ENV = {
    "table_name": "TABLE_NAME",
    "idempotency_table_name": "IDEMPOTENCY_TABLE_NAME",
    "users_table_name": "USERS_TABLE_NAME",
    "bucket_name": "BUCKET_NAME",
    "archive_bucket_name": "ARCHIVE_BUCKET_NAME",
    "event_bus_name": "EVENT_BUS_NAME",
    "signing_key_secret": "SIGNING_KEY_SECRET",
    "log_prefix": "LOG_PREFIX",
    "log_group_prefix": "LOG_GROUP_PREFIX",
    "token_ttl_seconds": "TOKEN_TTL_SECONDS",
    "allowed_origins": "ALLOWED_ORIGINS",
    "login_free_failures": "LOGIN_FREE_FAILURES",
    "login_source_free_failures": "LOGIN_SOURCE_FREE_FAILURES",
    "login_first_delay_seconds": "LOGIN_FIRST_DELAY_SECONDS",
    "login_max_delay_seconds": "LOGIN_MAX_DELAY_SECONDS",
    "event_settle_seconds": "EVENT_SETTLE_SECONDS",
    "webhook_queue_name": "WEBHOOK_QUEUE_NAME",
    "webhook_backoff_scale": "WEBHOOK_BACKOFF_SCALE",
    "open_items_phase_ttl_seconds": "OPEN_ITEMS_PHASE_TTL_SECONDS",
}
# The fields that are whole numbers, not text.
_INTEGERS = frozenset(name for name, kind in Settings.__annotations__.items() if kind == "int")
_FLOATS = frozenset(name for name, kind in Settings.__annotations__.items() if kind == "float")
# The resource names that have no default in AWS.
REQUIRED_IN_AWS = ("TABLE_NAME", "IDEMPOTENCY_TABLE_NAME", "BUCKET_NAME", "EVENT_BUS_NAME", "SIGNING_KEY_SECRET")


class MissingSetting(RuntimeError):
    """A function in AWS lacks an environment variable that names one of its resources."""


def load_settings(environ: Mapping[str, str], also_required: tuple[str, ...] = ()) -> Settings:
    if environ.get("AWS_LAMBDA_FUNCTION_NAME"):
        missing = [name for name in (*REQUIRED_IN_AWS, *also_required) if not environ.get(name)]
        if missing:
            raise MissingSetting(
                f"{environ['AWS_LAMBDA_FUNCTION_NAME']} runs in AWS without {', '.join(missing)} in its environment "
                "(template.yaml, Globals.Function.Environment)"
            )
    values: dict[str, Any] = {field: environ[var] for field, var in _ENV.items() if var in environ}
    for name in _INTEGERS & values.keys():
        values[name] = int(values[name])
    for name in _FLOATS & values.keys():
        values[name] = float(values[name])
    return Settings(**values, in_aws=bool(environ.get("AWS_LAMBDA_FUNCTION_NAME")))


@cache
def get_settings() -> Settings:
    return load_settings(os.environ)


def check_environment(*also_required: str) -> None:
    """At a function's init: fail now, naming the variable, when a resource name is missing in AWS
    (those of every function, and `also_required`, the ones only this function has)."""
    load_settings(os.environ, also_required)


on_reset(get_settings.cache_clear)
