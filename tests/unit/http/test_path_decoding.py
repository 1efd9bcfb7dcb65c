"""Path values reach the route decoded: API Gateway (REST) hands the path on percent-encoded.

Schemathesis found it: a 15-character ArtNr with umlauts was refused as longer than 15 characters,
because the resolver saw its percent-encoded form.
"""

from __future__ import annotations

from typing import Annotated, Any

from aws_lambda_powertools.event_handler import Response
from aws_lambda_powertools.event_handler.openapi.params import Path

from backoffice.http.resolver import entrypoint, json_response, make_resolver
from local.lambda_runtime import lambda_context
from tests.support import invoke
from tests.support.invoke import result_json

app = make_resolver()


@app.get("/www/names/<Name>")
def read_name(Name: Annotated[str, Path(max_length=5)]) -> Response[str]:
    return json_response({"data": {"Name": Name}})


handler = entrypoint(app)


def call(path: str) -> tuple[int, dict[str, Any]]:
    event = invoke.event("GET", path, resource="/www/names/{Name}")
    result = handler(event, lambda_context("test"))
    return result["statusCode"], result_json(result)


def test_an_encoded_value_reaches_the_route_decoded_and_is_measured_so() -> None:
    assert call("/www/names/M%C3%BCsli") == (200, {"data": {"Name": "M\u00fcsli"}})
    assert call("/www/names/50%25") == (200, {"data": {"Name": "50%"}})


def test_an_encoded_value_too_long_is_a_400_on_its_decoded_length() -> None:
    status, body = call("/www/names/M%C3%BCsli1")
    assert status == 400
    assert body["info"]["fields"] == {"Name": "String should have at most 5 characters"}


def test_a_path_that_is_not_utf8_is_a_400() -> None:
    assert call("/www/names/%FF") == (
        400,
        {
            "error": "invalid_request",
            "error_description": "The path is not valid UTF-8.",
            "info": {"fields": {"path": "percent-encode UTF-8 bytes"}},
        },
    )


def test_an_encoded_slash_stays_in_its_value() -> None:
    assert call("/www/names/a%2Fb") == (200, {"data": {"Name": "a/b"}})


def test_control_characters_reach_the_route() -> None:
    assert call("/www/names/%C2%81%18") == (200, {"data": {"Name": "\u0081\u0018"}})
