"""Fixtures of the customer tests: the company config with REST_Kunde, and a minimal customer body."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

MINIMAL = {
    "GrundDaten": {"WaehrAbk": "CHF", "FAKTZahlArt": "B"},
    "Adressen": {
        "KontaktAdr": {
            "AdrSprache": "ger",
            "AdrFirma": "Muster AG",
            "AdrAnrede": 0,
            "AdrAdresse1": "Bahnhofstrasse 1",
            "OrtLand": "CH",
            "OrtPLZ": "8001",
            "OrtName": "Zürich",
        }
    },
}


@pytest.fixture
def config(aws: Any) -> Callable[..., None]:
    """Write the company config item (Events) and forget the cached one."""
    from backoffice import company
    from backoffice.platform import dynamo

    def write(events: list[str] | None = None) -> None:
        dynamo.put_item({"PK": "CONFIG", "SK": "COMPANY", "Events": events if events is not None else ["REST_Kunde"]})
        company.forget_config()

    write()
    return write


@pytest.fixture
def minimal() -> dict[str, Any]:
    return copy.deepcopy(MINIMAL)
