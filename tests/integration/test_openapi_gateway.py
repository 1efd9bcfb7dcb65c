"""What the document promises of every route, over HTTP: the error body with its info, any method."""

from __future__ import annotations

import re
from typing import Any

import pytest

from local.placeholders import placeholder_routes
from local.template import Stack
from tests.support import error_json

pytestmark = pytest.mark.integration


def test_placeholder_answers_its_documented_501(api: Any) -> None:
    """A placeholder answers 501 with the error body; no other route ever does."""
    placeholders = placeholder_routes()
    for route in Stack.read().routes():
        if route.method == "DELETE":
            continue  # DELETE /www/log would delete the log files other tests read
        path = re.sub(r"\{\w+\}", "1", route.path)
        resp = api.request(route.method, path)
        if (route.method, route.path) not in placeholders:
            assert resp.status_code != 501, (route.method, route.path, resp.text)
            continue
        assert resp.status_code == 501, (route.method, route.path)
        assert resp.headers["Content-Type"] == "application/json; charset=iso-8859-1"
        assert error_json(resp) == {
            "error": "not_implemented",
            "error_description": f"{route.method} {route.path} is declared but not implemented yet.",
            "info": {},
        }


@pytest.mark.parametrize("method", ["TRACE", "QUERY", "DELETE"])
def test_an_undeclared_method_gets_the_gateway_answer(api: Any, method: str) -> None:
    resp = api.request(method, "/www/artikel")
    assert resp.status_code == 404
    assert error_json(resp) == {"error": "not_found", "error_description": "No such route.", "info": {}}
