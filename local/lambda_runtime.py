"""Lambda's runtime emulated in-process: a function's handler module run as Lambda runs it.

A handler module is loaded from the file template.yaml names (CodeUri and Handler), under a name of
its own; it gets Lambda's context object and the function's Timeout and MemorySize. One instance
per function serves one request at a time, as a Lambda instance does; an instance that outlasts
its time limit is discarded, and the next request loads the module afresh (a cold start). Lambda's
6 MB limit on a function's answer is here; the request's limit is the layer's own check
(backoffice.http.request_body), which API Gateway's emulation (local/gateway.py) applies first.
"""

from __future__ import annotations

import importlib.util
import sys
import threading
import time
import traceback
import uuid
from collections.abc import Callable
from types import ModuleType, SimpleNamespace
from typing import Any

from backoffice.http.request_body import MAX_EVENT_BYTES, event_size
from local import iam
from local.template import ACCOUNT, REGION, Stack

Handler = Callable[[dict[str, Any], Any], Any]


def load_module(stack: Stack, logical: str) -> ModuleType:
    """The handler module of a function, imported from its file under a name of its own."""
    path, _ = stack.handler_file(logical)
    spec = importlib.util.spec_from_file_location(f"lambda_{logical}", path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    # Registered before running, as an import would: pydantic resolves a handler's postponed
    # annotations (from __future__ import annotations) through sys.modules.
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def load_handler(stack: Stack, logical: str) -> Handler:
    return getattr(load_module(stack, logical), stack.handler_file(logical)[1])  # type: ignore[no-any-return]


def lambda_context(function: str, timeout: float = 28, memory: int = 512) -> SimpleNamespace:
    deadline = time.monotonic() + timeout
    return SimpleNamespace(
        function_name=function,
        function_version="$LATEST",
        invoked_function_arn=f"arn:aws:lambda:{REGION}:{ACCOUNT}:function:{function}",
        memory_limit_in_mb=memory,
        aws_request_id=str(uuid.uuid4()),
        log_group_name=f"/aws/lambda/{function}",
        log_stream_name="local",
        get_remaining_time_in_millis=lambda: max(0, int((deadline - time.monotonic()) * 1000)),
    )


def answer_refused(result: Any) -> bool:
    """Whether Lambda refuses a function's answer: larger than its 6 MB as JSON. A TypeError,
    ValueError or AttributeError when the answer is no proxy result at all."""
    return event_size(result) > MAX_EVENT_BYTES


class Invocation:
    """One call of a function, which the caller may stop waiting for."""

    def __init__(self) -> None:
        self.started = threading.Event()
        self.done = threading.Event()
        self.lock: threading.Lock | None = None  # the instance it runs on
        self.result: Any = None
        self.error: BaseException | None = None

    def fail(self, error: BaseException) -> None:
        """The function could not even start (its module failed to load)."""
        self.error = error
        self.started.set()
        self.done.set()


class LambdaRuntime:
    """The functions of a stack, each with one instance at a time that serves one request at a time."""

    def __init__(self, stack: Stack) -> None:
        self.stack = stack
        self.handlers: dict[str, Handler] = {}
        self.modules: dict[str, ModuleType] = {}
        # The resolvers keep per-request state on the module's app (powertools' app.context): an
        # instance runs one request at a time; its lock is the instance (see call()).
        self._instances: dict[str, threading.Lock] = {}
        self._instances_lock = threading.Lock()

    def handler(self, logical: str) -> Handler:
        if logical not in self.handlers:
            self.modules[logical] = load_module(self.stack, logical)
            handler = getattr(self.modules[logical], self.stack.handler_file(logical)[1])
            # Held to the function's policies in template.yaml, as IAM holds it in AWS (local/iam.py).
            self.handlers[logical] = iam.as_function(self.stack, logical, handler)
        return self.handlers[logical]

    def context(self, logical: str) -> SimpleNamespace:
        return lambda_context(logical, self.stack.timeout(logical), self.stack.memory(logical))

    def call(
        self, logical: str, event: dict[str, Any], limit: float, after: Callable[[], None] | None = None
    ) -> Invocation:
        """Run a function as Lambda would, waiting for it at most `limit` seconds once it runs.

        The time counts from the moment the request runs, since in AWS a concurrent request would
        find an instance of its own at once. When the limit passes, the caller answers and the
        instance is discarded, as Lambda discards one that timed out: the next request loads the
        module afresh. Python cannot stop a thread, so the old handler runs on until it returns, its
        answer dropped. `after` runs once the handler has returned, before the call is done.
        """
        call = Invocation()
        run = threading.Thread(target=self._run, args=(logical, event, call, after), daemon=True)
        run.name = f"lambda-{logical}"
        run.start()
        # Unbounded: the request before it on the instance ends, or is given up, within its own limit.
        call.started.wait()
        if not call.done.wait(limit):
            self._discard(logical, call.lock)
        return call

    def _run(self, logical: str, event: dict[str, Any], call: Invocation, after: Callable[[], None] | None) -> None:
        try:
            lock, handler = self._acquire(logical)
        except Exception as exc:  # noqa: BLE001 - a module that fails to load fails its requests
            traceback.print_exc()
            call.fail(exc)
            return
        call.lock = lock
        call.started.set()
        try:
            call.result = handler(event, self.context(logical))
        except Exception as exc:  # noqa: BLE001 - a failed function is API Gateway's answer
            if str(exc) != "Unauthorized":
                traceback.print_exc()
            call.error = exc
        finally:
            lock.release()
        try:
            if after is not None:
                after()
        finally:
            call.done.set()

    def _acquire(self, logical: str) -> tuple[threading.Lock, Handler]:
        """The function's current instance, held for one request (waiting for the one before)."""
        while True:
            lock, handler = self._instance(logical)
            if lock.acquire(timeout=0.2):
                if self._instances.get(logical) is lock:
                    return lock, handler
                lock.release()  # discarded while this request waited for it

    def _instance(self, logical: str) -> tuple[threading.Lock, Handler]:
        """The function's current instance: its lock and its handler (loaded when there is none)."""
        with self._instances_lock:
            lock = self._instances.get(logical)
            if lock is None:
                lock = self._instances[logical] = threading.Lock()
            return lock, self.handler(logical)

    def _discard(self, logical: str, lock: threading.Lock | None) -> None:
        """Forget a timed-out instance: the next request loads the module afresh."""
        with self._instances_lock:
            if self._instances.get(logical) is lock:
                del self._instances[logical]
                self.handlers.pop(logical, None)
                self.modules.pop(logical, None)
