"""Starting `python -m local` for a test: free ports and the environment of a stack of its own; the
admin command run against a running one, and users made with it.

tests/conftest.py starts the session's stack with these; tests/integration/test_local_data.py starts
stacks of its own (restarts, signals) with the same; `started` runs one on a data folder for a test
(tests/integration/test_archive_http.py: the data a release before left, migrated).
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tests.support import Api
from tests.support.aws import NO_LIMITS

ROOT = Path(__file__).resolve().parent.parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# The webhook retry schedule of the tests' stacks: 77 hours in under 8 minutes, the longest delay
# 72-90 s (tests/integration/test_webhook_delivery_http.py; docs/webhooks.md). The environment's
# WEBHOOK_BACKOFF_SCALE wins (a smaller one for a longer offline test).
WEBHOOK_BACKOFF_SCALE = float(os.environ.get("WEBHOOK_BACKOFF_SCALE") or 600)


def local_stack_env(
    api_port: int, aws_port: int, data: Path, fresh: bool = True, overrides: str = NO_LIMITS
) -> dict[str, str]:
    """The environment of a `python -m local` of a test: its ports, a data folder of its own, its
    parameters, the webhook retry schedule shortened."""
    env = {
        "WEBHOOK_BACKOFF_SCALE": str(WEBHOOK_BACKOFF_SCALE),
        **os.environ,
        "PORT": str(api_port),
        "LOCAL_AWS_PORT": str(aws_port),
        "LOCAL_DATA": str(data),
        "LOCAL_QUIET": "1",
        "PYTHONUNBUFFERED": "1",
        "PARAMETER_OVERRIDES": overrides,
    }
    env.pop("FRESH", None)
    if fresh:
        env["FRESH"] = "1"
    return env


def admin(local_stack: dict[str, Any], *args: str, password: str | None = None) -> subprocess.CompletedProcess[str]:
    """`python -m backoffice.admin ... --local` against the test's stack."""
    env = {**os.environ, "LOCAL_AWS_PORT": local_stack["aws"].rsplit(":", 1)[1]}
    return subprocess.run(
        [sys.executable, "-m", "backoffice.admin", *args, "--local"],
        input=None if password is None else password + "\n",
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def add_user(local_stack: dict[str, Any], name: str, *options: str) -> Api:
    """A user made by the admin command, and a client logged in as it."""
    password = f"pw-{uuid.uuid4().hex}"
    done = admin(local_stack, "user", "add", name, *options, "--password-stdin", password=password)
    assert done.returncode == 0, done.stderr
    client = Api(local_stack["api"])
    client.login(name, password)
    client.password = password  # type: ignore[attr-defined]
    return client


class StartedStack:
    """A `python -m local` of a test's own (`started`): its API's base URL, its AWS port, its output."""

    def __init__(self, proc: subprocess.Popen[bytes], log: Path, api_port: int, aws_port: int) -> None:
        self.proc, self.log = proc, log
        self.api, self.aws = f"http://127.0.0.1:{api_port}", f"http://127.0.0.1:{aws_port}"
        self.stack = {"api": self.api, "aws": self.aws}  # as `admin` takes the session's stack

    def client(self, service: str) -> Any:
        import boto3

        return boto3.client(
            service,
            endpoint_url=self.aws,
            aws_access_key_id="local",
            aws_secret_access_key="local",
            region_name="eu-central-1",
        )

    def stop(self) -> None:
        """SIGTERM: the stack saves its data folder, then exits."""
        self.proc.terminate()
        assert self.proc.wait(timeout=60) == 0, self.log.read_text()[-2000:]


@contextlib.contextmanager
def started(data: Path, fresh: bool) -> Iterator[StartedStack]:
    """A local stack on `data` (FRESH=1 or its saved data), until the block ends (killed if still running)."""
    api_port, aws_port = free_port(), free_port()
    log = data.parent / f"{data.name}-{api_port}.log"
    with log.open("w") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "local"],
            cwd=ROOT,
            env=local_stack_env(api_port, aws_port, data, fresh=fresh),
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        deadline = time.monotonic() + 180  # a bound on a hung start, not a measure
        while "READY" not in log.read_text():
            assert proc.poll() is None, log.read_text()[-3000:]
            assert time.monotonic() < deadline, log.read_text()[-3000:]
            time.sleep(0.2)
        yield StartedStack(proc, log, api_port, aws_port)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
