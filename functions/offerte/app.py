"""Routes of /www/offerte: create, read and patch quotations."""

from __future__ import annotations

from typing import Annotated, Any

from backoffice.http.openapi import ETAG_HEADER, documented, request_headers, versioned_read
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
    precondition,
    tagged_response,
)
from backoffice.http.responses import version_tag
from backoffice.sales import quotations
from backoffice.sales.quotation_models import QuotationCreate, QuotationPatch

app = make_resolver()

OffertNrQuery = Annotated[str, Query(min_length=1, max_length=16)]


def _answer(quotation: dict[str, Any]) -> dict[str, Any]:
    return {"count": 1, "success": True, "data": quotation}


def _tag(offert_nr: str, version: int) -> str:
    return version_tag("OFFERTE", offert_nr, version)


@app.post(
    "/www/offerte",
    summary="Create a quotation (without KundNr: a template quotation)",
    responses=documented(201, "OfferteAntwort", description="The quotation is stored", errors=(409,)),
    openapi_extensions=request_headers("Idempotency-Key"),
)
def create(body: Annotated[QuotationCreate, Body()]) -> Response[str]:
    who = caller(app)

    def _create() -> Response[str]:
        return created_response(_answer(quotations.create_quotation(body, who.user, who.webshop)))

    return once(app, "offerte-post", _create)


@app.get(
    "/www/offerte",
    summary="Read a quotation",
    responses=versioned_read("OfferteAntwort"),
    openapi_extensions=request_headers("If-None-Match"),
)
def read(OffertNr: OffertNrQuery) -> Response[str]:
    stored = quotations.get_quotation(OffertNr)
    return tagged_response(app, _tag(OffertNr, stored.version), lambda: _answer(quotations.view(stored)))


@app.patch(
    "/www/offerte",
    summary="Change a quotation's positions or addresses, or assign a template quotation to a customer",
    responses=documented(
        200,
        "OfferteAntwort",
        description="The whole quotation after the change",
        errors=(404, 409, 412),
        headers=ETAG_HEADER,
    ),
    openapi_extensions=request_headers("Idempotency-Key", "If-Match"),
)
def patch(
    body: Annotated[QuotationPatch, Body()],
    OffertNr: OffertNrQuery,
    KundNr: Annotated[str | None, Query(min_length=1, max_length=8)] = None,
) -> Response[str]:
    who = caller(app)
    check = precondition(app, lambda version: _tag(OffertNr, version))

    def _patch() -> Response[str]:
        quotation, version = quotations.patch_quotation(OffertNr, KundNr, body, who.webshop, check, who.user)
        return json_response(_answer(quotation), headers={"ETag": _tag(OffertNr, version)})

    return once(app, "offerte-patch", _patch)


lambda_handler = entrypoint(app)
