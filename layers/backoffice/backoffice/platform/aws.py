"""boto3 clients, created once per container and shared by every module of the layer.

boto3 honours AWS_ENDPOINT_URL, so the same clients talk to AWS, to the local stack or to moto.
"""

from __future__ import annotations

import threading
from functools import cache
from typing import Any

import boto3
from botocore.config import Config

from backoffice.platform.caches import on_reset

# Lambda functions answer API Gateway within 29 s: fail fast rather than retry for minutes.
_CONFIG = Config(connect_timeout=3, read_timeout=10, retries={"mode": "standard", "max_attempts": 3})
# botocore's Session is not thread-safe, and the local stack serves requests concurrently.
_creating = threading.Lock()


@cache
def _session() -> boto3.session.Session:
    # One session for all clients: a session loads the endpoint rules and service data once, and a
    # second one would load them again (about 100 ms of CPU for a function's second client at its
    # cold start; docs/operations.md, "Cold starts").
    return boto3.session.Session()


@cache
def client(service: str) -> Any:
    with _creating:
        return _session().client(service, config=_CONFIG)


def reset_clients() -> None:
    """Forget the cached clients and their session (tests that switch endpoints, credentials or mocks call this)."""
    client.cache_clear()
    _session.cache_clear()


on_reset(reset_clients)
