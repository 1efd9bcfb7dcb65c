"""REST users, their salted password hashes, and the bearer tokens issued to them.

Passwords are kept only as scrypt hashes with a per-user salt. A token is an HS256 JWT signed
with the key from the signing-key secret, carrying sub, iat, exp and jti.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import secrets
import time
import uuid
from dataclasses import dataclass
from functools import cache
from typing import Any

import jwt

from backoffice.errors import ApiError, InvalidToken
from backoffice.platform import dynamo
from backoffice.platform.aws import client
from backoffice.platform.caches import on_reset
from backoffice.platform.environment import get_settings

# scrypt cost: 16 MiB of memory and some tens of milliseconds per check.
_N, _R, _P = 2**14, 8, 1
_ALGORITHM = "HS256"
MAX_NAME = 64


def hash_password(password: str) -> str:
    salt = secrets.token_bytes(16)
    digest = hashlib.scrypt(password.encode("utf-8"), salt=salt, n=_N, r=_R, p=_P, dklen=32)
    return "$".join(["scrypt", str(_N), str(_R), str(_P), _b64(salt), _b64(digest)])


def verify_password(password: str, stored: str) -> bool:
    try:
        scheme, n, r, p, salt, digest = stored.split("$")
        if scheme != "scrypt":
            return False
        expected = base64.b64decode(digest)
        actual = hashlib.scrypt(
            password.encode("utf-8"),
            salt=base64.b64decode(salt),
            n=int(n),
            r=int(r),
            p=int(p),
            dklen=len(expected),
        )
    except (ValueError, binascii.Error):
        return False
    return hmac.compare_digest(actual, expected)


def _b64(raw: bytes) -> str:
    return base64.b64encode(raw).decode("ascii")


# A hash to check against when the user does not exist, so that the answer takes as long.
_DUMMY_HASH = "scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="


@dataclass(frozen=True)
class User:
    name: str
    password_hash: str
    webshop: str | None = None

    def to_item(self) -> dict[str, Any]:
        return {"PK": f"USER#{self.name}", "SK": "USER", "PasswordHash": self.password_hash, "Webshop": self.webshop}

    @classmethod
    def from_item(cls, item: dict[str, Any]) -> User:
        return cls(item["PK"].removeprefix("USER#"), item["PasswordHash"], item.get("Webshop"))

    @staticmethod
    def load(name: str) -> User | None:
        item = dynamo.get_item(f"USER#{name}", "USER")
        return User.from_item(item) if item else None


def save_user(name: str, password: str, webshop: str | None) -> User:
    if not name or len(name) > MAX_NAME or ":" in name:
        raise ValueError(f"a user name has 1 to {MAX_NAME} characters and no colon: {name!r}")
    if not password:
        raise ValueError("the password must not be empty")
    user = User(name, hash_password(password), webshop or None)
    dynamo.put_item(user.to_item())
    return user


def basic_credentials(authorization: str | None) -> tuple[str, str]:
    """(user, password) from an `Authorization: Basic ...` header, or a 401."""
    scheme, _, value = (authorization or "").partition(" ")
    if scheme.lower() != "basic" or not value.strip():
        raise BasicRequired("Send the credentials as Authorization: Basic <base64 of user:password>.")
    try:
        decoded = base64.b64decode(value.strip(), validate=True).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError) as exc:
        raise BasicRequired("The Basic credentials are not valid base64 of user:password.") from exc
    user, sep, password = decoded.partition(":")
    if not sep:
        raise BasicRequired("The Basic credentials are not valid base64 of user:password.")
    return user, password


class BasicRequired(ApiError):
    status, code = 401, "invalid_token"

    def __init__(self, description: str) -> None:
        super().__init__(description, headers={"WWW-Authenticate": 'Basic realm="backoffice"'})


def authenticate(name: str, password: str) -> User:
    user = User.load(name) if 0 < len(name) <= MAX_NAME else None
    ok = verify_password(password, user.password_hash if user else _DUMMY_HASH)
    if not user or not ok:
        raise BasicRequired("Unknown user or wrong password.")
    return user


@cache
def signing_key() -> str:
    secret = client("secretsmanager").get_secret_value(SecretId=get_settings().signing_key_secret)
    return str(secret["SecretString"])


on_reset(signing_key.cache_clear)


def issue_token(user: User, now: int | None = None) -> tuple[str, int]:
    ttl = get_settings().token_ttl_seconds
    iat = int(time.time()) if now is None else now
    claims = {"sub": user.name, "iat": iat, "exp": iat + ttl, "jti": uuid.uuid4().hex}
    return jwt.encode(claims, signing_key(), algorithm=_ALGORITHM), ttl


def verify_token(token: str) -> dict[str, Any]:
    """The claims of a valid token; InvalidToken for anything else (alg none, expired, tampered)."""
    try:
        return jwt.decode(
            token,
            signing_key(),
            algorithms=[_ALGORITHM],
            options={"require": ["sub", "iat", "exp", "jti"]},
        )
    except jwt.ExpiredSignatureError as exc:
        raise InvalidToken("The token has expired; request a new one at /www/token.") from exc
    except jwt.InvalidTokenError as exc:
        raise InvalidToken("The token is not valid.") from exc


def bearer_token(authorization: str | None) -> str:
    scheme, _, value = (authorization or "").partition(" ")
    if scheme.lower() != "bearer" or not value.strip():
        raise InvalidToken("Send Authorization: Bearer <token>; get a token at /www/token.")
    return value.strip()
