"""local/event_sources.py: Lambda's SQS event source emulated on moto's queue (the webhook queue)."""

from __future__ import annotations

import json
from typing import Any

import boto3

from local.event_sources import QueuePoller


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
