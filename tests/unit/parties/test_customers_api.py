"""POST /www/kunden and GET /www/kunden/{DebiNr}, in-process against moto."""

from __future__ import annotations

import base64
import copy
import hashlib
from datetime import UTC, datetime, timedelta

import pytest

from backoffice.parties import order_list
from backoffice.platform import outbox
from tests.support.demo import MINIMAL_CUSTOMER as MINIMAL
from tests.support.invoke import RequestCounter, call, table_items

BASE = "https://api.example.ch"


def _kinds(items):
    return sorted(str(i.get("Kind") or i["PK"].split("#")[0]) for i in items)


def test_minimal_customer_is_created_in_one_transaction(config, minimal):
    with RequestCounter() as counter:
        answer = call("kunden", "POST", "/www/kunden", minimal)
    assert answer.status == 201
    assert answer.text == '{"data":{"DebiNr":"100001"}}'
    assert answer.headers["Cache-Control"] == "no-store"
    assert answer.headers["Content-Length"] == str(len(answer.text))
    assert answer.headers["Content-MD5"] == base64.b64encode(hashlib.md5(answer.text.encode()).digest()).decode()
    # config read, DebiNr counter, AdrNr counter, one transaction
    assert counter.calls.count("TransactWriteItems") == 1
    assert "PutItem" not in counter.calls

    items = {(i["PK"], i["SK"]): i for i in table_items()}
    customer = items[("KUNDE#100001", "KUNDE")]
    assert {k: customer[k] for k in ("DebiNr", "WaehrAbk", "FAKTZahlArt", "KreditLimit", "AdrSprache", "KundBez")} == {
        "DebiNr": "100001",
        "WaehrAbk": "CHF",
        "FAKTZahlArt": "B",
        "KreditLimit": 0,
        "AdrSprache": "ger",
        "KundBez": "Muster AG",
    }
    assert (customer["KundKontakt"], customer["KundLief"], customer["KundRech"]) == (1, 1, 1)
    address = items[("ADR#1", "ADR")]
    assert address["OrtName"] == "Zürich"
    assert address["DebiNr"] == "100001"
    assert address["Version"] == 1
    assert items[("KUNDE#100001", "ADR#0000000001")]["Roles"] == ["KundKontakt", "KundLief", "KundRech"]
    index_keys = sorted(pk for pk, _ in items if pk.startswith("ADRIDX#"))
    assert index_keys == ["ADRIDX#F#muster ag", "ADRIDX#P#8001"]
    event = next(i for i in items.values() if i["PK"].startswith("OUTBOX#"))
    assert event["Event"] == "REST_Kunde"
    assert outbox.detail_of(event) == {
        "DebiNr": "100001",
        "KundKontakt": 1,
        "KundLief": 1,
        "KundRech": 1,
        "user": "demo",
    }


def test_no_event_when_disabled(config, minimal):
    config(["REST_Auft"])
    assert call("kunden", "POST", "/www/kunden", minimal).status == 201
    assert not [i for i in table_items() if i["PK"].startswith("OUTBOX#")]


def test_three_addresses_get_three_keys(config, minimal):
    lief = {**minimal["Adressen"]["KontaktAdr"], "AdrFirma": "Lager Muster", "OrtPLZ": "3011", "OrtName": "bern"}
    rech = {**minimal["Adressen"]["KontaktAdr"], "AdrFirma": None, "AdrName": "Buchhaltung", "EmailAdress": "rg@x.ch"}
    rech.pop("AdrFirma")
    minimal["Adressen"] |= {"LiefAdr": lief, "RechAdr": rech}
    minimal["GrundDaten"] |= {"KreditLimit": 5000, "ZahlungsMethode": "K, R", "AdrSprache": "fre"}
    assert call("kunden", "POST", "/www/kunden", minimal).status == 201
    read = call("kunden", "GET", "/www/kunden/100001").json()["data"]
    assert (read["KundKontakt"], read["KundLief"], read["KundRech"]) == (1, 2, 3)
    assert read["status"] == 1
    assert read["ZahlungsMethode"] == "K,R"
    assert read["AdrSprache"] == "fre"
    lists = call("adressen", "GET", "/www/adressen", query={"debinr": "100001"}).json()
    assert lists["count"] == 3
    assert [a["AdrNr"] for a in lists["data"]["KundLief"]] == [2]
    assert lists["data"]["KundLief"][0]["OrtName"] == "Bern"
    assert [a["AdrNr"] for a in lists["data"]["KundRech"]] == [3]


def test_wrong_swiss_town_is_corrected_and_other_countries_are_not(config, minimal):
    minimal["Adressen"]["KontaktAdr"] |= {"OrtPLZ": "6300", "OrtName": "Luzern"}
    minimal["Adressen"]["LiefAdr"] = {**minimal["Adressen"]["KontaktAdr"], "OrtLand": "DE", "OrtPLZ": "10115"}
    minimal["Adressen"]["LiefAdr"]["OrtName"] = "berlin"
    assert call("kunden", "POST", "/www/kunden", minimal).status == 201
    assert call("adressen", "GET", "/www/adressen/1").json()["data"]["OrtName"] == "Zug"
    assert call("adressen", "GET", "/www/adressen/2").json()["data"]["OrtName"] == "berlin"


def test_adr_check_0_keeps_the_town(config, minimal):
    minimal["Adressen"]["KontaktAdr"] |= {"OrtPLZ": "9999", "OrtName": "Neu", "AdrCheck": 0}
    assert call("kunden", "POST", "/www/kunden", minimal).status == 201
    assert call("adressen", "GET", "/www/adressen/1").json()["data"]["OrtName"] == "Neu"


def test_adr_check_1_for_liechtenstein(config, minimal):
    minimal["Adressen"]["KontaktAdr"] |= {"OrtLand": "LI", "OrtPLZ": "9490", "OrtName": "VADUZ", "AdrCheck": 1}
    assert call("kunden", "POST", "/www/kunden", minimal).status == 201
    assert call("adressen", "GET", "/www/adressen/1").json()["data"]["OrtName"] == "Vaduz"


ADR = "Adressen.KontaktAdr"
REQUIRED_CUSTOMER = [("GrundDaten", "WaehrAbk"), ("GrundDaten", "FAKTZahlArt"), ("Adressen", "KontaktAdr")]
REQUIRED_ADDRESS = ["AdrSprache", "AdrAdresse1", "AdrAnrede", "OrtLand", "OrtPLZ", "OrtName"]
LENGTHS = {
    "EmailAdress": 255,
    "AdrAdresse1": 60,
    "AdrAdresse2": 60,
    "AdrFax": 28,
    "AdrFirma": 36,
    "AdrFirma2": 36,
    "AdrVorname": 36,
    "AdrName": 36,
    "AdrTelex": 28,
    "AdrTf1": 28,
    "AdrTf2": 28,
    "OrtName": 48,
    "OrtPLZ": 10,
}
GRUND_LENGTHS = {
    "AUFT_SPESEN": 32,
    "VBTyp": 12,
    "TVTyp": 12,
    "Kommentar": 255,
    "SteuerNummer": 20,
    "FirmenURL": 20,
    "FAKTZahlArt": 1,
}


def _bad(body_change, field, config):
    body = copy.deepcopy(MINIMAL)
    body_change(body)
    before = table_items()
    answer = call("kunden", "POST", "/www/kunden", body)
    assert answer.status == 400, answer.text
    payload = answer.json()
    assert payload["error"] == "invalid_request"
    assert field in payload["info"]["fields"], payload
    assert table_items() == before  # nothing written, not even a counter
    return payload["info"]["fields"][field]


@pytest.mark.parametrize(("part", "name"), REQUIRED_CUSTOMER)
def test_required_customer_field_missing(config, part, name):
    _bad(lambda b: b[part].pop(name), f"{part}.{name}", config)


@pytest.mark.parametrize("name", REQUIRED_ADDRESS)
def test_required_address_field_missing(config, name):
    _bad(lambda b: b["Adressen"]["KontaktAdr"].pop(name), f"{ADR}.{name}", config)


def test_firma_or_name(config):
    problem = _bad(lambda b: b["Adressen"]["KontaktAdr"].pop("AdrFirma"), f"{ADR}.AdrName", config)
    assert problem == "AdrFirma or AdrName must be given"


@pytest.mark.parametrize(("name", "length"), LENGTHS.items())
def test_address_length_exceeded_by_one(config, name, length):
    problem = _bad(lambda b: b["Adressen"]["KontaktAdr"].update({name: "x" * (length + 1)}), f"{ADR}.{name}", config)
    assert problem == f"String should have at most {length} characters"


@pytest.mark.parametrize(("name", "length"), GRUND_LENGTHS.items())
def test_customer_length_exceeded_by_one(config, name, length):
    problem = _bad(lambda b: b["GrundDaten"].update({name: "x" * (length + 1)}), f"GrundDaten.{name}", config)
    assert problem == f"String should have at most {length} character{'s' if length > 1 else ''}"


def test_address_at_the_lengths_is_accepted(config, minimal):
    minimal["Adressen"]["KontaktAdr"] |= {n: "x" * n_len for n, n_len in LENGTHS.items() if n not in ("OrtPLZ",)}
    minimal["Adressen"]["KontaktAdr"]["AdrCheck"] = 0
    assert call("kunden", "POST", "/www/kunden", minimal).status == 201


@pytest.mark.parametrize(
    ("field", "value", "path"),
    [
        ("AdrAnrede", 3, f"{ADR}.AdrAnrede"),
        ("AdrAnrede", "1", f"{ADR}.AdrAnrede"),
        ("OrtLand", "XX", f"{ADR}.OrtLand"),
        ("OrtLand", "Schweiz", f"{ADR}.OrtLand"),
        ("AdrSprache", "deu", f"{ADR}.AdrSprache"),
        ("AdrSprache", "xyz", f"{ADR}.AdrSprache"),
        ("AdrCheck", 2, f"{ADR}.AdrCheck"),
        ("OrtPLZ", "9999", f"{ADR}.OrtPLZ"),
        ("Unbekannt", "x", f"{ADR}.Unbekannt"),
    ],
)
def test_wrong_address_values(config, field, value, path):
    _bad(lambda b: b["Adressen"]["KontaktAdr"].update({field: value}), path, config)


def test_unknown_swiss_postal_code_names_it(config):
    problem = _bad(lambda b: b["Adressen"]["KontaktAdr"].update({"OrtPLZ": "9999"}), f"{ADR}.OrtPLZ", config)
    assert problem == "unknown Swiss postal code 9999"


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("WaehrAbk", "XYZ"),
        ("WaehrAbk", "Franken"),
        ("ZahlungsMethode", "K,X"),
        ("ZahlungsMethode", "K,K"),
        ("KreditLimit", -1),
        ("KreditLimit", "100"),
        ("KreditLimit", 1.5),
        ("AdrSprache", "deutsch"),
    ],
)
def test_wrong_customer_values(config, field, value):
    _bad(lambda b: b["GrundDaten"].update({field: value}), f"GrundDaten.{field}", config)


def test_broken_json_is_400(config):
    answer = call("kunden", "POST", "/www/kunden", '{"GrundDaten": ')
    assert answer.status == 400
    assert answer.json()["error"] == "invalid_request"


def test_idempotency_key_creates_once(config, minimal):
    headers = {"Idempotency-Key": "order-4711"}
    first = call("kunden", "POST", "/www/kunden", minimal, headers=headers)
    second = call("kunden", "POST", "/www/kunden", minimal, headers=headers)
    assert (first.status, second.status) == (201, 201)
    assert first.text == second.text == '{"data":{"DebiNr":"100001"}}'
    assert [i["PK"] for i in table_items() if i["SK"] == "KUNDE"] == ["KUNDE#100001"]
    minimal["GrundDaten"]["Kommentar"] = "anders"
    other = call("kunden", "POST", "/www/kunden", minimal, headers=headers)
    assert other.status == 409
    assert other.json()["error"] == "conflict"


def test_read_unknown_customer_is_404(config):
    answer = call("kunden", "GET", "/www/kunden/999999")
    assert answer.status == 404
    assert answer.json()["error"] == "not_found"


def _orders(debi_nr: str) -> list[order_list.OrderEntry]:
    start = datetime(2026, 11, 1, 8, 0, tzinfo=UTC)
    statuses = ["A", "O", "N", "O", "A", "N", "O"]
    return [
        order_list.OrderEntry.new(debi_nr, f"A{n:05d}", status, start + timedelta(hours=n))
        for n, status in enumerate(statuses)
    ]


def test_read_with_latest_orders_and_open_amounts_in_three_requests(config, minimal):
    from backoffice.platform import dynamo

    call("kunden", "POST", "/www/kunden", minimal)
    for entry in _orders("100001"):
        dynamo.transact_write(order_list.entry_ops(entry))
    with RequestCounter() as counter:
        answer = call("kunden", "GET", "/www/kunden/100001", query={"order": "3"})
    # The customer, its orders, its open items (docs/payments.md).
    assert counter.calls == ["GetItem", "Query", "Query"]
    data = answer.json()["data"]
    assert [o["AuftNr"] for o in data["Auftrag"]] == ["A00006", "A00005", "A00004"]
    assert data["Auftrag"][0] == {
        "PlanStatus": "O",
        "AuftErf": "2026-11-01T14:00:00.000000Z",
        "AuftErfUTC": "2026-11-01T14:00:00.000000Z",
        "AuftNr": "A00006",
        "links": [{"href": f"{BASE}/www/auftrag/A00006", "type": "GET", "rel": "auftrag"}],
    }
    with RequestCounter() as counter:
        answer = call("kunden", "GET", "/www/kunden/100001", query={"order": "20", "status": "O"})
    assert counter.calls == ["GetItem", "Query", "Query"]
    assert [o["AuftNr"] for o in answer.json()["data"]["Auftrag"]] == ["A00006", "A00003", "A00001"]
    default = call("kunden", "GET", "/www/kunden/100001").json()["data"]
    assert "Auftrag" not in default


def test_status_change_moves_the_entry(config, minimal):
    from backoffice.platform import dynamo

    call("kunden", "POST", "/www/kunden", minimal)
    entries = _orders("100001")
    for entry in entries:
        dynamo.transact_write(order_list.entry_ops(entry))
    dynamo.transact_write(order_list.status_change_ops(entries[2], "A"))
    assert [o.AuftNr for o in order_list.latest("100001", 20, "N")] == ["A00005"]
    assert [o.AuftNr for o in order_list.latest("100001", 20, "A")] == ["A00004", "A00002", "A00000"]
    assert next(o for o in order_list.latest("100001", 20) if o.AuftNr == "A00002").PlanStatus == "A"


@pytest.mark.parametrize(
    ("query", "field"),
    [({"order": "-1"}, "order"), ({"order": "x"}, "order"), ({"status": "X"}, "status"), ({"order": "1001"}, "order")],
)
def test_read_bad_query(config, minimal, query, field):
    call("kunden", "POST", "/www/kunden", minimal)
    answer = call("kunden", "GET", "/www/kunden/100001", query=query)
    assert answer.status == 400
    assert field in answer.json()["info"]["fields"]


def test_read_shape(config, minimal):
    minimal["GrundDaten"] |= {"Kommentar": "Stammkunde, Lieferung ab Rampe", "VBTyp": "POST", "KreditLimit": 0}
    call("kunden", "POST", "/www/kunden", minimal)
    data = call("kunden", "GET", "/www/kunden/100001").json()["data"]
    adr = f"{BASE}/www/adressen/1"
    assert data == {
        "status": 0,
        "WaehrAbk": "CHF",
        "AdrSprache": "ger",
        "KundKontakt": 1,
        "KundLief": 1,
        "KundRech": 1,
        "VBTyp": "POST",
        "KundBez": "Muster AG",
        "Kommentar": "Stammkunde, Lieferung ab Rampe",
        "links": [
            {"href": adr, "type": "GET", "rel": "adressen KundKontakt"},
            {"href": adr, "type": "PATCH", "rel": "adressen KundKontakt"},
            {"href": adr, "type": "GET", "rel": "adressen KundLief"},
            {"href": adr, "type": "PATCH", "rel": "adressen KundLief"},
            {"href": adr, "type": "GET", "rel": "adressen KundRech"},
            {"href": adr, "type": "PATCH", "rel": "adressen KundRech"},
            {"href": f"{BASE}/www/adressen?debinr=100001", "type": "GET", "rel": "adressen"},
        ],
    }


def test_umlauts_round_trip_as_escapes(config, minimal):
    minimal["Adressen"]["KontaktAdr"] |= {"AdrFirma": "Bäckerei Müller & Söhne", "AdrAdresse1": "Rue de l'Église 5"}
    call("kunden", "POST", "/www/kunden", minimal)
    answer = call("adressen", "GET", "/www/adressen/1")
    assert "B\\u00e4ckerei M\\u00fcller & S\\u00f6hne" in answer.text
    assert answer.json()["data"]["AdrAdresse1"] == "Rue de l'Église 5"
    assert call("kunden", "GET", "/www/kunden/100001").json()["data"]["KundBez"] == "Bäckerei Müller & Söhne"


@pytest.mark.parametrize(
    ("body", "content_type", "status"),
    [
        ("", "application/json", 400),
        ("[]", "application/json", 400),
        ('{"GrundDaten": {}, "Adressen": {}, "Extra": 1}', "application/json", 400),
        ("WaehrAbk=CHF", "application/x-www-form-urlencoded", 415),
    ],
)
def test_unusable_bodies(config, body, content_type, status):
    before = table_items()
    answer = call("kunden", "POST", "/www/kunden", body, headers={"Content-Type": content_type})
    assert answer.status == status, answer.text
    assert answer.json()["error"] == ("invalid_request" if status == 400 else "unsupported_media_type")
    assert table_items() == before


def test_every_problem_of_every_address_in_one_answer(config, minimal):
    minimal["Adressen"]["LiefAdr"] = {**minimal["Adressen"]["KontaktAdr"], "OrtPLZ": "0001"}
    minimal["Adressen"]["RechAdr"] = {**minimal["Adressen"]["KontaktAdr"]}
    minimal["Adressen"]["RechAdr"].pop("AdrFirma")
    answer = call("kunden", "POST", "/www/kunden", minimal)
    assert answer.status == 400
    assert answer.json()["info"]["fields"] == {
        "Adressen.LiefAdr.OrtPLZ": "unknown Swiss postal code 0001",
        "Adressen.RechAdr.AdrName": "AdrFirma or AdrName must be given",
    }
