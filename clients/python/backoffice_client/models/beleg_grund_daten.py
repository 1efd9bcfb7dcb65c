from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="BelegGrundDaten")


@_attrs_define
class BelegGrundDaten:
    """GrundDaten of an order or quotation read.

    Attributes:
        waehr_abk (str): Währung, ISO 4217
        auft_status (str): N neu, O offen, A erledigt, P Offerte
        auft_wust (float): Steuerbetrag; at most 2 decimal places
        auft_brutto (float): Bruttobetrag (CHF auf 0.05 gerundet); at most 2 decimal places
        auft_netto (float): Nettobetrag; at most 2 decimal places
        auft_nr (None | str | Unset): Auftragsnummer
        offert_nr (None | str | Unset): Offerte, aus der der Auftrag wurde
        kund_nr (None | str | Unset): Kundennummer (fehlt bei Vorlagen)
        auft_bez (None | str | Unset):
        auft_bestell_nr (None | str | Unset):
        auft_bestell_ref (None | str | Unset):
        auft_bestell_tutc (None | str | Unset): Bestelldatum, UTC, ISO 8601 mit Z
        auft_liefer_tutc (None | str | Unset): Lieferdatum, UTC, ISO 8601 mit Z
        auft_komment (None | str | Unset):
        kund_bed_typ (int | None | Unset):
        auft_lief_kost (float | None | Unset): Lieferkosten; at most 2 decimal places
        stao_nr (int | None | Unset): Lagerort der Reservation
        template (bool | None | Unset): Offerte: true = keinem Kunden zugeordnet
    """

    waehr_abk: str
    auft_status: str
    auft_wust: float
    auft_brutto: float
    auft_netto: float
    auft_nr: None | str | Unset = UNSET
    offert_nr: None | str | Unset = UNSET
    kund_nr: None | str | Unset = UNSET
    auft_bez: None | str | Unset = UNSET
    auft_bestell_nr: None | str | Unset = UNSET
    auft_bestell_ref: None | str | Unset = UNSET
    auft_bestell_tutc: None | str | Unset = UNSET
    auft_liefer_tutc: None | str | Unset = UNSET
    auft_komment: None | str | Unset = UNSET
    kund_bed_typ: int | None | Unset = UNSET
    auft_lief_kost: float | None | Unset = UNSET
    stao_nr: int | None | Unset = UNSET
    template: bool | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        waehr_abk = self.waehr_abk

        auft_status = self.auft_status

        auft_wust = self.auft_wust

        auft_brutto = self.auft_brutto

        auft_netto = self.auft_netto

        auft_nr: None | str | Unset
        if isinstance(self.auft_nr, Unset):
            auft_nr = UNSET
        else:
            auft_nr = self.auft_nr

        offert_nr: None | str | Unset
        if isinstance(self.offert_nr, Unset):
            offert_nr = UNSET
        else:
            offert_nr = self.offert_nr

        kund_nr: None | str | Unset
        if isinstance(self.kund_nr, Unset):
            kund_nr = UNSET
        else:
            kund_nr = self.kund_nr

        auft_bez: None | str | Unset
        if isinstance(self.auft_bez, Unset):
            auft_bez = UNSET
        else:
            auft_bez = self.auft_bez

        auft_bestell_nr: None | str | Unset
        if isinstance(self.auft_bestell_nr, Unset):
            auft_bestell_nr = UNSET
        else:
            auft_bestell_nr = self.auft_bestell_nr

        auft_bestell_ref: None | str | Unset
        if isinstance(self.auft_bestell_ref, Unset):
            auft_bestell_ref = UNSET
        else:
            auft_bestell_ref = self.auft_bestell_ref

        auft_bestell_tutc: None | str | Unset
        if isinstance(self.auft_bestell_tutc, Unset):
            auft_bestell_tutc = UNSET
        else:
            auft_bestell_tutc = self.auft_bestell_tutc

        auft_liefer_tutc: None | str | Unset
        if isinstance(self.auft_liefer_tutc, Unset):
            auft_liefer_tutc = UNSET
        else:
            auft_liefer_tutc = self.auft_liefer_tutc

        auft_komment: None | str | Unset
        if isinstance(self.auft_komment, Unset):
            auft_komment = UNSET
        else:
            auft_komment = self.auft_komment

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

        stao_nr: int | None | Unset
        if isinstance(self.stao_nr, Unset):
            stao_nr = UNSET
        else:
            stao_nr = self.stao_nr

        template: bool | None | Unset
        if isinstance(self.template, Unset):
            template = UNSET
        else:
            template = self.template

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "WaehrAbk": waehr_abk,
                "AuftStatus": auft_status,
                "AuftWUST": auft_wust,
                "AuftBrutto": auft_brutto,
                "AuftNetto": auft_netto,
            }
        )
        if auft_nr is not UNSET:
            field_dict["AuftNr"] = auft_nr
        if offert_nr is not UNSET:
            field_dict["OffertNr"] = offert_nr
        if kund_nr is not UNSET:
            field_dict["KundNr"] = kund_nr
        if auft_bez is not UNSET:
            field_dict["AuftBez"] = auft_bez
        if auft_bestell_nr is not UNSET:
            field_dict["AuftBestellNr"] = auft_bestell_nr
        if auft_bestell_ref is not UNSET:
            field_dict["AuftBestellRef"] = auft_bestell_ref
        if auft_bestell_tutc is not UNSET:
            field_dict["AuftBestellTUTC"] = auft_bestell_tutc
        if auft_liefer_tutc is not UNSET:
            field_dict["AuftLieferTUTC"] = auft_liefer_tutc
        if auft_komment is not UNSET:
            field_dict["AuftKomment"] = auft_komment
        if kund_bed_typ is not UNSET:
            field_dict["KundBedTyp"] = kund_bed_typ
        if auft_lief_kost is not UNSET:
            field_dict["AuftLiefKost"] = auft_lief_kost
        if stao_nr is not UNSET:
            field_dict["StaoNr"] = stao_nr
        if template is not UNSET:
            field_dict["Template"] = template

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        waehr_abk = d.pop("WaehrAbk")

        auft_status = d.pop("AuftStatus")

        auft_wust = d.pop("AuftWUST")

        auft_brutto = d.pop("AuftBrutto")

        auft_netto = d.pop("AuftNetto")

        def _parse_auft_nr(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        auft_nr = _parse_auft_nr(d.pop("AuftNr", UNSET))

        def _parse_offert_nr(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        offert_nr = _parse_offert_nr(d.pop("OffertNr", UNSET))

        def _parse_kund_nr(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        kund_nr = _parse_kund_nr(d.pop("KundNr", UNSET))

        def _parse_auft_bez(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        auft_bez = _parse_auft_bez(d.pop("AuftBez", UNSET))

        def _parse_auft_bestell_nr(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        auft_bestell_nr = _parse_auft_bestell_nr(d.pop("AuftBestellNr", UNSET))

        def _parse_auft_bestell_ref(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        auft_bestell_ref = _parse_auft_bestell_ref(d.pop("AuftBestellRef", UNSET))

        def _parse_auft_bestell_tutc(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        auft_bestell_tutc = _parse_auft_bestell_tutc(d.pop("AuftBestellTUTC", UNSET))

        def _parse_auft_liefer_tutc(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        auft_liefer_tutc = _parse_auft_liefer_tutc(d.pop("AuftLieferTUTC", UNSET))

        def _parse_auft_komment(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        auft_komment = _parse_auft_komment(d.pop("AuftKomment", UNSET))

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

        def _parse_stao_nr(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        stao_nr = _parse_stao_nr(d.pop("StaoNr", UNSET))

        def _parse_template(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        template = _parse_template(d.pop("Template", UNSET))

        beleg_grund_daten = cls(
            waehr_abk=waehr_abk,
            auft_status=auft_status,
            auft_wust=auft_wust,
            auft_brutto=auft_brutto,
            auft_netto=auft_netto,
            auft_nr=auft_nr,
            offert_nr=offert_nr,
            kund_nr=kund_nr,
            auft_bez=auft_bez,
            auft_bestell_nr=auft_bestell_nr,
            auft_bestell_ref=auft_bestell_ref,
            auft_bestell_tutc=auft_bestell_tutc,
            auft_liefer_tutc=auft_liefer_tutc,
            auft_komment=auft_komment,
            kund_bed_typ=kund_bed_typ,
            auft_lief_kost=auft_lief_kost,
            stao_nr=stao_nr,
            template=template,
        )

        beleg_grund_daten.additional_properties = d
        return beleg_grund_daten

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
