"""The read shapes of interface.md as pydantic models, for docs/openapi.json only.

The handlers answer with pre-serialised bodies (`backoffice.http.resolver.json_response`); these
models are passed to `documented(...)` so the document says what those bodies hold: the contract's
field names, types, lengths and meanings. Fields without data are left out of every answer
(`json_codec.dumps`), so a member is required here only where the answer always carries it.

A member answers what was written through a request or import model, so its length is that model's
(`length(...)`, the address table's `MAX_LENGTH`); only members no model writes state one here.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Any, Literal, get_args, get_origin

from annotated_types import MaxLen
from pydantic import BaseModel, ConfigDict, Field
from pydantic.config import JsonDict
from pydantic.fields import FieldInfo

from backoffice.catalogue.importer import (
    ArticleRecord,
    AttributeRecord,
    DeclarationRecord,
    MediaRecord,
    PackagingRecord,
    PriceRecord,
    StockRecord,
)
from backoffice.models import Number
from backoffice.parties.addresses import MAX_LENGTH, SALUTATION_SCHEMA
from backoffice.parties.customers import KUND_BEZ_LENGTH, CustomerData


def optional(description: str, **constraints: Any) -> Any:
    """A member the answer leaves out when it has no data (never sent as null)."""
    return Field(default=None, description=description, **constraints)


# A moment as the API writes it (timestamps.utc_text: YYYY-MM-DDTHH:MM:SS[.ffffff]Z), RFC 3339.
DATE_TIME: JsonDict = {"format": "date-time"}
# A calendar day, YYYY-MM-DD.
DATE: JsonDict = {"format": "date"}


def places(description: str, digits: int) -> str:
    """A number's description with its decimal places (stated in words: a `multipleOf` of 0.01 is
    not exact in binary, so validators that divide in doubles would refuse 10.3)."""
    return f"{description}; at most {digits} decimal places"


def length(model: type[BaseModel], name: str) -> int:
    """The max_length the model `model` gives its text field `name` (of `Annotated[str, ...] | None`,
    or `... | Texts`, the text branch)."""
    field = model.model_fields[name]
    for metadata in (field.metadata, *_text_branches(field.annotation)):
        found = next((m.max_length for m in metadata if isinstance(m, MaxLen)), None)
        if found is not None:
            return found
    raise LookupError(f"{model.__name__}.{name} has no max_length")


def _text_branches(annotation: Any) -> Iterator[list[Any]]:
    """The metadata of each `Annotated[str, Field(...)]` member of a union."""
    for branch in get_args(annotation):
        if get_origin(branch) is Annotated and get_args(branch)[0] is str:
            yield [
                m for info in branch.__metadata__ for m in (info.metadata if isinstance(info, FieldInfo) else [info])
            ]


class Shape(BaseModel):
    """A read shape. Built only when a document is made (defer_build): a handler that imports
    these models for its `responses=` pays nothing for them at cold start."""

    model_config = ConfigDict(defer_build=True)


# --- Shared parts -------------------------------------------------------------------------


class Link(Shape):
    href: str = Field(
        max_length=2048,
        description="target URL, absolute on the address the client called: "
        "scheme://host[/stage]/www/... (the stage only on API Gateway's own domain)",
        pattern=r"^https?://[^/\s]+(/[^/\s]+)?/www/",
        json_schema_extra={"format": "uri"},
    )
    type: Literal["GET", "POST", "PUT", "PATCH", "DELETE"] = Field(description="HTTP method to use on the target")
    rel: str = Field(max_length=2048, description="relation name (artikel, adressen, kunden, next, ...)")


class Attribut(Shape):
    Contents: str = optional("attribute value", max_length=length(AttributeRecord, "Contents"))
    PHKey: str = optional("attribute key", max_length=length(AttributeRecord, "PHKey"))


# --- Articles (GET /www/artikel, /www/artikel/{ArtNr}, /www/artikelmedia/{ArtNr}) ----------


class PreisEintrag(Shape):
    ArtNr: str = optional("article number", max_length=length(ArticleRecord, "ArtNr"))
    Bereich: str = optional("price range", max_length=length(PriceRecord, "Bereich"))
    AbAnzahl: Number = optional("valid from quantity")
    BisAnzahl: Number = optional("valid to quantity (absent on the last tier)")
    PreisList: Number = optional("list price in WaehrAbk, as imported")
    Preisart: Literal["N", "B"] = optional("N net, B gross")
    VPEinheit: str = optional("packaging unit", max_length=length(PriceRecord, "VPEinheit"))
    GeaendertAmUTC: str = optional("last modification time")
    links: list[Link] = optional("the article")


class BestandEintrag(Shape):
    ArtNr: str = optional("article number", max_length=length(ArticleRecord, "ArtNr"))
    LagerOrt: str = optional("storage place")
    StaoNr: int = optional("location")
    LagerBestand: Number = optional(places("stock after reservations; negative values possible", 4))
    VPEinheit: str = optional("packaging unit", max_length=length(StockRecord, "VPEinheit"))
    Bereich: str = optional("stock range", max_length=length(StockRecord, "Bereich"))
    links: list[Link] = optional("the article")


class Verpackung(Shape):
    VPEinheit: str = Field(max_length=length(PackagingRecord, "VPEinheit"), description="packaging unit id code")
    VPEEANNr: str = optional("EAN", max_length=length(PackagingRecord, "VPEEANNr"))
    VPBezeichnung: str = optional("designation")
    Gewicht: Number = optional("conversion factor article to VPE weight")
    VPEGewicht: Number = optional("weight of the VPE")
    GewichtInhalt: Number = optional("weight of the content")
    Faktor: Number = optional("quantity factor to the base unit")
    Preis: list[PreisEintrag] = optional("tiered prices (absent when no price is stored)")
    Bestand: list[BestandEintrag] = optional("stock in released warehouses")


class DeklarationEintrag(Shape):
    Nr: int = optional("unique assignment number")
    AdrSprache: str = optional("language, ISO-639-2B", max_length=length(DeclarationRecord, "AdrSprache"))
    ArtNr: str = optional("article number", max_length=length(ArticleRecord, "ArtNr"))
    Bezeichnung1: str = optional("designation 1")
    Bezeichnung2: str = optional("designation 2")
    KurzBezeichnung: str = optional("short designation")
    OrtLand: str = optional("country, ISO 3166 alpha-2", max_length=4)
    links: list[Link] = optional("the article")


class _ArtikelFelder(Shape):
    ArtNr: str = optional("article number", max_length=length(ArticleRecord, "ArtNr"))
    AnLager: Literal["J", "N"] = optional("J = yes, N = no (stock-managed)")
    ArtBez: str = optional("designation", max_length=length(ArticleRecord, "ArtBez"))
    ArtikelStatus: int = optional("1 = active")
    Einheit: str = optional("unit", max_length=length(ArticleRecord, "Einheit"))
    Farbe: str = optional("colour marker #rrggbb (a marker, not the article's colour)", max_length=12)
    WUSTSatz: Number = optional("stored tax rate, falling back to the standard rate")
    GeaendertAmUTC: str = optional("last modification time")
    ArtGruppe: str = optional("article group", max_length=length(ArticleRecord, "ArtGruppe"))
    ArtKlasse: str = optional("article class", max_length=length(ArticleRecord, "ArtKlasse"))
    WaehrAbk: str = optional("currency of prices, ISO 4217", max_length=4)
    BeschaffungsArt: str = optional("procurement kind", max_length=length(ArticleRecord, "BeschaffungsArt"))
    VerarbeitungsArt: str = optional(
        "processing kind; C = batch-managed, N = not batch-managed",
        max_length=length(ArticleRecord, "VerarbeitungsArt"),
    )
    ArtGewicht: Number = optional("weight")
    links: list[Link] = optional("the article and its media")
    attributes: list[Attribut] = optional("article attributes")
    HatVPE: Literal["J", "N"] = optional("J/N: has packaging units; without, price and stock are on the article")
    Verpackungen: list[Verpackung] = optional("packaging units, present when HatVPE = J")
    Preis: list[PreisEintrag] = optional("tiered prices when no VPE (absent when no price is stored)")
    Bestand: list[BestandEintrag] = optional("stock (optional)")


class ArtikelListenEintrag(_ArtikelFelder):
    """An article of the list: the read shape without Deklaration, restricted by `fields`."""


class Artikel(_ArtikelFelder):
    """The article read shape with its declarations of origin."""

    Deklaration: list[DeklarationEintrag] = optional("declarations of origin")


class ArtikelAntwort(Shape):
    data: Artikel


class ArtikelListe(Shape):
    data: list[ArtikelListenEintrag]
    count: int = Field(description="number of articles in this page")
    links: list[Link] = Field(description="paging: start, prev, next (type GET), repeating the query")


class ArtikelMedia(Shape):
    IDKey: int = Field(description="unique key of the file")
    AMDBildFormat: str = optional("image format", max_length=length(MediaRecord, "AMDBildFormat"))
    AMDTextFormat: str = optional("text format", max_length=length(MediaRecord, "AMDTextFormat"))
    AMDVerwendung: str = optional(
        "usage; can be controlled by the attribute VERWENDUNG", max_length=length(MediaRecord, "AMDVerwendung")
    )
    AdrSprache: str = optional("language of the file", max_length=length(MediaRecord, "AdrSprache"))
    OrtLand: str = optional("country alpha-2", max_length=length(MediaRecord, "OrtLand"))
    Modified_UTC: str = optional("last change", json_schema_extra=DATE_TIME)
    ArtGruppe: str = optional("article group", max_length=length(MediaRecord, "ArtGruppe"))
    ArtNr: str = optional("article number", max_length=length(MediaRecord, "ArtNr"))
    AMDDateiName: str = optional("file name", max_length=length(MediaRecord, "AMDDateiName"))
    AMDText: str = optional("text")
    Kommentar: str = optional("comment", max_length=length(MediaRecord, "Kommentar"))
    links: list[Link] = optional("the files: artikelmediadaten/ with type=Bild or type=Text")


class ArtikelMediaListe(Shape):
    data: list[ArtikelMedia]
    count: int = Field(description="number of media records")


# --- Customers and addresses (GET /www/kunden/{DebiNr}, /www/adressen, /www/adressensuche) ----


class KundenAuftrag(Shape):
    PlanStatus: Literal["N", "O", "A"] = Field(description="N new, O open/in progress, A completed")
    AuftErf: str = Field(description="entry time, ISO 8601 UTC", json_schema_extra=DATE_TIME)
    AuftErfUTC: str = Field(
        description="entry time, ISO 8601 UTC (the contract shows both names)", json_schema_extra=DATE_TIME
    )
    AuftNr: str = Field(max_length=10, description="order number")
    links: list[Link] = Field(description="the order")


class Kunde(Shape):
    status: int = Field(description="1 when the credit limit is greater than 0, else 0")
    WaehrAbk: str = optional("customer currency, ISO 4217", max_length=length(CustomerData, "WaehrAbk"))
    BrancheID: str = optional("branch id", max_length=12)
    AdrSprache: str = optional("language, ISO-639-2B")
    KundLief: int = Field(description="delivery address key")
    KundRech: int = Field(description="invoice address key")
    KundKontakt: int = Field(description="contact address key")
    VBTyp: str = optional("shipping-condition type", max_length=length(CustomerData, "VBTyp"))
    ZahlungsMethode: str = optional("comma-separated: K = credit card (paid outside), R = invoice")
    KundBez: str = optional("customer designation", max_length=KUND_BEZ_LENGTH)
    Kommentar: str = optional("customer comment", max_length=length(CustomerData, "Kommentar"))
    attributes: list[Attribut] = optional("customer attributes")
    links: list[Link] = Field(description="the addresses (adressen KundKontakt, ...) and the address list")
    Auftrag: list[KundenAuftrag] = optional("the latest orders (query order, status)")
    OffenePosten: list[OffenSumme] = optional("the customer's open amount per currency (invoices not yet paid)")


class KundeAntwort(Shape):
    data: Kunde


class KundeNummer(Shape):
    DebiNr: str = Field(description="the new customer's number")


class KundeErstellt(Shape):
    data: KundeNummer


class Adresse(Shape):
    """The standalone address (Adressen endpoints)."""

    AdrNr: int = Field(description="address number")
    AdrSprache: str = optional("language, ISO-639-2B", max_length=MAX_LENGTH["AdrSprache"])
    EmailAdress: str = optional("e-mail", max_length=MAX_LENGTH["EmailAdress"])
    AdrAdresse1: str = optional("street and number", max_length=MAX_LENGTH["AdrAdresse1"])
    AdrAdresse2: str = optional("addition", max_length=MAX_LENGTH["AdrAdresse2"])
    AdrAnrede: int = optional("0 = company/general, 1 = Mr, 2 = Ms", json_schema_extra=SALUTATION_SCHEMA)
    AdrAnredeText: str = optional("salutation text (read only)")
    AdrFax: str = optional("fax", max_length=MAX_LENGTH["AdrFax"])
    AdrFirma: str = optional("company", max_length=MAX_LENGTH["AdrFirma"])
    AdrFirma2: str = optional("company addition", max_length=MAX_LENGTH["AdrFirma2"])
    AdrVorname: str = optional("first name", max_length=MAX_LENGTH["AdrVorname"])
    AdrName: str = optional("last name", max_length=MAX_LENGTH["AdrName"])
    AdrTelex: str = optional("mobile", max_length=MAX_LENGTH["AdrTelex"])
    AdrTf1: str = optional("direct phone", max_length=MAX_LENGTH["AdrTf1"])
    AdrTf2: str = optional("central phone", max_length=MAX_LENGTH["AdrTf2"])
    OrtLand: str = optional("country alpha-2", max_length=MAX_LENGTH["OrtLand"])
    OrtName: str = optional("town", max_length=MAX_LENGTH["OrtName"])
    OrtPLZ: str = optional("postal code", max_length=MAX_LENGTH["OrtPLZ"])


class AdresseMitLinks(Adresse):
    links: list[Link] = Field(description="rel adressen, types GET and PATCH")


class AdresseAntwort(Shape):
    data: Adresse


class KundenAdressen(Shape):
    KundKontakt: list[AdresseMitLinks] = Field(description="contact addresses")
    KundLief: list[AdresseMitLinks] = Field(description="delivery addresses")
    KundRech: list[AdresseMitLinks] = Field(description="invoice addresses")


class KundenAdressenAntwort(Shape):
    count: int = Field(description="number of distinct addresses")
    success: bool
    data: KundenAdressen


class Suchtreffer(Shape):
    KundLief: int = Field(description="delivery address key")
    KundRech: int = Field(description="invoice address key")
    KundKontakt: int = Field(description="contact address key")
    DebiNr: str = Field(description="the customer")
    links: list[Link] = Field(description="rel adressen KundRech/KundKontakt/KundLief (GET, PATCH) and kunden")


class SuchtrefferAntwort(Shape):
    data: Suchtreffer


# --- Payments (/www/zahlungen) and open items (GET /www/rechnung) -----------------------------


class Zahlung(Shape):
    ZahlungId: str = Field(description="the payment's id (from the bank's AcctSvcrRef)")
    Betrag: Number = Field(description=places("amount", 2))
    WaehrAbk: str = Field(description="currency, ISO 4217")
    Datum: str = Field(description="booking date, YYYY-MM-DD", json_schema_extra=DATE)
    Referenz: str = optional("the QR reference or creditor reference (RF) the payer gave")
    Schuldner: str = optional("the debtor's name")
    Mitteilung: str = optional("the unstructured remittance text")
    Status: Literal["zugeordnet", "offen"] = optional("zugeordnet: booked to an invoice; offen: unmatched")
    RechNr: str = optional("the invoice it is booked to")
    Zuordnung: Literal["automatisch", "manuell"] = optional("matched by reference, or assigned by hand")


class ZahlungAntwort(Shape):
    data: Zahlung


class ZahlungListe(Shape):
    data: list[Zahlung]
    count: int = Field(description="how many unmatched payments there are")
    links: list[Link] = Field(description="next: the next page")


class ZahlungenZaehler(Shape):
    new: int = Field(description="payments booked now (matched + unmatched)")
    known: int = Field(description="payments booked before (by this file or another): nothing booked again")
    matched: int = Field(description="new payments booked to an invoice")
    unmatched: int = Field(description="new payments no invoice matched (GET /www/zahlungen?status=offen)")


class ZahlungenImport(Shape):
    data: ZahlungenZaehler


class OffenerPosten(Shape):
    RechNr: str
    AuftNr: str
    KundNr: str
    WaehrAbk: str
    RechDatum: str = Field(json_schema_extra=DATE)
    FaelligDatum: str = Field(json_schema_extra=DATE)
    AuftBrutto: Number = Field(description=places("the invoice's gross amount", 2))
    BetragBezahlt: Number = Field(description=places("what came in", 2))
    BetragOffen: Number = Field(description=places("what is still due", 2))
    TageUeberfaellig: int = Field(description="days past FaelligDatum (0 while not yet due)")
    links: list[Link] = Field(description="rechnung/: the invoice")


class OffenSumme(Shape):
    WaehrAbk: str
    BetragOffen: Number = Field(description=places("the open amount in this currency", 2))
    Anzahl: int = Field(description="open invoices in this currency")


class OffenePostenListe(Shape):
    data: list[OffenerPosten]
    count: int = Field(description="how many invoices match (all pages)")
    Summen: list[OffenSumme] = optional("per currency, over all pages (left out when nothing is open)")
    links: list[Link] = optional("next: the next page (with limit)")


# --- Invoices (POST and GET /www/auftrag/{AuftNr}/rechnung) ----------------------------------


class RechnungDaten(Shape):
    RechNr: str = Field(description="Rechnungsnummer")
    AuftNr: str
    KundNr: str | None = None
    RechDatum: str = Field(description="Rechnungsdatum, YYYY-MM-DD", json_schema_extra=DATE)
    FaelligDatum: str = Field(
        description="Fälligkeitsdatum aus der Zahlungsbedingung, YYYY-MM-DD", json_schema_extra=DATE
    )
    Zahlungsreferenz: str = Field(description="QR-Referenz (CHF) oder RF-Referenz (EUR)")
    WaehrAbk: str
    AuftNetto: Number = Field(description=places("net amount", 2))
    AuftWUST: Number = Field(description=places("tax amount", 2))
    AuftBrutto: Number = Field(description=places("gross amount (CHF rounded to 0.05)", 2))
    Bezahlt: bool = Field(
        description="true once nothing is open (BetragOffen 0): from the start for an order paid by credit card "
        "(Zahlung payment_method K; the invoice asks for nothing: BT-113 = AuftBrutto, BT-115 = 0, no QR-bill or "
        "EPC code), else when its payments cover it"
    )
    links: list[Link] = Field(description="rechnung/pdf and rechnung/xml (this invoice), auftrag/ (the order)")
    Zahlstatus: Literal["offen", "teilbezahlt", "bezahlt", "ueberzahlt"] = Field(
        description="offen: nothing came in; teilbezahlt: part of it; bezahlt: nothing open; ueberzahlt: more came in "
        "than was due"
    )
    BetragBezahlt: Number = Field(
        description=places("what came in (an order paid by card: AuftBrutto from the start)", 2)
    )
    BetragOffen: Number = Field(
        description=places("what is still due after payments and credit notes, never below 0", 2)
    )
    Zahlungen: list[Zahlung] = optional("the payments booked to this invoice")


class RechnungAntwort(Shape):
    """POST and GET (JSON) /www/auftrag/{AuftNr}/rechnung."""

    data: RechnungDaten


# --- Credit notes (POST /www/rechnung/{RechNr}/gutschrift, GET /www/gutschrift/{GutschriftNr}) ----


class GutgeschriebenePosition(Shape):
    PosNr: int = Field(description="the order's position given back")
    Menge: Number = Field(description=places("quantity given back, in the order's unit", 4))


class GutschriftDaten(Shape):
    GutschriftNr: str = Field(description="Gutschriftnummer (its own gap-free series)")
    GutschriftDatum: str = Field(description="Datum der Gutschrift, YYYY-MM-DD", json_schema_extra=DATE)
    RechNr: str = Field(description="the invoice it corrects (EN 16931 BT-25)")
    RechDatum: str = Field(description="that invoice's date (BT-26), YYYY-MM-DD", json_schema_extra=DATE)
    AuftNr: str
    KundNr: str | None = None
    WaehrAbk: str
    AuftNetto: Number = Field(description=places("net amount credited", 2))
    AuftWUST: Number = Field(description=places("tax amount credited", 2))
    AuftBrutto: Number = Field(description=places("gross amount credited (CHF rounded to 0.05)", 2))
    AuftLiefKost: Number = Field(
        description=places(
            "delivery costs credited (net): the invoice's, with the credit note that leaves nothing to credit; else 0",
            2,
        )
    )
    Retoure: bool = Field(description="true: the goods were booked back into stock with the credit note")
    Positionen: list[GutgeschriebenePosition]
    links: list[Link] = Field(
        description="gutschrift/pdf and gutschrift/xml (this credit note), rechnung/ (the invoice), auftrag/"
    )


class GutschriftAntwort(Shape):
    """POST /www/rechnung/{RechNr}/gutschrift and GET (JSON) /www/gutschrift/{GutschriftNr}."""

    data: GutschriftDaten


# --- Tokens (POST /www/token) ------------------------------------------------------------------


class TokenAntwort(Shape):
    expires_in: int = Field(description="Lifetime of the token in seconds.")
    access_token: str = Field(description="The bearer token: send it as Authorization: Bearer <token>.")


# --- Events and webhooks (GET /www/events, /www/webhooks) -------------------------------------


def _event_examples() -> list[Any]:
    """One example of each event type (webhooks.event_types.CATALOGUE), as the feed answers it."""
    from backoffice.webhooks.event_types import CATALOGUE

    return [
        {
            "id": f"evt_{n:032x}",
            "type": name,
            "sequence": 1000 + n,
            "timestamp": "2026-11-26T09:15:02.123456Z",
            "keys": keys,
            "data": data,
        }
        for n, (name, (keys, data)) in enumerate(CATALOGUE.items(), start=1)
    ]


class Ereignis(Shape):
    """One event: the same id, type and data a webhook of it carries."""

    model_config = ConfigDict(defer_build=True, json_schema_extra={"examples": _event_examples()})

    id: str = Field(description="the event's id (evt_...), the same in the feed and in every webhook of it")
    type: str = Field(description="the event type, e.g. auftrag.created (the list: docs/webhooks.md)")
    sequence: int = Field(description="its position in the commit order of all events, from 1")
    timestamp: str = Field(description="when it was recorded, UTC, ISO 8601 with microseconds and Z")
    keys: dict[str, Any] = Field(
        description="the changed record's keys: AuftNr, OffertNr, DebiNr, AdrNr, ArtNr, RechNr"
    )
    data: dict[str, Any] | None = optional(
        "the changed record as GET answers it at that version, its key included (by type, see the examples)"
    )
    partial: bool | None = optional(
        "true: the record was too large to travel whole; data holds it without its Positionen (read it with GET)"
    )


class EreignisListe(Shape):
    """GET /www/events."""

    data: list[Ereignis]
    cursor: str = Field(description="opaque: the position after this page; pass it as after= to read on")
    links: list[Link] = Field(description="next: the same query from the cursor on")


class Webhook(Shape):
    id: str = Field(description="the subscription's id")
    url: str = Field(description="the receiver, https://")
    events: list[str] = Field(description="the event types it receives")
    enabled: bool
    user: str = Field(description="the REST user it belongs to")
    created: str = Field(description="UTC, ISO 8601 with Z", json_schema_extra=DATE_TIME)
    changed: str = Field(description="UTC, ISO 8601 with Z", json_schema_extra=DATE_TIME)


class WebhookMitSecretDaten(Webhook):
    secret: str = Field(description="whsec_ + base64 of 32 random bytes: answered only this once, keep it")


class WebhookMitSecret(Shape):
    """POST /www/webhooks and POST /www/webhooks/{id}/secret."""

    data: WebhookMitSecretDaten


class WebhookAntwort(Shape):
    """GET and PATCH /www/webhooks/{id}."""

    data: Webhook


class WebhookListe(Shape):
    """GET /www/webhooks."""

    data: list[Webhook]


class WebhookVersuch(Shape):
    """One attempt of a delivery."""

    at: str = Field(description="when it was made, UTC, ISO 8601 with Z", json_schema_extra=DATE_TIME)
    status: int | None = optional("the receiver's answer code (any 2xx within 10 s is success)")
    error: str | None = optional("why there was no good answer: refused address, connection, timeout")
    duration_ms: int | None = optional("how long the attempt took, in milliseconds")


class WebhookZustellung(Shape):
    """One delivery: an event sent to a subscription, with its attempts."""

    id: str = Field(description="the delivery's id (newest sort last)")
    event_id: str = Field(description="the event's id: the webhook-id header of every attempt")
    type: str = Field(description="the event type (webhook.test for a test)")
    sequence: int | None = optional("the event's sequence (none for a test)")
    status: str = Field(description="pending, retrying, delivered or failed (its retries are exhausted)")
    created: str = Field(description="UTC, ISO 8601 with Z", json_schema_extra=DATE_TIME)
    next_attempt: str | None = optional(
        "when the next attempt is due (while retrying), UTC", json_schema_extra=DATE_TIME
    )
    attempts: list[WebhookVersuch] | None = optional("the attempts made, oldest first (none before the first)")


class WebhookZustellungListe(Shape):
    """GET /www/webhooks/{id}/deliveries."""

    data: list[WebhookZustellung]
    links: list[Link] = Field(description="next: the older deliveries (empty on the last page)")


class WebhookZustellungAntwort(Shape):
    """POST .../redeliver and .../test: the delivery, queued."""

    data: WebhookZustellung
