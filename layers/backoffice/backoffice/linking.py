"""Link objects ({href, type, rel}) with absolute hrefs on the address the client called.

The entrypoint notes each request's base URL (`use_request`), so code that builds a link anywhere
in the layer gets an href that works from where the client stands. Outside a request (plain unit
tests of layer functions) hrefs are the bare paths.
"""

from __future__ import annotations

import threading
from typing import Any

from backoffice.requests import header

_LOOPBACK = ("127.0.0.1", "localhost", "[::1]")


def base_url(event: dict[str, Any]) -> str:
    """scheme://host[/stage] of the request, so that a link works from where the client stands.

    API Gateway's own domain carries the stage in the path; a custom domain maps it away.
    """
    ctx = event.get("requestContext") or {}
    host = header(event, "Host") or ctx.get("domainName") or "localhost"
    hostname = host.rsplit(":", 1)[0] if not host.startswith("[") else host.split("]")[0] + "]"
    scheme = header(event, "X-Forwarded-Proto") or ("http" if hostname in _LOOPBACK else "https")
    prefix = ""
    if str(ctx.get("domainName", "")).endswith(".amazonaws.com") and ctx.get("stage"):
        prefix = f"/{ctx['stage']}"
    return f"{scheme}://{host}{prefix}"


# Per thread: the local stack serves requests concurrently in one process.
_request = threading.local()


def use_request(event: dict[str, Any] | None) -> None:
    """Note the base URL of the request being served (None: the request is over)."""
    _request.base = base_url(event) if event is not None else ""


def request_base() -> str:
    return str(getattr(_request, "base", ""))


def link(path: str, rel: str, method: str = "GET") -> dict[str, str]:
    return {"href": request_base() + path, "type": method, "rel": rel}
