"""What the document promises of every route, over HTTP: the error body with its info, any method."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.integration


def test_placeholder_answers_its_documented_501(api: Any) -> None:
    resp = api.get("/www/artikel")
    assert resp.status_code == 501
    assert resp.headers["Content-Type"] == "application/json; charset=iso-8859-1"
    assert resp.json() == {
        "error": "not_implemented",
        "error_description": "GET /www/artikel is declared but not implemented yet.",
        "info": {},
    }


@pytest.mark.parametrize("method", ["TRACE", "QUERY", "DELETE"])
def test_an_undeclared_method_gets_the_gateway_answer(api: Any, method: str) -> None:
    resp = api.request(method, "/www/artikel")
    assert resp.status_code == 404
    assert resp.json() == {"error": "not_found", "error_description": "No such route.", "info": {}}
