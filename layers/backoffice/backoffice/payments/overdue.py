"""rechnung.overdue: once per invoice, the day after its due date, while something is still open
(docs/payments.md, "Events").

A run (the ueberfaellig function, daily at 01:00 Europe/Zurich, or `python -m backoffice.admin
ueberfaellig`) reads the open items due before today with one Query of each of their 16 partitions, merged (never a
Scan) and records each one's event in one transaction with a mark on its open item (conditional:
not marked yet, and as read), so a second run, or two at the same time, record it once. An open
item that moved meanwhile (a payment) is left for the next run.
"""

from __future__ import annotations

from datetime import date

from backoffice.payments import events, store
from backoffice.payments.events import Writer
from backoffice.platform.logger import logger

USER = "ueberfaellig"


def report(today: date, base: str = "") -> int:
    """Each invoice still open and due before `today` (the company's day) that has no rechnung.overdue
    yet gets it now; how many were recorded."""
    day = today.isoformat()
    due = [item for item in store.open_items_before(day) if not item.get(store.OVERDUE_SENT)]
    writer = Writer(USER, base, None, store.invoice_records({str(item["AuftNr"]) for item in due}))
    recorded = 0
    for item in due:
        change = events.overdue(item, writer)
        if change is not None and store.write([store.overdue_op(item, day)], [change], USER):
            recorded += 1
    if recorded:
        logger.info("overdue invoices reported", extra={"day": day, "recorded": recorded})
    return recorded
