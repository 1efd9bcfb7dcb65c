"""Link objects ({href, type, rel}) with absolute hrefs on the address the client called."""

from __future__ import annotations

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


def link(base: str, path: str, rel: str, method: str = "GET") -> dict[str, str]:
    return {"href": base + path, "type": method, "rel": rel}
