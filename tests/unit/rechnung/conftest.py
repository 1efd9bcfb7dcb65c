"""Fixtures of the invoice tests: the demo catalogue and customers in moto, calls of the handlers."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.unit.kunden.helpers import Answer, Context, event, load_app

DEMO = Path(__file__).resolve().parents[3] / "local" / "demo_data" / "artikel"


@pytest.fixture
def demo(aws: Any) -> None:
    from backoffice import company
    from backoffice.catalogue import article_store
    from backoffice.catalogue.importer import import_catalogue
    from local import demo_kunden
    from local.moto_patches import roll_back_touched_items

    roll_back_touched_items()
    article_store.forget_index()
    import_catalogue(DEMO)
    company.forget_config()
    demo_kunden.load()
    yield
    article_store.forget_index()
    company.forget_config()


Call = Callable[..., Answer]


@pytest.fixture
def call(demo: Any) -> Call:
    """call("rechnung", "POST", "/www/auftrag/400001/rechnung", headers=...) as the demo user (webshop SHOP)."""

    def _call(function: str, method: str, path: str, body: Any = None, **kwargs: Any) -> Answer:
        raw = event(method, path, body, **kwargs)
        raw["requestContext"]["authorizer"]["webshop"] = "SHOP"
        parts = path.split("/")
        if len(parts) > 3 and parts[2] == "auftrag":
            raw["pathParameters"] = {"AuftNr": parts[3]}
            raw["resource"] = "/www/auftrag/{AuftNr}" + ("/rechnung" if path.endswith("/rechnung") else "")
        return Answer(load_app(function).lambda_handler(raw, Context()))

    return _call
