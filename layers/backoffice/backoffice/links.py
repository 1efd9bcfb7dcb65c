"""Link objects ({href, type, rel}) with absolute hrefs on the address the client called.

The entrypoint notes each request's base URL (`use_base`), so code that builds a link anywhere
in the layer gets an href that works from where the client stands. Outside a request (plain unit
tests of layer functions) hrefs are the bare paths.
"""

from __future__ import annotations

import threading

# Per thread: the local stack serves requests concurrently in one process.
_request = threading.local()


def use_base(base: str) -> None:
    """Note the base URL of the request being served ("" when the request is over)."""
    _request.base = base


def request_base() -> str:
    return str(getattr(_request, "base", ""))


def link(path: str, rel: str, method: str = "GET") -> dict[str, str]:
    return {"href": request_base() + path, "type": method, "rel": rel}
