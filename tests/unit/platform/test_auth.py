"""Password hashes and tokens: never a clear password, every way a token can be bad refused."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
from typing import Any

import jwt
import pytest

from backoffice.errors import InvalidToken
from backoffice.platform import auth, dynamo, user_store


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
    item = dynamo.get_item("USER#shop1", "USER", table=user_store.table())
    assert item is not None
    assert set(item) == {"PK", "SK", "PasswordHash", "Webshop", "Roles", "CredentialId"}
    assert item["Roles"] == ["integration"]
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


def test_a_token_carries_sub_iat_exp_jti_cred_and_expires_in_is_an_int(aws: Any) -> None:
    user = auth.save_user("shop1", "pw", None)
    token, expires_in = auth.issue_token(user, now=1_800_000_000)
    assert expires_in == 3600
    assert isinstance(expires_in, int)
    header = jwt.get_unverified_header(token)
    assert header["alg"] == "HS256"
    assert header["kid"] == auth.keyring().current.kid
    claims = jwt.decode(
        token, auth.keyring().current.key, algorithms=["HS256"], options={"verify_exp": False, "verify_iat": False}
    )
    assert claims["cred"] == user.credential
    assert len(user.credential) == 32
    assert claims["sub"] == "shop1"
    assert claims["iat"] == 1_800_000_000
    assert claims["exp"] == 1_800_003_600
    assert len(claims["jti"]) == 32


def test_a_fresh_token_verifies(aws: Any) -> None:
    token, _ = auth.issue_token(auth.save_user("shop1", "pw", None))
    assert auth.verify_token(token)["sub"] == "shop1"


def _forge(claims: dict[str, Any], key: str, alg: str = "HS256", kid: str | None = None) -> str:
    return jwt.encode(claims, key, algorithm=alg, headers={"kid": kid} if kid else None)


def _raw(header: dict[str, Any], claims: dict[str, Any], key: str) -> str:
    """A correctly signed HS256 token with any header (PyJWT will not write some of them)."""

    def part(raw: bytes) -> str:
        return base64.urlsafe_b64encode(raw).decode().rstrip("=")

    signing_input = f"{part(json.dumps(header).encode())}.{part(json.dumps(claims).encode())}"
    signature = hmac.new(key.encode(), signing_input.encode(), hashlib.sha256).digest()
    return f"{signing_input}.{part(signature)}"


def _alg_none(claims: dict[str, Any]) -> str:
    def part(obj: dict[str, Any]) -> str:
        return base64.urlsafe_b64encode(json.dumps(obj).encode()).decode().rstrip("=")

    return f"{part({'alg': 'none', 'typ': 'JWT'})}.{part(claims)}."


def test_every_bad_token_is_refused(aws: Any) -> None:
    ring = auth.keyring()
    key, kid = ring.current.key, ring.current.kid
    now = int(time.time())
    good = {"sub": "shop1", "iat": now, "exp": now + 600, "jti": "j", "cred": "c"}
    token, _ = auth.issue_token(auth.save_user("shop1", "pw", None))
    head, payload, sig = token.split(".")
    tampered_claims = json.loads(base64.urlsafe_b64decode(payload + "=="))
    tampered_claims["sub"] = "admin"
    tampered = ".".join(
        [head, base64.urlsafe_b64encode(json.dumps(tampered_claims).encode()).decode().rstrip("="), sig]
    )
    cases = {
        "expired": _forge({**good, "iat": now - 7200, "exp": now - 3600}, key, kid=kid),
        "tampered": tampered,
        "alg none": _alg_none(good),
        "other key": _forge(good, "another-key-of-sufficient-length-0123456789", kid=kid),
        "other key, unknown kid": _forge(good, "another-key-of-sufficient-length-0123456789", kid="nope"),
        "no kid": _forge(good, key),
        "kid not a string": _raw({"alg": "HS256", "typ": "JWT", "kid": 7}, good, key),
        "no jti": _forge({k: v for k, v in good.items() if k != "jti"}, key, kid=kid),
        "no exp": _forge({k: v for k, v in good.items() if k != "exp"}, key, kid=kid),
        "no cred": _forge({k: v for k, v in good.items() if k != "cred"}, key, kid=kid),
        "HS512": _forge(good, key, "HS512", kid=kid),
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


# --- Tokens bound to the credential -----------------------------------------------------------


def test_a_new_password_revokes_the_tokens_issued_before(aws: Any) -> None:
    old, _ = auth.issue_token(auth.save_user("shop1", "first", "SHOP1"))
    assert auth.authorize(old).name == "shop1"
    new, _ = auth.issue_token(auth.save_user("shop1", "second", "SHOP1"))
    with pytest.raises(InvalidToken, match="revoked"):
        auth.authorize(old)
    assert auth.authorize(new).webshop == "SHOP1"


def test_revoke_invalidates_every_token_and_keeps_the_password(aws: Any) -> None:
    user = auth.save_user("shop1", "pw", None)
    tokens = [auth.issue_token(user)[0] for _ in range(2)]
    assert auth.revoke_tokens("shop1") is True
    for token in tokens:
        with pytest.raises(InvalidToken, match="revoked"):
            auth.authorize(token)
    again = auth.authenticate("shop1", "pw")
    assert again.credential != user.credential
    assert auth.authorize(auth.issue_token(again)[0]).name == "shop1"
    assert auth.revoke_tokens("nobody") is False
    assert dynamo.get_item("USER#nobody", "USER", table=user_store.table()) is None


def test_a_deleted_and_recreated_user_does_not_revive_old_tokens(aws: Any) -> None:
    old, _ = auth.issue_token(auth.save_user("shop1", "same-password", None))
    assert auth.delete_user("shop1") is True
    with pytest.raises(InvalidToken):
        auth.authorize(old)
    auth.save_user("shop1", "same-password", None)
    with pytest.raises(InvalidToken, match="revoked"):
        auth.authorize(old)
    assert auth.delete_user("shop1") is True
    assert auth.delete_user("shop1") is False


def test_a_user_stored_before_roles_and_credential_ids_is_an_integration_user(aws: Any) -> None:
    password_hash = auth.hash_password("pw")
    dynamo.put_item({"PK": "USER#legacy", "SK": "USER", "PasswordHash": password_hash, "Webshop": "SHOP"})
    user = auth.authenticate("legacy", "pw")
    assert user.roles == frozenset({"integration"})
    assert len(user.credential) == 32
    token, _ = auth.issue_token(user)
    assert auth.authorize(token).name == "legacy"
    auth.save_user("legacy", "pw", "SHOP")  # a new password: the old token no longer matches
    with pytest.raises(InvalidToken):
        auth.authorize(token)


def test_roles_are_checked_and_stored(aws: Any) -> None:
    user = auth.save_user("ops", "pw", None, ["operator", "integration"])
    assert dynamo.get_item("USER#ops", "USER", table=user_store.table())["Roles"] == ["integration", "operator"]  # type: ignore[index]
    assert auth.authorize(auth.issue_token(user)[0]).roles == frozenset({"integration", "operator"})
    for bad in ([], ["admin"], ["operator", "root"]):
        with pytest.raises(ValueError, match="roles"):
            auth.save_user("ops", "pw", None, bad)


# --- Signing keys: kid, rotation with an overlap, reload on an unknown kid ----------------------


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(aws: Any, monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(auth, "_clock", fake)
    auth.forget_keys()
    return fake


def _secret_reads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    reads: list[int] = []
    sm = auth.client("secretsmanager")
    original = sm.get_secret_value
    monkeypatch.setattr(sm, "get_secret_value", lambda **kw: reads.append(1) or original(**kw))
    return reads


def test_the_generated_secret_is_one_key_with_a_derived_kid() -> None:
    ring = auth.Keyring.parse("AbCdEf0123456789" * 4)
    assert ring.previous is None
    assert ring.current.key == "AbCdEf0123456789" * 4
    assert ring.current.kid.startswith("k")
    assert len(ring.current.kid) == 13
    assert auth.Keyring.parse(ring.to_secret()) == ring
    assert auth.Keyring.parse("another key").current.kid != ring.current.kid


def test_rotation_keeps_old_tokens_valid_and_a_warm_verifier_takes_new_ones(
    clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    user = auth.save_user("shop1", "pw", None)
    old_token, _ = auth.issue_token(user)  # this process now holds the keyring: a warm function
    old_kid = jwt.get_unverified_header(old_token)["kid"]
    clock.now += 60
    # Another process (a fresh token function) rotates and signs with the new key at once.
    new_ring = auth.Keyring.parse(
        auth.client("secretsmanager").get_secret_value(SecretId="SigningKey")["SecretString"]
    ).rotated_now(2_000_000_000)
    auth.client("secretsmanager").put_secret_value(SecretId="SigningKey", SecretString=new_ring.to_secret())
    claims = {
        "sub": "shop1",
        "iat": int(time.time()),
        "exp": int(time.time()) + 600,
        "jti": "j",
        "cred": user.credential,
    }
    new_token = _forge(claims, new_ring.current.key, kid=new_ring.current.kid)
    reads = _secret_reads(monkeypatch)
    assert auth.authorize(new_token).name == "shop1"  # the unknown kid made it read the secret again
    assert reads == [1]
    assert auth.authorize(old_token).name == "shop1"  # the previous key verifies during the overlap
    assert new_ring.previous is not None
    assert new_ring.previous.kid == old_kid
    assert reads == [1]


def test_unknown_kids_reload_the_secret_at_most_once_per_interval(
    clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    auth.keyring()
    reads = _secret_reads(monkeypatch)
    now = int(time.time())
    forged = _forge({"sub": "x", "iat": now, "exp": now + 60, "jti": "j", "cred": "c"}, "k" * 40, kid="unknown")
    clock.now += auth.UNKNOWN_KID_RELOAD_SECONDS
    for _ in range(50):
        with pytest.raises(InvalidToken):
            auth.verify_token(forged)
    assert reads == [1]
    clock.now += auth.UNKNOWN_KID_RELOAD_SECONDS - 1
    with pytest.raises(InvalidToken):
        auth.verify_token(forged)
    assert reads == [1]
    clock.now += 1
    with pytest.raises(InvalidToken):
        auth.verify_token(forged)
    assert reads == [1, 1]


def test_a_warm_token_function_signs_with_the_new_key_after_the_max_age(clock: Clock) -> None:
    user = auth.save_user("shop1", "pw", None)
    stale_kid = auth.keyring().current.kid
    # Rotated by the admin command in another process: this one still holds the old keyring.
    ring = auth.Keyring.parse(
        auth.client("secretsmanager").get_secret_value(SecretId="SigningKey")["SecretString"]
    ).rotated_now(1)
    auth.client("secretsmanager").put_secret_value(SecretId="SigningKey", SecretString=ring.to_secret())
    clock.now += auth.KEYRING_MAX_AGE - 1
    assert jwt.get_unverified_header(auth.issue_token(user)[0])["kid"] == stale_kid
    clock.now += 1
    assert jwt.get_unverified_header(auth.issue_token(user)[0])["kid"] == ring.current.kid


def test_rotate_refuses_to_drop_a_key_that_may_still_sign_valid_tokens(clock: Clock) -> None:
    user = auth.save_user("shop1", "pw", None)
    first_token, _ = auth.issue_token(user)
    first = auth.rotate_signing_key(now=1_000_000)
    assert first.previous is not None
    second_token, _ = auth.issue_token(user)
    assert jwt.get_unverified_header(second_token)["kid"] == first.current.kid
    overlap = 3600 + auth.KEYRING_MAX_AGE
    with pytest.raises(auth.RotationTooSoon, match=first.previous.kid):
        auth.rotate_signing_key(now=1_000_000 + overlap - 1)
    assert auth.keyring() == first  # nothing written
    second = auth.rotate_signing_key(now=1_000_000 + overlap)
    assert second.previous == first.current
    # The key of the first token is gone: refused; the second token's key is the previous one.
    with pytest.raises(InvalidToken):
        auth.authorize(first_token)
    assert auth.authorize(second_token).name == "shop1"
    third = auth.rotate_signing_key(force=True, now=1_000_000 + overlap + 1)
    assert third.previous == second.current
    with pytest.raises(InvalidToken):
        auth.authorize(second_token)
