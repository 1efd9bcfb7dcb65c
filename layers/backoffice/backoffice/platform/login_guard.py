"""The failed-login lockout of POST /www/token, per user name and per source IP.

Failures are counted per user name as sent (whether or not such a user exists, so that the lockout
says nothing about which names exist) and per source IP. The first failures in a row are free
(`login_free_failures` per name, `login_source_free_failures` per source); each further one locks
the name (or the source) for a delay: `login_first_delay_seconds`, doubled with every further
failure, at most `login_max_delay_seconds` (`delay`). While locked, every attempt, the right
password included, is a 429 with Retry-After, answered before any password is checked (no scrypt
work spent on it). A success clears the name's counter, not the source's: an attacker's own valid
account must not clear its address. Tokens issued before are never touched.

Once a counter has used up its free failures, the next password check holds it (`LockedUntil`
set for HOLD_SECONDS, conditionally, so one request of those arriving together gets it): the
others are a 429 before any password is checked, so a burst of parallel guesses gets one check per
lock, not one per request. The failure (or the success) then replaces the hold.

A source that logged in as a name is known for that name (KNOWN_SECONDS from its last success):
the name's lock does not apply to it, only its own source's. Otherwise anyone who knows a shop's
user name could keep the shop from getting tokens by sending one wrong password now and then from
anywhere. A failure from a known source forgets it for that name at once, so the source that sends
the wrong passwords is locked out by the name's lock as any other (issue 27's acceptance), and the
known mark cannot be had without the password.

A counter is an item of the users' table (platform/user_store: no stream consumer sees a user's
name or address; keys owned here), forgotten `login_max_delay_seconds` after its last lock ends:
its TTL attribute `ExpiresAt` (template.yaml), which reads compare themselves, since DynamoDB
deletes expired items late.
"""

from __future__ import annotations

import ipaddress
import math
import time
from dataclasses import dataclass
from typing import Any

from backoffice.errors import TooManyRequests
from backoffice.platform import dynamo, user_store
from backoffice.platform.environment import get_settings
from backoffice.platform.logger import logger
from backoffice.platform.user_store import table as users_table

PREFIX, SK = user_store.LOGIN_PREFIX, "LOGIN"
# The users table's TimeToLiveSpecification attribute (template.yaml).
TTL_ATTRIBUTE = "ExpiresAt"
FAILURES, LOCKED_UNTIL = "Failures", "LockedUntil"
METRIC = "FailedLogin"
# How long a password check holds a counter past its free failures: longer than a check takes
# (scrypt, ~0.1 s; a cold start ~1 s); a request that dies holding it delays the next for this long.
HOLD_SECONDS = 5
# How long a source stays known for a name after its last successful login (the name's lock skips it).
KNOWN_SECONDS = 30 * 24 * 3600
KNOWN_SK = "SOURCE#"
# User names are at most this long (auth.MAX_NAME); longer ones name nobody and share one counter,
# which keeps the keys bounded.
_KEY_NAME_LENGTH = 65


def delay(failures: int, free: int, first: int, cap: int) -> int:
    """Seconds locked after the `failures`-th failure in a row: none while free, then `first`
    doubling with each failure, at most `cap`."""
    if failures <= free:
        return 0
    return int(min(cap, first * 2 ** min(failures - free - 1, 40)))


@dataclass(frozen=True)
class Counter:
    """The failures of one user name or one source IP."""

    kind: str  # "user" or "source"
    value: str
    free: int

    def key(self) -> tuple[str, str]:
        return f"{PREFIX}{self.kind}#{self.value}", SK


def counters(name: str, source: str) -> tuple[Counter, Counter]:
    settings = get_settings()
    return (
        Counter("user", name[:_KEY_NAME_LENGTH], settings.login_free_failures),
        Counter("source", source_key(source), settings.login_source_free_failures),
    )


def source_key(source: str) -> str:
    """The source a failure counts against: an IPv4 address, or an IPv6 address's /64 (one host gets
    a whole /64 to choose its addresses from, so per address it would never be locked)."""
    try:
        address = ipaddress.ip_address(source)
    except ValueError:
        return source
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:  # ::ffff:a.b.c.d is an IPv4 client
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)


def _live(item: dict[str, Any] | None, now: float) -> dict[str, Any] | None:
    return item if item is not None and int(item.get(TTL_ATTRIBUTE, 0)) > now else None


Hold = tuple[Counter, int]  # a counter a password check holds, and until when


@dataclass(frozen=True)
class Passed:
    """A check let through: the counters it holds, and whether the source is known for the name."""

    holds: list[Hold]
    known: bool


def check(name: str, source: str, now: float | None = None) -> Passed:
    """A 429 while the name (unless the source is known for it) or the source is locked (Retry-After:
    the seconds left, rounded up), or held by a password check running now; else what it holds
    (`release` them)."""
    at = time.time() if now is None else now
    known = _live(dynamo.get_item(*known_key(name, source), consistent=True, table=users_table()), at) is not None
    live = [
        (counter, _live(dynamo.get_item(*counter.key(), consistent=True, table=users_table()), at))
        for counter in counters(name, source)
        if not (known and counter.kind == "user")
    ]
    until = max((int(item.get(LOCKED_UNTIL, 0)) for _, item in live if item is not None), default=0)
    if until > at:
        raise _locked(max(1, math.ceil(until - at)))
    holds: list[Hold] = []
    for counter, item in live:
        if item is not None and int(item.get(FAILURES, 0)) >= counter.free:
            hold = math.ceil(at) + HOLD_SECONDS
            if not dynamo.hold_until(*counter.key(), LOCKED_UNTIL, hold, math.floor(at), table=users_table()):
                release(holds)
                raise _locked(1)  # another check holds it now: its answer comes within the second
            holds.append((counter, hold))
    return Passed(holds, known)


def known_key(name: str, source: str) -> tuple[str, str]:
    """The mark of a source known for a name: beside the name's counter, in its partition."""
    user, _ = counters(name, "")
    return user.key()[0], f"{KNOWN_SK}{source_key(source)}"


def release(holds: list[Hold]) -> None:
    """Give back what a check held, where no failure has replaced it (a success, or a 429 after all)."""
    for counter, hold in holds:
        dynamo.give_back(*counter.key(), LOCKED_UNTIL, hold, table=users_table())


def _locked(wait: int) -> TooManyRequests:
    return TooManyRequests("Too many failed logins; try again after the seconds Retry-After gives.", wait)


def record_failure(name: str, source: str, now: float | None = None) -> int:
    """Count a failed login against the name and the source; the seconds the longer lock lasts."""
    at = time.time() if now is None else now
    settings = get_settings()
    dynamo.delete_item(
        *known_key(name, source), table=users_table()
    )  # a wrong password: the source is not known any more
    longest = 0
    for counter in counters(name, source):
        pk, sk = counter.key()
        if _live(dynamo.get_item(pk, sk, consistent=True, table=users_table()), at) is None:
            dynamo.delete_item(
                pk, sk, table=users_table()
            )  # expired but not yet deleted by DynamoDB: start again from 0
        forget_at = int(at) + settings.login_max_delay_seconds
        item = dynamo.update_item(pk, sk, add={FAILURES: 1}, set_={TTL_ATTRIBUTE: forget_at}, table=users_table())
        seconds = delay(
            int(item[FAILURES]), counter.free, settings.login_first_delay_seconds, settings.login_max_delay_seconds
        )
        if seconds:
            until = math.ceil(at) + seconds
            dynamo.update_existing(
                pk,
                sk,
                {LOCKED_UNTIL: until, TTL_ATTRIBUTE: until + settings.login_max_delay_seconds},
                table=users_table(),
            )
            longest = max(longest, seconds)
    logger.info("login failed", extra={"source": source, "locked_seconds": longest})
    _count_metric()
    return longest


def reset(name: str, source: str, passed: Passed, now: float | None = None) -> None:
    """A successful login: the source's hold given back (its failures stay), the source known for
    the name from now on, and the name's failures forgotten, unless the source was known already:
    that one was let past the name's lock, so its success says nothing of the guesses counted against
    the name (clearing them would give a guesser elsewhere new free tries at each of the shop's logins)."""
    at = time.time() if now is None else now
    if not passed.known:
        user, _ = counters(name, "")
        dynamo.delete_item(*user.key(), table=users_table())
    release([(counter, hold) for counter, hold in passed.holds if counter.kind != "user"])
    dynamo.update_item(*known_key(name, source), set_={TTL_ATTRIBUTE: int(at) + KNOWN_SECONDS}, table=users_table())


def _count_metric() -> None:
    # Imported here: only a failure pays for the metrics module, not the token function's cold start.
    from aws_lambda_powertools import Metrics
    from aws_lambda_powertools.metrics import MetricUnit

    metrics = Metrics()  # namespace POWERTOOLS_METRICS_NAMESPACE (template.yaml), dimension service
    metrics.add_metric(name=METRIC, unit=MetricUnit.Count, value=1)
    metrics.flush_metrics()  # one EMF line on stdout; CloudWatch makes it the FailedLogin metric
