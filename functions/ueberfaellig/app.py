"""Records rechnung.overdue for the invoices still open the day after their due date, once each
(backoffice.payments.overdue): on a schedule, daily at 01:00 Europe/Zurich."""

from __future__ import annotations

from typing import Any

from backoffice.coldstart import collector
from backoffice.local_dates import today
from backoffice.payments.overdue import report
from backoffice.platform.environment import check_environment

check_environment()


@collector.handler
def lambda_handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
    return {"recorded": report(today())}


collector.init_done()  # the init ends here (backoffice/coldstart/collector.py)
