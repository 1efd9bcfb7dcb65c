from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.preis_eintrag_preisart import PreisEintragPreisart
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.link import Link


T = TypeVar("T", bound="PreisEintrag")


@_attrs_define
class PreisEintrag:
    """
    Attributes:
        art_nr (str | Unset): article number
        bereich (str | Unset): price range
        ab_anzahl (float | Unset): valid from quantity
        bis_anzahl (float | Unset): valid to quantity (absent on the last tier)
        preis_list (float | Unset): list price in WaehrAbk, as imported
        preisart (PreisEintragPreisart | Unset): N net, B gross
        vp_einheit (str | Unset): packaging unit
        geaendert_am_utc (str | Unset): last modification time
        links (list[Link] | Unset): the article
    """

    art_nr: str | Unset = UNSET
    bereich: str | Unset = UNSET
    ab_anzahl: float | Unset = UNSET
    bis_anzahl: float | Unset = UNSET
    preis_list: float | Unset = UNSET
    preisart: PreisEintragPreisart | Unset = UNSET
    vp_einheit: str | Unset = UNSET
    geaendert_am_utc: str | Unset = UNSET
    links: list[Link] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        art_nr = self.art_nr

        bereich = self.bereich

        ab_anzahl = self.ab_anzahl

        bis_anzahl = self.bis_anzahl

        preis_list = self.preis_list

        preisart: str | Unset = UNSET
        if not isinstance(self.preisart, Unset):
            preisart = self.preisart.value

        vp_einheit = self.vp_einheit

        geaendert_am_utc = self.geaendert_am_utc

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
        if bereich is not UNSET:
            field_dict["Bereich"] = bereich
        if ab_anzahl is not UNSET:
            field_dict["AbAnzahl"] = ab_anzahl
        if bis_anzahl is not UNSET:
            field_dict["BisAnzahl"] = bis_anzahl
        if preis_list is not UNSET:
            field_dict["PreisList"] = preis_list
        if preisart is not UNSET:
            field_dict["Preisart"] = preisart
        if vp_einheit is not UNSET:
            field_dict["VPEinheit"] = vp_einheit
        if geaendert_am_utc is not UNSET:
            field_dict["GeaendertAmUTC"] = geaendert_am_utc
        if links is not UNSET:
            field_dict["links"] = links

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.link import Link  # noqa: PLC0415

        d = dict(src_dict)
        art_nr = d.pop("ArtNr", UNSET)

        bereich = d.pop("Bereich", UNSET)

        ab_anzahl = d.pop("AbAnzahl", UNSET)

        bis_anzahl = d.pop("BisAnzahl", UNSET)

        preis_list = d.pop("PreisList", UNSET)

        _preisart = d.pop("Preisart", UNSET)
        preisart: PreisEintragPreisart | Unset
        if isinstance(_preisart, Unset):
            preisart = UNSET
        else:
            preisart = PreisEintragPreisart(_preisart)

        vp_einheit = d.pop("VPEinheit", UNSET)

        geaendert_am_utc = d.pop("GeaendertAmUTC", UNSET)

        _links = d.pop("links", UNSET)
        links: list[Link] | Unset = UNSET
        if _links is not UNSET:
            links = []
            for links_item_data in _links:
                links_item = Link.from_dict(links_item_data)

                links.append(links_item)

        preis_eintrag = cls(
            art_nr=art_nr,
            bereich=bereich,
            ab_anzahl=ab_anzahl,
            bis_anzahl=bis_anzahl,
            preis_list=preis_list,
            preisart=preisart,
            vp_einheit=vp_einheit,
            geaendert_am_utc=geaendert_am_utc,
            links=links,
        )

        preis_eintrag.additional_properties = d
        return preis_eintrag

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
