"""How a route documents its answers for docs/openapi.json: one helper, `documented(...)`.

A handler passes the result as the route's `responses`, e.g.::

    @app.get("/www/kunden/<DebiNr>", summary="Read one", responses=documented(200, "KundeAntwort", errors=(404,)))

The statuses every route shares (400, 401/403 behind the authorizer, 413, 415, 431, 500, 503) are
added by the generator (`make openapi`), so a route names only its own success and its own errors.

A route names its answer's model instead of importing it: the models (SHAPE_MODULES) serve only the
document, and a handler that imported them would pay for their classes at every cold start
(docs/operations.md, "Cold starts"). The generator puts the models in place (`with_models`).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field

from backoffice.http import check_powertools

if TYPE_CHECKING:
    from aws_lambda_powertools.event_handler import APIGatewayRestResolver

# The names of the security schemes in the document (`make openapi` declares them).
BEARER, BASIC = "bearerAuth", "basicAuth"
SECURITY_SCHEMES: dict[str, dict[str, Any]] = {
    BEARER: {
        "type": "http",
        "scheme": "bearer",
        "bearerFormat": "JWT",
        "description": "The access_token of POST /www/token.",
    },
    BASIC: {"type": "http", "scheme": "basic", "description": "A REST user's name and password."},
}
# A route's `security=` for POST /www/token.
BASIC_AUTH: list[dict[str, list[str]]] = [{BASIC: []}]

JSON = "application/json"

# Where the documented answer models are, by class name (one name, one model across them).
SHAPE_MODULES = ("backoffice.http.read_shapes", "backoffice.sales.views")
# A named model in a response's content until `with_models` replaces it: powertools reads only
# `model`, so at run time the route builds nothing for it.
MODEL_NAME = "x-model-name"

# What each error status means in this API (DESIGN.md, Conventions).
ERRORS: dict[int, str] = {
    400: (
        "invalid_request: the request is not valid; info.fields names each wrong field. A query parameter"
        " the operation does not list is refused too."
    ),
    401: "invalid_token: no valid bearer token (or, at /www/token, wrong credentials).",
    403: "forbidden: this token may not do this.",
    404: "not_found: no such record or route.",
    406: "not_acceptable: the Accept header names no representation the route has.",
    409: "conflict: the record changed or the operation was done already.",
    412: "precondition_failed: the record is no longer the version If-Match names; read it again (ETag).",
    413: "payload_too_large: the request is larger than 6 MB.",
    415: "unsupported_media_type: send the body as application/json.",
    429: (
        "too_many_requests: over the stage's or this client's request rate (API Gateway's throttling, per"
        " usage plan): retry after Retry-After seconds. Any operation may answer it."
    ),
    431: (
        "The request line and headers together exceed 10,240 bytes, API Gateway's limit (a long token or"
        " cookie, many headers): the request reaches no route. The local stack answers the error body"
        " with invalid_request; in AWS the answer is API Gateway's own."
    ),
    500: "internal_error: an unexpected error, logged; no trace in the body.",
    501: "not_implemented: the route is declared but not built yet.",
    503: "unavailable: the service is busy; retry after Retry-After seconds.",
}

_ERROR_HEADERS: dict[int, dict[str, Any]] = {
    401: {"WWW-Authenticate": {"description": "Bearer", "schema": {"type": "string"}}},
    429: {"Retry-After": {"description": "Seconds to wait before retrying.", "schema": {"type": "string"}}},
    503: {"Retry-After": {"description": "Seconds to wait before retrying.", "schema": {"type": "string"}}},
}

# The header of every answer a function makes (`resolver.REQUEST_ID_HEADER`); the statuses only API
# Gateway answers (GATEWAY_ONLY) carry its x-amzn-RequestId instead (docs/openapi.md).
RESPONSE_HEADERS: dict[str, Any] = {
    "X-Request-Id": {
        "description": "The request's id, as in the log lines and in an error body's info.request_id: quote it"
        " when reporting a problem. Answers API Gateway makes itself carry it as x-amzn-RequestId.",
        "schema": {"type": "string"},
    }
}
GATEWAY_ONLY = ("413", "429", "431")

# The headers of a create answer (`resolver.created_response`).
CREATED_HEADERS: dict[str, Any] = {
    "Cache-Control": {"description": "no-store", "schema": {"type": "string"}},
    "Content-MD5": {"description": "Base64 of the MD5 of the body bytes.", "schema": {"type": "string"}},
    "Content-Length": {"description": "Length of the body in bytes.", "schema": {"type": "integer"}},
}


# The record's version on reads of records that clients change (http.responses.version_tag).
ETAG_HEADER: dict[str, Any] = {
    "ETag": {
        "description": "The record's version, a strong entity tag that changes exactly when the record does:"
        " send it as If-Match with a PATCH, or as If-None-Match to read again.",
        "schema": {"type": "string"},
    }
}

# The request headers a route honours, declared with `request_headers(...)` and put in place as
# header parameters by `make openapi` (local/openapi.py): powertools documents only the headers a
# route takes as arguments, and these are read by the layer, not by the route's signature.
REQUEST_HEADERS_KEY = "x-request-headers"
# If-Match: one entity tag as ETag gives it, or `*` (a comma list of tags is accepted too, said in
# words: the pattern stays simple for generators). If-None-Match has no pattern: a malformed one
# matches nothing and is answered 200, as a cache validator may be, so the document refuses nothing.
_ENTITY_TAG = {"type": "string", "pattern": r'^(\*|(W/)?"[!#-~]*")$'}
REQUEST_HEADERS: dict[str, dict[str, Any]] = {
    "Idempotency-Key": {
        "description": "1 to 255 characters chosen by the client: a retry with the same key (same caller, same"
        " path, query and body) gets the first answer again, byte for byte, and does nothing twice; the same"
        " key with another request is a 409. Kept 24 hours; failures are not kept.",
        # \S: a key of blanks only is refused (platform.idempotency), so the document says so.
        "schema": {"type": "string", "minLength": 1, "maxLength": 255, "pattern": r"\S"},
    },
    "If-Match": {
        "description": "Change the record only while it is this version (its ETag, compared strongly; a comma"
        " list of tags may be sent), else 412; `*` matches any existing record. Without it the change applies"
        " to the current version. Not `*` nor entity tags (blank included): 400.",
        "schema": _ENTITY_TAG,
    },
    "If-None-Match": {
        "description": "The ETag of the version the client holds (or a comma list of tags, or `*`): a 304"
        " without body while it is current.",
        "schema": {"type": "string"},
    },
}


def request_headers(*names: str) -> dict[str, Any]:
    """A route's `openapi_extensions=`: the request headers of REQUEST_HEADERS it honours."""
    unknown = set(names) - set(REQUEST_HEADERS)
    if unknown:
        raise LookupError(f"no documented request header {sorted(unknown)}")
    return {REQUEST_HEADERS_KEY: list(names)}


REQUEST_FILE_KEY = "x-request-file"


def request_file(description: str, *media_types: str) -> dict[str, Any]:
    """A route's `openapi_extensions=` for a body that is a file, not JSON (a bank's camt XML): the
    route reads it as bytes (`resolver.raw_body`), so powertools knows of no body to document."""
    return {REQUEST_FILE_KEY: {"description": description, "media_types": list(media_types)}}


def request_file_body(spec: dict[str, Any]) -> dict[str, Any]:
    """The OpenAPI requestBody of a `request_file`: bytes, said the 3.1 way and the 3.0 way (`documented`)."""
    content = {
        t: {"schema": {"type": "string", "format": "binary", "contentMediaType": t}} for t in spec["media_types"]
    }
    return {"description": spec["description"], "required": True, "content": content}


def header_parameters(names: Iterable[str]) -> list[dict[str, Any]]:
    """The OpenAPI parameters of request headers named by `request_headers`."""
    return [{"name": name, "in": "header", "required": False, **REQUEST_HEADERS[name]} for name in names]


def versioned_read(model: str, description: str = "Success", errors: Iterable[int] = (404,)) -> dict[int, Any]:
    """The `responses=` of a read of a record that clients change: 200 with ETag, 304 for If-None-Match."""
    return {
        **documented(200, model, description=description, errors=errors, headers=ETAG_HEADER),
        **documented(
            304, description="Not modified: If-None-Match names the current ETag; no body.", headers=ETAG_HEADER
        ),
    }


class ErrorBody(BaseModel):
    """The one error body of the API."""

    # Built when the document is made; routes answer their errors with pre-serialised bodies.
    model_config = ConfigDict(defer_build=True)

    error: str = Field(description="Error code, e.g. invalid_request, not_found, endpoint.")
    error_description: str = Field(description="What went wrong, for a person.")
    info: dict[str, Any] = Field(
        description="Details: `fields` (field path -> problem) for invalid_request; "
        "`filename` and `subprocess_output` for endpoint; `request_id` on every error (X-Request-Id).",
        json_schema_extra={
            "properties": {
                "request_id": {
                    "type": "string",
                    "description": "The request's id (the X-Request-Id header): quote it when reporting a problem.",
                }
            }
        },
    )


def error_responses(statuses: Iterable[int], description: str | None = None) -> dict[int, Any]:
    """The error body under each status, described by what the status means in this API."""
    found: dict[int, Any] = {}
    for status in statuses:
        doc: dict[str, Any] = {
            "description": description or ERRORS.get(status, "error"),
            "content": {JSON: {"model": ErrorBody}},
        }
        if status in _ERROR_HEADERS:
            doc["headers"] = _ERROR_HEADERS[status]
        found[status] = doc
    return found


def documented(
    status: int = 200,
    model: str | None = None,
    *,
    description: str = "Success",
    errors: Iterable[int] = (),
    binary: Iterable[str] = (),
    text: Iterable[str] = (),
    headers: dict[str, Any] | None = None,
) -> dict[int, Any]:
    """A route's `responses=`: its success status with its body, and its own error statuses.

    model: the name of the pydantic model of a JSON body (the whole body, envelope included), a
    class of one of SHAPE_MODULES;
    binary: media types of a file body (application/pdf, image/png ...); text: text media types;
    neither: no body (204). A 201 carries the create headers unless `headers` says otherwise.
    """
    content: dict[str, Any] = {}
    if model is not None:
        content[JSON] = {MODEL_NAME: model}
    for media_type in binary:
        # OpenAPI 3.1 says raw bytes with JSON Schema's contentMediaType; `format: binary` beside it
        # for the generators that read only 3.0's word (openapi-python-client 0.29 makes it bytes).
        content[media_type] = {"schema": {"type": "string", "format": "binary", "contentMediaType": media_type}}
    for media_type in text:
        content[media_type] = {"schema": {"type": "string"}}
    success: dict[str, Any] = {"description": description, "content": content}
    if headers is None and status == 201:
        headers = CREATED_HEADERS
    if headers:
        success["headers"] = headers
    return {status: success, **error_responses(errors)}


def shape(name: str) -> type[BaseModel]:
    """The documented model called `name` (SHAPE_MODULES)."""
    for module in SHAPE_MODULES:
        found = getattr(importlib.import_module(module), name, None)
        if isinstance(found, type) and issubclass(found, BaseModel):
            return found
    raise LookupError(f"documented(...) names {name!r}, a model none of {', '.join(SHAPE_MODULES)} has")


def with_models(app: APIGatewayRestResolver) -> None:
    """Each named model of the routes of `app` replaced by its class, for the document (`make openapi`)."""
    check_powertools()  # the routes' private lists and `_dependant` of the powertools it was written for
    for route in app._static_routes + app._dynamic_routes:
        # powertools types a response as a TypedDict; ours are plain dicts with a key of their own.
        responses: dict[int, dict[str, Any]] = route.responses or {}  # type: ignore[assignment]
        named = [c for r in responses.values() for c in r.get("content", {}).values() if MODEL_NAME in c]
        for content in named:
            content["model"] = shape(content.pop(MODEL_NAME))
        if named:
            # powertools derives a route's models from its responses once, at its first request
            # (`Route.dependant`): derived again, with the models.
            route._dependant = None
