"""Routes of /www/kunden: create a customer, read one with its latest orders."""

from __future__ import annotations

from typing import Annotated, Literal

from backoffice.http.openapi import documented, request_headers, versioned_read
from backoffice.http.resolver import (
    Body,
    Path,
    Query,
    Response,
    caller,
    created_response,
    entrypoint,
    make_resolver,
    once,
    request_base,
    tagged_response,
)
from backoffice.http.responses import version_tag
from backoffice.local_dates import today
from backoffice.parties import customers, order_list
from backoffice.payments import views as payment_views

app = make_resolver()

# Enough for any screen; a larger list is what the orders endpoint is for.
MAX_ORDERS = 1000


@app.post(
    "/www/kunden",
    summary="Create a customer with its addresses",
    responses=documented(201, "KundeErstellt", description="The customer is stored", errors=(409,)),
    openapi_extensions=request_headers("Idempotency-Key"),
)
def create(body: Annotated[customers.CustomerIn, Body()]) -> Response[str]:
    user, base = caller(app).user, request_base(app)

    def _create() -> Response[str]:
        return created_response({"data": {"DebiNr": customers.create_customer(body, user, base)}})

    return once(app, "kunden-post", _create)


@app.get(
    "/www/kunden/<DebiNr>",
    summary="Read a customer with its latest orders",
    responses=versioned_read("KundeAntwort", description="The customer"),
    openapi_extensions=request_headers("If-None-Match"),
)
def read(
    DebiNr: Annotated[str, Path(min_length=1, max_length=8)],
    order: Annotated[int, Query(ge=0, le=MAX_ORDERS)] = 0,
    status: Annotated[Literal["O", "N", "A"] | None, Query()] = None,
) -> Response[str]:
    item = customers.get_customer(DebiNr)
    orders = order_list.latest(DebiNr, order, status)
    owed = payment_views.customer_open(DebiNr, today())
    base = request_base(app)
    # The answer shows the customer's orders and open amounts too: the tag changes with them (and
    # with the links' base).
    shown = [(o.AuftNr, o.PlanStatus, o.AuftErfUTC) for o in orders]
    shown += [(t["WaehrAbk"], str(t["BetragOffen"]), str(t["Anzahl"])) for t in owed]
    tag = version_tag("KUNDE", DebiNr, int(item.get("Version") or 0), shown, base)
    return tagged_response(
        app, tag, lambda: {"data": {**customers.customer_view(item, orders, base), "OffenePosten": owed}}
    )


lambda_handler = entrypoint(app)
