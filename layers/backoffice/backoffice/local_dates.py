"""The company's calendar: invoice dates, due dates and days overdue are days in Europe/Zurich, not UTC.

A module of its own, apart from the invoice model, so that a route that only needs today's date
(a customer's open amounts, the open items list) does not import the invoice rules at its first
request (docs/operations.md, "Cold starts").
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo

ZONE = ZoneInfo("Europe/Zurich")


def today() -> date:
    """Today in the company's calendar."""
    return datetime.now(UTC).astimezone(ZONE).date()
