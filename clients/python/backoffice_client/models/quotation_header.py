from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="QuotationHeader")


@_attrs_define
class QuotationHeader:
    """GrundDaten of POST /www/offerte; OrtLand (template quotations) decides domestic or foreign tax.

    Attributes:
        kund_nr (None | str | Unset):
        auft_bestell_nr (None | str | Unset):
        auft_bez (None | str | Unset):
        auft_bestell_ref (None | str | Unset):
        auft_bestell_t (None | str | Unset):
        auft_liefer_t (None | str | Unset):
        auft_komment (None | str | Unset):
        waehr_abk (None | str | Unset):
        ort_land (None | str | Unset):
    """

    kund_nr: None | str | Unset = UNSET
    auft_bestell_nr: None | str | Unset = UNSET
    auft_bez: None | str | Unset = UNSET
    auft_bestell_ref: None | str | Unset = UNSET
    auft_bestell_t: None | str | Unset = UNSET
    auft_liefer_t: None | str | Unset = UNSET
    auft_komment: None | str | Unset = UNSET
    waehr_abk: None | str | Unset = UNSET
    ort_land: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        kund_nr: None | str | Unset
        if isinstance(self.kund_nr, Unset):
            kund_nr = UNSET
        else:
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

        auft_komment: None | str | Unset
        if isinstance(self.auft_komment, Unset):
            auft_komment = UNSET
        else:
            auft_komment = self.auft_komment

        waehr_abk: None | str | Unset
        if isinstance(self.waehr_abk, Unset):
            waehr_abk = UNSET
        else:
            waehr_abk = self.waehr_abk

        ort_land: None | str | Unset
        if isinstance(self.ort_land, Unset):
            ort_land = UNSET
        else:
            ort_land = self.ort_land

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if kund_nr is not UNSET:
            field_dict["KundNr"] = kund_nr
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
        if auft_komment is not UNSET:
            field_dict["AuftKomment"] = auft_komment
        if waehr_abk is not UNSET:
            field_dict["WaehrAbk"] = waehr_abk
        if ort_land is not UNSET:
            field_dict["OrtLand"] = ort_land

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_kund_nr(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        kund_nr = _parse_kund_nr(d.pop("KundNr", UNSET))

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

        def _parse_auft_komment(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        auft_komment = _parse_auft_komment(d.pop("AuftKomment", UNSET))

        def _parse_waehr_abk(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        waehr_abk = _parse_waehr_abk(d.pop("WaehrAbk", UNSET))

        def _parse_ort_land(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        ort_land = _parse_ort_land(d.pop("OrtLand", UNSET))

        quotation_header = cls(
            kund_nr=kund_nr,
            auft_bestell_nr=auft_bestell_nr,
            auft_bez=auft_bez,
            auft_bestell_ref=auft_bestell_ref,
            auft_bestell_t=auft_bestell_t,
            auft_liefer_t=auft_liefer_t,
            auft_komment=auft_komment,
            waehr_abk=waehr_abk,
            ort_land=ort_land,
        )

        return quotation_header
