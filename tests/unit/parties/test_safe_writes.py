"""Issue 22: Idempotency-Key on PATCH /www/adressen, replays byte-identical, and the versions of
addresses and customers (ETag, If-Match, If-None-Match), through the handlers on moto."""

from __future__ import annotations

import copy

from backoffice.parties import address_store
from tests.support.concurrent_writes import address_changed_after_first_read
from tests.support.demo import MINIMAL_CUSTOMER
from tests.support.invoke import call

REPLAYED = ("Content-Type", "Content-MD5", "Content-Length", "Cache-Control", "ETag")


def customer() -> str:
    answer = call("kunden", "POST", "/www/kunden", copy.deepcopy(MINIMAL_CUSTOMER))
    assert answer.status == 201, answer.text
    return str(answer.json()["data"]["DebiNr"])


def patch(adr_nr: int, body: dict[str, object], **headers: str):
    return call("adressen", "PATCH", f"/www/adressen/{adr_nr}", body, headers=headers)


def test_a_replayed_customer_post_is_byte_identical(config):
    key = {"Idempotency-Key": "kunde-1"}
    first = call("kunden", "POST", "/www/kunden", MINIMAL_CUSTOMER, headers=key)
    again = call("kunden", "POST", "/www/kunden", MINIMAL_CUSTOMER, headers=key)
    assert (first.status, again.status, again.text) == (201, 201, first.text)
    assert {h: again.headers.get(h) for h in REPLAYED} == {h: first.headers.get(h) for h in REPLAYED}


def test_an_address_patch_with_a_key_runs_once(config):
    customer()
    key = {"Idempotency-Key": "adr-1"}
    first = patch(1, {"AdrVorname": "Annette"}, **key)
    again = patch(1, {"AdrVorname": "Annette"}, **key)
    assert (first.status, again.status, again.text) == (204, 204, "")
    assert again.headers["ETag"] == first.headers["ETag"]
    assert address_store.get_address(1)["Version"] == 2
    other = patch(1, {"AdrVorname": "Anna"}, **key)
    assert (other.status, other.json()["error"]) == (409, "conflict")
    assert patch(2, {"AdrVorname": "Annette"}, **key).status == 409  # another record, same key
    assert call("adressen", "PATCH", "/www/adressen/1", {"AdrVorname": "Annette"}, headers=key, user="x").status == 204
    assert address_store.get_address(1)["Version"] == 3


def test_the_address_etag_if_none_match_and_if_match(config):
    customer()
    read = call("adressen", "GET", "/www/adressen/1")
    tag = read.headers["ETag"]
    not_modified = call("adressen", "GET", "/www/adressen/1", headers={"If-None-Match": tag})
    assert (not_modified.status, not_modified.text, not_modified.headers["ETag"]) == (304, "", tag)
    changed = patch(1, {"AdrVorname": "Annette"}, **{"If-Match": tag})
    assert changed.status == 204
    new_tag = changed.headers["ETag"]
    assert new_tag != tag
    assert call("adressen", "GET", "/www/adressen/1").headers["ETag"] == new_tag
    stale = patch(1, {"AdrVorname": "Anna"}, **{"If-Match": tag})
    assert (stale.status, stale.json()) == (
        412,
        {
            "error": "precondition_failed",
            "error_description": "The record has changed since the version If-Match names; read it again.",
            "info": {"If-Match": tag, "ETag": new_tag},
        },
    )
    assert address_store.get_address(1)["AdrVorname"] == "Annette"
    assert patch(1, {"AdrVorname": "Anna"}, **{"If-Match": "*"}).status == 204
    assert patch(1, {"AdrVorname": "Anna"}).status == 204  # no If-Match: as before
    assert patch(99, {"AdrVorname": "Anna"}, **{"If-Match": "*"}).status == 404


def test_a_write_between_read_and_write_is_a_412_with_if_match(config, monkeypatch):
    customer()
    tag = call("adressen", "GET", "/www/adressen/1").headers["ETag"]
    address_changed_after_first_read(monkeypatch, {"AdrTf2": "041 000 00 00"})
    answer = patch(1, {"AdrVorname": "Annette"}, **{"If-Match": tag})
    monkeypatch.undo()
    assert answer.status == 412
    record = address_store.get_address(1)
    assert (record.get("AdrVorname"), record["AdrTf2"], record["Version"]) == (None, "041 000 00 00", 2)


def test_the_customer_etag_changes_with_its_orders(config):
    from backoffice.parties import order_list
    from backoffice.platform import dynamo

    debi_nr = customer()
    path, latest = f"/www/kunden/{debi_nr}", {"order": "5"}
    tag = call("kunden", "GET", path, query=latest).headers["ETag"]
    assert call("kunden", "GET", path, query=latest).headers["ETag"] == tag
    assert call("kunden", "GET", path, query=latest, headers={"If-None-Match": tag}).status == 304
    entry = order_list.OrderEntry(
        DebiNr=debi_nr, AuftNr="400001", PlanStatus="N", AuftErfUTC="2026-11-25T08:00:00.000000Z"
    )
    dynamo.transact_write(order_list.entry_ops(entry))
    again = call("kunden", "GET", path, query=latest, headers={"If-None-Match": tag})
    assert again.status == 200
    assert again.headers["ETag"] != tag
    assert again.json()["data"]["Auftrag"][0]["AuftNr"] == "400001"


def test_a_blank_or_malformed_if_match_is_a_400_and_changes_nothing(config):
    customer()
    for sent in ("", "  ", "3f2a", '"a" "b"'):
        answer = patch(1, {"AdrVorname": "Annette"}, **{"If-Match": sent})
        assert (answer.status, answer.json()) == (
            400,
            {
                "error": "invalid_request",
                "error_description": "The If-Match header must be * or a comma list of entity tags as ETag gives them.",
                "info": {"fields": {"If-Match": 'e.g. "3f2a...": the ETag of the version read'}},
            },
        )
    assert address_store.get_address(1)["Version"] == 1
