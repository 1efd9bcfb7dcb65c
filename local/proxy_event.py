"""The REST API's Lambda proxy integration, as a format: the event API Gateway hands a function for a
request (headers and query in their single and multi-value forms, the body as text or base64 by the
API's binary media types, the v1 stage's requestContext), and a function's proxy result read back
into the HTTP answer (a base64 body made bytes when the client's first Accept value is binary).

Which route, which authorizer context, which limits and which of API Gateway's own answers apply is
local/gateway.py's; this module only shapes what goes in and comes out.
"""

from __future__ import annotations

import base64
import uuid
from collections.abc import Collection
from datetime import UTC, datetime
from typing import Any
from urllib.parse import parse_qsl

from local.lambda_runtime import answer_refused
from local.template import ACCOUNT, Route

API_ID = "local"

Answer = tuple[int, dict[str, list[str]], bytes]


def is_binary(binary_types: Collection[str], media_type: str) -> bool:
    """Whether a media type (or an Accept value) matches one of the API's binary media types."""
    kind = media_type.split(";")[0].strip().lower()
    if not kind:
        return False
    major = kind.split("/")[0]
    return any(t in ("*/*", kind, f"{major}/*") or kind in ("*/*", f"{t.split('/')[0]}/*") for t in binary_types)


def build_event(
    route: Route,
    method: str,
    path: str,
    query: str,
    headers: dict[str, list[str]],
    body: bytes,
    params: dict[str, str],
    auth_context: dict[str, Any] | None,
    *,
    binary_types: Collection[str],
    request_id: str | None = None,
) -> dict[str, Any]:
    """The proxy event of a request to `route`, past the authorizer (its context, if any)."""
    multi_q: dict[str, list[str]] = {}
    for k, v in parse_qsl(query, keep_blank_values=True):
        multi_q.setdefault(k, []).append(v)
    content_type = next((v[0] for k, v in headers.items() if k.lower() == "content-type"), "")
    text, base64_encoded = _event_body(body, is_binary(binary_types, content_type))
    ctx = _request_context(route, method, path, headers)
    if request_id:
        ctx["requestId"] = request_id
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
        "isBase64Encoded": base64_encoded,
    }


def _event_body(body: bytes, binary: bool) -> tuple[str | None, bool]:
    """The event's body and isBase64Encoded: base64 for a binary media type, else the text."""
    if not body:
        return None, False
    if not binary:
        try:
            return body.decode("utf-8"), False
        except UnicodeDecodeError:
            pass  # passed on as bytes; the layer decodes it by its charset
    return base64.b64encode(body).decode("ascii"), True


def _request_context(route: Route, method: str, path: str, headers: dict[str, list[str]]) -> dict[str, Any]:
    """The event's requestContext, as the v1 stage of the REST API fills it."""
    now = datetime.now(UTC)
    return {
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


def to_http(result: dict[str, Any], accept: str, binary_types: Collection[str]) -> Answer | None:
    """The HTTP answer of a proxy result; None for what API Gateway answers 502 (not a proxy result,
    or an answer Lambda refuses as over 6 MB)."""
    try:
        refused = answer_refused(result)
    except (TypeError, ValueError, AttributeError):
        return None
    if refused:
        return None
    headers: dict[str, list[str]] = {k: [str(v)] for k, v in (result.get("headers") or {}).items()}
    for k, values in (result.get("multiValueHeaders") or {}).items():
        headers[k] = [str(v) for v in values]
    raw = result.get("body") or ""
    # As API Gateway does: a base64 answer becomes bytes when the client's first Accept value
    # matches a binary media type; otherwise the client gets the base64 text.
    if result.get("isBase64Encoded") and is_binary(binary_types, accept.split(",")[0]):
        body = base64.b64decode(raw)
    else:
        body = raw.encode("utf-8") if isinstance(raw, str) else bytes(raw)
    return int(result.get("statusCode", 200)), headers, body
