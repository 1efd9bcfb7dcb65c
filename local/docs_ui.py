"""Swagger UI at /docs: local-only routes of the API emulation (not in template.yaml).

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

PREFIX = "/docs"

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
        """The answer to a /docs request; None for any other path (it goes to the API)."""
        path = path.split("?", 1)[0]
        if path != PREFIX and not path.startswith(PREFIX + "/"):
            return None
        if method not in ("GET", "HEAD"):
            return 405, {"Allow": "GET, HEAD", "Content-Type": "text/plain"}, b"GET only\n"
        name = path[len(PREFIX) :].lstrip("/")
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
