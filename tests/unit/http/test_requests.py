"""Request decoding before routing: charsets, base64, size, content types."""

from __future__ import annotations

import base64
from typing import Any

import pytest

from backoffice.errors import InvalidRequest, PayloadTooLarge, UnsupportedMediaType
from backoffice.http.request_body import MAX_EVENT_BYTES, decode_text_body, header, media_type


def event(body: str | None, content_type: str | None = "application/json", b64: bool = False) -> dict[str, Any]:
    headers = {"Content-Type": content_type} if content_type else {}
    return {"headers": headers, "body": body, "isBase64Encoded": b64}


def test_utf8_body_is_taken_as_it_is() -> None:
    ev = event('{"OrtName":"Zürich"}')
    decode_text_body(ev)
    assert ev["body"] == '{"OrtName":"Zürich"}'
    assert ev["isBase64Encoded"] is False


def test_latin1_declared_by_charset_is_decoded_as_latin1() -> None:
    raw = '{"OrtName":"Zürich"}'.encode("iso-8859-1")
    ev = event(base64.b64encode(raw).decode(), "application/json; charset=ISO-8859-1", b64=True)
    decode_text_body(ev)
    assert ev["body"] == '{"OrtName":"Zürich"}'


def test_latin1_bytes_without_charset_are_a_400_that_says_how_to_fix_it() -> None:
    raw = '{"OrtName":"Zürich"}'.encode("iso-8859-1")
    with pytest.raises(InvalidRequest) as exc:
        decode_text_body(event(base64.b64encode(raw).decode(), b64=True))
    assert exc.value.status == 400
    assert "charset=iso-8859-1" in exc.value.description
    assert exc.value.info == {"fields": {"body": "invalid byte at position 13"}}


def test_an_unknown_charset_is_a_415() -> None:
    with pytest.raises(UnsupportedMediaType) as exc:
        decode_text_body(event("{}", "application/json; charset=shift_jis"))
    assert exc.value.status == 415
    assert exc.value.info == {"charset": "shift_jis"}


def test_a_body_that_is_not_json_is_a_415() -> None:
    with pytest.raises(UnsupportedMediaType) as exc:
        decode_text_body(event("a=b", "application/x-www-form-urlencoded"))
    assert exc.value.info == {"content_type": "application/x-www-form-urlencoded"}


def test_broken_base64_is_a_400() -> None:
    with pytest.raises(InvalidRequest) as exc:
        decode_text_body(event("!!not base64!!", b64=True))
    assert exc.value.code == "invalid_request"


def test_a_body_over_the_lambda_limit_is_a_413_stating_the_limit() -> None:
    with pytest.raises(PayloadTooLarge) as exc:
        decode_text_body(event("x" * (MAX_EVENT_BYTES + 1)))
    assert exc.value.status == 413
    assert exc.value.info == {"limit": 6 * 1024 * 1024}


def test_no_body_stays_none_whatever_the_content_type() -> None:
    ev = event(None, "text/plain")
    decode_text_body(ev)
    assert ev["body"] is None


def test_headers_are_found_whatever_their_case() -> None:
    assert header({"headers": {"content-TYPE": "x"}}, "Content-Type") == "x"
    assert header({"headers": None}, "Content-Type") is None
    assert media_type('Application/JSON ; Charset="UTF-8"') == ("application/json", "utf-8")
