"""Issue 22: writes safe to repeat (Idempotency-Key on POST, PUT and PATCH, replays byte-identical)
and versions (ETag, If-Match, If-None-Match) of quotations and orders, through the handlers on moto."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.support.invoke import RequestCounter

QUOTATION = {
    "GrundDaten": {"KundNr": "100001"},
    "Positionen": [{"ArtNr": "1000", "Menge": 12}, {"ArtNr": "1002", "Menge": 30, "VPEinheit": "PAK"}],
}
ORDER = {"GrundDaten": {"KundNr": "100004"}, "Positionen": [{"ArtNr": "1000", "Menge": 3}]}
# What a replay must repeat besides status and body.
REPLAYED = ("Content-Type", "Content-MD5", "Content-Length", "Cache-Control", "ETag")


def same_answer(first: Any, again: Any) -> None:
    assert again.status == first.status
    assert again.text == first.text
    assert {h: again.headers.get(h) for h in REPLAYED} == {h: first.headers.get(h) for h in REPLAYED}


def quotation(call: Any) -> str:
    answer = call("offerte", "POST", "/www/offerte", QUOTATION)
    assert answer.status == 201, answer.text
    return str(answer.json()["data"]["OffertNr"])


def patch(call: Any, nr: str, body: dict[str, Any], **headers: str) -> Any:
    return call("offerte", "PATCH", "/www/offerte", body, query={"OffertNr": nr}, headers=headers)


def get(call: Any, nr: str, **headers: str) -> Any:
    return call("offerte", "GET", "/www/offerte", query={"OffertNr": nr}, headers=headers)


def test_a_replayed_quotation_post_is_byte_identical(call):
    key = {"Idempotency-Key": "offer-1"}
    first = call("offerte", "POST", "/www/offerte", QUOTATION, headers=key)
    again = call("offerte", "POST", "/www/offerte", QUOTATION, headers=key)
    assert first.status == 201
    same_answer(first, again)
    # Numbers, not the strings powertools' JSON made of Decimals ("15.26").
    assert again.json()["data"]["Positionen"][0]["PosPreisEinzel"] == 15.26
    assert '"AuftBrutto":"' not in again.text


@pytest.mark.parametrize(
    ("method", "operation"), [("POST", "order"), ("PUT", "conversion")], ids=["POST auftrag", "PUT auftrag"]
)
def test_a_replayed_order_write_is_byte_identical(call, method, operation):
    body = ORDER if method == "POST" else {"GrundDaten": {"KundNr": "100001", "OffertNr": quotation(call)}}
    key = {"Idempotency-Key": f"{operation}-1"}
    first = call("auftrag", method, "/www/auftrag", body, headers=key)
    again = call("auftrag", method, "/www/auftrag", body, headers=key)
    assert first.status == 201, first.text
    same_answer(first, again)


def test_a_patch_retried_with_its_key_adds_the_position_once(call):
    nr = quotation(call)
    add = {"Positionen": [{"ArtNr": "1005", "Menge": 2}]}
    first = patch(call, nr, add, **{"Idempotency-Key": "add-1005"})
    again = patch(call, nr, add, **{"Idempotency-Key": "add-1005"})
    assert first.status == 200, first.text
    same_answer(first, again)
    assert [p["ArtNr"] for p in get(call, nr).json()["data"]["Positionen"]] == ["1000", "1002", "1005"]
    # Without a key a PATCH is a new request each time, as before.
    assert patch(call, nr, add).status == 200
    assert len(get(call, nr).json()["data"]["Positionen"]) == 4


def test_a_patch_key_with_another_body_or_record_is_409_and_belongs_to_its_caller(call):
    nr, other = quotation(call), quotation(call)
    key = {"Idempotency-Key": "patch-key"}
    assert patch(call, nr, {"Positionen": [{"PosNr": 1, "Menge": 5}]}, **key).status == 200
    changed = patch(call, nr, {"Positionen": [{"PosNr": 1, "Menge": 6}]}, **key)
    assert (changed.status, changed.json()) == (
        409,
        {
            "error": "conflict",
            "error_description": "This Idempotency-Key was used before with a different body.",
            "info": {"Idempotency-Key": "patch-key"},
        },
    )
    # The same body for another quotation is another request: refused, not answered with the first one.
    assert patch(call, other, {"Positionen": [{"PosNr": 1, "Menge": 5}]}, **key).status == 409
    # Another user's same key is another request: it runs.
    answer = call(
        "offerte", "PATCH", "/www/offerte", {"Positionen": [{"PosNr": 1, "Menge": 7}]},
        query={"OffertNr": nr}, headers=key, user="other",
    )  # fmt: skip
    assert answer.status == 200
    assert answer.json()["data"]["Positionen"][0]["PosAnzBest"] == 7


def test_the_quotation_etag_follows_its_version(call):
    nr = quotation(call)
    read = get(call, nr)
    tag = read.headers["ETag"]
    assert re.fullmatch(r'"[0-9a-f]{32}"', tag)
    assert get(call, nr).headers["ETag"] == tag
    patched = patch(call, nr, {"Positionen": [{"PosNr": 1, "Menge": 5}]})
    assert patched.headers["ETag"] != tag
    assert get(call, nr).headers["ETag"] == patched.headers["ETag"]
    # Back to the same body: a new version, so a new tag (not a digest of the bytes).
    back = patch(call, nr, {"Positionen": [{"PosNr": 1, "Menge": 12}]})
    assert get(call, nr).text == read.text
    assert back.headers["ETag"] not in (tag, patched.headers["ETag"])


def test_if_none_match_of_the_current_tag_is_304(call):
    nr = quotation(call)
    tag = get(call, nr).headers["ETag"]
    answer = get(call, nr, **{"If-None-Match": f'"other", {tag}'})
    assert (answer.status, answer.text, answer.headers["ETag"]) == (304, "", tag)
    assert get(call, nr, **{"If-None-Match": '"other"'}).status == 200
    patch(call, nr, {"Positionen": [{"PosNr": 1, "Menge": 5}]})
    assert get(call, nr, **{"If-None-Match": tag}).status == 200


def test_a_stale_if_match_is_412_and_changes_nothing(call):
    nr = quotation(call)
    stale = get(call, nr).headers["ETag"]
    fresh = patch(call, nr, {"Positionen": [{"PosNr": 1, "Menge": 5}]}).headers["ETag"]
    before = get(call, nr).text
    answer = patch(call, nr, {"Positionen": [{"PosNr": 1, "Menge": 6}]}, **{"If-Match": stale})
    assert (answer.status, answer.json()) == (
        412,
        {
            "error": "precondition_failed",
            "error_description": "The record has changed since the version If-Match names; read it again.",
            "info": {"If-Match": stale, "ETag": fresh},
        },
    )
    assert get(call, nr).text == before
    assert patch(call, nr, {"Positionen": [{"PosNr": 1, "Menge": 6}]}, **{"If-Match": fresh}).status == 200
    assert patch(call, nr, {"Positionen": [{"PosNr": 1, "Menge": 7}]}, **{"If-Match": "*"}).status == 200
    # A weak tag never matches (If-Match compares strongly).
    current = get(call, nr).headers["ETag"]
    assert patch(call, nr, {"Positionen": [{"PosNr": 1, "Menge": 8}]}, **{"If-Match": f"W/{current}"}).status == 412


def test_if_match_star_of_an_unknown_quotation_is_404(call):
    answer = patch(call, "799999", {"Positionen": [{"PosNr": 1, "Menge": 5}]}, **{"If-Match": "*"})
    assert answer.status == 404


def test_a_write_between_read_and_write_makes_if_match_fail_atomically(call):
    """The If-Match is checked on the version read, and the write is conditional on that version:
    a PATCH that lands between them is not overwritten; the request is a 412."""
    from backoffice.platform.aws import client
    from backoffice.sales import quotations
    from backoffice.sales.quotation_models import QuotationPatch

    nr = quotation(call)
    tag = get(call, nr).headers["ETag"]
    fired: list[int] = []

    def patch_first(**_: Any) -> None:
        if not fired:
            fired.append(1)
            quotations.patch_quotation(
                nr, None, QuotationPatch.model_validate({"Positionen": [{"PosNr": 1, "Menge": 13}]}), "SHOP"
            )

    events = client("dynamodb").meta.events
    events.register("before-call.dynamodb.TransactWriteItems", patch_first)
    try:
        answer = patch(call, nr, {"Positionen": [{"PosNr": 1, "Menge": 5}]}, **{"If-Match": tag})
    finally:
        events.unregister("before-call.dynamodb.TransactWriteItems", patch_first)
    assert answer.status == 412
    assert get(call, nr).json()["data"]["Positionen"][0]["PosAnzBest"] == 13


def test_the_order_etag_and_304(call):
    created = call("auftrag", "POST", "/www/auftrag", ORDER)
    nr = created.json()["data"]["AuftNr"]
    read = call("auftrag", "GET", f"/www/auftrag/{nr}")
    tag = read.headers["ETag"]
    assert read.status == 200
    assert call("auftrag", "GET", f"/www/auftrag/{nr}").headers["ETag"] == tag
    again = call("auftrag", "GET", f"/www/auftrag/{nr}", headers={"If-None-Match": tag})
    assert (again.status, again.text, again.headers["ETag"]) == (304, "", tag)
    other = call("auftrag", "POST", "/www/auftrag", ORDER).json()["data"]["AuftNr"]
    assert call("auftrag", "GET", f"/www/auftrag/{other}").headers["ETag"] != tag


def test_a_304_reads_no_more_than_a_200(call):
    nr = quotation(call)
    tag = get(call, nr).headers["ETag"]
    with RequestCounter() as counted:
        assert get(call, nr, **{"If-None-Match": tag}).status == 304
    assert counted.calls == ["Query"]
