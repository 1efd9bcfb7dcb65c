"""Hostile bodies and query strings on every route of template.yaml: a 4xx with the error body, never
a 5xx, never a write (issue 12). Through the API Gateway emulation in-process, authorizer included,
against moto with the demo catalogue and customers."""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterator
from typing import Annotated, Any

import pytest
from botocore.exceptions import ClientError, EndpointConnectionError, ReadTimeoutError

from local.gateway import Gateway
from local.template import ROOT, Route
from tests.support import without_request_id
from tests.support.aws import demo_data
from tests.support.invoke import gateway, result_json

DEMO = ROOT / "local" / "demo_data" / "artikel"

ADDRESS = {
    "AdrSprache": "ger",
    "AdrAdresse1": "Weg 1",
    "AdrAnrede": 1,
    "AdrName": "Muster",
    "OrtLand": "CH",
    "OrtName": "Bern",
    "OrtPLZ": "3000",
    "AdrCheck": 0,
}
# A valid body of each route that takes one; each hostile case changes one member of it.
VALID_BODIES: dict[tuple[str, str], dict[str, Any]] = {
    ("POST", "/www/auftrag"): {
        "GrundDaten": {"KundNr": "100001", "AuftBez": "Test", "StaoNr": 1, "KundBedTyp": 1, "AuftLiefKost": 5.5},
        "Adressen": {"LiefAdr": ADDRESS},
        "Positionen": [{"ArtNr": "1000", "Menge": 2, "Preis": 1.5, "GRabSatz": 5, "VisPosNr": 1}],
        "Zahlung": [{"Bezeichnung": "Karte", "Wert": "1"}],
    },
    ("PUT", "/www/auftrag"): {"GrundDaten": {"KundNr": "100001", "OffertNr": "1"}},
    ("POST", "/www/offerte"): {
        "GrundDaten": {"KundNr": "100001", "AuftBez": "Test"},
        "Adressen": {"KontaktAdr": ADDRESS},
        "Positionen": [{"ArtNr": "1000", "Menge": 2, "GRabSatz": 5, "VisPosNr": 1}],
    },
    ("PATCH", "/www/offerte"): {
        "GrundDaten": {"KundNr": "100001"},
        "Positionen": [{"PosNr": 1, "Menge": 1, "GRabSatz": 1}],
    },
    ("POST", "/www/kunden"): {
        "GrundDaten": {"WaehrAbk": "CHF", "FAKTZahlArt": "R", "KreditLimit": 1000},
        "Adressen": {"KontaktAdr": ADDRESS},
    },
    ("PATCH", "/www/adressen/{AdrNr}"): {"AdrName": "Muster", "AdrAnrede": 1},
    ("POST", "/www/zugferd"): {"Operation": "Extract", "PDF": "JVBERi0xLjQ="},
    ("POST", "/www/webhooks"): {"url": "https://shop.example.ch/hook", "events": ["auftrag.created"]},
    ("PATCH", "/www/webhooks/{id}"): {"url": "https://shop.example.ch/hook", "events": ["auftrag.created"]},
    ("POST", "/www/rechnung/{RechNr}/gutschrift"): {"Positionen": [{"PosNr": 1, "Menge": 2}]},
    ("POST", "/www/zahlungen/{id}/zuordnung"): {"RechNr": "500001"},
}
# Query parameters a route needs before it looks at anything else.
QUERIES = {("GET", "/www/offerte"): "OffertNr=1", ("PATCH", "/www/offerte"): "OffertNr=1"}

LONG = "9" * 5000  # more digits than Python converts to int (4,300)
# Whole bodies no route takes: each is a 400 `invalid_request` on the body, on every route.
BODY_REFUSALS: dict[str, str] = {
    "deep arrays": "[" * 10_000 + "]" * 10_000,
    "deep objects": '{"a":' * 10_000 + "1" + "}" * 10_000,
    "deep, never closed": "[" * 100_000,
    "deep inside a valid member": '{"GrundDaten":' + "[" * 5000 + "]" * 5000 + "}",
    "NaN": '{"GrundDaten":{"KreditLimit":NaN}}',
    "Infinity": '{"GrundDaten":{"KreditLimit":-Infinity}}',
    "lone surrogate": '{"AdrName":"\\ud800"}',
    "lone low surrogate in a key": '{"\\udc00":1}',
    "NUL": '{"AdrName":"a\\u0000b"}',
    "BOM": '\ufeff{"AdrName":"x"}',
    "duplicate keys": '{"AdrName":"x","AdrName":"y"}',
    "duplicate keys deep": '{"Positionen":[{"Menge":1,"Menge":2}]}',
    "broken": '{"Positionen": [',
    "raw control character": '{"AdrName":"a\x01b"}',
}


def _user() -> Any:
    from backoffice.platform.auth import save_user

    # Both roles: every route, DELETE /www/log (operators only) included, must see the bodies.
    return save_user("hostile", "hostile-pw", "SHOP", roles=("integration", "operator"))


def _world() -> Any:
    from backoffice.catalogue.importer import import_catalogue
    from local import demo_kunden

    import_catalogue(DEMO)
    demo_kunden.load()
    return _user()


def _token_gateway(user: Any) -> tuple[Gateway, str]:
    """The gateway every unit test calls through (its handlers loaded once per process), a token of `user`."""
    from backoffice.platform.auth import issue_token

    return gateway(), issue_token(user)[0]


@pytest.fixture
def world(aws: Any) -> Iterator[tuple[Gateway, str]]:
    """moto with the demo catalogue and customers, a user and its token, and the gateway."""
    from backoffice.catalogue import article_store

    article_store.forget_index()
    yield _token_gateway(demo_data("hostile world", _world))
    article_store.forget_index()


@pytest.fixture
def bare(aws: Any) -> tuple[Gateway, str]:
    """moto with no data but a user and its token: for what the models refuse before any lookup."""
    return _token_gateway(demo_data("hostile user", _user))


def snapshot() -> dict[str, Any]:
    """Every item of every table and every object of every bucket: what a request could have written."""
    from backoffice.platform.aws import client

    ddb, s3 = client("dynamodb"), client("s3")
    state: dict[str, Any] = {}
    for table in ddb.list_tables()["TableNames"]:
        items = ddb.get_paginator("scan").paginate(TableName=table).build_full_result()["Items"]
        state[table] = sorted(json.dumps(i, sort_keys=True, default=repr) for i in items)
    for bucket in s3.list_buckets()["Buckets"]:
        pages = s3.get_paginator("list_objects_v2").paginate(Bucket=bucket["Name"]).build_full_result()
        state[bucket["Name"]] = sorted((o["Key"], o["ETag"]) for o in pages.get("Contents", []))
    return state


def concrete(route: Route) -> str:
    return re.sub(r"\{\w+\}", "1", route.path)


def send(gw: Gateway, token: str, route: Route, body: str | None, query: str = "") -> tuple[int, dict[str, Any]]:
    query = "&".join(q for q in (QUERIES.get((route.method, route.path), ""), query) if q)
    target = concrete(route) + (f"?{query}" if query else "")
    headers = {"Authorization": [f"Bearer {token}"], "Content-Type": ["application/json"]}
    status, answer, raw = gw.invoke(
        route.method, target, headers, body.encode("utf-8", "surrogatepass") if body else b""
    )
    return status, without_request_id(json.loads(raw), answer["x-amzn-RequestId"][0]) if raw else {}


def assert_refused(status: int, answer: dict[str, Any], what: str) -> None:
    assert status == 400, (what, status, answer)
    assert answer["error"] == "invalid_request", (what, answer)
    assert set(answer) == {"error", "error_description", "info"}, (what, answer)


# -- bodies no route takes ------------------------------------------------------------------------


def test_every_route_refuses_every_hostile_body_with_a_400_and_writes_nothing(world: tuple[Gateway, str]) -> None:
    gw, token = world
    before = snapshot()
    assert len(gw.routes) >= 20  # every route of template.yaml, not a hand-made list
    for route in gw.routes:
        for name, body in BODY_REFUSALS.items():
            status, answer = send(gw, token, route, body)
            assert_refused(status, answer, f"{route.method} {route.path}: {name}")
            assert answer["error_description"] == "The body is not valid JSON.", (route.path, name, answer)
            assert set(answer["info"]["fields"]) == {"body"}, (route.path, name, answer)
    assert snapshot() == before


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ("[" * 33 + "]" * 33, "arrays and objects nest deeper than 32 levels"),
        ('{"a":1,"b":{"a":1,"a":2}}', "the key 'a' occurs twice in one object"),
        ('{"a":"\\ud800x"}', "a string holds a lone UTF-16 surrogate or NUL"),
    ],
)
def test_the_refusal_names_the_limit_or_the_key(bare: tuple[Gateway, str], body: str, says: str) -> None:
    gw, token = bare
    route = next(r for r in gw.routes if (r.method, r.path) == ("POST", "/www/kunden"))
    status, answer = send(gw, token, route, body)
    assert_refused(status, answer, body)
    assert answer["info"]["fields"]["body"].startswith(says)


def test_nesting_at_the_limit_reaches_the_model(bare: tuple[Gateway, str]) -> None:
    """32 levels is JSON the service parses: the model then says what is wrong with it."""
    gw, token = bare
    route = next(r for r in gw.routes if (r.method, r.path) == ("POST", "/www/kunden"))
    status, answer = send(gw, token, route, '{"GrundDaten":' + "[" * 31 + "]" * 31 + "}")
    assert_refused(status, answer, "depth 32")
    assert answer["error_description"] == "The request is not valid."
    assert "GrundDaten" in answer["info"]["fields"]


# -- one member of a valid body made hostile ------------------------------------------------------


def members(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Every member of a body, containers included, with its path."""
    if path:
        yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from members(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from members(item, (*path, index))


def replaced(body: dict[str, Any], path: tuple[Any, ...], raw: str) -> str:
    """The body as JSON text with the member at `path` replaced by the raw JSON text `raw`."""
    marker = "\u0001MARK\u0001"
    copy_ = copy.deepcopy(body)
    target = copy_
    for part in path[:-1]:
        target = target[part]
    target[path[-1]] = marker
    return json.dumps(copy_).replace(json.dumps(marker), raw)


def hostile_values(value: Any) -> dict[str, str]:
    """Raw JSON values never valid where `value` stands: wrong types, numbers too long or too large."""
    if isinstance(value, bool) or value is None:
        raise AssertionError("no booleans or nulls in the valid bodies")
    if isinstance(value, (int, float)):
        return {
            "5000 digits": LONG,
            "-5000 digits": "-" + LONG,
            "1e38": "1e38",
            "2^64": str(2**64),
            "10^38 as integer": "1" + "0" * 38,
            "1e-400": "1e-400",
            "negative": "-1",
            "a string": '"1"',
            "a list": "[1]",
            "an object": '{"v":1}',
            "a boolean": "true",
        }
    if isinstance(value, str):
        return {
            "a number": "12345",
            "5000 digits": LONG,
            "a list": '["x"]',
            "an object": '{"v":"x"}',
            "a boolean": "false",
            "a huge string": json.dumps("x" * 200_000),
        }
    if isinstance(value, list):
        return {"a string": '"x"', "a number": "1", "an object": "{}", "a deep list": "[" * 40 + "]" * 40}
    return {"a string": '"x"', "a number": LONG, "a list": "[]", "a boolean": "true", "deep": '{"a":' * 40 + "1}" * 40}


def test_every_member_of_every_body_refuses_hostile_values_with_a_400_on_that_member(
    world: tuple[Gateway, str],
) -> None:
    gw, token = world
    with_body = {(r.method, r.path): r for r in gw.routes if _takes_body(gw, r)}
    # Every route whose handler declares a body has a valid body here, and no other route has one.
    assert set(with_body) == set(VALID_BODIES)
    before = snapshot()
    wrong: list[str] = []
    for key, body in VALID_BODIES.items():
        route = with_body[key]
        for path, value in members(body):
            for name, raw in hostile_values(value).items():
                status, answer = send(gw, token, route, replaced(body, path, raw))
                fields = answer.get("info", {}).get("fields", {})
                # The member is named (a container by its path, a deep one by the body).
                member = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".")
                named = any(f == member or f.startswith((f"{member}.", f"{member}[")) for f in fields)
                if (route.path, name) == ("/www/zugferd", "a huge string") and answer.get("error") == "endpoint":
                    continue  # base64 text that is no PDF: the contract's own 400 of ZUGFeRD processing
                if status != 400 or answer.get("error") != "invalid_request" or not (named or "body" in fields):
                    wrong.append(f"{route.method} {route.path} {member} = {name}: {status} {answer}"[:300])
    assert wrong == []
    assert snapshot() == before


def _takes_body(gw: Gateway, route: Route) -> bool:
    gw.runtime.handler(route.function)
    app = gw.runtime.modules[route.function].app
    for candidate in app._static_routes + app._dynamic_routes:  # powertools keeps the routes there
        if candidate.method == route.method and candidate.path.replace("<", "{").replace(">", "}") == route.path:
            return bool(candidate.dependant.body_params)
    return False


@pytest.mark.parametrize(
    ("key", "path", "raw", "says"),
    [
        (("POST", "/www/kunden"), ("GrundDaten", "KreditLimit"), "1" + "0" * 38, "less than or equal to 2147483647"),
        (("POST", "/www/kunden"), ("GrundDaten", "KreditLimit"), str(2**64), "less than or equal to 2147483647"),
        (("POST", "/www/kunden"), ("GrundDaten", "KreditLimit"), LONG, "less than or equal to 2147483647"),
        (("POST", "/www/auftrag"), ("GrundDaten", "StaoNr"), LONG, "less than or equal to 2147483647"),
        (("POST", "/www/auftrag"), ("Positionen", 0, "Menge"), LONG, "no more than 15 digits"),
        (("POST", "/www/auftrag"), ("Positionen", 0, "Menge"), "5e-324", "no more than 15 digits"),
        (("POST", "/www/auftrag"), ("Positionen", 0, "Menge"), "0.00001", "no more than 4 decimal places"),
        (("POST", "/www/auftrag"), ("Positionen", 0, "Menge"), "100000000000", "no more than 11 digits before"),
        (("POST", "/www/auftrag"), ("Positionen", 0, "Menge"), "1e38", "no more than 15 digits"),
        (("POST", "/www/auftrag"), ("GrundDaten", "AuftLiefKost"), "1.001", "no more than 2 decimal places"),
        (("POST", "/www/kunden"), ("Adressen", "KontaktAdr", "AdrAnrede"), LONG, "Input should be 0, 1 or 2"),
    ],
)
def test_a_number_too_long_or_too_large_is_a_400_on_its_field(
    bare: tuple[Gateway, str], key: tuple[str, str], path: tuple[Any, ...], raw: str, says: str
) -> None:
    gw, token = bare
    route = next(r for r in gw.routes if (r.method, r.path) == key)
    before = snapshot()
    status, answer = send(gw, token, route, replaced(VALID_BODIES[key], path, raw))
    assert_refused(status, answer, raw[:20])
    field = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".")
    assert says in answer["info"]["fields"][field], answer
    assert snapshot() == before


def test_the_largest_credit_limit_is_stored(world: tuple[Gateway, str]) -> None:
    gw, token = world
    route = next(r for r in gw.routes if (r.method, r.path) == ("POST", "/www/kunden"))
    body = replaced(VALID_BODIES[("POST", "/www/kunden")], ("GrundDaten", "KreditLimit"), str(2**31 - 1))
    status, answer = send(gw, token, route, body)
    assert status == 201, answer
    from backoffice.parties.customers import get_customer

    assert get_customer(answer["data"]["DebiNr"])["KreditLimit"] == 2**31 - 1


# -- query strings --------------------------------------------------------------------------------


def test_an_unknown_query_parameter_is_a_400_naming_it_on_every_route(bare: tuple[Gateway, str]) -> None:
    gw, token = bare
    before = snapshot()
    for route in gw.routes:
        status, answer = send(gw, token, route, None, "limt=5&x-schemathesis-unknown-property=42")
        assert_refused(status, answer, f"{route.method} {route.path}")
        fields = answer["info"]["fields"]
        assert fields["limt"] == fields["x-schemathesis-unknown-property"] == "unknown query parameter", answer
        # A route that lacks its body or a required parameter says so as well, and nothing else.
        others = {v for k, v in fields.items() if k not in ("limt", "x-schemathesis-unknown-property")}
        assert others <= {"Field required"}, answer
    assert snapshot() == before


def takes_a_body(route: Route) -> bool:
    """Whether docs/openapi.json (generated from the routes' models) gives the route a request body."""
    spec = json.loads((ROOT / "docs" / "openapi.json").read_text(encoding="utf-8"))
    path = re.sub(r"\{(\w+)\}", r"{\1}", route.path)
    return "requestBody" in spec["paths"][path][route.method.lower()]


def test_a_body_on_a_route_that_takes_none_is_a_400_and_an_empty_object_is_none(bare: tuple[Gateway, str]) -> None:
    gw, token = bare
    before = snapshot()
    bodiless = [r for r in gw.routes if not takes_a_body(r)]
    assert {(r.method, r.path) for r in bodiless} >= {
        ("POST", "/www/auftrag/{AuftNr}/rechnung"),
        ("DELETE", "/www/log"),
        ("GET", "/www/artikel"),
    }
    for route in bodiless:
        status, answer = send(gw, token, route, '{"Sprache": "fre"}')
        assert_refused(status, answer, f"{route.method} {route.path}")
        # named alone, or beside what the query lacks when that is refused as well
        assert answer["info"]["fields"]["body"] == "this route takes no body; send none (or {})", answer
        assert {v for k, v in answer["info"]["fields"].items() if k != "body"} <= {"Field required"}, answer
        status, answer = send(gw, token, route, "{}")
        assert "body" not in answer.get("info", {}).get("fields", {}), (route, status, answer)
    assert snapshot() == before


def test_declared_query_parameters_still_pass(world: tuple[Gateway, str]) -> None:
    gw, token = world
    route = next(r for r in gw.routes if (r.method, r.path) == ("GET", "/www/artikel"))
    status, answer = send(gw, token, route, None, "limit=2&offset=0")
    assert status == 200, answer
    assert answer["count"] == 2
    status, answer = send(gw, token, route, None, f"limit={2**31}")
    assert_refused(status, answer, "limit 2^31")
    assert answer["info"]["fields"] == {"limit": "Input should be less than or equal to 2147483647"}


# -- 5xx only for a dependency that is really unavailable -----------------------------------------


def _crashing_handler(error: BaseException) -> Any:
    from aws_lambda_powertools.event_handler.openapi.params import Query

    from backoffice.http.resolver import entrypoint, json_response, make_resolver

    app = make_resolver()

    @app.get("/www/crash")
    def crash(n: Annotated[int, Query()] = 0) -> Any:
        raise error

    @app.get("/www/fine")
    def fine() -> Any:
        return json_response({"data": []})

    return entrypoint(app)


def _get(handler: Any, path: str, body: str | None = None) -> tuple[int, dict[str, str], dict[str, Any]]:
    from local.lambda_runtime import lambda_context

    event = {
        "httpMethod": "GET",
        "path": path,
        "resource": path,
        "headers": {"Content-Type": "application/json"},
        "body": body,
        "isBase64Encoded": False,
        "requestContext": {},
    }
    result = handler(event, lambda_context("test"))
    headers = dict(result.get("headers") or {})
    headers.update({k: v[-1] for k, v in (result.get("multiValueHeaders") or {}).items()})
    return result["statusCode"], headers, result_json(result)


INTERNAL = {
    "error": "internal_error",
    "error_description": "An unexpected error occurred; it has been logged.",
    "info": {},
}


@pytest.mark.parametrize(
    "error",
    [
        RecursionError("maximum recursion depth exceeded"),
        ValueError("Exceeds the limit (4300 digits) for integer string conversion"),
        KeyError("AdrNr"),
    ],
)
def test_a_defect_of_our_own_code_is_a_500_logged_with_its_trace(
    error: BaseException, caplog: pytest.LogCaptureFixture
) -> None:
    status, headers, body = _get(_crashing_handler(error), "/www/crash")
    assert (status, body) == (500, INTERNAL)
    assert "Retry-After" not in headers
    (record,) = [r for r in caplog.records if r.getMessage() == "unexpected error"]
    assert record.levelname == "ERROR"
    assert record.exc_info is not None
    assert record.exc_info[1] is error


def test_a_defect_before_routing_is_a_500_not_a_crashed_function(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The body is parsed before routing: an error there used to escape the handler (API Gateway: 502)."""
    from backoffice.http import resolver

    def broken(_: str) -> Any:
        raise RecursionError("maximum recursion depth exceeded while decoding a JSON array")

    monkeypatch.setattr(resolver, "loads", broken)
    status, headers, body = _get(_crashing_handler(KeyError("x")), "/www/fine", "[1]")
    assert (status, body) == (500, INTERNAL)
    assert "Retry-After" not in headers
    (record,) = [r for r in caplog.records if r.getMessage() == "unexpected error"]
    assert record.exc_info is not None
    assert isinstance(record.exc_info[1], RecursionError)


@pytest.mark.parametrize(
    "error",
    [
        EndpointConnectionError(endpoint_url="https://dynamodb.eu-central-1.amazonaws.com"),
        ReadTimeoutError(endpoint_url="https://dynamodb.eu-central-1.amazonaws.com"),
        ClientError({"Error": {"Code": "ThrottlingException"}}, "TransactWriteItems"),
        ClientError({"Error": {"Code": "ProvisionedThroughputExceededException"}}, "Query"),
    ],
)
def test_an_unavailable_dependency_is_a_503_with_retry_after(error: BaseException) -> None:
    status, headers, body = _get(_crashing_handler(error), "/www/crash")
    assert (status, headers["Retry-After"], body["error"]) == (503, "2", "unavailable")


def test_an_aws_error_that_retrying_cannot_cure_is_a_500() -> None:
    error = ClientError({"Error": {"Code": "ValidationException"}}, "PutItem")
    status, headers, body = _get(_crashing_handler(error), "/www/crash")
    assert (status, body) == (500, INTERNAL)
    assert "Retry-After" not in headers
