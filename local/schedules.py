"""EventBridge Scheduler's cron schedules, kept by the local stack.

In AWS a function on `cron(...)` runs at the schedule's times and at no other (the nightly
ueberfaellig run at 01:00 in Zurich). The local stack has no clock of its own: it looks after each
change, as it does for the schedules that stand in for the table's stream, and runs a cron
function only when one of its times has come since it last looked, and once at start for the times
that came while it was stopped (since its data folder was last saved). So a write at noon does not
report tomorrow's overdue invoices today, and no write pays for a run that AWS would not make.

The expressions are EventBridge's: six fields (minutes, hours, day of month, month, day of week,
year), `?` in one of the two day fields, lists, ranges, steps and the names of months and days;
days of the week count from 1 = SUN. `L`, `W` and `#` are not kept here: a template with them is
refused at start rather than run at the wrong times.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

_MONTHS = ("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC")
_DAYS = ("SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT")
# (lowest, highest, names from the lowest on) of each field, in the expression's order.
_FIELDS = ((0, 59, ()), (0, 23, ()), (1, 31, ()), (1, 12, _MONTHS), (1, 7, _DAYS), (1970, 2199, ()))
_ITEM = re.compile(r"^(?P<range>\*|[A-Z0-9]+(?:-[A-Z0-9]+)?)(?:/(?P<step>[0-9]+))?$")
# EventBridge's last day (`L`, `5L`, `L-2`), nearest weekday (`15W`, `LW`) and nth weekday (`6#3`).
_SPECIAL = re.compile(r"#|^[0-9]*L$|^L-|^[0-9]*W$|^LW$")
# How far back a look reaches: a schedule that has a time at all has one within a year and a day,
# except a leap day's or a year field's, which a stack stopped for that long may miss.
_REACH = timedelta(days=366)


class NotEmulated(ValueError):
    """A schedule expression the local stack does not keep."""


@dataclass(frozen=True)
class Cron:
    minutes: frozenset[int]
    hours: frozenset[int]
    days: frozenset[int] | None  # None: `?`, the day of the week decides
    months: frozenset[int]
    weekdays: frozenset[int] | None  # None: `?`, the day of the month decides
    years: frozenset[int]
    zone: ZoneInfo

    @classmethod
    def parse(cls, expression: str, zone: str = "UTC") -> Cron:
        """`cron(0 1 * * ? *)` and its timezone (the template's ScheduleExpressionTimezone)."""
        body = expression.strip()
        if not (body.startswith("cron(") and body.endswith(")")):
            raise NotEmulated(f"not a cron expression: {expression!r}")
        fields = body[5:-1].split()
        if len(fields) != len(_FIELDS):
            raise NotEmulated(f"a cron expression has {len(_FIELDS)} fields: {expression!r}")
        values = [_field(text.upper(), *spec, expression) for text, spec in zip(fields, _FIELDS, strict=True)]
        minutes, hours, days, months, weekdays, years = values
        if (days is None) == (weekdays is None):
            raise NotEmulated(f"one of the day fields, and only one, is `?` in EventBridge: {expression!r}")
        if minutes is None or hours is None or months is None or years is None:
            raise NotEmulated(f"`?` is only for a day field: {expression!r}")
        return cls(minutes, hours, days, months, weekdays, years, ZoneInfo(zone))

    def matches(self, local: datetime) -> bool:
        """Whether the minute `local` (in the schedule's zone) is one of the schedule's times."""
        return local.minute in self.minutes and local.hour in self.hours and self._day(local)

    def _day(self, local: datetime) -> bool:
        if local.month not in self.months or local.year not in self.years:
            return False
        if self.days is not None:
            return local.day in self.days
        return self.weekdays is not None and (local.weekday() + 1) % 7 + 1 in self.weekdays

    def came_between(self, after: datetime, until: datetime) -> bool:
        """Whether one of the schedule's times is in (after, until] (aware datetimes), looking at
        most a year and a day back: minute by minute within a matching hour, else an hour on."""
        moment = max(after, until - _REACH).astimezone(UTC).replace(second=0, microsecond=0) + timedelta(minutes=1)
        end = until.astimezone(UTC)
        while moment <= end:
            local = moment.astimezone(self.zone)
            if local.hour in self.hours and self._day(local):
                if local.minute in self.minutes:
                    return True
                moment += timedelta(minutes=1)
            else:
                # To the next hour on the zone's clock (a zone may be off UTC by a half hour).
                moment += timedelta(minutes=60 - local.minute)
        return False


def _field(text: str, low: int, high: int, names: tuple[str, ...], expression: str) -> frozenset[int] | None:
    if text == "?":
        return None
    chosen: set[int] = set()
    for item in text.split(","):
        found = None if _SPECIAL.search(item) else _ITEM.match(item)
        if found is None:
            raise NotEmulated(f"{item!r} of {expression!r} is not kept by the local stack (L, W and # are not)")
        first, last = (low, high) if found["range"] == "*" else _bounds(found["range"], low, names, expression)
        if not low <= first <= last <= high:
            raise NotEmulated(f"{item!r} of {expression!r} is outside {low}-{high}")
        step = int(found["step"] or 1)
        if step < 1:
            raise NotEmulated(f"{item!r} of {expression!r} steps by 0")
        if found["step"] and "-" not in found["range"] and found["range"] != "*":
            last = high  # `5/15`: from 5 on, every 15
        chosen.update(range(first, last + 1, step))
    return frozenset(chosen)


def _bounds(text: str, low: int, names: tuple[str, ...], expression: str) -> tuple[int, int]:
    first, _, last = text.partition("-")
    return _value(first, low, names, expression), _value(last or first, low, names, expression)


def _value(text: str, low: int, names: tuple[str, ...], expression: str) -> int:
    if text.isdigit():
        return int(text)
    if text in names:
        return low + names.index(text)
    raise NotEmulated(f"{text!r} of {expression!r} is not a value of its field")
