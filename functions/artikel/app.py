"""Routes of /www/artikel, /www/artikelmedia and /www/artikelmediadaten (rules: backoffice.catalogue)."""

from __future__ import annotations

from typing import Annotated

from backoffice.catalogue import articles, list_index, media, reads
from backoffice.http.openapi import documented, request_headers
from backoffice.http.resolver import (
    Path,
    Query,
    Response,
    caller,
    entrypoint,
    json_response,
    make_resolver,
    request_base,
)
from backoffice.http.responses import etag, matches
from backoffice.models import INT_MAX

app = make_resolver()

Currency = Annotated[str | None, Query(max_length=4, description="price currency, default the leading one")]
DebiNr = Annotated[str | None, Query(max_length=6, description="customer: its price list and language")]
Language = Annotated[str | None, Query(max_length=4, description="output language, ISO-639-2B")]


@app.get(
    "/www/artikel/<ArtNr>",
    summary="Read an article with its prices, stock and declarations",
    responses=documented(200, "ArtikelAntwort", description="The article", errors=(404,)),
)
def read_article(
    ArtNr: Annotated[str, Path(max_length=15)],
    waehrabk: Currency = None,
    debinr: DebiNr = None,
    adrsprache: Language = None,
) -> Response[str]:
    ctx = reads.read_context(waehrabk, debinr, adrsprache, caller(app).webshop, request_base(app))
    return json_response({"data": reads.read_article(ArtNr, ctx)})


_FIELD_NAMES = "|".join(articles.LIST_SHAPE_FIELDS)
_SORT_NAMES = "|".join(list_index.SORTABLE)
# The patterns document what catalogue.list_index accepts; it checks them itself, naming each wrong field.
FIELDS = Query(
    max_length=2048,
    description="comma-separated members to return, e.g. ArtNr,ArtBez; all when absent",
    json_schema_extra={"pattern": rf"^\s*({_FIELD_NAMES})?\s*(,\s*({_FIELD_NAMES})?\s*)*$"},
)
SORTS = Query(
    max_length=2048,
    description="comma-separated sort fields, each with + (ascending, sent as %2B) or - (descending); default +ArtBez",
    json_schema_extra={"pattern": rf"^\s*$|^\s*[+-]?\s*({_SORT_NAMES})\s*(,\s*[+-]?\s*({_SORT_NAMES})\s*)*$"},
)
TOTAL_COUNT = {
    "X-Total-Count": {"description": "Number of articles the query finds, all pages.", "schema": {"type": "integer"}}
}


@app.get(
    "/www/artikel",
    summary="List articles, a page at a time",
    responses=documented(200, "ArtikelListe", description="A page of articles", headers=TOTAL_COUNT),
)
def list_articles(
    waehrabk: Currency = None,
    debinr: DebiNr = None,
    limit: Annotated[int, Query(ge=0, le=INT_MAX, description="articles per page; 0 = all")] = 0,
    offset: Annotated[int, Query(ge=0, le=INT_MAX)] = 0,
    fields: Annotated[str | None, FIELDS] = None,
    sorts: Annotated[str | None, SORTS] = None,
    adrsprache: Language = None,
) -> Response[str]:
    sort_keys = list_index.parse_sorts(sorts)
    field_names = list_index.parse_fields(fields)
    ctx = reads.read_context(waehrabk, debinr, adrsprache, caller(app).webshop, request_base(app))
    page = reads.list_page(ctx, sort_keys, field_names, limit, offset)
    query = [(k, v) for k, vs in (app.current_event.multi_value_query_string_parameters or {}).items() for v in vs]
    links = reads.page_links(page, limit, query, ctx.base)
    return json_response(
        {"data": page.items, "count": len(page.items), "links": links},
        headers={"X-Total-Count": str(page.total)},
    )


@app.get(
    "/www/artikelmedia/<ArtNr>",
    summary="List the media records of an article",
    responses=documented(200, "ArtikelMediaListe", description="The article's media records", errors=(404,)),
)
def read_media(
    ArtNr: Annotated[str, Path(max_length=15)],
    adrsprache: Language = None,
) -> Response[str]:
    records = reads.article_media(ArtNr, caller(app).webshop, adrsprache, request_base(app))
    return json_response({"data": records, "count": len(records)})


# No return annotation on purpose: the answer is a file, never JSON, and must pass the resolver's
# response validation untouched (validated as Response[str], image bytes would be decoded as UTF-8).
MEDIA_HEADERS = {
    "ETag": {"description": "Version of the file; send it as If-None-Match.", "schema": {"type": "string"}},
    "Cache-Control": {"description": "no-cache: revalidate with If-None-Match.", "schema": {"type": "string"}},
}
MEDIA_RESPONSES = {
    **documented(
        200,
        description="The file: an image in its format, a text as text/plain; charset=UTF-8",
        binary=(*dict.fromkeys(media.IMAGE_TYPES.values()), "application/octet-stream"),
        text=("text/plain",),
        headers={
            **MEDIA_HEADERS,
            "Content-Length": {"description": "Length of the file in bytes.", "schema": {"type": "integer"}},
        },
        errors=(404,),
    ),
    **documented(304, description="Not modified: the If-None-Match tag is current", headers=MEDIA_HEADERS),
}


@app.get(
    "/www/artikelmediadaten/<IDKey>",
    summary="Read the image or text file of a media record",
    responses=MEDIA_RESPONSES,
    openapi_extensions=request_headers("If-None-Match"),
)
# No return annotation: powertools takes it as the response model and would validate (and coerce) the
# file's body against it; the answer is bytes for an image and text for a text file.
def read_media_file(  # type: ignore[no-untyped-def]
    IDKey: Annotated[int, Path(ge=1, le=INT_MAX)],
    type: Annotated[str, Query(min_length=1, max_length=12, description="Bild, Text or a format")],  # noqa: A002
):
    found = reads.media_file(IDKey, type, caller(app).webshop)
    tag = etag(found.etag)
    headers = {"ETag": tag, "Cache-Control": "no-cache"}
    if matches(app.current_event.headers.get("If-None-Match"), tag):
        return Response(304, None, "", headers=headers)
    body = media.read_file(found)
    headers["Content-Length"] = str(len(body))
    if found.binary:
        return Response(200, found.content_type, body, headers=headers)
    return Response(200, found.content_type, body.decode("utf-8"), headers=headers)


lambda_handler = entrypoint(app)
