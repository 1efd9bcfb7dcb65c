"""Swagger UI at /docs, and `GET /` pointing to it: local-only routes of the API emulation (not in
template.yaml; ADR 0055 says why `/` answers here).

The assets come from the installed swagger-ui-py package (Swagger UI 5, no CDN); the document is
generated from the handler modules the gateway has loaded, its server this stack, so
"Try it out" and "Authorize" (Bearer, and Basic for /www/token) work against the local stack.
"""

from __future__ import annotations

import json
import mimetypes
import threading
from collections.abc import Callable
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from backoffice.links import link

PREFIX = "/docs"
DOCUMENT = PREFIX + "/openapi.json"
# `GET /`: where to read about the API, in place of the gateway's 404 on a path without a route.
_HOME = {
    "description": (
        "The back-office API of the local stack (make run): its routes are under /www/, documented at "
        "/docs (Swagger UI) and /docs/openapi.json (OpenAPI 3.1). Deployed, / has no route (404)."
    ),
    "links": [link("", PREFIX, "docs"), link("", DOCUMENT, "openapi")],
}

_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Back-office API (local)</title>
  <link rel="stylesheet" href="/docs/swagger-ui.css">
  <link rel="icon" type="image/png" href="/docs/favicon-32x32.png">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/docs/swagger-ui-bundle.js"></script>
  <script>
    window.ui = SwaggerUIBundle({
      url: "/docs/openapi.json",
      dom_id: "#swagger-ui",
      presets: [SwaggerUIBundle.presets.apis],
      layout: "BaseLayout",
      persistAuthorization: true,
      displayRequestDuration: true,
    });
  </script>
</body>
</html>
"""


def assets() -> Path:
    spec = find_spec("swagger_ui")
    if spec is None or spec.origin is None:
        raise RuntimeError("swagger-ui-py is not installed (requirements-dev.txt)")
    return Path(spec.origin).parent / "static"


class DocsUi:
    def __init__(self, document: Callable[[], dict[str, Any]]) -> None:
        self._document = document
        self._cached: dict[str, Any] | None = None
        self._lock = threading.Lock()

    def document(self) -> dict[str, Any]:
        with self._lock:
            if self._cached is None:
                self._cached = self._document()
        # A relative server: the browser sends "Try it out" to whatever address served this page.
        return {**self._cached, "servers": [{"url": "/", "description": "This local stack"}]}

    def answer(self, method: str, path: str) -> tuple[int, dict[str, str], bytes] | None:
        """The answer to a /docs request or a GET of /; None for any other request (it goes to the API)."""
        path = path.split("?", 1)[0]
        if path == "/":
            return self._home(method)
        if path != PREFIX and not path.startswith(PREFIX + "/"):
            return None
        if method not in ("GET", "HEAD"):
            return 405, {"Allow": "GET, HEAD", "Content-Type": "text/plain"}, b"GET only\n"
        return self._file(path[len(PREFIX) :].lstrip("/"))

    @staticmethod
    def _home(method: str) -> tuple[int, dict[str, str], bytes] | None:
        if method not in ("GET", "HEAD"):
            return None  # the gateway's answer, as on any path without a route
        return 200, {"Content-Type": "application/json"}, json.dumps(_HOME, indent=2).encode() + b"\n"

    def _file(self, name: str) -> tuple[int, dict[str, str], bytes]:
        """A file of the Swagger UI: its page, the document, or one of the package's assets."""
        if name in ("", "index.html"):
            return 200, {"Content-Type": "text/html; charset=utf-8"}, _PAGE.encode()
        if name == "openapi.json":
            body = json.dumps(self.document(), indent=2).encode()
            return 200, {"Content-Type": "application/json", "Cache-Control": "no-store"}, body
        static = assets()
        file = (static / name).resolve()
        if file.parent != static.resolve() or not file.is_file():
            return 404, {"Content-Type": "text/plain"}, b"not found\n"
        kind = mimetypes.guess_type(file.name)[0] or "application/octet-stream"
        return 200, {"Content-Type": kind, "Cache-Control": "max-age=3600"}, file.read_bytes()
