"""API Gateway's own answers over HTTP: the error body, and the CORS headers of the caller's origin."""

from __future__ import annotations

from typing import Any

import pytest
import requests

from tests.support import error_json

pytestmark = pytest.mark.integration

ORIGIN = "https://shop.example"


def test_a_refused_zugferd_post_can_be_read_by_the_page_that_sent_it(local_stack: dict[str, Any]) -> None:
    answer = requests.post(local_stack["api"] + "/www/zugferd", json={}, headers={"Origin": ORIGIN}, timeout=30)
    assert answer.status_code == 401
    assert answer.headers["Access-Control-Allow-Origin"] == ORIGIN
    assert answer.headers["Vary"] == "Origin"
    assert answer.json()["error"] == "invalid_token"


def test_an_unknown_route_has_the_error_body_and_no_cors_header_without_origin(local_stack: dict[str, Any]) -> None:
    answer = requests.get(local_stack["api"] + "/www/nothing", timeout=30)
    assert answer.status_code == 404
    assert error_json(answer) == {"error": "not_found", "error_description": "No such route.", "info": {}}
    assert "Access-Control-Allow-Origin" not in answer.headers
    with_origin = requests.get(local_stack["api"] + "/www/nothing", headers={"Origin": ORIGIN}, timeout=30)
    assert with_origin.headers["Access-Control-Allow-Origin"] == ORIGIN
