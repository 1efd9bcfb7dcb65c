"""local/event_sources.py: Lambda's SQS event source emulated on moto's queue (the webhook queue), woken by
the emulation's signal of a message sent (local/emulation.py)."""

from __future__ import annotations

import json
import threading
from typing import Any

import boto3

from local.emulation import _Serialised
from local.event_sources import IDLE_SECONDS, QueuePoller


class Runtime:
    """The Lambda runtime's two methods the poller uses; the function answers `answer(event)`."""

    def __init__(self, answer: Any) -> None:
        self.answer = answer
        self.events: list[dict[str, Any]] = []

    def handler(self, logical: str) -> Any:
        def run(event: dict[str, Any], context: Any) -> Any:
            self.events.append(event)
            return self.answer(event)

        return run

    def context(self, logical: str) -> Any:
        return None


def _queue(aws: Any) -> tuple[Any, str]:
    sqs = boto3.client("sqs", region_name="eu-central-1")
    return sqs, sqs.get_queue_url(QueueName=aws.names["WebhookQueue"])["QueueUrl"]


def _counts(sqs: Any, url: str) -> tuple[int, int]:
    names = ["ApproximateNumberOfMessages", "ApproximateNumberOfMessagesNotVisible"]
    found = sqs.get_queue_attributes(QueueUrl=url, AttributeNames=names)["Attributes"]
    return int(found[names[0]]), int(found[names[1]])


def test_the_template_gives_the_delivery_function_its_queue_with_a_dead_letter_queue(aws: Any) -> None:
    assert aws.queue_sources() == [("DeliveryFunction", "WebhookQueue", 1)]
    sqs, url = _queue(aws)
    attributes = sqs.get_queue_attributes(QueueUrl=url, AttributeNames=["All"])["Attributes"]
    redrive = json.loads(attributes["RedrivePolicy"])
    assert redrive["deadLetterTargetArn"].endswith(":WebhookDeadLetterQueue")
    assert int(redrive["maxReceiveCount"]) == 5
    assert attributes["VisibilityTimeout"] == "360"


def test_a_message_is_handed_over_as_lambda_does_and_deleted_once_handled(aws: Any) -> None:
    sqs, url = _queue(aws)
    runtime = Runtime(lambda event: {"batchItemFailures": []})
    poller = QueuePoller(runtime, "DeliveryFunction", "WebhookQueue", 10)  # type: ignore[arg-type]
    poller.url = url
    sqs.send_message(QueueUrl=url, MessageBody='{"webhook": "abc"}')
    assert poller.poll_once() == 1
    (record,) = runtime.events[0]["Records"]
    assert (record["body"], record["eventSource"]) == ('{"webhook": "abc"}', "aws:sqs")
    assert record["eventSourceARN"].endswith(":WebhookQueue")
    assert _counts(sqs, url) == (0, 0)  # deleted
    assert poller.poll_once() == 0


def test_a_failed_item_or_function_leaves_the_message_to_come_back(aws: Any) -> None:
    sqs, url = _queue(aws)

    def fail_the_second(event: dict[str, Any]) -> dict[str, Any]:
        return {"batchItemFailures": [{"itemIdentifier": r["messageId"]} for r in event["Records"][1:]]}

    poller = QueuePoller(Runtime(fail_the_second), "DeliveryFunction", "WebhookQueue", 10)  # type: ignore[arg-type]
    poller.url = url
    sqs.send_message(QueueUrl=url, MessageBody="1")
    sqs.send_message(QueueUrl=url, MessageBody="2")
    assert poller.poll_once() == 2
    assert _counts(sqs, url) == (0, 1)  # the failed one is invisible until its visibility timeout ends

    def crash(event: dict[str, Any]) -> Any:
        raise RuntimeError("the function failed")

    crashing = QueuePoller(Runtime(crash), "DeliveryFunction", "WebhookQueue", 10)  # type: ignore[arg-type]
    crashing.url = url
    sqs.send_message(QueueUrl=url, MessageBody="3")
    assert crashing.poll_once() == 1
    assert _counts(sqs, url) == (0, 2)


def test_a_delayed_message_waits_for_its_delay(aws: Any) -> None:
    sqs, url = _queue(aws)
    runtime = Runtime(lambda event: None)
    poller = QueuePoller(runtime, "DeliveryFunction", "WebhookQueue", 10)  # type: ignore[arg-type]
    poller.url = url
    sqs.send_message(QueueUrl=url, MessageBody="later", DelaySeconds=900)
    assert poller.poll_once() == 0
    assert runtime.events == []


class Sends:
    """The emulation's signal of sends, as an idle poller sees it: it stops the poller on the first wait."""

    def __init__(self, poller: QueuePoller) -> None:
        self.poller = poller
        self.sends = 7
        self.waits: list[tuple[int, float]] = []

    def wait_sent(self, seen: int, timeout: float) -> bool:
        self.waits.append((seen, timeout))
        self.poller.stop()
        return False


def test_an_idle_poller_waits_for_a_send_rather_than_polling_on(aws: Any) -> None:
    _, url = _queue(aws)
    poller = QueuePoller(Runtime(lambda event: None), "DeliveryFunction", "WebhookQueue", 10)  # type: ignore[arg-type]
    sends = Sends(poller)
    poller.url, poller.sends = url, sends
    poller._run()  # one empty poll, then the wait (which stops it)
    assert sends.waits == [(7, IDLE_SECONDS)]


def test_the_emulation_signals_the_calls_that_may_put_a_message_in_a_queue() -> None:
    app = _Serialised(lambda environ, start_response: [b"{}"])

    def call(target: str) -> None:
        app({"REQUEST_METHOD": "POST", "HTTP_X_AMZ_TARGET": target}, lambda *args: None)

    for target in ("AmazonSQS.ReceiveMessage", "AmazonSQS.DeleteMessageBatch", "DynamoDB_20120810.PutItem"):
        call(target)
    assert app.sends == 0
    assert not app.wait_sent(0, 0.01)
    woken: list[bool] = []
    waiting = threading.Thread(target=lambda: woken.append(app.wait_sent(0, 60)))
    waiting.start()
    call("AmazonSQS.SendMessageBatch")
    waiting.join()
    assert (app.sends, woken) == (1, [True])  # woken by the send, not by the time
    for target in ("AmazonSQS.SendMessage", "AmazonSQS.ChangeMessageVisibility"):
        call(target)
    assert app.sends == 3
    assert app.wait_sent(1, 60)  # moved on since: at once
