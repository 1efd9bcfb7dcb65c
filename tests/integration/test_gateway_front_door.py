"""The local API Gateway's HTTP front door, over raw sockets: every broken request a prompt 4xx with
the error body, no stalled client holding a worker, and a stop that does not wait for clients."""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest

from local.front_door import ApiServer
from local.gateway import MAX_HEAD_BYTES, Gateway
from local.template import Stack

pytestmark = pytest.mark.integration

# A safety net so that a hanging server fails the test instead of blocking it: longer than the
# server's own client timeout (29 s), so a legitimate 408 still arrives.
SAFETY = 40


def address(url: str) -> tuple[str, int]:
    parts = urlsplit(url)
    return str(parts.hostname), int(parts.port or 80)


def read_answer(sock: socket.socket) -> tuple[int, dict[str, str], bytes]:
    """One HTTP answer from the socket; status 0 when the server closed without answering."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            return 0, {}, data
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    while lines[0].split(" ")[1] == "100":  # an interim 100 Continue before the answer
        head, _, body = body.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
    headers = {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    length = int(headers.get("content-length", "0"))
    while len(body) < length:
        chunk = sock.recv(65536)
        if not chunk:
            break
        body += chunk
    return int(lines[0].split(" ")[1]), headers, body


def exchange(url: str, raw: bytes, half_close: bool = False) -> tuple[int, dict[str, str], bytes]:
    with socket.create_connection(address(url), timeout=SAFETY) as sock:
        sock.sendall(raw)
        if half_close:
            sock.shutdown(socket.SHUT_WR)
        return read_answer(sock)


def assert_error(answer: tuple[int, dict[str, str], bytes], status: int, code: str) -> dict[str, Any]:
    got, headers, body = answer
    assert got == status, answer
    assert headers["content-type"].startswith("application/json"), headers
    parsed = json.loads(body)
    assert set(parsed) == {"error", "error_description", "info"}
    assert parsed["error"] == code
    assert parsed["info"]["request_id"] == headers["x-amzn-requestid"]  # the front door's own answers too
    return dict(parsed)


POST = b"POST /www/kunden HTTP/1.1\r\nHost: local\r\nContent-Type: application/json\r\n"


def test_a_negative_content_length_is_a_400(local_stack: dict[str, Any]) -> None:
    answer = exchange(local_stack["api"], POST + b"Content-Length: -1\r\n\r\n{}")
    assert "Content-Length" in assert_error(answer, 400, "invalid_request")["error_description"]


def test_a_non_numeric_content_length_is_a_400(local_stack: dict[str, Any]) -> None:
    assert_error(exchange(local_stack["api"], POST + b"Content-Length: ten\r\n\r\n{}"), 400, "invalid_request")


def test_a_body_shorter_than_declared_is_a_400_when_the_client_ends(local_stack: dict[str, Any]) -> None:
    answer = exchange(local_stack["api"], POST + b"Content-Length: 100\r\n\r\n{}", half_close=True)
    assert_error(answer, 400, "invalid_request")


def test_a_broken_chunk_size_is_a_400(local_stack: dict[str, Any]) -> None:
    raw = POST + b"Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n"
    assert_error(exchange(local_stack["api"], raw), 400, "invalid_request")


def test_an_http_0_9_request_is_a_400(local_stack: dict[str, Any]) -> None:
    answer = exchange(local_stack["api"], b"GET /www/artikel\r\n")
    assert "HTTP/0.9" in assert_error(answer, 400, "invalid_request")["error_description"]


@pytest.mark.parametrize("size", [MAX_HEAD_BYTES + 1, 70_000])
def test_headers_over_api_gateways_limit_are_a_431_with_the_error_body(local_stack: dict[str, Any], size: int) -> None:
    raw = b"GET /www/artikel HTTP/1.1\r\nHost: local\r\nX-Big: " + b"a" * size + b"\r\n\r\n"
    body = assert_error(exchange(local_stack["api"], raw), 431, "invalid_request")
    assert str(MAX_HEAD_BYTES) in body["error_description"]


def test_a_declared_length_over_10_mb_is_a_413_before_the_body_is_sent(local_stack: dict[str, Any]) -> None:
    answer = exchange(local_stack["api"], POST + b"Content-Length: 10485761\r\n\r\n")
    assert_error(answer, 413, "payload_too_large")


def test_a_chunked_body_over_10_mb_is_a_413(local_stack: dict[str, Any]) -> None:
    chunk = b"a" * (1024 * 1024)
    raw = POST + b"Transfer-Encoding: chunked\r\n\r\n" + (b"100000\r\n" + chunk + b"\r\n") * 11 + b"0\r\n\r\n"
    assert_error(exchange(local_stack["api"], raw), 413, "payload_too_large")


def test_keep_alive_serves_requests_in_turn_and_answers_expect_100(local_stack: dict[str, Any]) -> None:
    with socket.create_connection(address(local_stack["api"]), timeout=SAFETY) as sock:
        sock.sendall(b"GET /www/nothing HTTP/1.1\r\nHost: local\r\n\r\n")
        assert_error(read_answer(sock), 404, "not_found")
        sock.sendall(POST + b"Content-Length: 2\r\nExpect: 100-continue\r\n\r\n")
        assert sock.recv(64).startswith(b"HTTP/1.1 100 ")
        sock.sendall(b"{}")
        assert_error(read_answer(sock), 401, "invalid_token")


# -- stalled clients and stopping: a server of its own with a short client timeout ------------------


@pytest.fixture
def quick_server() -> Iterator[ApiServer]:
    server = ApiServer(Gateway(Stack.read()), 0, verbose=False, client_timeout=0.5)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.mark.parametrize(
    "partial",
    [b"GET /www/artikel HTTP/1.1\r\nHost: lo", POST + b"Content-Length: 100\r\n\r\n{}"],
    ids=["headers", "body"],
)
def test_a_client_that_stalls_gets_a_408_and_frees_its_worker(quick_server: ApiServer, partial: bytes) -> None:
    body = assert_error(exchange(quick_server.url, partial), 408, "request_timeout")
    assert "0.5 s" in body["error_description"]


def test_an_idle_keep_alive_connection_is_closed_without_an_answer(quick_server: ApiServer) -> None:
    with socket.create_connection(address(quick_server.url), timeout=SAFETY) as sock:
        assert sock.recv(1) == b""


def test_stop_returns_with_idle_and_stalled_connections_open() -> None:
    server = ApiServer(Gateway(Stack.read()), 0, verbose=False)  # the real 29 s client timeout
    server.start()
    idle = socket.create_connection(address(server.url), timeout=SAFETY)
    stalled = socket.create_connection(address(server.url), timeout=SAFETY)
    stalled.sendall(POST + b"Content-Length: 100\r\n\r\n{")
    with socket.create_connection(address(server.url), timeout=SAFETY) as probe:
        probe.sendall(b"GET /www/nothing HTTP/1.1\r\nHost: local\r\n\r\n")
        assert read_answer(probe)[0] == 404  # the server accepted and serves: both others are open
    stopper = threading.Thread(target=server.stop)
    stopper.start()
    stopper.join(SAFETY)
    assert not stopper.is_alive()
    # Both clients see their connection closed, not an answer.
    assert idle.recv(1) == b""
    assert stalled.recv(1) == b""
    idle.close()
    stalled.close()


def test_the_root_points_to_the_docs_where_other_methods_get_the_gateways_404() -> None:
    """`GET /` is a local-only pointer to the documentation
    (ADR 0055); any other method on `/` is the gateway's answer on a path without a route."""
    server = ApiServer(Gateway(Stack.read()), 0, verbose=False)
    server.start()
    try:
        status, headers, body = exchange(server.url, b"GET /?x=1 HTTP/1.1\r\nHost: local\r\n\r\n")
        assert status == 200
        assert headers["content-type"] == "application/json"
        links = {item["rel"]: item["href"] for item in json.loads(body)["links"]}
        assert links == {"docs": "/docs", "openapi": "/docs/openapi.json"}
        # No body follows the HEAD answer: the connection closed ends the read.
        head = exchange(server.url, b"HEAD / HTTP/1.1\r\nHost: local\r\nConnection: close\r\n\r\n")
        assert head[0] == 200
        post = exchange(server.url, b"POST / HTTP/1.1\r\nHost: local\r\nContent-Length: 0\r\n\r\n")
        assert_error(post, 404, "not_found")
    finally:
        server.stop()
