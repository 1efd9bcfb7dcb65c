"""The event types of the feed and of webhooks, the record key each one carries, one example each.

The writers (sales, parties, catalogue, invoices) name their events from here, the feed and the
subscriptions validate against it, docs/openapi.json shows the examples. No AWS call here.
"""

from __future__ import annotations

from typing import Any

from backoffice.platform.outbox import Change

AUFTRAG_CREATED = "auftrag.created"
AUFTRAG_UPDATED = "auftrag.updated"
OFFERTE_CREATED = "offerte.created"
OFFERTE_UPDATED = "offerte.updated"
OFFERTE_CONVERTED = "offerte.converted"
KUNDE_CREATED = "kunde.created"
ADRESSE_UPDATED = "adresse.updated"
ARTIKEL_STOCK_CHANGED = "artikel.stock_changed"
RECHNUNG_ISSUED = "rechnung.issued"

# Each type, the keys of the changed record it carries and an example of its data.
CATALOGUE: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    AUFTRAG_CREATED: ({"AuftNr": "400123"}, {"KundNr": "100045", "OffertNr": None, "AuftStatus": "N"}),
    AUFTRAG_UPDATED: ({"AuftNr": "400123"}, {"KundNr": "100045", "RechNr": "500017", "Grund": "rechnung"}),
    OFFERTE_CREATED: ({"OffertNr": "300456"}, {"KundNr": "100045"}),
    OFFERTE_UPDATED: ({"OffertNr": "300456"}, {"KundNr": "100045", "Version": 3}),
    OFFERTE_CONVERTED: ({"OffertNr": "300456"}, {"AuftNr": "400124", "KundNr": "100045"}),
    KUNDE_CREATED: ({"DebiNr": "100046"}, {"KundKontakt": 200311, "KundLief": 200311, "KundRech": 200312}),
    ADRESSE_UPDATED: ({"AdrNr": 200311}, {"DebiNr": "100046", "Version": 2}),
    ARTIKEL_STOCK_CHANGED: ({"ArtNr": "A-1001"}, {"StaoNr": 1, "VPEinheit": None, "Aenderung": -3, "Grund": "auftrag"}),
    RECHNUNG_ISSUED: ({"RechNr": "500017"}, {"AuftNr": "400123", "KundNr": "100045"}),
}
TYPES = tuple(CATALOGUE)
# Events about an article reach only a caller who may see the article (its webshops).
ARTICLE_TYPES = frozenset({ARTIKEL_STOCK_CHANGED})


def invoice_issued(invoice: dict[str, Any], order: dict[str, Any], order_bounded: dict[str, Any]) -> list[Change]:
    """The events of an invoice issued: the invoice (its GET data), its order changed (invoiced;
    the order's GET data, and its bounded form). Both are recorded in the transaction that
    finishes the invoice."""
    return [
        Change(RECHNUNG_ISSUED, {"RechNr": str(invoice["RechNr"])}, invoice),
        Change(AUFTRAG_UPDATED, {"AuftNr": str(invoice["AuftNr"])}, order, order_bounded),
    ]
