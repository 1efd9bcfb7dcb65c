"""The Standard Webhooks signature (https://www.standardwebhooks.com), pure.

A secret is `whsec_` + base64 of its random bytes; the key is those bytes. A message is signed as
`v1,` + base64(HMAC-SHA256(key, "{webhook-id}.{webhook-timestamp}.{body}")); while a rotated secret
is still valid, the message carries one signature per secret, space-separated.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Mapping, Sequence

PREFIX = "whsec_"
SECRET_BYTES = 32  # the spec asks for 24 to 64
TOLERANCE_SECONDS = 5 * 60  # how far a receiver lets a timestamp be from its clock


def new_secret() -> str:
    return PREFIX + base64.b64encode(secrets.token_bytes(SECRET_BYTES)).decode("ascii")


def key_of(secret: str) -> bytes:
    """The secret's key bytes (a secret without the prefix is taken as the base64 part alone)."""
    return base64.b64decode(secret.removeprefix(PREFIX), validate=True)


def signature(secret: str, msg_id: str, timestamp: int, body: str) -> str:
    """`v1,` and the base64 HMAC-SHA256 of "id.timestamp.body" under the secret's key."""
    signed = f"{msg_id}.{timestamp}.{body}".encode()
    return "v1," + base64.b64encode(hmac.new(key_of(secret), signed, hashlib.sha256).digest()).decode("ascii")


def headers(secrets_in_use: Sequence[str], msg_id: str, timestamp: int, body: str) -> dict[str, str]:
    """The three headers of a message, signed with every secret still in use."""
    return {
        "webhook-id": msg_id,
        "webhook-timestamp": str(timestamp),
        "webhook-signature": " ".join(signature(s, msg_id, timestamp, body) for s in secrets_in_use),
    }


def verify(secret: str, received: Mapping[str, str], body: str, now: int) -> bool:
    """Whether a message is signed with `secret` and its timestamp is within the tolerance of `now`
    (what a receiver checks; our tests check our messages with it and with the spec's vector)."""
    try:
        msg_id, timestamp = received["webhook-id"], int(received["webhook-timestamp"])
    except (KeyError, ValueError):
        return False
    if abs(now - timestamp) > TOLERANCE_SECONDS:
        return False
    expected = signature(secret, msg_id, timestamp, body)
    offered = received.get("webhook-signature", "").split()
    return any(hmac.compare_digest(expected, candidate) for candidate in offered)
