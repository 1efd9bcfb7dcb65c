"""Fixtures of every test: AWS in-process (moto) for unit tests, the local stack over HTTP for integration."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support import Api

ROOT = Path(__file__).resolve().parent.parent

# Never let a test reach a real AWS account.
for var, value in {
    "AWS_ACCESS_KEY_ID": "testing",
    "AWS_SECRET_ACCESS_KEY": "testing",
    "AWS_SESSION_TOKEN": "testing",
    "AWS_DEFAULT_REGION": "eu-central-1",
}.items():
    os.environ[var] = value
os.environ.pop("AWS_ENDPOINT_URL", None)
os.environ.pop("AWS_PROFILE", None)


@pytest.fixture
def aws() -> Iterator[Any]:
    """moto in-process with every resource of template.yaml created, the layer pointed at it."""
    from moto import mock_aws

    from backoffice import company
    from backoffice.platform.aws import reset_clients
    from backoffice.platform.environment import get_settings
    from local.emulation import create_resources
    from local.template import Stack

    stack = Stack.read()
    saved = dict(os.environ)
    with mock_aws():
        for logical in stack.resources("AWS::Serverless::Function"):
            os.environ.update(stack.environment(logical))
        reset_clients()
        get_settings.cache_clear()
        company.forget_config()
        _forget_caches()
        create_resources(stack)
        yield stack
    os.environ.clear()
    os.environ.update(saved)
    reset_clients()
    get_settings.cache_clear()
    company.forget_config()
    _forget_caches()


def _forget_caches() -> None:
    from backoffice.platform import auth, idempotency

    auth.forget_keys()
    idempotency._persistence.cache_clear()


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


@pytest.fixture(scope="session")
def local_stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """`python -m local` started once for the session on free ports, from the demo data in a data
    folder of its own (never the developer's .local-data/); its URLs."""
    api_port, aws_port = free_port(), free_port()
    env = local_stack_env(api_port, aws_port, tmp_path_factory.mktemp("local-data"))
    log = ROOT / ".pytest_cache" / "local-stack.log"
    log.parent.mkdir(exist_ok=True)
    with log.open("w") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "local"], cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT
        )
        deadline = time.monotonic() + 180
        while "READY" not in log.read_text():
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                pytest.fail(f"the local stack did not start:\n{log.read_text()[-3000:]}")
            time.sleep(0.2)
        try:
            yield {"api": f"http://127.0.0.1:{api_port}", "aws": f"http://127.0.0.1:{aws_port}", "log": log}
        finally:
            proc.terminate()
            proc.wait(timeout=20)


@pytest.fixture
def api(local_stack: dict[str, Any]) -> Api:
    """A client of the local stack, logged in as the demo user."""
    client = Api(local_stack["api"])
    client.login()
    return client


@pytest.fixture
def operator_api(local_stack: dict[str, Any]) -> Api:
    """A client of the local stack, logged in as the demo operator (the one who may DELETE /www/log)."""
    client = Api(local_stack["api"])
    client.login("operator", "operator")
    return client


@pytest.fixture
def local_client(local_stack: dict[str, Any]) -> Callable[[str], Any]:
    """boto3 clients on the local stack's AWS emulation, to look behind the API."""
    import boto3

    def make(service: str) -> Any:
        return boto3.client(
            service,
            endpoint_url=local_stack["aws"],
            aws_access_key_id="local",
            aws_secret_access_key="local",
            region_name="eu-central-1",
        )

    return make
