"""Routes of /www/offerte: create, read and patch quotations."""

from __future__ import annotations

from typing import Annotated, Any

from backoffice.http.openapi import documented
from backoffice.http.resolver import (
    Body,
    Query,
    Response,
    caller,
    created_response,
    entrypoint,
    json_response,
    make_resolver,
    once,
)
from backoffice.sales import quotations
from backoffice.sales.request_models import QuotationCreate, QuotationPatch

app = make_resolver()

OffertNrQuery = Annotated[str, Query(min_length=1, max_length=16)]


def _answer(quotation: dict[str, Any]) -> dict[str, Any]:
    return {"count": 1, "success": True, "data": quotation}


@app.post(
    "/www/offerte",
    summary="Create a quotation (without KundNr: a template quotation)",
    responses=documented(201, "OfferteAntwort", description="The quotation is stored", errors=(409,)),
)
def create(body: Annotated[QuotationCreate, Body()]) -> Response[str]:
    who = caller(app)

    def _create() -> dict[str, Any]:
        return _answer(quotations.create_quotation(body, who.user, who.webshop))

    return created_response(once(app, "offerte-post", _create))


@app.get(
    "/www/offerte",
    summary="Read a quotation",
    responses=documented(200, "OfferteAntwort", errors=(404,)),
)
def read(OffertNr: OffertNrQuery) -> Response[str]:
    stored = quotations.get_quotation(OffertNr)
    return json_response(_answer(quotations.view(stored)))


@app.patch(
    "/www/offerte",
    summary="Change a quotation's positions or addresses, or assign a template quotation to a customer",
    responses=documented(200, "OfferteAntwort", description="The whole quotation after the change", errors=(404, 409)),
)
def patch(
    body: Annotated[QuotationPatch, Body()],
    OffertNr: OffertNrQuery,
    KundNr: Annotated[str | None, Query(min_length=1, max_length=8)] = None,
) -> Response[str]:
    quotation = quotations.patch_quotation(OffertNr, KundNr, body, caller(app).webshop)
    return json_response(_answer(quotation))


lambda_handler = entrypoint(app)
