"""backoffice.openapi.documented: the one way a route declares its responses."""

from __future__ import annotations

from typing import Annotated

import pytest
from aws_lambda_powertools.event_handler import Response
from aws_lambda_powertools.event_handler.openapi.params import Body, Query
from openapi_spec_validator import validate
from pydantic import BaseModel, Field

from backoffice.http import openapi
from backoffice.http.openapi import CREATED_HEADERS, JSON, MODEL_NAME, ErrorBody, documented, error_responses, shape
from backoffice.http.resolver import json_response, make_resolver
from backoffice.models import Number, RequestModel


class Antwort(BaseModel):
    AuftNr: Annotated[str, Field(max_length=10)]


def test_success_with_model_and_own_errors() -> None:
    got = documented(200, "Antwort", description="The order", errors=(404, 409))
    assert got[200] == {"description": "The order", "content": {JSON: {MODEL_NAME: "Antwort"}}}
    assert got[404]["content"] == {JSON: {"model": ErrorBody}}
    assert got[409]["description"].startswith("conflict:")
    assert sorted(got) == [200, 404, 409]


def test_created_carries_the_create_headers() -> None:
    got = documented(201, "Antwort")
    assert got[201]["headers"] == CREATED_HEADERS
    assert set(CREATED_HEADERS) == {"Cache-Control", "Content-MD5", "Content-Length"}


def test_no_content_and_binary_and_text() -> None:
    assert documented(204) == {204: {"description": "Success", "content": {}}}
    pdf = documented(200, binary=("application/pdf",), errors=(400,))
    assert pdf[200]["content"] == {
        "application/pdf": {"schema": {"type": "string", "format": "binary", "contentMediaType": "application/pdf"}}
    }
    text = documented(200, text=("text/plain",))
    assert text[200]["content"] == {"text/plain": {"schema": {"type": "string"}}}


def test_error_headers() -> None:
    got = error_responses((401, 503))
    assert list(got[401]["headers"]) == ["WWW-Authenticate"]
    assert list(got[503]["headers"]) == ["Retry-After"]


def test_number_is_documented_as_a_json_number() -> None:
    class Preis(BaseModel):
        Wert: Number

    assert Preis.model_json_schema()["properties"]["Wert"] == {"type": "number", "title": "Wert"}


class Position(RequestModel):
    ArtNr: Annotated[str, Field(max_length=15, description="Artikelnummer")]
    Menge: Number


class Anfrage(RequestModel):
    Positionen: list[Position]


class Daten(BaseModel):
    AuftNr: Annotated[str, Field(max_length=10)]
    Total: Number


class Erstellt(BaseModel):
    data: Daten


probe_app = make_resolver()


@probe_app.post("/www/probe", summary="Probe", responses=documented(201, "Erstellt", errors=(404,)))
def probe(body: Annotated[Anfrage, Body()], order: Annotated[int, Query()] = 0) -> Response[str]:
    return json_response({"data": {"AuftNr": "1", "Total": 1}}, 201)


def test_a_documented_route_in_a_resolver_gives_a_valid_document(monkeypatch: pytest.MonkeyPatch) -> None:
    """What a handler author writes: body model, query parameter, documented() -> a valid 3.1 document."""
    monkeypatch.setattr(openapi, "SHAPE_MODULES", (__name__,))
    openapi.with_models(probe_app)
    doc = probe_app.get_openapi_schema().model_dump(mode="json", by_alias=True, exclude_none=True)
    validate(doc)
    op = doc["paths"]["/www/probe"]["post"]
    assert op["responses"]["201"]["content"][JSON]["schema"] == {"$ref": "#/components/schemas/Erstellt"}
    assert op["responses"]["404"]["content"][JSON]["schema"] == {"$ref": "#/components/schemas/ErrorBody"}
    assert op["parameters"][0]["name"] == "order"
    schemas = doc["components"]["schemas"]
    assert schemas["Position"]["properties"]["ArtNr"]["maxLength"] == 15
    assert schemas["Position"]["properties"]["Menge"] == {"type": "number", "title": "Menge"}
    assert schemas["Position"]["additionalProperties"] is False
    assert schemas["Daten"]["properties"]["Total"] == {"type": "number", "title": "Total"}


def test_a_named_model_is_found_in_the_shape_modules() -> None:
    assert shape("KundeAntwort").__name__ == "KundeAntwort"
    assert shape("AuftragErstellt").__module__ == "backoffice.sales.views"
    with pytest.raises(LookupError, match="Nichts"):
        shape("Nichts")


def test_at_run_time_a_route_builds_no_model_for_its_documented_answer() -> None:
    """The route's first request derives its models from `responses`: a name is none of them."""
    app = make_resolver()

    @app.get("/www/named", responses=documented(200, "KundeAntwort", errors=(404,)))
    def named() -> Response[str]:
        return json_response({})

    (route,) = app._static_routes
    assert [f.type_ for f in route.dependant.response_extra_models] == [ErrorBody]
    openapi.with_models(app)
    assert [f.type_ for f in route.dependant.response_extra_models] == [shape("KundeAntwort"), ErrorBody]
