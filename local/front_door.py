"""The local API's HTTP front door: HTTP/1.1 parsed by h11, each request handed to API Gateway's
emulation (local/gateway.py), or to the local-only routes of the OpenAPI serving (local/docs_ui.py).

It holds API Gateway's limits on what a client sends (request line and headers, request size) and
a client's time to send a request; it answers what it refuses itself and closes the connection.
Why h11, and where it differs from AWS: ADR 0054.
"""

from __future__ import annotations

import contextlib
import re
import socket
import socketserver
import sys
import threading
import time
import traceback
import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from email.utils import formatdate
from http import HTTPStatus

import h11

from backoffice.http.responses import JSON_CONTENT_TYPE
from local.docs_ui import DocsUi
from local.gateway import MAX_HEAD_BYTES, MAX_REQUEST_BYTES, Gateway, error_body
from local.openapi import loaded_document
from local.proxy_event import Answer

# How long a client may take to send one request, and how long an idle keep-alive connection is
# kept: neither may hold a worker thread longer than API Gateway holds an integration.
CLIENT_TIMEOUT = 29.0


def refusal(status: int, description: str) -> Answer:
    """The front door's own answer: the error body with a fresh request id, which the answer carries
    in API Gateway's header too, as every other answer of the local stack does."""
    request_id = str(uuid.uuid4())
    body = error_body(status, description, {"request_id": request_id})
    return status, {"Content-Type": [JSON_CONTENT_TYPE], "x-amzn-RequestId": [request_id]}, body


class _Reject(Exception):
    """A request the front door answers itself, then closes the connection."""

    def __init__(self, status: int, description: str, answer: Answer | None = None) -> None:
        super().__init__(description)
        self.answer = answer or refusal(status, description)


_REQUEST_LINE = re.compile(rb"[!#$%&'*+.^_`|~0-9A-Za-z-]+ \S+ HTTP/\d\.\d")


class _Request:
    """One request as it arrives: its head, its body so far, the moment it must be complete by."""

    def __init__(self) -> None:
        self.head: h11.Request | None = None
        self.deadline: float | None = None
        self.chunks: list[bytes] = []
        self.size = 0

    def add(self, data: bytes, too_large: Callable[[], _Reject]) -> None:
        self.size += len(data)
        if self.size > MAX_REQUEST_BYTES:
            raise too_large()
        self.chunks.append(data)

    def parts(self) -> tuple[str, str, dict[str, list[str]], bytes]:
        """(method, target, headers, body) of the complete request."""
        assert self.head is not None
        headers: dict[str, list[str]] = {}
        for name, value in self.head.headers.raw_items():
            headers.setdefault(name.decode("latin-1"), []).append(value.decode("latin-1"))
        return self.head.method.decode("ascii"), self.head.target.decode("latin-1"), headers, b"".join(self.chunks)


class _Closed(Exception):
    """The client went away, or stayed silent between requests: nothing to answer."""


class _Connection(socketserver.BaseRequestHandler):
    """One client connection: HTTP/1.1 parsed by h11, requests answered in turn (keep-alive)."""

    server: _Server

    def setup(self) -> None:
        self.sock: socket.socket = self.request
        self.conn = h11.Connection(h11.SERVER, max_incomplete_event_size=MAX_HEAD_BYTES)
        self.server.track(self.sock, True)

    def finish(self) -> None:
        self.server.track(self.sock, False)

    def handle(self) -> None:
        while True:
            try:
                method, target, headers, body = self._read_request()
            except (_Closed, OSError):
                return
            except _Reject as reject:
                self._write(*reject.answer, head=False, close=True)
                return
            except h11.RemoteProtocolError as exc:
                status = exc.error_status_hint
                if status == 431:
                    text = f"The request line and headers exceed {MAX_HEAD_BYTES} bytes."
                else:
                    text = f"The request is not valid HTTP/1.1: {exc}."
                self._write(*refusal(status, text), False, True)
                return
            try:
                answer = self.server.answer(method, target, headers, body, str(self.client_address[0]))
            except Exception:  # noqa: BLE001 - a fault of the emulation: answered, not a dropped connection
                traceback.print_exc()
                answer = refusal(500, "The local gateway failed.")
            self._log(method, target, answer[0])
            self._write(*answer, head=method == "HEAD", close=False)
            if self.conn.our_state is not h11.DONE or self.conn.their_state is not h11.DONE:
                return
            self.conn.start_next_cycle()

    def _receive(self, deadline: float | None) -> None:
        """More bytes from the client, waiting until the deadline (idle: the client timeout)."""
        wait = self.server.client_timeout if deadline is None else deadline - time.monotonic()
        if wait <= 0:
            raise _Reject(408, f"The request was not received within {self.server.client_timeout:g} s.")
        self.sock.settimeout(wait)
        try:
            data = self.sock.recv(65536)
        except TimeoutError:
            if deadline is None:
                raise _Closed from None  # an idle keep-alive connection: closed without a word
            raise _Reject(408, f"The request was not received within {self.server.client_timeout:g} s.") from None
        except OSError:
            raise _Closed from None
        self.conn.receive_data(data)

    def _read_request(self) -> tuple[str, str, dict[str, list[str]], bytes]:
        request = _Request()
        while True:
            event = self.conn.next_event()
            if event is h11.NEED_DATA:
                if request.head is None:
                    self._check_request_line()
                if request.deadline is None and (self.conn.trailing_data[0] or request.head is not None):
                    request.deadline = time.monotonic() + self.server.client_timeout
                self._receive(request.deadline)
            elif isinstance(event, h11.ConnectionClosed) or event is h11.PAUSED:
                raise _Closed
            elif isinstance(event, h11.Request):
                request.head = event
                self._on_head(event)
            elif isinstance(event, h11.Data):
                request.add(bytes(event.data), self._too_large)
            elif isinstance(event, h11.EndOfMessage):
                return request.parts()

    def _on_head(self, request: h11.Request) -> None:
        self._check_head(request)
        if self.conn.they_are_waiting_for_100_continue:
            interim = h11.InformationalResponse(status_code=100, headers=[], reason=b"Continue")
            self.sock.sendall(self.conn.send(interim))

    def _check_request_line(self) -> None:
        """Refuse a request line without an HTTP/1.x version at once: h11 would wait for headers that
        an HTTP/0.9 client never sends."""
        buffered = bytes(self.conn.trailing_data[0]).lstrip(b"\r\n")
        line, newline, _ = buffered.partition(b"\n")
        if newline and not _REQUEST_LINE.match(line.rstrip(b"\r")):
            raise _Reject(400, "The request line is not METHOD TARGET HTTP/1.1 (HTTP/0.9 is not served).")

    def _check_head(self, request: h11.Request) -> None:
        head = len(request.method) + len(request.target) + sum(len(n) + len(v) for n, v in request.headers.raw_items())
        if head > MAX_HEAD_BYTES:
            raise _Reject(431, f"The request line and headers exceed {MAX_HEAD_BYTES} bytes.")
        length = next((v for n, v in request.headers if n == b"content-length"), None)
        if length is not None and int(length) > MAX_REQUEST_BYTES:
            raise self._too_large()

    def _too_large(self) -> _Reject:
        # API Gateway's own limit, before any function: the template's REQUEST_TOO_LARGE, with its request id.
        request_id = str(uuid.uuid4())
        status, headers, body = self.server.gateway.gateway_response("REQUEST_TOO_LARGE", request_id=request_id)
        return _Reject(status, "", (status, {**headers, "x-amzn-RequestId": [request_id]}, body))

    def _write(self, status: int, headers: dict[str, list[str]], body: bytes, head: bool, close: bool) -> None:
        fields = [
            (name, value)
            for name, values in headers.items()
            if name.lower() not in ("content-length", "connection", "transfer-encoding")
            for value in values
        ]
        fields.append(("Content-Length", str(len(body))))
        if not any(name.lower() == "date" for name, _ in fields):
            fields.append(("Date", formatdate(usegmt=True)))
        if close:
            fields.append(("Connection", "close"))
        reason = HTTPStatus(status).phrase.encode() if status in HTTPStatus else b""
        try:
            data = self.conn.send(h11.Response(status_code=status, headers=fields, reason=reason))
            if not head:
                data += self.conn.send(h11.Data(data=body))
            data += self.conn.send(h11.EndOfMessage())
            self.sock.settimeout(self.server.client_timeout)
            self.sock.sendall(data)
            if close:
                self._linger()
        except (OSError, h11.LocalProtocolError):
            return

    def _linger(self) -> None:
        """Read and drop what the client still sends before closing: closing a socket with unread
        data resets it, and a client still sending its body would see the reset, not the answer."""
        self.sock.shutdown(socket.SHUT_WR)
        end, dropped = time.monotonic() + min(self.server.client_timeout, 10), 0
        while dropped < 4 * MAX_REQUEST_BYTES and (wait := end - time.monotonic()) > 0:
            self.sock.settimeout(min(wait, 2))
            data = self.sock.recv(65536)
            if not data:
                return
            dropped += len(data)

    def _log(self, method: str, target: str, status: int) -> None:
        if self.server.verbose:
            stamp = datetime.now(UTC).strftime("%d/%b/%Y %H:%M:%S")
            print(f'{self.client_address[0]} - - [{stamp}] "{method} {target}" {status}', file=sys.stderr)


class _Server(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True
    block_on_close = False
    # orders: API Gateway takes bursts of clients; socketserver's backlog of 5 drops connections of a burst.
    request_queue_size = 128

    def __init__(self, port: int, gateway: Gateway, verbose: bool, client_timeout: float) -> None:
        self.gateway = gateway
        self.docs = DocsUi(lambda: loaded_document(gateway.runtime))
        self.verbose = verbose
        self.client_timeout = client_timeout
        self._open: set[socket.socket] = set()
        self._open_lock = threading.Lock()
        super().__init__(("127.0.0.1", port), _Connection)

    def answer(self, method: str, target: str, headers: dict[str, list[str]], body: bytes, source_ip: str) -> Answer:
        local_only = self.docs.answer(method, target)
        if local_only is not None:
            status, h, payload = local_only
            return status, {k: [v] for k, v in h.items()}, payload
        return self.gateway.invoke(method, target, headers, body, source_ip)

    def track(self, sock: socket.socket, opened: bool) -> None:
        with self._open_lock:
            (self._open.add if opened else self._open.discard)(sock)

    def close_connections(self) -> None:
        """Wake every connection thread blocked on its client, so that stopping is prompt."""
        with self._open_lock:
            for sock in list(self._open):
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)


class ApiServer:
    def __init__(
        self, gateway: Gateway, port: int, verbose: bool = True, client_timeout: float = CLIENT_TIMEOUT
    ) -> None:
        self._server = _Server(port, gateway, verbose, client_timeout)
        self._thread = threading.Thread(target=self._server.serve_forever, args=(0.1,), name="api", daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        """Stop accepting, and drop the open connections (idle, stalled or waiting on a function)."""
        if self._thread.is_alive():
            self._server.shutdown()
        self._server.close_connections()
        self._server.server_close()
