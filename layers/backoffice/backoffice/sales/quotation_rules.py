"""Who may take a quotation: assignment of a template quotation, conversion into an order.

Plain rules over plain values; the handlers load the quotation and the customer and call these
before writing. Every refusal is a 409 that says what stands in the way.
"""

from __future__ import annotations

from dataclasses import dataclass

from backoffice.errors import Conflict


@dataclass(frozen=True)
class Terms:
    """What a quotation was priced and taxed with, or what a customer buys with."""

    price_list: str  # the price-list type the prices came from
    cost_unit: str  # KTNr
    tax_code: str  # WUSTCode: domestic or export
    currency: str  # WaehrAbk


# The contract's names of the terms, in the order a refusal lists them.
_NAMES = (("price_list", "Preisliste"), ("cost_unit", "KTNr"), ("tax_code", "WUSTCode"), ("currency", "WaehrAbk"))


def misfits(quotation: Terms, customer: Terms) -> dict[str, str]:
    """Each term in which a template quotation does not fit the customer, and how."""
    found = {}
    for attr, name in _NAMES:
        ours, theirs = getattr(quotation, attr), getattr(customer, attr)
        if (ours or "").strip().upper() != (theirs or "").strip().upper():
            found[name] = f"quotation {ours or '(none)'}, customer {theirs or '(none)'}"
    return found


def check_assignment(offert_nr: str, owner: str | None, kund_nr: str, quotation: Terms, customer: Terms) -> bool:
    """Whether PATCH with `kund_nr` assigns the quotation (True) or just names its owner (False).

    A template quotation is assigned only when every term fits; a quotation of another customer
    is never reassigned.
    """
    if owner:
        if owner != kund_nr:
            raise Conflict(
                f"Quotation {offert_nr} belongs to customer {owner}; it cannot be assigned to {kund_nr}.",
                {"OffertNr": offert_nr, "KundNr": owner},
            )
        return False
    _fit(offert_nr, kund_nr, quotation, customer)
    return True


def check_conversion(
    offert_nr: str,
    owner: str | None,
    order_nr: str | None,
    kund_nr: str,
    quotation: Terms,
    customer: Terms,
) -> None:
    """PUT /www/auftrag: a quotation converts once, for its own customer, or as a fitting template."""
    if order_nr:
        raise Conflict(
            f"Quotation {offert_nr} has already been converted into order {order_nr}.",
            {"OffertNr": offert_nr, "AuftNr": order_nr},
        )
    if owner and owner != kund_nr:
        raise Conflict(
            f"Quotation {offert_nr} belongs to customer {owner}, not to {kund_nr}.",
            {"OffertNr": offert_nr, "KundNr": owner},
        )
    if not owner:
        _fit(offert_nr, kund_nr, quotation, customer)


def _fit(offert_nr: str, kund_nr: str, quotation: Terms, customer: Terms) -> None:
    found = misfits(quotation, customer)
    if found:
        raise Conflict(
            f"Template quotation {offert_nr} does not fit customer {kund_nr}: different {', '.join(found)}.",
            {"OffertNr": offert_nr, "KundNr": kund_nr, "misfits": found},
        )
