"""The event types of the feed and of webhooks, the record key each one carries, one example each.

The writers (sales, parties, catalogue, invoices) name their events from here, the feed and the
subscriptions validate against it, docs/openapi.json shows the examples. No AWS call here.
"""

from __future__ import annotations

from decimal import Decimal
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
GUTSCHRIFT_ISSUED = "gutschrift.issued"

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
    GUTSCHRIFT_ISSUED: (
        {"GutschriftNr": "600003"},
        {"RechNr": "500017", "AuftNr": "400123", "KundNr": "100045", "AuftBrutto": Decimal("42.50"), "Retoure": True},
    ),
}
TYPES = tuple(CATALOGUE)
# Events about an article reach only a caller who may see the article (its webshops).
ARTICLE_TYPES = frozenset({ARTIKEL_STOCK_CHANGED})


def invoice_issued(record: dict[str, Any]) -> list[Change]:
    """The events of an invoice recorded: the invoice issued, its order changed (invoiced)."""
    auft_nr, kund_nr, rech_nr = str(record["AuftNr"]), str(record["KundNr"]), str(record["RechNr"])
    return [
        Change(RECHNUNG_ISSUED, {"RechNr": rech_nr}, {"AuftNr": auft_nr, "KundNr": kund_nr}),
        Change(AUFTRAG_UPDATED, {"AuftNr": auft_nr}, {"KundNr": kund_nr, "RechNr": rech_nr, "Grund": "rechnung"}),
    ]


def credit_note_issued(record: dict[str, Any]) -> list[Change]:
    """The events of a credit note recorded: the credit note issued, its order changed (credited)."""
    auft_nr, kund_nr, rech_nr = str(record["AuftNr"]), str(record["KundNr"]), str(record["RechNr"])
    gutschrift_nr = str(record["GutschriftNr"])
    issued = {
        "RechNr": rech_nr,
        "AuftNr": auft_nr,
        "KundNr": kund_nr,
        "AuftBrutto": record["AuftBrutto"],
        "Retoure": bool(record["Retoure"]),
    }
    return [
        Change(GUTSCHRIFT_ISSUED, {"GutschriftNr": gutschrift_nr}, issued),
        Change(
            AUFTRAG_UPDATED,
            {"AuftNr": auft_nr},
            {"KundNr": kund_nr, "RechNr": rech_nr, "GutschriftNr": gutschrift_nr, "Grund": "gutschrift"},
        ),
    ]
