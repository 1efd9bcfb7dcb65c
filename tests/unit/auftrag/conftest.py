"""Fixtures of the order and quotation tests: the demo catalogue and customers in moto, handler calls."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.unit.kunden.helpers import Answer, Context, event, load_app

DEMO = Path(__file__).resolve().parents[3] / "local" / "demo_data" / "artikel"
SALES = DEMO.parent / "verkauf"  # the articles of the money examples (docs/orders.md)
WEBSHOP = "SHOP"


@pytest.fixture
def demo(aws: Any) -> list[str]:
    """moto with the demo catalogue (config with REST_Auft, articles, stock) and the demo customers.

    Customers 100001 (CHF, WV, KT10), 100002 (CHF, WV, KT20), 100003 (CHF, VK, export code 9),
    100004 (CHF, no price list: VK), 100005 (LI, CHF), 100006 (DE, EUR: foreign), 100007 (CH contact
    in Basel, delivery address in Weil am Rhein DE). Sales examples 6000 (DZ of 12), 6001 (PAK of 3,
    gross list), 6002 (gross), 6003 (3.8 %, no stock), 6004 (metres, MengeDezimal).
    """
    from backoffice import company
    from backoffice.catalogue import article_store
    from backoffice.catalogue.importer import import_catalogue
    from local import demo_kunden
    from local.moto_patches import roll_back_touched_items

    roll_back_touched_items()  # as the local stack: the rollback copies only the touched items
    article_store.forget_index()
    import_catalogue(DEMO)
    import_catalogue(SALES)
    company.forget_config()
    lines = demo_kunden.load()
    yield lines
    article_store.forget_index()


Call = Callable[..., Answer]


@pytest.fixture
def call(demo: Any) -> Call:
    """call("auftrag", "POST", "/www/auftrag", body, query=..., headers=...) as the demo user (webshop SHOP)."""

    def _call(function: str, method: str, path: str, body: Any = None, **kwargs: Any) -> Answer:
        raw = event(method, path, body, **kwargs)
        raw["requestContext"]["authorizer"]["webshop"] = WEBSHOP
        if path.startswith("/www/auftrag/"):
            raw["resource"] = "/www/auftrag/{AuftNr}"
            raw["pathParameters"] = {"AuftNr": path.rsplit("/", 1)[1]}
        return Answer(load_app(function).lambda_handler(raw, Context()))

    return _call
