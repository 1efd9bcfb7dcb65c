"""Lambda's SQS event source mapping emulated: threads that poll moto's queue and run the function.

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

import threading
import traceback
from typing import Any, Protocol

from local.emulation import _client
from local.lambda_runtime import LambdaRuntime
from local.template import ACCOUNT, REGION

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
