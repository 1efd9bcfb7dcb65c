"""Fixtures of every test: AWS in-process (moto) for unit tests, the local stack over HTTP for integration."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import pytest

from local.template import Stack
from tests.support import Api
from tests.support.aws import moto_stack, share_botocore_models, use_fake_credentials
from tests.support.local_stack import ROOT, free_port, local_stack_env

# The open items' move (payments/store.phase): containers, the local stack's too, read its phase
# again after a fraction of a second, and `migrate` waits as long, not a minute.
os.environ.setdefault("OPEN_ITEMS_PHASE_TTL_SECONDS", "0.2")
use_fake_credentials()
share_botocore_models()


@pytest.fixture
def aws() -> Iterator[Stack]:
    """moto in-process with every resource of template.yaml created, the layer pointed at it."""
    with moto_stack() as stack:
        yield stack


# The invoices of the local stack (one per session and process) already checked: their keys never change.
_checked_stack_invoices: set[tuple[str, str]] = set()


@pytest.fixture(autouse=True)
def official_invoice_rules(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every invoice a test issues keeps the official EN 16931 rules (tests/support/en16931_check.py).

    Checked where the archive receives it: when a test that has moto (`aws`) or the local stack
    (`local_stack`) ends, every `rechnung/*.xml` and `gutschrift/*.xml` (credit notes) in their buckets
    goes through the CEN schematron and the Factur-X XSD, its PDF must carry that XML, and a broken one
    fails that test (at its teardown) with the rules it breaks.
    The AWS fixture is taken first, so that it is still there when this one ends.
    """
    from tests.support.aws import stored_objects
    from tests.support.en16931_check import ARCHIVE_PREFIXES, assert_archive_valid, assert_invoices_valid, invoices_of

    names = request.fixturenames
    if "aws" in names:
        request.getfixturevalue("aws")
    elif "local_stack" in names:
        request.getfixturevalue("local_stack")
    else:
        yield
        return
    yield
    if "aws" in names:
        assert_invoices_valid(invoices_of(obj for prefix in ARCHIVE_PREFIXES for obj in stored_objects(prefix)))
    else:
        endpoint = request.getfixturevalue("local_stack")["aws"]
        assert_archive_valid(local_s3(endpoint), _checked_stack_invoices)


@cache
def local_s3(endpoint: str) -> Any:
    """An S3 client of the local stack's AWS emulation (one per endpoint: a client costs some 30 ms)."""
    import boto3

    return boto3.client(
        "s3",
        endpoint_url=endpoint,
        aws_access_key_id="local",
        aws_secret_access_key="local",
        region_name="eu-central-1",
    )


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The schemathesis run first: the longest test by far, it then runs beside all the others."""
    items.sort(key=lambda item: "test_openapi_fuzz.py" not in item.nodeid)


@pytest.fixture(scope="session")
def local_stack(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Iterator[dict[str, Any]]:
    """`python -m local` started once per session (per xdist worker) on free ports, from the demo data in a data
    folder of its own (never the developer's .local-data/); its URLs."""
    api_port, aws_port = free_port(), free_port()
    env = local_stack_env(api_port, aws_port, tmp_path_factory.mktemp("local-data"))
    # A snapshot of the session's data (every item all tests wrote, taken in the emulation's lock)
    # every half minute, not every 2 s: nothing restarts from it (test_local_data.py tests the saver).
    env.setdefault("LOCAL_SAVE_EVERY", "30")
    log = ROOT / ".pytest_cache" / f"local-stack-{worker_id}.log"
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
            # Each test's invoices were checked when it ended (official_invoice_rules); this catches any
            # the stack finished after that, so no invoice of the session leaves unchecked.
            from tests.support.en16931_check import assert_archive_valid

            assert_archive_valid(local_s3(f"http://127.0.0.1:{aws_port}"), _checked_stack_invoices)
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:  # a loaded machine: the tests are done, do not leave it behind
                proc.kill()
                proc.wait()


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
