from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.bestand_eintrag import BestandEintrag
    from ..models.preis_eintrag import PreisEintrag


T = TypeVar("T", bound="Verpackung")


@_attrs_define
class Verpackung:
    """
    Attributes:
        vp_einheit (str): packaging unit id code
        vpeean_nr (str | Unset): EAN
        vp_bezeichnung (str | Unset): designation
        gewicht (float | Unset): conversion factor article to VPE weight
        vpe_gewicht (float | Unset): weight of the VPE
        gewicht_inhalt (float | Unset): weight of the content
        faktor (float | Unset): quantity factor to the base unit
        preis (list[PreisEintrag] | Unset): tiered prices (absent when no price is stored)
        bestand (list[BestandEintrag] | Unset): stock in released warehouses
    """

    vp_einheit: str
    vpeean_nr: str | Unset = UNSET
    vp_bezeichnung: str | Unset = UNSET
    gewicht: float | Unset = UNSET
    vpe_gewicht: float | Unset = UNSET
    gewicht_inhalt: float | Unset = UNSET
    faktor: float | Unset = UNSET
    preis: list[PreisEintrag] | Unset = UNSET
    bestand: list[BestandEintrag] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        vp_einheit = self.vp_einheit

        vpeean_nr = self.vpeean_nr

        vp_bezeichnung = self.vp_bezeichnung

        gewicht = self.gewicht

        vpe_gewicht = self.vpe_gewicht

        gewicht_inhalt = self.gewicht_inhalt

        faktor = self.faktor

        preis: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.preis, Unset):
            preis = []
            for preis_item_data in self.preis:
                preis_item = preis_item_data.to_dict()
                preis.append(preis_item)

        bestand: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.bestand, Unset):
            bestand = []
            for bestand_item_data in self.bestand:
                bestand_item = bestand_item_data.to_dict()
                bestand.append(bestand_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "VPEinheit": vp_einheit,
            }
        )
        if vpeean_nr is not UNSET:
            field_dict["VPEEANNr"] = vpeean_nr
        if vp_bezeichnung is not UNSET:
            field_dict["VPBezeichnung"] = vp_bezeichnung
        if gewicht is not UNSET:
            field_dict["Gewicht"] = gewicht
        if vpe_gewicht is not UNSET:
            field_dict["VPEGewicht"] = vpe_gewicht
        if gewicht_inhalt is not UNSET:
            field_dict["GewichtInhalt"] = gewicht_inhalt
        if faktor is not UNSET:
            field_dict["Faktor"] = faktor
        if preis is not UNSET:
            field_dict["Preis"] = preis
        if bestand is not UNSET:
            field_dict["Bestand"] = bestand

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bestand_eintrag import BestandEintrag  # noqa: PLC0415
        from ..models.preis_eintrag import PreisEintrag  # noqa: PLC0415

        d = dict(src_dict)
        vp_einheit = d.pop("VPEinheit")

        vpeean_nr = d.pop("VPEEANNr", UNSET)

        vp_bezeichnung = d.pop("VPBezeichnung", UNSET)

        gewicht = d.pop("Gewicht", UNSET)

        vpe_gewicht = d.pop("VPEGewicht", UNSET)

        gewicht_inhalt = d.pop("GewichtInhalt", UNSET)

        faktor = d.pop("Faktor", UNSET)

        _preis = d.pop("Preis", UNSET)
        preis: list[PreisEintrag] | Unset = UNSET
        if _preis is not UNSET:
            preis = []
            for preis_item_data in _preis:
                preis_item = PreisEintrag.from_dict(preis_item_data)

                preis.append(preis_item)

        _bestand = d.pop("Bestand", UNSET)
        bestand: list[BestandEintrag] | Unset = UNSET
        if _bestand is not UNSET:
            bestand = []
            for bestand_item_data in _bestand:
                bestand_item = BestandEintrag.from_dict(bestand_item_data)

                bestand.append(bestand_item)

        verpackung = cls(
            vp_einheit=vp_einheit,
            vpeean_nr=vpeean_nr,
            vp_bezeichnung=vp_bezeichnung,
            gewicht=gewicht,
            vpe_gewicht=vpe_gewicht,
            gewicht_inhalt=gewicht_inhalt,
            faktor=faktor,
            preis=preis,
            bestand=bestand,
        )

        verpackung.additional_properties = d
        return verpackung

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
