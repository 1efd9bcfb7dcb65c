"""The API edge: the powertools resolver and entrypoint, request body decoding, JSON answers and their
headers, CORS, and the helpers that document routes for docs/openapi.json. Domain packages never import it.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import sys

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


for _name in LAZY_PACKAGES:
    _lazy_package(_name)
