"""Link objects ({href, type, rel}) with absolute hrefs on the address the client called.

The base URL (scheme://host[/stage]) is the request's: the HTTP edge reads it from the event
(`http.request_body.base_url`) and passes it down to whatever builds links. Without one (plain
unit tests of layer functions) hrefs are the bare paths.
"""

from __future__ import annotations


def link(base: str, path: str, rel: str, method: str = "GET") -> dict[str, str]:
    return {"href": base + path, "type": method, "rel": rel}
