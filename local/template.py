"""template.yaml read as data: the one list of resources, routes and settings the local stack uses."""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = ROOT / "template.yaml"
STACK_NAME = "local"
REGION = "eu-central-1"
ACCOUNT = "123456789012"


class _CfnLoader(yaml.SafeLoader):
    """YAML with CloudFormation's short tags (!Ref, !Sub, !GetAtt ...) read as their long form."""


def _tag(loader: _CfnLoader, suffix: str, node: yaml.Node) -> dict[str, Any]:
    name = "Ref" if suffix == "Ref" else f"Fn::{suffix}"
    if isinstance(node, yaml.ScalarNode):
        value: Any = loader.construct_scalar(node)
        if suffix == "GetAtt":
            value = value.split(".", 1)
    elif isinstance(node, yaml.SequenceNode):
        value = loader.construct_sequence(node, deep=True)
    elif isinstance(node, yaml.MappingNode):
        value = loader.construct_mapping(node, deep=True)
    else:
        raise TypeError(f"a YAML node of an unknown kind: {node!r}")
    return {name: value}


_CfnLoader.add_multi_constructor("!", _tag)


def load(path: Path = TEMPLATE) -> dict[str, Any]:
    with path.open(encoding="utf-8") as fh:
        doc: dict[str, Any] = yaml.load(fh, Loader=_CfnLoader)  # noqa: S506 - a SafeLoader subclass
    return doc


def physical_name(logical: str, resource: dict[str, Any]) -> str:
    """The name a resource gets in the local stack; the layer's settings default to the same."""
    props = resource.get("Properties") or {}
    kind = resource["Type"]
    for prop in ("TableName", "BucketName", "Name", "LogGroupName"):
        if prop in props:
            return str(resolve(props[prop], {}))
    if kind == "AWS::S3::Bucket":
        return f"{STACK_NAME}-{logical.lower()}"
    return logical


def resolve(value: Any, names: dict[str, str], params: dict[str, Any] | None = None) -> Any:
    """Evaluate the intrinsic functions the template uses for names and environment values."""
    params = params or {}
    if isinstance(value, dict) and len(value) == 1:
        ((fn, arg),) = value.items()
        if fn == "Ref":
            pseudo = {
                "AWS::StackName": STACK_NAME,
                "AWS::Region": REGION,
                "AWS::AccountId": ACCOUNT,
                "AWS::Partition": "aws",
                "AWS::URLSuffix": "amazonaws.com",
            }
            if arg in pseudo:
                return pseudo[arg]
            if arg in params:
                return params[arg]
            return names.get(arg, arg)
        if fn == "Fn::Sub":
            return re.sub(r"\$\{([^}]+)\}", lambda m: str(resolve({"Ref": m.group(1)}, names, params)), arg)
        if fn == "Fn::GetAtt":
            if arg[1] == "QueueName":  # the local queue has the resource's name (physical_name)
                return names.get(arg[0], arg[0])
            return f"arn:aws:local:{REGION}:{ACCOUNT}:{arg[0]}"
        if fn == "Fn::Join":
            return _join(arg, names, params)
    return value


def resolve_all(value: Any, names: dict[str, str], params: dict[str, Any] | None = None) -> Any:
    """`resolve` applied throughout a resource's properties (dicts and lists, at any depth)."""
    if isinstance(value, dict) and len(value) == 1 and next(iter(value)) in ("Ref", "Fn::Sub", "Fn::GetAtt"):
        return resolve(value, names, params)
    if isinstance(value, dict):
        return {k: resolve_all(v, names, params) for k, v in value.items()}
    if isinstance(value, list):
        return [resolve_all(v, names, params) for v in value]
    return value


def _join(arg: list[Any], names: dict[str, str], params: dict[str, Any]) -> str:
    """Fn::Join; a CommaDelimitedList parameter is held as the text given (`a,b`), as sam takes it."""
    separator, parts = arg
    resolved = resolve(parts, names, params)
    if isinstance(resolved, str):
        resolved = resolved.split(",")
    return str(separator).join(str(resolve(p, names, params)) for p in resolved)


class BadOverride(ValueError):
    """A parameter override that names no parameter of the template, is not Key=Value, or breaks the
    parameter's constraints."""


def parameter_overrides(text: str, known: dict[str, Any], specs: dict[str, Any] | None = None) -> dict[str, str]:
    """`Key=Value Key2="Value 2"` as `sam local start-api --parameter-overrides` takes them (quotes as
    a shell's, so samconfig.toml's own `Key="Value"` reads the same; its long form
    `ParameterKey=Key,ParameterValue=Value` too); a key the template has no parameter for is refused,
    and so is a value its `specs` (the template's Parameters) refuse, as CloudFormation would."""
    found: dict[str, str] = {}
    try:
        words = shlex.split(text)
    except ValueError as exc:
        raise BadOverride(f"{text!r}: {exc}") from None
    for word in words:
        long_form = re.fullmatch(r"ParameterKey=([^,]+),ParameterValue=(.*)", word)
        name, sep, value = (long_form.group(1), "=", long_form.group(2)) if long_form else word.partition("=")
        if not sep or name not in known:
            raise BadOverride(f"{word!r}: give Key=Value with a parameter of template.yaml ({', '.join(known)})")
        if specs is not None:
            _check_constraints(name, value, specs[name])
        found[name] = value
    return found


def _check_constraints(name: str, value: str, spec: dict[str, Any]) -> None:
    """CloudFormation's checks of a parameter value: a number for Number (within MinValue and
    MaxValue), one of AllowedValues, a match of AllowedPattern."""
    refusal = None
    if spec.get("Type") == "Number":
        try:
            number = Decimal(value)
        except ArithmeticError:
            number = None
        if number is None or not number.is_finite():
            refusal = "must be a number"
        elif "MinValue" in spec and number < Decimal(str(spec["MinValue"])):
            refusal = f"must be at least {spec['MinValue']}"
        elif "MaxValue" in spec and number > Decimal(str(spec["MaxValue"])):
            refusal = f"must be at most {spec['MaxValue']}"
    allowed = [str(v) for v in spec.get("AllowedValues", [])]
    if refusal is None and allowed and value not in allowed:
        refusal = f"must be one of {', '.join(allowed)}"
    if refusal is None and "AllowedPattern" in spec and not re.fullmatch(spec["AllowedPattern"], value):
        refusal = f"must match {spec['AllowedPattern']}"
    if refusal:
        raise BadOverride(f"{name}={value!r}: {refusal} (template.yaml's Parameters, as CloudFormation checks them)")


@dataclass(frozen=True)
class Route:
    method: str
    path: str  # as in the template: /www/artikel/{ArtNr}
    function: str  # logical id
    authorized: bool

    @property
    def pattern(self) -> re.Pattern[str]:
        return re.compile("^" + re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>[^/]+)", re.escape(self.path)) + "$")


@dataclass(frozen=True)
class BucketSource:
    """A function run on S3's events through an EventBridge rule (`pattern`, its names resolved)."""

    function: str
    pattern: dict[str, Any]
    retries: int  # Lambda's retries of an asynchronous invocation that failed (0 to 2)
    failure_queue: str | None  # where the event goes after them (EventInvokeConfig's OnFailure)


@dataclass
class Stack:
    doc: dict[str, Any]
    names: dict[str, str] = field(default_factory=dict)
    params: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def read(cls, path: Path = TEMPLATE, overrides: str = "") -> Stack:
        """The template with its parameters' defaults, `overrides` replacing some (see `parameter_overrides`)."""
        doc = load(path)
        stack = cls(doc)
        stack.params = {k: v.get("Default") for k, v in (doc.get("Parameters") or {}).items()}
        stack.params.update(parameter_overrides(overrides, stack.params, doc.get("Parameters") or {}))
        stack.names = {k: physical_name(k, r) for k, r in doc["Resources"].items()}
        return stack

    def resources(self, kind: str) -> dict[str, dict[str, Any]]:
        return {k: r for k, r in self.doc["Resources"].items() if r["Type"] == kind}

    def api(self) -> dict[str, Any]:
        (api,) = self.resources("AWS::Serverless::Api").values()
        return dict(api["Properties"])

    def method_throttles(self) -> dict[tuple[str, str], tuple[float, int]]:
        """(METHOD, /path) -> (rate, burst) of the stage's MethodSettings that name one method of one
        path; the `/*` `*` entry is the stage's own limit (ThrottlingRateLimit, ThrottlingBurstLimit)."""
        found = {}
        for setting in self.api().get("MethodSettings", []):
            # "/~1www~1token" is /www/token: the leading slash, then the path with its slashes as ~1.
            path, method = setting["ResourcePath"][1:].replace("~1", "/"), setting["HttpMethod"].upper()
            if (path, method) != ("*", "*") and "ThrottlingRateLimit" in setting:
                rate = float(resolve(setting["ThrottlingRateLimit"], self.names, self.params))
                found[(method, path)] = (rate, int(resolve(setting["ThrottlingBurstLimit"], self.names, self.params)))
        return found

    def binary_media_types(self) -> set[str]:
        return {t.replace("~1", "/") for t in self.api().get("BinaryMediaTypes", [])}

    def gateway_responses(self) -> dict[str, dict[str, Any]]:
        return dict(self.api().get("GatewayResponses", {}))

    def authorizer(self) -> tuple[str, int]:
        """(logical id of the authorizer function, seconds a decision is cached)."""
        auth = self.api()["Auth"]
        conf = auth["Authorizers"][auth["DefaultAuthorizer"]]
        arn = conf["FunctionArn"]
        # !GetAtt Fn.Arn, or the alias SAM publishes (!Ref Fn.Alias): locally the code as it is.
        logical = arn["Fn::GetAtt"][0] if "Fn::GetAtt" in arn else arn["Ref"].removesuffix(".Alias")
        return logical, int(conf.get("Identity", {}).get("ReauthorizeEvery", 300))

    def routes(self) -> list[Route]:
        found = []
        for logical, fn in self.resources("AWS::Serverless::Function").items():
            for event in (fn["Properties"].get("Events") or {}).values():
                if event["Type"] != "Api":
                    continue
                props = event["Properties"]
                auth = (props.get("Auth") or {}).get("Authorizer")
                found.append(Route(props["Method"].upper(), props["Path"], logical, auth != "NONE"))
        # API Gateway prefers a literal path segment to a {parameter}.
        return sorted(found, key=lambda r: r.path.count("{"))

    def scheduled_functions(self) -> list[str]:
        return [
            logical
            for logical, fn in self.resources("AWS::Serverless::Function").items()
            if any(e["Type"] in ("Schedule", "ScheduleV2") for e in (fn["Properties"].get("Events") or {}).values())
        ]

    def schedules(self, logical: str) -> list[tuple[str, str]]:
        """(ScheduleExpression, ScheduleExpressionTimezone or UTC) of each schedule of a function."""
        events = (self.resources("AWS::Serverless::Function")[logical]["Properties"].get("Events") or {}).values()
        return [
            (e["Properties"]["ScheduleExpression"], e["Properties"].get("ScheduleExpressionTimezone", "UTC"))
            for e in events
            if e["Type"] in ("Schedule", "ScheduleV2")
        ]

    def queue_sources(self) -> list[tuple[str, str, int]]:
        """(function, queue name, batch size) of each SQS event source of a function: a SAM `SQS`
        event, or an event source mapping of a queue calling the function's alias."""
        found = []
        for logical, fn in self.resources("AWS::Serverless::Function").items():
            for event in (fn["Properties"].get("Events") or {}).values():
                if event["Type"] == "SQS":
                    queue = event["Properties"]["Queue"]["Fn::GetAtt"][0]
                    found.append((logical, self.names[queue], int(event["Properties"].get("BatchSize", 10))))
        queues = self.resources("AWS::SQS::Queue")
        for mapping in self.resources("AWS::Lambda::EventSourceMapping").values():
            props = mapping["Properties"]
            arn = props.get("EventSourceArn")
            source = arn["Fn::GetAtt"][0] if isinstance(arn, dict) and "Fn::GetAtt" in arn else ""
            if source in queues:
                function = str(props["FunctionName"]["Ref"]).removesuffix(".Alias")
                found.append((function, self.names[source], int(props.get("BatchSize", 10))))
        return found

    def bucket_sources(self) -> list[BucketSource]:
        """Each EventBridge rule of a function on S3's events (source aws.s3), with the function's
        asynchronous invocation settings (EventInvokeConfig: retries, on-failure queue)."""
        found = []
        for logical, fn in self.resources("AWS::Serverless::Function").items():
            invoke = fn["Properties"].get("EventInvokeConfig") or {}
            failure = ((invoke.get("DestinationConfig") or {}).get("OnFailure") or {}).get("Destination")
            queue = self.names[failure["Fn::GetAtt"][0]] if failure else None
            for event in (fn["Properties"].get("Events") or {}).values():
                pattern = (event.get("Properties") or {}).get("Pattern") or {}
                if event["Type"] == "EventBridgeRule" and pattern.get("source") == ["aws.s3"]:
                    resolved = resolve_all(pattern, self.names, self.params)
                    found.append(BucketSource(logical, resolved, int(invoke.get("MaximumRetryAttempts", 2)), queue))
        return found

    def handler_file(self, logical: str) -> tuple[Path, str]:
        props = self.doc["Resources"][logical]["Properties"]
        module, func = props["Handler"].rsplit(".", 1)
        return ROOT / props["CodeUri"] / f"{module.replace('.', '/')}.py", func

    def function_setting(self, logical: str, name: str, default: Any = None) -> Any:
        """A function property as SAM applies it: the function's own, else the Globals' one."""
        props = self.doc["Resources"][logical].get("Properties") or {}
        if name in props:
            return resolve(props[name], self.names, self.params)
        glob = ((self.doc.get("Globals") or {}).get("Function") or {}).get(name, default)
        return resolve(glob, self.names, self.params)

    def timeout(self, logical: str) -> float:
        """Seconds Lambda lets the function run (Lambda's default is 3)."""
        return float(self.function_setting(logical, "Timeout", 3))

    def memory(self, logical: str) -> int:
        return int(self.function_setting(logical, "MemorySize", 128))

    def environment(self, logical: str | None = None) -> dict[str, str]:
        env = dict(((self.doc.get("Globals") or {}).get("Function") or {}).get("Environment", {}).get("Variables", {}))
        if logical:
            props = self.doc["Resources"][logical]["Properties"]
            env.update((props.get("Environment") or {}).get("Variables", {}))
        return {k: str(resolve(v, self.names, self.params)) for k, v in env.items()}
