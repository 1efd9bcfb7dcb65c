"""Routes of /www/adressen and /www/adressensuche: read, list, patch and search addresses."""

from __future__ import annotations

from typing import Annotated, Any

from backoffice.errors import InvalidRequest
from backoffice.http.openapi import ETAG_HEADER, documented, request_headers, versioned_read
from backoffice.http.resolver import (
    Body,
    Path,
    Query,
    Response,
    caller,
    entrypoint,
    json_response,
    make_resolver,
    no_content,
    once,
    precondition,
    request_base,
    tagged_response,
)
from backoffice.http.responses import version_tag
from backoffice.links import link
from backoffice.models import INT_MAX
from backoffice.parties import address_store, customers
from backoffice.parties.addresses import MAX_LENGTH, AddressPatch, standalone_view

app = make_resolver()

AdrNrPath = Annotated[int, Path(ge=1, le=INT_MAX)]


@app.get(
    "/www/adressen/<AdrNr>",
    summary="Read an address",
    responses=versioned_read("AdresseAntwort", description="The address"),
    openapi_extensions=request_headers("If-None-Match"),
)
def read(AdrNr: AdrNrPath) -> Response[str]:
    record = address_store.get_address(AdrNr)
    return tagged_response(app, _tag(AdrNr, record["Version"]), lambda: {"data": standalone_view(record)})


def _tag(adr_nr: int, version: int) -> str:
    return version_tag("ADR", adr_nr, version)


@app.get(
    "/www/adressen",
    summary="List a customer's addresses by role",
    responses=documented(200, "KundenAdressenAntwort", description="The customer's addresses", errors=(404,)),
)
def list_for_customer(
    debinr: Annotated[str, Query(min_length=1, max_length=8, description="the customer (DebiNr)")],
) -> Response[str]:
    customers.get_customer(debinr)  # 404 for an unknown customer, rather than empty lists
    lists: dict[str, list[dict[str, object]]] = {role: [] for role in address_store.ROLES}
    found = address_store.addresses_of(debinr)
    base = request_base(app)
    for record, roles in found:
        path = f"/www/adressen/{record['AdrNr']}"
        view = standalone_view(record)
        view["links"] = [link(base, path, "adressen", "GET"), link(base, path, "adressen", "PATCH")]
        for role in roles:
            lists[role].append(view)
    return json_response({"count": len(found), "success": True, "data": lists})


@app.patch(
    "/www/adressen/<AdrNr>",
    summary="Change fields of an address",
    responses=documented(204, description="The address is changed", errors=(404, 409, 412), headers=ETAG_HEADER),
    openapi_extensions=request_headers("Idempotency-Key", "If-Match"),
)
def patch(AdrNr: AdrNrPath, body: Annotated[AddressPatch, Body()]) -> Response[str]:
    changes = body.changes()
    if not changes:
        raise InvalidRequest("The body names no field to change.", {"body": "no field given"})
    check = precondition(app, lambda version: _tag(AdrNr, version))
    user = caller(app).user

    def _patch() -> Response[str]:
        return no_content({"ETag": _tag(AdrNr, address_store.patch_address(AdrNr, changes, check, user))})

    return once(app, "adressen-patch", _patch)


def _q(field: str) -> Any:
    return Query(max_length=MAX_LENGTH[field])


@app.get(
    "/www/adressensuche",
    summary="Find the one customer whose address matches",
    responses=documented(
        200,
        "SuchtrefferAntwort",
        description="The customer's address keys",
        errors=(404,),
    ),
)
def search(
    AdrSprache: Annotated[str | None, _q("AdrSprache")] = None,
    EmailAdress: Annotated[str | None, _q("EmailAdress")] = None,
    AdrAdresse1: Annotated[str | None, _q("AdrAdresse1")] = None,
    AdrAdresse2: Annotated[str | None, _q("AdrAdresse2")] = None,
    AdrFax: Annotated[str | None, _q("AdrFax")] = None,
    AdrFirma: Annotated[str | None, _q("AdrFirma")] = None,
    AdrFirma2: Annotated[str | None, _q("AdrFirma2")] = None,
    AdrVorname: Annotated[str | None, _q("AdrVorname")] = None,
    AdrName: Annotated[str | None, _q("AdrName")] = None,
    AdrTelex: Annotated[str | None, _q("AdrTelex")] = None,
    AdrTf1: Annotated[str | None, _q("AdrTf1")] = None,
    AdrTf2: Annotated[str | None, _q("AdrTf2")] = None,
    OrtLand: Annotated[str | None, _q("OrtLand")] = None,
    OrtName: Annotated[str | None, _q("OrtName")] = None,
    OrtPLZ: Annotated[str | None, _q("OrtPLZ")] = None,
) -> Response[str]:
    given = dict(locals())
    criteria = {name: value for name, value in given.items() if value and value.strip()}
    return json_response({"data": customers.found_by_address(criteria, request_base(app))})


lambda_handler = entrypoint(app)
