"""boto3 clients, created once per container and shared by every module of the layer.

boto3 honours AWS_ENDPOINT_URL, so the same clients talk to AWS, to the local stack or to moto.
The DynamoDB client is asked for by platform/dynamo alone, which hands it to whoever needs it
(tests/unit/platform/test_one_dynamodb_module.py fails when another module of the layer names the service).
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
# DynamoDB checks every request itself (a ValidationException, 400, names the fault), and the
# layer builds its requests in one module (platform/dynamo); botocore's own walk of each request
# against the model before sending it cost the payments import more CPU than the rest of its
# request building (a 100-item transaction: every attribute's shape visited; ADR 0031).
_SERVER_VALIDATES = frozenset({"dynamodb"})
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
        config = _CONFIG.merge(Config(parameter_validation=False)) if service in _SERVER_VALIDATES else _CONFIG
        return _session().client(service, config=config)


def reset_clients() -> None:
    """Forget the cached clients and their session (tests that switch endpoints, credentials or mocks call this)."""
    client.cache_clear()
    _session.cache_clear()


on_reset(reset_clients)
