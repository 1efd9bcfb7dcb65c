"""The retry schedule of a webhook delivery (pure): exponential backoff with jitter, 77 hours.

After the attempt `n` (1-based) failed, the next waits 30 s * 2^(n-1), at most 12 hours, plus up
to a quarter more at random (jitter: receivers that failed together are not all hit again at the
same second). 17 attempts: the delays without jitter add up to 77 hours (the promise is at least
72 hours and 10 attempts), then the delivery is failed. A subscription whose deliveries have all
failed for DISABLE_AFTER is disabled. `scale` (WEBHOOK_BACKOFF_SCALE) divides every delay and the
disabling time, never the answer timeout: a test runs the whole schedule in a minute or two.
"""

from __future__ import annotations

from datetime import timedelta

BASE_SECONDS = 30
CAP_SECONDS = 12 * 3600
ATTEMPTS = 17
JITTER = 0.25
DISABLE_AFTER = timedelta(days=5)


def base_delay(attempt: int) -> float:
    """Seconds before the attempt after `attempt`, without jitter and scale."""
    return float(min(BASE_SECONDS * 2 ** (attempt - 1), CAP_SECONDS))


def delay(attempt: int, scale: float, rand: float) -> float | None:
    """Seconds to wait after the failed attempt `attempt`; None when it was the last one.
    `rand` in [0, 1) picks the jitter."""
    if attempt >= ATTEMPTS:
        return None
    return base_delay(attempt) * (1 + JITTER * rand) / scale


def disable_after(scale: float) -> timedelta:
    """How long a subscription may fail every delivery before it is disabled."""
    return DISABLE_AFTER / scale
