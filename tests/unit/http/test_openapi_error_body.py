"""The error body keeps its three members, `info` even when empty, as docs/openapi.json requires."""

from __future__ import annotations

import json

from backoffice.errors import NotFound, NotImplementedYet
from backoffice.http.resolver import error_response
from backoffice.json_codec import dumps


def test_error_body_keeps_an_empty_info() -> None:
    response = error_response(NotImplementedYet("GET /www/artikel"))
    assert response.status_code == 501
    assert json.loads(response.body) == {
        "error": "not_implemented",
        "error_description": "GET /www/artikel is declared but not implemented yet.",
        "info": {},
    }


def test_error_body_prunes_inside_info_only() -> None:
    response = error_response(NotFound("No such article.", {"ArtNr": "A\u00e41", "leer": ""}))
    assert response.body == '{"error":"not_found","error_description":"No such article.","info":{"ArtNr":"A\\u00e41"}}'


def test_data_answers_still_leave_empty_fields_out() -> None:
    assert dumps({"data": {"a": "", "b": {}}, "info": {}}) == '{"data":{}}'
