"""Routes of /www/zahlungen: a bank's camt.054 / camt.053 file imported, the unmatched payments
listed and assigned by hand (rules: backoffice.payments; docs/payments.md).

Integration users and operators may call them (the authorizer's policy; `IMPORTERS` here).
"""

from __future__ import annotations

from typing import Annotated, Literal

from backoffice.errors import Forbidden, UnsupportedMediaType
from backoffice.http.openapi import documented, request_file
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
    raw_body,
    request_base,
)
from backoffice.links import link
from backoffice.models import Field, RequestModel
from backoffice.payments import booking, store, views
from backoffice.payments.events import Writer
from backoffice.platform.roles import INTEGRATION, OPERATOR
from backoffice.sales.document_store import order_views

app = make_resolver()

XML_TYPES = frozenset({"application/xml", "text/xml"})
IMPORTERS = frozenset({INTEGRATION, OPERATOR})
MAX_LIMIT = 1000


class Zuordnung(RequestModel):
    RechNr: str = Field(min_length=1, max_length=10, pattern=r"^[0-9]+$", description="the invoice to assign it to")


def _who() -> str:
    who = caller(app)
    if not who.roles & IMPORTERS:
        raise Forbidden("Payments need the integration or the operator role.", {"role": "integration|operator"})
    return who.user


@app.post(
    "/www/zahlungen",
    summary="Import a bank's camt.054 or camt.053 file (application/xml): its credit payments booked once",
    description="Each credit payment is matched to its invoice by its QR or creditor reference and booked once:"
    " a file sent again books nothing (200 with the counts under `known`).",
    responses={
        **documented(201, "ZahlungenImport", description="New payments booked: the counts", errors=(415,), headers={}),
        **documented(200, "ZahlungenImport", description="Nothing new in the file: the counts"),
    },
    # One media type documented: a generated client sends a body of one type per operation (text/xml
    # would be a second, untyped one); the route reads text/xml all the same (docs/openapi.md).
    openapi_extensions=request_file(
        "The bank's camt.054 or camt.053 file (.001.02, .001.04, .001.08), as the bank sent it;"
        " `text/xml` is read as well",
        "application/xml",
    ),
)
def import_file() -> Response[str]:
    user = _who()
    body = raw_body()
    if body is None:
        raise UnsupportedMediaType("Send the camt file as application/xml.", {"content_type": "application/xml"})
    result = booking.import_file(body, user, order_views, request_base(app))
    return created_response({"data": result.view()}, status=201 if result.new else 200)


@app.get(
    "/www/zahlungen",
    summary="List the payments no invoice could be matched to (status=offen)",
    description="Oldest booking first, until assigned with POST /www/zahlungen/{id}/zuordnung;"
    " `count` is all of them, the next page is links rel `next`.",
    responses=documented(200, "ZahlungListe", description="A page of the unmatched payments, oldest first"),
)
def list_unmatched(
    status: Annotated[Literal["offen"], Query(description="offen: the unmatched payments")],
    limit: Annotated[int, Query(ge=1, le=MAX_LIMIT, description="payments per page")] = 100,
    offset: Annotated[int, Query(ge=0, le=10**9)] = 0,
) -> Response[str]:
    _who()
    page, count = store.unmatched_payments(limit, offset)
    base = request_base(app)
    links = [link(base, f"/www/zahlungen?status={status}&limit={limit}&offset={offset + limit}", "next")]
    return json_response({"data": [views.unmatched_view(p) for p in page], "count": count, "links": links})


@app.post(
    "/www/zahlungen/<id>/zuordnung",
    summary="Assign an unmatched payment to an invoice by hand",
    description="The payment is booked on the invoice as a matched one would be; 409 when it is assigned"
    " already or its currency is not the invoice's.",
    responses=documented(200, "ZahlungAntwort", description="The payment, assigned", errors=(404, 409)),
)
def assign(id: Annotated[str, Path(min_length=1, max_length=40)], body: Annotated[Zuordnung, Body()]) -> Response[str]:  # noqa: A002
    payment = booking.assign(id, body.RechNr, Writer(_who(), request_base(app), order_views))
    return json_response({"data": views.payment_line(payment)})


lambda_handler = entrypoint(app, raw_types=XML_TYPES)
