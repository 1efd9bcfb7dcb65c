"""Response encoding: ASCII-only JSON, exact decimals, pruned empty fields, create headers."""

from __future__ import annotations

import base64
import hashlib
import json
from decimal import Decimal

import pytest

from backoffice.http.resolver import created_response, json_response
from backoffice.http.responses import JSON_CONTENT_TYPE
from backoffice.json_codec import dumps, loads


def test_umlauts_and_accents_arrive_as_escapes_and_the_body_is_iso_8859_1() -> None:
    body = dumps({"data": {"OrtName": "Zürich", "AdrName": "Müller-Lüdenscheid", "AdrFirma": "Crème Brûlée SA"}})
    assert body == (
        '{"data":{"OrtName":"Z\\u00fcrich","AdrName":"M\\u00fcller-L\\u00fcdenscheid",'
        '"AdrFirma":"Cr\\u00e8me Br\\u00fbl\\u00e9e SA"}}'
    )
    raw = body.encode("iso-8859-1")  # would raise if any character were outside Latin-1
    assert all(b < 0x80 for b in raw)
    assert json.loads(raw.decode("iso-8859-1"))["data"]["OrtName"] == "Zürich"


def test_characters_outside_latin_1_survive_as_escapes() -> None:
    body = dumps({"data": {"t": "€ 5 – Łódź"}})
    assert body == '{"data":{"t":"\\u20ac 5 \\u2013 \\u0141\\u00f3d\\u017a"}}'
    assert json.loads(body)["data"]["t"] == "€ 5 – Łódź"


def test_decimals_are_written_with_their_exact_digits() -> None:
    assert dumps({"data": {"p": Decimal("12.50"), "q": Decimal("0.05"), "n": Decimal("-3")}}) == (
        '{"data":{"p":12.50,"q":0.05,"n":-3}}'
    )


def test_fields_without_data_are_left_out_but_the_envelope_stays() -> None:
    payload = {"data": [], "count": 0, "success": False, "x": None, "y": "", "z": {"a": None, "b": []}}
    assert dumps(payload) == '{"data":[],"count":0,"success":false}'
    assert dumps({"data": {"Template": False, "n": 0, "e": "", "l": [{"a": None}]}}) == (
        '{"data":{"Template":false,"n":0,"l":[{}]}}'
    )
    # An envelope member stays pruned but not None; a member empty once pruned is left out.
    assert dumps({"data": None, "links": {"a": ""}, "k": {"b": {"c": None}}}) == '{"links":{}}'


def test_request_json_keeps_fractions_exact_and_refuses_nan() -> None:
    value = loads('{"Preis": 19.95, "Menge": 3, "x": 0.1}')
    assert value == {"Preis": Decimal("19.95"), "Menge": 3, "x": Decimal("0.1")}
    assert isinstance(value["x"], Decimal)
    for text in ('{"a": NaN}', '{"a": Infinity}', '{"a": -Infinity}'):
        with pytest.raises(json.JSONDecodeError):
            loads(text)


def test_json_response_carries_the_charset() -> None:
    resp = json_response({"data": {"a": "ä"}})
    assert resp.status_code == 200
    assert resp.headers["Content-Type"] == JSON_CONTENT_TYPE == "application/json; charset=iso-8859-1"
    assert resp.body == '{"data":{"a":"\\u00e4"}}'


def test_create_response_headers_match_the_exact_body() -> None:
    resp = created_response({"data": {"DebiNr": "100001", "n": "Zoë"}})
    body = resp.body.encode("ascii")
    assert resp.status_code == 201
    assert resp.headers["Cache-Control"] == "no-store"
    assert resp.headers["Content-Length"] == str(len(body)) == "43"
    assert resp.headers["Content-MD5"] == base64.b64encode(hashlib.md5(body).digest()).decode()
