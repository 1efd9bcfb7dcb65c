"""Password hashes and tokens: never a clear password, every way a token can be bad refused."""

from __future__ import annotations

import base64
import json
import time
from typing import Any

import jwt
import pytest

from backoffice.errors import InvalidToken
from backoffice.platform import auth, dynamo


def test_a_password_is_stored_only_as_a_salted_scrypt_hash() -> None:
    first, second = auth.hash_password("Grüezi-123"), auth.hash_password("Grüezi-123")
    assert first != second  # a fresh salt each time
    assert first.startswith("scrypt$16384$8$1$")
    assert "Grüezi" not in first
    assert auth.verify_password("Grüezi-123", first)
    assert not auth.verify_password("Gruezi-123", first)
    assert not auth.verify_password("Grüezi-123", "not-a-hash")


def test_the_dummy_hash_is_well_formed_so_unknown_users_cost_as_much() -> None:
    parts = auth._DUMMY_HASH.split("$")
    assert len(base64.b64decode(parts[4])) == 16
    assert len(base64.b64decode(parts[5])) == 32
    assert not auth.verify_password("anything", auth._DUMMY_HASH)


def test_the_stored_user_item_holds_no_clear_password(aws: Any) -> None:
    auth.save_user("shop1", "s3cret-Pässwort", "SHOP1")
    item = dynamo.get_item("USER#shop1", "USER")
    assert item is not None
    assert set(item) == {"PK", "SK", "PasswordHash", "Webshop"}
    assert "s3cret" not in json.dumps(item)
    assert item["Webshop"] == "SHOP1"


@pytest.mark.parametrize("name", ["", "a:b", "x" * 65])
def test_bad_user_names_are_refused(aws: Any, name: str) -> None:
    with pytest.raises(ValueError, match="user name"):
        auth.save_user(name, "pw", None)


def test_authenticate_checks_the_password(aws: Any) -> None:
    auth.save_user("shop1", "right", None)
    assert auth.authenticate("shop1", "right").name == "shop1"
    for name, password in (("shop1", "wrong"), ("nobody", "right"), ("", "")):
        with pytest.raises(auth.BasicRequired) as exc:
            auth.authenticate(name, password)
        assert exc.value.status == 401
        assert exc.value.headers == {"WWW-Authenticate": 'Basic realm="backoffice"'}


def test_basic_credentials_are_parsed_or_refused() -> None:
    assert auth.basic_credentials("Basic " + base64.b64encode(b"demo:pa:ss").decode()) == ("demo", "pa:ss")
    for bad in (None, "", "Bearer x", "Basic", "Basic !!!", "Basic " + base64.b64encode(b"nocolon").decode()):
        with pytest.raises(auth.BasicRequired):
            auth.basic_credentials(bad)


def test_a_token_carries_sub_iat_exp_jti_and_expires_in_is_an_int(aws: Any) -> None:
    user = auth.save_user("shop1", "pw", None)
    token, expires_in = auth.issue_token(user, now=1_800_000_000)
    assert expires_in == 3600
    assert isinstance(expires_in, int)
    header = jwt.get_unverified_header(token)
    assert header["alg"] == "HS256"
    claims = jwt.decode(
        token, auth.signing_key(), algorithms=["HS256"], options={"verify_exp": False, "verify_iat": False}
    )
    assert claims["sub"] == "shop1"
    assert claims["iat"] == 1_800_000_000
    assert claims["exp"] == 1_800_003_600
    assert len(claims["jti"]) == 32


def test_a_fresh_token_verifies(aws: Any) -> None:
    token, _ = auth.issue_token(auth.save_user("shop1", "pw", None))
    assert auth.verify_token(token)["sub"] == "shop1"


def _forge(claims: dict[str, Any], key: str, alg: str = "HS256") -> str:
    return jwt.encode(claims, key, algorithm=alg)


def _alg_none(claims: dict[str, Any]) -> str:
    def part(obj: dict[str, Any]) -> str:
        return base64.urlsafe_b64encode(json.dumps(obj).encode()).decode().rstrip("=")

    return f"{part({'alg': 'none', 'typ': 'JWT'})}.{part(claims)}."


def test_every_bad_token_is_refused(aws: Any) -> None:
    key = auth.signing_key()
    now = int(time.time())
    good = {"sub": "shop1", "iat": now, "exp": now + 600, "jti": "j"}
    token, _ = auth.issue_token(auth.save_user("shop1", "pw", None))
    head, payload, sig = token.split(".")
    tampered_claims = json.loads(base64.urlsafe_b64decode(payload + "=="))
    tampered_claims["sub"] = "admin"
    tampered = ".".join(
        [head, base64.urlsafe_b64encode(json.dumps(tampered_claims).encode()).decode().rstrip("="), sig]
    )
    cases = {
        "expired": _forge({**good, "iat": now - 7200, "exp": now - 3600}, key),
        "tampered": tampered,
        "alg none": _alg_none(good),
        "other key": _forge(good, "another-key-of-sufficient-length-0123456789"),
        "no jti": _forge({k: v for k, v in good.items() if k != "jti"}, key),
        "no exp": _forge({k: v for k, v in good.items() if k != "exp"}, key),
        "HS512": _forge(good, key, "HS512"),
        "garbage": "not.a.token",
        "empty": "",
    }
    for name, bad in cases.items():
        with pytest.raises(InvalidToken) as exc:
            auth.verify_token(bad)
        assert exc.value.status == 401, name
        assert exc.value.headers == {"WWW-Authenticate": "Bearer"}, name
    with pytest.raises(InvalidToken, match="expired"):
        auth.verify_token(cases["expired"])


def test_bearer_header_is_parsed_or_refused() -> None:
    assert auth.bearer_token("Bearer abc") == "abc"
    assert auth.bearer_token("bearer  abc ") == "abc"
    for bad in (None, "", "Basic abc", "Bearer", "Bearer  "):
        with pytest.raises(InvalidToken):
            auth.bearer_token(bad)
