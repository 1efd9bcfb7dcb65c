"""Routes of /www/kunden: create a customer, read one with its latest orders."""

from __future__ import annotations

from typing import Annotated, Literal

from backoffice.http.openapi import documented
from backoffice.http.resolver import (
    Body,
    Path,
    Query,
    Response,
    caller,
    created_response,
    entrypoint,
    json_response,
    make_resolver,
    once,
    request_base,
)
from backoffice.parties import customers, order_list

app = make_resolver()

# Enough for any screen; a larger list is what the orders endpoint is for.
MAX_ORDERS = 1000


@app.post(
    "/www/kunden",
    summary="Create a customer with its addresses",
    responses=documented(201, "KundeErstellt", description="The customer is stored", errors=(409,)),
)
def create(body: Annotated[customers.CustomerIn, Body()]) -> Response[str]:
    user = caller(app).user

    def _create() -> dict[str, object]:
        return {"data": {"DebiNr": customers.create_customer(body, user)}}

    return created_response(once(app, "kunden-post", _create))


@app.get(
    "/www/kunden/<DebiNr>",
    summary="Read a customer with its latest orders",
    responses=documented(200, "KundeAntwort", description="The customer", errors=(404,)),
)
def read(
    DebiNr: Annotated[str, Path(min_length=1, max_length=8)],
    order: Annotated[int, Query(ge=0, le=MAX_ORDERS)] = 0,
    status: Annotated[Literal["O", "N", "A"] | None, Query()] = None,
) -> Response[str]:
    item = customers.get_customer(DebiNr)
    orders = order_list.latest(DebiNr, order, status)
    return json_response({"data": customers.customer_view(item, orders, request_base(app))})


lambda_handler = entrypoint(app)
