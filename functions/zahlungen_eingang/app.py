"""Imports the bank's camt files an EBICS client drops into the bucket's `zahlungen/eingang/`: the
bucket's "Object Created" events come through EventBridge (template.yaml), one file per event
(backoffice.payments.inbox; docs/payments.md, "Files from the bank (EBICS)").

A file that is not valid ends in `zahlungen/fehler/` and the invocation succeeds (retrying would not
make it valid); a failure that may heal (throttling, S3 or DynamoDB unavailable) raises, so Lambda
retries the event and, after its retries, hands it to the on-failure queue (the file stays put).
"""

from __future__ import annotations

from typing import Any

from backoffice.coldstart import collector
from backoffice.payments import inbox
from backoffice.platform.environment import check_environment
from backoffice.platform.logger import logger
from backoffice.sales.document_store import order_views

check_environment()  # at init: a missing table or bucket name fails here, named


@collector.handler
def lambda_handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
    detail: dict[str, Any] = event["detail"] if isinstance(event.get("detail"), dict) else {}
    bucket = (detail.get("bucket") or {}).get("name")
    key = (detail.get("object") or {}).get("key")
    if event.get("source") != "aws.s3" or not isinstance(bucket, str) or not isinstance(key, str):
        logger.warning("not an S3 Object Created event", extra={"detail_type": event.get("detail-type")})
        return {"Status": "uebergangen"}
    return inbox.import_event_object(bucket, key, order_views).view()


collector.init_done()  # the init ends here (backoffice/coldstart/collector.py)
