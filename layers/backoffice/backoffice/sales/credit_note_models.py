"""The body of POST /www/rechnung/{RechNr}/gutschrift: the positions an invoice's credit note gives back."""

from __future__ import annotations

from decimal import Decimal

from pydantic import Field

from backoffice.models import RequestModel
from backoffice.sales.calculation import MAX_POSITIONS
from backoffice.sales.request_fields import PositionNumber, Quantity


class CreditedPosition(RequestModel):
    """A position an invoice's credit note gives back: its PosNr in the order, the quantity in the
    order's unit (the base unit; a packaging unit's position: whole packs of it)."""

    PosNr: PositionNumber
    Menge: Quantity


class CreditNoteCreate(RequestModel):
    """POST /www/rechnung/{RechNr}/gutschrift; without Positionen (or without a body): all not credited yet."""

    Positionen: list[CreditedPosition] | None = Field(default=None, min_length=1, max_length=MAX_POSITIONS)
    Retoure: bool = False  # the goods go back into stock, in the credit note's transaction


def credited_positions(body: CreditNoteCreate | None) -> list[tuple[int, Decimal]] | None:
    """The positions given back as (PosNr, Menge), in the request's order; None: all not credited yet."""
    if body is None or body.Positionen is None:
        return None
    return [(p.PosNr, p.Menge) for p in body.Positionen]
