"""API Gateway emulation: REST-API proxy events to the handler modules named by template.yaml.

What it does as API Gateway does: routes by the template's Api events (a literal segment before
a {parameter}), runs the TOKEN authorizer first (caching its decision for ReauthorizeEvery),
answers with the template's GatewayResponses, passes request bodies whose Content-Type matches a
binary media type base64-encoded, and turns a base64 answer back into bytes when the client's
first Accept value matches one. Where it differs, docs/operations.md says.
"""

from __future__ import annotations

import base64
import importlib.util
import sys
import threading
import time
import traceback
import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import ModuleType, SimpleNamespace
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from local.docs_ui import DocsUi
from local.template import ACCOUNT, REGION, Route, Stack

# Lambda takes an invocation event of at most 6 MB; API Gateway itself stops at 10 MB.
MAX_EVENT_BYTES = 6 * 1024 * 1024
MAX_READ_BYTES = 64 * 1024 * 1024
API_ID = "local"

Handler = Callable[[dict[str, Any], Any], Any]


def load_module(stack: Stack, logical: str) -> ModuleType:
    """The handler module of a function, imported from its file under a name of its own."""
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


def lambda_context(function: str) -> SimpleNamespace:
    deadline = time.monotonic() + 28
    return SimpleNamespace(
        function_name=function,
        function_version="$LATEST",
        invoked_function_arn=f"arn:aws:lambda:{REGION}:{ACCOUNT}:function:{function}",
        memory_limit_in_mb=512,
        aws_request_id=str(uuid.uuid4()),
        log_group_name=f"/aws/lambda/{function}",
        log_stream_name="local",
        get_remaining_time_in_millis=lambda: int((deadline - time.monotonic()) * 1000),
    )


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
        # state on the module's app (powertools' app.context): one request per function at a time.
        self._invoke_locks: dict[str, threading.Lock] = {}
        self.after_request = after_request

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
        self, kind: str, default_status: int, request: dict[str, list[str]] | None = None
    ) -> tuple[int, dict[str, str], bytes]:
        conf = (
            self.responses.get(kind)
            or self.responses.get("DEFAULT_5XX" if default_status >= 500 else "DEFAULT_4XX")
            or {}
        )
        headers: dict[str, str] = {}
        for name, value in ((conf.get("ResponseParameters") or {}).get("Headers") or {}).items():
            if value.startswith("'"):
                headers[name] = value.strip("'")
            elif value.lower().startswith("method.request.header."):
                # A mapped request header, as API Gateway copies it; absent, no header.
                wanted = value.split(".", 3)[3].lower()
                found = next((v[-1] for k, v in (request or {}).items() if k.lower() == wanted), None)
                if found is not None:
                    headers[name] = found
        body = (conf.get("ResponseTemplates") or {}).get("application/json", '{"message":"error"}')
        headers.setdefault("Content-Type", "application/json")
        return int(conf.get("StatusCode", default_status)), headers, body.encode("utf-8")

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
        if cached and cached[0] > now:
            policy = cached[1]
        else:
            event = {
                "type": "TOKEN",
                "authorizationToken": token,
                "methodArn": f"arn:aws:execute-api:{REGION}:{ACCOUNT}:{API_ID}/v1/{method}{path}",
            }
            try:
                policy = self.handler(self.authorizer_fn)(event, lambda_context("authorizer"))
            except Exception as exc:  # noqa: BLE001 - API Gateway maps any authorizer failure
                if str(exc) == "Unauthorized":
                    return "unauthorized", None
                traceback.print_exc()
                return "failed", None
            with self._auth_lock:
                self._auth_cache[token] = (now + self.auth_ttl, policy)
        effects = {s.get("Effect") for s in policy.get("policyDocument", {}).get("Statement", [])}
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

    def invoke(
        self,
        method: str,
        target: str,
        headers: dict[str, list[str]],
        body: bytes,
    ) -> tuple[int, dict[str, list[str]], bytes]:
        url = urlsplit(target)
        found = self.match(method, url.path)
        if found is None:
            status, h, b = self.gateway_response("MISSING_AUTHENTICATION_TOKEN", 403, headers)
            return status, {k: [v] for k, v in h.items()}, b
        route, params = found
        if len(body) > MAX_EVENT_BYTES:
            status, h, b = self.gateway_response("REQUEST_TOO_LARGE", 413, headers)
            return status, {k: [v] for k, v in h.items()}, b
        auth_context = None
        if route.authorized:
            token = next((v[0] for k, v in headers.items() if k.lower() == "authorization"), None)
            verdict, auth_context = self.authorize(token, method, url.path)
            kinds = {
                "unauthorized": ("UNAUTHORIZED", 401),
                "denied": ("ACCESS_DENIED", 403),
                "failed": ("AUTHORIZER_FAILURE", 500),
            }
            if verdict in kinds:
                status, h, b = self.gateway_response(*kinds[verdict], headers)
                return status, {k: [v] for k, v in h.items()}, b
        event = self.build_event(route, method, url.path, url.query, headers, body, params, auth_context)
        try:
            with self._invoke_locks.setdefault(route.function, threading.Lock()):
                result = self.handler(route.function)(event, lambda_context(route.function))
        except Exception:  # noqa: BLE001 - a crashed function is a 502 at API Gateway
            traceback.print_exc()
            status, h, b = self.gateway_response("DEFAULT_5XX", 502, headers)
            return status, {k: [v] for k, v in h.items()}, b
        finally:
            if self.after_request and method != "GET":
                self.after_request()
        # No Accept header means any type is acceptable (RFC 9110).
        accept = next((v[0] for k, v in headers.items() if k.lower() == "accept"), "*/*")
        return self.to_http(result, accept)

    def to_http(self, result: dict[str, Any], accept: str) -> tuple[int, dict[str, list[str]], bytes]:
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
        if len(body) > MAX_EVENT_BYTES:  # Lambda refuses an answer over 6 MB
            status, h, b = self.gateway_response("DEFAULT_5XX", 502)
            return status, {k: [v] for k, v in h.items()}, b
        return int(result.get("statusCode", 200)), headers, body


class _RequestHandler(BaseHTTPRequestHandler):
    gateway: Gateway
    docs: DocsUi
    protocol_version = "HTTP/1.1"
    server_version = "backoffice-local"

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        if getattr(self.server, "verbose", True):
            super().log_message(format, *args)

    def _read_body(self) -> bytes | None:
        """The request body; None when it is larger than anything API Gateway would pass on."""
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            chunks, total = [], 0
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    self.rfile.readline()
                    break
                chunk = self.rfile.read(size)
                self.rfile.readline()
                total += size
                if total <= MAX_READ_BYTES:
                    chunks.append(chunk)
            return b"".join(chunks) if total <= MAX_READ_BYTES else None
        length = int(self.headers.get("Content-Length") or 0)
        if length > MAX_READ_BYTES:
            self.close_connection = True
            return None
        return self.rfile.read(length) if length else b""

    def _handle(self) -> None:
        body = self._read_body()
        local_only = self.docs.answer(self.command, self.path)
        if local_only is not None:
            status, h, payload = local_only
            headers = {k: [v] for k, v in h.items()}
        elif body is None:
            status, h, payload = self.gateway.gateway_response("REQUEST_TOO_LARGE", 413)
            headers = {k: [v] for k, v in h.items()}
        else:
            req_headers: dict[str, list[str]] = {}
            for k, v in self.headers.items():
                req_headers.setdefault(k, []).append(v)
            status, headers, payload = self.gateway.invoke(self.command, self.path, req_headers, body)
        self.send_response(status)
        for k, values in headers.items():
            if k.lower() in ("content-length", "connection", "transfer-encoding"):
                continue
            for v in values:
                self.send_header(k, v)
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(payload)

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_OPTIONS = do_HEAD = _handle

    def __getattr__(self, name: str) -> Any:
        # Any other method (TRACE, QUERY ...) reaches the routing too: API Gateway's answer, not http.server's 501.
        if name.startswith("do_"):
            return self._handle
        raise AttributeError(name)


class _Server(ThreadingHTTPServer):
    # orders: API Gateway takes bursts of clients; http.server's backlog of 5 drops connections of a burst.
    request_queue_size = 128


class ApiServer:
    def __init__(self, gateway: Gateway, port: int, verbose: bool = True) -> None:
        handler = type("Handler", (_RequestHandler,), {"gateway": gateway, "docs": DocsUi(gateway.openapi)})
        self._server = _Server(("127.0.0.1", port), handler)
        self._server.daemon_threads = True
        self._server.verbose = verbose  # type: ignore[attr-defined]
        self._thread = threading.Thread(target=self._server.serve_forever, name="api", daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()
