"""One write path for new sales documents: the draft of an order or a quotation before it is stored.

A draft is a `SalesDocument` not numbered yet (head, buyer's terms, addresses, priced positions,
the export code of its place of supply) with the articles it was priced from. Order create,
quotation create and quotation conversion all build theirs here; each then numbers it and adds
its own items (reservations, the order list, the converted marker) to the transaction.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from backoffice.errors import InvalidRequest
from backoffice.money import MAX_DOCUMENT_TOTAL
from backoffice.parties.addresses import AddressIn, check_addresses
from backoffice.sales.buyer import Buyer, check_currency
from backoffice.sales.calculation import Document
from backoffice.sales.document import (
    ORDER,
    ORDER_STATUS,
    QUOTATION_STATUS,
    Addresses,
    Details,
    Head,
    SalesDocument,
    new_document,
    to_order,
)
from backoffice.sales.position_pricing import Wanted, code_by_name, load_articles, price_positions


@dataclass(frozen=True)
class Wish:
    """What a create request asks for, parsed (`order_models.order_wish`, `quotation_models.quotation_wish`)."""

    details: Details  # GrundDaten as sent; its OrtLand places a document without addresses
    cost_unit: str | None  # GrundDaten.KTNr, over the customer's
    addresses: Mapping[str, AddressIn | None]  # Adressen by role, checked when the draft is made
    positions: list[Wanted]


@dataclass(frozen=True)
class Draft:
    document: SalesDocument  # not numbered yet
    articles: dict[str, dict[str, Any]]  # the articles it was priced from, by ArtNr


def priced(kind: str, wish: Wish, buyer: Buyer, webshop: str | None, user: str) -> Draft:
    """A new document from a request: checked, priced and computable, before any number is taken."""
    check_currency(buyer.currency)
    addresses = buyer.addresses.overridden_by(Addresses.by_role(check_addresses(wish.addresses)))
    buyer = buyer.delivering_to(addresses, wish.details.country)
    found = load_articles([w.art_nr for w in wish.positions], webshop)
    positions = tuple(price_positions(wish.positions, buyer, found))
    head = Head(
        status=ORDER_STATUS if kind == ORDER else QUOTATION_STATUS,
        currency=buyer.currency,
        customer=buyer.kund_nr,
        price_list=buyer.effective_price_list(),
        cost_unit=wish.cost_unit or buyer.cost_unit,
        language=buyer.language,
        details=wish.details,
        addresses=addresses,
        highest_pos_nr=len(positions),
        entered_by=user,
    )
    export = code_by_name(buyer.export_code) if buyer.export_code else None
    return _checked(Draft(new_document(kind, head, positions, export), found))


def converted(quotation: SalesDocument, buyer: Buyer, user: str, found: dict[str, Any]) -> Draft:
    """An order from a quotation (`document.to_order`): its positions, prices and terms, the
    customer's addresses added."""
    buyer_nr = str(buyer.kund_nr)
    addresses = buyer.addresses.overridden_by(quotation.head.addresses)
    return _checked(Draft(to_order(quotation, buyer_nr, addresses, user), found))


def _checked(draft: Draft) -> Draft:
    # Every figure must be computable (VPE multiples ...) before a number is taken or anything written.
    check_total(draft.document.figures)
    return draft


# The field a too large total is reported on: the document's total, not one position, since any
# of them (or the delivery costs) may be what to reduce, and a conversion's body has no positions.
TOTAL_FIELD = "GrundDaten.AuftBrutto"


def check_total(document: Document) -> Document:
    """The document, when one invoice can carry its total (AuftBrutto <= 999,999,999.99); else a 400.

    The QR-bill and the EPC code ask for at most that amount: an order beyond it could never be
    invoiced, so neither it nor a quotation that would convert into it is accepted (issue 22).
    """
    if document.gross > MAX_DOCUMENT_TOTAL:
        raise InvalidRequest(
            "The document's total is more than one invoice can carry.",
            {
                TOTAL_FIELD: f"{document.currency} {document.gross} is more than {MAX_DOCUMENT_TOTAL}, the largest "
                "amount of a QR-bill or EPC payment code: split the positions over several orders"
            },
        )
    return document
