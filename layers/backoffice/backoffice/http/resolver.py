"""What every handler module shares: the resolver, its exception handlers, responses, the caller.

A handler module does::

    app = make_resolver()

    @app.get("/www/thing/<key>")
    def read(key: str) -> Response[str]:
        return json_response({"data": ...})

    lambda_handler = entrypoint(app)
"""

from __future__ import annotations

import inspect
import json
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote

# A handler imports Response and the parameter markers Body, Path and Query from here (re-exported
# with `as`), after `backoffice.http` has made powertools' event_handler package lazy
# (backoffice/http/__init__.py): imported from powertools first, they would run its whole `__init__`.
from aws_lambda_powertools.event_handler import APIGatewayRestResolver
from aws_lambda_powertools.event_handler import Response as Response
from aws_lambda_powertools.event_handler.exceptions import NotFoundError
from aws_lambda_powertools.event_handler.middlewares import NextMiddleware
from aws_lambda_powertools.event_handler.openapi.exceptions import (
    RequestUnsupportedContentType,
    RequestValidationError,
)
from aws_lambda_powertools.event_handler.openapi.params import Body as Body
from aws_lambda_powertools.event_handler.openapi.params import Path as Path
from aws_lambda_powertools.event_handler.openapi.params import Query as Query
from botocore.exceptions import ClientError, HTTPClientError
from botocore.exceptions import ConnectionError as AwsConnectionError

from backoffice.coldstart import collector
from backoffice.errors import (
    ERROR_MEMBERS,
    ApiError,
    Forbidden,
    InvalidRequest,
    NotFound,
    NotImplementedYet,
    PreconditionFailed,
    Unavailable,
    UnsupportedMediaType,
)
from backoffice.http.request_body import base_url, decode_text_body, header, take_raw_body
from backoffice.http.responses import JSON_CONTENT_TYPE, create_headers, if_match, matches, well_formed_tags
from backoffice.json_codec import BodyRefused, dumps, loads
from backoffice.platform.environment import check_environment
from backoffice.platform.logger import logger

# AWS answers that say "busy or failing, try again" (botocore has already retried them): a 503.
_THROTTLED = {
    "ProvisionedThroughputExceededException",
    "ThrottlingException",
    "RequestLimitExceeded",
    "Throttling",
    "TooManyRequestsException",
    "InternalServerError",
    "ServiceUnavailable",
}


def json_response(payload: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response[str]:
    return Response(status, JSON_CONTENT_TYPE, dumps(payload), headers=headers)


def created_response(payload: Any, status: int = 201) -> Response[str]:
    """A create answer: Cache-Control no-store, Content-MD5 and Content-Length of the exact body."""
    body = dumps(payload)
    return Response(status, JSON_CONTENT_TYPE, body, headers=create_headers(body.encode("ascii")))


def no_content(headers: dict[str, str] | None = None) -> Response[str]:
    return Response(204, None, "", headers=headers)


def tagged_response(app: APIGatewayRestResolver, tag: str, payload: Callable[[], Any]) -> Response[str]:
    """A read of a record with its ETag; a 304 without body when If-None-Match names that tag."""
    headers = {"ETag": tag}
    if matches(header(app.current_event.raw_event, "If-None-Match"), tag):
        return Response(304, None, "", headers=headers)
    return json_response(payload(), headers=headers)


def precondition(app: APIGatewayRestResolver, tag_of: Callable[[int], str]) -> Callable[[int], None]:
    """The If-Match of the request as a check of the version a PATCH has read (`tag_of(version)` is
    that version's ETag): a 412 when the record is no longer the version the client names. The
    store calls it on each read and writes conditionally on that version, so no write slips between."""
    sent = header(app.current_event.raw_event, "If-Match")
    if sent is not None and not well_formed_tags(sent):
        # Refused before any work: a blank or malformed If-Match names no version, and taking it as
        # absent would apply the change unconditionally, the one thing the client guarded against.
        raise InvalidRequest(
            "The If-Match header must be * or a comma list of entity tags as ETag gives them.",
            {"If-Match": 'e.g. "3f2a...": the ETag of the version read'},
        )

    def check(version: int) -> None:
        if not if_match(sent, tag_of(version)):
            raise PreconditionFailed(
                "The record has changed since the version If-Match names; read it again.",
                {"If-Match": sent, "ETag": tag_of(version)},
            )

    return check


def proxy_result(response: Response[str]) -> dict[str, Any]:
    """A Response as the dict a REST-API proxy integration returns (for answers outside routing)."""
    headers = {k: v for k, v in response.headers.items() if isinstance(v, str)}
    return {
        "statusCode": response.status_code,
        "headers": headers,
        "body": response.body or "",
        "isBase64Encoded": False,
    }


# The request id of the request this thread serves (API Gateway's, `requestContext.requestId`): in
# the X-Request-Id header of every answer and in every error body, so that a client's report finds
# the log lines (their correlation id) in one query. Per thread: the local stack serves concurrently.
_request = threading.local()
REQUEST_ID_HEADER = "X-Request-Id"


def request_id() -> str:
    return str(getattr(_request, "id", "") or "")


def error_response(err: ApiError) -> Response[str]:
    body = err.body()
    if request_id():
        body["info"] = {**body["info"], "request_id": request_id()}
    return Response(err.status, JSON_CONTENT_TYPE, dumps(body, keep=ERROR_MEMBERS), headers=err.headers)


def field_path(loc: tuple[Any, ...] | list[Any]) -> str:
    """('body', 'Positionen', 0, 'Menge') -> 'Positionen[0].Menge'; query and path names as sent."""
    parts = list(loc)
    if parts and parts[0] in ("body", "query", "path", "header", "cookie"):
        parts = parts[1:]
    path = ""
    for part in parts:
        if isinstance(part, int):
            path += f"[{part}]"
        elif isinstance(part, str) and not any(c in part for c in "[]()"):
            path += f".{part}" if path else part
    return path or "body"


def validation_fields(errors: list[dict[str, Any]]) -> dict[str, str]:
    fields: dict[str, str] = {}
    for err in errors:
        path = field_path(err.get("loc", ()))
        msg = err.get("msg", "invalid")
        if err.get("type") == "json_invalid":
            path, msg = "body", f"invalid JSON: {err.get('ctx', {}).get('error', msg)}"
        fields[path] = f"{fields[path]}; {msg}" if path in fields else msg
    return fields


def failure_response(err: Exception) -> Response[str]:
    """An exception no rule turned into an answer.

    Only a dependency that is really unavailable (AWS unreachable, or throttling or failing after
    botocore's retries) is a 503 with Retry-After: retrying may succeed. Anything else is a defect of
    ours, a 500 `internal_error` logged with its trace, which no client should retry as it is.
    """
    code = err.response.get("Error", {}).get("Code", "") if isinstance(err, ClientError) else ""
    if code in _THROTTLED or isinstance(err, (AwsConnectionError, HTTPClientError)):
        logger.warning("AWS is unavailable", extra={"code": code or type(err).__name__, "detail": str(err)})
        return error_response(Unavailable("The service is busy; retry shortly.", retry_after=2))
    logger.exception("unexpected error", exc_info=err)
    unexpected = ApiError("An unexpected error occurred; it has been logged.")
    unexpected.status, unexpected.code = 500, "internal_error"
    return error_response(unexpected)


# The body parsed by the entrypoint, handed to the resolver's deserializer so that a large body is
# parsed once. Per thread: the local stack serves requests concurrently in one process.
_parsed = threading.local()


def _parse_once(body: str | None) -> None:
    """Parse a JSON body before routing: broken JSON is a 400 on every route, declared or not."""
    _parsed.text, _parsed.value = None, None
    if body:
        try:
            value = loads(body)
        except (json.JSONDecodeError, BodyRefused) as exc:
            raise InvalidRequest("The body is not valid JSON.", {"body": str(exc)}) from exc
        _parsed.text, _parsed.value = body, value


def _deserialize(text: str) -> Any:
    if text is getattr(_parsed, "text", None):
        return _parsed.value
    return loads(text)


class _Resolver(APIGatewayRestResolver):
    def _convert_matches_into_route_keys(self, match: re.Match[str]) -> dict[str, str]:
        """The path values as the client meant them: API Gateway (REST) hands `path` on
        percent-encoded (`M%C3%BCsli` is `Müsli`, `A%2FB` is `A/B`), and the values come from it."""
        keys = super()._convert_matches_into_route_keys(match)
        try:
            return {name: unquote(value, errors="strict") for name, value in keys.items()}
        except UnicodeDecodeError as exc:
            raise InvalidRequest("The path is not valid UTF-8.", {"path": "percent-encode UTF-8 bytes"}) from exc


def _unknown_query(app: APIGatewayRestResolver) -> dict[str, str]:
    """The query parameters the matched route does not declare, as `info.fields` entries."""
    dependant = getattr(app.context.get("_route"), "dependant", None)
    if dependant is None:
        return {}
    event = app.current_event
    sent = set(event.query_string_parameters or {}) | set(event.multi_value_query_string_parameters or {})
    return dict.fromkeys(sorted(sent - {param.alias for param in dependant.query_params}), "unknown query parameter")


def _refuse_unknown_query(app: APIGatewayRestResolver, next_middleware: NextMiddleware) -> Response[str]:
    """A query parameter the route does not declare is a 400 on every route (ADR 0004):
    a misspelt `limt=5` silently ignored would answer another question than the one asked. (When
    the request is invalid otherwise, the validation error names the unknown parameters too.)"""
    unknown = _unknown_query(app)
    if unknown:
        raise InvalidRequest("The query names parameters this route does not have.", unknown)
    return next_middleware(app)


def _undeclared_body(app: APIGatewayRestResolver) -> dict[str, str]:
    """`body` as an `info.fields` entry when the matched route takes no body but one was sent.

    An empty body and `{}` (what many clients send with every POST) are no body."""
    dependant = getattr(app.context.get("_route"), "dependant", None)
    if dependant is None or dependant.body_params:
        return {}
    if getattr(_parsed, "text", None) is None or _parsed.value in (None, {}):
        return {}
    return {"body": "this route takes no body; send none (or {})"}


def _refuse_undeclared_body(app: APIGatewayRestResolver, next_middleware: NextMiddleware) -> Response[str]:
    """A body sent to a route that takes none is a 400, as an unknown key in a body is: a client
    sending `{"Sprache": "fre"}` to issue an invoice would otherwise get a German one, silently."""
    refused = _undeclared_body(app)
    if refused:
        raise InvalidRequest("This route takes no body.", refused)
    return next_middleware(app)


def make_resolver(**kwargs: Any) -> APIGatewayRestResolver:
    """The resolver every function uses, with the error shape of the whole API."""
    app = _Resolver(
        enable_validation=True,
        serializer=dumps,
        json_body_deserializer=_deserialize,
        **kwargs,
    )
    app.use(middlewares=[_refuse_unknown_query, _refuse_undeclared_body])

    @_handles(app, ApiError)
    def _api_error(err: ApiError) -> Response[str]:
        return error_response(err)

    @_handles(app, RequestValidationError)
    def _invalid(err: RequestValidationError) -> Response[str]:
        fields = validation_fields(list(err.errors())) | _unknown_query(app) | _undeclared_body(app)
        return error_response(InvalidRequest("The request is not valid.", fields))

    @_handles(app, RequestUnsupportedContentType)
    def _media(err: RequestUnsupportedContentType) -> Response[str]:
        return error_response(UnsupportedMediaType("Send the body as application/json."))

    @_handles(app, json.JSONDecodeError)
    def _broken_json(err: json.JSONDecodeError) -> Response[str]:
        return error_response(InvalidRequest("The body is not valid JSON.", {"body": str(err)}))

    @_handles(app, NotFoundError)
    def _no_route(err: NotFoundError) -> Response[str]:
        path = app.current_event.path
        return error_response(NotFound(f"No route {app.current_event.http_method} {path}."))

    @_handles(app, BodyRefused)
    def _refused_json(err: BodyRefused) -> Response[str]:
        return error_response(InvalidRequest("The body is not valid JSON.", {"body": str(err)}))

    @_handles(app, Exception)
    def _unexpected(err: Exception) -> Response[str]:
        return failure_response(err)

    return app


def _handles[F: Callable[..., Response[str]]](
    app: APIGatewayRestResolver, exc_class: type[Exception]
) -> Callable[[F], F]:
    """`app.exception_handler(exc_class)`, typed: powertools' decorator returns the function it registers."""
    register: Callable[[F], F] = app.exception_handler(exc_class)
    return register


def not_implemented(route: str) -> Callable[..., Response[str]]:
    """A route that is declared but not built yet: 501 with the error body."""

    def placeholder(**_: str) -> Response[str]:
        raise NotImplementedYet(route)

    # The resolver validates a route's arguments by its signature: name the path parameters.
    names = re.findall(r"\{(\w+)\}", route)
    placeholder.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [inspect.Parameter(n, inspect.Parameter.KEYWORD_ONLY, annotation=str) for n in names],
        return_annotation=Response[str],
    )
    # `make openapi` documents such a route with its 501 answer only.
    placeholder.not_implemented = True  # type: ignore[attr-defined]
    return placeholder


@dataclass(frozen=True)
class Caller:
    """Who calls: handed over by the authorizer through the request context."""

    user: str
    webshop: str | None
    roles: frozenset[str] = frozenset()

    def require(self, role: str) -> None:
        """403 unless the caller has `role` (the authorizer's policy refuses first; this holds
        should a policy or a route ever change)."""
        if role not in self.roles:
            raise Forbidden(f"This route needs the {role} role.", {"role": role})


def raw_body() -> bytes | None:
    """The body of this request as bytes, when its Content-Type is one of the function's `raw_types`."""
    body: bytes | None = getattr(_request, "raw_body", None)
    return body


def request_base(app: APIGatewayRestResolver) -> str:
    """scheme://host[/stage] of the request being served: what links start with."""
    return base_url(app.current_event.raw_event)


def caller(app: APIGatewayRestResolver) -> Caller:
    ctx = app.current_event.raw_event.get("requestContext", {}).get("authorizer") or {}
    roles = frozenset(r for r in str(ctx.get("roles") or "").split(",") if r)
    return Caller(user=str(ctx.get("user", "")), webshop=ctx.get("webshop") or None, roles=roles)


def once(
    app: APIGatewayRestResolver, operation: str, answer: Callable[[], Response[str]], payload: Any = None
) -> Response[str]:
    """The route's `answer` run once per `Idempotency-Key` of its caller (platform/idempotency): a
    retry gets the first answer again, byte for byte (status, body text, the route's headers).

    The answer is kept as the text the client got, not as the payload it was made of: kept as a
    payload, powertools' JSON would turn exact decimals into strings ("16.50" for 16.50).
    `payload` is what a retry must repeat; by default the path, the query and the JSON body, so that
    one key sent to PATCH two different records is refused as another request, not replayed.
    """
    # Imported on use: only the writing routes pay for the idempotency layer at their cold start.
    from backoffice.platform.idempotency import HEADER, run_once

    event = app.current_event

    def _run() -> dict[str, Any]:
        response = answer()
        headers = {name: value for name, value in response.headers.items() if isinstance(value, str)}
        return {"status": response.status_code, "body": response.body or "", "headers": headers}

    if payload is None:
        query = event.query_string_parameters or {}
        payload = {"path": event.path, "query": dict(sorted(query.items())), "body": event.json_body}
    key = header(event.raw_event, HEADER)
    kept = run_once(operation, key, payload, _run, app.lambda_context, caller=caller(app).user)
    return Response(int(kept["status"]), None, str(kept["body"]), headers=dict(kept["headers"]))


def entrypoint(
    app: APIGatewayRestResolver, raw_types: frozenset[str] = frozenset()
) -> Callable[[dict[str, Any], Any], dict[str, Any]]:
    """The Lambda handler of a function: decode the body, then route. Called at the function's init,
    which fails there when the environment lacks a resource name (`check_environment`), and
    ends it (`collector.init_done`; the first request ends the cold start, `collector.handler`):
    the handler module's last statement calls this.

    `raw_types`: media types whose body a route reads as bytes (`raw_body`), not as JSON."""
    check_environment()
    collector.init_done()

    @collector.handler
    @logger.inject_lambda_context(clear_state=True)
    def lambda_handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
        _request.id = (event.get("requestContext") or {}).get("requestId") or getattr(context, "aws_request_id", "")
        logger.set_correlation_id(_request.id)
        try:
            result = _handle(app, event, context, raw_types)
        finally:
            logger.set_correlation_id(None)
        result["headers"] = {**(result.get("headers") or {}), REQUEST_ID_HEADER: _request.id}
        _request.id = ""
        return result

    return lambda_handler


def _handle(
    app: APIGatewayRestResolver, event: dict[str, Any], context: Any, raw_types: frozenset[str]
) -> dict[str, Any]:
    try:
        _request.raw_body = take_raw_body(event, raw_types) if raw_types else None
        if _request.raw_body is None:
            decode_text_body(event)
        _parse_once(event.get("body"))
        return app.resolve(event, context)
    except ApiError as err:
        return proxy_result(error_response(err))
    except Exception as err:  # noqa: BLE001 - a crash would be API Gateway's 502 "retry": never for our own defect
        return proxy_result(failure_response(err))
