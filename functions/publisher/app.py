"""Forwards outbox items to EventBridge: from the table's stream, and as a scheduled sweep.

The sweep also reports how long the oldest item still pending has waited (the metric
OutboxOldestPendingAgeSeconds, 0 when the outbox is empty): the OutboxAgeAlarm of template.yaml
watches it, since a failing EventBridge keeps items in the outbox without any function failing.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from backoffice.platform.dynamo import from_attrs
from backoffice.platform.environment import check_environment
from backoffice.platform.logger import logger
from backoffice.platform.outbox import is_outbox_item, pending, publish, publish_pending

check_environment()  # at init: a missing table or bus name fails here, named

AGE_METRIC = "OutboxOldestPendingAgeSeconds"


def oldest_pending_age(now: datetime) -> float:
    """Seconds the oldest pending outbox item has waited (the Outbox index is ordered by time)."""
    oldest = pending(limit=1)
    if not oldest:
        return 0.0
    created = datetime.fromisoformat(oldest[0]["CreatedUTC"].replace("Z", "+00:00"))
    return max(0.0, (now - created).total_seconds())


def report_outbox_age(age: float) -> None:
    # Imported here: only the sweep reports, the stream path's cold start does not pay for it.
    from aws_lambda_powertools import Metrics
    from aws_lambda_powertools.metrics import MetricUnit

    metrics = Metrics()  # namespace POWERTOOLS_METRICS_NAMESPACE, dimension service
    metrics.add_metric(name=AGE_METRIC, unit=MetricUnit.Seconds, value=age)
    metrics.flush_metrics()  # one EMF line on stdout; CloudWatch makes it a metric


def lambda_handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
    records = event.get("Records")
    if records is None:  # the schedule: whatever is still pending
        sent = publish_pending()
        age = oldest_pending_age(datetime.now(UTC))
        report_outbox_age(age)
        if sent or age:
            logger.info("outbox swept", extra={"sent": sent, "oldest_pending_age_s": round(age, 1)})
        return {"sent": sent, "oldest_pending_age_s": round(age, 1)}
    items = [from_attrs(r["dynamodb"]["NewImage"]) for r in records if "NewImage" in r.get("dynamodb", {})]
    sent = publish([i for i in items if is_outbox_item(i)])
    if sent:
        logger.info("events published", extra={"sent": sent})
    return {"sent": sent}
