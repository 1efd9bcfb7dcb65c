"""Routes of /www/auftrag: create an order, convert a quotation into one, read one."""

from __future__ import annotations

from typing import Annotated

from backoffice.http.openapi import documented, request_headers, versioned_read
from backoffice.http.resolver import (
    Body,
    Path,
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
from backoffice.sales import orders
from backoffice.sales.order_models import OrderConvert, OrderCreate

app = make_resolver()


@app.post(
    "/www/auftrag",
    summary="Create an order (stock reserved, REST_Auft raised)",
    responses=documented(201, "AuftragErstellt", description="The order is stored", errors=(409,)),
    openapi_extensions=request_headers("Idempotency-Key"),
)
def create(body: Annotated[OrderCreate, Body()]) -> Response[str]:
    who = caller(app)
    return once(
        app,
        "auftrag-post",
        lambda: created_response(
            {"data": {"AuftNr": orders.create_order(body, who.user, who.webshop, request_base(app))}}
        ),
    )


@app.put(
    "/www/auftrag",
    summary="Convert a quotation into an order",
    responses=documented(201, "AuftragUmgewandelt", description="The order is stored", errors=(404, 409)),
    openapi_extensions=request_headers("Idempotency-Key"),
)
def convert(body: Annotated[OrderConvert, Body()]) -> Response[str]:
    user, base = caller(app).user, request_base(app)

    def _convert() -> Response[str]:
        auft_nr = orders.convert_quotation(body, user, base)
        return created_response({"count": 1, "success": True, "data": {"AuftNr": auft_nr}})

    return once(app, "auftrag-put", _convert)


@app.get(
    "/www/auftrag/<AuftNr>",
    summary="Read an order",
    responses=versioned_read("AuftragAntwort"),
    openapi_extensions=request_headers("If-None-Match"),
)
def read(AuftNr: Annotated[str, Path(min_length=1, max_length=10)]) -> Response[str]:
    stored = orders.get_order(AuftNr)
    tag = version_tag("AUFTRAG", AuftNr, stored.version)
    return tagged_response(app, tag, lambda: {"data": orders.order_view(stored)})


lambda_handler = entrypoint(app)
