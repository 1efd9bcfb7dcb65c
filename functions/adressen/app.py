"""Routes of /www/adressen and /www/adressensuche: read, list, patch and search addresses."""

from __future__ import annotations

from typing import Annotated, Any

from backoffice.errors import InvalidRequest, NotFound
from backoffice.http.openapi import documented
from backoffice.http.read_shapes import AdresseAntwort, KundenAdressenAntwort, SuchtrefferAntwort
from backoffice.http.resolver import Body, Path, Query, Response, entrypoint, json_response, make_resolver, no_content
from backoffice.links import link
from backoffice.parties import address_store, customers
from backoffice.parties.addresses import TEXT_FIELDS, AddressPatch, standalone_view

app = make_resolver()

AdrNrPath = Annotated[int, Path(ge=1, le=2**31 - 1)]


@app.get(
    "/www/adressen/<AdrNr>",
    summary="Read an address",
    responses=documented(200, AdresseAntwort, description="The address", errors=(404,)),
)
def read(AdrNr: AdrNrPath) -> Response[str]:
    return json_response({"data": standalone_view(address_store.get_address(AdrNr))})


@app.get(
    "/www/adressen",
    summary="List a customer's addresses by role",
    responses=documented(200, KundenAdressenAntwort, description="The customer's addresses", errors=(404,)),
)
def list_for_customer(
    debinr: Annotated[str, Query(min_length=1, max_length=8, description="the customer (DebiNr)")],
) -> Response[str]:
    customers.get_customer(debinr)  # 404 for an unknown customer, rather than empty lists
    lists: dict[str, list[dict[str, object]]] = {role: [] for role in address_store.ROLES}
    found = address_store.addresses_of(debinr)
    for record, roles in found:
        path = f"/www/adressen/{record['AdrNr']}"
        view = standalone_view(record)
        view["links"] = [link(path, "adressen", "GET"), link(path, "adressen", "PATCH")]
        for role in roles:
            lists[role].append(view)
    return json_response({"count": len(found), "success": True, "data": lists})


@app.patch(
    "/www/adressen/<AdrNr>",
    summary="Change fields of an address",
    responses=documented(204, description="The address is changed", errors=(404, 409)),
)
def patch(AdrNr: AdrNrPath, body: Annotated[AddressPatch, Body()]) -> Response[str]:
    changes = body.changes()
    if not changes:
        raise InvalidRequest("The body names no field to change.", {"body": "no field given"})
    address_store.patch_address(AdrNr, changes)
    return no_content()


def _q(max_length: int) -> Any:
    return Query(max_length=max_length)


@app.get(
    "/www/adressensuche",
    summary="Find the one customer whose address matches",
    responses=documented(
        200,
        SuchtrefferAntwort,
        description="The customer's address keys",
        errors=(404,),
    ),
)
def search(
    AdrSprache: Annotated[str | None, _q(4)] = None,
    EmailAdress: Annotated[str | None, _q(255)] = None,
    AdrAdresse1: Annotated[str | None, _q(60)] = None,
    AdrAdresse2: Annotated[str | None, _q(60)] = None,
    AdrFax: Annotated[str | None, _q(28)] = None,
    AdrFirma: Annotated[str | None, _q(36)] = None,
    AdrFirma2: Annotated[str | None, _q(36)] = None,
    AdrVorname: Annotated[str | None, _q(36)] = None,
    AdrName: Annotated[str | None, _q(36)] = None,
    AdrTelex: Annotated[str | None, _q(28)] = None,
    AdrTf1: Annotated[str | None, _q(28)] = None,
    AdrTf2: Annotated[str | None, _q(28)] = None,
    OrtLand: Annotated[str | None, _q(4)] = None,
    OrtName: Annotated[str | None, _q(48)] = None,
    OrtPLZ: Annotated[str | None, _q(10)] = None,
) -> Response[str]:
    given = dict(locals())
    unknown = [name for name in app.current_event.query_string_parameters or {} if name not in TEXT_FIELDS]
    if unknown:
        raise InvalidRequest("The search is not valid.", dict.fromkeys(unknown, "not a search field"))
    criteria = {name: value for name, value in given.items() if value and value.strip()}
    result = address_store.search(criteria)
    if not result.customers:
        raise NotFound("No customer has an address matching this search.", {"matches": 0})
    if len(result.customers) > 1:
        raise NotFound(
            "Several customers have addresses matching this search; narrow it down.",
            {"matches": "several", "DebiNr": list(result.customers)},
        )
    customer = customers.get_customer(result.customers[0])
    data = {role: int(customer[role]) for role in address_store.ROLES}
    data["DebiNr"] = str(customer["DebiNr"])
    links = [*customers.address_links(customer), link(f"/www/kunden/{customer['DebiNr']}", "kunden")]
    return json_response({"data": {**data, "links": links}})


lambda_handler = entrypoint(app)
