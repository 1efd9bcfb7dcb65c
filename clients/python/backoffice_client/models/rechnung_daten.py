from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.rechnung_daten_zahlstatus import RechnungDatenZahlstatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.link import Link
    from ..models.zahlung import Zahlung


T = TypeVar("T", bound="RechnungDaten")


@_attrs_define
class RechnungDaten:
    """
    Attributes:
        rech_nr (str): Rechnungsnummer
        auft_nr (str):
        rech_datum (datetime.date): Rechnungsdatum, YYYY-MM-DD
        faellig_datum (datetime.date): Fälligkeitsdatum aus der Zahlungsbedingung, YYYY-MM-DD
        zahlungsreferenz (str): QR-Referenz (CHF) oder RF-Referenz (EUR)
        waehr_abk (str):
        auft_netto (float): net amount; at most 2 decimal places
        auft_wust (float): tax amount; at most 2 decimal places
        auft_brutto (float): gross amount (CHF rounded to 0.05); at most 2 decimal places
        bezahlt (bool): true once nothing is open (BetragOffen 0): from the start for an order paid by credit card
            (Zahlung payment_method K; the invoice asks for nothing: BT-113 = AuftBrutto, BT-115 = 0, no QR-bill or EPC
            code), else when its payments cover it
        links (list[Link]): rechnung/pdf and rechnung/xml (this invoice), auftrag/ (the order)
        zahlstatus (RechnungDatenZahlstatus): offen: nothing came in; teilbezahlt: part of it; bezahlt: nothing open;
            ueberzahlt: more came in than was due
        betrag_bezahlt (float): what came in (an order paid by card: AuftBrutto from the start); at most 2 decimal
            places
        betrag_offen (float): what is still due after payments and credit notes, never below 0; at most 2 decimal places
        kund_nr (None | str | Unset):
        zahlungen (list[Zahlung] | Unset): the payments booked to this invoice
    """

    rech_nr: str
    auft_nr: str
    rech_datum: datetime.date
    faellig_datum: datetime.date
    zahlungsreferenz: str
    waehr_abk: str
    auft_netto: float
    auft_wust: float
    auft_brutto: float
    bezahlt: bool
    links: list[Link]
    zahlstatus: RechnungDatenZahlstatus
    betrag_bezahlt: float
    betrag_offen: float
    kund_nr: None | str | Unset = UNSET
    zahlungen: list[Zahlung] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        rech_nr = self.rech_nr

        auft_nr = self.auft_nr

        rech_datum = self.rech_datum.isoformat()

        faellig_datum = self.faellig_datum.isoformat()

        zahlungsreferenz = self.zahlungsreferenz

        waehr_abk = self.waehr_abk

        auft_netto = self.auft_netto

        auft_wust = self.auft_wust

        auft_brutto = self.auft_brutto

        bezahlt = self.bezahlt

        links = []
        for links_item_data in self.links:
            links_item = links_item_data.to_dict()
            links.append(links_item)

        zahlstatus = self.zahlstatus.value

        betrag_bezahlt = self.betrag_bezahlt

        betrag_offen = self.betrag_offen

        kund_nr: None | str | Unset
        if isinstance(self.kund_nr, Unset):
            kund_nr = UNSET
        else:
            kund_nr = self.kund_nr

        zahlungen: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.zahlungen, Unset):
            zahlungen = []
            for zahlungen_item_data in self.zahlungen:
                zahlungen_item = zahlungen_item_data.to_dict()
                zahlungen.append(zahlungen_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "RechNr": rech_nr,
                "AuftNr": auft_nr,
                "RechDatum": rech_datum,
                "FaelligDatum": faellig_datum,
                "Zahlungsreferenz": zahlungsreferenz,
                "WaehrAbk": waehr_abk,
                "AuftNetto": auft_netto,
                "AuftWUST": auft_wust,
                "AuftBrutto": auft_brutto,
                "Bezahlt": bezahlt,
                "links": links,
                "Zahlstatus": zahlstatus,
                "BetragBezahlt": betrag_bezahlt,
                "BetragOffen": betrag_offen,
            }
        )
        if kund_nr is not UNSET:
            field_dict["KundNr"] = kund_nr
        if zahlungen is not UNSET:
            field_dict["Zahlungen"] = zahlungen

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.link import Link  # noqa: PLC0415
        from ..models.zahlung import Zahlung  # noqa: PLC0415

        d = dict(src_dict)
        rech_nr = d.pop("RechNr")

        auft_nr = d.pop("AuftNr")

        rech_datum = datetime.date.fromisoformat(d.pop("RechDatum"))

        faellig_datum = datetime.date.fromisoformat(d.pop("FaelligDatum"))

        zahlungsreferenz = d.pop("Zahlungsreferenz")

        waehr_abk = d.pop("WaehrAbk")

        auft_netto = d.pop("AuftNetto")

        auft_wust = d.pop("AuftWUST")

        auft_brutto = d.pop("AuftBrutto")

        bezahlt = d.pop("Bezahlt")

        links = []
        _links = d.pop("links")
        for links_item_data in _links:
            links_item = Link.from_dict(links_item_data)

            links.append(links_item)

        zahlstatus = RechnungDatenZahlstatus(d.pop("Zahlstatus"))

        betrag_bezahlt = d.pop("BetragBezahlt")

        betrag_offen = d.pop("BetragOffen")

        def _parse_kund_nr(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        kund_nr = _parse_kund_nr(d.pop("KundNr", UNSET))

        _zahlungen = d.pop("Zahlungen", UNSET)
        zahlungen: list[Zahlung] | Unset = UNSET
        if _zahlungen is not UNSET:
            zahlungen = []
            for zahlungen_item_data in _zahlungen:
                zahlungen_item = Zahlung.from_dict(zahlungen_item_data)

                zahlungen.append(zahlungen_item)

        rechnung_daten = cls(
            rech_nr=rech_nr,
            auft_nr=auft_nr,
            rech_datum=rech_datum,
            faellig_datum=faellig_datum,
            zahlungsreferenz=zahlungsreferenz,
            waehr_abk=waehr_abk,
            auft_netto=auft_netto,
            auft_wust=auft_wust,
            auft_brutto=auft_brutto,
            bezahlt=bezahlt,
            links=links,
            zahlstatus=zahlstatus,
            betrag_bezahlt=betrag_bezahlt,
            betrag_offen=betrag_offen,
            kund_nr=kund_nr,
            zahlungen=zahlungen,
        )

        rechnung_daten.additional_properties = d
        return rechnung_daten

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
