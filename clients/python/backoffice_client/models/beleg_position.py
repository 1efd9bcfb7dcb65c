from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="BelegPosition")


@_attrs_define
class BelegPosition:
    """A Positionen item.

    Attributes:
        pos_nr (int):
        vis_pos_nr (int):
        art_nr (str):
        pos_anz_best (float): Menge in der Basiseinheit; at most 4 decimal places
        pos_preis_einzel (float): Preis je Basiseinheit
        pos_preis_total (float): nach Rabatt; at most 2 decimal places
        pos_bez (None | str | Unset):
        pos_preis_basis (float | None | Unset): Menge x Einzelpreis, vor Rabatt
        pos_preis_wust_betrag (float | None | Unset): Steuerbetrag der Position
        vpe_anz_best (float | None | Unset): Menge in Verpackungseinheiten
        vpe_preis_einzel (float | None | Unset): Preis je Verpackungseinheit
        vp_einheit (None | str | Unset):
        wust_satz (float | None | Unset): Steuersatz in Prozent
        g_rab_satz (float | None | Unset): Rabatt in Prozent; at most 4 decimal places
    """

    pos_nr: int
    vis_pos_nr: int
    art_nr: str
    pos_anz_best: float
    pos_preis_einzel: float
    pos_preis_total: float
    pos_bez: None | str | Unset = UNSET
    pos_preis_basis: float | None | Unset = UNSET
    pos_preis_wust_betrag: float | None | Unset = UNSET
    vpe_anz_best: float | None | Unset = UNSET
    vpe_preis_einzel: float | None | Unset = UNSET
    vp_einheit: None | str | Unset = UNSET
    wust_satz: float | None | Unset = UNSET
    g_rab_satz: float | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        pos_nr = self.pos_nr

        vis_pos_nr = self.vis_pos_nr

        art_nr = self.art_nr

        pos_anz_best = self.pos_anz_best

        pos_preis_einzel = self.pos_preis_einzel

        pos_preis_total = self.pos_preis_total

        pos_bez: None | str | Unset
        if isinstance(self.pos_bez, Unset):
            pos_bez = UNSET
        else:
            pos_bez = self.pos_bez

        pos_preis_basis: float | None | Unset
        if isinstance(self.pos_preis_basis, Unset):
            pos_preis_basis = UNSET
        else:
            pos_preis_basis = self.pos_preis_basis

        pos_preis_wust_betrag: float | None | Unset
        if isinstance(self.pos_preis_wust_betrag, Unset):
            pos_preis_wust_betrag = UNSET
        else:
            pos_preis_wust_betrag = self.pos_preis_wust_betrag

        vpe_anz_best: float | None | Unset
        if isinstance(self.vpe_anz_best, Unset):
            vpe_anz_best = UNSET
        else:
            vpe_anz_best = self.vpe_anz_best

        vpe_preis_einzel: float | None | Unset
        if isinstance(self.vpe_preis_einzel, Unset):
            vpe_preis_einzel = UNSET
        else:
            vpe_preis_einzel = self.vpe_preis_einzel

        vp_einheit: None | str | Unset
        if isinstance(self.vp_einheit, Unset):
            vp_einheit = UNSET
        else:
            vp_einheit = self.vp_einheit

        wust_satz: float | None | Unset
        if isinstance(self.wust_satz, Unset):
            wust_satz = UNSET
        else:
            wust_satz = self.wust_satz

        g_rab_satz: float | None | Unset
        if isinstance(self.g_rab_satz, Unset):
            g_rab_satz = UNSET
        else:
            g_rab_satz = self.g_rab_satz

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "PosNr": pos_nr,
                "VisPosNr": vis_pos_nr,
                "ArtNr": art_nr,
                "PosAnzBest": pos_anz_best,
                "PosPreisEinzel": pos_preis_einzel,
                "PosPreisTotal": pos_preis_total,
            }
        )
        if pos_bez is not UNSET:
            field_dict["PosBez"] = pos_bez
        if pos_preis_basis is not UNSET:
            field_dict["PosPreisBasis"] = pos_preis_basis
        if pos_preis_wust_betrag is not UNSET:
            field_dict["PosPreisWUSTBetrag"] = pos_preis_wust_betrag
        if vpe_anz_best is not UNSET:
            field_dict["VPEAnzBest"] = vpe_anz_best
        if vpe_preis_einzel is not UNSET:
            field_dict["VPEPreisEinzel"] = vpe_preis_einzel
        if vp_einheit is not UNSET:
            field_dict["VPEinheit"] = vp_einheit
        if wust_satz is not UNSET:
            field_dict["WUSTSatz"] = wust_satz
        if g_rab_satz is not UNSET:
            field_dict["GRabSatz"] = g_rab_satz

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        pos_nr = d.pop("PosNr")

        vis_pos_nr = d.pop("VisPosNr")

        art_nr = d.pop("ArtNr")

        pos_anz_best = d.pop("PosAnzBest")

        pos_preis_einzel = d.pop("PosPreisEinzel")

        pos_preis_total = d.pop("PosPreisTotal")

        def _parse_pos_bez(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        pos_bez = _parse_pos_bez(d.pop("PosBez", UNSET))

        def _parse_pos_preis_basis(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        pos_preis_basis = _parse_pos_preis_basis(d.pop("PosPreisBasis", UNSET))

        def _parse_pos_preis_wust_betrag(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        pos_preis_wust_betrag = _parse_pos_preis_wust_betrag(
            d.pop("PosPreisWUSTBetrag", UNSET)
        )

        def _parse_vpe_anz_best(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        vpe_anz_best = _parse_vpe_anz_best(d.pop("VPEAnzBest", UNSET))

        def _parse_vpe_preis_einzel(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        vpe_preis_einzel = _parse_vpe_preis_einzel(d.pop("VPEPreisEinzel", UNSET))

        def _parse_vp_einheit(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        vp_einheit = _parse_vp_einheit(d.pop("VPEinheit", UNSET))

        def _parse_wust_satz(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        wust_satz = _parse_wust_satz(d.pop("WUSTSatz", UNSET))

        def _parse_g_rab_satz(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        g_rab_satz = _parse_g_rab_satz(d.pop("GRabSatz", UNSET))

        beleg_position = cls(
            pos_nr=pos_nr,
            vis_pos_nr=vis_pos_nr,
            art_nr=art_nr,
            pos_anz_best=pos_anz_best,
            pos_preis_einzel=pos_preis_einzel,
            pos_preis_total=pos_preis_total,
            pos_bez=pos_bez,
            pos_preis_basis=pos_preis_basis,
            pos_preis_wust_betrag=pos_preis_wust_betrag,
            vpe_anz_best=vpe_anz_best,
            vpe_preis_einzel=vpe_preis_einzel,
            vp_einheit=vp_einheit,
            wust_satz=wust_satz,
            g_rab_satz=g_rab_satz,
        )

        beleg_position.additional_properties = d
        return beleg_position

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
