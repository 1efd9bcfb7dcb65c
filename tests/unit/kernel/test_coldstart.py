"""backoffice/coldstart.py: the collector during a function's init, in Lambda only."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from backoffice import coldstart


@pytest.fixture
def collector() -> Iterator[tuple[int, int, int]]:
    before = gc.get_threshold()
    yield before
    gc.set_threshold(*before)
    gc.unfreeze()
    coldstart._paused.clear()


def test_outside_lambda_nothing_changes(collector: tuple[int, int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("AWS_LAMBDA_FUNCTION_NAME", raising=False)
    coldstart.pause()
    assert gc.get_threshold() == collector
    coldstart.init_done()
    coldstart.first_request_done()
    assert gc.get_freeze_count() == 0
    assert gc.get_threshold() == collector


def test_in_lambda_the_cold_start_collects_less_then_freezes_what_it_made(
    collector: tuple[int, int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("AWS_LAMBDA_FUNCTION_NAME", "backoffice-Kunden")
    coldstart.pause()
    assert gc.get_threshold() == (100_000, 10, 10)
    coldstart.pause()  # a second import path changes nothing
    made = [[n] for n in range(1000)]
    coldstart.init_done()
    assert gc.get_freeze_count() >= len(made)
    assert gc.get_threshold() == (100_000, 10, 10)  # raised through the first request
    at_init = gc.get_freeze_count()
    clients = [[n] for n in range(1000)]
    coldstart.first_request_done()
    assert gc.get_threshold() == collector
    assert gc.get_freeze_count() >= at_init + len(clients)
    coldstart.first_request_done()  # once: the second call finds nothing paused
    assert gc.get_threshold() == collector


def test_the_handler_ends_the_cold_start_after_its_first_invocation_even_when_it_fails(
    collector: tuple[int, int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("AWS_LAMBDA_FUNCTION_NAME", "backoffice-Publisher")
    coldstart.pause()
    coldstart.init_done()

    @coldstart.handler
    def failing(event: dict[str, object], context: object) -> None:
        assert gc.get_threshold() == (100_000, 10, 10)
        raise RuntimeError(event["why"])

    with pytest.raises(RuntimeError, match="stream down"):
        failing({"why": "stream down"}, None)
    assert gc.get_threshold() == collector
    assert coldstart.handler(lambda event, context: event["n"])({"n": 7}, None) == 7
