from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="BelegMWST")


@_attrs_define
class BelegMWST:
    """A MWSTRekapitulation line: the positions of one tax code merged.

    Attributes:
        abschnitt (None | str | Unset): immer UST-Rekap
        waehr_abk (None | str | Unset):
        pos_wust (float | None | Unset): Steuerbetrag
        pos_wust_satz (float | None | Unset): Steuersatz in Prozent
        pos_wust_bez (None | str | Unset):
        pos_betrag_netto (float | None | Unset): Nettobetrag
        pos_wust_code (None | str | Unset):
        pos_wust_klasse (None | str | Unset):
        pos_usts_ziffer (None | str | Unset):
        pos_vsts_ziffer (None | str | Unset):
        pos_ustu_ziffer (None | str | Unset):
    """

    abschnitt: None | str | Unset = UNSET
    waehr_abk: None | str | Unset = UNSET
    pos_wust: float | None | Unset = UNSET
    pos_wust_satz: float | None | Unset = UNSET
    pos_wust_bez: None | str | Unset = UNSET
    pos_betrag_netto: float | None | Unset = UNSET
    pos_wust_code: None | str | Unset = UNSET
    pos_wust_klasse: None | str | Unset = UNSET
    pos_usts_ziffer: None | str | Unset = UNSET
    pos_vsts_ziffer: None | str | Unset = UNSET
    pos_ustu_ziffer: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        abschnitt: None | str | Unset
        if isinstance(self.abschnitt, Unset):
            abschnitt = UNSET
        else:
            abschnitt = self.abschnitt

        waehr_abk: None | str | Unset
        if isinstance(self.waehr_abk, Unset):
            waehr_abk = UNSET
        else:
            waehr_abk = self.waehr_abk

        pos_wust: float | None | Unset
        if isinstance(self.pos_wust, Unset):
            pos_wust = UNSET
        else:
            pos_wust = self.pos_wust

        pos_wust_satz: float | None | Unset
        if isinstance(self.pos_wust_satz, Unset):
            pos_wust_satz = UNSET
        else:
            pos_wust_satz = self.pos_wust_satz

        pos_wust_bez: None | str | Unset
        if isinstance(self.pos_wust_bez, Unset):
            pos_wust_bez = UNSET
        else:
            pos_wust_bez = self.pos_wust_bez

        pos_betrag_netto: float | None | Unset
        if isinstance(self.pos_betrag_netto, Unset):
            pos_betrag_netto = UNSET
        else:
            pos_betrag_netto = self.pos_betrag_netto

        pos_wust_code: None | str | Unset
        if isinstance(self.pos_wust_code, Unset):
            pos_wust_code = UNSET
        else:
            pos_wust_code = self.pos_wust_code

        pos_wust_klasse: None | str | Unset
        if isinstance(self.pos_wust_klasse, Unset):
            pos_wust_klasse = UNSET
        else:
            pos_wust_klasse = self.pos_wust_klasse

        pos_usts_ziffer: None | str | Unset
        if isinstance(self.pos_usts_ziffer, Unset):
            pos_usts_ziffer = UNSET
        else:
            pos_usts_ziffer = self.pos_usts_ziffer

        pos_vsts_ziffer: None | str | Unset
        if isinstance(self.pos_vsts_ziffer, Unset):
            pos_vsts_ziffer = UNSET
        else:
            pos_vsts_ziffer = self.pos_vsts_ziffer

        pos_ustu_ziffer: None | str | Unset
        if isinstance(self.pos_ustu_ziffer, Unset):
            pos_ustu_ziffer = UNSET
        else:
            pos_ustu_ziffer = self.pos_ustu_ziffer

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if abschnitt is not UNSET:
            field_dict["Abschnitt"] = abschnitt
        if waehr_abk is not UNSET:
            field_dict["WaehrAbk"] = waehr_abk
        if pos_wust is not UNSET:
            field_dict["PosWUST"] = pos_wust
        if pos_wust_satz is not UNSET:
            field_dict["PosWUSTSatz"] = pos_wust_satz
        if pos_wust_bez is not UNSET:
            field_dict["PosWUSTBez"] = pos_wust_bez
        if pos_betrag_netto is not UNSET:
            field_dict["PosBetragNetto"] = pos_betrag_netto
        if pos_wust_code is not UNSET:
            field_dict["PosWUSTCode"] = pos_wust_code
        if pos_wust_klasse is not UNSET:
            field_dict["PosWUSTKlasse"] = pos_wust_klasse
        if pos_usts_ziffer is not UNSET:
            field_dict["PosUSTSZiffer"] = pos_usts_ziffer
        if pos_vsts_ziffer is not UNSET:
            field_dict["PosVSTSZiffer"] = pos_vsts_ziffer
        if pos_ustu_ziffer is not UNSET:
            field_dict["PosUSTUZiffer"] = pos_ustu_ziffer

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_abschnitt(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        abschnitt = _parse_abschnitt(d.pop("Abschnitt", UNSET))

        def _parse_waehr_abk(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        waehr_abk = _parse_waehr_abk(d.pop("WaehrAbk", UNSET))

        def _parse_pos_wust(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        pos_wust = _parse_pos_wust(d.pop("PosWUST", UNSET))

        def _parse_pos_wust_satz(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        pos_wust_satz = _parse_pos_wust_satz(d.pop("PosWUSTSatz", UNSET))

        def _parse_pos_wust_bez(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        pos_wust_bez = _parse_pos_wust_bez(d.pop("PosWUSTBez", UNSET))

        def _parse_pos_betrag_netto(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        pos_betrag_netto = _parse_pos_betrag_netto(d.pop("PosBetragNetto", UNSET))

        def _parse_pos_wust_code(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        pos_wust_code = _parse_pos_wust_code(d.pop("PosWUSTCode", UNSET))

        def _parse_pos_wust_klasse(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        pos_wust_klasse = _parse_pos_wust_klasse(d.pop("PosWUSTKlasse", UNSET))

        def _parse_pos_usts_ziffer(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        pos_usts_ziffer = _parse_pos_usts_ziffer(d.pop("PosUSTSZiffer", UNSET))

        def _parse_pos_vsts_ziffer(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        pos_vsts_ziffer = _parse_pos_vsts_ziffer(d.pop("PosVSTSZiffer", UNSET))

        def _parse_pos_ustu_ziffer(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        pos_ustu_ziffer = _parse_pos_ustu_ziffer(d.pop("PosUSTUZiffer", UNSET))

        beleg_mwst = cls(
            abschnitt=abschnitt,
            waehr_abk=waehr_abk,
            pos_wust=pos_wust,
            pos_wust_satz=pos_wust_satz,
            pos_wust_bez=pos_wust_bez,
            pos_betrag_netto=pos_betrag_netto,
            pos_wust_code=pos_wust_code,
            pos_wust_klasse=pos_wust_klasse,
            pos_usts_ziffer=pos_usts_ziffer,
            pos_vsts_ziffer=pos_vsts_ziffer,
            pos_ustu_ziffer=pos_ustu_ziffer,
        )

        beleg_mwst.additional_properties = d
        return beleg_mwst

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
