"""local/event_sources.py: Lambda's SQS event source emulated on moto's queue (the webhook queue), woken by
the emulation's signal of a message sent (local/emulation.py), and S3's "Object Created" events through
EventBridge to a function (the bank files' import)."""

from __future__ import annotations

import json
import threading
from typing import Any

import boto3

from local.emulation import _Serialised
from local.event_sources import IDLE_SECONDS, BucketEvents, QueuePoller


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


# --- S3's "Object Created" events through EventBridge (the bank files' function) ------------------


def _bucket_events(aws: Any, runtime: Runtime) -> Any:
    (source,) = aws.bucket_sources()
    events = BucketEvents(runtime, source)  # type: ignore[arg-type]
    events.prepare()
    # S3 sends its test event to a queue newly configured (no Records): taken, nothing invoked.
    assert events.poll_once() == 1
    assert runtime.events == []
    return events


def test_the_template_runs_the_bank_files_function_on_the_buckets_inbox(aws: Any) -> None:
    (source,) = aws.bucket_sources()
    assert source.function == "ZahlungenEingangFunction"
    assert source.pattern == {
        "source": ["aws.s3"],
        "detail-type": ["Object Created"],
        "detail": {"bucket": {"name": [aws.names["Bucket"]]}, "object": {"key": [{"prefix": "zahlungen/eingang/"}]}},
    }
    assert (source.retries, source.failure_queue) == (2, "ZahlungenEingangFailureQueue")


def test_an_upload_to_the_inbox_is_handed_over_as_eventbridge_does_with_its_key_url_encoded(aws: Any) -> None:
    runtime = Runtime(lambda event: {"Status": "verarbeitet"})
    events = _bucket_events(aws, runtime)
    s3 = boto3.client("s3", region_name="eu-central-1")
    bucket = aws.names["Bucket"]
    s3.put_object(Bucket=bucket, Key="zahlungen/eingang/Zahlung März + 1.xml", Body=b"<Document/>")
    s3.put_object(Bucket=bucket, Key="zahlungen/verarbeitet/x.xml", Body=b"<x/>")  # not the rule's prefix
    s3.copy_object(
        Bucket=bucket,
        Key="zahlungen/eingang/kopie.xml",
        CopySource={"Bucket": bucket, "Key": "zahlungen/verarbeitet/x.xml"},
    )
    assert events.poll_once() == 1
    assert events.poll_once() == 1
    assert events.poll_once() == 1
    assert events.poll_once() == 0
    first, copied = runtime.events
    assert (first["source"], first["detail-type"], first["resources"]) == (
        "aws.s3",
        "Object Created",
        [f"arn:aws:s3:::{bucket}"],
    )
    assert first["detail"]["bucket"] == {"name": bucket}
    assert first["detail"]["object"]["key"] == "zahlungen/eingang/Zahlung+M%C3%A4rz+%2B+1.xml"
    assert first["detail"]["object"]["size"] == len(b"<Document/>")
    assert first["detail"]["reason"] == "PutObject"
    assert (copied["detail"]["object"]["key"], copied["detail"]["reason"]) == (
        "zahlungen/eingang/kopie.xml",
        "CopyObject",
    )
    assert _counts(boto3.client("sqs", region_name="eu-central-1"), events.url) == (0, 0)


def test_a_failing_invocation_is_retried_then_its_event_goes_to_the_on_failure_queue(
    aws: Any, monkeypatch: Any
) -> None:
    from local import event_sources

    monkeypatch.setattr(event_sources, "RETRY_SECONDS", 0.0)

    def crash(event: dict[str, Any]) -> Any:
        raise RuntimeError("DynamoDB throttled")

    runtime = Runtime(crash)
    events = _bucket_events(aws, runtime)
    boto3.client("s3", region_name="eu-central-1").put_object(
        Bucket=aws.names["Bucket"], Key="zahlungen/eingang/a.xml", Body=b"<a/>"
    )
    assert events.poll_once() == 1
    assert len(runtime.events) == 3  # the first attempt and Lambda's two retries
    sqs = boto3.client("sqs", region_name="eu-central-1")
    url = sqs.get_queue_url(QueueName="ZahlungenEingangFailureQueue")["QueueUrl"]
    (message,) = sqs.receive_message(QueueUrl=url, MaxNumberOfMessages=10)["Messages"]
    record = json.loads(message["Body"])
    assert record["requestContext"]["condition"] == "RetriesExhausted"
    assert record["requestContext"]["approximateInvokeCount"] == 3
    assert record["requestPayload"] == runtime.events[0]
    assert record["responsePayload"] == {"errorMessage": "DynamoDB throttled", "errorType": "RuntimeError"}
    assert _counts(sqs, events.url) == (0, 0)  # handled: not delivered again


def test_files_already_in_the_inbox_at_the_start_get_their_event(aws: Any) -> None:
    s3 = boto3.client("s3", region_name="eu-central-1")
    s3.put_object(Bucket=aws.names["Bucket"], Key="zahlungen/eingang/vorher.xml", Body=b"<a/>")
    s3.put_object(Bucket=aws.names["Bucket"], Key="media/bild.png", Body=b"png")
    runtime = Runtime(lambda event: None)
    (source,) = aws.bucket_sources()
    events = BucketEvents(runtime, source)  # type: ignore[arg-type]
    events.prepare()
    while events.poll_once():
        pass
    (event,) = runtime.events
    assert event["detail"]["object"]["key"] == "zahlungen/eingang/vorher.xml"


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
