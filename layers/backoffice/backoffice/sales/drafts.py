"""One write path for new sales documents: the draft of an order or a quotation before it is stored.

A draft is the head (GrundDaten as sent, the buyer's terms, the addresses, status, author), the
buyer, the priced positions and the export code of its place of supply. Order create, quotation
create and quotation conversion all build theirs here; each then adds its number and its own items
(reservations, the order list, the converted marker) to the transaction.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from backoffice.errors import InvalidRequest
from backoffice.money import MAX_DOCUMENT_TOTAL
from backoffice.parties.addresses import check_addresses
from backoffice.sales import document_store
from backoffice.sales.buyer import Buyer, buyer_head, buyer_of, check_currency, given_addresses
from backoffice.sales.calculation import Document, PositionInput, compute_document
from backoffice.sales.position_pricing import Wanted, code_by_name, load_articles, price_positions
from backoffice.taxes import TaxCode


@dataclass
class Draft:
    head: dict[str, Any]
    buyer: Buyer
    positions: list[PositionInput]
    export: TaxCode | None
    articles: dict[str, dict[str, Any]]

    def document(self) -> Document:
        delivery = Decimal(self.head.get("AuftLiefKost") or 0)
        net_delivery = document_store.net_delivery(self.head)
        return compute_document(self.positions, self.buyer.currency, self.export, delivery, net_delivery=net_delivery)


def wanted(positions: Sequence[Any]) -> list[Wanted]:
    """Request positions (order or quotation) as positions to price, numbered 1..n."""
    return [
        Wanted(
            source=f"Positionen[{i}]",
            pos_nr=i + 1,
            art_nr=p.ArtNr,
            quantity=p.Menge,
            vpe_unit=p.VPEinheit,
            discount=p.GRabSatz if p.GRabSatz is not None else Decimal(0),
            description=getattr(p, "PosBez", None),
            price=getattr(p, "Preis", None),
            vis_pos_nr=p.VisPosNr,
        )
        for i, p in enumerate(positions)
    ]


def priced(
    header: Any,
    buyer: Buyer,
    adressen: Any,
    positions: Sequence[Any],
    webshop: str | None,
    status: str,
    user: str,
) -> Draft:
    """A new document from a request: checked, priced and computable, before any number is taken.

    `header` is the request's GrundDaten; its OrtLand places a document without addresses.
    """
    check_currency(buyer.currency)
    addresses = document_store.merged_addresses(buyer.addresses, check_addresses(given_addresses(adressen)))
    buyer = buyer.delivering_to(addresses, getattr(header, "OrtLand", None))
    requested = wanted(positions)
    found = load_articles([w.art_nr for w in requested], webshop)
    priced_positions = price_positions(requested, buyer, found)
    fields = {k: getattr(header, k) for k in document_store.HEADER_FIELDS if getattr(header, k, None) is not None}
    terms = buyer_head(buyer)
    if getattr(header, "KTNr", None):
        terms["KTNr"] = header.KTNr
    export = code_by_name(buyer.export_code) if buyer.export_code else None
    head = _head(fields, terms, addresses, len(priced_positions), status, user)
    return _checked(Draft(head, buyer, priced_positions, export, found))


def converted(quotation: document_store.Stored, buyer: Buyer, status: str, user: str, found: dict[str, Any]) -> Draft:
    """An order from a quotation: its positions, prices and terms, the customer's addresses added."""
    head = quotation.head
    fields = {k: head[k] for k in document_store.HEADER_FIELDS if head.get(k) is not None}
    terms = {k: head.get(k) for k in ("WaehrAbk", "Preisliste", "KTNr", "ExportCode")}
    terms.update({"KundNr": buyer.kund_nr, "OffertNr": quotation.number})
    addresses = document_store.merged_addresses(buyer.addresses, head.get("Adressen") or {})
    highest = int(head.get("HighestPosNr") or len(quotation.positions))
    positions = list(quotation.positions)
    draft_head = _head(fields, terms, addresses, highest, status, user)
    return _checked(Draft(draft_head, buyer_of(draft_head), positions, quotation.export_tax(), found))


def _head(
    fields: dict[str, Any],
    terms: dict[str, Any],
    addresses: dict[str, dict[str, Any]],
    highest: int,
    status: str,
    user: str,
) -> dict[str, Any]:
    return {
        **fields,
        **terms,
        "AuftStatus": status,
        # Every new document's delivery costs are net (a quotation has none; a converted one's order
        # so computes as the quotation did).
        document_store.NET_DELIVERY: True,
        "Adressen": addresses,
        "HighestPosNr": highest,
        "ErfasstVon": user,
        "Version": 1,
    }


def _checked(draft: Draft) -> Draft:
    # Every figure must be computable (VPE multiples ...) before a number is taken or anything written.
    check_total(draft.document())
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
