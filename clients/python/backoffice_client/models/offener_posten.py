from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.link import Link


T = TypeVar("T", bound="OffenerPosten")


@_attrs_define
class OffenerPosten:
    """
    Attributes:
        rech_nr (str):
        auft_nr (str):
        kund_nr (str):
        waehr_abk (str):
        rech_datum (datetime.date):
        faellig_datum (datetime.date):
        auft_brutto (float): the invoice's gross amount; at most 2 decimal places
        betrag_bezahlt (float): what came in; at most 2 decimal places
        betrag_offen (float): what is still due; at most 2 decimal places
        tage_ueberfaellig (int): days past FaelligDatum (0 while not yet due)
        links (list[Link]): rechnung/: the invoice
    """

    rech_nr: str
    auft_nr: str
    kund_nr: str
    waehr_abk: str
    rech_datum: datetime.date
    faellig_datum: datetime.date
    auft_brutto: float
    betrag_bezahlt: float
    betrag_offen: float
    tage_ueberfaellig: int
    links: list[Link]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        rech_nr = self.rech_nr

        auft_nr = self.auft_nr

        kund_nr = self.kund_nr

        waehr_abk = self.waehr_abk

        rech_datum = self.rech_datum.isoformat()

        faellig_datum = self.faellig_datum.isoformat()

        auft_brutto = self.auft_brutto

        betrag_bezahlt = self.betrag_bezahlt

        betrag_offen = self.betrag_offen

        tage_ueberfaellig = self.tage_ueberfaellig

        links = []
        for links_item_data in self.links:
            links_item = links_item_data.to_dict()
            links.append(links_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "RechNr": rech_nr,
                "AuftNr": auft_nr,
                "KundNr": kund_nr,
                "WaehrAbk": waehr_abk,
                "RechDatum": rech_datum,
                "FaelligDatum": faellig_datum,
                "AuftBrutto": auft_brutto,
                "BetragBezahlt": betrag_bezahlt,
                "BetragOffen": betrag_offen,
                "TageUeberfaellig": tage_ueberfaellig,
                "links": links,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.link import Link  # noqa: PLC0415

        d = dict(src_dict)
        rech_nr = d.pop("RechNr")

        auft_nr = d.pop("AuftNr")

        kund_nr = d.pop("KundNr")

        waehr_abk = d.pop("WaehrAbk")

        rech_datum = datetime.date.fromisoformat(d.pop("RechDatum"))

        faellig_datum = datetime.date.fromisoformat(d.pop("FaelligDatum"))

        auft_brutto = d.pop("AuftBrutto")

        betrag_bezahlt = d.pop("BetragBezahlt")

        betrag_offen = d.pop("BetragOffen")

        tage_ueberfaellig = d.pop("TageUeberfaellig")

        links = []
        _links = d.pop("links")
        for links_item_data in _links:
            links_item = Link.from_dict(links_item_data)

            links.append(links_item)

        offener_posten = cls(
            rech_nr=rech_nr,
            auft_nr=auft_nr,
            kund_nr=kund_nr,
            waehr_abk=waehr_abk,
            rech_datum=rech_datum,
            faellig_datum=faellig_datum,
            auft_brutto=auft_brutto,
            betrag_bezahlt=betrag_bezahlt,
            betrag_offen=betrag_offen,
            tage_ueberfaellig=tage_ueberfaellig,
            links=links,
        )

        offener_posten.additional_properties = d
        return offener_posten

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
