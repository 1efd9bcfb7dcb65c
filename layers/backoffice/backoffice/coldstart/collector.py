"""The garbage collector during a function's cold start (docs/operations.md, "Cold starts").

A cold start creates a few hundred thousand objects that live as long as the container: modules,
classes, pydantic's and botocore's tables, and at the first request the clients and their service
models. With the default thresholds the collector walks them again and again while they are
created (a young collection every 2,000 allocations, a full one every 200,000 or so). So in Lambda
(AWS_LAMBDA_FUNCTION_NAME set) the first import of the layer raises the youngest generation's
threshold (`pause`); the end of the function's init (`init_done`, called by
`http.resolver.entrypoint` and by the handlers that do not use it) moves everything alive into the
permanent generation (`gc.freeze`); the end of the first request (`first_request_done`, called by
the handler wrapped in `handler`) freezes what that request made and restores the thresholds.
Nothing is left uncollected: reference counting frees as before, and a function that never gets
there keeps collecting, only less often. Outside Lambda (tests, the local stack, the admin CLI)
nothing changes, nor with the switch off (`BACKOFFICE_COLDSTART_TWEAKS`, coldstart/__init__.py).
"""

from __future__ import annotations

import functools
import gc
import os
from collections.abc import Callable
from typing import Any

from backoffice import coldstart

# Large enough that no full collection runs during an init or a first request (a few hundred
# thousand objects), small enough that a process which never reaches `first_request_done` still
# collects its cycles.
_INIT_THRESHOLD = (100_000, 10, 10)
_paused: list[tuple[int, int, int]] = []

Handler = Callable[[dict[str, Any], Any], Any]


def pause() -> None:
    """At the layer's first import: in Lambda, fewer collections while the cold start creates its objects."""
    if not os.environ.get("AWS_LAMBDA_FUNCTION_NAME") or _paused or not gc.isenabled():
        return
    if coldstart.on("collector"):
        _paused.append(gc.get_threshold())
        gc.set_threshold(*_INIT_THRESHOLD)


def init_done() -> None:
    """At the end of a function's init: what the init made is never walked again. The thresholds
    stay raised through the first request (`first_request_done`). A no-op outside Lambda."""
    if _paused:
        gc.freeze()


def first_request_done() -> None:
    """At the end of the first request: what it made (clients, validators) is frozen too, and the
    thresholds are the interpreter's again. Once; a no-op outside Lambda."""
    if _paused:
        gc.freeze()
        gc.set_threshold(*_paused.pop())


def handler(function: Handler) -> Handler:
    """A Lambda handler that ends the cold start (`first_request_done`) after its first invocation,
    whatever it answered."""

    @functools.wraps(function)
    def invoke(event: dict[str, Any], context: Any) -> Any:
        try:
            return function(event, context)
        finally:
            first_request_done()

    return invoke
