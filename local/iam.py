"""IAM of template.yaml, held locally: each function may make only the AWS calls its policies allow.

A function's policies (inline statements and the SAM policy templates it uses) are read into
`Grant`s; while the Lambda runtime emulation runs a function (`LambdaRuntime.handler`), every
DynamoDB request it sends is checked against them, item by item, as IAM checks it: the action
(a transaction's parts as PutItem, UpdateItem, DeleteItem, ConditionCheckItem), the table or index,
and the partition key against `dynamodb:LeadingKeys` (ForAllValues:StringLike). A request the
policies do not allow fails with AccessDeniedException, as in AWS, so the unit tests, the local
stack and its integration tests find a missing permission (a wrong key prefix) before a deploy.

`LOCAL_IAM=off` switches the check off; `LOCAL_IAM=record:<file>` allows everything and appends
each request (function, action, resource, partition key) to the file as a JSON line, which is how
a function's real key prefixes and actions are found (docs/operations.md, Least privilege).
Calls made outside a function (test setup, the admin CLI, the local stack's own work) are not
checked. DynamoDB and S3 are checked (S3: each object call against its bucket and key, a listing
against `s3:prefix`); Logs and the rest are checked by the template tests alone.
"""

from __future__ import annotations

import contextvars
import fnmatch
import json
import os
import re
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from local.template import Stack

# SAM's policy templates the template uses, as the statements SAM puts in their place
# (samtranslator's policy_templates.json): (actions, resource suffix) per template.
_DYNAMO_READ = [
    "dynamodb:GetItem",
    "dynamodb:Scan",
    "dynamodb:Query",
    "dynamodb:BatchGetItem",
    "dynamodb:DescribeTable",
]
_DYNAMO_CRUD = [
    *_DYNAMO_READ,
    "dynamodb:DeleteItem",
    "dynamodb:PutItem",
    "dynamodb:UpdateItem",
    "dynamodb:BatchWriteItem",
    "dynamodb:ConditionCheckItem",
]
_TEMPLATES: dict[str, tuple[str, list[str]]] = {
    "DynamoDBCrudPolicy": ("TableName", _DYNAMO_CRUD),
    "DynamoDBReadPolicy": ("TableName", _DYNAMO_READ),
    "AWSSecretsManagerGetSecretValuePolicy": ("SecretArn", ["secretsmanager:GetSecretValue"]),
    "EventBridgePutEventsPolicy": ("EventBusName", ["events:PutEvents"]),
}


@dataclass(frozen=True)
class Grant:
    """One Allow: actions on resources (`Table`, `Table/index/*`, `Bucket/log/*`, a raw ARN text),
    for partition keys matching `keys` (None: no LeadingKeys condition, any key)."""

    actions: tuple[str, ...]
    resources: tuple[str, ...]
    keys: tuple[str, ...] | None = None
    condition: str = ""  # any other condition, as JSON (e.g. s3:prefix); such a grant allows no DynamoDB request

    def allows(self, action: str, resource: str, key: str | None, prefix: str | None = None) -> bool:
        if self.condition and not self._prefix_allowed(prefix):
            return False
        if not any(fnmatch.fnmatchcase(action, a) for a in self.actions):
            return False
        if not any(fnmatch.fnmatchcase(resource, r) for r in self.resources):
            return False
        # ForAllValues: a request without a partition key (Scan) matches vacuously, as in IAM.
        return self.keys is None or key is None or any(fnmatch.fnmatchcase(key, k) for k in self.keys)

    def _prefix_allowed(self, prefix: str | None) -> bool:
        """The one condition read besides LeadingKeys: StringLike on s3:prefix, for a listing's prefix."""
        condition = json.loads(self.condition)
        patterns = condition.get("StringLike", {}).get("s3:prefix") if list(condition) == ["StringLike"] else None
        if prefix is None or patterns is None or list(condition["StringLike"]) != ["s3:prefix"]:
            return False
        return any(fnmatch.fnmatchcase(prefix, p) for p in _as_list(patterns))


def resource_name(value: Any) -> str:
    """A statement's resource as text: `Table` for its ARN, `Table.StreamArn` for another attribute,
    `Bucket/log/*`, or the ARN text as written."""
    if isinstance(value, dict) and "Fn::GetAtt" in value:
        logical, attribute = value["Fn::GetAtt"]
        return str(logical) if attribute == "Arn" else f"{logical}.{attribute}"
    if isinstance(value, dict) and "Ref" in value:
        return str(value["Ref"])
    if isinstance(value, dict) and "Fn::Sub" in value:
        text = str(value["Fn::Sub"])
        return re.sub(r"^\$\{(\w+)\.Arn\}", r"\1", text)
    return str(value)


def _as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


_LIKE, _LEADING = "ForAllValues:StringLike", "dynamodb:LeadingKeys"


def _statement_grant(statement: dict[str, Any]) -> Grant:
    if statement.get("Effect") != "Allow" or "NotAction" in statement or "NotResource" in statement:
        raise ValueError(f"only Allow statements with Action and Resource are read: {statement}")
    condition = dict(statement.get("Condition") or {})
    keys = None
    if condition == {"ForAllValues:StringLike": {"dynamodb:LeadingKeys": condition.get(_LIKE, {}).get(_LEADING)}}:
        keys = tuple(_as_list(condition.pop(_LIKE)[_LEADING]))
    actions = tuple(str(a) for a in _as_list(statement["Action"]))
    resources = tuple(resource_name(r) for r in _as_list(statement["Resource"]))
    return Grant(actions, resources, keys, json.dumps(condition, sort_keys=True) if condition else "")


def _template_grant(name: str, args: dict[str, Any]) -> Grant:
    if name not in _TEMPLATES:
        if name.startswith("DynamoDB"):
            raise ValueError(f"the SAM policy template {name} is not known to local/iam.py: write its statements")
        # Allows no DynamoDB request here; the template test names it as more than the function's list.
        return Grant((f"sam-policy-template:{name}",), (json.dumps(args, sort_keys=True, default=str),))
    arg, actions = _TEMPLATES[name]
    target = resource_name(args[arg])
    resources = (target, f"{target}/index/*") if name.startswith("DynamoDB") else (target,)
    return Grant(tuple(actions), resources)


# The event sources for which SAM adds an AWS managed policy to the function's role, each on every
# resource of its kind in the account ("*"): a function that needs one has an
# AWS::Lambda::EventSourceMapping of its own and the statements for its one source in its Policies.
_PULL_EVENTS = {
    "DynamoDB": "AWSLambdaDynamoDBExecutionRole",
    "Kinesis": "AWSLambdaKinesisExecutionRole",
    "SQS": "AWSLambdaSQSQueueExecutionRole",
    "MQ": "AWSLambdaMQExecutionRole",
    "MSK": "AWSLambdaMSKExecutionRole",
}


def grants(stack: Stack, logical: str) -> list[Grant]:
    """What the function's Policies allow, and the managed policies SAM adds for its pull events."""
    props = stack.doc["Resources"][logical]["Properties"]
    found = [
        Grant((f"managed-policy:{_PULL_EVENTS[event['Type']]}",), ("*",))
        for event in (props.get("Events") or {}).values()
        if event["Type"] in _PULL_EVENTS
    ]
    for policy in props.get("Policies") or []:
        if isinstance(policy, str):  # a managed policy: no DynamoDB here, and more than any list allows
            found.append(Grant((f"managed-policy:{policy}",), ("*",)))
            continue
        for name, body in policy.items():
            if name == "Statement":
                found += [_statement_grant(s) for s in body]
            else:
                found.append(_template_grant(name, body or {}))
    return found


@dataclass(frozen=True)
class Access:
    """One item (or table-wide) access a DynamoDB request makes, as IAM authorizes it."""

    action: str
    resource: str  # logical table, with /index/<name> for an index; logical bucket, with /<key> for an object
    key: str | None  # the partition key value; None when the request names none (Scan, DescribeTable)
    prefix: str | None = None  # s3:prefix of a listing


class Tables:
    """Physical table names to logical ids, and each table's (and index's) partition key name."""

    def __init__(self, stack: Stack) -> None:
        self.logical: dict[str, str] = {}
        self.hash_key: dict[str, str] = {}
        self.buckets = {stack.names[logical]: logical for logical in stack.resources("AWS::S3::Bucket")}
        for logical, table in stack.resources("AWS::DynamoDB::Table").items():
            props = table["Properties"]
            self.logical[stack.names[logical]] = logical
            self.hash_key[logical] = _hash_key(props["KeySchema"])
            for index in props.get("GlobalSecondaryIndexes") or []:
                self.hash_key[f"{logical}/index/{index['IndexName']}"] = _hash_key(index["KeySchema"])

    def resource(self, table: str, index: str | None = None) -> str:
        logical = self.logical.get(table, table)
        return f"{logical}/index/{index}" if index else logical

    def key_of(self, resource: str, item_key: dict[str, Any]) -> str | None:
        value = item_key.get(self.hash_key.get(resource, ""), {})
        return str(next(iter(value.values()))) if isinstance(value, dict) and value else None


def _hash_key(schema: list[dict[str, str]]) -> str:
    return next(k["AttributeName"] for k in schema if k["KeyType"] == "HASH")


_TRANSACT = {"Put": "PutItem", "Update": "UpdateItem", "Delete": "DeleteItem", "ConditionCheck": "ConditionCheckItem"}


def accesses(tables: Tables, operation: str, params: dict[str, Any]) -> Iterator[Access]:
    """The accesses of one DynamoDB request (botocore's operation name and parameters)."""
    action = f"dynamodb:{operation}"
    if operation in ("GetItem", "PutItem", "UpdateItem", "DeleteItem"):
        resource = tables.resource(params["TableName"])
        yield Access(action, resource, tables.key_of(resource, params.get("Key") or params.get("Item") or {}))
    elif operation == "Query":
        resource = tables.resource(params["TableName"], params.get("IndexName"))
        yield Access(action, resource, _query_key(tables, resource, params))
    elif operation in ("TransactWriteItems", "TransactGetItems"):
        for part in params["TransactItems"]:
            ((kind, op),) = part.items()
            resource = tables.resource(op["TableName"])
            item_key = op.get("Key") or op.get("Item") or {}
            yield Access(f"dynamodb:{_TRANSACT.get(kind, 'GetItem')}", resource, tables.key_of(resource, item_key))
    elif operation in ("BatchGetItem", "BatchWriteItem"):
        yield from _batch(tables, action, params["RequestItems"])
    else:  # Scan, DescribeTable, ...: the table as a whole
        yield Access(action, tables.resource(params.get("TableName", "*")), None)


# S3 calls and the action IAM authorizes them by (the object's; a copy also reads its source).
_S3_OBJECT = {
    "GetObject": "s3:GetObject",
    "HeadObject": "s3:GetObject",
    "PutObject": "s3:PutObject",
    "CreateMultipartUpload": "s3:PutObject",
    "UploadPart": "s3:PutObject",
    "CompleteMultipartUpload": "s3:PutObject",
    "CopyObject": "s3:PutObject",
    "DeleteObject": "s3:DeleteObject",
}


def s3_accesses(tables: Tables, operation: str, params: dict[str, Any]) -> Iterator[Access]:
    """The accesses of one S3 request: `Bucket/<key>` for an object, the bucket with s3:prefix for a listing."""
    bucket = tables.buckets.get(str(params.get("Bucket", "")), str(params.get("Bucket", "")))
    if operation in _S3_OBJECT:
        yield Access(_S3_OBJECT[operation], f"{bucket}/{params['Key']}", None)
        if operation == "CopyObject":
            yield Access("s3:GetObject", _copy_source(tables, params["CopySource"]), None)
    elif operation == "DeleteObjects":
        for obj in params["Delete"]["Objects"]:
            yield Access("s3:DeleteObject", f"{bucket}/{obj['Key']}", None)
    elif operation in ("ListObjectsV2", "ListObjects"):
        yield Access("s3:ListBucket", bucket, None, str(params.get("Prefix", "")))
    else:  # anything else of S3 is named by its operation, on the bucket
        yield Access(f"s3:{operation}", bucket, None)


def _copy_source(tables: Tables, source: Any) -> str:
    """A copy's source as `Bucket/<key>`: boto3 takes it as {"Bucket", "Key"} or as "bucket/key"."""
    if isinstance(source, str):
        name, _, key = source.lstrip("/").partition("/")
        source = {"Bucket": name, "Key": key}
    return f"{tables.buckets.get(source['Bucket'], source['Bucket'])}/{source['Key']}"


def _query_key(tables: Tables, resource: str, params: dict[str, Any]) -> str | None:
    names = params.get("ExpressionAttributeNames") or {}
    for name, placeholder in re.findall(r"([#\w]+)\s*=\s*(:\w+)", params.get("KeyConditionExpression", "")):
        if names.get(name, name) == tables.hash_key.get(resource):
            return str(next(iter(params["ExpressionAttributeValues"][placeholder].values())))
    return None


def _batch(tables: Tables, action: str, request_items: dict[str, Any]) -> Iterator[Access]:
    for table, body in request_items.items():
        resource = tables.resource(table)
        keys = body["Keys"] if isinstance(body, dict) else [_request_key(r) for r in body]
        for item_key in keys:
            yield Access(action, resource, tables.key_of(resource, item_key))


def _request_key(request: dict[str, Any]) -> dict[str, Any]:
    if "PutRequest" in request:
        item: dict[str, Any] = request["PutRequest"]["Item"]
        return item
    key: dict[str, Any] = request["DeleteRequest"]["Key"]
    return key


# --- the check while a function runs --------------------------------------------------------------


@dataclass(frozen=True)
class Caller:
    """The function that is running, and what its policies allow."""

    logical: str
    grants: tuple[Grant, ...]
    tables: Tables


_running: contextvars.ContextVar[Caller | None] = contextvars.ContextVar("local_iam_caller", default=None)
_install_lock = threading.Lock()
_record_lock = threading.Lock()


def mode() -> str:
    """`enforce` (the default), `off`, or `record:<file>` (LOCAL_IAM)."""
    return os.environ.get("LOCAL_IAM", "enforce")


def as_function(stack: Stack, logical: str, handler: Callable[..., Any]) -> Callable[..., Any]:
    """The handler, run as `logical`: its DynamoDB requests held to its policies."""
    if mode() == "off":
        return handler
    _install()
    caller = Caller(logical, tuple(grants(stack, logical)), Tables(stack))

    def run(*args: Any, **kwargs: Any) -> Any:
        token = _running.set(caller)
        try:
            return handler(*args, **kwargs)
        finally:
            _running.reset(token)

    return run


def denied(caller: Caller, operation: str, params: dict[str, Any], service: str = "dynamodb") -> list[Access]:
    """The accesses of a request that the caller's policies do not allow."""
    return [
        a
        for a in _accesses(caller.tables, service, operation, params)
        if not any(g.allows(a.action, a.resource, a.key, a.prefix) for g in caller.grants)
    ]


def _accesses(tables: Tables, service: str, operation: str, params: dict[str, Any]) -> Iterator[Access]:
    return s3_accesses(tables, operation, params) if service == "s3" else accesses(tables, operation, params)


def _check(client: Any, operation: str, params: dict[str, Any]) -> None:
    caller = _running.get()
    service = client.meta.service_model.service_name
    if caller is None or service not in ("dynamodb", "s3"):
        return
    current = mode()
    if current == "off":  # switched off after the handler was wrapped (a test's setup of an old state)
        return
    if current.startswith("record:"):
        _record(current.removeprefix("record:"), caller, service, operation, params)
        return
    refused = denied(caller, operation, params, service)
    if refused:
        from botocore.exceptions import ClientError

        what = ", ".join(f"{a.action} on {a.resource} key {a.key if a.prefix is None else a.prefix!r}" for a in refused)
        message = f"{caller.logical} is not authorized to perform {what} (its Policies in template.yaml)"
        print(f"local IAM: {message}", flush=True)  # the stack's terminal shows the refusal
        code = "AccessDenied" if service == "s3" else "AccessDeniedException"  # as each service names it
        raise ClientError({"Error": {"Code": code, "Message": message}}, operation)


def _record(path: str, caller: Caller, service: str, operation: str, params: dict[str, Any]) -> None:
    test = os.environ.get("PYTEST_CURRENT_TEST")  # which test made the request, under pytest
    lines = [
        json.dumps({"function": caller.logical, "action": a.action, "resource": a.resource, "key": a.key, "test": test})
        for a in _accesses(caller.tables, service, operation, params)
    ]
    with _record_lock, open(path, "a", encoding="utf-8") as fh:
        fh.write("".join(f"{line}\n" for line in lines))


def _install() -> None:
    """Put the check in front of every botocore request of this process (once)."""
    from botocore.client import BaseClient

    with _install_lock:
        if getattr(BaseClient._make_api_call, "_local_iam", False):
            return
        original = BaseClient._make_api_call

        def checked(self: Any, operation_name: str, api_params: dict[str, Any]) -> Any:
            _check(self, operation_name, api_params)
            return original(self, operation_name, api_params)

        checked._local_iam = True  # type: ignore[attr-defined]
        BaseClient._make_api_call = checked
