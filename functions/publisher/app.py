"""Forwards outbox items to EventBridge: from the table's stream, and as a scheduled sweep."""

from __future__ import annotations

from typing import Any

from backoffice.platform.dynamo import from_attrs
from backoffice.platform.environment import check_environment
from backoffice.platform.logger import logger
from backoffice.platform.outbox import is_outbox_item, publish, publish_pending

check_environment()  # at init: a missing table or bus name fails here, named


def lambda_handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
    records = event.get("Records")
    if records is None:  # the schedule: whatever is still pending
        sent = publish_pending()
    else:
        items = [from_attrs(r["dynamodb"]["NewImage"]) for r in records if "NewImage" in r.get("dynamodb", {})]
        sent = publish([i for i in items if is_outbox_item(i)])
    if sent:
        logger.info("events published", extra={"sent": sent})
    return {"sent": sent}
