from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="OrderHeader")


@_attrs_define
class OrderHeader:
    """GrundDaten of POST /www/auftrag.

    Attributes:
        kund_nr (str):
        auft_bestell_nr (None | str | Unset):
        auft_bez (None | str | Unset):
        auft_bestell_ref (None | str | Unset):
        auft_bestell_t (None | str | Unset):
        auft_liefer_t (None | str | Unset):
        waehr_abk (None | str | Unset):
        auft_komment (None | str | Unset):
        kt_nr (None | str | Unset):
        stao_nr (int | None | Unset):
        kund_bed_typ (int | None | Unset):
        auft_lief_kost (float | None | Unset):
    """

    kund_nr: str
    auft_bestell_nr: None | str | Unset = UNSET
    auft_bez: None | str | Unset = UNSET
    auft_bestell_ref: None | str | Unset = UNSET
    auft_bestell_t: None | str | Unset = UNSET
    auft_liefer_t: None | str | Unset = UNSET
    waehr_abk: None | str | Unset = UNSET
    auft_komment: None | str | Unset = UNSET
    kt_nr: None | str | Unset = UNSET
    stao_nr: int | None | Unset = UNSET
    kund_bed_typ: int | None | Unset = UNSET
    auft_lief_kost: float | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        kund_nr = self.kund_nr

        auft_bestell_nr: None | str | Unset
        if isinstance(self.auft_bestell_nr, Unset):
            auft_bestell_nr = UNSET
        else:
            auft_bestell_nr = self.auft_bestell_nr

        auft_bez: None | str | Unset
        if isinstance(self.auft_bez, Unset):
            auft_bez = UNSET
        else:
            auft_bez = self.auft_bez

        auft_bestell_ref: None | str | Unset
        if isinstance(self.auft_bestell_ref, Unset):
            auft_bestell_ref = UNSET
        else:
            auft_bestell_ref = self.auft_bestell_ref

        auft_bestell_t: None | str | Unset
        if isinstance(self.auft_bestell_t, Unset):
            auft_bestell_t = UNSET
        else:
            auft_bestell_t = self.auft_bestell_t

        auft_liefer_t: None | str | Unset
        if isinstance(self.auft_liefer_t, Unset):
            auft_liefer_t = UNSET
        else:
            auft_liefer_t = self.auft_liefer_t

        waehr_abk: None | str | Unset
        if isinstance(self.waehr_abk, Unset):
            waehr_abk = UNSET
        else:
            waehr_abk = self.waehr_abk

        auft_komment: None | str | Unset
        if isinstance(self.auft_komment, Unset):
            auft_komment = UNSET
        else:
            auft_komment = self.auft_komment

        kt_nr: None | str | Unset
        if isinstance(self.kt_nr, Unset):
            kt_nr = UNSET
        else:
            kt_nr = self.kt_nr

        stao_nr: int | None | Unset
        if isinstance(self.stao_nr, Unset):
            stao_nr = UNSET
        else:
            stao_nr = self.stao_nr

        kund_bed_typ: int | None | Unset
        if isinstance(self.kund_bed_typ, Unset):
            kund_bed_typ = UNSET
        else:
            kund_bed_typ = self.kund_bed_typ

        auft_lief_kost: float | None | Unset
        if isinstance(self.auft_lief_kost, Unset):
            auft_lief_kost = UNSET
        else:
            auft_lief_kost = self.auft_lief_kost

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "KundNr": kund_nr,
            }
        )
        if auft_bestell_nr is not UNSET:
            field_dict["AuftBestellNr"] = auft_bestell_nr
        if auft_bez is not UNSET:
            field_dict["AuftBez"] = auft_bez
        if auft_bestell_ref is not UNSET:
            field_dict["AuftBestellRef"] = auft_bestell_ref
        if auft_bestell_t is not UNSET:
            field_dict["AuftBestellT"] = auft_bestell_t
        if auft_liefer_t is not UNSET:
            field_dict["AuftLieferT"] = auft_liefer_t
        if waehr_abk is not UNSET:
            field_dict["WaehrAbk"] = waehr_abk
        if auft_komment is not UNSET:
            field_dict["AuftKomment"] = auft_komment
        if kt_nr is not UNSET:
            field_dict["KTNr"] = kt_nr
        if stao_nr is not UNSET:
            field_dict["StaoNr"] = stao_nr
        if kund_bed_typ is not UNSET:
            field_dict["KundBedTyp"] = kund_bed_typ
        if auft_lief_kost is not UNSET:
            field_dict["AuftLiefKost"] = auft_lief_kost

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kund_nr = d.pop("KundNr")

        def _parse_auft_bestell_nr(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        auft_bestell_nr = _parse_auft_bestell_nr(d.pop("AuftBestellNr", UNSET))

        def _parse_auft_bez(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        auft_bez = _parse_auft_bez(d.pop("AuftBez", UNSET))

        def _parse_auft_bestell_ref(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        auft_bestell_ref = _parse_auft_bestell_ref(d.pop("AuftBestellRef", UNSET))

        def _parse_auft_bestell_t(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        auft_bestell_t = _parse_auft_bestell_t(d.pop("AuftBestellT", UNSET))

        def _parse_auft_liefer_t(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        auft_liefer_t = _parse_auft_liefer_t(d.pop("AuftLieferT", UNSET))

        def _parse_waehr_abk(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        waehr_abk = _parse_waehr_abk(d.pop("WaehrAbk", UNSET))

        def _parse_auft_komment(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        auft_komment = _parse_auft_komment(d.pop("AuftKomment", UNSET))

        def _parse_kt_nr(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        kt_nr = _parse_kt_nr(d.pop("KTNr", UNSET))

        def _parse_stao_nr(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        stao_nr = _parse_stao_nr(d.pop("StaoNr", UNSET))

        def _parse_kund_bed_typ(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        kund_bed_typ = _parse_kund_bed_typ(d.pop("KundBedTyp", UNSET))

        def _parse_auft_lief_kost(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        auft_lief_kost = _parse_auft_lief_kost(d.pop("AuftLiefKost", UNSET))

        order_header = cls(
            kund_nr=kund_nr,
            auft_bestell_nr=auft_bestell_nr,
            auft_bez=auft_bez,
            auft_bestell_ref=auft_bestell_ref,
            auft_bestell_t=auft_bestell_t,
            auft_liefer_t=auft_liefer_t,
            waehr_abk=waehr_abk,
            auft_komment=auft_komment,
            kt_nr=kt_nr,
            stao_nr=stao_nr,
            kund_bed_typ=kund_bed_typ,
            auft_lief_kost=auft_lief_kost,
        )

        return order_header
