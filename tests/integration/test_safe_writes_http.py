"""Issue 22 over real HTTP against the local stack: replays byte-identical, Idempotency-Key on PATCH,
ETag / If-None-Match / If-Match, media types in any case, four-digit years, a hidden article's 404.

Demo data: customer 100001 (WV, KT10), 100004 (VK); articles 1000, 1005; 9000 is published for B2B
only (the demo user's webshop is another). Numbers are taken from the answers: the stack is shared.
"""

from __future__ import annotations

import json
import uuid
from typing import Any

import pytest

from tests.support import Api, error_json
from tests.support.demo import MINIMAL_CUSTOMER

pytestmark = pytest.mark.integration

QUOTATION = {"GrundDaten": {"KundNr": "100001"}, "Positionen": [{"ArtNr": "1000", "Menge": 12}]}
ORDER = {"GrundDaten": {"KundNr": "100004"}, "Positionen": [{"ArtNr": "1000", "Menge": 3}]}
CUSTOMER = MINIMAL_CUSTOMER
REPLAYED = ("Content-Type", "Content-MD5", "Content-Length", "Cache-Control", "ETag")


def key() -> dict[str, str]:
    return {"Idempotency-Key": str(uuid.uuid4())}


def same_answer(first: Any, again: Any) -> None:
    assert again.status_code == first.status_code
    assert again.content == first.content
    assert {h: again.headers.get(h) for h in REPLAYED} == {h: first.headers.get(h) for h in REPLAYED}


def quotation(api: Api) -> str:
    created = api.post("/www/offerte", json=QUOTATION)
    assert created.status_code == 201, created.text
    return str(created.json()["data"]["OffertNr"])


def patch_quotation(api: Api, nr: str, body: dict[str, Any], **headers: str) -> Any:
    return api.request("PATCH", "/www/offerte", params={"OffertNr": nr}, json=body, headers=headers)


@pytest.mark.parametrize(
    ("method", "path"),
    [("POST", "/www/offerte"), ("POST", "/www/auftrag"), ("POST", "/www/kunden"), ("PUT", "/www/auftrag")],
)
def test_a_replay_is_byte_identical(api, method, path):
    body = {"/www/offerte": QUOTATION, "/www/kunden": CUSTOMER}.get(path, ORDER)
    if method == "PUT":
        body = {"GrundDaten": {"KundNr": "100001", "OffertNr": quotation(api)}}
    headers = key()
    first = api.request(method, path, json=body, headers=headers)
    again = api.request(method, path, json=body, headers=headers)
    assert first.status_code == 201, first.text
    same_answer(first, again)


def test_a_quotation_replay_keeps_its_amounts_numbers(api):
    headers = key()
    first = api.post("/www/offerte", json=QUOTATION, headers=headers)
    again = api.post("/www/offerte", json=QUOTATION, headers=headers)
    amounts = json.loads(again.text)["data"]["GrundDaten"]
    assert isinstance(amounts["AuftBrutto"], float)
    assert again.text == first.text


def test_a_retried_patch_adds_its_position_once(api):
    nr = quotation(api)
    headers = key()
    add = {"Positionen": [{"ArtNr": "1005", "Menge": 2}]}
    first = patch_quotation(api, nr, add, **headers)
    again = patch_quotation(api, nr, add, **headers)
    assert first.status_code == 200, first.text
    same_answer(first, again)
    read = api.get("/www/offerte", params={"OffertNr": nr}).json()["data"]
    assert [p["ArtNr"] for p in read["Positionen"]] == ["1000", "1005"]
    other = patch_quotation(api, nr, {"Positionen": [{"ArtNr": "1005", "Menge": 3}]}, **headers)
    assert (other.status_code, other.json()["error"]) == (409, "conflict")


def test_an_address_patch_honours_its_key_and_if_match(api):
    debi_nr = api.post("/www/kunden", json=CUSTOMER).json()["data"]["DebiNr"]
    adr_nr = api.get(f"/www/kunden/{debi_nr}").json()["data"]["KundKontakt"]
    read = api.get(f"/www/adressen/{adr_nr}")
    tag = read.headers["ETag"]
    not_modified = api.get(f"/www/adressen/{adr_nr}", headers={"If-None-Match": tag})
    assert (not_modified.status_code, not_modified.content, not_modified.headers["ETag"]) == (304, b"", tag)
    headers = {**key(), "If-Match": tag}
    first = api.request("PATCH", f"/www/adressen/{adr_nr}", json={"AdrFirma": "Muster GmbH"}, headers=headers)
    again = api.request("PATCH", f"/www/adressen/{adr_nr}", json={"AdrFirma": "Muster GmbH"}, headers=headers)
    assert (first.status_code, again.status_code) == (204, 204)
    assert again.headers["ETag"] == first.headers["ETag"] != tag
    stale = api.request("PATCH", f"/www/adressen/{adr_nr}", json={"AdrFirma": "Other AG"}, headers={"If-Match": tag})
    assert stale.status_code == 412
    assert stale.headers["Content-Type"] == "application/json; charset=iso-8859-1"
    assert error_json(stale) == {
        "error": "precondition_failed",
        "error_description": "The record has changed since the version If-Match names; read it again.",
        "info": {"If-Match": tag, "ETag": first.headers["ETag"]},
    }
    assert api.get(f"/www/adressen/{adr_nr}").json()["data"]["AdrFirma"] == "Muster GmbH"


def test_quotation_and_order_reads_carry_their_version(api):
    nr = quotation(api)
    tag = api.get("/www/offerte", params={"OffertNr": nr}).headers["ETag"]
    assert api.get("/www/offerte", params={"OffertNr": nr}, headers={"If-None-Match": tag}).status_code == 304
    changed = patch_quotation(api, nr, {"Positionen": [{"PosNr": 1, "Menge": 5}]}, **{"If-Match": tag})
    assert changed.status_code == 200
    assert changed.headers["ETag"] != tag
    assert patch_quotation(api, nr, {"Positionen": [{"PosNr": 1, "Menge": 6}]}, **{"If-Match": tag}).status_code == 412
    assert patch_quotation(api, nr, {"Positionen": [{"PosNr": 1, "Menge": 6}]}, **{"If-Match": "*"}).status_code == 200
    auft_nr = api.post("/www/auftrag", json=ORDER).json()["data"]["AuftNr"]
    order_tag = api.get(f"/www/auftrag/{auft_nr}").headers["ETag"]
    again = api.get(f"/www/auftrag/{auft_nr}", headers={"If-None-Match": order_tag})
    assert (again.status_code, again.content) == (304, b"")


def test_an_upper_case_media_type_is_json(api):
    body = json.dumps({**ORDER, "GrundDaten": {"KundNr": "100004", "AuftBez": "Kaffee für alle"}}).encode()
    created = api.post("/www/auftrag", data=body, headers={"Content-Type": "APPLICATION/JSON; CHARSET=UTF-8"})
    assert created.status_code == 201, created.text


def test_a_year_1_date_keeps_four_digits(api):
    body = {"GrundDaten": {**ORDER["GrundDaten"], "AuftBestellT": "0001-01-01"}, "Positionen": ORDER["Positionen"]}
    auft_nr = api.post("/www/auftrag", json=body).json()["data"]["AuftNr"]
    head = api.get(f"/www/auftrag/{auft_nr}").json()["data"]["GrundDaten"]
    assert head["AuftBestellTUTC"] == "0001-01-01T00:00:00Z"


def test_a_hidden_article_answers_as_an_unknown_one(api):
    hidden, unknown = api.get("/www/artikel/9000"), api.get("/www/artikel/9999")
    assert (hidden.status_code, unknown.status_code) == (404, 404)
    assert hidden.json()["error_description"].replace("9000", "9999") == unknown.json()["error_description"]
