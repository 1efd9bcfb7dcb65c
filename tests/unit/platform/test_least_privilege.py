"""Least privilege in template.yaml (issue 27): no function's policies grant more than its list in
least_privilege.toml, user records are for the token function and the authorizer only, nothing but
the admin CLI scans, batch-writes or deletes across the table; and local/iam.py, which holds every
function to its policies in the unit tests and the local stack, refuses what they do not grant.

A new function: its entry in least_privilege.toml (what its code does: run its tests with
LOCAL_IAM=record:/tmp/calls.jsonl to list its requests), then its statements in template.yaml."""

from __future__ import annotations

import copy
import json
import os
import tomllib
from pathlib import Path
from typing import Any

import pytest
from botocore.exceptions import ClientError

from local import iam
from local.template import Stack

STACK = Stack.read()
RESOURCES = STACK.doc["Resources"]
FUNCTIONS = sorted(STACK.resources("AWS::Serverless::Function"))
LISTS: dict[str, Any] = tomllib.loads((Path(__file__).with_name("least_privilege.toml")).read_text(encoding="utf-8"))
USER_RECORDS = ("USER#*",)
# And the admin CLI, which runs with an operator's credentials, outside every function's role.
USER_READERS = {"TokenFunction", "AuthorizerFunction"}


def covered(entries: list[dict[str, Any]], action: str, grant: iam.Grant) -> bool:
    """Whether one of the list's entries for the resource allows the action for the grant's keys."""
    for entry in entries:
        if action not in entry["actions"]:
            continue
        condition = json.dumps(entry["condition"], sort_keys=True) if "condition" in entry else ""
        if condition != grant.condition:
            continue
        if "keys" not in entry or (grant.keys is not None and set(grant.keys) <= set(entry["keys"])):
            return True
    return False


@pytest.mark.parametrize("logical", FUNCTIONS)
def test_no_policy_grants_more_than_the_functions_list(logical: str) -> None:
    assert logical in LISTS, f"{logical}: add what it may do to tests/unit/platform/least_privilege.toml"
    allowed = LISTS[logical]
    too_much = [
        (action, resource, grant.keys)
        for grant in iam.grants(STACK, logical)
        for resource in grant.resources
        for action in grant.actions
        if not covered(allowed.get(resource, []), action, grant)
    ]
    assert too_much == [], f"{logical} is granted more than least_privilege.toml lists"


def test_the_list_names_only_functions_of_the_template() -> None:
    assert set(LISTS) == set(FUNCTIONS)


def _table_grants() -> list[tuple[str, iam.Grant]]:
    return [(f, g) for f in FUNCTIONS for g in iam.grants(STACK, f) if "Table" in g.resources]


def test_every_grant_on_the_table_is_held_to_key_prefixes_and_never_table_wide() -> None:
    for logical, grant in _table_grants():
        assert grant.keys, f"{logical}: a grant on Table without dynamodb:LeadingKeys"
        assert "*" not in grant.keys, logical
        assert not {"dynamodb:Scan", "dynamodb:BatchWriteItem", "dynamodb:*"} & set(grant.actions), logical
    # No SAM policy template on the table: each names its actions and prefixes.
    for logical in FUNCTIONS:
        for policy in RESOURCES[logical]["Properties"].get("Policies") or []:
            (name,) = policy
            assert not (name.startswith("DynamoDB") and policy[name].get("TableName") == {"Ref": "Table"}), logical


def test_user_records_are_read_only_by_the_token_function_and_the_authorizer() -> None:
    readers = {logical for logical, grant in _table_grants() if set(grant.keys or ()) & set(USER_RECORDS)}
    assert readers == USER_READERS
    (authorizer,) = [g for f, g in _table_grants() if f == "AuthorizerFunction"]
    assert (authorizer.actions, authorizer.keys) == (("dynamodb:GetItem",), USER_RECORDS)
    token_writes = {a for f, g in _table_grants() if f == "TokenFunction" and g.keys == USER_RECORDS for a in g.actions}
    assert token_writes == {"dynamodb:GetItem"}  # the token function reads users, writes only its counters


def test_the_publisher_touches_only_outbox_items_and_reads_its_stream() -> None:
    grants = iam.grants(STACK, "PublisherFunction")
    on_table = [g for g in grants if "Table" in g.resources]
    assert {k for g in on_table for k in g.keys or ("*",)} == {"OUTBOX#*"}
    index = [g for g in grants if g.resources == ("Table/index/Outbox",)]
    assert [g.actions for g in index] == [("dynamodb:Query",)]


def test_the_stream_and_queue_consumers_read_their_own_source_only() -> None:
    """Not SAM's DynamoDB or SQS event, whose managed policy reads every stream (queue) of the
    account: mappings of their own, and statements on this table's stream and the webhook queue."""
    for logical in ("PublisherFunction", "DispatcherFunction"):
        on_streams = [g for g in iam.grants(STACK, logical) if any("Stream" in a for a in g.actions)]
        assert {(a, r) for g in on_streams for a in g.actions for r in g.resources} == {
            ("dynamodb:DescribeStream", "Table.StreamArn"),
            ("dynamodb:GetRecords", "Table.StreamArn"),
            ("dynamodb:GetShardIterator", "Table.StreamArn"),
            ("dynamodb:ListStreams", "Table/stream/*"),
        }, logical
    sources = {
        m["Properties"]["FunctionName"]["Ref"]: m["Properties"]["EventSourceArn"]
        for m in STACK.resources("AWS::Lambda::EventSourceMapping").values()
    }
    stream, queue = {"Fn::GetAtt": ["Table", "StreamArn"]}, {"Fn::GetAtt": ["WebhookQueue", "Arn"]}
    assert sources == {
        "PublisherFunction.Alias": stream,
        "DispatcherFunction.Alias": stream,
        "DeliveryFunction.Alias": queue,
    }
    on_queue = {a for g in iam.grants(STACK, "DeliveryFunction") if g.resources == ("WebhookQueue",) for a in g.actions}
    assert on_queue == {"sqs:SendMessage", "sqs:ReceiveMessage", "sqs:DeleteMessage", "sqs:GetQueueAttributes"}
    # No SAM pull event (DynamoDB, SQS, Kinesis, ...) anywhere: each brings an account-wide managed policy.
    assert not [g for f in FUNCTIONS for g in iam.grants(STACK, f) if g.actions[0].startswith("managed-policy:")]


def test_a_sam_stream_event_is_named_as_the_account_wide_managed_policy_it_brings() -> None:
    doc = copy.deepcopy(STACK.doc)
    events = doc["Resources"]["PublisherFunction"]["Properties"]["Events"]
    events["Stream"] = {"Type": "DynamoDB", "Properties": {"Stream": {"Fn::GetAtt": ["Table", "StreamArn"]}}}
    found = iam.grants(Stack(doc, STACK.names, STACK.params), "PublisherFunction")
    broad = [g for g in found if g.actions == ("managed-policy:AWSLambdaDynamoDBExecutionRole",)]
    assert [g.resources for g in broad] == [("*",)]
    assert not any(covered(LISTS["PublisherFunction"].get("*", []), a, g) for g in broad for a in g.actions)


def test_the_log_function_deletes_only_the_stacks_log_streams() -> None:
    deletes = [g for g in iam.grants(STACK, "LogFunction") if "logs:DeleteLogStream" in g.actions]
    assert [g.resources for g in deletes] == [
        ("arn:${AWS::Partition}:logs:${AWS::Region}:${AWS::AccountId}:log-group:/backoffice/${AWS::StackName}/*",)
    ]


def test_the_bank_files_function_books_as_the_route_does_and_touches_only_the_inbox_and_its_results() -> None:
    """The same booking code runs in both: the table's grants stay the same (the booking's items,
    nothing else); of the bucket only zahlungen/ (the inbox read, listed and emptied, the results written)."""

    def on_table(logical: str) -> list[tuple[tuple[str, ...], tuple[str, ...] | None]]:
        return [(g.actions, g.keys) for g in iam.grants(STACK, logical) if "Table" in g.resources]

    assert on_table("ZahlungenEingangFunction") == on_table("ZahlungenFunction")
    on_bucket = {
        (resource, action, grant.condition)
        for grant in iam.grants(STACK, "ZahlungenEingangFunction")
        for resource in grant.resources
        if resource.startswith("Bucket")
        for action in grant.actions
    }
    listed = json.dumps({"StringLike": {"s3:prefix": ["zahlungen/eingang/*"]}}, sort_keys=True)
    assert on_bucket == {
        ("Bucket/zahlungen/eingang/*", "s3:GetObject", ""),
        ("Bucket/zahlungen/eingang/*", "s3:DeleteObject", ""),
        ("Bucket", "s3:ListBucket", listed),
        ("Bucket/zahlungen/verarbeitet/*", "s3:PutObject", ""),
        ("Bucket/zahlungen/fehler/*", "s3:PutObject", ""),
    }
    assert {r for g in iam.grants(STACK, "ZahlungenEingangFunction") for r in g.resources} - {
        r for r, _, _ in on_bucket
    } == {"Table"}


# --- local/iam.py: what the unit tests and the local stack hold every function to -----------------


def run_as(stack: Stack, logical: str, call: Any) -> Any:
    return iam.as_function(stack, logical, call)()


def test_a_function_may_read_its_own_prefixes_and_is_refused_the_others(aws: Stack, monkeypatch: Any) -> None:
    from backoffice.platform import dynamo

    monkeypatch.setenv("LOCAL_IAM", "enforce")
    assert run_as(aws, "AuthorizerFunction", lambda: dynamo.get_item("USER#demo", "USER")) is None
    with pytest.raises(ClientError, match="AccessDeniedException") as refused:
        run_as(aws, "KundenFunction", lambda: dynamo.get_item("USER#demo", "USER"))
    assert "KundenFunction is not authorized to perform dynamodb:GetItem on Table key 'USER#demo'" in str(refused.value)
    with pytest.raises(ClientError, match="AccessDeniedException"):
        run_as(aws, "AuthorizerFunction", lambda: dynamo.put_item({"PK": "USER#x", "SK": "USER"}))
    # Outside a function (test setup, the admin CLI) nothing is checked.
    dynamo.put_item({"PK": "USER#x", "SK": "USER"})


def test_requests_sent_in_parallel_are_checked_as_the_function_that_sent_them(aws: Stack, monkeypatch: Any) -> None:
    """The thread pool of platform.parallel keeps the caller's context: a bare pool's threads would
    run as nobody, and nothing they sent would be checked."""
    from backoffice.platform import dynamo

    monkeypatch.setenv("LOCAL_IAM", "enforce")
    keys = [(f"ADR#{n}", "ADR") for n in range(250)]  # three requests of at most 100 keys
    assert run_as(aws, "AdressenFunction", lambda: dynamo.batch_get(keys, workers=3)) == []
    with pytest.raises(ClientError, match="TokenFunction is not authorized to perform dynamodb:BatchGetItem"):
        run_as(aws, "TokenFunction", lambda: dynamo.batch_get(keys, workers=3))


def test_each_part_of_a_transaction_is_checked(aws: Stack, monkeypatch: Any) -> None:
    from backoffice.platform import dynamo

    monkeypatch.setenv("LOCAL_IAM", "enforce")
    ops = [dynamo.put_op({"PK": "OUTBOX#1", "SK": "OUTBOX"}), dynamo.put_op({"PK": "USER#y", "SK": "USER"})]
    with pytest.raises(ClientError, match=r"PutItem on Table key 'USER#y'"):
        run_as(aws, "KundenFunction", lambda: dynamo.transact_write(ops))
    assert dynamo.get_item("OUTBOX#1", "OUTBOX") is None  # refused whole, as IAM refuses the request


def test_the_grants_read_leading_keys_and_a_scan_matches_vacuously() -> None:
    grant = iam.Grant(("dynamodb:GetItem", "dynamodb:Scan"), ("Table",), ("KUNDE#*", "COUNTER"))
    assert grant.allows("dynamodb:GetItem", "Table", "KUNDE#1")
    assert grant.allows("dynamodb:GetItem", "Table", "COUNTER")
    assert not grant.allows("dynamodb:GetItem", "Table", "COUNTERS")
    assert not grant.allows("dynamodb:GetItem", "Table", "USER#1")
    assert not grant.allows("dynamodb:PutItem", "Table", "KUNDE#1")
    assert not grant.allows("dynamodb:GetItem", "IdempotencyTable", "KUNDE#1")
    # ForAllValues with no key in the request holds, as in IAM: why no grant may list Scan.
    assert grant.allows("dynamodb:Scan", "Table", None)


def test_recording_lists_each_request_of_a_function(aws: Stack, monkeypatch: Any, tmp_path: Path) -> None:
    from backoffice.platform import dynamo

    record = tmp_path / "calls.jsonl"
    monkeypatch.setenv("LOCAL_IAM", f"record:{record}")
    run_as(aws, "KundenFunction", lambda: dynamo.batch_get([("KUNDE#1", "KUNDE"), ("USER#demo", "USER")]))
    lines = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]
    assert {line.pop("test") for line in lines} == {os.environ["PYTEST_CURRENT_TEST"]}  # which test made it
    assert lines == [
        {"function": "KundenFunction", "action": "dynamodb:BatchGetItem", "resource": "Table", "key": key}
        for key in ("KUNDE#1", "USER#demo")
    ]


def test_the_publisher_sweeps_and_forwards_within_its_outbox_grants(aws: Stack, monkeypatch: Any) -> None:
    """The publisher's tests load its module directly; here it runs held to its policies."""
    from backoffice.platform import dynamo, outbox
    from local.demo_kunden import enable_event
    from local.lambda_runtime import lambda_context, load_module

    monkeypatch.setenv("LOCAL_IAM", "enforce")
    enable_event("REST_Auft")
    module = load_module(aws, "PublisherFunction")
    publisher = iam.as_function(aws, "PublisherFunction", module.lambda_handler)
    dynamo.transact_write(outbox.outbox_ops("REST_Auft", {"AuftNr": "5001"}, "demo"))
    assert publisher({}, lambda_context("publisher"))["sent"] == 1  # the sweep: index query, batch get, delete
    (put,) = outbox.outbox_ops("REST_Auft", {"AuftNr": "5002"}, "demo")
    dynamo.transact_write([put])
    record = {"eventName": "INSERT", "dynamodb": {"NewImage": put["Put"]["Item"], "SequenceNumber": "1"}}
    assert publisher({"Records": [record]}, lambda_context("publisher")) == {"sent": 1, "batchItemFailures": []}
    assert outbox.pending() == []


def test_the_lambda_runtime_holds_every_function_to_its_policies(
    aws: Stack, monkeypatch: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    """What the unit tests' handlers and the local stack run: a function without its grants is
    refused by DynamoDB, and answers as it would in AWS."""
    from local.lambda_runtime import LambdaRuntime
    from tests.support.invoke import Answer, Context, event

    monkeypatch.delenv("LOCAL_IAM", raising=False)  # on by default
    doc = copy.deepcopy(aws.doc)
    doc["Resources"]["KundenFunction"]["Properties"]["Policies"] = []
    handler = LambdaRuntime(Stack(doc, aws.names, aws.params)).handler("KundenFunction")
    answer = Answer(handler(event("GET", "/www/kunden/100001"), Context("kunden")))
    assert answer.status == 500
    assert "local IAM: KundenFunction is not authorized to perform dynamodb:" in capsys.readouterr().out
    allowed = LambdaRuntime(aws).handler("KundenFunction")
    assert Answer(allowed(event("GET", "/www/kunden/100001"), Context("kunden"))).status == 404


def test_a_policy_the_checks_cannot_read_is_named_as_more_than_the_list() -> None:
    doc = copy.deepcopy(STACK.doc)
    doc["Resources"]["ZugferdFunction"]["Properties"]["Policies"] = [
        "AmazonS3FullAccess",
        {"SQSSendMessagePolicy": {"QueueName": "q"}},
    ]
    stack = Stack(doc, STACK.names, STACK.params)
    found = iam.grants(stack, "ZugferdFunction")
    assert [g.actions for g in found] == [
        ("managed-policy:AmazonS3FullAccess",),
        ("sam-policy-template:SQSSendMessagePolicy",),
    ]
    assert not any(
        covered(LISTS["ZugferdFunction"].get(r, []), a, g) for g in found for r in g.resources for a in g.actions
    )
    doc["Resources"]["ZugferdFunction"]["Properties"]["Policies"] = [{"DynamoDBWritePolicy": {"TableName": "T"}}]
    with pytest.raises(ValueError, match=r"DynamoDBWritePolicy is not known to local/iam\.py"):
        iam.grants(stack, "ZugferdFunction")


def test_s3_calls_are_held_to_the_functions_bucket_prefixes(aws: Stack, monkeypatch: Any) -> None:
    """Each object call against its key, a copy against its source too, a listing against s3:prefix."""
    import boto3

    monkeypatch.setenv("LOCAL_IAM", "enforce")
    s3, bucket, fn = boto3.client("s3", region_name="eu-central-1"), aws.names["Bucket"], "ZahlungenEingangFunction"
    s3.put_object(Bucket=bucket, Key="zahlungen/eingang/a.xml", Body=b"<a/>")  # outside a function: not checked
    s3.put_object(Bucket=bucket, Key="media/b.png", Body=b"png")
    inbox = {"Bucket": bucket, "Key": "zahlungen/eingang/a.xml"}
    assert run_as(aws, fn, lambda: s3.get_object(**inbox)["Body"].read()) == b"<a/>"
    run_as(aws, fn, lambda: s3.copy_object(Bucket=bucket, Key="zahlungen/fehler/a.xml", CopySource=inbox))
    assert run_as(aws, fn, lambda: s3.list_objects_v2(Bucket=bucket, Prefix="zahlungen/eingang/a.xml"))["KeyCount"] == 1
    run_as(aws, fn, lambda: s3.delete_object(**inbox))
    with pytest.raises(ClientError, match="AccessDenied") as refused:
        run_as(aws, fn, lambda: s3.get_object(Bucket=bucket, Key="media/b.png"))
    assert "ZahlungenEingangFunction is not authorized to perform s3:GetObject on Bucket/media/b.png" in str(
        refused.value
    )
    source = {"Bucket": bucket, "Key": "media/b.png"}
    refusals = [
        lambda: s3.copy_object(Bucket=bucket, Key="zahlungen/fehler/b.png", CopySource=source),  # its source
        lambda: s3.put_object(Bucket=bucket, Key="zahlungen/eingang/c.xml", Body=b"x"),  # the inbox is read only
        lambda: s3.delete_object(Bucket=bucket, Key="zahlungen/fehler/a.xml"),  # results stay
        lambda: s3.list_objects_v2(Bucket=bucket, Prefix="media/"),
        lambda: s3.list_objects_v2(Bucket=bucket),  # the whole bucket
    ]
    for call in refusals:
        with pytest.raises(ClientError, match="AccessDenied"):
            run_as(aws, fn, call)
    assert [o["Key"] for o in s3.list_objects_v2(Bucket=bucket, Prefix="zahlungen/")["Contents"]] == [
        "zahlungen/fehler/a.xml"
    ]
