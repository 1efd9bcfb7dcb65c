"""backoffice/coldstart/collector.py: the collector during a function's init, in Lambda only."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from backoffice.coldstart import collector


@pytest.fixture
def thresholds() -> Iterator[tuple[int, int, int]]:
    before = gc.get_threshold()
    yield before
    gc.set_threshold(*before)
    gc.unfreeze()
    collector._paused.clear()


def test_outside_lambda_nothing_changes(thresholds: tuple[int, int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("AWS_LAMBDA_FUNCTION_NAME", raising=False)
    collector.pause()
    assert gc.get_threshold() == thresholds
    collector.init_done()
    collector.first_request_done()
    assert gc.get_freeze_count() == 0
    assert gc.get_threshold() == thresholds


def test_in_lambda_the_cold_start_collects_less_then_freezes_what_it_made(
    thresholds: tuple[int, int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("AWS_LAMBDA_FUNCTION_NAME", "backoffice-Kunden")
    collector.pause()
    assert gc.get_threshold() == (100_000, 10, 10)
    collector.pause()  # a second import path changes nothing
    made = [[n] for n in range(1000)]
    collector.init_done()
    assert gc.get_freeze_count() >= len(made)
    assert gc.get_threshold() == (100_000, 10, 10)  # raised through the first request
    at_init = gc.get_freeze_count()
    clients = [[n] for n in range(1000)]
    collector.first_request_done()
    assert gc.get_threshold() == thresholds
    assert gc.get_freeze_count() >= at_init + len(clients)
    collector.first_request_done()  # once: the second call finds nothing paused
    assert gc.get_threshold() == thresholds


def test_the_handler_ends_the_cold_start_after_its_first_invocation_even_when_it_fails(
    thresholds: tuple[int, int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("AWS_LAMBDA_FUNCTION_NAME", "backoffice-Publisher")
    collector.pause()
    collector.init_done()

    @collector.handler
    def failing(event: dict[str, object], context: object) -> None:
        assert gc.get_threshold() == (100_000, 10, 10)
        raise RuntimeError(event["why"])

    with pytest.raises(RuntimeError, match="stream down"):
        failing({"why": "stream down"}, None)
    assert gc.get_threshold() == thresholds
    assert collector.handler(lambda event, context: event["n"])({"n": 7}, None) == 7


def test_with_the_switch_off_the_collector_is_left_as_it_is(
    thresholds: tuple[int, int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("AWS_LAMBDA_FUNCTION_NAME", "backoffice-Kunden")
    for value in ("off", "precompiled,lazy_powertools"):
        monkeypatch.setenv("BACKOFFICE_COLDSTART_TWEAKS", value)
        collector.pause()
        assert gc.get_threshold() == thresholds
        collector.init_done()
        collector.first_request_done()
        assert gc.get_freeze_count() == 0
    monkeypatch.setenv("BACKOFFICE_COLDSTART_TWEAKS", "collector")
    collector.pause()
    assert gc.get_threshold() == (100_000, 10, 10)
