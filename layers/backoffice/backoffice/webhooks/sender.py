"""One webhook POST: at most 10 s, no redirect followed, at most a few KB of the answer read.

In AWS the receiver's name is resolved at every delivery and every address it gives must be
public (`urls.address_problem`); the connection is then made to that checked address, the name
kept for TLS (SNI, certificate) and the Host header, so a name that resolves to a public address
for the check and to the metadata service a moment later cannot be reached through. The local
stack delivers to localhost, as its URL rules allow, without the check.
"""

from __future__ import annotations

import http.client
import ipaddress
import socket
import ssl
import time
from dataclasses import dataclass
from urllib.parse import urlsplit

from backoffice.webhooks import urls

TIMEOUT_SECONDS = 10.0
MAX_ANSWER_BYTES = 4096
USER_AGENT = "backoffice-webhooks/1"


@dataclass(frozen=True)
class Outcome:
    """What an attempt got: the answer's status code, or why there was none; how long it took."""

    status: int | None
    error: str | None
    millis: int

    @property
    def ok(self) -> bool:
        return self.error is None and self.status is not None and 200 <= self.status < 300


class RefusedAddress(Exception):
    """The receiver's name resolves to an address that may not be reached."""


class _PinnedHTTPS(http.client.HTTPSConnection):
    """HTTPS to a checked address, TLS speaking to the name of the URL."""

    def __init__(self, host: str, port: int, address: str, timeout: float) -> None:
        super().__init__(host, port, timeout=timeout, context=ssl.create_default_context())
        self._address = address

    def connect(self) -> None:
        raw = socket.create_connection((self._address, self.port), self.timeout)
        self.sock = self._context.wrap_socket(raw, server_hostname=self.host)  # type: ignore[attr-defined]


class _PinnedHTTP(http.client.HTTPConnection):
    def __init__(self, host: str, port: int, address: str, timeout: float) -> None:
        super().__init__(host, port, timeout=timeout)
        self._address = address

    def connect(self) -> None:
        self.sock = socket.create_connection((self._address, self.port), self.timeout)


def resolve(host: str, port: int) -> str:
    """The address to connect to: every address of the name must be public (RefusedAddress)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError as exc:
        raise RefusedAddress(f"the name does not resolve ({exc.__class__.__name__})") from exc
    found = sorted({str(info[4][0]).split("%")[0] for info in infos})
    if not found:
        raise RefusedAddress("the name has no address")
    for text in found:
        why = urls.address_problem(ipaddress.ip_address(text))
        if why:
            raise RefusedAddress(f"{host} resolves to {text}: {why}")
    return found[0]


def _connection(url: str, in_aws: bool) -> tuple[http.client.HTTPConnection, str]:
    """A connection to the URL's receiver (to a checked address in AWS) and the request target."""
    why = urls.problem(url, in_aws)
    if why:
        raise RefusedAddress(why)
    parts = urlsplit(url)
    host, https = str(parts.hostname), parts.scheme == "https"
    port = parts.port or (443 if https else 80)
    target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    pinned = _PinnedHTTPS if https else _PinnedHTTP
    address = resolve(host, port) if in_aws else host.strip("[]")
    return pinned(host, port, address, TIMEOUT_SECONDS), target


def post(url: str, body: bytes, headers: dict[str, str], in_aws: bool) -> Outcome:
    """POST `body` to `url`; any 2xx within TIMEOUT_SECONDS is success (Outcome.ok)."""
    started = time.monotonic()

    def took() -> int:
        return int((time.monotonic() - started) * 1000)

    try:
        conn, target = _connection(url, in_aws)
    except RefusedAddress as exc:
        return Outcome(None, f"refused: {exc}", took())
    sent = {**headers, "Content-Type": "application/json", "User-Agent": USER_AGENT, "Connection": "close"}
    try:
        conn.request("POST", target, body=body, headers=sent)
        answer = conn.getresponse()
        answer.read(MAX_ANSWER_BYTES)  # the rest is never read: a receiver cannot make us read much
    except TimeoutError:
        return Outcome(None, "timeout: no answer within 10 s", took())
    except (OSError, http.client.HTTPException) as exc:
        return Outcome(None, f"connection: {exc.__class__.__name__}", took())
    finally:
        conn.close()
    if took() > TIMEOUT_SECONDS * 1000:
        return Outcome(answer.status, "timeout: the answer took longer than 10 s", took())
    return Outcome(answer.status, None, took())
