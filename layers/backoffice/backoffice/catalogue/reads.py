"""The article reads behind GET /www/artikel[/{ArtNr}] and /www/artikelmedia: the rules of
articles.py, prices.py and vpe.py applied to what article_store.py reads."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote, urlencode

from backoffice import company
from backoffice.catalogue import article_store, articles, list_index, media
from backoffice.errors import InvalidRequest, NotFound
from backoffice.json_codec import dumps
from backoffice.links import link

# A list answer stops below Lambda's 6 MB response limit (the proxy envelope escapes the body
# once more), and says so with links.next and X-Total-Count: a list is never cut silently.
BODY_BUDGET = 4_500_000
_BATCH = 100  # articles read per BatchGetItem


@dataclass(frozen=True)
class ReadContext:
    """What every article of one answer shares: currency, price-list type, languages, config."""

    currency: str
    price_list_type: str | None
    rest_list: str | None
    standard_rate: Any
    languages: list[str]
    released: list[int]
    webshop: str | None
    base: str = ""  # the request's base URL, which links start with


def read_context(
    waehrabk: str | None, debinr: str | None, adrsprache: str | None, webshop: str | None, base: str = ""
) -> ReadContext:
    known = company.currencies()
    currency = (waehrabk or known[0]).strip().upper()
    if currency not in known:
        raise InvalidRequest("waehrabk is not a price currency.", {"waehrabk": f"one of {', '.join(known)}"})
    customer = article_store.customer_pricing(debinr.strip() if debinr else None)
    return ReadContext(
        currency=currency,
        price_list_type=customer.get("Preisliste"),
        rest_list=company.rest_price_list(),
        standard_rate=company.standard_tax_rate(),
        languages=articles.language_order(adrsprache, customer.get("AdrSprache")),
        released=company.released_warehouses(),
        webshop=webshop,
        base=base,
    )


def _shape(article: dict[str, Any], ctx: ReadContext, stock: list[dict[str, Any]], single: bool) -> dict[str, Any]:
    return articles.read_shape(
        article,
        currency=ctx.currency,
        price_list_type=ctx.price_list_type,
        rest_list=ctx.rest_list,
        standard_rate=ctx.standard_rate,
        languages=ctx.languages,
        stock=stock,
        released=ctx.released,
        with_declarations=single,
        base=ctx.base,
    )


def visible_article(
    art_nr: str, webshop: str | None
) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]:
    """(article, stock, media) of an article the caller may see; a hidden one is a 404 as well.

    Hidden and unknown do the same work: one small read of the visibility (article_webshops),
    and only a visible article's partition is read after it.
    """
    shops = article_store.article_webshops(art_nr)
    article: dict[str, Any] | None = None
    stock: list[dict[str, Any]] = []
    records: list[dict[str, Any]] = []
    if shops is not None and articles.visible_to(shops, webshop):
        article, stock, records = article_store.article_partition(art_nr)
    if article is None:  # unknown, hidden, or deleted between the two reads
        raise NotFound(f"There is no article {art_nr}.")
    return article, stock, records


def visible_media_record(id_key: int, webshop: str | None) -> dict[str, Any] | None:
    """The media record if its article is visible to the caller; None when unknown or hidden.

    Both cases do the same two reads (the record, then the article's visibility; for an unknown
    IDKey that of an article number that cannot exist), so that the time of the answer does not
    tell a hidden article from a missing one either.
    """
    record = article_store.media_record(id_key)
    shops = article_store.article_webshops(str(record["ArtNr"]) if record else "")
    if record is None or shops is None or not articles.visible_to(shops, webshop):
        return None
    return record


def read_article(art_nr: str, ctx: ReadContext) -> dict[str, Any]:
    article, stock, _ = visible_article(art_nr, ctx.webshop)
    return _shape(article, ctx, stock, single=True)


def article_media(art_nr: str, webshop: str | None, adrsprache: str | None, base: str = "") -> list[dict[str, Any]]:
    article, _, records = visible_article(art_nr, webshop)
    return media.shown_records(article, records, articles.language_order(adrsprache, None), base)


def media_file(id_key: int, type_: str, webshop: str | None) -> media.MediaFile:
    """The file of a media record that a `type` asks for; a 404 when there is none or the
    record's article is hidden from the caller (its media are hidden as well)."""
    record = visible_media_record(id_key, webshop)
    found = media.select_file(record, type_) if record else None
    if found is None:
        # Unknown, hidden and without such a file answer alike: no IDKey reveals a hidden article.
        raise NotFound(f"Media {id_key} has no file of type {type_}.")
    return found


@dataclass
class Page:
    items: list[dict[str, Any]]
    total: int
    offset: int
    next_offset: int | None  # where the next page starts; None at the end


def list_page(
    ctx: ReadContext, sorts: list[list_index.SortKey], fields: list[str] | None, limit: int, offset: int
) -> Page:
    """One page of the visible catalogue in the asked order (limit 0: all that fits)."""
    index = article_store.catalogue()
    ordered = index.order(sorts, ctx.languages, ctx.webshop, ctx.standard_rate)
    end = len(ordered) if limit == 0 else min(len(ordered), offset + limit)
    wanted = ordered[offset:end]
    items: list[dict[str, Any]] = []
    size = 0
    with_stock = fields is None or any(f in fields for f in ("Bestand", "Verpackungen"))
    for batch in _batches(wanted):
        found = article_store.articles_by_number(batch)
        present = [found[n] for n in batch if n in found]
        stock: dict[str, list[dict[str, Any]]] = {}
        for item in article_store.stock_of(present, ctx.released) if with_stock else []:
            stock.setdefault(item["ArtNr"], []).append(item)
        for article in present:
            shape = articles.restrict(_shape(article, ctx, stock.get(article["ArtNr"], []), single=False), fields)
            size += len(dumps(shape)) + 1
            if size > BODY_BUDGET and items:
                return Page(items, len(ordered), offset, offset + len(items))
            items.append(shape)
    # Articles deleted since the index was written are skipped; the next page starts after them.
    return Page(items, len(ordered), offset, end if end < len(ordered) else None)


def page_links(page: Page, limit: int, query: list[tuple[str, str]], base: str) -> list[dict[str, str]]:
    """links of a list answer: start, prev (unless at the start) and next (unless at the end), each
    repeating the request's query (`query`: its parameters in order) with another offset."""
    step = limit or max(len(page.items), 1)
    found = [_page_link("start", 0, query, base)]
    if page.offset > 0:
        found.append(_page_link("prev", max(page.offset - step, 0), query, base))
    if page.next_offset is not None:
        found.append(_page_link("next", page.next_offset, query, base))
    return found


def _page_link(rel: str, offset: int, query: list[tuple[str, str]], base: str) -> dict[str, str]:
    params = [(k, v) for k, v in query if k != "offset"] + [("offset", str(offset))]
    return link(base, f"/www/artikel?{urlencode(params, quote_via=quote)}", rel)


def _batches(numbers: list[str]) -> Iterator[list[str]]:
    for start in range(0, len(numbers), _BATCH):
        yield numbers[start : start + _BATCH]
