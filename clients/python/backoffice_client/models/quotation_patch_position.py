from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="QuotationPatchPosition")


@_attrs_define
class QuotationPatchPosition:
    """A position change (see backoffice.sales.position_patch): no PosNr adds, Menge 0 deletes.

    VPEinheit is an addition to the contract's table (docs/orders.md): without it an article sold
    in packaging units only could not be added, as it can by POST.

        Attributes:
            menge (float): At most 4 decimal places. A number with a fraction and more than 15 significant digits, as a
                binary double writes it, is first rounded to 15 (10.299999999999999 is read as 10.3); then the field's decimal
                places are checked.
            pos_nr (int | None | Unset):
            art_nr (None | str | Unset):
            pos_bez (None | str | Unset):
            vp_einheit (None | str | Unset):
            g_rab_satz (float | None | Unset):
    """

    menge: float
    pos_nr: int | None | Unset = UNSET
    art_nr: None | str | Unset = UNSET
    pos_bez: None | str | Unset = UNSET
    vp_einheit: None | str | Unset = UNSET
    g_rab_satz: float | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        menge = self.menge

        pos_nr: int | None | Unset
        if isinstance(self.pos_nr, Unset):
            pos_nr = UNSET
        else:
            pos_nr = self.pos_nr

        art_nr: None | str | Unset
        if isinstance(self.art_nr, Unset):
            art_nr = UNSET
        else:
            art_nr = self.art_nr

        pos_bez: None | str | Unset
        if isinstance(self.pos_bez, Unset):
            pos_bez = UNSET
        else:
            pos_bez = self.pos_bez

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

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "Menge": menge,
            }
        )
        if pos_nr is not UNSET:
            field_dict["PosNr"] = pos_nr
        if art_nr is not UNSET:
            field_dict["ArtNr"] = art_nr
        if pos_bez is not UNSET:
            field_dict["PosBez"] = pos_bez
        if vp_einheit is not UNSET:
            field_dict["VPEinheit"] = vp_einheit
        if g_rab_satz is not UNSET:
            field_dict["GRabSatz"] = g_rab_satz

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        menge = d.pop("Menge")

        def _parse_pos_nr(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        pos_nr = _parse_pos_nr(d.pop("PosNr", UNSET))

        def _parse_art_nr(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        art_nr = _parse_art_nr(d.pop("ArtNr", UNSET))

        def _parse_pos_bez(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        pos_bez = _parse_pos_bez(d.pop("PosBez", UNSET))

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

        quotation_patch_position = cls(
            menge=menge,
            pos_nr=pos_nr,
            art_nr=art_nr,
            pos_bez=pos_bez,
            vp_einheit=vp_einheit,
            g_rab_satz=g_rab_satz,
        )

        return quotation_patch_position
