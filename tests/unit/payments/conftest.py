"""Fixtures of the payment tests: the demo catalogue and customers in moto, calls of the handlers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.support.aws import demo_data
from tests.support.demo import load_sales_demo
from tests.support.invoke import Answer
from tests.support.invoke import call as invoke

WEBSHOP = "SHOP"
Call = Callable[..., Answer]


@pytest.fixture
def demo(aws: Any) -> list[str]:
    """moto with the demo catalogue, the sales examples and the demo customers."""
    return demo_data("sales demo", load_sales_demo)


@pytest.fixture
def call(demo: Any) -> Call:
    """call("zahlungen", "POST", "/www/zahlungen", body, headers=...) as the demo user, an integration user."""

    def _call(function: str, method: str, path: str, body: Any = None, **kwargs: Any) -> Answer:
        return invoke(function, method, path, body, webshop=WEBSHOP, **kwargs)

    return _call
