"""The demo data's real answers validate against the read shapes docs/openapi.json documents.

Schemathesis mostly meets 404s with random keys; these requests reach real records, so every
documented member (type, length, enum, format of the absolute link hrefs) is checked on real data.
"""

from __future__ import annotations

import json
import uuid
from typing import Any

import pytest
from jsonschema import Draft202012Validator, FormatChecker

from local.template import ROOT

pytestmark = pytest.mark.integration

DOC = json.loads((ROOT / "docs" / "openapi.json").read_text(encoding="utf-8"))
DEMO_CUSTOMER = "100001"


def validate(path: str, method: str, status: int, body: Any) -> None:
    doc = DOC["paths"][path][method]["responses"][str(status)]["content"]["application/json"]["schema"]
    validator = Draft202012Validator({**doc, "components": DOC["components"]}, format_checker=FormatChecker())
    problems = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(body)]
    assert problems == []


def hrefs(value: Any) -> list[str]:
    if isinstance(value, dict):
        found = [value["href"]] if "href" in value else []
        return found + [h for v in value.values() for h in hrefs(v)]
    if isinstance(value, list):
        return [h for v in value for h in hrefs(v)]
    return []


@pytest.mark.parametrize(
    ("path", "url"),
    [
        ("/www/artikel", "/www/artikel?limit=25"),
        ("/www/artikel", "/www/artikel?limit=3&offset=3&fields=ArtNr,ArtBez,Preis&sorts=-ArtNr"),
        ("/www/artikel/{ArtNr}", "/www/artikel/2002?waehrabk=EUR&debinr=100001"),
        ("/www/artikel/{ArtNr}", "/www/artikel/1000?adrsprache=fre"),
        ("/www/artikelmedia/{ArtNr}", "/www/artikelmedia/1000"),
        ("/www/kunden/{DebiNr}", f"/www/kunden/{DEMO_CUSTOMER}?order=5"),
        ("/www/adressen", f"/www/adressen?debinr={DEMO_CUSTOMER}"),
    ],
)
def test_a_demo_answer_is_what_the_document_says(api: Any, local_stack: dict[str, Any], path: str, url: str) -> None:
    resp = api.get(url)
    assert resp.status_code == 200, resp.text
    body = resp.json()
    validate(path, "get", 200, body)
    links = hrefs(body)
    assert links
    assert all(h.startswith(local_stack["api"] + "/www/") for h in links), links


def test_a_new_customer_its_address_and_the_search_answer_as_documented(api: Any) -> None:
    email = f"shape-{uuid.uuid4().hex[:8]}@example.ch"
    contact = {
        "AdrSprache": "ger",
        "AdrFirma": "Form AG",
        "AdrAnrede": 0,
        "AdrAdresse1": "Bahnhofstrasse 1",
        "OrtLand": "CH",
        "OrtPLZ": "8001",
        "OrtName": "Z\u00fcrich",
        "EmailAdress": email,
    }
    created = api.post(
        "/www/kunden", json={"GrundDaten": {"WaehrAbk": "CHF", "FAKTZahlArt": "B"}, "Adressen": {"KontaktAdr": contact}}
    )
    assert created.status_code == 201, created.text
    validate("/www/kunden", "post", 201, created.json())
    debi_nr = created.json()["data"]["DebiNr"]
    customer = api.get(f"/www/kunden/{debi_nr}")
    validate("/www/kunden/{DebiNr}", "get", 200, customer.json())
    address = api.get(f"/www/adressen/{customer.json()['data']['KundKontakt']}")
    assert address.status_code == 200
    validate("/www/adressen/{AdrNr}", "get", 200, address.json())
    found = api.get("/www/adressensuche", params={"EmailAdress": email})
    assert found.status_code == 200
    validate("/www/adressensuche", "get", 200, found.json())
    assert found.json()["data"]["DebiNr"] == debi_nr


def test_the_list_header_and_a_media_file_are_documented(api: Any) -> None:
    page = api.get("/www/artikel?limit=2")
    documented = DOC["paths"]["/www/artikel"]["get"]["responses"]["200"]["headers"]
    assert set(documented) == {"X-Total-Count", "X-Request-Id"}
    assert int(page.headers["X-Total-Count"]) >= 2
    image = api.get("/www/artikelmediadaten/5000?type=Bild")
    media = DOC["paths"]["/www/artikelmediadaten/{IDKey}"]["get"]["responses"]
    assert image.headers["Content-Type"] in media["200"]["content"]
    assert set(media["200"]["headers"]) <= set(image.headers)
    again = api.get("/www/artikelmediadaten/5000?type=Bild", headers={"If-None-Match": image.headers["ETag"]})
    assert again.status_code == 304
    assert set(media["304"]["headers"]) <= set(again.headers)
