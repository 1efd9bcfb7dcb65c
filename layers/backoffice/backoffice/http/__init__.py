"""The API edge: the powertools resolver and entrypoint, request body decoding, JSON answers and their
headers, CORS, and the helpers that document routes for docs/openapi.json. Domain packages never import it.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import sys

from backoffice import coldstart

# Importing this package makes two packages of powertools lazy: the `__init__` of `event_handler`
# imports every resolver powertools has (AppSync with asyncio, Bedrock, VPC Lattice) and that of
# `utilities.data_classes` the data classes of every event source (CodePipeline's with tempfile and
# shutil). Python runs a package's `__init__` before any of its submodules, so even
# `event_handler.api_gateway` alone would pay for all of them at every cold start (docs/operations.md,
# "Cold starts"). A handler therefore imports powertools' names through `backoffice.http.resolver`.
LAZY_PACKAGES = (
    "aws_lambda_powertools.event_handler",
    "aws_lambda_powertools.utilities.data_classes",
)
# The powertools whose `__init__`s were read for this (the layer's requirements.txt pins it): another
# one may do more in them than import names, which a lazy package would leave out; and
# `openapi.with_models` resets a private attribute of its routes. Read both again, then update this.
WRITTEN_FOR_POWERTOOLS = "3.37.0"


def check_powertools() -> None:
    """Refuses a powertools other than the one the lazy packages and `openapi.with_models` were written for."""
    from aws_lambda_powertools.shared.version import VERSION

    if VERSION != WRITTEN_FOR_POWERTOOLS:
        raise RuntimeError(
            f"backoffice/http/__init__.py makes powertools {WRITTEN_FOR_POWERTOOLS}'s packages {LAZY_PACKAGES} lazy; "
            f"this is powertools {VERSION}: check what their __init__ does now, and openapi.with_models, "
            "then update WRITTEN_FOR_POWERTOOLS"
        )


def _lazy_package(name: str) -> None:
    """Register the package `name` without running its `__init__`.

    Its submodules import as usual (the package's `__path__` is the real one). A name of the
    package (`from aws_lambda_powertools.event_handler import Response`, which powertools' own
    modules do too) is imported from the submodule the real `__init__` takes it from, read from
    that `__init__` itself, so the two cannot drift. Nothing happens when the package is
    imported already (a test process) or is not where expected.
    """
    if name in sys.modules:
        return
    spec = importlib.util.find_spec(name)
    if spec is None or spec.origin is None or spec.submodule_search_locations is None:
        return
    with open(spec.origin, encoding="utf-8") as source:
        tree = ast.parse(source.read())
    origins: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module and node.level in (0, 1):
            module = node.module if node.level == 0 else f"{name}.{node.module}"
            origins.update({alias.asname or alias.name: module for alias in node.names})
    package = importlib.util.module_from_spec(spec)

    def __getattr__(attribute: str) -> object:  # the module attribute hook of PEP 562
        if attribute not in origins:
            raise AttributeError(f"module {name!r} has no attribute {attribute!r}")
        value = getattr(importlib.import_module(origins[attribute]), attribute)
        setattr(package, attribute, value)
        return value

    package.__getattr__ = __getattr__  # type: ignore[method-assign]
    setattr(package, "__all__", sorted(origins))  # noqa: B010 - a module attribute mypy does not know
    sys.modules[name] = package
    # What the import system does for a package it has imported: `import a.b` then `a.b.x` works.
    parent, _, child = name.rpartition(".")
    setattr(sys.modules[parent], child, package)


if coldstart.on("lazy_powertools"):
    check_powertools()
    for _name in LAZY_PACKAGES:
        _lazy_package(_name)
