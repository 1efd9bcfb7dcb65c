"""Starting `python -m local` for a test: free ports and the environment of a stack of its own.

tests/conftest.py starts the session's stack with these; tests/integration/test_local_data.py starts
stacks of its own (restarts, signals) with the same.
"""

from __future__ import annotations

import os
import socket
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def local_stack_env(api_port: int, aws_port: int, data: Path, fresh: bool = True) -> dict[str, str]:
    """The environment of a `python -m local` of a test: its ports, a data folder of its own."""
    env = {
        **os.environ,
        "PORT": str(api_port),
        "LOCAL_AWS_PORT": str(aws_port),
        "LOCAL_DATA": str(data),
        "LOCAL_QUIET": "1",
        "PYTHONUNBUFFERED": "1",
    }
    env.pop("FRESH", None)
    if fresh:
        env["FRESH"] = "1"
    return env
