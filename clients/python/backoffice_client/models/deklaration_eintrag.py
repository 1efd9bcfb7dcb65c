from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.link import Link


T = TypeVar("T", bound="DeklarationEintrag")


@_attrs_define
class DeklarationEintrag:
    """
    Attributes:
        nr (int | Unset): unique assignment number
        adr_sprache (str | Unset): language, ISO-639-2B
        art_nr (str | Unset): article number
        bezeichnung_1 (str | Unset): designation 1
        bezeichnung_2 (str | Unset): designation 2
        kurz_bezeichnung (str | Unset): short designation
        ort_land (str | Unset): country, ISO 3166 alpha-2
        links (list[Link] | Unset): the article
    """

    nr: int | Unset = UNSET
    adr_sprache: str | Unset = UNSET
    art_nr: str | Unset = UNSET
    bezeichnung_1: str | Unset = UNSET
    bezeichnung_2: str | Unset = UNSET
    kurz_bezeichnung: str | Unset = UNSET
    ort_land: str | Unset = UNSET
    links: list[Link] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        nr = self.nr

        adr_sprache = self.adr_sprache

        art_nr = self.art_nr

        bezeichnung_1 = self.bezeichnung_1

        bezeichnung_2 = self.bezeichnung_2

        kurz_bezeichnung = self.kurz_bezeichnung

        ort_land = self.ort_land

        links: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.links, Unset):
            links = []
            for links_item_data in self.links:
                links_item = links_item_data.to_dict()
                links.append(links_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if nr is not UNSET:
            field_dict["Nr"] = nr
        if adr_sprache is not UNSET:
            field_dict["AdrSprache"] = adr_sprache
        if art_nr is not UNSET:
            field_dict["ArtNr"] = art_nr
        if bezeichnung_1 is not UNSET:
            field_dict["Bezeichnung1"] = bezeichnung_1
        if bezeichnung_2 is not UNSET:
            field_dict["Bezeichnung2"] = bezeichnung_2
        if kurz_bezeichnung is not UNSET:
            field_dict["KurzBezeichnung"] = kurz_bezeichnung
        if ort_land is not UNSET:
            field_dict["OrtLand"] = ort_land
        if links is not UNSET:
            field_dict["links"] = links

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.link import Link  # noqa: PLC0415

        d = dict(src_dict)
        nr = d.pop("Nr", UNSET)

        adr_sprache = d.pop("AdrSprache", UNSET)

        art_nr = d.pop("ArtNr", UNSET)

        bezeichnung_1 = d.pop("Bezeichnung1", UNSET)

        bezeichnung_2 = d.pop("Bezeichnung2", UNSET)

        kurz_bezeichnung = d.pop("KurzBezeichnung", UNSET)

        ort_land = d.pop("OrtLand", UNSET)

        _links = d.pop("links", UNSET)
        links: list[Link] | Unset = UNSET
        if _links is not UNSET:
            links = []
            for links_item_data in _links:
                links_item = Link.from_dict(links_item_data)

                links.append(links_item)

        deklaration_eintrag = cls(
            nr=nr,
            adr_sprache=adr_sprache,
            art_nr=art_nr,
            bezeichnung_1=bezeichnung_1,
            bezeichnung_2=bezeichnung_2,
            kurz_bezeichnung=kurz_bezeichnung,
            ort_land=ort_land,
            links=links,
        )

        deklaration_eintrag.additional_properties = d
        return deklaration_eintrag

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
