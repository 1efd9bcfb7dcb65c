"""CORS answers: the preflight of a browser and the headers every answer of a CORS route carries."""

from __future__ import annotations

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
