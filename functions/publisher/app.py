"""Forwards outbox items to EventBridge: from the table's stream, and as a scheduled sweep."""

from __future__ import annotations

from typing import Any

from backoffice.platform.dynamo import from_attrs
from backoffice.platform.logger import logger
from backoffice.platform.outbox import publish, publish_pending


def lambda_handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
    records = event.get("Records")
    if records is None:  # the schedule: whatever is still pending
        sent = publish_pending()
    else:
        items = [from_attrs(r["dynamodb"]["NewImage"]) for r in records if "NewImage" in r.get("dynamodb", {})]
        sent = publish([i for i in items if i.get("SK") == "OUTBOX"])
    if sent:
        logger.info("events published", extra={"sent": sent})
    return {"sent": sent}
