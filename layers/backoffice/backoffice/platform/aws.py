"""boto3 clients, created once per container and shared by every module of the layer.

boto3 honours AWS_ENDPOINT_URL, so the same clients talk to AWS, to the local stack or to moto.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import boto3
from botocore.config import Config

from backoffice.platform.caches import on_reset

# Lambda functions answer API Gateway within 29 s: fail fast rather than retry for minutes.
_CONFIG = Config(connect_timeout=3, read_timeout=10, retries={"mode": "standard", "max_attempts": 3})


@cache
def client(service: str) -> Any:
    return boto3.session.Session().client(service, config=_CONFIG)


def reset_clients() -> None:
    """Forget the cached clients (tests that switch endpoints or mocks call this)."""
    client.cache_clear()


on_reset(reset_clients)
