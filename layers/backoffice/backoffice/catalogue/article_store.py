"""Reading articles, stock, media, customers' price-list types and the catalogue index."""

from __future__ import annotations

from typing import Any

from backoffice.catalogue import articles, list_index, media
from backoffice.parties.customer_keys import pricing_key
from backoffice.platform import dynamo
from backoffice.platform.caches import on_reset

_index = list_index.IndexCache()


def customer_pricing_key(debi_nr: str) -> tuple[str, str]:
    """Written by the catalogue import per customer: Preisliste, KTNr, WUSTCode, AdrSprache."""
    return pricing_key(debi_nr)


def customer_pricing(debi_nr: str | None) -> dict[str, Any]:
    """The customer's pricing item; {} for no customer or one without an item (who then gets the
    configured RESTPreisliste)."""
    if not debi_nr:
        return {}
    return dynamo.get_item(*customer_pricing_key(debi_nr)) or {}


def article_partition(art_nr: str) -> tuple[dict[str, Any] | None, list[dict[str, Any]], list[dict[str, Any]]]:
    """(article, stock items, media records) of one article, in one Query."""
    article, stock, media = None, [], []
    for item in dynamo.query(articles.article_pk(art_nr)):
        sk = item["SK"]
        if sk == articles.ARTICLE_SK:
            article = item
        elif sk.startswith(articles.STOCK_PREFIX):
            stock.append(item)
        elif sk.startswith(articles.MEDIA_PREFIX):
            media.append(item)
    return article, stock, media


def article_webshops(art_nr: str) -> set[str] | None:
    """The webshops the article is published for (articles.webshops), None when there is no such
    article: one GetItem that returns only the article's attributes, whatever else it holds.

    The visibility is decided on this small read before anything else is read, so that an article
    hidden from the caller costs what a missing one costs: reading its whole partition (texts,
    prices, stock, media) first made a hidden article's 404 take twice the time of an unknown one's,
    which told a webshop user which numbers exist (ADR 0005).
    """
    # PK too: an article without attributes is still found (the projection would return nothing else).
    head = dynamo.get_item(*articles.article_key(art_nr), attributes=("PK", articles.ATTRIBUTES))
    return None if head is None else articles.webshops(head)


def articles_by_number(art_nrs: list[str]) -> dict[str, dict[str, Any]]:
    found = dynamo.batch_get(articles.article_key(n) for n in art_nrs)
    return {a["ArtNr"]: a for a in found}


def stock_of(items: list[dict[str, Any]], released: list[int]) -> list[dict[str, Any]]:
    keys = [k for a in items for k in articles.stock_keys(a, released)]
    return dynamo.batch_get(keys) if keys else []


def media_record(id_key: int) -> dict[str, Any] | None:
    return dynamo.get_item(*media.media_key(id_key))


def index_version(consistent: bool = False) -> str | None:
    """The version of the catalogue index its head names; None before the first import."""
    head = dynamo.get_item(list_index.INDEX_PK, list_index.HEAD_SK, consistent=consistent)
    return None if head is None else str(head["Version"])


def index_rows(version: str) -> list[dict[str, Any]]:
    """The rows of the index `version`, from its chunks."""
    chunks = [bytes(item["Rows"]) for item in dynamo.query(list_index.INDEX_PK, list_index.chunk_prefix(version))]
    return list_index.unpack(chunks)


def catalogue() -> list_index.IndexCache:
    """The index, read again only when the import wrote a new version (one GetItem per call)."""
    global _index
    version = index_version()
    if version is None:
        return list_index.IndexCache()
    if version != _index.version:
        _index = list_index.IndexCache(version=version, rows=index_rows(version))
    return _index


@on_reset
def forget_index() -> None:
    global _index
    _index = list_index.IndexCache()
