"""The Standard Webhooks signature against the specification's published test vector."""

from __future__ import annotations

import base64

from backoffice.webhooks import signing

# standard-webhooks/standard-webhooks, libraries/python/tests/test_webhooks.py (test_sign_function).
VECTOR_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
VECTOR_ID = "msg_p5jXN8AQM9LWM0D4loKWxJek"
VECTOR_TIMESTAMP = 1614265330
VECTOR_BODY = '{"test": 2432232314}'
VECTOR_SIGNATURE = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="


def test_the_published_vector() -> None:
    assert signing.signature(VECTOR_SECRET, VECTOR_ID, VECTOR_TIMESTAMP, VECTOR_BODY) == VECTOR_SIGNATURE


def test_headers_carry_id_timestamp_and_one_signature_per_secret() -> None:
    other = signing.new_secret()
    sent = signing.headers([VECTOR_SECRET, other], VECTOR_ID, VECTOR_TIMESTAMP, VECTOR_BODY)
    assert sent["webhook-id"] == VECTOR_ID
    assert sent["webhook-timestamp"] == str(VECTOR_TIMESTAMP)
    first, second = sent["webhook-signature"].split(" ")
    assert first == VECTOR_SIGNATURE
    assert second == signing.signature(other, VECTOR_ID, VECTOR_TIMESTAMP, VECTOR_BODY)
    # Either secret verifies it: a receiver that has not switched yet keeps working.
    assert signing.verify(other, sent, VECTOR_BODY, now=VECTOR_TIMESTAMP)
    assert signing.verify(VECTOR_SECRET, sent, VECTOR_BODY, now=VECTOR_TIMESTAMP + 299)


def test_a_tampered_body_an_old_timestamp_or_another_secret_fail() -> None:
    sent = signing.headers([VECTOR_SECRET], VECTOR_ID, VECTOR_TIMESTAMP, VECTOR_BODY)
    assert not signing.verify(VECTOR_SECRET, sent, VECTOR_BODY.replace("2", "3"), now=VECTOR_TIMESTAMP)
    assert not signing.verify(VECTOR_SECRET, sent, VECTOR_BODY, now=VECTOR_TIMESTAMP + signing.TOLERANCE_SECONDS + 1)
    assert not signing.verify(signing.new_secret(), sent, VECTOR_BODY, now=VECTOR_TIMESTAMP)
    assert not signing.verify(VECTOR_SECRET, {**sent, "webhook-timestamp": "x"}, VECTOR_BODY, now=VECTOR_TIMESTAMP)


def test_a_new_secret_is_whsec_and_32_random_bytes() -> None:
    secret = signing.new_secret()
    assert secret.startswith("whsec_")
    assert len(base64.b64decode(secret.removeprefix("whsec_"))) == 32
    assert signing.new_secret() != secret
