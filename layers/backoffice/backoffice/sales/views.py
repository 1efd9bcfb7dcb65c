"""The answers of the order and quotation routes, as models for docs/openapi.json.

The handlers answer plain dicts (`sales.contract.read_shape`); these models only document them.
Fields without data are left out of an answer, so a field is required here only where the answer
always carries it (the totals, a position's number, article, quantity and prices, a tax line's
figures); amounts state their decimal places in words (a `multipleOf` of 0.01 is not exact in binary).
"""

from typing import Any

from pydantic import BaseModel, ConfigDict, Field
from pydantic.config import JsonDict

from backoffice.models import Number

DATE_TIME: JsonDict = {"format": "date-time"}


def amount(description: str, places: int = 2) -> Any:
    """A number always present, with its decimal places."""
    return Field(description=f"{description}; at most {places} decimal places")


def some(description: str, places: int = 2) -> Any:
    """A number present when it has a value, with its decimal places."""
    return Field(default=None, description=f"{description}; at most {places} decimal places")


class View(BaseModel):
    """A documented answer: built only when docs/openapi.json is made, never in a cold start."""

    model_config = ConfigDict(defer_build=True)


class BelegGrundDaten(View):
    """GrundDaten of an order or quotation read."""

    AuftNr: str | None = Field(default=None, max_length=10, description="Auftragsnummer")
    OffertNr: str | None = Field(default=None, max_length=10, description="Offerte, aus der der Auftrag wurde")
    KundNr: str | None = Field(default=None, max_length=8, description="Kundennummer (fehlt bei Vorlagen)")
    AuftBez: str | None = Field(default=None, max_length=80)
    AuftBestellNr: str | None = Field(default=None, max_length=36)
    AuftBestellRef: str | None = Field(default=None, max_length=60)
    AuftBestellTUTC: str | None = Field(
        default=None, description="Bestelldatum, UTC, ISO 8601 mit Z", json_schema_extra=DATE_TIME
    )
    AuftLieferTUTC: str | None = Field(
        default=None, description="Lieferdatum, UTC, ISO 8601 mit Z", json_schema_extra=DATE_TIME
    )
    WaehrAbk: str = Field(max_length=4, description="Währung, ISO 4217")
    AuftKomment: str | None = Field(default=None, max_length=255)
    KundBedTyp: int | None = None
    AuftLiefKost: Number | None = some("Lieferkosten")
    StaoNr: int | None = Field(default=None, description="Lagerort der Reservation")
    AuftStatus: str = Field(description="N neu, O offen, A erledigt, P Offerte")
    AuftWUST: Number = amount("Steuerbetrag")
    AuftBrutto: Number = amount("Bruttobetrag (CHF auf 0.05 gerundet)")
    AuftNetto: Number = amount("Nettobetrag")
    Template: bool | None = Field(default=None, description="Offerte: true = keinem Kunden zugeordnet")


class BelegAdresse(View):
    """KontaktAdr, LiefAdr or RechAdr of an order or quotation read."""

    AdrNr: int | None = None
    AdrFirma: str | None = None
    AdrFirma2: str | None = None
    AdrVorname: str | None = None
    AdrName: str | None = None
    AdrAdresse1: str | None = None
    AdrAdresse2: str | None = None
    AdrTelex: str | None = None
    AdrTf1: str | None = None
    AdrTf2: str | None = None
    AdrFax: str | None = None
    OrtName: str | None = None
    OrtPLZ: str | None = None
    OrtLand: str | None = None
    ISOLandA2: str | None = None
    EmailAdress: str | None = None


class BelegAdressen(View):
    KontaktAdr: BelegAdresse | None = None
    LiefAdr: BelegAdresse | None = None
    RechAdr: BelegAdresse | None = None


class BelegPosition(View):
    """A Positionen item."""

    PosNr: int
    VisPosNr: int
    ArtNr: str
    PosBez: str | None = None
    PosAnzBest: Number = amount("Menge in der Basiseinheit", 4)
    PosPreisBasis: Number | None = Field(default=None, description="Menge x Einzelpreis, vor Rabatt")
    PosPreisEinzel: Number = Field(description="Preis je Basiseinheit")
    PosPreisTotal: Number = amount("nach Rabatt")
    PosPreisWUSTBetrag: Number | None = Field(default=None, description="Steuerbetrag der Position")
    VPEAnzBest: Number | None = Field(default=None, description="Menge in Verpackungseinheiten")
    VPEPreisEinzel: Number | None = Field(default=None, description="Preis je Verpackungseinheit")
    VPEinheit: str | None = None
    WUSTSatz: Number | None = Field(default=None, description="Steuersatz in Prozent")
    GRabSatz: Number | None = some("Rabatt in Prozent", 4)


class BelegMWST(View):
    """A MWSTRekapitulation line: the positions of one tax code merged."""

    Abschnitt: str | None = Field(default=None, description="immer UST-Rekap")
    WaehrAbk: str | None = None
    PosWUST: Number | None = Field(default=None, description="Steuerbetrag")
    PosWUSTSatz: Number | None = Field(default=None, description="Steuersatz in Prozent")
    PosWUSTBez: str | None = None
    PosBetragNetto: Number | None = Field(default=None, description="Nettobetrag")
    PosWUSTCode: str | None = None
    PosWUSTKlasse: str | None = None
    PosUSTSZiffer: str | None = None
    PosVSTSZiffer: str | None = None
    PosUSTUZiffer: str | None = None


class BelegZahlung(View):
    Bezeichnung: str | None = None
    Wert: str | None = None
    Key: str | None = Field(default=None, description="eindeutig im Auftrag, vom System vergeben")


class AuftragDaten(View):
    GrundDaten: BelegGrundDaten
    Adressen: BelegAdressen | None = None
    Positionen: list[BelegPosition] | None = None
    MWSTRekapitulation: list[BelegMWST] | None = None
    Zahlung: list[BelegZahlung] | None = None


class AuftragAntwort(View):
    """GET /www/auftrag/{AuftNr}."""

    data: AuftragDaten


class OfferteDaten(AuftragDaten):
    OffertNr: str = Field(max_length=10, description="Offertnummer")


class OfferteAntwort(View):
    """A quotation: GET, POST and PATCH /www/offerte."""

    count: int
    success: bool
    data: OfferteDaten


class AuftragNummer(View):
    AuftNr: str = Field(max_length=10, description="Auftragsnummer")


class AuftragErstellt(View):
    """POST /www/auftrag."""

    data: AuftragNummer


class AuftragUmgewandelt(View):
    """PUT /www/auftrag."""

    count: int
    success: bool
    data: AuftragNummer
