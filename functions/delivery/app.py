"""Delivers webhooks from the delivery queue (SQS), one subscription run or one delivery per
message (backoffice.webhooks.delivery); a message that fails comes back, and after 5 tries goes
to the dead-letter queue."""

from __future__ import annotations

from typing import Any

from backoffice.coldstart import collector
from backoffice.json_codec import loads
from backoffice.platform.environment import check_environment
from backoffice.platform.logger import logger
from backoffice.webhooks.delivery import handle

check_environment()


@collector.handler
def lambda_handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
    failures = []
    for record in event.get("Records") or ():
        try:
            outcome = handle(loads(record["body"]), context.get_remaining_time_in_millis)
        except Exception:  # noqa: BLE001 - the message comes back (batchItemFailures), the others are done
            logger.exception("webhook delivery failed", extra={"message": record.get("messageId")})
            failures.append({"itemIdentifier": record["messageId"]})
            continue
        logger.info("webhook message", extra={"outcome": outcome})
    return {"batchItemFailures": failures}


collector.init_done()  # the init ends here (backoffice/coldstart/collector.py)
