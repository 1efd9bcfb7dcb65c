"""REST users, their salted password hashes, and the bearer tokens issued to them.

Passwords are kept only as scrypt hashes with a per-user salt. A token is an HS256 JWT signed
with the current key of the signing-key secret (its id in the `kid` header), carrying sub, iat,
exp, jti and cred, the user's credential id when it was issued: a new password, a revocation or a
re-created user changes that id, and the authorizer refuses tokens that carry another one.
The records are kept by platform/user_store, in a table of their own that has no stream.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import secrets
import time
import uuid
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import Any

import jwt

from backoffice.errors import ApiError, InvalidToken
from backoffice.platform import user_store
from backoffice.platform.aws import client
from backoffice.platform.caches import on_reset
from backoffice.platform.environment import get_settings
from backoffice.platform.roles import DEFAULT_ROLES, ROLES

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
    roles: frozenset[str] = DEFAULT_ROLES
    # Changes with every new password and every revocation; a token carries the one it was issued
    # for, so older tokens stop matching (a re-created user gets a new one too).
    credential: str = ""

    def to_item(self) -> dict[str, Any]:
        pk, sk = user_store.user_key(self.name)
        return {
            "PK": pk,
            "SK": sk,
            "PasswordHash": self.password_hash,
            "Webshop": self.webshop,
            "Roles": sorted(self.roles),
            "CredentialId": self.credential,
        }

    @classmethod
    def from_item(cls, item: dict[str, Any]) -> User:
        password_hash = item["PasswordHash"]
        return cls(
            item["PK"].removeprefix(user_store.USER_PREFIX),
            password_hash,
            item.get("Webshop"),
            frozenset(item.get("Roles") or DEFAULT_ROLES),
            # Users written before credential ids: the salted hash is unique per password set.
            item.get("CredentialId") or hashlib.sha256(password_hash.encode()).hexdigest()[:32],
        )

    @staticmethod
    def load(name: str, consistent: bool = False) -> User | None:
        item = user_store.load(name, consistent=consistent)
        return User.from_item(item) if item else None


def user_names() -> list[str]:
    """Every user's name, sorted: for the admin CLI's `migrate`, never for a request."""
    return user_store.names()


def check_roles(roles: Iterable[str]) -> frozenset[str]:
    wanted = frozenset(roles)
    unknown = wanted - set(ROLES)
    if not wanted or unknown:
        raise ValueError(f"roles are one or more of {', '.join(ROLES)}: {', '.join(sorted(unknown)) or 'none given'}")
    return wanted


def save_user(name: str, password: str, webshop: str | None, roles: Iterable[str] = DEFAULT_ROLES) -> User:
    """Create a user, or replace it: a new password revokes every token issued before."""
    if not name or len(name) > MAX_NAME or ":" in name:
        raise ValueError(f"a user name has 1 to {MAX_NAME} characters and no colon: {name!r}")
    if not password:
        raise ValueError("the password must not be empty")
    user = User(name, hash_password(password), webshop or None, check_roles(roles), _new_credential())
    _move(name)
    user_store.put(user.to_item())
    return user


def revoke_tokens(name: str) -> bool:
    """Invalidate every token of the user, password unchanged; False when there is no such user."""
    _move(name)
    # Only the credential id changes: a password set at the same moment is not overwritten.
    return user_store.update_existing(name, {"CredentialId": _new_credential()})


def delete_user(name: str) -> bool:
    """Remove the user (its tokens stop working with it); False when there was none."""
    _move(name)
    return user_store.delete(name)


def _move(name: str) -> None:
    """The user's record of the release before (until migrate has run) moved to the users' table
    first, so that a change lands where the record is read from and no older record is left behind."""
    if not user_store.move_user(name):
        raise ValueError(f"the user {name} changed while it was moved to the users' table; try again")


def _new_credential() -> str:
    return secrets.token_hex(16)


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


def login(name: str, password: str, source: str) -> User:
    """`authenticate` behind the failed-login lockout (platform/login_guard): a 429 while the name
    or the source is locked, a failure counted, a success clearing the name's failures."""
    from backoffice.platform import login_guard  # only the token function needs it

    passed = login_guard.check(name, source)
    try:
        user = authenticate(name, password)
    except BasicRequired:
        login_guard.record_failure(name, source)
        raise
    login_guard.reset(name, source, passed)
    return user


@dataclass(frozen=True)
class SigningKey:
    kid: str
    key: str


@dataclass(frozen=True)
class Keyring:
    """The signing-key secret: the current key signs, the previous one still verifies (overlap).

    The secret is JSON {"current": {"kid", "key"}, "previous": {...} | null, "rotated": epoch};
    a bare string (what CloudFormation generates) is one key whose kid derives from it.
    """

    current: SigningKey
    previous: SigningKey | None = None
    rotated: int | None = None

    def find(self, kid: str) -> SigningKey | None:
        return next((k for k in (self.current, self.previous) if k is not None and k.kid == kid), None)

    @classmethod
    def parse(cls, secret: str) -> Keyring:
        try:
            data = json.loads(secret)
        except ValueError:
            data = None
        if not isinstance(data, dict):
            # A truncated hash names the key without revealing anything usable about it.
            return cls(SigningKey("k" + hashlib.sha256(secret.encode()).hexdigest()[:12], secret))
        previous = data.get("previous")
        return cls(
            SigningKey(**data["current"]),
            SigningKey(**previous) if previous else None,
            data.get("rotated"),
        )

    def to_secret(self) -> str:
        return json.dumps(
            {
                "current": asdict(self.current),
                "previous": asdict(self.previous) if self.previous else None,
                "rotated": self.rotated,
            }
        )

    def rotated_now(self, now: int) -> Keyring:
        return Keyring(SigningKey(secrets.token_hex(6), secrets.token_urlsafe(48)), self.current, now)


# A warm function reads the secret again after this long, so that a rotation reaches every
# token function (they then sign with the new key) and a dropped key stops verifying.
KEYRING_MAX_AGE = 300
# A token with an unknown kid makes the authorizer read the secret again (a rotation it has not
# seen), at most once per this many seconds however many such tokens arrive.
UNKNOWN_KID_RELOAD_SECONDS = 10

_keyring: Keyring | None = None
_keyring_loaded = 0.0
_clock = time.monotonic


def _load_keyring() -> Keyring:
    global _keyring, _keyring_loaded
    secret = client("secretsmanager").get_secret_value(SecretId=get_settings().signing_key_secret)
    _keyring, _keyring_loaded = Keyring.parse(str(secret["SecretString"])), _clock()
    return _keyring


def keyring() -> Keyring:
    """The signing keys, read at first use and again once KEYRING_MAX_AGE has passed."""
    if _keyring is None or _clock() - _keyring_loaded >= KEYRING_MAX_AGE:
        return _load_keyring()
    return _keyring


def forget_keys() -> None:
    global _keyring
    _keyring = None


def _verification_key(kid: str) -> SigningKey | None:
    ring = keyring()
    found = ring.find(kid)
    if found is None and _clock() - _keyring_loaded >= UNKNOWN_KID_RELOAD_SECONDS:
        found = _load_keyring().find(kid)
    return found


class RotationTooSoon(Exception):
    """A second rotation would drop a key that valid tokens may still be signed with."""


def rotate_signing_key(force: bool = False, now: int | None = None) -> Keyring:
    """Make a new current key and keep the current one as the previous (the one dropped is
    the previous). Refused while tokens signed with the key to drop may still be valid."""
    now = int(time.time()) if now is None else now
    ring = _load_keyring()
    overlap = get_settings().token_ttl_seconds + KEYRING_MAX_AGE
    if ring.previous is not None and ring.rotated is not None and now - ring.rotated < overlap and not force:
        raise RotationTooSoon(
            f"the last rotation was {now - ring.rotated} s ago; tokens signed with key {ring.previous.kid},"
            f" which this rotation drops, may be valid for up to {overlap} s after it (token lifetime +"
            f" {KEYRING_MAX_AGE} s until every function has read the new key)"
        )
    rotated = ring.rotated_now(now)
    client("secretsmanager").put_secret_value(
        SecretId=get_settings().signing_key_secret, SecretString=rotated.to_secret()
    )
    forget_keys()
    return rotated


on_reset(forget_keys)


def issue_token(user: User, now: int | None = None) -> tuple[str, int]:
    ttl = get_settings().token_ttl_seconds
    iat = int(time.time()) if now is None else now
    claims = {"sub": user.name, "iat": iat, "exp": iat + ttl, "jti": uuid.uuid4().hex, "cred": user.credential}
    key = keyring().current
    return jwt.encode(claims, key.key, algorithm=_ALGORITHM, headers={"kid": key.kid}), ttl


def verify_token(token: str) -> dict[str, Any]:
    """The claims of a valid token; InvalidToken for anything else (alg none, expired, tampered,
    unknown key id). It does not look at the user: see `authorize`."""
    try:
        kid = jwt.get_unverified_header(token).get("kid")
        key = _verification_key(kid) if isinstance(kid, str) else None
        if key is None:
            raise InvalidToken("The token is not valid.")
        return jwt.decode(
            token,
            key.key,
            algorithms=[_ALGORITHM],
            options={"require": ["sub", "iat", "exp", "jti", "cred"]},
        )
    except jwt.ExpiredSignatureError as exc:
        raise InvalidToken("The token has expired; request a new one at /www/token.") from exc
    except jwt.InvalidTokenError as exc:
        raise InvalidToken("The token is not valid.") from exc


def authorize(token: str) -> User:
    """The user of a valid token whose credential is still the user's current one."""
    claims = verify_token(token)
    # Consistent: a revocation or a new password counts from the moment it is written.
    user = User.load(str(claims["sub"]), consistent=True)
    if user is None or not hmac.compare_digest(str(claims["cred"]), user.credential):
        raise InvalidToken("The token was revoked; request a new one at /www/token.")
    return user


def bearer_token(authorization: str | None) -> str:
    scheme, _, value = (authorization or "").partition(" ")
    if scheme.lower() != "bearer" or not value.strip():
        raise InvalidToken("Send Authorization: Bearer <token>; get a token at /www/token.")
    return value.strip()
