"""What an invoice still asks for: the open amount and the payment status (pure).

The open amount is what is still due after payments and credit notes, never below 0; the status
names where the invoice stands. Amounts are Decimal with their places, as the invoice states them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal
from typing import Any

OPEN, PARTLY_PAID, PAID, OVERPAID = "offen", "teilbezahlt", "bezahlt", "ueberzahlt"
STATUSES = (OPEN, PARTLY_PAID, PAID, OVERPAID)
ZERO = Decimal("0.00")
# The gross amount the credit notes of an invoice gave back, on its facts and open items.
CREDITED = "BetragGutgeschrieben"


def credited(item: Mapping[str, Any] | None) -> Decimal:
    """What the credit notes of an invoice gave back in all, as its facts or open item keep it
    (`BetragGutgeschrieben`, written with each credit note: payments/store.credit_ops); 0.00 for none."""
    found: Decimal = (item or {}).get(CREDITED) or ZERO  # stored as Decimal (platform.dynamo)
    return found


def paid_sum(payments: Iterable[Decimal]) -> Decimal:
    """What came in, with the places of the amounts (0.00 for none)."""
    return sum(payments, ZERO)


def open_amount(gross: Decimal, payments: Iterable[Decimal], credited: Decimal) -> Decimal:
    """What is still due after payments and credit notes, never below 0."""
    return max(ZERO, gross - paid_sum(payments) - credited)


def payment_status(gross: Decimal, payments: Iterable[Decimal], credited: Decimal) -> str:
    """offen (nothing came in), teilbezahlt, bezahlt (nothing open), ueberzahlt (more came in than due)."""
    paid = paid_sum(payments)
    due = gross - credited
    if paid > due:
        return OVERPAID
    if paid == due:
        return PAID
    return PARTLY_PAID if paid > 0 else OPEN
