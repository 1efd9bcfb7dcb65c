"""Forwards outbox items to EventBridge: from the table's stream, and as a scheduled sweep.

From the stream it answers the records it could not send as `batchItemFailures`
(ReportBatchItemFailures in template.yaml): Lambda retries from the first of them, not the whole
batch, and counts each in the metric OutboxRecordsFailed (PublisherFailedRecordsAlarm). The item
stays in the outbox either way, so the sweep sends it should the stream give up.

The sweep also reports how long the oldest item still pending has waited (the metric
OutboxOldestPendingAgeSeconds, 0 when the outbox is empty): the OutboxAgeAlarm of template.yaml
watches it, since a failing EventBridge keeps items in the outbox without any function failing.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from botocore.exceptions import BotoCoreError, ClientError

from backoffice.coldstart import collector
from backoffice.platform.dynamo import from_attrs
from backoffice.platform.environment import check_environment
from backoffice.platform.logger import logger
from backoffice.platform.outbox import is_outbox_item, pending, publish, publish_pending

check_environment()  # at init: a missing table or bus name fails here, named

AGE_METRIC = "OutboxOldestPendingAgeSeconds"
FAILED_METRIC = "OutboxRecordsFailed"


def oldest_pending_age(now: datetime) -> float:
    """Seconds the oldest pending outbox item has waited (the Outbox index is ordered by time)."""
    oldest = pending(limit=1)
    if not oldest:
        return 0.0
    created = datetime.fromisoformat(oldest[0]["CreatedUTC"].replace("Z", "+00:00"))
    return max(0.0, (now - created).total_seconds())


def put_metric(name: str, value: float, seconds: bool = False) -> None:
    # Imported here: only the sweep and a failure report, the stream path's cold start does not pay for it.
    from aws_lambda_powertools import Metrics
    from aws_lambda_powertools.metrics import MetricUnit

    metrics = Metrics()  # namespace POWERTOOLS_METRICS_NAMESPACE, dimension service
    metrics.add_metric(name=name, unit=MetricUnit.Seconds if seconds else MetricUnit.Count, value=value)
    metrics.flush_metrics()  # one EMF line on stdout; CloudWatch makes it a metric


def report_outbox_age(age: float) -> None:
    put_metric(AGE_METRIC, age, seconds=True)


def _sent(item: dict[str, Any]) -> bool:
    """Whether EventBridge took the outbox item; a refusal or a failed call is logged, not raised."""
    try:
        return publish([item]) == 1
    except (BotoCoreError, ClientError):
        logger.exception("outbox item not published", extra={"pk": item.get("PK")})
        return False


def publish_records(records: list[dict[str, Any]]) -> tuple[int, list[dict[str, str]]]:
    """(sent, batchItemFailures): the records from the first one not sent on are failures, since
    Lambda retries a stream from the lowest failed sequence number; those after it are not sent
    now, so an event never overtakes an earlier one."""
    sent = 0
    for n, record in enumerate(records):
        image = record.get("dynamodb", {}).get("NewImage")
        item = from_attrs(image) if image else None
        if item is None or not is_outbox_item(item):
            continue
        if not _sent(item):
            return sent, [{"itemIdentifier": r["dynamodb"]["SequenceNumber"]} for r in records[n:]]
        sent += 1
    return sent, []


@collector.handler
def lambda_handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
    records = event.get("Records")
    if records is None:  # the schedule: whatever is still pending
        sent = publish_pending()
        age = oldest_pending_age(datetime.now(UTC))
        report_outbox_age(age)
        if sent or age:
            logger.info("outbox swept", extra={"sent": sent, "oldest_pending_age_s": round(age, 1)})
        return {"sent": sent, "oldest_pending_age_s": round(age, 1)}
    sent, failures = publish_records(records)
    if sent:
        logger.info("events published", extra={"sent": sent})
    if failures:
        logger.warning("stream records failed", extra={"failed": len(failures)})
        put_metric(FAILED_METRIC, len(failures))
    return {"sent": sent, "batchItemFailures": failures}


collector.init_done()  # the init ends here (backoffice/coldstart/collector.py)
