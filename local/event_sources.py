"""Lambda's event sources emulated: threads that poll moto's queues and run the function.

`QueuePoller` is Lambda's SQS event source mapping; `BucketEvents` is S3's "Object Created" events
through an EventBridge rule to a function (an asynchronous invocation), below.

As in AWS: a message is received (invisible for the queue's VisibilityTimeout), handed to the
function in a batch of at most the event source's BatchSize, and deleted once the function
returned, except the ones it names in batchItemFailures; a function that fails leaves the whole
batch to come back after the visibility timeout, and the queue's redrive policy moves a message
received too often to its dead-letter queue (moto does both, and honours each message's delay).
moto's server takes one call at a time (local/emulation.py), so the poll is short, never a long
wait that would hold every other call back. Lambda long-polls instead (a receive that returns
as soon as a message arrives); so here an idle poller waits for the emulation's signal that a
message was sent (`Sends`), and polls again after IDLE_SECONDS at the latest, for a delayed message
that became visible by itself.
"""

from __future__ import annotations

import json
import threading
import traceback
import uuid
from datetime import UTC, datetime
from typing import Any, Protocol
from urllib.parse import quote_plus, unquote_plus

from local.emulation import _client
from local.lambda_runtime import LambdaRuntime
from local.template import ACCOUNT, REGION, BucketSource

POLL_SECONDS = 0.2  # the idle wait without a signal of sends
IDLE_SECONDS = 0.5  # the longest idle wait with it: a delayed message is taken at most this late
WORKERS = 2  # concurrent invocations per source: a slow receiver does not hold up every other one


class Sends(Protocol):
    """The emulation's count of calls that may have put a message in a queue (local/emulation.py)."""

    @property
    def sends(self) -> int: ...

    def wait_sent(self, seen: int, timeout: float) -> bool: ...


class QueuePoller:
    """The event source mapping of one function on one queue."""

    def __init__(
        self, runtime: LambdaRuntime, function: str, queue: str, batch_size: int, sends: Sends | None = None
    ) -> None:
        self.runtime, self.function, self.queue, self.batch_size = runtime, function, queue, batch_size
        self.sends = sends
        self._stop = threading.Event()
        self._threads = [
            threading.Thread(target=self._run, name=f"sqs-{function}-{n}", daemon=True) for n in range(WORKERS)
        ]

    def start(self) -> None:
        self.url = str(_client("sqs").get_queue_url(QueueName=self.queue)["QueueUrl"])
        self.runtime.handler(self.function)  # loaded once, before the workers share it
        for thread in self._threads:
            thread.start()

    def stop(self) -> None:
        self._stop.set()

    def _run(self) -> None:
        while not self._stop.is_set():
            seen = self.sends.sends if self.sends else 0
            try:
                handled = self.poll_once()
            except Exception:  # noqa: BLE001 - the emulation may be stopping; the next poll retries
                traceback.print_exc()
                handled = 0
            if handled:
                continue
            if self.sends:
                self.sends.wait_sent(seen, IDLE_SECONDS)
            else:
                self._stop.wait(POLL_SECONDS)

    def poll_once(self) -> int:
        """Receive a batch and run the function on it; how many messages there were."""
        sqs = _client("sqs")
        received = sqs.receive_message(
            QueueUrl=self.url, MaxNumberOfMessages=self.batch_size, WaitTimeSeconds=0, AttributeNames=["All"]
        ).get("Messages", [])
        if not received:
            return 0
        event = {"Records": [self._record(m) for m in received]}
        try:
            result = self.runtime.handler(self.function)(event, self.runtime.context(self.function))
        except Exception:  # noqa: BLE001 - as in AWS: the batch comes back after the visibility timeout
            traceback.print_exc()
            return len(received)
        failed = {f["itemIdentifier"] for f in (result or {}).get("batchItemFailures", [])}
        done = [m for m in received if m["MessageId"] not in failed]
        if done:
            sqs.delete_message_batch(
                QueueUrl=self.url,
                Entries=[{"Id": str(n), "ReceiptHandle": m["ReceiptHandle"]} for n, m in enumerate(done)],
            )
        return len(received)

    def _record(self, message: dict[str, Any]) -> dict[str, Any]:
        return {
            "messageId": message["MessageId"],
            "receiptHandle": message["ReceiptHandle"],
            "body": message["Body"],
            "attributes": message.get("Attributes", {}),
            "messageAttributes": {},
            "md5OfBody": message.get("MD5OfBody"),
            "eventSource": "aws:sqs",
            "eventSourceARN": f"arn:aws:sqs:{REGION}:{ACCOUNT}:{self.queue}",
            "awsRegion": REGION,
        }


# What S3 names as EventBridge's `reason` for each way an object is created (moto's event names).
_REASONS = {
    "ObjectCreated:Put": "PutObject",
    "ObjectCreated:Post": "PostObject",
    "ObjectCreated:Copy": "CopyObject",
    "ObjectCreated:CompleteMultipartUpload": "CompleteMultipartUpload",
}
# Lambda waits about a minute, then two, before it retries a failed asynchronous invocation; locally seconds.
RETRY_SECONDS = 1.0


class BucketEvents(QueuePoller):
    """S3's "Object Created" events through an EventBridge rule to a function, as in AWS.

    moto's S3 notifies a queue of the local stack's own (`local-s3-<function>`) of every object
    created in the bucket (PutObject, a copy, a multipart upload); this poller makes each one the
    event S3 sends EventBridge (the key URL-encoded, `/` kept), lets moto's EventBridge match it
    against the rule's pattern of template.yaml, and invokes the function asynchronously: a failure
    is retried `retries` times (seconds apart here), then the event goes to the on-failure queue in
    Lambda's destination record. A message is deleted only once handled (at least once, as in AWS).
    Objects already in the pattern's prefix when the stack starts (uploaded while it was stopped)
    get their event at the start.
    """

    def __init__(self, runtime: LambdaRuntime, source: BucketSource, sends: Sends | None = None) -> None:
        # moto's S3 notifies the queue inside moto, not by a SendMessage the signal counts: an upload
        # is taken at the latest IDLE_SECONDS after it.
        super().__init__(runtime, source.function, f"local-s3-{source.function}", 1, sends)
        self.source = source
        self.buckets: list[str] = list(source.pattern.get("detail", {}).get("bucket", {}).get("name", []))

    def start(self) -> None:
        self.prepare()
        super().start()

    def prepare(self) -> None:
        """The queue, the bucket's notifications to it, and the events of the objects already there."""
        sqs = _client("sqs")
        self.url = sqs.create_queue(QueueName=self.queue, Attributes={"VisibilityTimeout": "900"})["QueueUrl"]
        arn = sqs.get_queue_attributes(QueueUrl=self.url, AttributeNames=["QueueArn"])["Attributes"]["QueueArn"]
        for bucket in self.buckets:
            self._notify(bucket, arn)
            self._announce_present(bucket, self.url)

    def _notify(self, bucket: str, queue_arn: str) -> None:
        """The bucket's notifications: EventBridge on (as template.yaml sets it), and this poller's queue."""
        s3 = _client("s3")
        config = s3.get_bucket_notification_configuration(Bucket=bucket)
        config.pop("ResponseMetadata", None)
        queues = [q for q in config.get("QueueConfigurations", []) if q.get("Id") != self.function]
        queues.append({"Id": self.function, "QueueArn": queue_arn, "Events": ["s3:ObjectCreated:*"]})
        config.update(QueueConfigurations=queues, EventBridgeConfiguration={})
        s3.put_bucket_notification_configuration(Bucket=bucket, NotificationConfiguration=config)

    def _announce_present(self, bucket: str, url: str) -> None:
        """An event for each object already under the rule's key prefix: its upload's event went
        with the stack that stopped before it ran."""
        keys = self.source.pattern.get("detail", {}).get("object", {}).get("key", [])
        prefixes = [k["prefix"] for k in keys if isinstance(k, dict) and "prefix" in k]
        for prefix in prefixes:
            listed = _client("s3").list_objects_v2(Bucket=bucket, Prefix=prefix).get("Contents", [])
            for obj in listed:
                record = {
                    "eventName": "ObjectCreated:Put",
                    "s3": {
                        "bucket": {"name": bucket},
                        "object": {"key": quote_plus(obj["Key"]), "size": obj["Size"], "eTag": obj["ETag"].strip('"')},
                    },
                }
                _client("sqs").send_message(QueueUrl=url, MessageBody=json.dumps({"Records": [record]}))

    def poll_once(self) -> int:
        sqs = _client("sqs")
        received = sqs.receive_message(QueueUrl=self.url, MaxNumberOfMessages=1, WaitTimeSeconds=0).get("Messages", [])
        for message in received:
            for record in json.loads(message["Body"]).get("Records", []):  # none in S3's test event
                event = eventbridge_event(record)
                if self._matches(event):
                    self.invoke(event)
            sqs.delete_message(QueueUrl=self.url, ReceiptHandle=message["ReceiptHandle"])
        return len(received)

    def _matches(self, event: dict[str, Any]) -> bool:
        # moto's EventBridge matcher (its TestEventPattern API is not implemented), as its rules use it.
        from moto.events.models import EventPattern

        return EventPattern.load(json.dumps(self.source.pattern)).matches_event(event)  # type: ignore[arg-type]

    def invoke(self, event: dict[str, Any]) -> Any:
        """An asynchronous invocation: retried after a failure, then the event to the on-failure queue."""
        error: BaseException | None = None
        for attempt in range(1 + self.source.retries):
            if attempt:
                self._stop.wait(RETRY_SECONDS * attempt)
            try:
                return self.runtime.handler(self.function)(event, self.runtime.context(self.function))
            except Exception as exc:  # noqa: BLE001 - as in AWS: retried, then to the destination
                traceback.print_exc()
                error = exc
        if self.source.failure_queue and error is not None:
            self._to_failure_queue(event, error, 1 + self.source.retries)
        return None

    def _to_failure_queue(self, event: dict[str, Any], error: BaseException, attempts: int) -> None:
        """Lambda's destination record of an invocation that failed after its retries."""
        record = {
            "version": "1.0",
            "timestamp": datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z"),
            "requestContext": {
                "requestId": str(uuid.uuid4()),
                "functionArn": f"arn:aws:lambda:{REGION}:{ACCOUNT}:function:{self.function}:$LATEST",
                "condition": "RetriesExhausted",
                "approximateInvokeCount": attempts,
            },
            "requestPayload": event,
            "responseContext": {"statusCode": 200, "executedVersion": "$LATEST", "functionError": "Unhandled"},
            "responsePayload": {"errorMessage": str(error), "errorType": type(error).__name__},
        }
        sqs = _client("sqs")
        url = sqs.get_queue_url(QueueName=self.source.failure_queue)["QueueUrl"]
        sqs.send_message(QueueUrl=url, MessageBody=json.dumps(record))


def eventbridge_event(record: dict[str, Any]) -> dict[str, Any]:
    """The "Object Created" event S3 sends EventBridge for one of S3's notification records (moto's)."""
    bucket, obj = record["s3"]["bucket"]["name"], record["s3"]["object"]
    # S3 URL-encodes the key as a form value (a space is +, + is %2B, ä is %C3%A4); the / of the
    # key's path stays (the rules' prefix patterns match it).
    key = quote_plus(unquote_plus(obj["key"]), safe="/")
    return {
        "version": "0",
        "id": str(uuid.uuid4()),
        "detail-type": "Object Created",
        "source": "aws.s3",
        "account": ACCOUNT,
        "time": datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z"),
        "region": REGION,
        "resources": [f"arn:aws:s3:::{bucket}"],
        "detail": {
            "version": "0",
            "bucket": {"name": bucket},
            "object": {"key": key, "size": obj.get("size", 0), "etag": obj.get("eTag", ""), "sequencer": "0"},
            "request-id": uuid.uuid4().hex[:16].upper(),
            "requester": ACCOUNT,
            "source-ip-address": "127.0.0.1",
            "reason": _REASONS.get(record.get("eventName", ""), "PutObject"),
        },
    }
