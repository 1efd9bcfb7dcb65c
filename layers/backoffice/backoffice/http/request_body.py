"""Request decoding: the body of an API Gateway event made into text before any route sees it.

JSON arrives in UTF-8, or in ISO-8859-1 when the Content-Type says so. API Gateway hands a body
over base64-encoded when its type is a binary media type (the local stack also does so for a body
that is not valid UTF-8), so both forms are accepted here.
"""

from __future__ import annotations

import base64
import binascii
from email.message import Message
from typing import Any

from backoffice.errors import InvalidRequest, PayloadTooLarge, UnsupportedMediaType

# Lambda accepts an invocation of at most 6 MB (6,291,456 bytes), the event's JSON included.
MAX_EVENT_BYTES = 6 * 1024 * 1024
_UTF8 = {"utf-8", "utf8"}
_LOOPBACK = ("127.0.0.1", "localhost", "[::1]")
_LATIN1 = {"iso-8859-1", "iso8859-1", "latin-1", "latin1", "l1", "iso_8859-1"}


def header(event: dict[str, Any], name: str) -> str | None:
    """A request header, whatever the case the client wrote its name in."""
    wanted = name.lower()
    for key, value in (event.get("headers") or {}).items():
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


def body_bytes(event: dict[str, Any]) -> bytes:
    body = event.get("body")
    if body is None:
        return b""
    if event.get("isBase64Encoded"):
        try:
            return base64.b64decode(body, validate=True)
        except (binascii.Error, ValueError) as exc:
            raise InvalidRequest("The request body is not valid base64.", {"body": str(exc)}) from exc
    return body.encode("utf-8", "surrogatepass")


def decode_text_body(event: dict[str, Any]) -> None:
    """Replace a JSON event's body by its text, decoded by its charset; refuse what cannot be read."""
    body: Any = event.get("body")
    # ASCII text reads the same in UTF-8 and ISO-8859-1: it is kept as it is, which spares
    # copying megabytes (a PDF in base64) through bytes and back.
    ascii_text = isinstance(body, str) and not event.get("isBase64Encoded") and body.isascii()
    raw = b"" if ascii_text else body_bytes(event)
    size = len(body) if ascii_text else len(raw)
    if size > MAX_EVENT_BYTES:
        raise PayloadTooLarge(
            f"The request body has {size} bytes; at most {MAX_EVENT_BYTES} bytes are accepted.",
            {"limit": MAX_EVENT_BYTES},
        )
    kind, charset = media_type(header(event, "content-type"))
    if not size:
        event["body"], event["isBase64Encoded"] = None, False
        return
    if kind and kind != "application/json" and not kind.endswith("+json"):
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
