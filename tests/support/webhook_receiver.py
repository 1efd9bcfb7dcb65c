"""A real webhook receiver on a free local port, for the delivery tests (unit and over HTTP).

It records every message (headers lower-cased, body as text), answers `status` after `delay`
seconds, and can be taken offline (its port closed: connection refused) and brought back on the
same port. `verified` checks every message with the standardwebhooks library, as a receiver would.
"""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from standardwebhooks.webhooks import Webhook

from tests.support.local_stack import free_port


class Receiver:
    def __init__(self, path: str = "/hook") -> None:
        self.port = free_port()
        self.path = path
        self.status = 204
        self.delay = 0.0
        self.messages: list[tuple[dict[str, str], str]] = []
        self.lock = threading.Lock()
        self._server: ThreadingHTTPServer | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}{self.path}"

    def start(self) -> Receiver:
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0)).decode()
                if receiver.delay:
                    time.sleep(receiver.delay)
                with receiver.lock:
                    receiver.messages.append(({k.lower(): v for k, v in self.headers.items()}, body))
                self.send_response(receiver.status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        """Offline: the port is closed, a delivery's connection is refused."""
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def taken(self) -> list[tuple[dict[str, str], str]]:
        with self.lock:
            return list(self.messages)

    def verified(self, secret: str) -> list[dict[str, Any]]:
        """Every message checked with standardwebhooks (raises on a bad one), its id added."""
        hook = Webhook(secret)
        found = []
        for headers, body in self.taken():
            payload = hook.verify(body, headers)
            assert payload == json.loads(body)
            found.append({**payload, "id": headers["webhook-id"]})
        return found

    def wait_for(self, count: int, within: float = 300.0) -> list[tuple[dict[str, str], str]]:
        """The messages once there are at least `count` (a generous cap only against a hang)."""
        deadline = time.monotonic() + within
        while len(self.taken()) < count:
            assert time.monotonic() < deadline, f"{len(self.taken())} of {count} messages arrived"
            time.sleep(0.1)
        return self.taken()
