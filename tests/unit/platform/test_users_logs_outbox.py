"""Users and the authorizer, log deletion, the outbox, idempotent creates and counters, on moto."""

from __future__ import annotations

import fnmatch
import io
import json
import re
from types import SimpleNamespace
from typing import Any

import pytest
from botocore.stub import Stubber

from backoffice import company
from backoffice.admin.__main__ import main as admin
from backoffice.company import CONFIG_PK, CONFIG_SK
from backoffice.errors import Conflict, InvalidRequest, NotFound
from backoffice.platform import auth, dynamo, idempotency, logfiles, outbox, user_store
from backoffice.platform.aws import client
from backoffice.platform.caches import reset_caches
from backoffice.platform.environment import get_settings
from backoffice.platform.logger import logger
from local.lambda_runtime import lambda_context, load_handler
from tests.support.invoke import result_json

STAGE = "arn:aws:execute-api:eu-central-1:123456789012:abc123/v1"


def _authorize(stack: Any, token: str, route: str = "GET/www/artikel/4711") -> dict[str, Any]:
    handler = load_handler(stack, "AuthorizerFunction")
    return handler({"type": "TOKEN", "authorizationToken": f"Bearer {token}", "methodArn": f"{STAGE}/{route}"}, None)


def test_the_authorizer_allows_the_stage_but_the_log_and_hands_over_user_webshop_roles(aws: Any) -> None:
    token, _ = auth.issue_token(auth.save_user("shop1", "pw", "SHOP-A"))
    policy = _authorize(aws, token)
    assert policy["principalId"] == "shop1"
    assert policy["context"] == {"user": "shop1", "webshop": "SHOP-A", "roles": "integration"}
    # One policy for every route (API Gateway caches it per token): the operator route denied.
    assert policy["policyDocument"]["Statement"] == [
        {"Action": "execute-api:Invoke", "Effect": "Allow", "Resource": f"{STAGE}/*"},
        {"Action": "execute-api:Invoke", "Effect": "Deny", "Resource": f"{STAGE}/DELETE/www/log"},
    ]


@pytest.mark.parametrize(
    ("roles", "statements"),
    [
        (
            ["operator"],
            [
                ("Allow", "DELETE/www/log"),
                ("Allow", "POST/www/zahlungen"),
                ("Allow", "GET/www/zahlungen"),
                ("Allow", "POST/www/zahlungen/*/zuordnung"),
                ("Allow", "GET/www/webhooks"),
                ("Allow", "GET/www/webhooks/*"),
                ("Allow", "PATCH/www/webhooks/*"),
                ("Allow", "DELETE/www/webhooks/*"),
                ("Allow", "POST/www/webhooks/*/secret"),
                ("Allow", "POST/www/webhooks/*/deliveries/*/redeliver"),
                ("Allow", "POST/www/webhooks/*/test"),
            ],
        ),
        (["integration", "operator"], [("Allow", "*")]),
    ],
)
def test_the_authorizer_policy_follows_the_roles(aws: Any, roles: list[str], statements: list[tuple[str, str]]) -> None:
    token, _ = auth.issue_token(auth.save_user("ops", "pw", None, roles))
    policy = _authorize(aws, token, "DELETE/www/log")
    assert policy["context"] == {"user": "ops", "webshop": "", "roles": ",".join(sorted(roles))}
    assert [(s["Effect"], s["Resource"]) for s in policy["policyDocument"]["Statement"]] == [
        (effect, f"{STAGE}/{resource}") for effect, resource in statements
    ]


# Every route of the template an operator without the integration role may call (docs/webhooks.md: the
# operator sees and changes every subscription; it makes none of its own, as it has no webshop).
OPERATOR_ROUTES = {
    ("DELETE", "/www/log"),
    ("POST", "/www/zahlungen"),
    ("GET", "/www/zahlungen"),
    ("POST", "/www/zahlungen/{id}/zuordnung"),
    ("GET", "/www/webhooks"),
    ("GET", "/www/webhooks/{id}"),
    ("PATCH", "/www/webhooks/{id}"),
    ("DELETE", "/www/webhooks/{id}"),
    ("POST", "/www/webhooks/{id}/secret"),
    ("GET", "/www/webhooks/{id}/deliveries"),
    ("POST", "/www/webhooks/{id}/deliveries/{delivery_id}/redeliver"),
    ("POST", "/www/webhooks/{id}/test"),
}


def test_an_operator_may_call_the_log_the_payments_and_every_subscriptions_routes_and_no_other(aws: Any) -> None:
    """The policy evaluated against each route of the template as API Gateway does (local/gateway.py):
    an explicit Deny wins, else an Allow is needed; `*` spans `/`."""
    token, _ = auth.issue_token(auth.save_user("ops", "pw", None, ["operator"]))
    statements = _authorize(aws, token, "GET/www/webhooks")["policyDocument"]["Statement"]

    def allowed(method: str, path: str) -> bool:
        arn = f"{STAGE}/{method}{re.sub(r'[{](\w+)[}]', 'a1b2', path)}"
        effects = {s["Effect"] for s in statements if fnmatch.fnmatchcase(arn, s["Resource"])}
        return "Allow" in effects and "Deny" not in effects

    routes = {(r.method, r.path) for r in aws.routes() if r.authorized}
    assert routes >= OPERATOR_ROUTES
    assert {route for route in routes if allowed(*route)} == OPERATOR_ROUTES
    assert not allowed("POST", "/www/webhooks")  # a subscription is a webshop's: the integration role's


def test_the_authorizer_refuses_a_revoked_token(aws: Any) -> None:
    token, _ = auth.issue_token(auth.save_user("shop1", "pw", None))
    assert _authorize(aws, token)["principalId"] == "shop1"
    assert admin(["user", "revoke", "shop1"]) == 0
    with pytest.raises(Exception, match=r"^Unauthorized$"):
        _authorize(aws, token)


@pytest.mark.parametrize("header", [None, "", "Basic eDp5", "Bearer not.a.token"])
def test_the_authorizer_answers_unauthorized_for_bad_headers(aws: Any, header: str | None) -> None:
    handler = load_handler(aws, "AuthorizerFunction")
    with pytest.raises(Exception, match=r"^Unauthorized$"):
        handler({"type": "TOKEN", "authorizationToken": header, "methodArn": "arn:x:y:z:a:b/v1/GET/www/log"}, None)


def test_the_authorizers_log_lines_carry_its_own_request_id(aws: Any) -> None:
    handler = load_handler(aws, "AuthorizerFunction")
    context = SimpleNamespace(aws_request_id="auth-request-1")
    out = io.StringIO()
    previous = logger.registered_handler.setStream(out)
    try:
        with pytest.raises(Exception, match=r"^Unauthorized$"):
            handler({"type": "TOKEN", "authorizationToken": "Bearer x.y.z", "methodArn": f"{STAGE}/GET/x"}, context)
    finally:
        logger.registered_handler.setStream(previous)
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [(line["message"], line["correlation_id"]) for line in lines] == [("token refused", "auth-request-1")]
    assert logger.get_correlation_id() is None  # set for its invocation only


def test_a_token_of_a_deleted_user_is_refused(aws: Any) -> None:
    handler = load_handler(aws, "AuthorizerFunction")
    token, _ = auth.issue_token(auth.save_user("gone", "pw", None))
    dynamo.delete_item("USER#gone", "USER", table=user_store.table())
    with pytest.raises(Exception, match=r"^Unauthorized$"):
        handler({"type": "TOKEN", "authorizationToken": f"Bearer {token}", "methodArn": "a:b:c:d:e:f/v1/GET/x"}, None)


def test_log_deletion_removes_only_the_log_prefix_and_the_service_log_streams(aws: Any) -> None:
    s3, bucket = client("s3"), get_settings().bucket_name
    for key in ("log/a.txt", "log/zugferd/r1/input.pdf", "media/4711.png", "logbook.txt"):
        s3.put_object(Bucket=bucket, Key=key, Body=b"x")
    logs = client("logs")
    prefix = get_settings().log_group_prefix
    assert prefix == "/backoffice/local/"
    logs.create_log_stream(logGroupName=f"{prefix}artikel", logStreamName="s1")
    logs.create_log_stream(logGroupName=f"{prefix}artikel", logStreamName="s2")
    logs.create_log_group(logGroupName="/other/app")
    logs.create_log_stream(logGroupName="/other/app", logStreamName="keep")

    assert logfiles.delete_log_objects() == 2
    assert logfiles.delete_log_streams() == 2
    left = sorted(o["Key"] for o in s3.list_objects_v2(Bucket=bucket)["Contents"])
    assert left == ["logbook.txt", "media/4711.png"]
    assert logs.describe_log_streams(logGroupName=f"{prefix}artikel")["logStreams"] == []
    assert [s["logStreamName"] for s in logs.describe_log_streams(logGroupName="/other/app")["logStreams"]] == ["keep"]


def _enable(*events: str) -> None:
    dynamo.put_item({"PK": CONFIG_PK, "SK": CONFIG_SK, "Events": list(events)})
    reset_caches()


@pytest.mark.parametrize(("roles", "status"), [("integration", 403), ("", 403), ("operator", 204)])
def test_only_an_operator_may_delete_the_log_files(aws: Any, roles: str, status: int) -> None:
    from tests.support.invoke import Context, event, load_app

    s3, bucket = client("s3"), get_settings().bucket_name
    s3.put_object(Bucket=bucket, Key="log/a.txt", Body=b"x")
    request = event("DELETE", "/www/log")
    request["requestContext"]["authorizer"] = {"user": "someone", "webshop": "", "roles": roles}
    resp = load_app("log").lambda_handler(request, Context())
    assert resp["statusCode"] == status
    left = [o["Key"] for o in s3.list_objects_v2(Bucket=bucket).get("Contents", [])]
    if status == 403:
        assert result_json(resp) == {
            "error": "forbidden",
            "error_description": "This route needs the operator role.",
            "info": {"role": "operator"},
        }
        assert left == ["log/a.txt"]
    else:
        assert left == []


def test_no_outbox_item_when_the_event_is_not_enabled(aws: Any) -> None:
    _enable("REST_Kunde")
    assert company.event_ops("REST_Auft", {"AuftNr": "1"}, "demo") == []
    assert len(company.event_ops("REST_Kunde", {"DebiNr": "100001"}, "demo")) == 1


def test_outbox_items_are_published_and_then_removed(aws: Any) -> None:
    _enable("REST_Kunde")
    events = client("events")
    bus = get_settings().event_bus_name
    events.put_rule(Name="all", EventBusName=bus, EventPattern=json.dumps({"source": ["backoffice.rest"]}))
    logs = client("logs")
    logs.create_log_group(logGroupName="/events/all")
    events.put_targets(
        Rule="all",
        EventBusName=bus,
        Targets=[{"Id": "l", "Arn": "arn:aws:logs:eu-central-1:123456789012:log-group:/events/all"}],
    )
    dynamo.transact_write(outbox.outbox_ops("REST_Kunde", {"DebiNr": "100001"}, "demo"))
    assert len(outbox.pending()) == 1
    assert outbox.publish_pending() == 1
    assert outbox.pending() == []
    (stream,) = logs.describe_log_streams(logGroupName="/events/all")["logStreams"]
    (event,) = logs.get_log_events(logGroupName="/events/all", logStreamName=stream["logStreamName"])["events"]
    sent = json.loads(event["message"])
    assert sent["source"] == "backoffice.rest"
    assert sent["detail-type"] == "REST_Kunde"
    assert sent["detail"] == {"DebiNr": "100001", "user": "demo"}


def test_a_failing_eventbridge_keeps_the_outbox_item(aws: Any) -> None:
    _enable("REST_Auft")
    dynamo.transact_write(outbox.outbox_ops("REST_Auft", {"AuftNr": "5001"}, "demo"))
    items = outbox.pending()
    with Stubber(client("events")) as stub:
        stub.add_response("put_events", {"FailedEntryCount": 1, "Entries": [{"ErrorCode": "InternalFailure"}]})
        assert outbox.publish(items) == 0
    assert len(outbox.pending()) == 1
    with Stubber(client("events")) as stub:
        stub.add_client_error("put_events", "ServiceUnavailable", http_status_code=503)
        with pytest.raises(Exception, match="ServiceUnavailable"):
            outbox.publish(items)
    assert len(outbox.pending()) == 1
    assert outbox.publish_pending() == 1


def test_an_idempotent_create_runs_once_per_key(aws: Any) -> None:
    calls: list[int] = []

    def create() -> dict[str, Any]:
        calls.append(1)
        return {"data": {"Nr": str(len(calls))}}

    ctx = lambda_context("test")
    first = idempotency.run_once("create_thing", "key-1", {"a": 1}, create, ctx, caller="shop1")
    again = idempotency.run_once("create_thing", "key-1", {"a": 1}, create, ctx, caller="shop1")
    assert first == again == {"data": {"Nr": "1"}}
    assert len(calls) == 1
    assert idempotency.run_once("create_thing", "key-2", {"a": 1}, create, ctx, caller="shop1") == {"data": {"Nr": "2"}}
    assert idempotency.run_once("create_thing", None, {"a": 1}, create, ctx, caller="shop1") == {"data": {"Nr": "3"}}
    with pytest.raises(Conflict, match="different body"):
        idempotency.run_once("create_thing", "key-1", {"a": 2}, create, ctx, caller="shop1")
    with pytest.raises(InvalidRequest):
        idempotency.run_once("create_thing", "k" * 256, {"a": 1}, create, ctx, caller="shop1")


def test_an_idempotency_key_belongs_to_its_caller(aws: Any) -> None:
    numbers = iter(range(1, 10))

    def create() -> dict[str, Any]:
        return {"data": {"AuftNr": str(next(numbers))}}

    ctx = lambda_context("test")
    owner = idempotency.run_once("auftrag-post", "shared-key", {"a": 1}, create, ctx, caller="shop-a")
    # Another user with the owner's key and body: a request of its own, not the owner's answer.
    same_body = idempotency.run_once("auftrag-post", "shared-key", {"a": 1}, create, ctx, caller="shop-b")
    assert owner == {"data": {"AuftNr": "1"}}
    assert same_body == {"data": {"AuftNr": "2"}}
    # Another body under the owner's key from another user is no conflict either ...
    other_body = idempotency.run_once("auftrag-post", "shared-key", {"a": 2}, create, ctx, caller="shop-c")
    assert other_body == {"data": {"AuftNr": "3"}}
    # ... and has not blocked the key for its owner, whose retry still gets the first answer.
    assert idempotency.run_once("auftrag-post", "shared-key", {"a": 1}, create, ctx, caller="shop-a") == owner
    with pytest.raises(Conflict, match="different body"):
        idempotency.run_once("auftrag-post", "shared-key", {"a": 2}, create, ctx, caller="shop-a")


def test_a_failed_create_is_not_stored_so_a_retry_runs_again(aws: Any) -> None:
    outcomes: list[Exception | None] = [NotFound("no such customer"), None]

    def create() -> dict[str, Any]:
        err = outcomes.pop(0)
        if err:
            raise err
        return {"data": {"ok": True}}

    with pytest.raises(NotFound):
        idempotency.run_once("create_other", "key-9", {"b": 1}, create, lambda_context("t"), caller="shop1")
    assert idempotency.run_once("create_other", "key-9", {"b": 1}, create, lambda_context("t"), caller="shop1") == {
        "data": {"ok": True}
    }


def test_counters_are_atomic_and_start_where_asked(aws: Any) -> None:
    assert [dynamo.next_number("DebiNr", start=100001) for _ in range(3)] == [100001, 100002, 100003]
    assert dynamo.next_number("AuftNr") == 1
