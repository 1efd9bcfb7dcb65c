from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.gutgeschriebene_position import GutgeschriebenePosition
    from ..models.link import Link


T = TypeVar("T", bound="GutschriftDaten")


@_attrs_define
class GutschriftDaten:
    """
    Attributes:
        gutschrift_nr (str): Gutschriftnummer (its own gap-free series)
        gutschrift_datum (datetime.date): Datum der Gutschrift, YYYY-MM-DD
        rech_nr (str): the invoice it corrects (EN 16931 BT-25)
        rech_datum (datetime.date): that invoice's date (BT-26), YYYY-MM-DD
        auft_nr (str):
        waehr_abk (str):
        auft_netto (float): net amount credited; at most 2 decimal places
        auft_wust (float): tax amount credited; at most 2 decimal places
        auft_brutto (float): gross amount credited (CHF rounded to 0.05); at most 2 decimal places
        auft_lief_kost (float): delivery costs credited (net): the invoice's, with the credit note that leaves nothing
            to credit; else 0; at most 2 decimal places
        retoure (bool): true: the goods were booked back into stock with the credit note
        positionen (list[GutgeschriebenePosition]):
        links (list[Link]): gutschrift/pdf and gutschrift/xml (this credit note), rechnung/ (the invoice), auftrag/
        kund_nr (None | str | Unset):
    """

    gutschrift_nr: str
    gutschrift_datum: datetime.date
    rech_nr: str
    rech_datum: datetime.date
    auft_nr: str
    waehr_abk: str
    auft_netto: float
    auft_wust: float
    auft_brutto: float
    auft_lief_kost: float
    retoure: bool
    positionen: list[GutgeschriebenePosition]
    links: list[Link]
    kund_nr: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        gutschrift_nr = self.gutschrift_nr

        gutschrift_datum = self.gutschrift_datum.isoformat()

        rech_nr = self.rech_nr

        rech_datum = self.rech_datum.isoformat()

        auft_nr = self.auft_nr

        waehr_abk = self.waehr_abk

        auft_netto = self.auft_netto

        auft_wust = self.auft_wust

        auft_brutto = self.auft_brutto

        auft_lief_kost = self.auft_lief_kost

        retoure = self.retoure

        positionen = []
        for positionen_item_data in self.positionen:
            positionen_item = positionen_item_data.to_dict()
            positionen.append(positionen_item)

        links = []
        for links_item_data in self.links:
            links_item = links_item_data.to_dict()
            links.append(links_item)

        kund_nr: None | str | Unset
        if isinstance(self.kund_nr, Unset):
            kund_nr = UNSET
        else:
            kund_nr = self.kund_nr

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "GutschriftNr": gutschrift_nr,
                "GutschriftDatum": gutschrift_datum,
                "RechNr": rech_nr,
                "RechDatum": rech_datum,
                "AuftNr": auft_nr,
                "WaehrAbk": waehr_abk,
                "AuftNetto": auft_netto,
                "AuftWUST": auft_wust,
                "AuftBrutto": auft_brutto,
                "AuftLiefKost": auft_lief_kost,
                "Retoure": retoure,
                "Positionen": positionen,
                "links": links,
            }
        )
        if kund_nr is not UNSET:
            field_dict["KundNr"] = kund_nr

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.gutgeschriebene_position import GutgeschriebenePosition  # noqa: PLC0415
        from ..models.link import Link  # noqa: PLC0415

        d = dict(src_dict)
        gutschrift_nr = d.pop("GutschriftNr")

        gutschrift_datum = datetime.date.fromisoformat(d.pop("GutschriftDatum"))

        rech_nr = d.pop("RechNr")

        rech_datum = datetime.date.fromisoformat(d.pop("RechDatum"))

        auft_nr = d.pop("AuftNr")

        waehr_abk = d.pop("WaehrAbk")

        auft_netto = d.pop("AuftNetto")

        auft_wust = d.pop("AuftWUST")

        auft_brutto = d.pop("AuftBrutto")

        auft_lief_kost = d.pop("AuftLiefKost")

        retoure = d.pop("Retoure")

        positionen = []
        _positionen = d.pop("Positionen")
        for positionen_item_data in _positionen:
            positionen_item = GutgeschriebenePosition.from_dict(positionen_item_data)

            positionen.append(positionen_item)

        links = []
        _links = d.pop("links")
        for links_item_data in _links:
            links_item = Link.from_dict(links_item_data)

            links.append(links_item)

        def _parse_kund_nr(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        kund_nr = _parse_kund_nr(d.pop("KundNr", UNSET))

        gutschrift_daten = cls(
            gutschrift_nr=gutschrift_nr,
            gutschrift_datum=gutschrift_datum,
            rech_nr=rech_nr,
            rech_datum=rech_datum,
            auft_nr=auft_nr,
            waehr_abk=waehr_abk,
            auft_netto=auft_netto,
            auft_wust=auft_wust,
            auft_brutto=auft_brutto,
            auft_lief_kost=auft_lief_kost,
            retoure=retoure,
            positionen=positionen,
            links=links,
            kund_nr=kund_nr,
        )

        gutschrift_daten.additional_properties = d
        return gutschrift_daten

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
