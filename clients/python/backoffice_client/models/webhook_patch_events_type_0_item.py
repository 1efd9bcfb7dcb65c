from enum import StrEnum


class WebhookPatchEventsType0Item(StrEnum):
    ADRESSE_UPDATED = "adresse.updated"
    ARTIKEL_STOCK_CHANGED = "artikel.stock_changed"
    AUFTRAG_CREATED = "auftrag.created"
    AUFTRAG_UPDATED = "auftrag.updated"
    GUTSCHRIFT_ISSUED = "gutschrift.issued"
    KUNDE_CREATED = "kunde.created"
    OFFERTE_CONVERTED = "offerte.converted"
    OFFERTE_CREATED = "offerte.created"
    OFFERTE_UPDATED = "offerte.updated"
    RECHNUNG_ISSUED = "rechnung.issued"
    RECHNUNG_OVERDUE = "rechnung.overdue"
    RECHNUNG_PAID = "rechnung.paid"
    RECHNUNG_PARTIALLY_PAID = "rechnung.partially_paid"
    ZAHLUNG_UNMATCHED = "zahlung.unmatched"

    def __str__(self) -> str:
        return str(self.value)
