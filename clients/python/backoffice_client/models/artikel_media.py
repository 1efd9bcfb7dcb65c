from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.link import Link


T = TypeVar("T", bound="ArtikelMedia")


@_attrs_define
class ArtikelMedia:
    """
    Attributes:
        id_key (int): unique key of the file
        amd_bild_format (str | Unset): image format
        amd_text_format (str | Unset): text format
        amd_verwendung (str | Unset): usage; can be controlled by the attribute VERWENDUNG
        adr_sprache (str | Unset): language of the file
        ort_land (str | Unset): country alpha-2
        modified_utc (datetime.datetime | Unset): last change
        art_gruppe (str | Unset): article group
        art_nr (str | Unset): article number
        amd_datei_name (str | Unset): file name
        amd_text (str | Unset): text
        kommentar (str | Unset): comment
        links (list[Link] | Unset): the files: artikelmediadaten/ with type=Bild or type=Text
    """

    id_key: int
    amd_bild_format: str | Unset = UNSET
    amd_text_format: str | Unset = UNSET
    amd_verwendung: str | Unset = UNSET
    adr_sprache: str | Unset = UNSET
    ort_land: str | Unset = UNSET
    modified_utc: datetime.datetime | Unset = UNSET
    art_gruppe: str | Unset = UNSET
    art_nr: str | Unset = UNSET
    amd_datei_name: str | Unset = UNSET
    amd_text: str | Unset = UNSET
    kommentar: str | Unset = UNSET
    links: list[Link] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id_key = self.id_key

        amd_bild_format = self.amd_bild_format

        amd_text_format = self.amd_text_format

        amd_verwendung = self.amd_verwendung

        adr_sprache = self.adr_sprache

        ort_land = self.ort_land

        modified_utc: str | Unset = UNSET
        if not isinstance(self.modified_utc, Unset):
            modified_utc = self.modified_utc.isoformat()

        art_gruppe = self.art_gruppe

        art_nr = self.art_nr

        amd_datei_name = self.amd_datei_name

        amd_text = self.amd_text

        kommentar = self.kommentar

        links: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.links, Unset):
            links = []
            for links_item_data in self.links:
                links_item = links_item_data.to_dict()
                links.append(links_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "IDKey": id_key,
            }
        )
        if amd_bild_format is not UNSET:
            field_dict["AMDBildFormat"] = amd_bild_format
        if amd_text_format is not UNSET:
            field_dict["AMDTextFormat"] = amd_text_format
        if amd_verwendung is not UNSET:
            field_dict["AMDVerwendung"] = amd_verwendung
        if adr_sprache is not UNSET:
            field_dict["AdrSprache"] = adr_sprache
        if ort_land is not UNSET:
            field_dict["OrtLand"] = ort_land
        if modified_utc is not UNSET:
            field_dict["Modified_UTC"] = modified_utc
        if art_gruppe is not UNSET:
            field_dict["ArtGruppe"] = art_gruppe
        if art_nr is not UNSET:
            field_dict["ArtNr"] = art_nr
        if amd_datei_name is not UNSET:
            field_dict["AMDDateiName"] = amd_datei_name
        if amd_text is not UNSET:
            field_dict["AMDText"] = amd_text
        if kommentar is not UNSET:
            field_dict["Kommentar"] = kommentar
        if links is not UNSET:
            field_dict["links"] = links

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.link import Link  # noqa: PLC0415

        d = dict(src_dict)
        id_key = d.pop("IDKey")

        amd_bild_format = d.pop("AMDBildFormat", UNSET)

        amd_text_format = d.pop("AMDTextFormat", UNSET)

        amd_verwendung = d.pop("AMDVerwendung", UNSET)

        adr_sprache = d.pop("AdrSprache", UNSET)

        ort_land = d.pop("OrtLand", UNSET)

        _modified_utc = d.pop("Modified_UTC", UNSET)
        modified_utc: datetime.datetime | Unset
        if isinstance(_modified_utc, Unset):
            modified_utc = UNSET
        else:
            modified_utc = datetime.datetime.fromisoformat(_modified_utc)

        art_gruppe = d.pop("ArtGruppe", UNSET)

        art_nr = d.pop("ArtNr", UNSET)

        amd_datei_name = d.pop("AMDDateiName", UNSET)

        amd_text = d.pop("AMDText", UNSET)

        kommentar = d.pop("Kommentar", UNSET)

        _links = d.pop("links", UNSET)
        links: list[Link] | Unset = UNSET
        if _links is not UNSET:
            links = []
            for links_item_data in _links:
                links_item = Link.from_dict(links_item_data)

                links.append(links_item)

        artikel_media = cls(
            id_key=id_key,
            amd_bild_format=amd_bild_format,
            amd_text_format=amd_text_format,
            amd_verwendung=amd_verwendung,
            adr_sprache=adr_sprache,
            ort_land=ort_land,
            modified_utc=modified_utc,
            art_gruppe=art_gruppe,
            art_nr=art_nr,
            amd_datei_name=amd_datei_name,
            amd_text=amd_text,
            kommentar=kommentar,
            links=links,
        )

        artikel_media.additional_properties = d
        return artikel_media

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
