"""API Gateway emulation: REST-API proxy events to the handler modules named by template.yaml.

What it does as API Gateway does: routes by the template's Api events (a literal segment before
a {parameter}), runs the TOKEN authorizer first (caching its decision for ReauthorizeEvery),
answers its own errors with the template's GatewayResponses, passes request bodies whose
Content-Type matches a binary media type base64-encoded, turns a base64 answer back into bytes
when the client's first Accept value matches one, and applies AWS's limits: 10 KB of request line
and headers, 10 MB of request, 6 MB of Lambda event and answer, 29 s of integration and each
function's Timeout. The HTTP front door parses with h11. Why, and where the emulation differs
from AWS: docs/decisions.md, "API Gateway emulation".
"""

from __future__ import annotations

import base64
import contextlib
import fnmatch
import json
import re
import socket
import socketserver
import sys
import threading
import time
import traceback
import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from email.utils import formatdate
from http import HTTPStatus
from types import ModuleType, SimpleNamespace
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import h11

from backoffice.errors import ERROR_MEMBERS, ApiError
from backoffice.http.request_body import MAX_EVENT_BYTES, check_event_size, event_size
from backoffice.http.responses import JSON_CONTENT_TYPE
from backoffice.json_codec import dumps
from local.docs_ui import DocsUi
from local.template import ACCOUNT, REGION, Route, Stack, resolve

# API Gateway's own quotas for a REST API (its "quotas for configuring and running a REST API").
MAX_REQUEST_BYTES = 10 * 1024 * 1024
MAX_HEAD_BYTES = 10240  # request line and header values together
INTEGRATION_TIMEOUT = 29.0
# How long a client may take to send one request, and how long an idle keep-alive connection is
# kept: neither may hold a worker thread longer than API Gateway holds an integration.
CLIENT_TIMEOUT = 29.0
API_ID = "local"

Handler = Callable[[dict[str, Any], Any], Any]
Answer = tuple[int, dict[str, list[str]], bytes]

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


def load_module(stack: Stack, logical: str) -> ModuleType:
    """The handler module of a function, imported from its file under a name of its own."""
    import importlib.util

    path, _ = stack.handler_file(logical)
    spec = importlib.util.spec_from_file_location(f"lambda_{logical}", path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    # Registered before running, as an import would: pydantic resolves a handler's postponed
    # annotations (from __future__ import annotations) through sys.modules.
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def load_handler(stack: Stack, logical: str) -> Handler:
    return getattr(load_module(stack, logical), stack.handler_file(logical)[1])  # type: ignore[no-any-return]


def lambda_context(function: str, timeout: float = 28, memory: int = 512) -> SimpleNamespace:
    deadline = time.monotonic() + timeout
    return SimpleNamespace(
        function_name=function,
        function_version="$LATEST",
        invoked_function_arn=f"arn:aws:lambda:{REGION}:{ACCOUNT}:function:{function}",
        memory_limit_in_mb=memory,
        aws_request_id=str(uuid.uuid4()),
        log_group_name=f"/aws/lambda/{function}",
        log_stream_name="local",
        get_remaining_time_in_millis=lambda: max(0, int((deadline - time.monotonic()) * 1000)),
    )


class _Invocation:
    """One call of a function, which the caller may stop waiting for."""

    def __init__(self) -> None:
        self.started = threading.Event()
        self.done = threading.Event()
        self.lock: threading.Lock | None = None  # the instance it runs on
        self.result: Any = None
        self.error: BaseException | None = None


class Gateway:
    def __init__(self, stack: Stack, after_request: Callable[[], None] | None = None) -> None:
        self.stack = stack
        self.routes = stack.routes()
        self.binary_types = stack.binary_media_types()
        self.responses = stack.gateway_responses()
        self.authorizer_fn, self.auth_ttl = stack.authorizer()
        self.handlers: dict[str, Handler] = {}
        self.modules: dict[str, ModuleType] = {}
        self._auth_cache: dict[str, tuple[float, dict[str, Any]]] = {}
        self._auth_lock = threading.Lock()
        # A Lambda instance serves one request at a time, and the resolvers keep per-request
        # state on the module's app (powertools' app.context): one instance per function, which runs
        # one request at a time; its lock is the instance (see call()).
        self._instances: dict[str, threading.Lock] = {}
        self._instances_lock = threading.Lock()
        self.after_request = after_request
        self.integration_timeout = INTEGRATION_TIMEOUT

    def handler(self, logical: str) -> Handler:
        if logical not in self.handlers:
            self.modules[logical] = load_module(self.stack, logical)
            self.handlers[logical] = getattr(self.modules[logical], self.stack.handler_file(logical)[1])
        return self.handlers[logical]

    def openapi(self) -> dict[str, Any]:
        """The OpenAPI document of the loaded handler modules (Swagger UI at /docs)."""
        from local.openapi import generate, routed_functions

        for logical in routed_functions(self.stack):
            self.handler(logical)
        return generate(self.stack, {k: self.modules[k] for k in routed_functions(self.stack)})

    def load_all(self) -> None:
        for logical in {r.function for r in self.routes} | {self.authorizer_fn}:
            self.handler(logical)

    # -- answers API Gateway gives itself -------------------------------------------------------
    def gateway_response(
        self, kind: str, default_status: int | None = None, request_headers: dict[str, list[str]] | None = None
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
                "$context.requestId": str(uuid.uuid4()),
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
        now = time.monotonic()
        with self._auth_lock:
            cached = self._auth_cache.get(token)
        method_arn = f"arn:aws:execute-api:{REGION}:{ACCOUNT}:{API_ID}/v1/{method}{path}"
        if cached and cached[0] > now:
            policy = cached[1]
        else:
            event = {"type": "TOKEN", "authorizationToken": token, "methodArn": method_arn}
            call = self.call(self.authorizer_fn, event)
            if not call.done.is_set():
                return "failed", None
            if call.error is not None:
                if str(call.error) == "Unauthorized":
                    return "unauthorized", None
                return "failed", None
            policy = call.result
            with self._auth_lock:
                self._auth_cache[token] = (now + self.auth_ttl, policy)
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
    ) -> dict[str, Any]:
        pairs = parse_qsl(query, keep_blank_values=True)
        multi_q: dict[str, list[str]] = {}
        for k, v in pairs:
            multi_q.setdefault(k, []).append(v)
        content_type = next((v[0] for k, v in headers.items() if k.lower() == "content-type"), "")
        binary = self.is_binary(content_type)
        text: str | None = None
        if body and not binary:
            try:
                text = body.decode("utf-8")
            except UnicodeDecodeError:
                binary = True  # passed on as bytes; the layer decodes it by its charset
        if body and binary:
            text = base64.b64encode(body).decode("ascii")
        now = datetime.now(UTC)
        ctx: dict[str, Any] = {
            "resourceId": "local",
            "resourcePath": route.path,
            "httpMethod": method,
            "extendedRequestId": uuid.uuid4().hex,
            "requestTime": now.strftime("%d/%b/%Y:%H:%M:%S +0000"),
            "path": f"/v1{path}",
            "accountId": ACCOUNT,
            "protocol": "HTTP/1.1",
            "stage": "v1",
            "domainPrefix": "local",
            "requestTimeEpoch": int(now.timestamp() * 1000),
            "requestId": str(uuid.uuid4()),
            "domainName": "127.0.0.1",
            "apiId": API_ID,
            "identity": {"sourceIp": "127.0.0.1", "userAgent": (headers.get("User-Agent") or [""])[0]},
        }
        if auth_context is not None:
            ctx["authorizer"] = auth_context
        return {
            "resource": route.path,
            "path": path,
            "httpMethod": method,
            "headers": {k: v[-1] for k, v in headers.items()} or None,
            "multiValueHeaders": headers or None,
            "queryStringParameters": {k: v[-1] for k, v in multi_q.items()} or None,
            "multiValueQueryStringParameters": multi_q or None,
            "pathParameters": params or None,
            "stageVariables": None,
            "requestContext": ctx,
            "body": text,
            "isBase64Encoded": bool(body) and binary,
        }

    def is_binary(self, media_type: str) -> bool:
        """Whether a media type (or an Accept value) matches one of the API's binary media types."""
        kind = media_type.split(";")[0].strip().lower()
        if not kind:
            return False
        major = kind.split("/")[0]
        return any(
            t in ("*/*", kind, f"{major}/*") or kind in ("*/*", f"{t.split('/')[0]}/*") for t in self.binary_types
        )

    def call(self, logical: str, event: dict[str, Any], after: Callable[[], None] | None = None) -> _Invocation:
        """Run a function as Lambda would, waiting for it no longer than API Gateway does.

        The emulation keeps one instance per function and runs its requests one after the other; the
        time limit (the function's Timeout, at most the integration timeout) counts from the moment a
        request runs, since in AWS a concurrent request would find an instance of its own at once.
        When the limit passes, the caller answers and the instance is discarded, as Lambda discards
        one that timed out: the next request loads the module afresh (a cold start). Python cannot
        stop a thread, so the old handler runs on until it returns, its answer dropped.
        """
        limit = min(self.stack.timeout(logical), self.integration_timeout)
        call = _Invocation()

        def run() -> None:
            try:
                while True:
                    lock, handler = self._instance(logical)
                    if lock.acquire(timeout=0.2):
                        if self._instances.get(logical) is lock:
                            break
                        lock.release()  # discarded while this request waited for it
            except Exception as exc:  # noqa: BLE001 - a module that fails to load fails its requests
                traceback.print_exc()
                call.error = exc
                call.started.set()
                call.done.set()
                return
            call.lock = lock
            call.started.set()
            try:
                context = lambda_context(logical, self.stack.timeout(logical), self.stack.memory(logical))
                call.result = handler(event, context)
            except Exception as exc:  # noqa: BLE001 - a failed function is API Gateway's answer
                if str(exc) != "Unauthorized":
                    traceback.print_exc()
                call.error = exc
            finally:
                lock.release()
            try:
                if after is not None:
                    after()
            finally:
                call.done.set()

        threading.Thread(target=run, name=f"lambda-{logical}", daemon=True).start()
        # Unbounded: the request before it on the instance ends, or is given up, within its own limit.
        call.started.wait()
        if not call.done.wait(limit):
            with self._instances_lock:
                if self._instances.get(logical) is call.lock:
                    del self._instances[logical]
                    self.handlers.pop(logical, None)
                    self.modules.pop(logical, None)
        return call

    def _instance(self, logical: str) -> tuple[threading.Lock, Handler]:
        """The function's current instance: its lock and its handler (loaded when there is none)."""
        with self._instances_lock:
            lock = self._instances.get(logical)
            if lock is None:
                lock = self._instances[logical] = threading.Lock()
            return lock, self.handler(logical)

    def invoke(self, method: str, target: str, headers: dict[str, list[str]], body: bytes) -> Answer:
        url = urlsplit(target)
        found = self.match(method, url.path)
        if found is None:
            return self.gateway_response("MISSING_AUTHENTICATION_TOKEN", request_headers=headers)
        route, params = found
        auth_context = None
        if route.authorized:
            token = next((v[0] for k, v in headers.items() if k.lower() == "authorization"), None)
            verdict, auth_context = self.authorize(token, method, url.path)
            kinds = {"unauthorized": "UNAUTHORIZED", "denied": "ACCESS_DENIED", "failed": "AUTHORIZER_FAILURE"}
            if verdict in kinds:
                return self.gateway_response(kinds[verdict], request_headers=headers)
        event = self.build_event(route, method, url.path, url.query, headers, body, params, auth_context)
        try:
            # Lambda refuses the invocation; AWS then answers a 5xx we cannot shape (docs/decisions.md),
            # here the layer's own check answers it, the same the function would give.
            check_event_size(event)
        except ApiError as err:
            return err.status, {"Content-Type": [JSON_CONTENT_TYPE]}, dumps(err.body(), keep=ERROR_MEMBERS).encode()
        after = self.after_request if method != "GET" else None
        call = self.call(route.function, event, after)
        if not call.done.is_set():
            if self.stack.timeout(route.function) < self.integration_timeout:
                # Lambda ends the function at its Timeout: a function error, which API Gateway answers 502.
                return self.gateway_response("DEFAULT_5XX", 502, headers)
            return self.gateway_response("INTEGRATION_TIMEOUT", request_headers=headers)
        if call.error is not None:  # a crashed function is a 502 at API Gateway
            return self.gateway_response("DEFAULT_5XX", 502, headers)
        # No Accept header means any type is acceptable (RFC 9110).
        accept = next((v[0] for k, v in headers.items() if k.lower() == "accept"), "*/*")
        return self.to_http(call.result, accept)

    def to_http(self, result: dict[str, Any], accept: str) -> Answer:
        try:
            too_large = event_size(result) > MAX_EVENT_BYTES
        except (TypeError, ValueError, AttributeError):  # not a proxy result: API Gateway's 502
            return self.gateway_response("DEFAULT_5XX", 502)
        if too_large:  # Lambda refuses an answer over 6 MB: a function error
            return self.gateway_response("DEFAULT_5XX", 502)
        headers: dict[str, list[str]] = {k: [str(v)] for k, v in (result.get("headers") or {}).items()}
        for k, values in (result.get("multiValueHeaders") or {}).items():
            headers[k] = [str(v) for v in values]
        raw = result.get("body") or ""
        # As API Gateway does: a base64 answer becomes bytes when the client's first Accept value
        # matches a binary media type; otherwise the client gets the base64 text.
        if result.get("isBase64Encoded") and self.is_binary(accept.split(",")[0]):
            body = base64.b64decode(raw)
        else:
            body = raw.encode("utf-8") if isinstance(raw, str) else bytes(raw)
        return int(result.get("statusCode", 200)), headers, body


class _Reject(Exception):
    """A request the front door answers itself, then closes the connection."""

    def __init__(self, status: int, description: str, answer: Answer | None = None) -> None:
        super().__init__(description)
        self.answer = answer or (status, {"Content-Type": [JSON_CONTENT_TYPE]}, error_body(status, description))


_REQUEST_LINE = re.compile(rb"[!#$%&'*+.^_`|~0-9A-Za-z-]+ \S+ HTTP/\d\.\d")


class _Closed(Exception):
    """The client went away, or stayed silent between requests: nothing to answer."""


class _Connection(socketserver.BaseRequestHandler):
    """One client connection: HTTP/1.1 parsed by h11, requests answered in turn (keep-alive)."""

    server: _Server

    def setup(self) -> None:
        self.sock: socket.socket = self.request
        self.conn = h11.Connection(h11.SERVER, max_incomplete_event_size=MAX_HEAD_BYTES)
        self.server.track(self.sock, True)

    def finish(self) -> None:
        self.server.track(self.sock, False)

    def handle(self) -> None:
        while True:
            try:
                method, target, headers, body = self._read_request()
            except (_Closed, OSError):
                return
            except _Reject as reject:
                self._write(*reject.answer, head=False, close=True)
                return
            except h11.RemoteProtocolError as exc:
                status = exc.error_status_hint
                if status == 431:
                    text = f"The request line and headers exceed {MAX_HEAD_BYTES} bytes."
                else:
                    text = f"The request is not valid HTTP/1.1: {exc}."
                self._write(status, {"Content-Type": [JSON_CONTENT_TYPE]}, error_body(status, text), False, True)
                return
            try:
                answer = self.server.answer(method, target, headers, body)
            except Exception:  # noqa: BLE001 - a fault of the emulation: answered, not a dropped connection
                traceback.print_exc()
                answer = 500, {"Content-Type": [JSON_CONTENT_TYPE]}, error_body(500, "The local gateway failed.")
            self._log(method, target, answer[0])
            self._write(*answer, head=method == "HEAD", close=False)
            if self.conn.our_state is not h11.DONE or self.conn.their_state is not h11.DONE:
                return
            self.conn.start_next_cycle()

    def _receive(self, deadline: float | None) -> None:
        """More bytes from the client, waiting until the deadline (idle: the client timeout)."""
        wait = self.server.client_timeout if deadline is None else deadline - time.monotonic()
        if wait <= 0:
            raise _Reject(408, f"The request was not received within {self.server.client_timeout:g} s.")
        self.sock.settimeout(wait)
        try:
            data = self.sock.recv(65536)
        except TimeoutError:
            if deadline is None:
                raise _Closed from None  # an idle keep-alive connection: closed without a word
            raise _Reject(408, f"The request was not received within {self.server.client_timeout:g} s.") from None
        except OSError:
            raise _Closed from None
        self.conn.receive_data(data)

    def _read_request(self) -> tuple[str, str, dict[str, list[str]], bytes]:
        deadline: float | None = None
        request: h11.Request | None = None
        chunks: list[bytes] = []
        size = 0
        while True:
            event = self.conn.next_event()
            if event is h11.NEED_DATA:
                if request is None:
                    self._check_request_line()
                if deadline is None and (self.conn.trailing_data[0] or request is not None):
                    deadline = time.monotonic() + self.server.client_timeout
                self._receive(deadline)
                continue
            if isinstance(event, h11.ConnectionClosed) or event is h11.PAUSED:
                raise _Closed
            if isinstance(event, h11.Request):
                request = event
                self._check_head(event)
                if self.conn.they_are_waiting_for_100_continue:
                    interim = h11.InformationalResponse(status_code=100, headers=[], reason=b"Continue")
                    self.sock.sendall(self.conn.send(interim))
            elif isinstance(event, h11.Data):
                size += len(event.data)
                if size > MAX_REQUEST_BYTES:
                    raise self._too_large()
                chunks.append(bytes(event.data))
            elif isinstance(event, h11.EndOfMessage):
                assert request is not None
                headers: dict[str, list[str]] = {}
                for name, value in request.headers.raw_items():
                    headers.setdefault(name.decode("latin-1"), []).append(value.decode("latin-1"))
                return request.method.decode("ascii"), request.target.decode("latin-1"), headers, b"".join(chunks)

    def _check_request_line(self) -> None:
        """Refuse a request line without an HTTP/1.x version at once: h11 would wait for headers that
        an HTTP/0.9 client never sends."""
        buffered = bytes(self.conn.trailing_data[0]).lstrip(b"\r\n")
        line, newline, _ = buffered.partition(b"\n")
        if newline and not _REQUEST_LINE.match(line.rstrip(b"\r")):
            raise _Reject(400, "The request line is not METHOD TARGET HTTP/1.1 (HTTP/0.9 is not served).")

    def _check_head(self, request: h11.Request) -> None:
        head = len(request.method) + len(request.target) + sum(len(n) + len(v) for n, v in request.headers.raw_items())
        if head > MAX_HEAD_BYTES:
            raise _Reject(431, f"The request line and headers exceed {MAX_HEAD_BYTES} bytes.")
        length = next((v for n, v in request.headers if n == b"content-length"), None)
        if length is not None and int(length) > MAX_REQUEST_BYTES:
            raise self._too_large()

    def _too_large(self) -> _Reject:
        # API Gateway's own limit, before any function: the template's REQUEST_TOO_LARGE.
        return _Reject(413, "", self.server.gateway.gateway_response("REQUEST_TOO_LARGE"))

    def _write(self, status: int, headers: dict[str, list[str]], body: bytes, head: bool, close: bool) -> None:
        fields = [
            (name, value)
            for name, values in headers.items()
            if name.lower() not in ("content-length", "connection", "transfer-encoding")
            for value in values
        ]
        fields.append(("Content-Length", str(len(body))))
        if not any(name.lower() == "date" for name, _ in fields):
            fields.append(("Date", formatdate(usegmt=True)))
        if close:
            fields.append(("Connection", "close"))
        reason = HTTPStatus(status).phrase.encode() if status in HTTPStatus else b""
        try:
            data = self.conn.send(h11.Response(status_code=status, headers=fields, reason=reason))
            if not head:
                data += self.conn.send(h11.Data(data=body))
            data += self.conn.send(h11.EndOfMessage())
            self.sock.settimeout(self.server.client_timeout)
            self.sock.sendall(data)
            if close:
                self._linger()
        except (OSError, h11.LocalProtocolError):
            return

    def _linger(self) -> None:
        """Read and drop what the client still sends before closing: closing a socket with unread
        data resets it, and a client still sending its body would see the reset, not the answer."""
        self.sock.shutdown(socket.SHUT_WR)
        end, dropped = time.monotonic() + min(self.server.client_timeout, 10), 0
        while dropped < 4 * MAX_REQUEST_BYTES and (wait := end - time.monotonic()) > 0:
            self.sock.settimeout(min(wait, 2))
            data = self.sock.recv(65536)
            if not data:
                return
            dropped += len(data)

    def _log(self, method: str, target: str, status: int) -> None:
        if self.server.verbose:
            stamp = datetime.now(UTC).strftime("%d/%b/%Y %H:%M:%S")
            print(f'{self.client_address[0]} - - [{stamp}] "{method} {target}" {status}', file=sys.stderr)


class _Server(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True
    block_on_close = False
    # orders: API Gateway takes bursts of clients; socketserver's backlog of 5 drops connections of a burst.
    request_queue_size = 128

    def __init__(self, port: int, gateway: Gateway, verbose: bool, client_timeout: float) -> None:
        self.gateway = gateway
        self.docs = DocsUi(gateway.openapi)
        self.verbose = verbose
        self.client_timeout = client_timeout
        self._open: set[socket.socket] = set()
        self._open_lock = threading.Lock()
        super().__init__(("127.0.0.1", port), _Connection)

    def answer(self, method: str, target: str, headers: dict[str, list[str]], body: bytes) -> Answer:
        local_only = self.docs.answer(method, target)
        if local_only is not None:
            status, h, payload = local_only
            return status, {k: [v] for k, v in h.items()}, payload
        return self.gateway.invoke(method, target, headers, body)

    def track(self, sock: socket.socket, opened: bool) -> None:
        with self._open_lock:
            (self._open.add if opened else self._open.discard)(sock)

    def close_connections(self) -> None:
        """Wake every connection thread blocked on its client, so that stopping is prompt."""
        with self._open_lock:
            for sock in list(self._open):
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)


class ApiServer:
    def __init__(
        self, gateway: Gateway, port: int, verbose: bool = True, client_timeout: float = CLIENT_TIMEOUT
    ) -> None:
        self._server = _Server(port, gateway, verbose, client_timeout)
        self._thread = threading.Thread(target=self._server.serve_forever, args=(0.1,), name="api", daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        """Stop accepting, and drop the open connections (idle, stalled or waiting on a function)."""
        if self._thread.is_alive():
            self._server.shutdown()
        self._server.close_connections()
        self._server.server_close()
