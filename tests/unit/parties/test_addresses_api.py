"""GET/PATCH /www/adressen, GET /www/adressen?debinr= and GET /www/adressensuche, in-process against moto."""

from __future__ import annotations

import copy

import pytest

from backoffice.parties import address_store
from tests.support.concurrent_writes import address_changed_after_first_read
from tests.support.demo import MINIMAL_CUSTOMER as MINIMAL
from tests.support.invoke import RequestCounter, call, table_items

BASE = "https://api.example.ch"


def _customer(**contact) -> str:
    body = copy.deepcopy(MINIMAL)
    body["Adressen"]["KontaktAdr"] |= contact
    answer = call("kunden", "POST", "/www/kunden", body)
    assert answer.status == 201, answer.text
    return str(answer.json()["data"]["DebiNr"])


@pytest.fixture
def people(config):
    """Three customers: two share a postal code and a company name, each has its own e-mail and phone."""
    return [
        _customer(EmailAdress="Anna.Meier@Example.ch", AdrTf1="+41 44 123 45 67", AdrName="Meier", AdrVorname="Anna"),
        _customer(EmailAdress="info@muster.ch", AdrTf1="044 999 00 00", AdrName="Huber"),
        _customer(EmailAdress="kontakt@zug.ch", OrtPLZ="6300", OrtName="Zug", AdrFirma="Zuger AG"),
    ]


def test_read_address(people):
    answer = call("adressen", "GET", "/www/adressen/1")
    assert answer.status == 200
    assert answer.headers["Content-Type"] == "application/json; charset=iso-8859-1"
    assert answer.json() == {
        "data": {
            "AdrNr": 1,
            "AdrSprache": "ger",
            "EmailAdress": "Anna.Meier@Example.ch",
            "AdrAdresse1": "Bahnhofstrasse 1",
            "AdrAnrede": 0,
            "AdrAnredeText": "Firma",
            "AdrFirma": "Muster AG",
            "AdrVorname": "Anna",
            "AdrName": "Meier",
            "AdrTf1": "+41 44 123 45 67",
            "OrtLand": "CH",
            "OrtName": "Zürich",
            "OrtPLZ": "8001",
        }
    }


@pytest.mark.parametrize("adr_nr", ["99", "0", "x", "-1"])
def test_read_unknown_or_wrong_number(people, adr_nr):
    answer = call("adressen", "GET", f"/www/adressen/{adr_nr}")
    assert answer.status == (404 if adr_nr == "99" else 400)


def test_list_of_a_customer(people):
    with RequestCounter() as counter:
        answer = call("adressen", "GET", "/www/adressen", query={"debinr": people[2]})
    assert counter.calls == ["GetItem", "Query", "BatchGetItem"]
    payload = answer.json()
    assert payload["count"] == 1
    assert payload["success"] is True
    entry = payload["data"]["KundKontakt"][0]
    assert entry["AdrNr"] == 3
    assert entry["links"] == [
        {"href": f"{BASE}/www/adressen/3", "type": "GET", "rel": "adressen"},
        {"href": f"{BASE}/www/adressen/3", "type": "PATCH", "rel": "adressen"},
    ]
    assert payload["data"]["KundLief"] == payload["data"]["KundRech"] == [entry]


def test_list_needs_a_known_customer(people):
    assert call("adressen", "GET", "/www/adressen").status == 400
    missing = call("adressen", "GET", "/www/adressen", query={"debinr": "555555"})
    assert missing.status == 404


def test_patch_with_anrede_alias(people):
    answer = call("adressen", "PATCH", "/www/adressen/1", {"Anrede": 2, "AdrVorname": "Anna-Lena", "AdrFax": "x"})
    assert answer.status == 204
    assert answer.text == ""
    data = call("adressen", "GET", "/www/adressen/1").json()["data"]
    assert (data["AdrAnrede"], data["AdrAnredeText"], data["AdrVorname"], data["AdrFax"]) == (
        2,
        "Frau",
        "Anna-Lena",
        "x",
    )
    record = address_store.get_address(1)
    assert record["Version"] == 2


def test_patch_null_clears_optional_field_only(people):
    assert call("adressen", "PATCH", "/www/adressen/1", {"AdrTf1": None}).status == 204
    assert "AdrTf1" not in call("adressen", "GET", "/www/adressen/1").json()["data"]
    answer = call("adressen", "PATCH", "/www/adressen/1", {"OrtName": None})
    assert answer.status == 400
    assert answer.json()["info"]["fields"] == {"OrtName": "Field required"}


def test_patch_keeps_firma_or_name(people):
    call("adressen", "PATCH", "/www/adressen/1", {"AdrName": None})
    answer = call("adressen", "PATCH", "/www/adressen/1", {"AdrFirma": None})
    assert answer.status == 400
    assert answer.json()["info"]["fields"] == {"AdrName": "AdrFirma or AdrName must be given"}


def test_patch_checks_the_swiss_town(people):
    assert call("adressen", "PATCH", "/www/adressen/1", {"OrtPLZ": "3011", "OrtName": "Zürich"}).status == 204
    assert call("adressen", "GET", "/www/adressen/1").json()["data"]["OrtName"] == "Bern"
    answer = call("adressen", "PATCH", "/www/adressen/1", {"OrtPLZ": "0000"})
    assert answer.status == 400
    assert answer.json()["info"]["fields"] == {"OrtPLZ": "unknown Swiss postal code 0000"}


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"AdrAnrede": 5}, "AdrAnrede"),
        ({"Anrede": 1, "AdrAnrede": 2}, "Anrede"),
        ({"AdrSprache": "deu"}, "AdrSprache"),
        ({"AdrSprache": "germ"}, "AdrSprache"),
        ({"OrtLand": "ZZ"}, "OrtLand"),
        ({"AdrName": "x" * 37}, "AdrName"),
        ({"EmailAdress": "x" * 256}, "EmailAdress"),
        ({"AdrNr": 7}, "AdrNr"),
        ({}, "body"),
    ],
)
def test_patch_bad_input(people, body, field):
    before = table_items()
    answer = call("adressen", "PATCH", "/www/adressen/1", body)
    assert answer.status == 400, answer.text
    assert field in answer.json()["info"]["fields"]
    assert table_items() == before


def test_patch_unknown_address(people):
    assert call("adressen", "PATCH", "/www/adressen/77", {"AdrName": "X"}).status == 404


def test_concurrent_patch_loses_nothing(people, monkeypatch):
    """A write between this PATCH's read and its write: the conditional write fails, it re-reads, both survive."""
    address_changed_after_first_read(monkeypatch, {"AdrTf2": "041 000 00 00"})
    assert call("adressen", "PATCH", "/www/adressen/1", {"AdrVorname": "Annette"}).status == 204
    monkeypatch.undo()
    record = address_store.get_address(1)
    assert (record["AdrVorname"], record["AdrTf2"], record["Version"]) == ("Annette", "041 000 00 00", 3)


def test_always_conflicting_patch_is_409(people, monkeypatch):
    real_get = address_store.get_address

    def stale(adr_nr, consistent=False):
        return {**real_get(adr_nr, consistent), "Version": 0}

    monkeypatch.setattr(address_store, "get_address", stale)
    answer = call("adressen", "PATCH", "/www/adressen/1", {"AdrVorname": "X"})
    assert answer.status == 409
    assert answer.json()["error"] == "conflict"


def _search(**query):
    return call("adressen", "GET", "/www/adressensuche", query=query)


def test_search_by_email_ignores_case_and_blanks(people):
    with RequestCounter() as counter:
        answer = _search(EmailAdress="  anna.meier@example.CH ")
    assert counter.calls == ["Query", "GetItem"]
    assert answer.status == 200
    adr = f"{BASE}/www/adressen/1"
    assert answer.json() == {
        "data": {
            "KundKontakt": 1,
            "KundLief": 1,
            "KundRech": 1,
            "DebiNr": people[0],
            "links": [
                {"href": adr, "type": "GET", "rel": "adressen KundKontakt"},
                {"href": adr, "type": "PATCH", "rel": "adressen KundKontakt"},
                {"href": adr, "type": "GET", "rel": "adressen KundLief"},
                {"href": adr, "type": "PATCH", "rel": "adressen KundLief"},
                {"href": adr, "type": "GET", "rel": "adressen KundRech"},
                {"href": adr, "type": "PATCH", "rel": "adressen KundRech"},
                {"href": f"{BASE}/www/kunden/{people[0]}", "type": "GET", "rel": "kunden"},
            ],
        }
    }


def test_search_by_phone_in_another_notation(people):
    answer = _search(AdrTf1="+41441234567")
    assert answer.json()["data"]["DebiNr"] == people[0]
    assert _search(AdrTf1="044/999 00 00").json()["data"]["DebiNr"] == people[1]


def test_search_by_postal_code_and_name(people):
    with RequestCounter() as counter:
        answer = _search(OrtPLZ="8001", AdrName="huber")
    assert counter.calls == ["Query", "GetItem"]
    assert answer.json()["data"]["DebiNr"] == people[1]
    assert _search(OrtPLZ="6300", AdrFirma="zuger ag").json()["data"]["DebiNr"] == people[2]


def test_search_other_fields_narrow_down(people):
    assert _search(OrtPLZ="8001", AdrVorname="anna").json()["data"]["DebiNr"] == people[0]
    assert _search(AdrFirma="Muster AG", AdrName="Meier").json()["data"]["DebiNr"] == people[0]


def test_ambiguous_search_is_404_saying_so(people):
    answer = _search(AdrFirma="muster ag", OrtPLZ="8001")
    assert answer.status == 404
    payload = answer.json()
    assert payload["error"] == "not_found"
    assert payload["error_description"] == "Several customers have addresses matching this search; narrow it down."
    assert payload["info"]["matches"] == "several"


def test_no_match_is_404_saying_so(people):
    answer = _search(EmailAdress="nobody@example.ch")
    assert answer.status == 404
    assert answer.json()["error_description"] == "No customer has an address matching this search."
    assert _search(EmailAdress="anna.meier@example.ch", OrtPLZ="6300").status == 404


def test_search_after_patch_uses_the_new_values(people):
    call("adressen", "PATCH", "/www/adressen/1", {"EmailAdress": "anna@neu.ch"})
    assert _search(EmailAdress="anna.meier@example.ch").status == 404
    assert _search(EmailAdress="ANNA@neu.ch").json()["data"]["DebiNr"] == people[0]
    pks = {i["PK"] for i in table_items() if i["PK"].startswith("ADRIDX#E#")}
    assert pks == {"ADRIDX#E#anna@neu.ch", "ADRIDX#E#info@muster.ch", "ADRIDX#E#kontakt@zug.ch"}


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ({"OrtName": "Zürich"}, "OrtName"),
        ({"Strasse": "x"}, "Strasse"),
        ({"AdrName": "x" * 37}, "AdrName"),
        ({}, "query"),
    ],
)
def test_bad_search(people, query, field):
    answer = _search(**query)
    assert answer.status == 400
    assert field in answer.json()["info"]["fields"]
