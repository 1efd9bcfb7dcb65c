"""Issue 22: an article hidden from the caller does the same storage work as one that does not exist.

The same calls were made before too, but the hidden article's one Query returned its whole partition
(texts, prices, stock, media): its 404 took about twice the time of an unknown article's. Now the
visibility is decided on a projected read of the article's attributes, for both, and nothing else is
read. Counted with botocore's event hooks on the layer's clients: calls, their parameters (keys
aside) and what each answer held. No clock is read.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

HIDDEN_ARTICLE, UNKNOWN_ARTICLE = "9000", "9999"  # 9000: published for B2B only; the caller is SHOP


@pytest.fixture
def storage_calls(call: Callable[..., dict[str, Any]]) -> Iterator[Callable[..., list[tuple[str, Any, Any]]]]:
    """calls(path): the handler's answer aside, each DynamoDB/S3 call as (operation, parameters
    without the key values, the attribute names of each item it returned)."""
    from backoffice.platform.aws import client

    seen: list[tuple[str, Any, Any]] = []

    def before(model: Any, params: dict[str, Any], **_: Any) -> None:  # the API's parameters
        shape = {k: v for k, v in params.items() if k not in ("Key", "ExpressionAttributeValues", "TableName")}
        seen.append((model.name, sorted(shape.items(), key=str), None))

    def after(model: Any, parsed: dict[str, Any], **_: Any) -> None:
        items = parsed.get("Items") or ([parsed["Item"]] if "Item" in parsed else [])
        name, shape, _ = seen[-1]
        seen[-1] = (name, shape, [sorted(item) for item in items])

    hooks = [(service, f"{kind}.{service}", hook) for service in ("dynamodb", "s3")
             for kind, hook in (("before-parameter-build", before), ("after-call", after))]  # fmt: skip
    for service, event_name, hook in hooks:
        client(service).meta.events.register(event_name, hook)

    def calls(path: str, query: dict[str, str] | None = None) -> list[tuple[str, Any, Any]]:
        call("/www/artikel/1000")  # warm: the configuration cache is not part of the comparison
        seen.clear()
        assert call(path, query)["statusCode"] == 404
        return list(seen)

    yield calls
    for service, event_name, hook in hooks:
        client(service).meta.events.unregister(event_name, hook)


@pytest.mark.parametrize("route", ["/www/artikel", "/www/artikelmedia"])
def test_a_hidden_article_reads_what_an_unknown_one_reads(storage_calls, route):
    hidden = storage_calls(f"{route}/{HIDDEN_ARTICLE}")
    unknown = storage_calls(f"{route}/{UNKNOWN_ARTICLE}")
    assert [(name, shape) for name, shape, _ in hidden] == [(name, shape) for name, shape, _ in unknown]
    assert [name for name, _, _ in hidden] == ["GetItem"]
    # The hidden article's answer holds its key and its attributes, nothing of its texts, prices,
    # stock or media; the unknown one's holds nothing.
    assert [items for _, _, items in hidden] == [[["PK", "attributes"]]]
    assert [items for _, _, items in unknown] == [[]]


def test_the_media_of_a_hidden_article_read_no_more_of_it(storage_calls):
    hidden = storage_calls("/www/artikelmediadaten/5060", {"type": "Bild"})
    unknown = storage_calls("/www/artikelmediadaten/5099", {"type": "Bild"})
    assert [(name, shape) for name, shape, _ in hidden] == [(name, shape) for name, shape, _ in unknown]
    assert hidden[1][2] == [["PK", "attributes"]]
