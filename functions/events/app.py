"""GET /www/events: the event feed, in commit order, from a cursor (rules: backoffice.webhooks.feed)."""

from __future__ import annotations

from typing import Annotated

from backoffice.errors import InvalidRequest
from backoffice.http.openapi import documented
from backoffice.http.resolver import Query, Response, caller, entrypoint, json_response, make_resolver, request_base
from backoffice.links import link
from backoffice.webhooks import feed
from backoffice.webhooks.event_types import TYPES

app = make_resolver()

_TYPE_NAMES = "|".join(t.replace(".", r"\.") for t in TYPES)
TYPES_QUERY = Query(
    max_length=1024,
    description="comma-separated event types; all when absent",
    json_schema_extra={"pattern": rf"^\s*({_TYPE_NAMES})?\s*(,\s*({_TYPE_NAMES})?\s*)*$"},
)


def _types(text: str | None) -> frozenset[str]:
    names = frozenset(n.strip() for n in (text or "").split(",") if n.strip())
    unknown = sorted(names - set(TYPES))
    if unknown:
        raise InvalidRequest("Unknown event types.", {"types": f"one or more of {', '.join(TYPES)}"})
    return names


@app.get(
    "/www/events",
    summary="Read the events after a cursor, in the order they were committed",
    responses=documented(200, "EreignisListe", description="A page of events and the cursor after it"),
)
def read_events(
    after: Annotated[
        str, Query(max_length=20, pattern=r"^[0-9]+$", description="the cursor of links next; 0 or none: the start")
    ] = "0",
    limit: Annotated[int, Query(ge=1, le=feed.MAX_LIMIT, description="events per page")] = feed.DEFAULT_LIMIT,
    types: Annotated[str | None, TYPES_QUERY] = None,
) -> Response[str]:
    wanted = _types(types)
    page = feed.read(int(after), limit, caller(app).webshop, wanted)
    query = f"after={page.cursor}&limit={limit}" + (f"&types={','.join(sorted(wanted))}" if wanted else "")
    return json_response(
        {
            "data": [feed.public(e) for e in page.events],
            "cursor": str(page.cursor),
            "links": [link(request_base(app), f"/www/events?{query}", "next")],
        }
    )


lambda_handler = entrypoint(app)
