"""Issue 22: media types in any case, and dates of any year written with four digits, through the handlers."""

from __future__ import annotations

import json

import pytest

from backoffice.sales.request_fields import utc_timestamp

ORDER = {"GrundDaten": {"KundNr": "100004"}, "Positionen": [{"ArtNr": "1000", "Menge": 3}]}


@pytest.mark.parametrize(
    "content_type",
    [
        "APPLICATION/JSON",
        "Application/Json; Charset=UTF-8",
        "application/json; CHARSET=ISO-8859-1",
        "APPLICATION/JSON;charset=Latin-1",
        "application/vnd.shop+JSON",
    ],
)
def test_the_media_type_and_charset_are_case_insensitive(call, content_type):
    body = json.dumps({**ORDER, "GrundDaten": {"KundNr": "100004", "AuftBez": "Kaffee für alle"}}, ensure_ascii=False)
    raw = body.encode("iso-8859-1" if "8859" in content_type or "Latin" in content_type else "utf-8")
    created = call("auftrag", "POST", "/www/auftrag", raw, headers={"Content-Type": content_type})
    assert created.status == 201, created.text
    read = call("auftrag", "GET", f"/www/auftrag/{created.json()['data']['AuftNr']}")
    assert read.json()["data"]["GrundDaten"]["AuftBez"] == "Kaffee für alle"


def test_another_media_type_in_capitals_is_still_a_415(call):
    answer = call("auftrag", "POST", "/www/auftrag", b"{}", headers={"Content-Type": "TEXT/PLAIN"})
    assert (answer.status, answer.json()) == (
        415,
        {
            "error": "unsupported_media_type",
            "error_description": "Content-Type text/plain is not accepted; send application/json.",
            "info": {"content_type": "text/plain"},
        },
    )


def test_a_year_1_date_is_read_back_with_four_digits(call):
    body = {
        **ORDER,
        "GrundDaten": {**ORDER["GrundDaten"], "AuftBestellT": "0001-01-01", "AuftLieferT": "0999-12-31T23:59"},
    }
    created = call("auftrag", "POST", "/www/auftrag", body)
    assert created.status == 201, created.text
    head = call("auftrag", "GET", f"/www/auftrag/{created.json()['data']['AuftNr']}").json()["data"]["GrundDaten"]
    assert (head["AuftBestellTUTC"], head["AuftLieferTUTC"]) == ("0001-01-01T00:00:00Z", "0999-12-31T23:59:00Z")


@pytest.mark.parametrize(
    ("sent", "kept"),
    [
        ("0001-01-01", "0001-01-01T00:00:00Z"),
        ("0012-03-04T05:06:07Z", "0012-03-04T05:06:07Z"),
        ("2026-11-23T09:30:00.75", "2026-11-23T09:30:00Z"),
        ("2026-11-23T09:30+01:00", "2026-11-23T08:30:00Z"),
        ("20261123", "2026-11-23T00:00:00Z"),
        ("2026-W48-1", "2026-11-23T00:00:00Z"),
        ("2026-11-23T09:30", "2026-11-23T09:30:00Z"),
        ("20261123T093000Z", "2026-11-23T09:30:00Z"),
        ("9999-12-31T23:59:59Z", "9999-12-31T23:59:59Z"),
    ],
)
def test_every_accepted_form_is_kept_in_one_format(sent, kept):
    assert utc_timestamp(sent) == kept


@pytest.mark.parametrize("sent", ["0001-01-01T00:00+01", "99991231T2300-0200"])
def test_a_moment_outside_the_years_1_to_9999_in_utc_is_a_400(call, sent):
    body = {**ORDER, "GrundDaten": {**ORDER["GrundDaten"], "AuftBestellT": sent}}
    answer = call("auftrag", "POST", "/www/auftrag", body)
    assert (answer.status, answer.json()["info"]["fields"]) == (
        400,
        {
            "GrundDaten.AuftBestellT": "Value error, must be a moment from 0001-01-01T00:00:00Z to"
            " 9999-12-31T23:59:59Z in UTC"
        },
    )
