"""POST/GET/PATCH/DELETE /www/webhooks and the secret's rotation, through the handler on moto."""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.invoke import Answer, Context, event, handler

HOOK = {"url": "https://shop.example.ch/hooks", "events": ["auftrag.created", "artikel.stock_changed"]}


def hooks(
    method: str, path: str, body: Any = None, user: str = "demo", roles: str = "integration", **kw: Any
) -> Answer:
    """A call of the webhooks function as `user` holding `roles` (the authorizer's context)."""
    sent = event(method, path, body, user=user, **kw)
    sent["requestContext"]["authorizer"]["roles"] = roles
    return Answer(handler("webhooks")(sent, Context("webhooks")))


def create(body: dict[str, Any] = HOOK, **kw: Any) -> dict[str, Any]:
    answer = hooks("POST", "/www/webhooks", body, **kw)
    assert answer.status == 201, answer.text
    assert answer.headers["Cache-Control"] == "no-store"
    return dict(answer.json()["data"])


def test_create_answers_the_secret_once(demo: Any) -> None:
    from backoffice.webhooks import signing

    made = create()
    assert made["secret"].startswith("whsec_")
    assert len(signing.key_of(made["secret"])) == 32
    assert (made["url"], made["events"], made["enabled"], made["user"]) == (HOOK["url"], HOOK["events"], True, "demo")
    read = hooks("GET", f"/www/webhooks/{made['id']}").json()["data"]
    assert "secret" not in read
    assert read == {k: v for k, v in made.items() if k != "secret"}
    listed = hooks("GET", "/www/webhooks").json()["data"]
    assert [h["id"] for h in listed] == [made["id"]]
    assert all("secret" not in h for h in listed)


def test_another_user_neither_sees_nor_changes_it_but_the_operator_does(demo: Any) -> None:
    mine = create()
    path = f"/www/webhooks/{mine['id']}"
    other = {"user": "other"}
    assert hooks("GET", "/www/webhooks", **other).json()["data"] == []
    for method, body in (("GET", None), ("PATCH", {"enabled": False}), ("DELETE", None)):
        answer = hooks(method, path, body, **other)
        assert answer.status == 404, (method, answer.text)
        assert answer.json()["error"] == "not_found"
    assert hooks("POST", f"{path}/secret", **other).status == 404
    theirs = create(user="other")
    # The operator role alone (no integration, no webshop): every subscription, each of its routes.
    operator = {"user": "admin", "roles": "operator", "webshop": None}
    assert {h["id"] for h in hooks("GET", "/www/webhooks", **operator).json()["data"]} == {mine["id"], theirs["id"]}
    assert hooks("GET", path, **operator).json()["data"]["user"] == "demo"
    changed = hooks("PATCH", path, {"enabled": False}, **operator)
    assert (changed.status, changed.json()["data"]["enabled"], changed.json()["data"]["user"]) == (200, False, "demo")
    rotated = hooks("POST", f"{path}/secret", **operator)
    assert rotated.status == 201, rotated.text
    assert rotated.json()["data"]["secret"].startswith("whsec_")
    assert hooks("DELETE", f"/www/webhooks/{theirs['id']}", **operator).status == 204
    assert [h["id"] for h in hooks("GET", "/www/webhooks").json()["data"]] == [mine["id"]]  # the owner's view


def test_patch_and_delete(demo: Any) -> None:
    made = create()
    path = f"/www/webhooks/{made['id']}"
    answer = hooks("PATCH", path, {"enabled": False, "events": ["rechnung.issued"]})
    assert answer.status == 200, answer.text
    changed = answer.json()["data"]
    assert (changed["enabled"], changed["events"], changed["url"]) == (False, ["rechnung.issued"], HOOK["url"])
    assert hooks("GET", path).json()["data"] == changed
    assert hooks("DELETE", path).status == 204
    assert hooks("GET", path).status == 404
    assert hooks("DELETE", path).status == 404


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"url": "http://shop.example.ch/h", "events": ["auftrag.created"]}, "url"),
        ({"url": "https://user:pw@shop.example.ch/h", "events": ["auftrag.created"]}, "url"),
        ({"url": "https://shop.example.ch/h", "events": ["auftrag.deleted"]}, "events"),
        ({"url": "https://shop.example.ch/h", "events": []}, "events"),
        ({"url": "https://shop.example.ch/h", "events": ["auftrag.created", "auftrag.created"]}, "events"),
        ({"url": "https://shop.example.ch/h"}, "events"),
        ({"url": "https://shop.example.ch/h", "events": ["auftrag.created"], "secret": "mine"}, "secret"),
    ],
)
def test_refused_bodies_name_the_field(demo: Any, body: dict[str, Any], field: str) -> None:
    answer = hooks("POST", "/www/webhooks", body)
    assert answer.status == 400, answer.text
    error = answer.json()
    assert set(error) == {"error", "error_description", "info"}
    assert any(name.split(".")[0].split("[")[0] == field for name in error["info"]["fields"]), error


def test_private_addresses_are_refused_in_aws(demo: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from backoffice.platform.caches import reset_caches

    assert create({"url": "http://127.0.0.1:9000/h", "events": ["auftrag.created"]})["url"].startswith("http://")
    monkeypatch.setenv("AWS_LAMBDA_FUNCTION_NAME", "webhooks")
    reset_caches()
    for url in ("https://169.254.169.254/latest/meta-data/", "https://10.0.0.1/h", "http://127.0.0.1:9000/h"):
        answer = hooks("POST", "/www/webhooks", {"url": url, "events": ["auftrag.created"]})
        assert answer.status == 400, url
        assert "url" in answer.json()["info"]["fields"]


def test_rotation_keeps_the_old_secret_for_a_day(demo: Any) -> None:
    from backoffice.platform import dynamo
    from backoffice.timestamps import utc_text
    from backoffice.webhooks import subscriptions

    made = create()
    answer = hooks("POST", f"/www/webhooks/{made['id']}/secret")
    assert answer.status == 201, answer.text
    rotated = answer.json()["data"]
    assert rotated["secret"].startswith("whsec_")
    assert rotated["secret"] != made["secret"]
    item = dynamo.get_item(subscriptions.PK, f"WEBHOOK#{made['id']}")
    assert item is not None
    assert subscriptions.secrets_in_use(item, utc_text()) == [rotated["secret"], made["secret"]]
    tomorrow = item["Secrets"][1]["ValidUntilUTC"]
    assert subscriptions.secrets_in_use(item, tomorrow + "~") == [rotated["secret"]]


def test_a_retry_with_the_same_idempotency_key_gets_the_same_subscription(demo: Any) -> None:
    headers = {"Idempotency-Key": "hook-1"}
    first = hooks("POST", "/www/webhooks", HOOK, headers=headers)
    again = hooks("POST", "/www/webhooks", HOOK, headers=headers)
    assert first.status == again.status == 201
    assert first.text == again.text
    assert len(hooks("GET", "/www/webhooks").json()["data"]) == 1
