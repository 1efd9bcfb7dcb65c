"""Payments in and open items: camt files read and booked once by reference, unmatched payments
assigned by hand, an invoice's payment status, the open items (docs/payments.md)."""
