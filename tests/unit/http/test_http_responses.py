"""http.responses: entity tags and If-None-Match; negotiate, a representation chosen by the Accept
header as RFC 9110 weighs it."""

from __future__ import annotations

import pytest

from backoffice.http.responses import etag, matches, negotiate

OFFERED = ("application/pdf", "application/xml", "text/xml", "application/json")
BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8"


@pytest.mark.parametrize(
    ("accept", "chosen"),
    [
        (None, "application/pdf"),  # no header: the first offered
        ("", "application/pdf"),
        ("*/*", "application/pdf"),  # equal weights: the first offered
        ("application/*", "application/pdf"),
        ("application/json", "application/json"),
        ("Application/JSON", "application/json"),  # media types are case-insensitive
        ("application/xml, application/pdf", "application/xml"),  # equal q: the range named first wins
        ("application/pdf;q=0.5, application/xml", "application/xml"),  # q decides before the order
        ("application/pdf;q=0, */*", "application/xml"),  # q=0 refuses the PDF, */* takes the next
        ("*/*;q=0.1, application/json;q=0.2", "application/json"),
        ("application/*;q=0.3, application/json;q=0.2", "application/pdf"),  # json's own range is more specific
        ("application/json;q=0.2, application/*;q=0.3", "application/pdf"),
        ("text/*", "text/xml"),
        (BROWSER, "application/xml"),  # a browser ranks XML (0.9) over anything else (0.8)
        ("application/json; charset=utf-8", "application/json"),  # parameters other than q are ignored
        ("application/json;q=abc, application/xml", "application/xml"),  # a broken q leaves its range out
        ("application/json;q=1.5, application/xml", "application/xml"),  # as does one above 1
        ("image/png", None),
        ("application/pdf;q=0", None),
        ("*/*;q=0", None),
        ("garbage", None),
        (",,;", None),
    ],
)
def test_negotiate(accept, chosen):
    assert negotiate(accept, OFFERED) == chosen


def test_if_none_match() -> None:
    tag = etag("abc")
    assert tag == '"abc"'
    assert matches('"abc"', tag)
    assert matches('"x", W/"abc"', tag)
    assert matches("*", tag)
    assert not matches('"x"', tag)
    assert not matches(None, tag)
