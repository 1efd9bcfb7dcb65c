"""Request decoding: the body of an API Gateway event made into text before any route sees it.

JSON arrives in UTF-8, or in ISO-8859-1 when the Content-Type says so. API Gateway hands a body
over base64-encoded when its type is a binary media type (the local stack also does so for a body
that is not valid UTF-8), so both forms are accepted here.
"""

from __future__ import annotations

import base64
import binascii
import json
from email.message import Message
from typing import Any

from backoffice.errors import InvalidRequest, PayloadTooLarge, UnsupportedMediaType

# Lambda accepts an invocation of at most 6 MB (6,291,456 bytes): the whole event's JSON, not its body.
# With BinaryMediaTypes */* the body is in it base64-encoded, so the largest JSON body is about 4.7 MB
# (ADR 0054).
MAX_EVENT_BYTES = 6 * 1024 * 1024
# From this size on, a base64 body is decoded by pybase64 (body_bytes).
_LARGE_BODY = 64 * 1024
_UTF8 = {"utf-8", "utf8"}
_LOOPBACK = ("127.0.0.1", "localhost", "[::1]")
_LATIN1 = {"iso-8859-1", "iso8859-1", "latin-1", "latin1", "l1", "iso_8859-1"}


def header(event: dict[str, Any], name: str) -> str | None:
    """A request header, whatever the case the client wrote its name in."""
    wanted = name.lower()
    headers: dict[str, str | None] = event.get("headers") or {}
    for key, value in headers.items():
        if key.lower() == wanted:
            return value
    return None


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


def media_type(content_type: str | None) -> tuple[str, str | None]:
    """("application/json", "iso-8859-1") from a Content-Type header; charset lowercased."""
    if not content_type:
        return "", None
    msg = Message()
    msg["content-type"] = content_type
    charset = msg.get_param("charset")
    return msg.get_content_type(), (str(charset).strip().lower() if charset else None)


def event_size(event: dict[str, Any]) -> int:
    """Bytes of the event as Lambda is handed it: its JSON in UTF-8, the body as it is in the event.

    Measured, not encoded for an answer, hence the standard library and not the API's codec: the
    body (megabytes of base64) is counted by its length, which is its JSON length when it needs no
    escape, so a large body is not copied to be measured.
    """
    body = event.get("body")
    rest = json.dumps({k: v for k, v in event.items() if k != "body"}, ensure_ascii=False, separators=(",", ":"))
    size = len(rest.encode("utf-8", "surrogatepass"))
    plain = isinstance(body, str) and bool(event.get("isBase64Encoded")) and body.isascii()
    if plain and isinstance(body, str) and '"' not in body and "\\" not in body and "\n" not in body:
        return size + len(body) + len(',"body":""')
    return size + len(f',"body":{json.dumps(body, ensure_ascii=False)}'.encode("utf-8", "surrogatepass"))


def check_event_size(event: dict[str, Any]) -> None:
    """413 for an event larger than Lambda accepts (in AWS it never reaches a function: ADR 0054)."""
    size = event_size(event)
    if size > MAX_EVENT_BYTES:
        raise PayloadTooLarge(
            f"The request is too large: its event for the function has {size} bytes, at most {MAX_EVENT_BYTES}"
            " (6 MB) are accepted, which leaves about 4.7 MB for a JSON body.",
            {"limit": MAX_EVENT_BYTES},
        )


def body_bytes(event: dict[str, Any]) -> bytes:
    body: str | None = event.get("body")
    if body is None:
        return b""
    if event.get("isBase64Encoded"):
        try:
            if len(body) < _LARGE_BODY:
                return base64.b64decode(body, validate=True)
            # In AWS every body arrives in base64 (BinaryMediaTypes */*): pybase64 (SIMD) decodes a
            # megabyte body some forty times faster (5 ms to 0.1 ms for a 1 MB PDF's request), and
            # is imported only by a function that gets one, so no cold start pays for it.
            import pybase64

            return pybase64.b64decode(body, validate=True)
        except (binascii.Error, ValueError) as exc:
            raise InvalidRequest("The request body is not valid base64.", {"body": str(exc)}) from exc
    return body.encode("utf-8", "surrogatepass")


def _json_text_type(event: dict[str, Any]) -> None:
    """The Content-Type of a JSON request, as the routes see it after decoding: `application/json`.

    Media types and the charset parameter are case-insensitive (RFC 9110, 8.3.1), and decided here;
    powertools' validation compares the header with a case-sensitive prefix, so `APPLICATION/JSON`
    (or `application/problem+json`) would be its 415. The body is text once this module has
    decoded it, so the charset has done its work too.
    """
    for field in ("headers", "multiValueHeaders"):
        headers = event.get(field) or {}
        for name in [name for name in headers if name.lower() == "content-type"]:
            headers[name] = ["application/json"] if field == "multiValueHeaders" else "application/json"


def take_raw_body(event: dict[str, Any], raw_types: frozenset[str]) -> bytes | None:
    """The body as bytes when its Content-Type is one of `raw_types` (a route that reads a file, such
    as a bank's XML), taken out of the event so that nothing reads it as JSON; else None."""
    kind, _ = media_type(header(event, "content-type"))
    if kind not in raw_types:
        return None
    check_event_size(event)
    raw = body_bytes(event)
    event["body"], event["isBase64Encoded"] = None, False
    return raw


def decode_text_body(event: dict[str, Any]) -> None:
    """Replace a JSON event's body by its text, decoded by its charset; refuse what cannot be read."""
    body: Any = event.get("body")
    # ASCII text reads the same in UTF-8 and ISO-8859-1: it is kept as it is, which spares
    # copying megabytes (a PDF in base64) through bytes and back.
    ascii_text = isinstance(body, str) and not event.get("isBase64Encoded") and body.isascii()
    check_event_size(event)
    raw = b"" if ascii_text else body_bytes(event)
    size = len(body) if ascii_text else len(raw)
    kind, charset = media_type(header(event, "content-type"))
    json_kind = kind == "application/json" or kind.endswith("+json")
    if json_kind:
        _json_text_type(event)
    if not size:
        event["body"], event["isBase64Encoded"] = None, False
        return
    if kind and not json_kind:
        raise UnsupportedMediaType(
            f"Content-Type {kind} is not accepted; send application/json.", {"content_type": kind}
        )
    if ascii_text and (charset is None or charset in _UTF8 or charset in _LATIN1):
        return
    if charset is None or charset in _UTF8:
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InvalidRequest(
                "The request body is not valid UTF-8; declare charset=iso-8859-1 if it is Latin-1.",
                {"body": f"invalid byte at position {exc.start}"},
            ) from exc
    elif charset in _LATIN1:
        text = raw.decode("iso-8859-1")
    else:
        raise UnsupportedMediaType(
            f"charset={charset} is not accepted; send UTF-8 or ISO-8859-1.", {"charset": charset}
        )
    event["body"], event["isBase64Encoded"] = text, False
