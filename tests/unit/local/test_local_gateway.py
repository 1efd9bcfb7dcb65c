"""The API Gateway emulation's own rules: binary media types both ways (local/proxy_event.py), routing precedence."""

from __future__ import annotations

import base64

from local.gateway import Gateway
from local.proxy_event import is_binary
from local.template import Route
from tests.support.aws import stack as template_stack


def gateway(types: set[str]) -> Gateway:
    gw = Gateway(template_stack())
    gw.binary_types = types
    return gw


def test_binary_matching_honours_wildcards_on_both_sides() -> None:
    narrow = {"image/png", "application/pdf"}
    assert is_binary(narrow, "image/png")
    assert is_binary(narrow, "application/pdf; qs=1")
    assert is_binary(narrow, "image/*")
    assert is_binary(narrow, "*/*")
    assert not is_binary(narrow, "application/json")
    assert not is_binary(narrow, "")
    assert is_binary({"*/*"}, "application/json")


def test_a_base64_answer_becomes_bytes_only_for_a_matching_first_accept() -> None:
    png = b"\x89PNG\r\n\x1a\n\x00"
    result = {
        "statusCode": 200,
        "headers": {"Content-Type": "image/png"},
        "body": base64.b64encode(png).decode(),
        "isBase64Encoded": True,
    }
    narrow = gateway({"image/png"})
    assert narrow.to_http(result, "image/png")[2] == png
    assert narrow.to_http(result, "application/json, image/png")[2] == base64.b64encode(png)
    assert gateway({"*/*"}).to_http(result, "*/*")[2] == png


def test_a_json_request_body_is_handed_over_base64_when_every_type_is_binary() -> None:
    gw = Gateway(template_stack())
    route = Route("POST", "/www/kunden", "KundenFunction", True)
    event = gw.build_event(
        route, "POST", "/www/kunden", "", {"Content-Type": ["application/json"]}, '{"a":"ä"}'.encode(), {}, None
    )
    assert event["isBase64Encoded"] is True
    assert base64.b64decode(event["body"]).decode() == '{"a":"ä"}'


def test_literal_segments_win_over_parameters() -> None:
    gw = Gateway(template_stack())
    found = gw.match("GET", "/www/adressensuche")
    assert found is not None
    assert found[0].path == "/www/adressensuche"
    found = gw.match("GET", "/www/artikel/ABC-1")
    assert found is not None
    assert (found[0].path, found[1]) == ("/www/artikel/{ArtNr}", {"ArtNr": "ABC-1"})
    assert gw.match("GET", "/www/artikel/a/b") is None
    assert gw.match("PATCH", "/www/artikel") is None


def test_query_strings_are_decoded_like_api_gateway() -> None:
    gw = Gateway(template_stack())
    route = Route("GET", "/www/artikel", "ArtikelFunction", True)
    event = gw.build_event(route, "GET", "/www/artikel", "sorts=%2BArtBez,-ArtNr&limit=5&limit=6", {}, b"", {}, None)
    assert event["queryStringParameters"] == {"sorts": "+ArtBez,-ArtNr", "limit": "6"}
    assert event["multiValueQueryStringParameters"] == {"sorts": ["+ArtBez,-ArtNr"], "limit": ["5", "6"]}
    assert event["body"] is None
    assert event["isBase64Encoded"] is False
