"""Tokens, the authorizer, DELETE /www/log and malformed input, over real HTTP against the local stack."""

from __future__ import annotations

import base64
import json
import time
from collections.abc import Callable
from typing import Any

import jwt
import pytest
import requests

from local.template import Stack
from tests.support import Api, error_json

ROUTES = Stack.read().routes()
PROTECTED = [r for r in ROUTES if r.authorized]


def concrete(path: str) -> str:
    return (
        path.replace("{ArtNr}", "A-1")
        .replace("{AuftNr}", "1")
        .replace("{DebiNr}", "100001")
        .replace("{AdrNr}", "1")
        .replace("{IDKey}", "1")
    )


def assert_error(resp: requests.Response, status: int, code: str) -> dict[str, Any]:
    assert resp.status_code == status, resp.text
    assert resp.headers["Content-Type"] == "application/json; charset=iso-8859-1"
    body = error_json(resp)
    assert set(body) == {"error", "error_description", "info"}
    assert body["error"] == code
    assert body["error_description"]
    return dict(body)


def test_token_from_basic_credentials(local_stack: dict[str, Any]) -> None:
    resp = requests.post(local_stack["api"] + "/www/token", auth=("demo", "demo"), timeout=30)
    assert resp.status_code == 200
    assert resp.headers["Content-Type"] == "application/json; charset=iso-8859-1"
    assert resp.headers["Cache-Control"] == "no-store"
    body = resp.json()
    assert set(body) == {"expires_in", "access_token"}
    assert body["expires_in"] == 3600
    assert isinstance(body["expires_in"], int)
    claims = jwt.decode(body["access_token"], options={"verify_signature": False})
    assert claims["sub"] == "demo"
    assert claims["exp"] - claims["iat"] == 3600


@pytest.mark.parametrize("auth", [("demo", "wrong"), ("nobody", "demo"), None])
def test_wrong_or_missing_credentials_are_401(local_stack: dict[str, Any], auth: tuple[str, str] | None) -> None:
    resp = requests.post(local_stack["api"] + "/www/token", auth=auth, timeout=30)
    assert_error(resp, 401, "invalid_token")
    assert resp.headers["WWW-Authenticate"] == 'Basic realm="backoffice"'


def test_delete_log_with_an_operator_token_removes_the_log_files(
    api: Api, operator_api: Api, local_client: Callable[[str], Any]
) -> None:
    s3 = local_client("s3")
    for key in ("log/one.txt", "log/zugferd/req-1/input.pdf", "media/keep.png"):
        s3.put_object(Bucket="local-bucket", Key=key, Body=b"content")
    # The webshop user may not: API Gateway's 403 with the error body, nothing deleted.
    refused = api.request("DELETE", "/www/log")
    assert_error(refused, 403, "forbidden")
    assert "log/one.txt" in [o["Key"] for o in s3.list_objects_v2(Bucket="local-bucket").get("Contents", [])]
    resp = operator_api.request("DELETE", "/www/log")
    assert resp.status_code == 204
    assert resp.content == b""
    keys = [o["Key"] for o in s3.list_objects_v2(Bucket="local-bucket").get("Contents", [])]
    assert "media/keep.png" in keys
    assert not [k for k in keys if k.startswith("log/")]


def _signing_key(local_client: Callable[[str], Any]) -> Any:
    from backoffice.platform.auth import Keyring

    secret = str(local_client("secretsmanager").get_secret_value(SecretId="SigningKey")["SecretString"])
    return Keyring.parse(secret).current


def _bad_tokens(local_client: Callable[[str], Any], good: str) -> dict[str, str | None]:
    key = _signing_key(local_client)
    now = int(time.time())
    cred = jwt.decode(good, options={"verify_signature": False})["cred"]
    # Right key, kid and credential: refused for its expiry alone.
    claims = {"sub": "demo", "iat": now - 7200, "exp": now - 3600, "jti": "x", "cred": cred}
    head, payload, sig = good.split(".")
    forged = json.loads(base64.urlsafe_b64decode(payload + "=="))
    forged["sub"] = "admin"
    forged_payload = base64.urlsafe_b64encode(json.dumps(forged).encode()).decode().rstrip("=")

    def b64(obj: dict[str, Any]) -> str:
        return base64.urlsafe_b64encode(json.dumps(obj).encode()).decode().rstrip("=")

    live = {"sub": "demo", "iat": now, "exp": now + 600, "jti": "y"}
    return {
        "no header": None,
        "expired": "Bearer " + jwt.encode(claims, key.key, algorithm="HS256", headers={"kid": key.kid}),
        "tampered": f"Bearer {head}.{forged_payload}.{sig}",
        "alg none": f"Bearer {b64({'alg': 'none', 'typ': 'JWT'})}.{b64(live)}.",
        "wrong scheme": "Basic " + base64.b64encode(b"demo:demo").decode(),
        "garbage": "Bearer abc.def.ghi",
    }


def test_every_protected_route_answers_401_to_every_bad_token(
    api: Api, local_stack: dict[str, Any], local_client: Callable[[str], Any]
) -> None:
    good = api.session.headers["Authorization"].split(" ", 1)[1]
    for name, header in _bad_tokens(local_client, str(good)).items():
        for route in PROTECTED:
            headers = {"Authorization": header} if header else {}
            resp = requests.request(
                route.method, local_stack["api"] + concrete(route.path), headers=headers, timeout=30
            )
            body = assert_error(resp, 401, "invalid_token")
            assert resp.headers["WWW-Authenticate"] == "Bearer", (name, route)
            assert body["info"] == {}


def test_an_unknown_route_is_a_404_with_the_error_body(api: Api) -> None:
    assert_error(api.get("/www/nothing-here"), 404, "not_found")
    assert_error(api.request("DELETE", "/www/artikel"), 404, "not_found")


BIG = b'{"x":"' + b"a" * (20 * 1024 * 1024) + b'"}'
MALFORMED: dict[str, tuple[bytes, str]] = {
    "broken json": (b'{"GrundDaten": {', "application/json"),
    "latin-1 without charset": ('{"OrtName":"Zürich"}'.encode("iso-8859-1"), "application/json"),
    "unknown charset": (b"{}", "application/json; charset=ebcdic"),
    "not json": (b"<xml/>", "application/xml"),
    "20 MB": (BIG, "application/json"),
}


@pytest.mark.parametrize("case", list(MALFORMED))
def test_no_route_answers_5xx_to_malformed_input(api: Api, case: str) -> None:
    payload, content_type = MALFORMED[case]
    for route in ROUTES:
        resp = api.request(route.method, concrete(route.path), data=payload, headers={"Content-Type": content_type})
        assert resp.status_code < 500 or (resp.status_code == 501 and case not in ("20 MB",)), (case, route)
        if resp.status_code >= 400:
            assert set(resp.json()) == {"error", "error_description", "info"}, (case, route, resp.text)
        if route.method in ("POST", "PUT", "PATCH"):
            assert 400 <= resp.status_code < 500, (case, route, resp.status_code)
    big = api.post("/www/kunden", data=BIG, headers={"Content-Type": "application/json"})
    if case == "20 MB":
        body = assert_error(big, 413, "payload_too_large")
        assert "6 MB" in body["error_description"]


def test_latin1_declared_in_the_charset_is_accepted(api: Api) -> None:
    resp = api.post(
        "/www/kunden",
        data='{"x":"Zürich"}'.encode("iso-8859-1"),
        headers={"Content-Type": "application/json; charset=iso-8859-1"},
    )
    # The body decodes; what follows is the route's own answer (a 400 for an unknown key, or 501 before it exists).
    assert resp.status_code in (400, 501)
    assert resp.json()["error"] in ("invalid_request", "not_implemented")
    if resp.status_code == 400:
        assert "body" not in resp.json()["info"].get("fields", {})
