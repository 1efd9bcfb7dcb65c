"""Starting `python -m local` for a test: free ports and the environment of a stack of its own; the
admin command run against a running one, and users made with it.

tests/conftest.py starts the session's stack with these; tests/integration/test_local_data.py starts
stacks of its own (restarts, signals) with the same.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import uuid
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
