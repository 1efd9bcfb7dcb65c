"""API Gateway's rules, emulated: REST-API proxy events to the handler modules named by template.yaml.

What it does as API Gateway does: routes by the template's Api events (a literal segment before
a {parameter}), runs the TOKEN authorizer first (caching its decision for ReauthorizeEvery),
answers its own errors with the template's GatewayResponses, passes request bodies whose
Content-Type matches a binary media type base64-encoded, turns a base64 answer back into bytes
when the client's first Accept value matches one, and holds AWS's limits: 10 KB of request line
and headers and 10 MB of request (which the HTTP front door, local/front_door.py, enforces), 6 MB
of Lambda event and answer, 29 s of integration and each function's Timeout. The functions run in
the Lambda runtime emulation (local/lambda_runtime.py); the proxy event they get and the answer read
back from their result are local/proxy_event.py's. Why, and where the emulation differs from AWS:
ADR 0054.
"""

from __future__ import annotations

import fnmatch
import json
import re
import threading
import time
import uuid
from collections.abc import Callable
from http import HTTPStatus
from typing import Any
from urllib.parse import urlsplit

from backoffice.errors import ERROR_MEMBERS, ApiError
from backoffice.http.request_body import check_event_size
from backoffice.http.responses import JSON_CONTENT_TYPE
from backoffice.json_codec import dumps
from local import proxy_event
from local.lambda_runtime import Invocation, LambdaRuntime
from local.proxy_event import API_ID, Answer
from local.template import ACCOUNT, REGION, Route, Stack, resolve
from local.throttling import Throttle

# API Gateway's own quotas for a REST API (its "quotas for configuring and running a REST API").
MAX_REQUEST_BYTES = 10 * 1024 * 1024
MAX_HEAD_BYTES = 10240  # request line and header values together
INTEGRATION_TIMEOUT = 29.0

# API Gateway's status of each gateway response type, used when the template sets none.
_TYPE_STATUS = {
    "ACCESS_DENIED": 403,
    "AUTHORIZER_CONFIGURATION_ERROR": 500,
    "AUTHORIZER_FAILURE": 500,
    "BAD_REQUEST_BODY": 400,
    "BAD_REQUEST_PARAMETERS": 400,
    "INTEGRATION_FAILURE": 504,
    "INTEGRATION_TIMEOUT": 504,
    "MISSING_AUTHENTICATION_TOKEN": 403,
    "REQUEST_TOO_LARGE": 413,
    "RESOURCE_NOT_FOUND": 404,
    "THROTTLED": 429,
    "UNAUTHORIZED": 401,
}
# API Gateway's own message of each type ($context.error.message in a response template).
_TYPE_MESSAGE = {
    "ACCESS_DENIED": "User is not authorized to access this resource",
    "AUTHORIZER_FAILURE": "Internal server error",
    "INTEGRATION_FAILURE": "Internal server error",
    "INTEGRATION_TIMEOUT": "Endpoint request timed out",
    "MISSING_AUTHENTICATION_TOKEN": "Missing Authentication Token",
    "REQUEST_TOO_LARGE": "Request Too Long",
    "UNAUTHORIZED": "Unauthorized",
    "DEFAULT_5XX": "Internal server error",
}
# The gateway response of each refusal of the authorizer (Gateway.authorize).
_REFUSALS = {"unauthorized": "UNAUTHORIZED", "denied": "ACCESS_DENIED", "failed": "AUTHORIZER_FAILURE"}
# The error body's code of a status, for an answer the template does not shape.
_STATUS_CODE = {
    400: "invalid_request",
    401: "invalid_token",
    403: "forbidden",
    404: "not_found",
    408: "request_timeout",
    413: "payload_too_large",
    431: "invalid_request",
    500: "internal_error",
}


def error_body(status: int, description: str, info: dict[str, Any] | None = None) -> bytes:
    code = _STATUS_CODE.get(status, "unavailable" if status >= 500 else "invalid_request")
    return dumps({"error": code, "error_description": description, "info": info or {}}, keep=ERROR_MEMBERS).encode()


def _as_list(value: Any) -> list[str]:
    return [value] if isinstance(value, str) else list(value or [])


class Gateway:
    def __init__(
        self,
        stack: Stack,
        after_request: Callable[[], None] | None = None,
        runtime: LambdaRuntime | None = None,
    ) -> None:
        self.stack = stack
        self.routes = stack.routes()
        self.binary_types = stack.binary_media_types()
        self.responses = stack.gateway_responses()
        self.authorizer_fn, self.auth_ttl = stack.authorizer()
        self.runtime = runtime or LambdaRuntime(stack)
        self._auth_cache: dict[str, tuple[float, dict[str, Any]]] = {}
        self._auth_lock = threading.Lock()
        self.after_request = after_request
        self.integration_timeout = INTEGRATION_TIMEOUT
        self.throttle = Throttle(stack.params, methods=stack.method_throttles())

    def load_all(self) -> None:
        for logical in {r.function for r in self.routes} | {self.authorizer_fn}:
            self.runtime.handler(logical)

    def call(self, logical: str, event: dict[str, Any], after: Callable[[], None] | None = None) -> Invocation:
        """A function run in the runtime, waited for no longer than API Gateway waits: its Timeout,
        at most the integration timeout."""
        limit = min(self.stack.timeout(logical), self.integration_timeout)
        return self.runtime.call(logical, event, limit, after)

    # -- answers API Gateway gives itself -------------------------------------------------------
    def gateway_response(
        self,
        kind: str,
        default_status: int | None = None,
        request_headers: dict[str, list[str]] | None = None,
        request_id: str | None = None,
    ) -> Answer:
        """API Gateway's own answer of a response type, shaped by the template's GatewayResponses.

        As in AWS: the type's own entry, else DEFAULT_4XX or DEFAULT_5XX by its status; the status
        is the entry's StatusCode, else the type's. Where the template shapes nothing, the error body.
        """
        status = default_status or _TYPE_STATUS.get(kind, 500)
        conf = self.responses.get(kind)
        if conf is not None and "StatusCode" in conf:
            status = int(resolve(conf["StatusCode"], self.stack.names, self.stack.params))
        if conf is None:
            conf = self.responses.get("DEFAULT_5XX" if status >= 500 else "DEFAULT_4XX")
        message = _TYPE_MESSAGE.get(kind, HTTPStatus(status).phrase if status in HTTPStatus else "Error")
        headers: dict[str, list[str]] = {}
        for name, value in (((conf or {}).get("ResponseParameters") or {}).get("Headers") or {}).items():
            mapped = self._header_value(resolve(value, self.stack.names, self.stack.params), request_headers or {})
            if mapped is not None:
                headers[name] = [mapped]
        template = ((conf or {}).get("ResponseTemplates") or {}).get("application/json")
        if template is None:
            body = error_body(status, f"{message}.")
        else:
            variables = {
                "$context.error.messageString": json.dumps(message),
                "$context.error.message": message,
                "$context.error.responseType": kind,
                "$context.requestId": request_id or str(uuid.uuid4()),
            }
            text = re.sub(r"\$context\.[\w.]+", lambda m: variables.get(m.group(0), ""), str(template))
            body = text.encode("utf-8")
        if not any(k.lower() == "content-type" for k in headers):
            headers["Content-Type"] = [JSON_CONTENT_TYPE]
        return status, headers, body

    @staticmethod
    def _header_value(value: Any, request_headers: dict[str, list[str]]) -> str | None:
        """A gateway response header's value: a 'literal', or method.request.header.NAME of the request."""
        text = str(value)
        if text.startswith("'") and text.endswith("'") and len(text) >= 2:
            return text[1:-1]
        prefix = "method.request.header."
        if text.startswith(prefix):
            wanted = text[len(prefix) :].lower()
            return next((v[-1] for k, v in request_headers.items() if k.lower() == wanted), None)
        return None

    # -- the request path -----------------------------------------------------------------------
    def match(self, method: str, path: str) -> tuple[Route, dict[str, str]] | None:
        for route in self.routes:
            if route.method == method:
                m = route.pattern.match(path)
                if m:
                    return route, m.groupdict()
        return None

    def authorize(self, token: str | None, method: str, path: str) -> tuple[str, dict[str, Any] | None]:
        """("allow", context) or ("unauthorized"|"denied"|"failed", None)."""
        if not token:
            return "unauthorized", None
        method_arn = f"arn:aws:execute-api:{REGION}:{ACCOUNT}:{API_ID}/v1/{method}{path}"
        policy = self._policy(token, method_arn)
        if isinstance(policy, str):
            return policy, None
        # As API Gateway evaluates a (cached) policy for each request: an explicit Deny of this
        # route wins, else an Allow of it is needed; `*` in a Resource spans `/` too.
        effects = {
            s.get("Effect")
            for s in policy.get("policyDocument", {}).get("Statement", [])
            if any(fnmatch.fnmatchcase(method_arn, r) for r in _as_list(s.get("Resource")))
        }
        if "Allow" not in effects or "Deny" in effects:
            return "denied", None
        return "allow", {**(policy.get("context") or {}), "principalId": policy.get("principalId")}

    def _policy(self, token: str, method_arn: str) -> dict[str, Any] | str:
        """The authorizer's policy for a token, cached for ReauthorizeEvery; or the refusal's verdict."""
        now = time.monotonic()
        with self._auth_lock:
            cached = self._auth_cache.get(token)
        if cached and cached[0] > now:
            return cached[1]
        event = {"type": "TOKEN", "authorizationToken": token, "methodArn": method_arn}
        call = self.call(self.authorizer_fn, event)
        if not call.done.is_set():
            return "failed"
        if call.error is not None:
            return "unauthorized" if str(call.error) == "Unauthorized" else "failed"
        policy: dict[str, Any] = call.result
        with self._auth_lock:
            self._auth_cache[token] = (now + self.auth_ttl, policy)
        return policy

    def build_event(
        self,
        route: Route,
        method: str,
        path: str,
        query: str,
        headers: dict[str, list[str]],
        body: bytes,
        params: dict[str, str],
        auth_context: dict[str, Any] | None,
        request_id: str | None = None,
    ) -> dict[str, Any]:
        """The proxy event of a request to `route`, with this API's binary media types."""
        return proxy_event.build_event(
            route,
            method,
            path,
            query,
            headers,
            body,
            params,
            auth_context,
            binary_types=self.binary_types,
            request_id=request_id,
        )

    def invoke(
        self, method: str, target: str, headers: dict[str, list[str]], body: bytes, source_ip: str = "127.0.0.1"
    ) -> Answer:
        """A request as API Gateway answers it; every answer carries its request id in the header
        API Gateway sets (x-amzn-RequestId), the function's own answers in X-Request-Id too.
        `source_ip`: the client's address as the connection shows it (the event's sourceIp)."""
        request_id = str(uuid.uuid4())
        status, answer_headers, payload = self._invoke(request_id, method, target, headers, body, source_ip)
        return status, {**answer_headers, "x-amzn-RequestId": [request_id]}, payload

    def _invoke(
        self, request_id: str, method: str, target: str, headers: dict[str, list[str]], body: bytes, source_ip: str
    ) -> Answer:
        def refuse(kind: str, status: int | None = None) -> Answer:
            return self.gateway_response(kind, status, headers, request_id)

        url = urlsplit(target)
        found = self.match(method, url.path)
        if self.throttle.admit(method, found[0].path if found else None):
            return refuse("THROTTLED")
        if found is None:
            return refuse("MISSING_AUTHENTICATION_TOKEN")
        route, params = found
        auth_context = None
        if route.authorized:
            token = next((v[0] for k, v in headers.items() if k.lower() == "authorization"), None)
            verdict, auth_context = self.authorize(token, method, url.path)
            if verdict in _REFUSALS:
                return refuse(_REFUSALS[verdict])
            if auth_context is not None and self.throttle.admit_client(_client_key(auth_context)):
                return refuse("THROTTLED")
        event = self.build_event(route, method, url.path, url.query, headers, body, params, auth_context, request_id)
        event["requestContext"]["identity"]["sourceIp"] = source_ip
        try:
            # Lambda refuses the invocation; AWS then answers a 5xx we cannot shape (ADR 0054),
            # here the layer's own check answers it, the same the function would give.
            check_event_size(event)
        except ApiError as err:
            refused = {**err.body(), "info": {**err.info, "request_id": request_id}}
            return err.status, {"Content-Type": [JSON_CONTENT_TYPE]}, dumps(refused, keep=ERROR_MEMBERS).encode()
        call = self.call(route.function, event, self.after_request if method != "GET" else None)
        return self._answer(route, call, headers, request_id)

    def _answer(self, route: Route, call: Invocation, headers: dict[str, list[str]], request_id: str) -> Answer:
        """The client's answer to a function's call: its result, or API Gateway's own 502 or 504."""
        if not call.done.is_set():
            if self.stack.timeout(route.function) < self.integration_timeout:
                # Lambda ends the function at its Timeout: a function error, which API Gateway answers 502.
                return self.gateway_response("DEFAULT_5XX", 502, headers, request_id)
            return self.gateway_response("INTEGRATION_TIMEOUT", request_headers=headers, request_id=request_id)
        if call.error is not None:  # a crashed function is a 502 at API Gateway
            return self.gateway_response("DEFAULT_5XX", 502, headers, request_id)
        # No Accept header means any type is acceptable (RFC 9110).
        accept = next((v[0] for k, v in headers.items() if k.lower() == "accept"), "*/*")
        return self.to_http(call.result, accept, request_id)

    def to_http(self, result: dict[str, Any], accept: str, request_id: str | None = None) -> Answer:
        """The client's answer to a proxy result; not a proxy result, or one Lambda refuses (over
        6 MB), is a function error: API Gateway's 502."""
        answer = proxy_event.to_http(result, accept, self.binary_types)
        return answer or self.gateway_response("DEFAULT_5XX", 502, request_id=request_id)


def _client_key(auth_context: dict[str, Any]) -> str:
    """Whose bucket a request counts against: the user the authorizer names (in AWS its API key,
    which platform/client_keys derives from the user name one to one)."""
    return str(auth_context.get("principalId") or "")
