"""template.yaml's deploy guards (issue 27): prod's Rules, versions behind an alias shifted by
CodeDeploy and rolled back by alarms, the alarms an on-call person needs, the stream consumer's
failure handling, the optional WAF, log retention CloudWatch accepts."""

from __future__ import annotations

import re
from typing import Any

import pytest

from local.template import Stack

STACK = Stack.read()
DOC = STACK.doc
PARAMS = DOC["Parameters"]
RESOURCES = DOC["Resources"]
FUNCTIONS = sorted(STACK.resources("AWS::Serverless::Function"))
GLOBALS = DOC["Globals"]["Function"]


def alarm(logical: str) -> dict[str, Any]:
    assert RESOURCES[logical]["Type"] == "AWS::CloudWatch::Alarm", logical
    props: dict[str, Any] = RESOURCES[logical]["Properties"]
    return props


NO_VALUE = object()


def evaluate(node: Any, params: dict[str, Any]) -> Any:
    """The few rule and condition functions the template uses, as CloudFormation evaluates them: a
    parameter's Ref is its value, a resource's Ref its logical id, AWS::NoValue drops the element."""
    if isinstance(node, list):
        return [v for v in (evaluate(n, params) for n in node) if v is not NO_VALUE]
    if isinstance(node, dict) and len(node) == 1:
        ((fn, arg),) = node.items()
        if fn == "Ref":
            return NO_VALUE if arg == "AWS::NoValue" else params.get(arg, arg)
        if fn == "Condition":
            return evaluate(DOC["Conditions"][arg], params)
        if fn == "Fn::If":
            condition, then, otherwise = arg
            return evaluate(then if evaluate(DOC["Conditions"][condition], params) else otherwise, params)
        args = [evaluate(a, params) for a in arg]
        if fn == "Fn::Equals":
            return str(args[0]) == str(args[1])
        if fn == "Fn::Not":
            return not args[0]
        if fn == "Fn::Or":
            return any(args)
        if fn == "Fn::Contains":
            return args[1] in args[0]
        raise AssertionError(f"no evaluation of {fn}")
    return node


def parameters(**given: str) -> dict[str, Any]:
    """Every parameter's value: these given, the others at their defaults."""
    params: dict[str, Any] = {k: v.get("Default") for k, v in PARAMS.items()} | given
    for name, spec in PARAMS.items():
        if spec["Type"] == "CommaDelimitedList":
            params[name] = [o.strip() for o in str(params[name]).split(",")]
    return params


def refused(**given: str) -> list[str]:
    """The AssertDescriptions of the rules that refuse these parameters (the others at their defaults)."""
    params = parameters(**given)
    found = []
    for rule in DOC["Rules"].values():
        if evaluate(rule.get("RuleCondition", True), params):
            found += [a["AssertDescription"] for a in rule["Assertions"] if not evaluate(a["Assert"], params)]
    return found


PROD = {
    "Environment": "prod",
    "AlarmEmail": "ops@shop.ch",
    "AllowedOrigins": "https://shop.ch",
    "DeploymentType": "Canary10Percent5Minutes",
}


def test_prod_refuses_any_origin_no_alarm_address_and_an_all_at_once_deploy() -> None:
    assert refused() == []  # dev: the defaults, which the local stack runs with
    assert refused(**PROD) == []
    for origins in ("*", "https://shop.ch,*", "https://shop.ch, *", "", " ", "https://shop.ch,"):
        # An empty list is * to the function (backoffice/http/cors.py): refused as * is.
        assert refused(**PROD | {"AllowedOrigins": origins}) == [ANY_ORIGIN], origins
    assert refused(**PROD | {"ArchiveLockMode": "GOVERNANCE"}) == [
        "prod locks the invoice archive in COMPLIANCE mode (ArchiveLockMode)."
    ]
    assert refused(ArchiveLockMode="GOVERNANCE", AllowedOrigins="") == []  # dev: both allowed
    assert refused(**PROD | {"AlarmEmail": ""}) == [NO_DESTINATION]
    assert refused(**PROD | {"DeploymentType": "AllAtOnce"}) == [
        "prod shifts traffic to a new version gradually (DeploymentType), never all at once."
    ]
    assert PARAMS["Environment"]["AllowedValues"] == ["dev", "prod"]
    assert STACK.environment()["ALLOWED_ORIGINS"] == "*"
    assert Stack.read(overrides="AllowedOrigins=https://a.ch,https://b.ch").environment()["ALLOWED_ORIGINS"] == (
        "https://a.ch,https://b.ch"
    )


ANY_ORIGIN = "prod names its CORS origins (AllowedOrigins); * and empty ones are refused."
NO_DESTINATION = "prod needs an alarm destination, AlarmEmail or AlarmSnsTopicArn (or both)."
PAGER = "arn:aws:sns:eu-central-1:123456789012:on-call"


def test_prod_takes_an_alarm_email_or_a_topic_of_its_own_and_refuses_neither() -> None:
    assert refused(**PROD | {"AlarmEmail": "", "AlarmSnsTopicArn": ""}) == [NO_DESTINATION]
    assert refused(**PROD | {"AlarmEmail": "", "AlarmSnsTopicArn": PAGER}) == []
    assert refused(**PROD | {"AlarmSnsTopicArn": PAGER}) == []
    assert refused(AlarmEmail="", AlarmSnsTopicArn="") == []  # dev may have none


@pytest.mark.parametrize(
    ("arn", "accepted"),
    [
        ("", True),
        (PAGER, True),
        ("arn:aws-us-gov:sns:us-gov-west-1:123456789012:ops_alarms", True),
        ("arn:aws:sns:eu-central-1:123456789012:on-call.fifo", False),  # alarms cannot notify a FIFO topic
        ("arn:aws:sqs:eu-central-1:123456789012:on-call", False),
        ("arn:aws:sns:eu-central-1:12345:on-call", False),
        ("ops@shop.ch", False),
    ],
)
def test_the_alarm_topic_parameter_takes_an_sns_topic_arn_or_nothing(arn: str, accepted: bool) -> None:
    assert (re.fullmatch(PARAMS["AlarmSnsTopicArn"]["AllowedPattern"], arn) is not None) == accepted


@pytest.mark.parametrize(("topic", "expected"), [("", ["AlarmTopic"]), (PAGER, ["AlarmTopic", PAGER])])
def test_every_alarm_notifies_the_stacks_topic_and_the_given_one_in_alarm_and_back_to_ok(
    topic: str, expected: list[str]
) -> None:
    params = parameters(**PROD | {"AlarmSnsTopicArn": topic})
    alarms = STACK.resources("AWS::CloudWatch::Alarm")
    assert len(alarms) > 100
    actions = {
        name: (
            evaluate(a["Properties"].get("AlarmActions"), params),
            evaluate(a["Properties"].get("OKActions"), params),
        )
        for name, a in alarms.items()
    }
    assert {n: a for n, a in actions.items() if a != (expected, expected)} == {}
    assert DOC["Resources"]["AlarmEmailSubscription"]["Properties"]["TopicArn"] == {"Ref": "AlarmTopic"}


def test_log_retention_takes_only_the_values_cloudwatch_logs_accepts() -> None:
    accepted = [1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545, 731, 1096, 1827, 2192, 2557, 2922, 3288, 3653]
    assert PARAMS["LogRetentionDays"]["AllowedValues"] == accepted
    assert PARAMS["LogRetentionDays"]["Default"] in accepted
    assert PARAMS["CreateApiGatewayLogsRole"]["AllowedValues"] == ["true", "false"]
    for logical in ("ApiGatewayLogsRole", "ApiGatewayAccount"):
        assert RESOURCES[logical]["Condition"] == "CreateApiGatewayLogsRole"


@pytest.mark.parametrize("logical", FUNCTIONS)
def test_each_function_is_deployed_behind_its_alias_and_rolled_back_by_its_alarms(logical: str) -> None:
    assert GLOBALS["AutoPublishAlias"] == "live"
    assert GLOBALS["DeploymentPreference"] == {"Type": {"Ref": "DeploymentType"}}
    props = RESOURCES[logical]["Properties"]
    assert "AutoPublishAlias" not in props  # the Globals' alias for all
    errors, latency = props["DeploymentPreference"]["Alarms"]
    errors_alarm = alarm(errors["Ref"])
    metrics = [errors_alarm] + [m["MetricStat"]["Metric"] for m in errors_alarm.get("Metrics", []) if "MetricStat" in m]
    own = {"Name": "FunctionName", "Value": {"Ref": logical}}
    assert any(
        (m.get("Namespace"), m.get("MetricName")) == ("AWS/Lambda", "Errors") and own in m.get("Dimensions", [])
        for m in metrics
    )
    p99 = alarm(latency["Ref"])
    assert (p99["Namespace"], p99["MetricName"], p99["ExtendedStatistic"]) == ("AWS/Lambda", "Duration", "p99")
    assert p99["Dimensions"] == [
        {"Name": "FunctionName", "Value": {"Ref": logical}},
        {"Name": "Resource", "Value": {"Fn::Sub": f"${{{logical}}}:live"}},
    ]
    assert p99["Threshold"] < STACK.timeout(logical) * 1000


def test_the_api_and_the_authorizer_call_the_alias() -> None:
    arn = STACK.api()["Auth"]["Authorizers"]["TokenAuthorizer"]["FunctionArn"]
    assert arn == {"Ref": "AuthorizerFunction.Alias"}
    assert STACK.authorizer() == ("AuthorizerFunction", 300)  # locally: the code as it is
    assert PARAMS["DeploymentType"]["Default"] == "AllAtOnce"


@pytest.mark.parametrize("logical", FUNCTIONS)
def test_each_function_has_an_alarm_near_its_timeout(logical: str) -> None:
    name = logical.removesuffix("Function")
    near = alarm(f"{name}NearTimeoutAlarm")
    assert (near["MetricName"], near["Statistic"]) == ("Duration", "Maximum")
    assert near["Dimensions"] == [{"Name": "FunctionName", "Value": {"Ref": logical}}]
    assert near["Threshold"] == int(STACK.timeout(logical) * 800)  # 80 % of the timeout, in ms


def test_every_route_has_its_p99_latency_alarm() -> None:
    assert STACK.api()["MethodSettings"][0]["MetricsEnabled"] is True  # API Gateway's per-route metrics
    found = {}
    for props in (r["Properties"] for r in STACK.resources("AWS::CloudWatch::Alarm").values()):
        if props.get("Namespace") == "AWS/ApiGateway" and props.get("MetricName") == "Latency":
            dims = {d["Name"]: d["Value"] for d in props["Dimensions"]}
            assert props["ExtendedStatistic"] == "p99"
            assert dims["ApiName"] == {"Fn::Sub": "${AWS::StackName}-api"}
            assert dims["Stage"] == {"Ref": "StageName"}
            found[(dims["Method"], dims["Resource"])] = props["Threshold"]
    routes = {(r.method, r.path) for r in STACK.routes()}
    assert routes - set(found) == set(), "a route without its Route<Method><Path>LatencyAlarm: copy a neighbour's"
    assert set(found) - routes == set(), "a latency alarm of a route the template no longer has"
    assert all(0 < t < 29000 for t in found.values())


def test_the_5xx_and_4xx_rates_are_alarmed() -> None:
    for logical, metric, threshold in (
        ("ApiServerErrorRateAlarm", "5XXError", 0.01),
        ("ApiClientErrorRateAlarm", "4XXError", 0.25),
    ):
        props = alarm(logical)
        stats = {m["Id"]: m["MetricStat"]["Metric"]["MetricName"] for m in props["Metrics"] if "MetricStat" in m}
        assert stats == {"errors": metric, "requests": "Count"}
        (expression,) = [m["Expression"] for m in props["Metrics"] if "Expression" in m]
        assert expression == "IF(FILL(requests, 0) >= 20, FILL(errors, 0) / requests, 0)"
        assert props["Threshold"] == threshold


def test_the_stream_consumer_bisects_reports_failures_and_keeps_what_failed() -> None:
    props = RESOURCES["PublisherOutboxStream"]["Properties"]
    assert props["FunctionName"] == {"Ref": "PublisherFunction.Alias"}
    assert props["BisectBatchOnFunctionError"] is True
    assert props["FunctionResponseTypes"] == ["ReportBatchItemFailures"]
    assert props["DestinationConfig"]["OnFailure"] == {"Destination": {"Fn::GetAtt": ["PublisherFailureQueue", "Arn"]}}
    assert RESOURCES["PublisherFailureQueue"]["Properties"]["SqsManagedSseEnabled"] is True
    depth = alarm("PublisherFailureQueueAlarm")
    assert (depth["Namespace"], depth["MetricName"], depth["Threshold"]) == (
        "AWS/SQS",
        "ApproximateNumberOfMessagesVisible",
        1,
    )
    queue_name = {"Fn::GetAtt": ["PublisherFailureQueue", "QueueName"]}
    assert depth["Dimensions"] == [{"Name": "QueueName", "Value": queue_name}]
    failed = alarm("PublisherFailedRecordsAlarm")
    env = RESOURCES["PublisherFunction"]["Properties"]["Environment"]["Variables"]
    assert (failed["Namespace"], failed["MetricName"]) == (env["POWERTOOLS_METRICS_NAMESPACE"], "OutboxRecordsFailed")


def test_the_token_function_may_be_held_to_a_reserved_concurrency() -> None:
    reserved = RESOURCES["TokenFunction"]["Properties"]["ReservedConcurrentExecutions"]
    no_value = {"Ref": "AWS::NoValue"}
    assert reserved == {"Fn::If": ["ReservesTokenConcurrency", {"Ref": "TokenReservedConcurrency"}, no_value]}
    assert PARAMS["TokenReservedConcurrency"]["Default"] == 0


def test_the_waf_is_optional_with_common_rules_and_limits_per_source_ip() -> None:
    assert PARAMS["EnableWaf"]["Default"] == "false"
    acl, association = RESOURCES["WebAcl"], RESOURCES["WebAclAssociation"]
    assert acl["Condition"] == association["Condition"] == "EnableWaf"
    assert association["Properties"]["WebACLArn"] == {"Fn::GetAtt": ["WebAcl", "Arn"]}
    assert "${Api}/stages/${Api.Stage}" in association["Properties"]["ResourceArn"]["Fn::Sub"]
    rules = {r["Name"]: r for r in acl["Properties"]["Rules"]}
    assert set(rules) == {"token-per-ip", "requests-per-ip", "aws-common-rules", "aws-known-bad-inputs"}
    for name, group in (
        ("aws-common-rules", "AWSManagedRulesCommonRuleSet"),
        ("aws-known-bad-inputs", "AWSManagedRulesKnownBadInputsRuleSet"),
    ):
        managed = rules[name]["Statement"]["ManagedRuleGroupStatement"]
        assert (managed["VendorName"], managed["Name"]) == ("AWS", group)
        assert rules[name]["OverrideAction"] == {"None": {}}  # the group's own actions: block
    token = rules["token-per-ip"]["Statement"]["RateBasedStatement"]
    assert (token["Limit"], token["AggregateKeyType"]) == ({"Ref": "WafTokenRateLimit"}, "IP")
    matches = {
        s["ByteMatchStatement"]["SearchString"]: s["ByteMatchStatement"]["PositionalConstraint"]
        for s in token["ScopeDownStatement"]["AndStatement"]["Statements"]
    }
    assert matches == {"/www/token": "CONTAINS", "POST": "EXACTLY"}
    (path,) = [s["ByteMatchStatement"] for s in token["ScopeDownStatement"]["AndStatement"]["Statements"][:1]]
    assert [t["Type"] for t in path["TextTransformations"]] == ["URL_DECODE", "LOWERCASE"]  # %74oken, /WWW/Token
    assert rules["requests-per-ip"]["Statement"]["RateBasedStatement"]["Limit"] == {"Ref": "WafRateLimit"}
    bodies = acl["Properties"]["CustomResponseBodies"]
    for name in ("token-per-ip", "requests-per-ip"):
        response = rules[name]["Action"]["Block"]["CustomResponse"]
        assert response["ResponseCode"] == 429
        assert re.fullmatch(r"\d+", response["ResponseHeaders"][0]["Value"])
        assert response["ResponseHeaders"][0]["Name"] == "Retry-After"
        assert '"error":"too_many_requests"' in bodies[response["CustomResponseBodyKey"]]["Content"]


def test_a_message_in_the_webhook_dead_letter_queue_raises_an_alarm() -> None:
    """The queue the delivery mapping's messages go to after 5 failed receives (its RedrivePolicy)."""
    redrive = RESOURCES["WebhookQueue"]["Properties"]["RedrivePolicy"]
    assert redrive == {"deadLetterTargetArn": {"Fn::GetAtt": ["WebhookDeadLetterQueue", "Arn"]}, "maxReceiveCount": 5}
    depth = alarm("WebhookDeadLetterAlarm")
    assert (depth["Namespace"], depth["MetricName"], depth["Statistic"]) == (
        "AWS/SQS",
        "ApproximateNumberOfMessagesVisible",
        "Maximum",
    )
    assert depth["Dimensions"] == [
        {"Name": "QueueName", "Value": {"Fn::GetAtt": ["WebhookDeadLetterQueue", "QueueName"]}}
    ]
    assert (depth["Threshold"], depth["ComparisonOperator"]) == (1, "GreaterThanOrEqualToThreshold")
