"""UTC timestamps as the service stores and shows them: ISO 8601 ending in Z, fixed width.

Each stored timestamp keeps one precision, so that text order is time order within it:
milliseconds for the records' own times (ErfasstUTC, GeaendertUTC), microseconds for the sort
keys of the order list and the outbox, seconds for the catalogue's GeaendertAmUTC/Modified_UTC.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Literal

Precision = Literal["seconds", "milliseconds", "microseconds"]


def utc_now() -> datetime:
    return datetime.now(UTC)


def utc_text(moment: datetime | None = None, timespec: Precision = "milliseconds") -> str:
    """2026-11-23T09:16:57.123Z for `moment` (default: now), which must carry a time zone;
    timespec "seconds" gives ...:57Z, "microseconds" ...:57.123456Z."""
    if moment is None:
        moment = utc_now()
    if moment.tzinfo is None:
        raise ValueError("a timestamp must carry a time zone")
    return moment.astimezone(UTC).isoformat(timespec=timespec).replace("+00:00", "Z")
