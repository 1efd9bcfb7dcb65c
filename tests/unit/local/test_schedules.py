"""local/schedules.py and the local stack's use of it: a cron function runs when one of its times
has come since the last look, in its zone, and not after every change."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from local.schedules import Cron, NotEmulated
from local.stack import LocalStack, _crons
from local.template import Stack

NIGHTLY = Cron.parse("cron(0 1 * * ? *)", "Europe/Zurich")


def _utc(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


@pytest.mark.parametrize(
    ("after", "until", "came"),
    [
        # Winter: 01:00 in Zurich is 00:00 UTC.
        ("2026-11-26T23:59:30", "2026-11-27T00:00:00", True),
        ("2026-11-26T23:59:30", "2026-11-26T23:59:59", False),
        ("2026-11-27T00:00:00", "2026-11-27T23:59:00", False),  # the time itself is before the window
        ("2026-11-27T00:00:59", "2026-11-27T23:59:00", False),
        ("2026-11-26T12:00:00", "2026-11-27T12:00:00", True),
        # Summer: 01:00 in Zurich is 23:00 UTC the day before.
        ("2026-06-30T22:59:59", "2026-06-30T23:00:00", True),
        ("2026-06-30T22:00:00", "2026-06-30T22:59:59", False),
        ("2026-07-01T00:00:00", "2026-07-01T22:59:00", False),
        # A stack stopped for ten days, or for more than a year.
        ("2026-11-01T02:00:00", "2026-11-11T02:00:00", True),
        ("2024-01-01T00:00:00", "2026-11-26T12:00:00", True),
    ],
)
def test_the_nightly_run_comes_at_one_in_zurich_in_winter_and_in_summer(after: str, until: str, came: bool) -> None:
    assert NIGHTLY.came_between(_utc(after), _utc(until)) is came


def test_a_zone_half_an_hour_off_utc_is_looked_at_by_its_own_hours() -> None:
    kolkata = Cron.parse("cron(0 1 * * ? *)", "Asia/Kolkata")  # 01:00 there is 19:30 UTC the day before
    assert kolkata.came_between(_utc("2026-11-26T19:29:00"), _utc("2026-11-26T19:30:00"))
    assert not kolkata.came_between(_utc("2026-11-26T19:30:00"), _utc("2026-11-27T19:29:00"))


def test_eventbridge_fields_lists_ranges_steps_names_and_sunday_as_one() -> None:
    office = Cron.parse("cron(0/15 8-17 ? * MON-FRI *)")
    assert office.matches(_utc("2026-11-27T08:45:00"))  # a Friday
    assert not office.matches(_utc("2026-11-27T08:50:00"))
    assert not office.matches(_utc("2026-11-27T18:00:00"))
    assert not office.matches(_utc("2026-11-28T09:00:00"))  # a Saturday
    sundays = Cron.parse("cron(30 2 ? * 1 *)")
    assert sundays.matches(_utc("2026-11-29T02:30:00"))  # a Sunday
    assert not sundays.matches(_utc("2026-11-30T02:30:00"))
    twice = Cron.parse("cron(5 3 1 JAN,7 ? 2027-2028)")
    assert twice.matches(_utc("2027-07-01T03:05:00"))
    assert twice.matches(_utc("2028-01-01T03:05:00"))
    assert not twice.matches(_utc("2026-07-01T03:05:00"))
    assert not twice.matches(_utc("2027-02-01T03:05:00"))
    assert Cron.parse("cron(10/20 * * * ? *)").minutes == frozenset({10, 30, 50})
    assert Cron.parse("cron(0 1-9/4 * * ? *)").hours == frozenset({1, 5, 9})


@pytest.mark.parametrize(
    ("expression", "says"),
    [
        ("cron(0 1 L * ? *)", "L, W and # are not"),
        ("cron(0 1 ? * 6#3 *)", "L, W and # are not"),
        ("cron(0 1 * * * *)", "one of the day fields"),
        ("cron(0 1 ? * ? *)", "one of the day fields"),
        ("cron(? 1 * * ? *)", "`?` is only for a day field"),
        ("cron(0 1 * * ?)", "has 6 fields"),
        ("cron(60 1 * * ? *)", "outside 0-59"),
        ("cron(0 1 * FOO ? *)", "not a value of its field"),
        ("cron(0 1 * * ? */0)", "steps by 0"),
        ("rate(1 minute)", "not a cron expression"),
    ],
)
def test_what_the_local_stack_does_not_keep_is_refused_naming_it(expression: str, says: str) -> None:
    with pytest.raises(NotEmulated, match=says.replace("(", r"\(").replace("?", r"\?")):
        Cron.parse(expression)


def test_the_template_s_cron_function_is_the_overdue_run_and_the_rate_ones_are_not() -> None:
    crons = _crons(Stack.read())
    assert list(crons) == ["UeberfaelligFunction"]
    assert crons["UeberfaelligFunction"] == [NIGHTLY]


class _Runtime:
    def __init__(self) -> None:
        self.ran: list[str] = []

    def handler(self, logical: str) -> Any:
        return lambda event, context: self.ran.append(logical)


def _stack(looked: datetime) -> tuple[LocalStack, _Runtime]:
    """A LocalStack's scheduling alone: no ports, no emulation."""
    import threading
    from types import SimpleNamespace

    stack = LocalStack.__new__(LocalStack)
    runtime = _Runtime()
    stack.template = Stack.read()
    stack.crons = _crons(stack.template)
    stack.looked = looked
    stack._publish_lock = threading.Lock()
    stack.gateway = SimpleNamespace(runtime=runtime)  # type: ignore[assignment]
    return stack, runtime


def test_after_a_change_the_rate_functions_run_and_the_nightly_one_only_once_its_time_has_come() -> None:
    now = datetime.now(UTC)
    rates = sorted(set(Stack.read().scheduled_functions()) - {"UeberfaelligFunction"})
    assert rates  # the outbox sweep and the webhook dispatcher
    fresh, runtime = _stack(now)
    fresh.run_scheduled()
    assert sorted(runtime.ran) == rates
    assert fresh.looked >= now
    stopped, runtime = _stack(now - timedelta(days=2))  # restored from a folder saved two days ago
    stopped.run_scheduled()
    assert sorted(runtime.ran) == sorted([*rates, "UeberfaelligFunction"])
    runtime.ran.clear()
    stopped.run_scheduled()
    assert sorted(runtime.ran) == rates
