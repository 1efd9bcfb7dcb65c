"""Settings of a function, read once from its environment.

A plain frozen dataclass, not a pydantic model: the authorizer, the token function and the
publisher need nothing else of pydantic, and importing it is a tenth of their cold start
(docs/operations.md, "Cold starts").
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import cache


@dataclass(frozen=True)
class Settings:
    table_name: str = "Table"
    idempotency_table_name: str = "IdempotencyTable"
    bucket_name: str = "local-bucket"
    event_bus_name: str = "local-backoffice"
    signing_key_secret: str = "SigningKey"  # noqa: S105 - the secret's name, not a secret
    # Everything under this prefix of the bucket is a log file that DELETE /www/log removes.
    log_prefix: str = "log/"
    # The service's own log groups start with this; empty means none (the local stack).
    log_group_prefix: str = ""
    token_ttl_seconds: int = 3600
    allowed_origins: str = "*"


_ENV = {
    "table_name": "TABLE_NAME",
    "idempotency_table_name": "IDEMPOTENCY_TABLE_NAME",
    "bucket_name": "BUCKET_NAME",
    "event_bus_name": "EVENT_BUS_NAME",
    "signing_key_secret": "SIGNING_KEY_SECRET",
    "log_prefix": "LOG_PREFIX",
    "log_group_prefix": "LOG_GROUP_PREFIX",
    "token_ttl_seconds": "TOKEN_TTL_SECONDS",
    "allowed_origins": "ALLOWED_ORIGINS",
}


@cache
def get_settings() -> Settings:
    values: dict[str, str | int] = {field: os.environ[var] for field, var in _ENV.items() if var in os.environ}
    if "token_ttl_seconds" in values:  # the one field that is not text
        values["token_ttl_seconds"] = int(values["token_ttl_seconds"])
    return Settings(**values)  # type: ignore[arg-type]
