"""Independent pieces of work (requests that cost mostly their round trip) run a few at a time."""

from __future__ import annotations

import contextvars
from collections.abc import Callable, Sequence


def in_parallel[T, R](work: Callable[[T], R], inputs: Sequence[T], workers: int) -> list[R]:
    """`work` over `inputs`, at most `workers` at a time, the results in the order of the inputs.

    For requests that are independent and cost mostly their round trip. Each runs in a copy of the
    caller's context: what the request set up there (the log's correlation id, the local stack's
    IAM check of the running function) holds in the worker threads too, which a bare thread pool
    would drop.
    """
    if workers <= 1 or len(inputs) <= 1:
        return [work(one) for one in inputs]
    # Imported here: every function loads this module (through platform.dynamo), few need a pool,
    # and concurrent.futures is a cold-start cost for the rest.
    from concurrent.futures import ThreadPoolExecutor

    # A copy per piece, taken here in the caller's thread: a context may be entered by one thread
    # at a time, and a copy taken in the worker would be the worker's own (empty) context.
    contexts = [contextvars.copy_context() for _ in inputs]
    with ThreadPoolExecutor(max_workers=min(workers, len(inputs))) as pool:
        return list(pool.map(lambda ctx, one: ctx.run(work, one), contexts, inputs))
