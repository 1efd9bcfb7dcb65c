"""moto in-process for unit tests: every resource of template.yaml, fresh for each test, cheaply.

A test gets what a fresh `mock_aws()` with the template's resources gives: empty tables, an empty
bucket, a new signing key, the layer's caches forgotten. What made that slow was around moto, not in
it: reading template.yaml, creating a dozen boto3 clients and, for the demo data, importing the
catalogue and the customers through the layer again. The template is read once per process, the
clients that create the resources are kept, and demo data is loaded once per process and put back
from a snapshot of moto's state (tables and bucket) whenever a later test asks for it.
"""

from __future__ import annotations

import copy
import os
import pickle
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from typing import Any, cast

from local.template import ACCOUNT, REGION, Stack

# Never let a test reach a real AWS account.
FAKE_CREDENTIALS = {
    "AWS_ACCESS_KEY_ID": "testing",
    "AWS_SECRET_ACCESS_KEY": "testing",
    "AWS_SESSION_TOKEN": "testing",
    "AWS_DEFAULT_REGION": REGION,
}


def use_fake_credentials() -> None:
    os.environ.update(FAKE_CREDENTIALS)
    os.environ.pop("AWS_ENDPOINT_URL", None)
    os.environ.pop("AWS_PROFILE", None)


def share_botocore_models() -> None:
    """One botocore data loader per process instead of one per boto3 session.

    The layer creates its clients from a new session each (once per container in Lambda); a test
    starts as a new container, and reading the service models again from their JSON files was
    most of what a test cost. The models are read-only data, so sharing their loader changes
    nothing a client does.
    """
    import botocore.loaders
    import botocore.session

    if botocore.session.create_loader is botocore.loaders.create_loader:  # not shared yet
        botocore.session.create_loader = cache(botocore.loaders.create_loader)


# The limits of a test's local stack: the suite's clients all come from 127.0.0.1 as one user and run
# in bursts, so the stage, client, login and per-source login limits are out of the way; the tests of the
# limits start a stack of their own with low ones (tests/integration/test_limits_http.py); an in-process gateway
# of many requests reads the template with them too.
NO_LIMITS = (
    "ThrottlingRateLimit=1000000 ThrottlingBurstLimit=1000000 ClientRateLimit=1000000 ClientBurstLimit=1000000"
    " LoginSourceFreeFailures=1000000 TokenRateLimit=1000000 TokenBurstLimit=1000000"
)


@cache
def stack() -> Stack:
    """template.yaml, read once per process (tests must not change it)."""
    return Stack.read()


@contextmanager
def moto_stack() -> Iterator[Stack]:
    """moto with every resource of the template, the environment of every function, fresh caches."""
    from moto import mock_aws

    from backoffice.platform.caches import reset_caches
    from local.emulation import create_resources
    from local.moto_patches import (
        guard_archive_buckets,
        parse_attribute_values_directly,
        query_reads_its_partition,
        roll_back_touched_items,
        serialize_attribute_values_directly,
        size_items_once,
    )

    template = stack()
    saved = dict(os.environ)
    roll_back_touched_items()  # as the local stack: a cancelled transaction rolls back only its items
    guard_archive_buckets()  # as the local stack: the invoice archive's policy applied
    query_reads_its_partition()  # as the local stack: a Query reads its partition only
    serialize_attribute_values_directly()  # as the local stack: items written as they are
    size_items_once()  # as the local stack: an item sized once as it is built
    parse_attribute_values_directly()  # as the local stack: a request's items read as they are
    with mock_aws():
        for logical in template.resources("AWS::Serverless::Function"):
            os.environ.update(template.environment(logical))
        reset_caches()
        create_resources(template)
        try:
            yield template
        finally:
            os.environ.clear()
            os.environ.update(saved)
            reset_caches()


# -- demo data, loaded once per process -----------------------------------------------------------
@dataclass(frozen=True)
class _Snapshot:
    """moto's tables and buckets after a load: the items as copies, the objects pickled.

    The items are copied with moto's own `Item.__deepcopy__`, four times cheaper than unpickling them
    (unpickling an item re-checks its 400 KB limit once per attribute); the objects carry file
    buffers, which only pickling copies.
    """

    result: object
    tables: dict[str, Any]
    buckets: bytes


_snapshots: dict[str, _Snapshot] = {}


def _dynamodb() -> Any:
    from moto.dynamodb.models import dynamodb_backends

    return dynamodb_backends[ACCOUNT][REGION]


def _s3() -> Any:
    from moto.s3.models import s3_backends

    return s3_backends[ACCOUNT]["aws"]


def _tables() -> dict[str, Any]:
    return {name: table.items for name, table in _dynamodb().tables.items()}


def _buckets() -> dict[str, Any]:
    return {name: bucket.keys for name, bucket in _s3().buckets.items()}


def _fresh() -> bool:
    """Nothing written yet: the tables and buckets are as create_resources left them."""
    return not any(any(items.values()) for items in _tables().values()) and not any(
        len(keys) for keys in _buckets().values()
    )


def _take(result: object) -> _Snapshot:
    return _Snapshot(result, copy.deepcopy(_tables()), pickle.dumps(_buckets()))


def _restore(snapshot: _Snapshot) -> None:
    for name, items in copy.deepcopy(snapshot.tables).items():
        _dynamodb().tables[name].items = items
    buckets = pickle.loads(snapshot.buckets)  # noqa: S301 - our own snapshot of this process's moto
    for name, keys in buckets.items():
        _s3().buckets[name].keys = keys


def demo_data[T](name: str, load: Callable[[], T]) -> T:
    """`load()` on the fresh moto of this test; the first time for real, later from its snapshot.

    Used by fixtures whose data is the same for every test (the demo catalogue, the demo customers);
    if the test already wrote something, the data is loaded for real, as it was before snapshots.
    """
    from backoffice.platform.caches import reset_caches

    if name in _snapshots and _fresh():
        snapshot = _snapshots[name]
        _restore(snapshot)
        reset_caches()
        return cast(T, snapshot.result)
    fresh = _fresh()
    result = load()
    if fresh:
        _snapshots[name] = _take(result)
    return result


def stored_objects(prefix: str, suffix: str = "") -> list[tuple[str, str, bytes]]:
    """(bucket, key, bytes) of every object under `prefix` ending in `suffix`, in every bucket of this process's
    moto, read from moto's backend (a listing through a boto3 client costs some 60 ms, this nothing)."""
    return [
        (name, key, obj.value)
        for name, bucket in _s3().buckets.items()
        for key, obj in bucket.keys.items()
        if key.startswith(prefix) and key.endswith(suffix) and obj is not None
    ]
