from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="QuotationPosition")


@_attrs_define
class QuotationPosition:
    """A position of POST /www/offerte: priced by the system.

    Attributes:
        art_nr (str):
        menge (float): At most 4 decimal places. A number with a fraction and more than 15 significant digits, as a
            binary double writes it, is first rounded to 15 (10.299999999999999 is read as 10.3); then the field's decimal
            places are checked.
        vp_einheit (None | str | Unset):
        g_rab_satz (float | None | Unset):
        vis_pos_nr (int | None | Unset):
    """

    art_nr: str
    menge: float
    vp_einheit: None | str | Unset = UNSET
    g_rab_satz: float | None | Unset = UNSET
    vis_pos_nr: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        art_nr = self.art_nr

        menge = self.menge

        vp_einheit: None | str | Unset
        if isinstance(self.vp_einheit, Unset):
            vp_einheit = UNSET
        else:
            vp_einheit = self.vp_einheit

        g_rab_satz: float | None | Unset
        if isinstance(self.g_rab_satz, Unset):
            g_rab_satz = UNSET
        else:
            g_rab_satz = self.g_rab_satz

        vis_pos_nr: int | None | Unset
        if isinstance(self.vis_pos_nr, Unset):
            vis_pos_nr = UNSET
        else:
            vis_pos_nr = self.vis_pos_nr

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "ArtNr": art_nr,
                "Menge": menge,
            }
        )
        if vp_einheit is not UNSET:
            field_dict["VPEinheit"] = vp_einheit
        if g_rab_satz is not UNSET:
            field_dict["GRabSatz"] = g_rab_satz
        if vis_pos_nr is not UNSET:
            field_dict["VisPosNr"] = vis_pos_nr

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        art_nr = d.pop("ArtNr")

        menge = d.pop("Menge")

        def _parse_vp_einheit(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        vp_einheit = _parse_vp_einheit(d.pop("VPEinheit", UNSET))

        def _parse_g_rab_satz(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        g_rab_satz = _parse_g_rab_satz(d.pop("GRabSatz", UNSET))

        def _parse_vis_pos_nr(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        vis_pos_nr = _parse_vis_pos_nr(d.pop("VisPosNr", UNSET))

        quotation_position = cls(
            art_nr=art_nr,
            menge=menge,
            vp_einheit=vp_einheit,
            g_rab_satz=g_rab_satz,
            vis_pos_nr=vis_pos_nr,
        )

        return quotation_position
