"""Fixtures of the customer tests: the company config with REST_Kunde, and a minimal customer body."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from tests.support.demo import MINIMAL_CUSTOMER


@pytest.fixture
def config(aws: Any) -> Callable[..., None]:
    """Write the company config item (Events) and forget the cached one."""
    from backoffice.platform import dynamo
    from backoffice.platform.caches import reset_caches

    def write(events: list[str] | None = None) -> None:
        dynamo.put_item({"PK": "CONFIG", "SK": "COMPANY", "Events": events if events is not None else ["REST_Kunde"]})
        reset_caches()

    write()
    return write


@pytest.fixture
def minimal() -> dict[str, Any]:
    return copy.deepcopy(MINIMAL_CUSTOMER)
