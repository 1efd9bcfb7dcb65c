"""The keys of the customer partition, shared by customers, their addresses and their order list.

PK=KUNDE#{DebiNr} holds: SK=KUNDE (the customer), SK=PRICING (written by the catalogue import),
SK=ADR#{AdrNr:010d} (which addresses the customer has, in which roles) and the order list
(`backoffice.parties.order_list`).
"""

from __future__ import annotations

CUSTOMER_SK = "KUNDE"
PRICING_SK = "PRICING"


def customer_pk(debi_nr: str) -> str:
    return f"KUNDE#{debi_nr}"


def pricing_key(debi_nr: str) -> tuple[str, str]:
    """The customer's pricing item (Preisliste, KTNr, WUSTCode, AdrSprache), written by the import."""
    return customer_pk(debi_nr), PRICING_SK
