"""Fixtures of the order and quotation tests: the demo catalogue and customers in moto, handler calls."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.support.aws import demo_data
from tests.support.demo import load_sales_demo
from tests.support.invoke import Answer
from tests.support.invoke import call as invoke

WEBSHOP = "SHOP"


@pytest.fixture
def demo(aws: Any) -> list[str]:
    """moto with the demo catalogue (config with REST_Auft, articles, stock) and the demo customers.

    Customers 100001 (CHF, WV, KT10), 100002 (CHF, WV, KT20), 100003 (CHF, VK, export code 9),
    100004 (CHF, no price list: VK), 100005 (LI, CHF), 100006 (DE, EUR: foreign), 100007 (CH contact
    in Basel, delivery address in Weil am Rhein DE). Sales examples 6000 (DZ of 12), 6001 (PAK of 3,
    gross list), 6002 (gross), 6003 (3.8 %, no stock), 6004 (metres, MengeDezimal).
    """
    return demo_data("sales demo", load_sales_demo)


Call = Callable[..., Answer]


@pytest.fixture
def call(demo: Any) -> Call:
    """call("auftrag", "POST", "/www/auftrag", body, query=..., headers=...) as the demo user (webshop SHOP)."""

    def _call(function: str, method: str, path: str, body: Any = None, **kwargs: Any) -> Answer:
        return invoke(function, method, path, body, webshop=WEBSHOP, **kwargs)

    return _call
