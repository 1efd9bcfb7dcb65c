"""The garbage collector during a function's init (docs/operations.md, "Cold starts").

A cold start creates a few hundred thousand objects that live as long as the container: modules,
classes, pydantic's and botocore's tables. With the default thresholds the collector walks them
again and again while they are created (a full collection every 200,000 or so), and once more at
the first requests. So in Lambda (AWS_LAMBDA_FUNCTION_NAME set) the first import of the layer
raises the youngest generation's threshold (`pause`), and the end of the function's init
(`init_done`, called by `http.resolver.entrypoint` and by the handlers that do not use it) moves
everything alive into the permanent generation (`gc.freeze`) and restores the thresholds. Nothing
is left uncollected: reference counting frees as before, and a function that never called
`init_done` keeps collecting, only less often. Outside Lambda (tests, the local stack, the admin
CLI) nothing changes.
"""

from __future__ import annotations

import gc
import os

# Large enough that no full collection runs during an init (a few hundred thousand objects), small
# enough that a process which never reaches `init_done` still collects its cycles.
_INIT_THRESHOLD = (100_000, 10, 10)
_paused: list[tuple[int, int, int]] = []


def pause() -> None:
    """At the layer's first import: in Lambda, fewer collections while the init creates its objects."""
    if os.environ.get("AWS_LAMBDA_FUNCTION_NAME") and not _paused and gc.isenabled():
        _paused.append(gc.get_threshold())
        gc.set_threshold(*_INIT_THRESHOLD)


def init_done() -> None:
    """At the end of a function's init: what the init made is never walked again; the thresholds
    are the interpreter's again. Once; a no-op outside Lambda."""
    if _paused:
        gc.freeze()
        gc.set_threshold(*_paused.pop())
