"""What an invoice still asks for: the open amount and the payment status (pure).

The open amount is what is still due after payments and credit notes, never below 0; the status
names where the invoice stands. Amounts are Decimal with their places, as the invoice states them.
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal

OPEN, PARTLY_PAID, PAID, OVERPAID = "offen", "teilbezahlt", "bezahlt", "ueberzahlt"
STATUSES = (OPEN, PARTLY_PAID, PAID, OVERPAID)
ZERO = Decimal("0.00")


def credited_gross(rech_nr: str) -> Decimal:
    """The gross amount credited on invoice `rech_nr` by its credit notes.

    Credit notes (issue 24, built beside this package) will feed it: the sum of the credit notes'
    gross amounts of this invoice. Until they exist nothing is credited. Every open amount of this
    package asks here, so connecting them is this one function.
    """
    del rech_nr
    return Decimal("0")


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
