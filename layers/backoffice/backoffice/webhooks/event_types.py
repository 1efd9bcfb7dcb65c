"""The event types of the feed and of webhooks, the record key each one carries, one example each
(an event's data is its record as GET answers it, docs/webhooks.md).

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
GUTSCHRIFT_ISSUED = "gutschrift.issued"
RECHNUNG_PAID = "rechnung.paid"
RECHNUNG_PARTIALLY_PAID = "rechnung.partially_paid"
RECHNUNG_OVERDUE = "rechnung.overdue"
ZAHLUNG_UNMATCHED = "zahlung.unmatched"

# The examples of the catalogue: each event's data is its record as GET answers it. Amounts are
# written as float literals here only because the OpenAPI document would show a Decimal as a
# string; the API itself writes exact decimals as JSON numbers (json_codec).
_BASE = "https://api.example.ch"
_ADDRESS = {
    "AdrNr": 200311,
    "AdrFirma": "Muster AG",
    "AdrAdresse1": "Seestrasse 9",
    "OrtName": "Z\u00fcrich",
    "OrtPLZ": "8001",
    "OrtLand": "CH",
    "EmailAdress": "verkauf@muster-ag.ch",
    "ISOLandA2": "CH",
}
_ADDRESSES = {"KontaktAdr": _ADDRESS, "LiefAdr": _ADDRESS, "RechAdr": _ADDRESS}
_POSITION = {
    "PosNr": 1,
    "VisPosNr": 1,
    "ArtNr": "A-1001",
    "PosBez": "Kaffee Bohnen Crema 1 kg",
    "PosAnzBest": 3,
    "PosPreisBasis": 56.70,
    "PosPreisEinzel": 18.90,
    "PosPreisTotal": 56.70,
    "PosPreisWUSTBetrag": 1.47,
    "WUSTSatz": 2.6,
    "GRabSatz": 0,
}
_RECAP = [
    {
        "Abschnitt": "UST-Rekap",
        "WaehrAbk": "CHF",
        "PosWUST": 1.47,
        "PosWUSTSatz": 2.6,
        "PosWUSTBez": "Reduzierter Satz",
        "PosBetragNetto": 56.70,
        "PosWUSTCode": "2",
        "PosWUSTKlasse": "C",
        "PosUSTSZiffer": "313",
        "PosVSTSZiffer": "400",
        "PosUSTUZiffer": "200",
    }
]
_TOTALS = {
    "WaehrAbk": "CHF",
    "AuftWUST": 1.47,
    "AuftBrutto": 58.15,
    "AuftNetto": 56.70,
}
_ORDER = {
    "GrundDaten": {"StaoNr": 1, "KundNr": "100045", "AuftStatus": "N", **_TOTALS, "AuftNr": "400123"},
    "Adressen": _ADDRESSES,
    "Positionen": [_POSITION],
    "MWSTRekapitulation": _RECAP,
}
_QUOTATION_HEAD: dict[str, Any] = {"KundNr": "100045", "AuftStatus": "P", **_TOTALS, "Template": False}
_QUOTATION: dict[str, Any] = {
    "OffertNr": "700456",
    "GrundDaten": _QUOTATION_HEAD,
    "Adressen": _ADDRESSES,
    "Positionen": [_POSITION],
    "MWSTRekapitulation": _RECAP,
}
_CONVERTED = {**_QUOTATION, "GrundDaten": {**_QUOTATION_HEAD, "AuftNr": "400124"}}


def _address_links(role: str, adr_nr: int) -> list[dict[str, str]]:
    return [{"href": f"{_BASE}/www/adressen/{adr_nr}", "type": t, "rel": f"adressen {role}"} for t in ("GET", "PATCH")]


_CUSTOMER = {
    "status": 0,
    "WaehrAbk": "CHF",
    "AdrSprache": "ger",
    "KundKontakt": 200311,
    "KundLief": 200311,
    "KundRech": 200312,
    "KundBez": "Muster AG",
    "links": [
        *_address_links("KundKontakt", 200311),
        *_address_links("KundLief", 200311),
        *_address_links("KundRech", 200312),
        {"href": f"{_BASE}/www/adressen?debinr=100046", "type": "GET", "rel": "adressen"},
    ],
}
_ADDRESS_UPDATED = {
    "AdrNr": 200312,
    "AdrSprache": "ger",
    "AdrAdresse1": "Postfach",
    "AdrAnrede": 0,
    "AdrAnredeText": "Firma",
    "AdrFirma": "Muster AG Buchhaltung",
    "OrtLand": "CH",
    "OrtName": "Z\u00fcrich",
    "OrtPLZ": "8002",
}
_STOCK = {
    "ArtNr": "A-1001",
    "LagerOrt": "Z\u00fcrich",
    "StaoNr": 1,
    "LagerBestand": 117,
    "links": [{"href": f"{_BASE}/www/artikel/A-1001", "type": "GET", "rel": "artikel"}],
}
_INVOICE_PATH = f"{_BASE}/www/auftrag/400123/rechnung"
_INVOICE = {
    "RechNr": "500017",
    "AuftNr": "400123",
    "KundNr": "100045",
    "RechDatum": "2026-11-26",
    "FaelligDatum": "2026-12-26",
    "Zahlungsreferenz": "000000000000000000005000179",
    "WaehrAbk": "CHF",
    "AuftNetto": 56.70,
    "AuftWUST": 1.47,
    "AuftBrutto": 58.15,
    "Bezahlt": False,
    "links": [
        {"href": _INVOICE_PATH, "type": "GET", "rel": "rechnung/pdf"},
        {"href": _INVOICE_PATH, "type": "GET", "rel": "rechnung/xml"},
        {"href": f"{_BASE}/www/auftrag/400123", "type": "GET", "rel": "auftrag/"},
    ],
}
_PAYMENT_LINE = {
    "ZahlungId": "3f1c2a9b8e7d6c5b4a39",
    "Betrag": 58.15,
    "WaehrAbk": "CHF",
    "Datum": "2026-12-02",
    "Referenz": "000000000000000000005000179",
    "Schuldner": "Muster AG",
    "Zuordnung": "automatisch",
}
_PAID = {
    **_INVOICE,
    "Zahlstatus": "bezahlt",
    "BetragBezahlt": 58.15,
    "BetragOffen": 0.00,
    "Bezahlt": True,
    "Zahlungen": [_PAYMENT_LINE],
}
_PARTLY_PAID = {
    **_INVOICE,
    "Zahlstatus": "teilbezahlt",
    "BetragBezahlt": 20.00,
    "BetragOffen": 38.15,
    "Zahlungen": [{**_PAYMENT_LINE, "Betrag": 20.00}],
}
_OVERDUE = {**_INVOICE, "Zahlstatus": "offen", "BetragBezahlt": 0.00, "BetragOffen": 58.15}
_UNMATCHED = {
    "ZahlungId": "9a8b7c6d5e4f3a2b1c0d",
    "Betrag": 120.00,
    "WaehrAbk": "CHF",
    "Datum": "2026-12-02",
    "Schuldner": "Hans Muster",
    "Mitteilung": "Rechnung 500017 und 500018",
    "Status": "offen",
}
_CREDIT_NOTE_PATH = f"{_BASE}/www/gutschrift/600003"
_CREDIT_NOTE = {
    "GutschriftNr": "600003",
    "GutschriftDatum": "2026-11-27",
    "RechNr": "500017",
    "RechDatum": "2026-11-26",
    "AuftNr": "400123",
    "KundNr": "100045",
    "WaehrAbk": "CHF",
    "AuftNetto": 18.90,
    "AuftWUST": 0.49,
    "AuftBrutto": 19.40,
    "AuftLiefKost": 0.00,
    "Retoure": True,
    "Positionen": [{"PosNr": 1, "Menge": 1}],
    "links": [
        {"href": _CREDIT_NOTE_PATH, "type": "GET", "rel": "gutschrift/pdf"},
        {"href": _CREDIT_NOTE_PATH, "type": "GET", "rel": "gutschrift/xml"},
        {"href": _INVOICE_PATH, "type": "GET", "rel": "rechnung/"},
        {"href": f"{_BASE}/www/auftrag/400123", "type": "GET", "rel": "auftrag/"},
    ],
}

# Each type, the keys of the changed record it carries and an example of its data.
CATALOGUE: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    AUFTRAG_CREATED: ({"AuftNr": "400123"}, _ORDER),
    AUFTRAG_UPDATED: ({"AuftNr": "400123"}, _ORDER),
    OFFERTE_CREATED: ({"OffertNr": "700456"}, _QUOTATION),
    OFFERTE_UPDATED: ({"OffertNr": "700456"}, _QUOTATION),
    OFFERTE_CONVERTED: ({"OffertNr": "700456"}, _CONVERTED),
    KUNDE_CREATED: ({"DebiNr": "100046"}, _CUSTOMER),
    ADRESSE_UPDATED: ({"AdrNr": 200312}, _ADDRESS_UPDATED),
    ARTIKEL_STOCK_CHANGED: ({"ArtNr": "A-1001"}, _STOCK),
    RECHNUNG_ISSUED: ({"RechNr": "500017"}, _INVOICE),
    GUTSCHRIFT_ISSUED: ({"GutschriftNr": "600003"}, _CREDIT_NOTE),
    RECHNUNG_PAID: ({"RechNr": "500017"}, _PAID),
    RECHNUNG_PARTIALLY_PAID: ({"RechNr": "500017"}, _PARTLY_PAID),
    RECHNUNG_OVERDUE: ({"RechNr": "500017"}, _OVERDUE),
    ZAHLUNG_UNMATCHED: ({"ZahlungId": "9a8b7c6d5e4f3a2b1c0d"}, _UNMATCHED),
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


def credit_note_issued(
    credit_note: dict[str, Any], order: dict[str, Any], order_bounded: dict[str, Any]
) -> list[Change]:
    """The events of a credit note issued: the credit note (its GET data), its order changed
    (credited; the order's GET data, and its bounded form), in the credit note's transaction."""
    return [
        Change(GUTSCHRIFT_ISSUED, {"GutschriftNr": str(credit_note["GutschriftNr"])}, credit_note),
        Change(AUFTRAG_UPDATED, {"AuftNr": str(credit_note["AuftNr"])}, order, order_bounded),
    ]
