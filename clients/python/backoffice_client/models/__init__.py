"""Contains all the data models used in inputs/outputs"""

from .address_in import AddressIn
from .address_in_adr_check_type_0 import AddressInAdrCheckType0
from .address_in_adranrede import AddressInAdranrede
from .address_patch import AddressPatch
from .address_patch_adr_anrede_type_0 import AddressPatchAdrAnredeType0
from .address_patch_anrede_type_0 import AddressPatchAnredeType0
from .adresse import Adresse
from .adresse_adranrede import AdresseAdranrede
from .adresse_antwort import AdresseAntwort
from .adresse_mit_links import AdresseMitLinks
from .adresse_mit_links_adranrede import AdresseMitLinksAdranrede
from .artikel import Artikel
from .artikel_anlager import ArtikelAnlager
from .artikel_antwort import ArtikelAntwort
from .artikel_hatvpe import ArtikelHatvpe
from .artikel_liste import ArtikelListe
from .artikel_listen_eintrag import ArtikelListenEintrag
from .artikel_listen_eintrag_anlager import ArtikelListenEintragAnlager
from .artikel_listen_eintrag_hatvpe import ArtikelListenEintragHatvpe
from .artikel_media import ArtikelMedia
from .artikel_media_liste import ArtikelMediaListe
from .attribut import Attribut
from .auftrag_antwort import AuftragAntwort
from .auftrag_daten import AuftragDaten
from .auftrag_erstellt import AuftragErstellt
from .auftrag_nummer import AuftragNummer
from .auftrag_umgewandelt import AuftragUmgewandelt
from .beleg_adresse import BelegAdresse
from .beleg_adressen import BelegAdressen
from .beleg_grund_daten import BelegGrundDaten
from .beleg_mwst import BelegMWST
from .beleg_position import BelegPosition
from .beleg_zahlung import BelegZahlung
from .bestand_eintrag import BestandEintrag
from .conversion_header import ConversionHeader
from .credit_note_create import CreditNoteCreate
from .credited_position import CreditedPosition
from .customer_addresses import CustomerAddresses
from .customer_data import CustomerData
from .customer_in import CustomerIn
from .deklaration_eintrag import DeklarationEintrag
from .document_addresses import DocumentAddresses
from .ereignis import Ereignis
from .ereignis_data_type_0 import EreignisDataType0
from .ereignis_keys import EreignisKeys
from .ereignis_liste import EreignisListe
from .error_body import ErrorBody
from .error_body_info import ErrorBodyInfo
from .get_kunde_status_type_0 import GetKundeStatusType0
from .gutgeschriebene_position import GutgeschriebenePosition
from .gutschrift_antwort import GutschriftAntwort
from .gutschrift_daten import GutschriftDaten
from .kunde import Kunde
from .kunde_antwort import KundeAntwort
from .kunde_erstellt import KundeErstellt
from .kunde_nummer import KundeNummer
from .kunden_adressen import KundenAdressen
from .kunden_adressen_antwort import KundenAdressenAntwort
from .kunden_auftrag import KundenAuftrag
from .kunden_auftrag_planstatus import KundenAuftragPlanstatus
from .link import Link
from .link_type import LinkType
from .offen_summe import OffenSumme
from .offene_posten_liste import OffenePostenListe
from .offener_posten import OffenerPosten
from .offerte_antwort import OfferteAntwort
from .offerte_daten import OfferteDaten
from .order_convert import OrderConvert
from .order_create import OrderCreate
from .order_header import OrderHeader
from .order_position import OrderPosition
from .payment import Payment
from .preis_eintrag import PreisEintrag
from .preis_eintrag_preisart import PreisEintragPreisart
from .quotation_create import QuotationCreate
from .quotation_header import QuotationHeader
from .quotation_patch import QuotationPatch
from .quotation_patch_header import QuotationPatchHeader
from .quotation_patch_position import QuotationPatchPosition
from .quotation_position import QuotationPosition
from .rechnung_antwort import RechnungAntwort
from .rechnung_daten import RechnungDaten
from .rechnung_daten_zahlstatus import RechnungDatenZahlstatus
from .suchtreffer import Suchtreffer
from .suchtreffer_antwort import SuchtrefferAntwort
from .token_antwort import TokenAntwort
from .verpackung import Verpackung
from .webhook import Webhook
from .webhook_antwort import WebhookAntwort
from .webhook_in import WebhookIn
from .webhook_in_events_item import WebhookInEventsItem
from .webhook_liste import WebhookListe
from .webhook_mit_secret import WebhookMitSecret
from .webhook_mit_secret_daten import WebhookMitSecretDaten
from .webhook_patch import WebhookPatch
from .webhook_patch_events_type_0_item import WebhookPatchEventsType0Item
from .webhook_versuch import WebhookVersuch
from .webhook_zustellung import WebhookZustellung
from .webhook_zustellung_antwort import WebhookZustellungAntwort
from .webhook_zustellung_liste import WebhookZustellungListe
from .zahlung import Zahlung
from .zahlung_antwort import ZahlungAntwort
from .zahlung_liste import ZahlungListe
from .zahlung_status import ZahlungStatus
from .zahlung_zuordnung import ZahlungZuordnung
from .zahlungen_import import ZahlungenImport
from .zahlungen_zaehler import ZahlungenZaehler
from .zugferd_request import ZugferdRequest
from .zugferd_request_operation import ZugferdRequestOperation
from .zuordnung import Zuordnung

__all__ = (
    "AddressIn",
    "AddressInAdranrede",
    "AddressInAdrCheckType0",
    "AddressPatch",
    "AddressPatchAdrAnredeType0",
    "AddressPatchAnredeType0",
    "Adresse",
    "AdresseAdranrede",
    "AdresseAntwort",
    "AdresseMitLinks",
    "AdresseMitLinksAdranrede",
    "Artikel",
    "ArtikelAnlager",
    "ArtikelAntwort",
    "ArtikelHatvpe",
    "ArtikelListe",
    "ArtikelListenEintrag",
    "ArtikelListenEintragAnlager",
    "ArtikelListenEintragHatvpe",
    "ArtikelMedia",
    "ArtikelMediaListe",
    "Attribut",
    "AuftragAntwort",
    "AuftragDaten",
    "AuftragErstellt",
    "AuftragNummer",
    "AuftragUmgewandelt",
    "BelegAdresse",
    "BelegAdressen",
    "BelegGrundDaten",
    "BelegMWST",
    "BelegPosition",
    "BelegZahlung",
    "BestandEintrag",
    "ConversionHeader",
    "CreditedPosition",
    "CreditNoteCreate",
    "CustomerAddresses",
    "CustomerData",
    "CustomerIn",
    "DeklarationEintrag",
    "DocumentAddresses",
    "Ereignis",
    "EreignisDataType0",
    "EreignisKeys",
    "EreignisListe",
    "ErrorBody",
    "ErrorBodyInfo",
    "GetKundeStatusType0",
    "GutgeschriebenePosition",
    "GutschriftAntwort",
    "GutschriftDaten",
    "Kunde",
    "KundeAntwort",
    "KundeErstellt",
    "KundenAdressen",
    "KundenAdressenAntwort",
    "KundenAuftrag",
    "KundenAuftragPlanstatus",
    "KundeNummer",
    "Link",
    "LinkType",
    "OffenePostenListe",
    "OffenerPosten",
    "OffenSumme",
    "OfferteAntwort",
    "OfferteDaten",
    "OrderConvert",
    "OrderCreate",
    "OrderHeader",
    "OrderPosition",
    "Payment",
    "PreisEintrag",
    "PreisEintragPreisart",
    "QuotationCreate",
    "QuotationHeader",
    "QuotationPatch",
    "QuotationPatchHeader",
    "QuotationPatchPosition",
    "QuotationPosition",
    "RechnungAntwort",
    "RechnungDaten",
    "RechnungDatenZahlstatus",
    "Suchtreffer",
    "SuchtrefferAntwort",
    "TokenAntwort",
    "Verpackung",
    "Webhook",
    "WebhookAntwort",
    "WebhookIn",
    "WebhookInEventsItem",
    "WebhookListe",
    "WebhookMitSecret",
    "WebhookMitSecretDaten",
    "WebhookPatch",
    "WebhookPatchEventsType0Item",
    "WebhookVersuch",
    "WebhookZustellung",
    "WebhookZustellungAntwort",
    "WebhookZustellungListe",
    "Zahlung",
    "ZahlungAntwort",
    "ZahlungenImport",
    "ZahlungenZaehler",
    "ZahlungListe",
    "ZahlungStatus",
    "ZahlungZuordnung",
    "ZugferdRequest",
    "ZugferdRequestOperation",
    "Zuordnung",
)
