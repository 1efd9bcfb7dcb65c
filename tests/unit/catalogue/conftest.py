"""Fixtures of the article tests: the demo catalogue in moto, and a way to call the handler."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.support.aws import demo_data
from tests.support.demo import DEMO_CATALOGUE
from tests.support.invoke import Context, event, handler


@pytest.fixture
def catalogue(aws: Any) -> Any:
    """moto with the demo catalogue imported."""
    from backoffice.catalogue.importer import import_catalogue

    return demo_data("artikel catalogue", lambda: import_catalogue(DEMO_CATALOGUE))


@pytest.fixture
def call(catalogue: Any) -> Callable[..., dict[str, Any]]:
    """Invoke the artikel handler with an API Gateway proxy event."""

    def invoke(
        path: str,
        query: dict[str, str] | None = None,
        headers: dict[str, str] | None = None,
        webshop: str | None = "SHOP",
    ) -> dict[str, Any]:
        raw = event("GET", path, query=query, headers=headers, webshop=webshop, host=None)
        return handler("artikel")(raw, Context("artikel"))  # type: ignore[no-any-return]

    return invoke
