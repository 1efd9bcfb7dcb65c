"""The contract's read shape of a quotation or an order, rendered from the typed document.

The one place the German field names of a read (GrundDaten, Adressen, Positionen,
MWSTRekapitulation, Zahlung) are written; `views` documents the same shape for docs/openapi.json.
Requests are parsed in `request_models`; the table's items are `document_store`'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from backoffice.parties.addresses import document_view
from backoffice.sales.document import ORDER, QUOTATION, Payment, SalesDocument
from backoffice.timestamps import utc_text


def _timestamp(moment: datetime | None) -> str | None:
    return None if moment is None else utc_text(moment, "seconds")


def grund_daten(document: SalesDocument) -> dict[str, Any]:
    """GrundDaten: the head's fields and the totals; a quotation says whether it is a template."""
    head, details, figures = document.head, document.head.details, document.figures
    grund: dict[str, Any] = {
        "StaoNr": head.location,
        "OffertNr": head.quotation_nr if document.kind == ORDER else None,
        "KundNr": head.customer,
        "AuftKomment": details.comment,
        "KundBedTyp": details.payment_terms,
        "AuftBestellTUTC": _timestamp(details.ordered_at),
        "AuftLieferTUTC": _timestamp(details.delivery_at),
        "AuftLiefKost": details.delivery_costs,
        "AuftStatus": head.status,
        "AuftBestellRef": details.buyer_reference,
        "WaehrAbk": head.currency,
        "AuftWUST": figures.tax,
        "AuftBrutto": figures.gross,
        "AuftNetto": figures.net,
        "AuftNr": head.order_nr,
        "AuftBez": details.title,
        "AuftBestellNr": details.purchase_order,
    }
    if document.kind == QUOTATION:
        grund["Template"] = document.is_template
    return grund


def read_shape(document: SalesDocument) -> dict[str, Any]:
    """GrundDaten, Adressen, Positionen, MWSTRekapitulation, Zahlung of a quotation or an order."""
    return {
        "GrundDaten": grund_daten(document),
        "Adressen": {role: document_view(dict(record)) for role, record in document.head.addresses.roles().items()},
        **document.figures.read_shape(),
        "Zahlung": zahlung(document.head.payments or ()),
    }


def zahlung(payments: Sequence[Payment]) -> list[dict[str, str]]:
    """The Zahlung entries as the contract lists them."""
    return [{"Bezeichnung": p.designation, "Wert": p.value, "Key": p.key} for p in payments]


def quotation_view(document: SalesDocument) -> dict[str, Any]:
    """A quotation as GET, POST and PATCH /www/offerte answer it."""
    return {"OffertNr": document.number, **read_shape(document)}


def order_view(document: SalesDocument) -> dict[str, Any]:
    """An order as GET /www/auftrag/{AuftNr} answers it."""
    return read_shape(document)


def without_positions(view: dict[str, Any]) -> dict[str, Any]:
    """The bounded form of a document's read shape for an event too large to carry whole: everything
    but Positionen (GrundDaten with the totals, Adressen, MWSTRekapitulation, Zahlung)."""
    return {k: v for k, v in view.items() if k != "Positionen"}
