from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.link import Link


T = TypeVar("T", bound="BestandEintrag")


@_attrs_define
class BestandEintrag:
    """
    Attributes:
        art_nr (str | Unset): article number
        lager_ort (str | Unset): storage place
        stao_nr (int | Unset): location
        lager_bestand (float | Unset): stock after reservations; negative values possible; at most 4 decimal places
        vp_einheit (str | Unset): packaging unit
        bereich (str | Unset): stock range
        links (list[Link] | Unset): the article
    """

    art_nr: str | Unset = UNSET
    lager_ort: str | Unset = UNSET
    stao_nr: int | Unset = UNSET
    lager_bestand: float | Unset = UNSET
    vp_einheit: str | Unset = UNSET
    bereich: str | Unset = UNSET
    links: list[Link] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        art_nr = self.art_nr

        lager_ort = self.lager_ort

        stao_nr = self.stao_nr

        lager_bestand = self.lager_bestand

        vp_einheit = self.vp_einheit

        bereich = self.bereich

        links: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.links, Unset):
            links = []
            for links_item_data in self.links:
                links_item = links_item_data.to_dict()
                links.append(links_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if art_nr is not UNSET:
            field_dict["ArtNr"] = art_nr
        if lager_ort is not UNSET:
            field_dict["LagerOrt"] = lager_ort
        if stao_nr is not UNSET:
            field_dict["StaoNr"] = stao_nr
        if lager_bestand is not UNSET:
            field_dict["LagerBestand"] = lager_bestand
        if vp_einheit is not UNSET:
            field_dict["VPEinheit"] = vp_einheit
        if bereich is not UNSET:
            field_dict["Bereich"] = bereich
        if links is not UNSET:
            field_dict["links"] = links

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.link import Link  # noqa: PLC0415

        d = dict(src_dict)
        art_nr = d.pop("ArtNr", UNSET)

        lager_ort = d.pop("LagerOrt", UNSET)

        stao_nr = d.pop("StaoNr", UNSET)

        lager_bestand = d.pop("LagerBestand", UNSET)

        vp_einheit = d.pop("VPEinheit", UNSET)

        bereich = d.pop("Bereich", UNSET)

        _links = d.pop("links", UNSET)
        links: list[Link] | Unset = UNSET
        if _links is not UNSET:
            links = []
            for links_item_data in _links:
                links_item = Link.from_dict(links_item_data)

                links.append(links_item)

        bestand_eintrag = cls(
            art_nr=art_nr,
            lager_ort=lager_ort,
            stao_nr=stao_nr,
            lager_bestand=lager_bestand,
            vp_einheit=vp_einheit,
            bereich=bereich,
            links=links,
        )

        bestand_eintrag.additional_properties = d
        return bestand_eintrag

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
