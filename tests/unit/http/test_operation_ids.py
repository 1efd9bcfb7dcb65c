"""operationIds are the method names of every generated client: chosen once, never changed silently."""

from __future__ import annotations

import json

from local.openapi import DOCUMENT

PINNED = {
    "GET /www/adressen": "listAdressen",
    "GET /www/adressen/{AdrNr}": "getAdresse",
    "PATCH /www/adressen/{AdrNr}": "patchAdresse",
    "GET /www/adressensuche": "searchAdresse",
    "GET /www/artikel": "listArtikel",
    "GET /www/artikel/{ArtNr}": "getArtikel",
    "GET /www/artikelmedia/{ArtNr}": "listArtikelmedia",
    "GET /www/artikelmediadaten/{IDKey}": "getArtikelmediadaten",
    "PUT /www/auftrag": "convertOfferte",
    "POST /www/auftrag": "createAuftrag",
    "GET /www/auftrag/{AuftNr}": "getAuftrag",
    "GET /www/auftrag/{AuftNr}/rechnung": "getRechnung",
    "POST /www/auftrag/{AuftNr}/rechnung": "createRechnung",
    "GET /www/auftrag/{AuftNr}/rechnung/pdf": "getRechnungPdf",
    "GET /www/auftrag/{AuftNr}/rechnung/xml": "getRechnungXml",
    "POST /www/rechnung/{RechNr}/gutschrift": "createGutschrift",
    "GET /www/gutschrift/{GutschriftNr}": "getGutschrift",
    "GET /www/gutschrift/{GutschriftNr}/pdf": "getGutschriftPdf",
    "GET /www/gutschrift/{GutschriftNr}/xml": "getGutschriftXml",
    "GET /www/events": "listEvents",
    "POST /www/kunden": "createKunde",
    "GET /www/kunden/{DebiNr}": "getKunde",
    "DELETE /www/log": "deleteLogs",
    "GET /www/offerte": "getOfferte",
    "POST /www/offerte": "createOfferte",
    "PATCH /www/offerte": "patchOfferte",
    "POST /www/token": "createToken",
    "GET /www/webhooks": "listWebhooks",
    "POST /www/webhooks": "createWebhook",
    "GET /www/webhooks/{id}": "getWebhook",
    "DELETE /www/webhooks/{id}": "deleteWebhook",
    "PATCH /www/webhooks/{id}": "patchWebhook",
    "POST /www/webhooks/{id}/secret": "rotateWebhookSecret",
    "GET /www/webhooks/{id}/deliveries": "listWebhookDeliveries",
    "POST /www/webhooks/{id}/deliveries/{delivery_id}/redeliver": "redeliverWebhookDelivery",
    "POST /www/webhooks/{id}/test": "testWebhook",
    "POST /www/zugferd": "processZugferd",
    "OPTIONS /www/zugferd": "preflightZugferd",
    "GET /www/rechnung": "listRechnungen",
    "GET /www/rechnung/{RechNr}": "getRechnungByNummer",
    "GET /www/rechnung/{RechNr}/pdf": "getRechnungPdfByNummer",
    "GET /www/rechnung/{RechNr}/xml": "getRechnungXmlByNummer",
    "POST /www/zahlungen": "importZahlungen",
    "GET /www/zahlungen": "listZahlungen",
    "POST /www/zahlungen/{id}/zuordnung": "assignZahlung",
}


def test_every_operation_has_its_pinned_operation_id() -> None:
    doc = json.loads(DOCUMENT.read_text(encoding="utf-8"))
    got = {f"{m.upper()} {p}": op["operationId"] for p, item in doc["paths"].items() for m, op in item.items()}
    assert got == PINNED


def test_operation_ids_are_lower_camel_case_and_unique() -> None:
    ids = list(PINNED.values())
    assert len(set(ids)) == len(ids)
    assert all(i[0].islower() and i.isalnum() for i in ids)
