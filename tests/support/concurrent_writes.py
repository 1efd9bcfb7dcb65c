"""A second writer between a PATCH's read and its write, for the tests of conditional writes."""

from __future__ import annotations

from typing import Any

import pytest


def address_changed_after_first_read(monkeypatch: pytest.MonkeyPatch, change: dict[str, Any]) -> None:
    """The first `address_store.get_address` returns its record, then `change` is written to that
    address at once: the caller's write meets a Version that moved after its read."""
    from backoffice.parties import address_store

    real_get = address_store.get_address
    interfered: list[bool] = []

    def get_then_interfere(adr_nr: Any, consistent: bool = False) -> Any:
        record = real_get(adr_nr, consistent)
        if not interfered:
            interfered.append(True)
            address_store.patch_address(adr_nr, change)
        return record

    monkeypatch.setattr(address_store, "get_address", get_then_interfere)
