"""The guarded edge in template.yaml and in its local emulation (issue 27): limits as parameters,
every limit a 429 with Retry-After and the error body with its request id, the failed-login
counters kept with a TTL, the FailedLogin alarm."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import pytest

from local.gateway import Gateway
from local.template import ROOT, BadOverride, Stack, parameter_overrides
from local.throttling import Throttle, TokenBucket

STACK = Stack.read()
PARAMS = STACK.doc["Parameters"]
RESOURCES = STACK.doc["Resources"]


def test_the_client_limits_are_parameters_below_the_stages() -> None:
    for client, stage in (("ClientRateLimit", "ThrottlingRateLimit"), ("ClientBurstLimit", "ThrottlingBurstLimit")):
        assert PARAMS[client]["Type"] == "Number"
        assert PARAMS[client]["MinValue"] == 1
        assert PARAMS[client]["Default"] <= PARAMS[stage]["Default"]


def test_the_lockout_is_set_by_parameters_the_token_function_reads() -> None:
    variables = RESOURCES["TokenFunction"]["Properties"]["Environment"]["Variables"]
    for name, variable, default in (
        ("LoginFreeFailures", "LOGIN_FREE_FAILURES", 5),
        ("LoginSourceFreeFailures", "LOGIN_SOURCE_FREE_FAILURES", 20),
        ("LoginFirstDelaySeconds", "LOGIN_FIRST_DELAY_SECONDS", 1),
        ("LoginMaxDelaySeconds", "LOGIN_MAX_DELAY_SECONDS", 900),
    ):
        assert PARAMS[name]["Default"] == default
        assert variables[variable] == {"Ref": name}
    # Its failed-login counters: read, written and dropped (test_least_privilege.py checks the rest).
    (counters,) = [
        s for s in RESOURCES["TokenFunction"]["Properties"]["Policies"][0]["Statement"] if s["Sid"] == "LoginCounters"
    ]
    from backoffice.platform.login_guard import PREFIX

    assert counters["Condition"] == {"ForAllValues:StringLike": {"dynamodb:LeadingKeys": [f"{PREFIX}*"]}}
    assert counters["Action"] == ["dynamodb:GetItem", "dynamodb:UpdateItem", "dynamodb:DeleteItem"]


def test_the_table_has_the_ttl_attribute_the_lockout_writes() -> None:
    from backoffice.platform.login_guard import TTL_ATTRIBUTE

    ttl = RESOURCES["Table"]["Properties"]["TimeToLiveSpecification"]
    assert ttl == {"AttributeName": TTL_ATTRIBUTE, "Enabled": True}


def test_failed_logins_raise_an_alarm() -> None:
    alarm = RESOURCES["FailedLoginAlarm"]["Properties"]
    assert (alarm["MetricName"], alarm["Statistic"], alarm["Threshold"]) == ("FailedLogin", "Sum", 50)
    assert (
        alarm["Namespace"]
        == RESOURCES["TokenFunction"]["Properties"]["Environment"]["Variables"]["POWERTOOLS_METRICS_NAMESPACE"]
    )
    assert alarm["AlarmActions"][0] == {"Ref": "AlarmTopic"}
    # The dimension powertools gives the metric: the token function's service name (else no data).
    service = STACK.environment("TokenFunction")["POWERTOOLS_SERVICE_NAME"]
    assert alarm["Dimensions"] == [{"Name": "service", "Value": service}]


@pytest.mark.parametrize("kind", ["THROTTLED", "QUOTA_EXCEEDED"])
def test_over_a_limit_api_gateway_answers_429_with_retry_after_never_a_5xx(kind: str) -> None:
    conf = STACK.gateway_responses()[kind]
    assert conf["StatusCode"] == 429
    assert int(conf["ResponseParameters"]["Headers"]["Retry-After"].strip("'")) >= 1
    assert json.loads(conf["ResponseTemplates"]["application/json"])["error"] == "too_many_requests"


def test_every_gateway_answer_names_its_request_id() -> None:
    responses = STACK.gateway_responses()
    assert {"DEFAULT_4XX", "DEFAULT_5XX"} <= set(responses)  # every type the template does not name
    for kind, conf in responses.items():
        body = json.loads(conf["ResponseTemplates"]["application/json"])
        assert body["info"]["request_id"] == "$context.requestId", kind


@pytest.mark.parametrize(
    ("kind", "status"),
    [("UNSUPPORTED_MEDIA_TYPE", 415), ("WAF_FILTERED", 403), ("INVALID_API_KEY", 403), ("AUTHORIZER_FAILURE", 500)],
)
def test_a_type_the_template_does_not_name_answers_by_its_default_with_the_request_id(kind: str, status: int) -> None:
    status_code, _, body = Gateway(STACK).gateway_response(kind, status, request_id="req-1")
    assert (status_code, json.loads(body)["info"]["request_id"]) == (status, "req-1")


def test_a_token_bucket_lets_its_burst_through_then_its_rate() -> None:
    now = [0.0]
    bucket = TokenBucket(rate=2, burst=3, clock=lambda: now[0])
    assert [bucket.take() for _ in range(4)] == [0, 0, 0, 1]
    now[0] += 0.5  # one token back at 2 per second
    assert [bucket.take(), bucket.take()] == [0, 1]


def test_the_stage_limit_holds_every_request_before_routing() -> None:
    gateway = Gateway(Stack.read(overrides="ThrottlingRateLimit=1 ThrottlingBurstLimit=2"))
    answers = [gateway.invoke("GET", "/www/nothing", {}, b"") for _ in range(3)]
    assert [status for status, _, _ in answers] == [404, 404, 429]
    _, headers, body = answers[-1]
    assert headers["Retry-After"] == ["1"]
    assert json.loads(body)["info"]["request_id"] == headers["x-amzn-RequestId"][0]


def test_the_login_has_its_own_lower_limit_in_place_of_the_stages() -> None:
    """POST /www/token's method setting: counted in its own bucket, not the stage's (a method setting
    replaces the stage's for its method), so a login flood meets 429 while the rest is served."""
    token_setting = {
        "ResourcePath": "/~1www~1token",
        "HttpMethod": "POST",
        "ThrottlingRateLimit": {"Ref": "TokenRateLimit"},
        "ThrottlingBurstLimit": {"Ref": "TokenBurstLimit"},
        "MetricsEnabled": True,
    }
    assert token_setting in STACK.api()["MethodSettings"]
    assert (PARAMS["TokenRateLimit"]["Default"], PARAMS["TokenBurstLimit"]["Default"]) == (20, 5)
    stack = Stack.read(overrides="TokenRateLimit=1 TokenBurstLimit=2 ThrottlingRateLimit=1 ThrottlingBurstLimit=1")
    assert stack.method_throttles() == {("POST", "/www/token"): (1.0, 2)}
    gateway = Gateway(stack)
    frozen = [0.0]  # no refill while the token function loads
    gateway.throttle = Throttle(stack.params, clock=lambda: frozen[0], methods=stack.method_throttles())
    logins = [gateway.invoke("POST", "/www/token", {"Content-Type": ["application/json"]}, b"[") for _ in range(3)]
    assert [status for status, _, _ in logins] == [400, 400, 429]
    _, headers, body = logins[-1]
    assert (headers["Retry-After"], json.loads(body)["error"]) == (["1"], "too_many_requests")
    # The stage's own bucket (burst 1) counted none of the logins.
    assert [gateway.invoke("GET", "/www/nothing", {}, b"")[0] for _ in range(2)] == [404, 429]


def test_parameter_overrides_are_read_as_sam_takes_them() -> None:
    known = {"ClientRateLimit": 10, "ClientBurstLimit": 20}
    assert parameter_overrides("ClientRateLimit=2 ClientBurstLimit=4", known) == {
        "ClientRateLimit": "2",
        "ClientBurstLimit": "4",
    }
    assert parameter_overrides("ParameterKey=ClientRateLimit,ParameterValue=3", known) == {"ClientRateLimit": "3"}
    with pytest.raises(BadOverride, match="Nope"):
        parameter_overrides("Nope=1", known)


@pytest.mark.parametrize(
    ("overrides", "refusal"),
    [
        ("ClientRateLimit=0", "ClientRateLimit='0': must be at least 1"),  # a bucket refilled at 0/s: no 429 at all
        ("ClientBurstLimit=many", "ClientBurstLimit='many': must be a number"),
        ("LogRetentionDays=13", "LogRetentionDays='13': must be one of 1, 3, 5, 7, 14, 30"),
        ("ArchiveLockMode=governance", "ArchiveLockMode='governance': must be one of COMPLIANCE, GOVERNANCE"),
        ("ArchiveRetentionDays=36501", "ArchiveRetentionDays='36501': must be at most 36500"),
        ("AlarmSnsTopicArn=topic", "AlarmSnsTopicArn='topic': must match"),
        ('AllowedOrigins="https://a.ch', "No closing quotation"),
    ],
)
def test_overrides_the_template_refuses_stop_the_local_stack_as_cloudformation_would(
    overrides: str, refusal: str
) -> None:
    with pytest.raises(BadOverride, match=re.escape(refusal)):
        Stack.read(overrides=overrides)


def test_overrides_copied_from_samconfig_keep_no_quotes() -> None:
    quoted = Stack.read(overrides='Environment="prod" AllowedOrigins="https://a.ch,https://b.ch" ClientRateLimit="2"')
    assert (quoted.params["Environment"], quoted.params["ClientRateLimit"]) == ("prod", "2")
    assert quoted.environment()["ALLOWED_ORIGINS"] == "https://a.ch,https://b.ch"


def _api_key_required() -> dict[tuple[str, str], bool]:
    """Each Api event's ApiKeyRequired: its own Auth's, else the Api's (SAM's rule)."""
    default = STACK.api()["Auth"]["ApiKeyRequired"]
    found = {}
    for fn in STACK.resources("AWS::Serverless::Function").values():
        for event in (fn["Properties"].get("Events") or {}).values():
            if event["Type"] == "Api":
                props = event["Properties"]
                auth = props.get("Auth") or {}
                found[(props["Method"].upper(), props["Path"])] = auth.get("ApiKeyRequired", default)
    return found


def test_every_authorized_route_is_held_to_the_client_usage_plan() -> None:
    required = _api_key_required()
    routes = {(route.method.upper(), route.path): route for route in STACK.routes()}
    assert required.keys() == routes.keys()
    for key, route in routes.items():
        assert required[key] is route.authorized, key  # a key only where the authorizer can answer it
    assert {key for key, route in routes.items() if not route.authorized} == {
        ("POST", "/www/token"),
        ("OPTIONS", "/www/zugferd"),
    }
    for key in (("GET", "/www/events"), ("GET", "/www/webhooks"), ("POST", "/www/webhooks/{id}/secret")):
        assert required[key] is True, key  # the routes of the webhooks, too
    stages = RESOURCES["ClientUsagePlan"]["Properties"]["ApiStages"]
    assert [stage["ApiId"] for stage in stages] == [{"Ref": "Api"}]


@pytest.mark.parametrize("given", ["command line", "environment"])
def test_make_run_takes_the_overrides_from_its_command_line_or_the_environment(tmp_path: Path, given: str) -> None:
    """Quotes as samconfig.toml writes them reach the stack, which checks them before it starts anything."""
    overrides = 'AllowedOrigins="https://a.ch, https://b.ch" ClientRateLimit="0"'
    env = {**os.environ, "LOCAL_DATA": str(tmp_path), "PORT": "0", "LOCAL_AWS_PORT": "0"}
    args = ["make", "--no-print-directory", "run"]
    if given == "environment":
        env["PARAMETER_OVERRIDES"] = overrides
    else:
        args.append(f"PARAMETER_OVERRIDES={overrides}")
    done = subprocess.run(args, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    assert done.returncode != 0
    assert "Cannot start the local stack: ClientRateLimit='0': must be at least 1" in done.stderr
