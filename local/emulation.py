"""AWS emulated by moto's server on loopback, with every resource of template.yaml created in it.

moto's server is not thread-safe under concurrent writes (DESIGN.md), so one lock serialises
the calls into it; the API emulation in front of it may still serve requests concurrently.
"""

from __future__ import annotations

import os
import secrets
import string
import threading
from collections.abc import Callable, Iterable
from functools import cache
from typing import Any

import boto3
from moto.moto_server.werkzeug_app import DomainDispatcherApplication, MotoRequestHandler, create_backend_app
from werkzeug.serving import BaseWSGIServer, make_server

from local.moto_patches import copy_tables_once
from local.template import REGION, Stack

CREDENTIALS = {"AWS_ACCESS_KEY_ID": "local", "AWS_SECRET_ACCESS_KEY": "local", "AWS_DEFAULT_REGION": REGION}


class _Serialised:
    """A WSGI app that lets one request at a time into moto, its whole answer included."""

    def __init__(self, app: Callable[..., Iterable[bytes]]) -> None:
        self._app = app
        self._lock = threading.Lock()

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> list[bytes]:
        with self._lock:
            result = self._app(environ, start_response)
            try:
                return [b"".join(result)]
            finally:
                close = getattr(result, "close", None)
                if close:
                    close()


class _QuietHandler(MotoRequestHandler):
    def log_request(self, *args: Any, **kwargs: Any) -> None:
        """Each AWS call of the API would be a line; the API's own log is enough."""


class AwsEmulation:
    def __init__(self, port: int = 0) -> None:
        copy_tables_once()  # orders: one rollback backup per transaction (local/moto_patches.py)
        app = _Serialised(DomainDispatcherApplication(create_backend_app))
        self._server: BaseWSGIServer = make_server("127.0.0.1", port, app, threaded=True, request_handler=_QuietHandler)
        self._thread = threading.Thread(target=self._server.serve_forever, name="moto", daemon=True)

    @property
    def endpoint(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._server.shutdown()
        self._thread.join(timeout=5)


def use_endpoint(endpoint: str) -> None:
    """Point every boto3 client of this process (handlers, admin code) at the emulation."""
    os.environ["AWS_ENDPOINT_URL"] = endpoint
    os.environ.update(CREDENTIALS)


def _client(service: str) -> Any:
    return _client_for(service, os.environ.get("AWS_ENDPOINT_URL"))


@cache
def _client_for(service: str, endpoint: str | None) -> Any:
    # Kept per endpoint: unit tests create the resources in a fresh moto for every test, and a
    # client costs more to create than the dozen calls it makes.
    return boto3.client(service, region_name=REGION, endpoint_url=endpoint)


def _random_secret(spec: dict[str, Any]) -> str:
    alphabet = string.ascii_letters + string.digits
    return "".join(secrets.choice(alphabet) for _ in range(int(spec.get("PasswordLength", 32))))


def create_resources(stack: Stack) -> list[str]:
    """Create each AWS resource of the template from its own properties; the names created."""
    created = []
    for logical, res in stack.doc["Resources"].items():
        props = res.get("Properties") or {}
        name = stack.names[logical]
        kind = res["Type"]
        if kind == "AWS::DynamoDB::Table":
            kwargs: dict[str, Any] = {
                "TableName": name,
                "AttributeDefinitions": props["AttributeDefinitions"],
                "KeySchema": props["KeySchema"],
                "BillingMode": props.get("BillingMode", "PAY_PER_REQUEST"),
            }
            if props.get("GlobalSecondaryIndexes"):
                kwargs["GlobalSecondaryIndexes"] = props["GlobalSecondaryIndexes"]
            if props.get("StreamSpecification"):
                kwargs["StreamSpecification"] = {"StreamEnabled": True, **props["StreamSpecification"]}
            _client("dynamodb").create_table(**kwargs)
            ttl = props.get("TimeToLiveSpecification")
            if ttl:
                _client("dynamodb").update_time_to_live(TableName=name, TimeToLiveSpecification=ttl)
        elif kind == "AWS::S3::Bucket":
            _client("s3").create_bucket(Bucket=name, CreateBucketConfiguration={"LocationConstraint": REGION})
        elif kind == "AWS::Events::EventBus":
            _client("events").create_event_bus(Name=name)
        elif kind == "AWS::SecretsManager::Secret":
            _client("secretsmanager").create_secret(
                Name=name, SecretString=_random_secret(props.get("GenerateSecretString") or {})
            )
        elif kind == "AWS::Logs::LogGroup":
            _client("logs").create_log_group(logGroupName=name)
        else:
            continue
        created.append(f"{kind} {name}")
    return created
