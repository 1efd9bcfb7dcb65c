"""Webhook delivery on moto with a real local receiver: the dispatcher, a subscription's run (in
order, signed, retried on schedule, failed, disabled), the address rules at delivery, the API."""

from __future__ import annotations

import io
import json
import socket
from datetime import datetime, timedelta
from typing import Any

import pytest
from standardwebhooks.webhooks import Webhook, WebhookVerificationError

from tests.support.invoke import Answer, Context, event, handler
from tests.support.webhook_receiver import Receiver

ORDER = {
    "GrundDaten": {"KundNr": "100004"},
    "Positionen": [{"ArtNr": "1000", "Menge": 3}, {"ArtNr": "1002", "Menge": 20, "VPEinheit": "PAK"}],
}
TYPES = ["auftrag.created", "artikel.stock_changed"]


@pytest.fixture
def receiver() -> Any:
    started = Receiver().start()
    yield started
    started.stop()


def hooks(
    method: str,
    path: str,
    body: Any = None,
    user: str = "shopper",
    roles: str = "integration",
    query: dict[str, str] | None = None,
    webshop: str | None = "",
) -> Answer:
    sent = event(method, path, body, user=user, query=query, webshop=webshop)
    sent["requestContext"]["authorizer"]["roles"] = roles
    return Answer(handler("webhooks")(sent, Context("webhooks")))


def subscribe(
    url: str, user: str = "shopper", webshop: str | None = "SHOP", types: list[str] = TYPES
) -> dict[str, Any]:
    from backoffice.platform import auth

    auth.save_user(user, "pw-123456789", webshop)
    answer = hooks("POST", "/www/webhooks", {"url": url, "events": types}, user=user, webshop=webshop)
    assert answer.status == 201, answer.text
    return dict(answer.json()["data"])


def drain() -> list[str]:
    """Every message the queue holds now handled as the delivery function would; the outcomes."""
    from backoffice.platform.aws import client
    from backoffice.platform.environment import get_settings
    from backoffice.webhooks import delivery

    sqs = client("sqs")
    url = sqs.get_queue_url(QueueName=get_settings().webhook_queue_name)["QueueUrl"]
    outcomes = []
    while messages := sqs.receive_message(QueueUrl=url, MaxNumberOfMessages=10).get("Messages", []):
        for message in messages:
            outcomes.append(delivery.handle(json.loads(message["Body"]), lambda: 60_000))
            sqs.delete_message(QueueUrl=url, ReceiptHandle=message["ReceiptHandle"])
    return outcomes


def order(call: Any) -> str:
    answer = call("auftrag", "POST", "/www/auftrag", ORDER)
    assert answer.status == 201, answer.text
    return str(answer.json()["data"]["AuftNr"])


def deliver() -> list[str]:
    from backoffice.webhooks import delivery

    delivery.dispatch()
    return drain()


def state(webhook_id: str) -> dict[str, Any]:
    from backoffice.webhooks import deliveries

    return deliveries.state(webhook_id)


def listed(webhook_id: str, **query: str) -> dict[str, Any]:
    answer = hooks("GET", f"/www/webhooks/{webhook_id}/deliveries", query=query)
    assert answer.status == 200, answer.text
    return dict(answer.json())


def scale(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    from backoffice.platform.environment import get_settings

    monkeypatch.setenv("WEBHOOK_BACKOFF_SCALE", value)
    get_settings.cache_clear()


# --- the schedule ------------------------------------------------------------------------------


def test_the_schedule_backs_off_exponentially_with_jitter_for_more_than_72_hours() -> None:
    from backoffice.webhooks import schedule

    assert [schedule.delay(n, 1, 0) for n in (1, 2, 3, 4)] == [30.0, 60.0, 120.0, 240.0]
    assert schedule.delay(12, 1, 0) == 12 * 3600  # capped
    assert schedule.delay(1, 1, 0.999) == pytest.approx(37.5, abs=0.01)  # jitter: up to a quarter more
    assert schedule.delay(3, 3600, 0) == pytest.approx(120 / 3600)  # the scale divides
    assert schedule.delay(schedule.ATTEMPTS, 1, 0) is None
    total = sum(schedule.delay(n, 1, 0) or 0 for n in range(1, schedule.ATTEMPTS))
    assert schedule.ATTEMPTS >= 10
    assert total >= 72 * 3600
    assert schedule.disable_after(10) == timedelta(hours=12)


# --- the address rules at delivery -------------------------------------------------------------


@pytest.mark.parametrize("address", ["169.254.169.254", "127.0.0.1", "10.1.2.3", "::ffff:169.254.169.254", "fd00::1"])
def test_a_name_resolving_to_an_internal_address_is_refused_at_delivery(
    monkeypatch: pytest.MonkeyPatch, address: str
) -> None:
    from backoffice.webhooks import sender

    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    public = (socket.AF_INET, socket.SOCK_STREAM, 6, "", ("93.184.215.14", 443))
    answers = [(family, socket.SOCK_STREAM, 6, "", (address, 443)), public]
    monkeypatch.setattr(socket, "getaddrinfo", lambda *a, **k: answers)
    connected: list[Any] = []
    monkeypatch.setattr(socket, "create_connection", lambda *a, **k: connected.append(a))
    outcome = sender.post("https://rebind.example.com/hook", b"{}", {}, in_aws=True)
    assert outcome.status is None
    assert outcome.error is not None
    assert outcome.error.startswith("refused:")
    assert address in outcome.error
    assert not outcome.ok
    assert connected == []  # refused before any connection


def test_the_connection_goes_to_the_checked_address_with_the_name_for_tls(monkeypatch: pytest.MonkeyPatch) -> None:
    from backoffice.webhooks import sender

    monkeypatch.setattr(socket, "getaddrinfo", lambda *a, **k: [(socket.AF_INET, 1, 6, "", ("93.184.215.14", 8443))])
    connected: list[Any] = []

    def connect(where: Any, timeout: Any) -> Any:
        connected.append((where, timeout))
        raise ConnectionRefusedError

    monkeypatch.setattr(socket, "create_connection", connect)
    outcome = sender.post("https://shop.example.com:8443/hook", b"{}", {}, in_aws=True)
    assert connected == [(("93.184.215.14", 8443), sender.TIMEOUT_SECONDS)]
    assert (outcome.status, outcome.error) == (None, "connection: ConnectionRefusedError")
    assert sender.post("http://shop.example.com/hook", b"{}", {}, in_aws=True).error == (
        "refused: https only (http only to localhost in the local stack)"
    )


def test_no_redirect_is_followed_and_a_slow_answer_fails(receiver: Receiver) -> None:
    from backoffice.webhooks import sender

    receiver.status = 302
    outcome = sender.post(receiver.url, b"{}", {}, in_aws=False)
    assert (outcome.status, outcome.ok) == (302, False)
    assert len(receiver.taken()) == 1
    receiver.status = 299
    assert sender.post(receiver.url, b"{}", {}, in_aws=False).ok


# --- delivery ----------------------------------------------------------------------------------


def test_an_order_reaches_each_subscription_signed_in_order_with_only_the_articles_it_may_see(
    call: Any, receiver: Receiver
) -> None:
    shop = subscribe(receiver.url)
    other = Receiver().start()
    try:
        b2b = subscribe(other.url, user="b2b", webshop="B2B")
        auft_nr = order(call)
        assert set(deliver()) <= {"done", "busy"}
        sent = receiver.verified(shop["secret"])
        assert [(m["type"], m["data"].get("AuftNr") or m["data"]["ArtNr"]) for m in sent] == [
            ("auftrag.created", auft_nr),
            ("artikel.stock_changed", "1000"),
            ("artikel.stock_changed", "1002"),
        ]
        assert sent[0]["data"]["GrundDaten"]["KundNr"] == "100004"  # the order as GET answers it
        assert [m["sequence"] for m in sent] == sorted(m["sequence"] for m in sent)
        assert set(sent[0]) == {"id", "type", "timestamp", "sequence", "data"}
        assert all(m["id"].startswith("evt_") for m in sent)
        # 1002 is published for SHOP only: the B2B user's subscription never hears of it.
        assert [m["type"] for m in other.verified(b2b["secret"])] == ["auftrag.created", "artikel.stock_changed"]
        assert other.verified(b2b["secret"])[1]["data"]["ArtNr"] == "1000"
        with pytest.raises(WebhookVerificationError):
            Webhook(b2b["secret"]).verify(receiver.taken()[0][1], receiver.taken()[0][0])
        assert deliver() == []  # nothing more to send: nobody is woken
    finally:
        other.stop()


def test_a_tampered_body_or_an_old_timestamp_does_not_verify(call: Any, receiver: Receiver) -> None:
    hook = subscribe(receiver.url)
    order(call)
    deliver()
    headers, body = receiver.taken()[0]
    Webhook(hook["secret"]).verify(body, headers)
    with pytest.raises(WebhookVerificationError):
        Webhook(hook["secret"]).verify(body.replace("100004", "100005"), headers)
    old = {**headers, "webhook-timestamp": str(int(headers["webhook-timestamp"]) - 600)}
    with pytest.raises(WebhookVerificationError):
        Webhook(hook["secret"]).verify(body, old)


def test_a_failing_receiver_is_retried_on_schedule_and_later_events_wait(
    call: Any, receiver: Receiver, monkeypatch: pytest.MonkeyPatch
) -> None:
    from backoffice.platform import dynamo
    from backoffice.webhooks import deliveries, delivery

    hook = subscribe(receiver.url, types=["auftrag.created"])
    receiver.status = 500
    first, second = order(call), order(call)
    assert deliver() == ["retrying"]
    (head,) = listed(hook["id"])["data"]
    assert (head["status"], len(head["attempts"]), head["attempts"][0]["status"]) == ("retrying", 1, 500)
    wait = (_moment(head["next_attempt"]) - _moment(head["attempts"][0]["at"])).total_seconds()
    assert 30 - 0.01 <= wait <= 37.5 + 0.01  # the first delay, jittered
    assert delivery.run(hook["id"], None, lambda: 60_000) == "waiting"  # not due yet
    assert len(receiver.taken()) == 1
    # Time passes: the retry is due (its chained message is delayed 31 s or more, so it is run here).
    dynamo.update_existing(deliveries.pk(hook["id"]), deliveries.STATE_SK, {"NextAttemptUTC": "2000-01-01T00:00:00Z"})
    assert delivery.run(hook["id"], None, lambda: 60_000) == "retrying"
    receiver.status = 200
    dynamo.update_existing(deliveries.pk(hook["id"]), deliveries.STATE_SK, {"NextAttemptUTC": "2000-01-01T00:00:00Z"})
    assert delivery.run(hook["id"], None, lambda: 60_000) == "done"
    ids = [h["webhook-id"] for h, _ in receiver.taken()]
    assert ids[0] == ids[1] == ids[2] != ids[3]  # the same webhook-id on every retry
    assert [m["data"]["AuftNr"] for m in receiver.verified(hook["secret"])] == [first, first, first, second]
    newest, oldest = listed(hook["id"])["data"]
    assert [a["status"] for a in oldest["attempts"]] == [500, 500, 200]
    assert (oldest["status"], newest["status"], "next_attempt" in oldest) == ("delivered", "delivered", False)
    assert "Head" not in {k for k, v in state(hook["id"]).items() if v}


def test_exhausted_retries_fail_the_delivery_and_the_next_event_follows(
    call: Any, receiver: Receiver, monkeypatch: pytest.MonkeyPatch
) -> None:
    from backoffice.webhooks import delivery, schedule

    scale(monkeypatch, "100000000")  # every delay below a millisecond
    monkeypatch.setattr(schedule, "DISABLE_AFTER", timedelta(days=10**6))  # the test's milliseconds are not days
    hook = subscribe(receiver.url, types=["auftrag.created"])
    receiver.status = 503
    first = order(call)
    second = order(call)
    outcomes = [delivery.run(hook["id"], None, lambda: 60_000) for _ in range(schedule.ATTEMPTS)]
    assert outcomes == ["retrying"] * schedule.ATTEMPTS  # the 17th failed the first, the second failed once
    newest, oldest = listed(hook["id"])["data"]
    assert (oldest["status"], len(oldest["attempts"]), "next_attempt" in oldest) == ("failed", 17, False)
    assert (newest["status"], len(newest["attempts"])) == ("retrying", 1)
    sent = [json.loads(b)["data"]["AuftNr"] for _, b in receiver.taken()]
    assert sent == [first] * 17 + [second]


def test_a_subscription_failing_for_days_is_disabled_with_a_metric(
    call: Any, receiver: Receiver, capsys: pytest.CaptureFixture[str]
) -> None:
    from backoffice.platform import dynamo
    from backoffice.webhooks import deliveries, delivery

    hook = subscribe(receiver.url, types=["auftrag.created"])
    receiver.status = 500
    order(call)
    assert deliver() == ["retrying"]
    assert hooks("GET", f"/www/webhooks/{hook['id']}").json()["data"]["enabled"] is True
    six_days_ago = "2000-01-01T00:00:00.000Z"
    pk = deliveries.pk(hook["id"])
    dynamo.update_existing(pk, deliveries.STATE_SK, {"FailingSinceUTC": six_days_ago, "NextAttemptUTC": six_days_ago})
    capsys.readouterr()
    assert delivery.run(hook["id"], None, lambda: 60_000) == "retrying"
    assert hooks("GET", f"/www/webhooks/{hook['id']}").json()["data"]["enabled"] is False
    assert '"WebhookSubscriptionDisabled":[1.0]' in capsys.readouterr().out.replace(" ", "")
    assert delivery.run(hook["id"], None, lambda: 60_000) == "disabled"
    assert delivery.dispatch() == 0
    assert len(receiver.taken()) == 2


def test_one_run_at_a_time(call: Any, receiver: Receiver) -> None:
    from backoffice.platform import dynamo
    from backoffice.webhooks import deliveries, delivery

    hook = subscribe(receiver.url)
    order(call)
    assert dynamo.take_lease(deliveries.pk(hook["id"]), deliveries.STATE_SK, "another", 60) is not None
    assert delivery.dispatch() == 0  # a run holds it and reads on: nobody is woken
    assert delivery.run(hook["id"], None, lambda: 60_000) == "busy"
    assert receiver.taken() == []


def test_a_run_short_of_time_hands_over_to_a_fresh_one(call: Any, receiver: Receiver) -> None:
    from backoffice.webhooks import delivery

    hook = subscribe(receiver.url)
    order(call)
    assert delivery.run(hook["id"], None, lambda: 5_000) == "more"  # too little left for an attempt
    assert receiver.taken() == []
    assert drain() == ["done"]  # the run it queued
    assert len(receiver.taken()) == 3
    order(call)
    left = iter([60_000, 60_000, 1_000, 60_000, 60_000])
    assert delivery.run(hook["id"], None, lambda: next(left)) == "more"  # two sent, the third left
    assert len(receiver.taken()) == 5
    assert drain() == ["done"]
    sequences = [json.loads(b)["sequence"] for _, b in receiver.taken()]
    assert sequences == sorted(set(sequences))  # each once, in order


def test_after_a_rotation_both_secrets_sign(call: Any, receiver: Receiver) -> None:
    hook = subscribe(receiver.url)
    rotated = hooks("POST", f"/www/webhooks/{hook['id']}/secret").json()["data"]
    order(call)
    deliver()
    headers, body = receiver.taken()[0]
    assert len(headers["webhook-signature"].split()) == 2
    for secret in (hook["secret"], rotated["secret"]):
        Webhook(secret).verify(body, headers)


# --- the owner's webshop on the subscription (issue 27: the delivery reads no user record) ---------


def drain_as_delivery(stack: Any) -> list[str]:
    """drain(), each message handled as DeliveryFunction held to its policies (local/iam.py)."""
    from backoffice.webhooks import delivery
    from local import iam

    original = delivery.handle
    held = iam.as_function(stack, "DeliveryFunction", original)
    delivery.handle = held
    try:
        return drain()
    finally:
        delivery.handle = original


def stored(webhook_id: str) -> dict[str, Any]:
    from backoffice.webhooks import subscriptions

    item = subscriptions.stored(webhook_id)
    assert item is not None
    return item


def stock_events(messages: list[dict[str, Any]]) -> list[str]:
    return [m["data"]["ArtNr"] for m in messages if m["type"] == "artikel.stock_changed"]


def test_the_subscription_keeps_its_owners_webshop_and_the_delivery_reads_no_user_record(
    aws: Any, call: Any, receiver: Receiver, monkeypatch: pytest.MonkeyPatch
) -> None:
    from backoffice.platform import auth

    monkeypatch.setenv("LOCAL_IAM", "enforce")
    b2b = subscribe(receiver.url, user="b2b", webshop="B2B")
    assert stored(b2b["id"])["Webshop"] == "B2B"
    auth.delete_user("b2b")  # not read: the subscription says what it may see
    order(call)
    from backoffice.webhooks import delivery

    delivery.dispatch()
    assert set(drain_as_delivery(aws)) <= {"done", "busy"}
    # 1002 is published for SHOP only: still hidden from the B2B owner's subscription.
    assert stock_events(receiver.verified(b2b["secret"])) == ["1000"]


def test_the_owners_change_takes_its_webshop_now_the_operators_change_keeps_the_owners(
    aws: Any, receiver: Receiver
) -> None:
    hook = subscribe(receiver.url, user="b2b", webshop="B2B")
    by_operator = hooks("PATCH", f"/www/webhooks/{hook['id']}", {"enabled": True}, user="ops", roles="operator")
    assert by_operator.status == 200, by_operator.text
    assert stored(hook["id"])["Webshop"] == "B2B"
    by_owner = hooks("PATCH", f"/www/webhooks/{hook['id']}", {"enabled": True}, user="b2b", webshop="SHOP")
    assert by_owner.status == 200, by_owner.text
    assert stored(hook["id"])["Webshop"] == "SHOP"
    without = hooks("PATCH", f"/www/webhooks/{hook['id']}", {"enabled": True}, user="b2b", webshop="")
    assert without.status == 200, without.text
    assert stored(hook["id"])["Webshop"] == ""  # none, kept (an absent one means made before: waits for migrate)


def test_user_add_with_another_webshop_moves_the_users_subscriptions_along(
    call: Any, receiver: Receiver, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from backoffice.admin.__main__ import main as admin

    hook = subscribe(receiver.url, user="b2b", webshop="B2B")
    other = subscribe(receiver.url, user="b2c", webshop="B2C", types=["auftrag.created"])
    monkeypatch.setattr("sys.stdin", io.StringIO("pw-123456789\n"))
    assert admin(["user", "add", "b2b", "--webshop", "SHOP", "--password-stdin"]) == 0
    assert f"now receive the article events of webshop SHOP: {hook['id']}." in capsys.readouterr().out
    assert (stored(hook["id"])["Webshop"], stored(other["id"])["Webshop"]) == ("SHOP", "B2C")  # the user's only
    hooks("DELETE", f"/www/webhooks/{other['id']}", user="b2c")
    order(call)
    deliver()
    assert stock_events(receiver.verified(hook["secret"])) == ["1000", "1002"]  # SHOP's articles now


def test_a_subscription_made_before_waits_for_migrate_and_then_sees_only_its_owners_articles(
    aws: Any, call: Any, receiver: Receiver, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from backoffice.admin.__main__ import main as admin
    from backoffice.platform import dynamo
    from backoffice.webhooks import delivery

    monkeypatch.setenv("LOCAL_IAM", "enforce")
    hook = subscribe(receiver.url, user="b2b", webshop="B2B")
    old = {k: v for k, v in stored(hook["id"]).items() if k != "Webshop"}  # as the release before wrote it
    dynamo.put_item(old)
    auft_nr = order(call)
    delivery.dispatch()
    assert drain_as_delivery(aws) == ["waiting for migrate"]
    assert receiver.taken() == []
    cursor = state(hook["id"])["Cursor"]
    assert admin(["migrate"]) == 0
    assert f"1 webhook subscriptions given their owner's webshop: {hook['id']}." in capsys.readouterr().out
    assert stored(hook["id"])["Webshop"] == "B2B"
    assert state(hook["id"])["Cursor"] == cursor  # nothing was passed while it waited
    delivery.dispatch()
    assert set(drain_as_delivery(aws)) <= {"done", "busy"}
    sent = receiver.verified(hook["secret"])
    assert [m["data"].get("AuftNr") for m in sent if m["type"] == "auftrag.created"] == [auft_nr]
    assert stock_events(sent) == ["1000"]  # 1002 (SHOP only) still hidden
    version = stored(hook["id"])["Version"]
    assert admin(["migrate"]) == 0
    assert "0 webhook subscriptions given their owner's webshop." in capsys.readouterr().out
    assert stored(hook["id"])["Version"] == version  # a second run changes nothing


# --- the API: deliveries, redelivery, test -----------------------------------------------------


def test_deliveries_are_listed_newest_first_page_by_page_redelivered_and_tested(call: Any, receiver: Receiver) -> None:
    hook = subscribe(receiver.url)
    order(call)
    deliver()
    first = listed(hook["id"], limit="2")
    assert [d["type"] for d in first["data"]] == ["artikel.stock_changed", "artikel.stock_changed"]
    (next_link,) = first["links"]
    assert next_link["rel"] == "next"
    before = next_link["href"].split("before=")[1].split("&")[0]
    second = listed(hook["id"], limit="2", before=before)
    assert [d["type"] for d in second["data"]] == ["auftrag.created"]
    assert second["links"] == []
    created = second["data"][0]
    assert created["attempts"][0]["status"] == 204
    assert created["status"] == "delivered"

    again = hooks("POST", f"/www/webhooks/{hook['id']}/deliveries/{created['id']}/redeliver")
    assert again.status == 202, again.text
    assert drain() == ["delivered"]
    headers, _body = receiver.taken()[-1]
    assert headers["webhook-id"] == created["event_id"] == receiver.taken()[0][0]["webhook-id"]
    assert len(listed(hook["id"], limit="100")["data"][-1]["attempts"]) == 2

    test = hooks("POST", f"/www/webhooks/{hook['id']}/test")
    assert test.status == 202
    assert test.json()["data"]["type"] == "webhook.test"
    assert drain() == ["delivered"]
    payload = receiver.verified(hook["secret"])[-1]
    assert (payload["type"], payload["data"]) == ("webhook.test", {"webhook": hook["id"]})
    assert listed(hook["id"], limit="1")["data"][0]["status"] == "delivered"


def test_another_users_deliveries_are_404_the_operators_are_not(call: Any, receiver: Receiver) -> None:
    hook = subscribe(receiver.url)
    order(call)
    deliver()
    some = listed(hook["id"])["data"][0]["id"]
    for method, path in (
        ("GET", f"/www/webhooks/{hook['id']}/deliveries"),
        ("POST", f"/www/webhooks/{hook['id']}/deliveries/{some}/redeliver"),
        ("POST", f"/www/webhooks/{hook['id']}/test"),
    ):
        answer = hooks(method, path, user="other")
        assert answer.status == 404, (path, answer.text)
        assert answer.json()["error"] == "not_found"
        assert hooks(method, path, user="admin", roles="operator", webshop=None).status in (200, 202)
    missing = hooks("POST", f"/www/webhooks/{hook['id']}/deliveries/0123abcd/redeliver")
    assert missing.status == 404
    assert hooks("GET", f"/www/webhooks/{hook['id']}/deliveries", query={"limit": "0"}).status == 400


def _moment(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))
