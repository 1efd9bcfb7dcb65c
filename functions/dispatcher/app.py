"""Wakes the webhook subscriptions that have events to send or a retry due (backoffice.webhooks.delivery):
on the table's stream (a new event item) and on a schedule (retries whose message was lost)."""

from __future__ import annotations

from typing import Any

from backoffice.coldstart import collector
from backoffice.platform.environment import check_environment
from backoffice.platform.logger import logger
from backoffice.webhooks.delivery import dispatch

check_environment()


@collector.handler
def lambda_handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
    # The stream's records only say that events were written: every subscription reads the feed itself.
    woken = dispatch()
    if woken:
        logger.info("webhook subscriptions woken", extra={"woken": woken})
    return {"woken": woken}


collector.init_done()  # the init ends here (backoffice/coldstart/collector.py)
