"""template.yaml as an operator deploys it: gateway answers, stage, alarms, least privilege (issue 13)."""

from __future__ import annotations

import io
import json
import re
from typing import Any

import pytest

from local.emulation import NOT_EMULATED, create_resources
from local.gateway import Gateway
from local.template import Stack

STACK = Stack.read()
RESOURCES = STACK.doc["Resources"]
FUNCTIONS = sorted(STACK.resources("AWS::Serverless::Function"))


def alarms() -> dict[str, dict[str, Any]]:
    return {k: r["Properties"] for k, r in STACK.resources("AWS::CloudWatch::Alarm").items()}


def statements(logical: str) -> list[dict[str, Any]]:
    found = []
    for policy in RESOURCES[logical]["Properties"].get("Policies") or []:
        found += policy.get("Statement", []) if isinstance(policy, dict) else []
    return found


def test_every_gateway_response_has_the_error_body_and_the_cors_headers() -> None:
    responses = STACK.gateway_responses()
    assert {"DEFAULT_4XX", "DEFAULT_5XX"} <= set(responses)
    for kind, conf in responses.items():
        body = json.loads(conf["ResponseTemplates"]["application/json"])
        assert set(body) == {"error", "error_description", "info"}, kind
        headers = conf["ResponseParameters"]["Headers"]
        assert headers["Access-Control-Allow-Origin"] == "method.request.header.Origin", kind
        assert headers["Vary"] == "'Origin'", kind
        assert headers["Content-Type"] == "'application/json; charset=iso-8859-1'", kind
    assert json.loads(responses["DEFAULT_4XX"]["ResponseTemplates"]["application/json"])["error"] == "invalid_request"
    assert "StatusCode" not in responses["DEFAULT_4XX"]  # API Gateway's own 4xx status stays


def test_the_emulation_answers_default_4xx_with_the_origin_of_the_request() -> None:
    status, headers, body = Gateway(STACK).gateway_response(
        "INCOMPLETE_SIGNATURE", 403, {"Origin": ["https://shop.ch"]}
    )
    assert status == 403
    assert headers["Access-Control-Allow-Origin"] == ["https://shop.ch"]
    assert headers["Vary"] == ["Origin"]
    assert json.loads(body)["error"] == "invalid_request"
    _, headers, _ = Gateway(STACK).gateway_response("INCOMPLETE_SIGNATURE", 403, {})
    assert "Access-Control-Allow-Origin" not in headers


def test_the_stage_logs_throttles_and_traces() -> None:
    api = STACK.api()
    assert api["OpenApiVersion"] == "3.0.1"
    assert api["TracingEnabled"] is True
    settings, login = api["MethodSettings"]  # the stage's, then POST /www/token's own (test_template_edge.py)
    assert (settings["ResourcePath"], settings["HttpMethod"]) == ("/*", "*")
    assert (login["ResourcePath"], login["HttpMethod"], login["MetricsEnabled"]) == ("/~1www~1token", "POST", True)
    assert settings["ThrottlingRateLimit"] == {"Ref": "ThrottlingRateLimit"}
    assert settings["ThrottlingBurstLimit"] == {"Ref": "ThrottlingBurstLimit"}
    log = api["AccessLogSetting"]
    assert log["DestinationArn"] == {"Fn::GetAtt": ["ApiAccessLogGroup", "Arn"]}
    fields = json.loads(log["Format"])
    assert fields["requestId"] == "$context.requestId"
    assert fields["status"] == "$context.status"
    # A refused token's 401 leads to the authorizer's "token refused" line (its correlation_id).
    assert fields["authorizerRequestId"] == "$context.authorizer.requestId"
    group = RESOURCES["ApiAccessLogGroup"]["Properties"]
    assert group["RetentionInDays"] == {"Ref": "LogRetentionDays"}
    # DELETE /www/log empties /backoffice/<stack>/...: the access log is not among them.
    assert not STACK.names["ApiAccessLogGroup"].startswith(STACK.environment()["LOG_GROUP_PREFIX"])
    assert STACK.doc["Globals"]["Function"]["Tracing"] == "Active"


def lambda_metrics(alarm: dict[str, Any]) -> list[tuple[str, Any]]:
    """(metric, dimensions) of the AWS/Lambda metrics an alarm reads, plain or in metric math."""
    found = []
    if alarm.get("Namespace") == "AWS/Lambda":
        found.append((alarm["MetricName"], alarm["Dimensions"]))
    for m in alarm.get("Metrics", []):
        metric = m.get("MetricStat", {}).get("Metric", {})
        if metric.get("Namespace") == "AWS/Lambda":
            found.append((metric["MetricName"], metric["Dimensions"]))
    return found


@pytest.mark.parametrize("logical", FUNCTIONS)
def test_each_function_has_an_errors_and_a_throttles_alarm(logical: str) -> None:
    dimensions = [{"Name": "FunctionName", "Value": {"Ref": logical}}]
    metrics = {name for a in alarms().values() for name, dims in lambda_metrics(a) if dims == dimensions}
    assert {"Errors", "Throttles"} <= metrics


def test_the_authorizer_alarm_leaves_out_the_tokens_it_refuses(aws: Any) -> None:
    """Refusing a token is an error to Lambda; the alarm subtracts the refusals the filter counts,
    which are the authorizer's own log lines."""
    from backoffice.platform import auth, dynamo, user_store
    from backoffice.platform.logger import logger
    from local.lambda_runtime import lambda_context, load_module

    alarm = alarms()["AuthorizerErrorsAlarm"]
    (expression,) = [m["Expression"] for m in alarm["Metrics"] if "Expression" in m]
    assert expression == "FILL(errors, 0) - FILL(refusals, 0)"
    pattern = RESOURCES["AuthorizerRefusalsFilter"]["Properties"]["FilterPattern"]
    counted = set(re.findall(r'\$\.message = "([^"]+)"', pattern))
    assert counted == {"token refused"}

    authorizer = load_module(aws, "AuthorizerFunction")
    token, _ = auth.issue_token(auth.save_user("gone", "pw", None))
    dynamo.delete_item("USER#gone", "USER", table=user_store.table())
    buf = io.StringIO()
    # The logger's handler holds the stream it was created with: capture there, not on sys.stdout.
    previous = logger.registered_handler.setStream(buf)
    try:
        for bearer in ("Bearer not-a-jwt", f"Bearer {token}"):
            event = {"type": "TOKEN", "authorizationToken": bearer, "methodArn": "a:b:c:d:e:f/v1/GET/x"}
            with pytest.raises(Exception, match=r"^Unauthorized$"):
                authorizer.lambda_handler(event, lambda_context("authorizer"))
    finally:
        logger.registered_handler.setStream(previous)
    lines = [json.loads(line) for line in buf.getvalue().splitlines()]
    # A malformed token and the token of a deleted user: both refusals, both counted.
    assert [line["message"] for line in lines] == ["token refused", "token refused"]
    assert {line["message"] for line in lines} == counted


# The stack's topic, and the operators' own when AlarmSnsTopicArn names one (test_template_deploys.py
# evaluates it for both cases).
ALARM_ACTIONS = [
    {"Ref": "AlarmTopic"},
    {"Fn::If": ["HasAlarmSnsTopic", {"Ref": "AlarmSnsTopicArn"}, {"Ref": "AWS::NoValue"}]},
]


def test_every_alarm_notifies_the_topic_and_the_email_is_optional() -> None:
    for name, alarm in alarms().items():
        assert alarm["AlarmActions"] == alarm["OKActions"] == ALARM_ACTIONS, name
    subscription = RESOURCES["AlarmEmailSubscription"]
    assert subscription["Condition"] == "HasAlarmEmail"
    assert subscription["Properties"]["Endpoint"] == {"Ref": "AlarmEmail"}
    assert STACK.params["AlarmEmail"] == ""


def test_the_api_dynamodb_stream_and_outbox_alarms() -> None:
    by_metric = {(str(a.get("Namespace")), a.get("MetricName")): a for a in alarms().values() if "Namespace" in a}
    api = by_metric[("AWS/ApiGateway", "5XXError")]
    assert {"Name": "Stage", "Value": {"Ref": "StageName"}} in api["Dimensions"]
    age = by_metric[("AWS/Lambda", "IteratorAge")]
    assert age["Dimensions"] == [{"Name": "FunctionName", "Value": {"Ref": "PublisherFunction"}}]
    throttled = {
        m["MetricStat"]["Metric"]["Dimensions"][0]["Value"]["Ref"]
        for a in alarms().values()
        for m in a.get("Metrics", [])
        if "MetricStat" in m
        and m["MetricStat"]["Metric"]["MetricName"] in ("ReadThrottleEvents", "WriteThrottleEvents")
    }
    assert throttled == set(STACK.resources("AWS::DynamoDB::Table"))
    # The outbox alarm reads the metric the publisher's sweep puts, in the publisher's namespace.
    outbox = next(a for a in alarms().values() if a.get("MetricName") == "OutboxOldestPendingAgeSeconds")
    env = RESOURCES["PublisherFunction"]["Properties"]["Environment"]["Variables"]
    assert outbox["Namespace"] == env["POWERTOOLS_METRICS_NAMESPACE"]
    assert outbox["Dimensions"] == [{"Name": "service", "Value": STACK.environment()["POWERTOOLS_SERVICE_NAME"]}]
    assert outbox["TreatMissingData"] == "breaching"


def test_the_log_function_touches_only_log_and_artikel_only_media() -> None:
    log = [s for s in statements("LogFunction") if any(a.startswith("s3:") for a in _actions(s))]
    assert {a for s in log for a in _actions(s)} == {"s3:ListBucket", "s3:DeleteObject"}
    for s in log:
        if _actions(s) == ["s3:ListBucket"]:
            assert s["Condition"] == {"StringLike": {"s3:prefix": ["log/", "log/*"]}}
        else:
            assert s["Resource"] == {"Fn::Sub": "${Bucket.Arn}/log/*"}
    artikel = [s for s in statements("ArtikelFunction") if any(a.startswith("s3:") for a in _actions(s))]
    assert [(_actions(s), s["Resource"]) for s in artikel] == [(["s3:GetObject"], {"Fn::Sub": "${Bucket.Arn}/media/*"})]
    for logical in ("LogFunction", "ArtikelFunction"):
        templates = [next(iter(p)) for p in RESOURCES[logical]["Properties"]["Policies"] if isinstance(p, dict)]
        assert not [t for t in templates if t.startswith("S3")], logical
    assert STACK.environment()["LOG_PREFIX"] == "log/"


def _actions(statement: dict[str, Any]) -> list[str]:
    actions = statement["Action"]
    return actions if isinstance(actions, list) else [actions]


def test_log_files_expire_and_tables_are_protected() -> None:
    (rule,) = RESOURCES["Bucket"]["Properties"]["LifecycleConfiguration"]["Rules"]
    assert (rule["Status"], rule["Prefix"]) == ("Enabled", STACK.environment()["LOG_PREFIX"])
    assert rule["ExpirationInDays"] == {"Ref": "LogRetentionDays"}
    for logical, table in STACK.resources("AWS::DynamoDB::Table").items():
        assert table["Properties"]["DeletionProtectionEnabled"] is True, logical


def test_the_local_stack_names_each_resource_it_does_not_create(aws: Any) -> None:
    kinds = {r["Type"] for r in RESOURCES.values()}
    created = {"AWS::DynamoDB::Table", "AWS::S3::Bucket", "AWS::S3::BucketPolicy", "AWS::Events::EventBus"}
    created |= {"AWS::SecretsManager::Secret"}
    assert kinds <= created | {"AWS::Logs::LogGroup", "AWS::SQS::Queue"} | set(NOT_EMULATED)
    odd = Stack({"Resources": {"Stream": {"Type": "AWS::Kinesis::Stream", "Properties": {}}}}, names={"Stream": "s"})
    with pytest.raises(ValueError, match="AWS::Kinesis::Stream"):
        create_resources(odd)
