"""The quotation calls the sales unit tests share: a quotation to post, POST and PATCH /www/offerte
through a handler caller (tests/support/invoke.py's `call`)."""

from __future__ import annotations

from typing import Any

QUOTATION = {
    "GrundDaten": {"KundNr": "100001", "AuftBez": "Offerte Büro"},
    "Positionen": [
        {"ArtNr": "1000", "Menge": 12},
        {"ArtNr": "1002", "Menge": 30, "VPEinheit": "PAK", "GRabSatz": 5},
    ],
}


def offerte(call: Any, body: dict[str, Any]) -> dict[str, Any]:
    answer = call("offerte", "POST", "/www/offerte", body)
    assert answer.status == 201, answer.text
    assert answer.headers["Cache-Control"] == "no-store"
    result = answer.json()
    assert (result["count"], result["success"]) == (1, True)
    return dict(result["data"])


def patch(call: Any, offert_nr: str, body: dict[str, Any], **query: str) -> Any:
    return call("offerte", "PATCH", "/www/offerte", body, query={"OffertNr": offert_nr, **query})
