"""Routes of /www/auftrag: create an order, convert a quotation into one, read one."""

from __future__ import annotations

from typing import Annotated, Any

from backoffice.http.openapi import documented
from backoffice.http.resolver import (
    Body,
    Path,
    Response,
    caller,
    created_response,
    entrypoint,
    json_response,
    make_resolver,
    once,
)
from backoffice.sales import orders
from backoffice.sales.request_models import OrderConvert, OrderCreate

app = make_resolver()


@app.post(
    "/www/auftrag",
    summary="Create an order (stock reserved, REST_Auft raised)",
    responses=documented(201, "AuftragErstellt", description="The order is stored", errors=(409,)),
)
def create(body: Annotated[OrderCreate, Body()]) -> Response[str]:
    who = caller(app)
    return created_response(
        once(app, "auftrag-post", lambda: {"data": {"AuftNr": orders.create_order(body, who.user, who.webshop)}})
    )


@app.put(
    "/www/auftrag",
    summary="Convert a quotation into an order",
    responses=documented(201, "AuftragUmgewandelt", description="The order is stored", errors=(404, 409)),
)
def convert(body: Annotated[OrderConvert, Body()]) -> Response[str]:
    user = caller(app).user

    def _convert() -> dict[str, Any]:
        return {"count": 1, "success": True, "data": {"AuftNr": orders.convert_quotation(body, user)}}

    return created_response(once(app, "auftrag-put", _convert))


@app.get(
    "/www/auftrag/<AuftNr>",
    summary="Read an order",
    responses=documented(200, "AuftragAntwort", errors=(404,)),
)
def read(AuftNr: Annotated[str, Path(min_length=1, max_length=10)]) -> Response[str]:
    return json_response({"data": orders.read_order(AuftNr)})


lambda_handler = entrypoint(app)
