"""One module of the layer makes DynamoDB clients (issue 36): platform/dynamo asks platform/aws for
the container's one client and hands it out (`dynamo.client()`); no other module of the layer or
handler names the service, builds a client or resource of its own, or lets a library build one."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
LAYER = ROOT / "layers" / "backoffice" / "backoffice"
SOURCES = sorted([*LAYER.rglob("*.py"), *(ROOT / "functions").glob("*/*.py")])
THE_MODULE = LAYER / "platform" / "dynamo.py"
# The generic factory: it gets the service's name from its caller (one boto3 session for every client).
FACTORY = LAYER / "platform" / "aws.py"
# Made by boto3 and botocore themselves: a client or resource of whatever service it is given.
MAKERS = {"client", "resource", "Session", "create_client"}
# Libraries that make their own DynamoDB client unless they are handed one (the keyword).
HANDED = {"DynamoDBPersistenceLayer": "boto3_client"}


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else ""


def faults(tree: ast.AST, path: Path) -> list[str]:
    """What in this module makes or names a DynamoDB client outside platform/dynamo."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _name(node.func)
        arguments = [*node.args, *(k.value for k in node.keywords)]
        literals = [a.value for a in arguments if isinstance(a, ast.Constant) and isinstance(a.value, str)]
        if name not in MAKERS and name not in HANDED:
            continue
        if path != THE_MODULE and any(v.startswith("dynamodb") for v in literals):
            found.append(f"line {node.lineno}: {name}({', '.join(map(repr, literals))}) names DynamoDB")
        elif name in MAKERS and path not in (THE_MODULE, FACTORY) and not literals and arguments:
            found.append(f"line {node.lineno}: {name}(...) of a service named at run time")
        if name in HANDED and HANDED[name] not in {k.arg for k in node.keywords}:
            found.append(f"line {node.lineno}: {name} without {HANDED[name]}= makes a client of its own")
    return found


def test_there_are_modules_to_check() -> None:
    assert THE_MODULE in SOURCES
    assert FACTORY in SOURCES
    assert len(SOURCES) > 100


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_only_platform_dynamo_makes_a_dynamodb_client(path: Path) -> None:
    assert faults(ast.parse(path.read_text("utf-8")), path) == []


@pytest.mark.parametrize(
    ("source", "fault"),
    [
        ('client("dynamodb")', "client('dynamodb') names DynamoDB"),
        ('boto3.resource("dynamodb")', "resource('dynamodb') names DynamoDB"),
        ('boto3.session.Session().client(service_name="dynamodb")', "client('dynamodb') names DynamoDB"),
        ('boto3.client("dynamodbstreams")', "client('dynamodbstreams') names DynamoDB"),
        ("boto3.client(service)", "client(...) of a service named at run time"),
        ('DynamoDBPersistenceLayer(table_name="T")', "DynamoDBPersistenceLayer without boto3_client="),
    ],
)
def test_each_way_of_making_one_elsewhere_is_found(source: str, fault: str) -> None:
    (found,) = faults(ast.parse(source), LAYER / "platform" / "idempotency.py")
    assert fault in found


def test_what_the_layer_does_passes() -> None:
    """The factory's call, another service by name, and a library handed the module's client."""
    assert faults(ast.parse("_session().client(service, config=config)"), FACTORY) == []
    assert faults(ast.parse('boto3.client("cloudformation")'), LAYER / "admin" / "target.py") == []
    handed = 'DynamoDBPersistenceLayer(table_name="T", boto3_client=dynamo.client())'
    assert faults(ast.parse(handed), LAYER / "platform" / "idempotency.py") == []
    assert faults(ast.parse('aws.client("dynamodb")'), THE_MODULE) == []
    assert faults(ast.parse('record.get("dynamodb")'), FACTORY) == []  # a stream record's part, no client
