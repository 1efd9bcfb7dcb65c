"""AWS emulated by moto's server on loopback, with every resource of template.yaml created in it.

moto's server is not thread-safe under concurrent writes (DESIGN.md), so one lock serialises
the calls into it; the API emulation in front of it may still serve requests concurrently.
"""

from __future__ import annotations

import json
import os
import secrets
import socket
import string
import threading
from collections.abc import Callable, Iterable
from functools import cache
from typing import Any

import boto3
from moto.moto_server.werkzeug_app import DomainDispatcherApplication, MotoRequestHandler, create_backend_app
from werkzeug.serving import BaseWSGIServer, make_server

from local.moto_patches import (
    guard_archive_buckets,
    list_moto_services_once,
    parse_attribute_values_directly,
    query_reads_its_partition,
    roll_back_touched_items,
    serialize_attribute_values_directly,
    size_items_once,
)
from local.template import REGION, Stack, resolve_all

CREDENTIALS = {"AWS_ACCESS_KEY_ID": "local", "AWS_SECRET_ACCESS_KEY": "local", "AWS_DEFAULT_REGION": REGION}


class _Serialised:
    """A WSGI app that lets one request at a time into moto, its whole answer included."""

    def __init__(self, app: Callable[..., Iterable[bytes]]) -> None:
        self._app = app
        self.lock = threading.Lock()
        # Calls that may have changed data (local/persistence.py saves when this moves).
        self.writes = 0
        # Calls that may have put a message in a queue, and their signal (local/event_sources.py).
        self.sends = 0
        self.sent = threading.Condition()

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> list[bytes]:
        with self.lock:
            if _may_write(environ):
                self.writes += 1
            result = self._app(environ, start_response)
            try:
                return [b"".join(result)]
            finally:
                close = getattr(result, "close", None)
                if close:
                    close()
                if environ.get("HTTP_X_AMZ_TARGET", "") in _SENDS:
                    with self.sent:
                        self.sends += 1
                        self.sent.notify_all()

    def wait_sent(self, seen: int, timeout: float) -> bool:
        """Until a call may have put a message in a queue since `sends` was `seen`, at most `timeout`
        seconds; whether one did."""
        with self.sent:
            return self.sent.wait_for(lambda: self.sends != seen, timeout)


# The SQS calls that may make a message visible at once (a delayed one becomes visible later, by itself).
_SENDS = frozenset(
    f"AmazonSQS.{name}"
    for name in ("SendMessage", "SendMessageBatch", "ChangeMessageVisibility", "ChangeMessageVisibilityBatch")
)


# Operation name prefixes (X-Amz-Target) of the JSON APIs that only read.
_READS = ("Get", "Query", "Scan", "BatchGet", "Describe", "List")


def _may_write(environ: dict[str, Any]) -> bool:
    if environ.get("REQUEST_METHOD") in ("GET", "HEAD", "OPTIONS"):
        return False
    service, _, operation = str(environ.get("HTTP_X_AMZ_TARGET", "")).rpartition(".")
    if service == "AmazonSQS":
        return False  # queue messages are not kept on disk (a restart's dispatcher wakes whoever waits)
    return not operation.startswith(_READS) if operation else True


class _QuietHandler(MotoRequestHandler):
    def log_request(self, *args: Any, **kwargs: Any) -> None:
        """Each AWS call of the API would be a line; the API's own log is enough."""


class AwsEmulation:
    def __init__(self, port: int = 0) -> None:
        roll_back_touched_items()  # a rollback copy of the touched items only (local/moto_patches.py)
        guard_archive_buckets()  # the archive's bucket policy applied (local/moto_patches.py)
        query_reads_its_partition()  # a Query reads its partition, not the whole table (local/moto_patches.py)
        list_moto_services_once()  # not the package folder listed on every call (local/moto_patches.py)
        serialize_attribute_values_directly()  # an answer's items not walked member by member (local/moto_patches.py)
        size_items_once()  # an item sized once as it is built, not once per attribute (local/moto_patches.py)
        parse_attribute_values_directly()  # a request's items not walked member by member (local/moto_patches.py)
        self._app = _Serialised(DomainDispatcherApplication(create_backend_app))
        # Bound here, not by werkzeug: on a taken port werkzeug prints its own advice and exits,
        # and `make run` names the variable that moves the port (local/stack.py).
        with socket.create_server(("127.0.0.1", port)) as sock:
            self._server: BaseWSGIServer = make_server(
                "127.0.0.1", port, self._app, threaded=True, request_handler=_QuietHandler, fd=sock.fileno()
            )
        self._thread = threading.Thread(target=self._server.serve_forever, name="moto", daemon=True)

    @property
    def endpoint(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    @property
    def writes(self) -> int:
        return self._app.writes

    @property
    def sends(self) -> int:
        return self._app.sends

    def wait_sent(self, seen: int, timeout: float) -> bool:
        return self._app.wait_sent(seen, timeout)

    def exclusive(self) -> threading.Lock:
        """The lock every AWS call holds from request to answer: inside it, no call is half done."""
        return self._app.lock

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


# Resources of the template the local stack does not create in the emulation, and why. Any other
# kind is an error: a new resource is either emulated here or listed with its reason.
NOT_EMULATED = {
    "AWS::Serverless::Function": "run in-process by the Lambda runtime emulation (local/lambda_runtime.py)",
    "AWS::Serverless::LayerVersion": "the layer is on the path (the venv's .pth)",
    "AWS::Serverless::Api": "the gateway emulation itself",
    "AWS::IAM::Role": "moto does not enforce IAM (test_template_operations.py checks the policies)",
    "AWS::Lambda::EventSourceMapping": "a queue's mapping is polled by the stack (Stack.queue_sources); the "
    "table's stream triggers nothing locally: the publisher's sweep runs after each write request, the "
    "dispatcher on its schedule",
    "AWS::ApiGateway::UsagePlan": "the gateway emulation holds each client to its limits (local/throttling.py)",
    "AWS::ApiGateway::Account": "account settings (the access-log role) have no local counterpart",
    "AWS::SNS::Topic": "alarms do not fire locally (no CloudWatch metrics)",
    "AWS::SNS::Subscription": "alarms do not fire locally",
    "AWS::CloudWatch::Alarm": "no CloudWatch metrics locally; the metrics the functions put are tested",
    "AWS::Logs::MetricFilter": "no CloudWatch metrics locally; test_template_operations.py checks the pattern",
    "AWS::WAFv2::WebACL": "WAF is off by default (EnableWaf); the gateway emulation has no WAF",
    "AWS::WAFv2::WebACLAssociation": "WAF is off by default (EnableWaf)",
}


def create_resources(stack: Stack) -> list[str]:
    """Create each AWS resource of the template from its own properties; the names created."""
    created = []
    for logical, res in stack.doc["Resources"].items():
        kind = res["Type"]
        if kind in NOT_EMULATED:
            continue
        create = _CREATE.get(kind)
        if create is None:
            raise ValueError(f"{logical}: the local stack neither creates nor lists {kind} (NOT_EMULATED)")
        name = stack.names[logical]
        create(name, resolve_all(res.get("Properties") or {}, stack.names, stack.params))
        created.append(f"{kind} {name}")
    return created


def _create_table(name: str, props: dict[str, Any]) -> None:
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


def _create_bucket(name: str, props: dict[str, Any]) -> None:
    """The bucket, with its versioning and Object Lock (the invoice archive); moto applies the lock itself."""
    s3 = _client("s3")
    lock = bool(props.get("ObjectLockEnabled"))
    s3.create_bucket(
        Bucket=name, CreateBucketConfiguration={"LocationConstraint": REGION}, ObjectLockEnabledForBucket=lock
    )
    if (props.get("VersioningConfiguration") or {}).get("Status") == "Enabled":
        s3.put_bucket_versioning(Bucket=name, VersioningConfiguration={"Status": "Enabled"})
    retention = ((props.get("ObjectLockConfiguration") or {}).get("Rule") or {}).get("DefaultRetention")
    if retention:
        rule = {"Mode": retention["Mode"], "Days": int(retention["Days"])}
        s3.put_object_lock_configuration(
            Bucket=name,
            ObjectLockConfiguration={"ObjectLockEnabled": "Enabled", "Rule": {"DefaultRetention": rule}},
        )


def _create_queue(name: str, props: dict[str, Any]) -> None:
    """An SQS queue with its visibility, retention and dead-letter queue (created before it: the
    template lists the dead-letter queue first)."""
    kept = ("VisibilityTimeout", "MessageRetentionPeriod", "DelaySeconds")
    attributes = {k: str(props[k]) for k in kept if k in props}
    redrive = props.get("RedrivePolicy")
    if redrive:
        # Resolved to an ARN ending in the queue's local name (its logical id: local/template.py).
        target = str(redrive["deadLetterTargetArn"]).rsplit(":", 1)[-1]
        arn = _client("sqs").get_queue_attributes(
            QueueUrl=_client("sqs").get_queue_url(QueueName=target)["QueueUrl"], AttributeNames=["QueueArn"]
        )["Attributes"]["QueueArn"]
        policy = {"deadLetterTargetArn": arn, "maxReceiveCount": redrive["maxReceiveCount"]}
        attributes["RedrivePolicy"] = json.dumps(policy)
    _client("sqs").create_queue(QueueName=name, Attributes=attributes)


# How each emulated kind of resource is created: (physical name, the template's Properties resolved).
_CREATE: dict[str, Callable[[str, dict[str, Any]], Any]] = {
    "AWS::DynamoDB::Table": _create_table,
    "AWS::S3::Bucket": _create_bucket,
    # Stored by moto; the statements that keep objects as written are applied by guard_archive_buckets.
    "AWS::S3::BucketPolicy": lambda _, props: _client("s3").put_bucket_policy(
        Bucket=props["Bucket"], Policy=json.dumps(props["PolicyDocument"])
    ),
    "AWS::Events::EventBus": lambda name, _: _client("events").create_event_bus(Name=name),
    "AWS::SecretsManager::Secret": lambda name, props: _client("secretsmanager").create_secret(
        Name=name, SecretString=_random_secret(props.get("GenerateSecretString") or {})
    ),
    "AWS::Logs::LogGroup": lambda name, _: _client("logs").create_log_group(logGroupName=name),
    "AWS::SQS::Queue": _create_queue,
}
