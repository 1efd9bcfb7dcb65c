"""CORS answers: the preflight of a browser and the headers every answer of a CORS route carries."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from backoffice.http.request_body import header
from backoffice.platform.environment import get_settings

Handler = Callable[[dict[str, Any], Any], dict[str, Any]]

ALLOW_METHODS = "OPTIONS, POST"
ALLOW_HEADERS = "Authorization, Content-Type"
EXPOSE_HEADERS = "Content-Disposition, Content-Length"
MAX_AGE_SECONDS = 600


def allowed_origins(setting: str) -> list[str]:
    """ALLOWED_ORIGINS as a list: `*`, or origins separated by commas."""
    return [o.strip().rstrip("/") for o in setting.split(",") if o.strip()] or ["*"]


def cors_headers(setting: str, origin: str | None) -> dict[str, str]:
    """The CORS headers of an answer to a request from `origin` (the request's Origin header).

    With `*` every origin may read the answer. With a list, an allowed origin is echoed (and
    `Vary: Origin` tells caches the answer depends on it); another origin gets no Allow-Origin,
    which a browser takes as a refusal.
    """
    origins = allowed_origins(setting)
    headers = {
        "Access-Control-Allow-Methods": ALLOW_METHODS,
        "Access-Control-Allow-Headers": ALLOW_HEADERS,
        "Access-Control-Expose-Headers": EXPOSE_HEADERS,
        "Access-Control-Max-Age": str(MAX_AGE_SECONDS),
    }
    if "*" in origins:
        headers["Access-Control-Allow-Origin"] = "*"
        return headers
    headers["Vary"] = "Origin"
    if origin and origin.rstrip("/") in origins:
        headers["Access-Control-Allow-Origin"] = origin.rstrip("/")
    return headers


def with_cors_headers(handler: Handler) -> Handler:
    """`handler` (a function's entrypoint) answering with the CORS headers on every answer, errors
    included: a browser reads no error of a CORS route without them."""

    def lambda_handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
        result = handler(event, context)
        extra = cors_headers(get_settings().allowed_origins, header(event, "origin"))
        if "multiValueHeaders" in result:
            for name, value in extra.items():
                result["multiValueHeaders"][name] = [value]
        else:
            result.setdefault("headers", {}).update(extra)
        return result

    return lambda_handler


def _documented(description: str) -> dict[str, Any]:
    return {"description": description, "schema": {"type": "string"}}


# The CORS headers as docs/openapi.json states them on a CORS route's answers.
DOCUMENTED_HEADERS: dict[str, Any] = {
    "Access-Control-Allow-Origin": _documented("The calling origin when allowed (ALLOWED_ORIGINS), or *."),
    "Access-Control-Allow-Methods": _documented(ALLOW_METHODS),
    "Access-Control-Allow-Headers": _documented(ALLOW_HEADERS),
    "Access-Control-Expose-Headers": _documented(EXPOSE_HEADERS),
    "Access-Control-Max-Age": _documented("Seconds a browser may keep this preflight."),
}
