"""platform.parallel: independent work a few at a time, in order, in the caller's context."""

from __future__ import annotations

import contextvars
import threading

from backoffice.platform import parallel

_who: contextvars.ContextVar[str] = contextvars.ContextVar("who", default="nobody")


def test_results_come_in_the_order_of_the_inputs_and_each_runs_in_the_callers_context() -> None:
    _who.set("KundenFunction")
    threads: set[int] = set()

    def work(n: int) -> tuple[int, str]:
        threads.add(threading.get_ident())
        return n * n, _who.get()

    assert parallel.in_parallel(work, list(range(20)), 4) == [(n * n, "KundenFunction") for n in range(20)]
    assert threading.get_ident() not in threads  # the work ran in the pool, not in the caller


def test_one_worker_or_one_input_runs_in_the_callers_thread() -> None:
    seen: list[int] = []
    assert parallel.in_parallel(lambda n: seen.append(threading.get_ident()) or n, [1, 2], 1) == [1, 2]
    assert parallel.in_parallel(lambda n: seen.append(threading.get_ident()) or n, [3], 8) == [3]
    assert set(seen) == {threading.get_ident()}
