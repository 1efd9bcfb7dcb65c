"""The failed-login lockout (platform/login_guard.py): exact delays, unknown names counted like
known ones, tokens issued before untouched, a success clearing the name's failures."""

from __future__ import annotations

import base64
import io
import json
from contextlib import redirect_stdout
from typing import Any

import pytest

from backoffice.errors import TooManyRequests
from backoffice.platform import auth, dynamo, login_guard, user_store
from tests.support.invoke import call

SOURCE = "198.51.100.7"


class Clock:
    """login_guard's time.time, moved by the test."""

    def __init__(self, now: float) -> None:
        self.now = now

    def time(self) -> float:
        return self.now


@pytest.fixture
def clock(aws: Any, monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock(1_800_000_000.0)
    monkeypatch.setattr(login_guard, "time", fake)
    return fake


@pytest.mark.parametrize(
    ("failures", "seconds"),
    [(1, 0), (5, 0), (6, 1), (7, 2), (8, 4), (10, 16), (15, 512), (16, 900), (200, 900)],
)
def test_the_delay_is_free_for_five_failures_then_doubles_from_one_second_up_to_fifteen_minutes(
    failures: int, seconds: int
) -> None:
    assert login_guard.delay(failures, free=5, first=1, cap=900) == seconds


def _fail(name: str, password: str = "wrong", source: str = SOURCE) -> Any:  # noqa: S107 - a test password
    with pytest.raises((auth.BasicRequired, TooManyRequests)) as exc:
        auth.login(name, password, source)
    return exc.value


def test_after_the_free_failures_even_the_right_password_waits_until_the_delay_has_passed(clock: Clock) -> None:
    auth.save_user("shop1", "right", None)
    for _ in range(5):
        assert _fail("shop1").status == 401
    assert _fail("shop1").status == 401  # the 6th failure is answered, and locks for 1 s
    refused = _fail("shop1", "right")
    assert (refused.status, refused.headers["Retry-After"], refused.code) == (429, "1", "too_many_requests")
    clock.now += 1
    assert auth.login("shop1", "right", SOURCE).name == "shop1"


def test_each_further_failure_doubles_the_delay(clock: Clock) -> None:
    auth.save_user("shop1", "right", None)
    for failures in range(1, 10):
        assert _fail("shop1").status == 401
        locked = login_guard.delay(failures, 5, 1, 900)
        if locked:
            assert _fail("shop1", "right").headers["Retry-After"] == str(locked)
            clock.now += locked
    assert auth.login("shop1", "right", SOURCE).name == "shop1"


def test_a_success_clears_the_names_failures(clock: Clock) -> None:
    auth.save_user("shop1", "right", None)
    for _ in range(5):
        _fail("shop1")
    auth.login("shop1", "right", SOURCE)
    assert dynamo.get_item(*login_guard.counters("shop1", SOURCE)[0].key(), table=user_store.table()) is None
    for _ in range(5):  # five free failures again
        assert _fail("shop1").status == 401
    assert auth.login("shop1", "right", SOURCE).name == "shop1"


def test_tokens_issued_before_keep_working_during_a_lock(clock: Clock) -> None:
    user = auth.save_user("shop1", "right", None)
    token, _ = auth.issue_token(user)
    for _ in range(8):
        _fail("shop1")
    assert _fail("shop1", "right").status == 429
    assert auth.authorize(token).name == "shop1"


def test_an_unknown_name_is_counted_and_locked_like_a_known_one(clock: Clock) -> None:
    auth.save_user("shop1", "right", None)
    known = [_fail("shop1", source=f"10.0.0.{n}") for n in range(7)]
    unknown = [_fail("nobody", source=f"10.0.1.{n}") for n in range(7)]
    assert [(e.status, e.code, e.description, e.headers) for e in known] == [
        (e.status, e.code, e.description, e.headers) for e in unknown
    ]
    assert known[-1].status == 429


def test_the_source_is_locked_after_its_own_free_failures_whatever_the_names(clock: Clock) -> None:
    auth.save_user("shop1", "right", None)
    for n in range(20):
        assert _fail(f"guess{n}").status == 401
    assert _fail("guess-x").status == 401  # the 21st locks the source for 1 s
    assert _fail("shop1", "right").status == 429
    assert auth.login("shop1", "right", "203.0.113.9").name == "shop1"  # another source is served
    clock.now += 1
    assert auth.login("shop1", "right", SOURCE).name == "shop1"


def test_counters_are_forgotten_after_their_time_to_live(clock: Clock) -> None:
    for _ in range(6):
        _fail("shop1")
    pk, sk = login_guard.counters("shop1", SOURCE)[0].key()
    item = dynamo.get_item(pk, sk, table=user_store.table())
    assert item is not None
    assert item["ExpiresAt"] == item["LockedUntil"] + 900
    clock.now = float(item["ExpiresAt"]) + 1  # expired, though DynamoDB has not deleted it yet
    login_guard.check("shop1", SOURCE)
    assert _fail("shop1").status == 401
    assert dynamo.get_item(pk, sk, table=user_store.table())["Failures"] == 1  # type: ignore[index]


def _token_request(user: str, password: str) -> Any:
    basic = base64.b64encode(f"{user}:{password}".encode()).decode()
    return call("token", "POST", "/www/token", headers={"Authorization": f"Basic {basic}"})


def test_over_http_an_unknown_name_is_answered_like_a_wrong_password_and_a_failure_is_a_metric(
    aws: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    auth.save_user("shop1", "right", None)
    out = io.StringIO()
    work: list[tuple[str, tuple[int, int, int, int]]] = []
    scrypt = auth.hashlib.scrypt

    def counted(password: bytes, **kwargs: Any) -> bytes:
        work.append((password.decode(), (kwargs["n"], kwargs["r"], kwargs["p"], kwargs["dklen"])))
        return scrypt(password, **kwargs)

    monkeypatch.setattr(auth.hashlib, "scrypt", counted)
    with redirect_stdout(out):
        known, unknown = _token_request("shop1", "wrong"), _token_request("nobody", "wrong")
    # The same scrypt work for both: one check with the stored hashes' parameters (the time it takes).
    assert work == [("wrong", (16384, 8, 1, 32))] * 2
    assert (known.status, known.json()) == (unknown.status, unknown.json())
    assert known.headers.pop("X-Request-Id") != unknown.headers.pop("X-Request-Id")  # nothing else differs
    assert known.headers == unknown.headers
    assert known.status == 401
    metrics = [json.loads(line) for line in out.getvalue().splitlines() if '"_aws"' in line]
    assert [m["FailedLogin"] for m in metrics] == [[1.0], [1.0]]
    assert _token_request("shop1", "right").status == 200


def test_guesses_sent_together_past_the_free_failures_get_one_password_check(
    clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A second attempt arriving while the first one's password is checked is a 429 before any check
    of its own: a burst of parallel guesses gets one check per lock, not one per request."""
    auth.save_user("shop1", "right", None)
    for _ in range(5):
        _fail("shop1")
    checked: list[str] = []
    authenticate = auth.authenticate

    def meanwhile(name: str, password: str) -> auth.User:
        checked.append(password)
        if password == "wrong":  # the second request comes in while the first is checked
            during = _fail("shop1", "right")
            assert (during.status, during.headers["Retry-After"]) == (429, "5")
        return authenticate(name, password)

    monkeypatch.setattr(auth, "authenticate", meanwhile)
    assert _fail("shop1").status == 401  # the 6th failure: locks for 1 s, in place of the hold
    assert checked == ["wrong"]
    assert _fail("shop1", "right").headers["Retry-After"] == "1"
    clock.now += 1
    assert auth.login("shop1", "right", SOURCE).name == "shop1"
    assert checked == ["wrong", "right"]


def test_a_success_gives_the_sources_hold_back(clock: Clock) -> None:
    auth.save_user("shop1", "right", None)
    for n in range(20):
        _fail(f"guess{n}")
    assert auth.login("shop1", "right", SOURCE).name == "shop1"  # the source's 20 failures stay
    item = dynamo.get_item(*login_guard.counters("shop1", SOURCE)[1].key(), table=user_store.table())
    assert item is not None
    assert (item["Failures"], item.get("LockedUntil", 0)) == (20, 0)
    assert auth.login("shop1", "right", SOURCE).name == "shop1"  # not held back by the first one's hold


def test_two_checks_racing_for_a_counter_one_holds_it_the_other_is_told_to_retry(clock: Clock) -> None:
    for _ in range(5):
        _fail("shop1")
    (held,) = login_guard.check("shop1", SOURCE).holds
    assert held == (login_guard.counters("shop1", SOURCE)[0], int(clock.now) + login_guard.HOLD_SECONDS)
    pk, sk = held[0].key()
    assert not dynamo.hold_until(
        pk, sk, "LockedUntil", int(clock.now) + 5, int(clock.now), table=user_store.table()
    )  # the loser
    with pytest.raises(TooManyRequests) as second:
        login_guard.check("shop1", SOURCE)
    assert second.value.headers["Retry-After"] == "5"
    login_guard.release([held])
    assert login_guard.check("shop1", SOURCE).holds == [(held[0], int(clock.now) + login_guard.HOLD_SECONDS)]


def test_an_ipv6_source_is_counted_by_its_64_block(clock: Clock) -> None:
    """One host picks its addresses from a whole /64: counted per address it would never be locked."""
    auth.save_user("shop1", "right", None)
    for n in range(21):  # 20 free, the 21st locks, each from another address of the block
        assert _fail(f"guess{n}", source=f"2001:db8:1:2::{n + 1:x}").status == 401
    assert _fail("shop1", "right", source="2001:db8:1:2:ffff::9").status == 429
    assert auth.login("shop1", "right", "2001:db8:1:3::1").name == "shop1"  # the next /64 is another source
    assert login_guard.source_key("2001:DB8:1:2::1") == "2001:db8:1:2::/64"
    assert login_guard.source_key("198.51.100.7") == login_guard.source_key("::ffff:198.51.100.7") == "198.51.100.7"
    assert login_guard.source_key("not an address") == "not an address"


SHOP, GUESSER, NEWCOMER = "192.0.2.10", "198.51.100.66", "203.0.113.20"


def test_a_source_known_for_the_name_is_let_past_the_names_lock_while_others_wait(clock: Clock) -> None:
    """Anyone who knows a shop's user name could otherwise keep the shop from getting tokens with
    one wrong password now and then from anywhere."""
    auth.save_user("shop1", "right", None)
    assert auth.login("shop1", "right", SHOP).name == "shop1"  # the shop's server: known from now on
    for _ in range(7):
        _fail("shop1", source=GUESSER)  # the 6th locks the name for 1 s, the 7th (after it) for 2 s
        clock.now += 1
    assert _fail("shop1", "right", source=GUESSER).status == 429
    assert _fail("shop1", "right", source=NEWCOMER).status == 429  # never logged in: the name's lock holds
    assert auth.login("shop1", "right", SHOP).name == "shop1"
    # The shop's success clears nothing of what the guesser earned: still locked, and the next
    # failure doubles the delay instead of starting from five free ones.
    counter = dynamo.get_item(*login_guard.counters("shop1", GUESSER)[0].key(), table=user_store.table())
    assert counter is not None
    assert (counter["Failures"], counter["LockedUntil"]) == (7, int(clock.now) + 1)
    clock.now += 1
    assert _fail("shop1", source=GUESSER).status == 401
    assert _fail("shop1", "right", source=GUESSER).headers["Retry-After"] == "4"


def test_a_wrong_password_from_a_known_source_forgets_it_and_the_names_lock_holds_it_too(clock: Clock) -> None:
    auth.save_user("shop1", "right", None)
    assert auth.login("shop1", "right", SHOP).name == "shop1"
    assert dynamo.get_item(*login_guard.known_key("shop1", SHOP), table=user_store.table()) == {
        "PK": "LOGIN#user#shop1",
        "SK": f"SOURCE#{SHOP}",
        "ExpiresAt": int(clock.now) + 30 * 24 * 3600,
    }
    for _ in range(6):
        assert _fail("shop1", source=SHOP).status == 401
    assert dynamo.get_item(*login_guard.known_key("shop1", SHOP), table=user_store.table()) is None
    refused = _fail("shop1", "right", source=SHOP)
    assert (refused.status, refused.headers["Retry-After"]) == (429, "1")
    clock.now += 1
    assert auth.login("shop1", "right", SHOP).name == "shop1"  # after the delay: known again
    assert dynamo.get_item(*login_guard.known_key("shop1", SHOP), table=user_store.table()) is not None


def test_a_known_source_is_forgotten_thirty_days_after_its_last_login(clock: Clock) -> None:
    auth.save_user("shop1", "right", None)
    auth.login("shop1", "right", SHOP)
    clock.now += 30 * 24 * 3600  # expired, though DynamoDB has not deleted the mark yet
    for _ in range(6):
        _fail("shop1", source=GUESSER)
    assert _fail("shop1", "right", source=SHOP).status == 429


def test_a_source_is_known_per_name_and_never_for_an_unknown_one(clock: Clock) -> None:
    auth.save_user("shop1", "right", None)
    auth.save_user("shop2", "other", None)
    auth.login("shop1", "right", SHOP)
    for name in ("shop2", "nobody"):
        for _ in range(6):
            _fail(name, source=GUESSER)
        assert _fail(name, "other", source=SHOP).status == 429
    assert dynamo.get_item(*login_guard.known_key("nobody", SHOP), table=user_store.table()) is None
