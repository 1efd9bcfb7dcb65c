"""Acceptance of issue 5 over real HTTP against the local stack (`python -m local`)."""

from __future__ import annotations

import base64
import hashlib
import uuid

import pytest

from local.template import Stack

pytestmark = pytest.mark.integration
TABLE = Stack.read().names["Table"]


def _minimal(email: str | None = None, **contact: object) -> dict[str, object]:
    """The contract's minimal example: WaehrAbk, FAKTZahlArt and a KontaktAdr with seven fields."""
    adr: dict[str, object] = {
        "AdrSprache": "ger",
        "AdrFirma": "Integration AG",
        "AdrAnrede": 0,
        "AdrAdresse1": "Bahnhofstrasse 1",
        "OrtLand": "CH",
        "OrtPLZ": "8001",
        "OrtName": "Zürich",
    }
    if email:
        adr["EmailAdress"] = email
    return {"GrundDaten": {"WaehrAbk": "CHF", "FAKTZahlArt": "B"}, "Adressen": {"KontaktAdr": adr | contact}}


def _create(api, body, **kwargs) -> str:
    answer = api.post("/www/kunden", json=body, **kwargs)
    assert answer.status_code == 201, answer.text
    assert answer.headers["Content-Type"] == "application/json; charset=iso-8859-1"
    assert answer.headers["Cache-Control"] == "no-store"
    assert answer.headers["Content-MD5"] == base64.b64encode(hashlib.md5(answer.content).digest()).decode()
    assert answer.headers["Content-Length"] == str(len(answer.content))
    debi_nr = answer.json()["data"]["DebiNr"]
    assert isinstance(debi_nr, str)
    assert debi_nr.isdigit()
    return debi_nr


def test_create_read_patch_find(api):
    email = f"kunde-{uuid.uuid4().hex[:8]}@example.ch"
    debi_nr = _create(api, _minimal(email))

    customer = api.get(f"/www/kunden/{debi_nr}").json()["data"]
    assert customer["status"] == 0
    assert customer["WaehrAbk"] == "CHF"
    assert customer["KundKontakt"] == customer["KundLief"] == customer["KundRech"]
    contact = customer["KundKontakt"]

    addresses = api.get("/www/adressen", params={"debinr": debi_nr}).json()
    assert addresses["count"] == 1
    assert addresses["success"] is True
    assert addresses["data"]["KundLief"][0]["AdrNr"] == contact
    assert addresses["data"]["KundLief"][0]["OrtName"] == "Zürich"

    patched = api.request("PATCH", f"/www/adressen/{customer['KundLief']}", json={"Anrede": 1, "AdrName": "Meier"})
    assert patched.status_code == 204
    assert patched.content == b""
    delivery = api.get(f"/www/adressen/{customer['KundLief']}").json()["data"]
    assert (delivery["AdrAnrede"], delivery["AdrName"], delivery["AdrAnredeText"]) == (1, "Meier", "Herr")

    found = api.get("/www/adressensuche", params={"EmailAdress": email.upper()})
    assert found.status_code == 200
    assert found.json()["data"]["DebiNr"] == debi_nr
    assert found.json()["data"]["KundKontakt"] == contact


def test_ambiguous_search_says_so(api):
    firma = f"Doppel {uuid.uuid4().hex[:8]}"
    _create(api, _minimal(AdrFirma=firma))
    _create(api, _minimal(AdrFirma=firma))
    answer = api.get("/www/adressensuche", params={"AdrFirma": firma, "OrtPLZ": "8001"})
    assert answer.status_code == 404
    assert (
        answer.json()["error_description"] == "Several customers have addresses matching this search; narrow it down."
    )
    none = api.get("/www/adressensuche", params={"AdrFirma": f"{firma} X"})
    assert none.status_code == 404
    assert none.json()["error_description"] == "No customer has an address matching this search."


def test_wrong_swiss_town_comes_back_corrected(api):
    debi_nr = _create(api, _minimal(OrtPLZ="3011", OrtName="Zurich"))
    adr_nr = api.get(f"/www/kunden/{debi_nr}").json()["data"]["KundKontakt"]
    answer = api.get(f"/www/adressen/{adr_nr}")
    assert answer.json()["data"]["OrtName"] == "Bern"
    latin1 = _create(api, _minimal(OrtPLZ="8001", OrtName="zuerich"))
    adr_nr = api.get(f"/www/kunden/{latin1}").json()["data"]["KundKontakt"]
    assert '"OrtName":"Z\\u00fcrich"' in api.get(f"/www/adressen/{adr_nr}").text


def test_idempotency_key_creates_once(api, local_client):
    key = f"idem-{uuid.uuid4().hex}"
    email = f"idem-{uuid.uuid4().hex[:8]}@example.ch"
    first = _create(api, _minimal(email), headers={"Idempotency-Key": key})
    second = _create(api, _minimal(email), headers={"Idempotency-Key": key})
    assert first == second
    # exactly one address carries the e-mail: the index partition has one item
    items = local_client("dynamodb").query(
        TableName=TABLE,
        KeyConditionExpression="PK = :pk",
        ExpressionAttributeValues={":pk": {"S": f"ADRIDX#E#{email}"}},
    )["Items"]
    assert len(items) == 1


def test_latin1_body_is_accepted(api):
    body = (
        '{"GrundDaten":{"WaehrAbk":"CHF","FAKTZahlArt":"B"},"Adressen":{"KontaktAdr":{"AdrSprache":"fre",'
        '"AdrAnrede":2,"AdrName":"Bérard","AdrAdresse1":"Rue de l\'Église 1","OrtLand":"CH","OrtPLZ":"1003",'
        '"OrtName":"Lausanne"}}}'
    ).encode("iso-8859-1")
    answer = api.post("/www/kunden", data=body, headers={"Content-Type": "application/json; charset=iso-8859-1"})
    assert answer.status_code == 201
    debi_nr = answer.json()["data"]["DebiNr"]
    adr_nr = api.get(f"/www/kunden/{debi_nr}").json()["data"]["KundKontakt"]
    assert api.get(f"/www/adressen/{adr_nr}").json()["data"]["AdrName"] == "Bérard"


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda b: b["GrundDaten"].pop("WaehrAbk"), "GrundDaten.WaehrAbk"),
        (lambda b: b["Adressen"]["KontaktAdr"].pop("OrtPLZ"), "Adressen.KontaktAdr.OrtPLZ"),
        (lambda b: b["Adressen"]["KontaktAdr"].update(AdrFirma="x" * 37), "Adressen.KontaktAdr.AdrFirma"),
        (lambda b: b["Adressen"]["KontaktAdr"].update(AdrAnrede=4), "Adressen.KontaktAdr.AdrAnrede"),
        (lambda b: b["Adressen"]["KontaktAdr"].update(OrtLand="XY"), "Adressen.KontaktAdr.OrtLand"),
        (lambda b: b["Adressen"]["KontaktAdr"].update(AdrSprache="deu"), "Adressen.KontaktAdr.AdrSprache"),
        (lambda b: b["Adressen"]["KontaktAdr"].update(OrtPLZ="9999"), "Adressen.KontaktAdr.OrtPLZ"),
    ],
)
def test_bad_input_is_400_and_writes_nothing(api, local_client, change, field):
    email = f"bad-{uuid.uuid4().hex[:8]}@example.ch"
    body = _minimal(email)
    change(body)
    counter = local_client("dynamodb").get_item(TableName=TABLE, Key={"PK": {"S": "COUNTER"}, "SK": {"S": "DebiNr"}})
    answer = api.post("/www/kunden", json=body)
    assert answer.status_code == 400
    assert answer.json()["error"] == "invalid_request"
    assert field in answer.json()["info"]["fields"]
    after = local_client("dynamodb").get_item(TableName=TABLE, Key={"PK": {"S": "COUNTER"}, "SK": {"S": "DebiNr"}})
    assert after["Item"] == counter["Item"]
    assert api.get("/www/adressensuche", params={"EmailAdress": email}).status_code == 404


def test_unauthenticated_is_401(local_stack):
    import requests

    answer = requests.get(local_stack["api"] + "/www/kunden/100001", timeout=30)
    assert answer.status_code == 401
