"""Fixtures of the order and quotation tests: the demo catalogue and customers in moto, handler calls."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.support.aws import demo_data
from tests.support.demo import DEMO_CATALOGUE
from tests.support.invoke import Answer
from tests.support.invoke import call as invoke

WEBSHOP = "SHOP"


def _load() -> list[str]:
    from backoffice.catalogue.importer import import_catalogue
    from backoffice.platform.caches import reset_caches
    from local import demo_kunden

    import_catalogue(DEMO_CATALOGUE)
    reset_caches()
    return demo_kunden.load()


@pytest.fixture
def demo(aws: Any) -> list[str]:
    """moto with the demo catalogue (config with REST_Auft, articles, stock) and the demo customers.

    Customers 100001 (CHF, WV, KT10), 100002 (CHF, WV, KT20), 100003 (CHF, VK, export code 9),
    100004 (CHF, no price list: VK), 100005 (LI, CHF), 100006 (DE, EUR: foreign).
    """
    return demo_data("auftrag demo", _load)


Call = Callable[..., Answer]


@pytest.fixture
def call(demo: Any) -> Call:
    """call("auftrag", "POST", "/www/auftrag", body, query=..., headers=...) as the demo user (webshop SHOP)."""

    def _call(function: str, method: str, path: str, body: Any = None, **kwargs: Any) -> Answer:
        return invoke(function, method, path, body, webshop=WEBSHOP, **kwargs)

    return _call
