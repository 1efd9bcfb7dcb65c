"""Fixtures of the webhook and event feed tests: the demo catalogue and customers in moto."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.support.aws import demo_data
from tests.support.demo import load_sales_demo
from tests.support.invoke import Answer
from tests.support.invoke import call as invoke


@pytest.fixture
def demo(aws: Any) -> list[str]:
    return demo_data("sales demo", load_sales_demo)


Call = Callable[..., Answer]


@pytest.fixture
def call(demo: Any) -> Call:
    """call(function, method, path, body, user=..., webshop=...) with the demo user of webshop SHOP by default."""

    def _call(function: str, method: str, path: str, body: Any = None, **kwargs: Any) -> Answer:
        kwargs.setdefault("webshop", "SHOP")
        return invoke(function, method, path, body, **kwargs)

    return _call
