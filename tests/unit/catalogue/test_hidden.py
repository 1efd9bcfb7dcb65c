"""An article hidden from the caller's webshop answers exactly as one that does not exist, on every
article route: same status, body (up to the key the request named), headers and AWS calls."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from tests.support.invoke import result_json

# 9000 is published for B2B only (the demo user's webshop is SHOP); its media are 5060 (image),
# 5061 and 7030 (texts). 9999 and 5099 do not exist; same number of digits, same body length.
HIDDEN_ARTICLE, UNKNOWN_ARTICLE = "9000", "9999"
HIDDEN_MEDIA, UNKNOWN_MEDIA = "5060", "5099"


@pytest.fixture
def recorded(call: Callable[..., dict[str, Any]]) -> Callable[..., tuple[dict[str, Any], list[str]]]:
    """call(...) that also returns the AWS operations the handler made."""
    from backoffice.platform.aws import client

    operations: list[str] = []
    for service in ("dynamodb", "s3"):
        client(service).meta.events.register(
            f"before-call.{service}.*", lambda model, **_: operations.append(model.name)
        )

    def invoke(*args: Any, **kwargs: Any) -> tuple[dict[str, Any], list[str]]:
        call("/www/artikel/1000")  # warm: the configuration cache is not part of the comparison
        operations.clear()
        resp = call(*args, **kwargs)
        return resp, list(operations)

    return invoke


@pytest.mark.parametrize(
    ("hidden", "unknown", "query"),
    [
        (f"/www/artikel/{HIDDEN_ARTICLE}", f"/www/artikel/{UNKNOWN_ARTICLE}", None),
        (f"/www/artikelmedia/{HIDDEN_ARTICLE}", f"/www/artikelmedia/{UNKNOWN_ARTICLE}", None),
        (f"/www/artikelmediadaten/{HIDDEN_MEDIA}", f"/www/artikelmediadaten/{UNKNOWN_MEDIA}", {"type": "Bild"}),
        (f"/www/artikelmediadaten/{HIDDEN_MEDIA}", f"/www/artikelmediadaten/{UNKNOWN_MEDIA}", {"type": "png"}),
        ("/www/artikelmediadaten/5061", f"/www/artikelmediadaten/{UNKNOWN_MEDIA}", {"type": "Text"}),
    ],
)
def test_hidden_answers_as_unknown(
    recorded: Callable[..., tuple[dict[str, Any], list[str]]], hidden: str, unknown: str, query: dict[str, str] | None
) -> None:
    hidden_resp, hidden_ops = recorded(hidden, query)
    unknown_resp, unknown_ops = recorded(unknown, query)
    hidden_key, unknown_key = hidden.rsplit("/", 1)[1], unknown.rsplit("/", 1)[1]
    assert hidden_resp["statusCode"] == unknown_resp["statusCode"] == 404
    hidden_resp["body"] = hidden_resp["body"].replace(hidden_key, unknown_key)
    assert result_json(hidden_resp) == result_json(unknown_resp)
    assert json.loads(unknown_resp["body"])["error"] == "not_found"
    assert unknown_key in json.loads(unknown_resp["body"])["error_description"]
    # Every answer has its own request id; nothing else of the headers may differ.
    assert hidden_resp["headers"].pop("X-Request-Id") != unknown_resp["headers"].pop("X-Request-Id")
    assert hidden_resp.get("headers") == unknown_resp.get("headers")
    assert hidden_resp["multiValueHeaders"] == unknown_resp["multiValueHeaders"]
    assert hidden_resp.get("isBase64Encoded") == unknown_resp.get("isBase64Encoded")
    # The same reads in the same order: the time of the answer tells nothing either.
    assert hidden_ops == unknown_ops


def test_media_of_a_hidden_article_read_two_items_like_any_other(
    recorded: Callable[..., tuple[dict[str, Any], list[str]]],
) -> None:
    resp, operations = recorded(f"/www/artikelmediadaten/{UNKNOWN_MEDIA}", {"type": "Bild"})
    assert operations == ["GetItem", "GetItem"]
    # The file of a visible article: the same two reads, then the file.
    resp, operations = recorded("/www/artikelmediadaten/5002", {"type": "Bild"})
    assert resp["statusCode"] == 200
    assert operations == ["GetItem", "GetItem", "GetObject"]


def test_the_webshop_the_article_is_published_for_gets_its_media(call: Callable[..., dict[str, Any]]) -> None:
    resp = call(f"/www/artikelmediadaten/{HIDDEN_MEDIA}", {"type": "Bild"}, webshop="B2B")
    assert resp["statusCode"] == 200
    assert resp["multiValueHeaders"]["Content-Type"] == ["image/png"]
    assert call("/www/artikelmedia/9000", webshop="B2B")["statusCode"] == 200
