"""What a container keeps between invocations, and the one way to forget it all (`reset_caches`).

Each module that keeps something per container (settings, clients, the signing key, the company
configuration, the article index ...) registers how to forget it when it is imported, so no caller
needs to know the private caches; a module not imported yet has nothing to forget. Data read from
the layer's own files (postal codes, ISO codes) depends on nothing that changes, and is not here.
"""

from __future__ import annotations

from collections.abc import Callable

_forgetters: list[Callable[[], object]] = []


def on_reset[F: Callable[[], object]](forget: F) -> F:
    """Register a function that forgets one module's cache; returns it unchanged."""
    _forgetters.append(forget)
    return forget


def reset_caches() -> None:
    """Forget every cache of the layer, as a new Lambda container would start (tests, tools)."""
    for forget in _forgetters:
        forget()
