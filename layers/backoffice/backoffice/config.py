"""The company configuration: one record that the catalogue import writes (see docs/catalogue.md).

Read at most once a minute per container: it changes with an import, not per request.
"""

from __future__ import annotations

import time
from typing import Any

from backoffice import dynamo

CONFIG_PK, CONFIG_SK = "CONFIG", "COMPANY"
_TTL_SECONDS = 60
_cache: tuple[float, dict[str, Any]] | None = None


def get_config() -> dict[str, Any]:
    global _cache
    now = time.monotonic()
    if _cache is None or now - _cache[0] > _TTL_SECONDS:
        item = dynamo.get_item(CONFIG_PK, CONFIG_SK) or {}
        _cache = (now, {k: v for k, v in item.items() if k not in ("PK", "SK")})
    return _cache[1]


def forget_config() -> None:
    global _cache
    _cache = None


def event_enabled(name: str) -> bool:
    """Whether an event (REST_Auft, REST_Kunde) is enabled in the company attribute."""
    return name in set(get_config().get("Events") or ())
