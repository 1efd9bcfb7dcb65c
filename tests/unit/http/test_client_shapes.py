"""What generated clients need of docs/openapi.json (issue 28): binary answers the OpenAPI 3.1 way,
request headers as parameters, required members, timestamps, named enum values, typed links,
decimal places, a relative server."""

from __future__ import annotations

import json
from typing import Any

import pytest

from local.openapi import DOCUMENT

DOC = json.loads(DOCUMENT.read_text(encoding="utf-8"))
SCHEMAS: dict[str, Any] = DOC["components"]["schemas"]
BINARY = [
    ("get", "/www/auftrag/{AuftNr}/rechnung", {"application/pdf", "application/xml"}),
    ("get", "/www/gutschrift/{GutschriftNr}", {"application/pdf", "application/xml"}),
    ("post", "/www/zugferd", {"application/pdf", "application/xml"}),
    ("get", "/www/artikelmediadaten/{IDKey}", {"image/png", "image/jpeg", "application/octet-stream"}),
]


def walk(value: Any) -> Any:
    yield value
    if isinstance(value, dict):
        for v in value.values():
            yield from walk(v)
    elif isinstance(value, list):
        for v in value:
            yield from walk(v)


@pytest.mark.parametrize(("method", "path", "types"), BINARY)
def test_binary_answers_are_described_with_content_media_type(method: str, path: str, types: set[str]) -> None:
    content = DOC["paths"][path][method]["responses"]["200"]["content"]
    for media_type in types:
        assert content[media_type]["schema"] == {"type": "string", "format": "binary", "contentMediaType": media_type}


def test_format_binary_only_beside_content_media_type() -> None:
    """3.0's word is there for generators that know no other (openapi-python-client: bytes), never alone."""
    binary = [v for v in walk(DOC) if isinstance(v, dict) and v.get("format") == "binary"]
    assert binary
    assert all("contentMediaType" in v for v in binary)


def test_request_headers_are_header_parameters() -> None:
    assert not [v for v in walk(DOC) if isinstance(v, dict) and "x-request-headers" in v]
    patch = DOC["paths"]["/www/offerte"]["patch"]
    headers = {p["name"]: p for p in patch["parameters"] if p["in"] == "header"}
    assert set(headers) == {"Idempotency-Key", "If-Match"}
    assert headers["Idempotency-Key"]["schema"]["maxLength"] == 255
    for path in ("/www/auftrag/{AuftNr}/rechnung", "/www/gutschrift/{GutschriftNr}", "/www/artikelmediadaten/{IDKey}"):
        names = {p["name"] for p in DOC["paths"][path]["get"]["parameters"] if p["in"] == "header"}
        assert names == {"If-None-Match"}


def test_read_models_say_what_is_always_there() -> None:
    assert set(SCHEMAS["BelegGrundDaten"]["required"]) == {
        "WaehrAbk",
        "AuftStatus",
        "AuftWUST",
        "AuftBrutto",
        "AuftNetto",
    }
    assert set(SCHEMAS["BelegPosition"]["required"]) == {
        "PosNr",
        "VisPosNr",
        "ArtNr",
        "PosAnzBest",
        "PosPreisEinzel",
        "PosPreisTotal",
    }
    assert "AuftBrutto" in SCHEMAS["RechnungDaten"]["required"]


@pytest.mark.parametrize(
    ("schema", "member", "form"),
    [
        ("BelegGrundDaten", "AuftBestellTUTC", "date-time"),
        ("BelegGrundDaten", "AuftLieferTUTC", "date-time"),
        ("KundenAuftrag", "AuftErfUTC", "date-time"),
        ("ArtikelMedia", "Modified_UTC", "date-time"),
        ("RechnungDaten", "RechDatum", "date"),
    ],
)
def test_timestamps_have_their_format(schema: str, member: str, form: str) -> None:
    prop = SCHEMAS[schema]["properties"][member]
    assert form in {prop.get("format"), *(o.get("format") for o in prop.get("anyOf", []))}


def test_salutation_values_have_names() -> None:
    for schema in ("Adresse", "AddressIn"):
        prop = SCHEMAS[schema]["properties"]["AdrAnrede"]
        assert (prop["enum"], prop["x-enum-varnames"]) == ([0, 1, 2], ["Allgemein", "Herr", "Frau"])


def test_every_links_array_is_of_link() -> None:
    arrays = [
        (name, member, prop)
        for name, schema in SCHEMAS.items()
        for member, prop in schema.get("properties", {}).items()
        if member == "links"
    ]
    assert arrays
    assert all(p["items"] == {"$ref": "#/components/schemas/Link"} for _, _, p in arrays), arrays


@pytest.mark.parametrize(
    ("schema", "member", "places"),
    [
        ("BelegGrundDaten", "AuftBrutto", 2),
        ("BelegPosition", "PosPreisTotal", 2),
        ("BelegPosition", "PosAnzBest", 4),
        ("RechnungDaten", "AuftNetto", 2),
        ("OrderPosition", "Menge", 4),
        ("OrderPosition", "Preis", 4),
        ("QuotationPatchPosition", "Menge", 4),
    ],
)
def test_amounts_state_their_decimal_places(schema: str, member: str, places: int) -> None:
    prop = SCHEMAS[schema]["properties"][member]
    assert f"at most {places} decimal places" in json.dumps(prop).replace("At most", "at most")


def test_the_local_server_is_relative() -> None:
    assert DOC["servers"][0]["url"] == "/"
