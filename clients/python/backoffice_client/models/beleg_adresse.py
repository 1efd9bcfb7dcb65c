from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="BelegAdresse")


@_attrs_define
class BelegAdresse:
    """KontaktAdr, LiefAdr or RechAdr of an order or quotation read.

    Attributes:
        adr_nr (int | None | Unset):
        adr_firma (None | str | Unset):
        adr_firma_2 (None | str | Unset):
        adr_vorname (None | str | Unset):
        adr_name (None | str | Unset):
        adr_adresse_1 (None | str | Unset):
        adr_adresse_2 (None | str | Unset):
        adr_telex (None | str | Unset):
        adr_tf_1 (None | str | Unset):
        adr_tf_2 (None | str | Unset):
        adr_fax (None | str | Unset):
        ort_name (None | str | Unset):
        ort_plz (None | str | Unset):
        ort_land (None | str | Unset):
        iso_land_a2 (None | str | Unset):
        email_adress (None | str | Unset):
    """

    adr_nr: int | None | Unset = UNSET
    adr_firma: None | str | Unset = UNSET
    adr_firma_2: None | str | Unset = UNSET
    adr_vorname: None | str | Unset = UNSET
    adr_name: None | str | Unset = UNSET
    adr_adresse_1: None | str | Unset = UNSET
    adr_adresse_2: None | str | Unset = UNSET
    adr_telex: None | str | Unset = UNSET
    adr_tf_1: None | str | Unset = UNSET
    adr_tf_2: None | str | Unset = UNSET
    adr_fax: None | str | Unset = UNSET
    ort_name: None | str | Unset = UNSET
    ort_plz: None | str | Unset = UNSET
    ort_land: None | str | Unset = UNSET
    iso_land_a2: None | str | Unset = UNSET
    email_adress: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        adr_nr: int | None | Unset
        if isinstance(self.adr_nr, Unset):
            adr_nr = UNSET
        else:
            adr_nr = self.adr_nr

        adr_firma: None | str | Unset
        if isinstance(self.adr_firma, Unset):
            adr_firma = UNSET
        else:
            adr_firma = self.adr_firma

        adr_firma_2: None | str | Unset
        if isinstance(self.adr_firma_2, Unset):
            adr_firma_2 = UNSET
        else:
            adr_firma_2 = self.adr_firma_2

        adr_vorname: None | str | Unset
        if isinstance(self.adr_vorname, Unset):
            adr_vorname = UNSET
        else:
            adr_vorname = self.adr_vorname

        adr_name: None | str | Unset
        if isinstance(self.adr_name, Unset):
            adr_name = UNSET
        else:
            adr_name = self.adr_name

        adr_adresse_1: None | str | Unset
        if isinstance(self.adr_adresse_1, Unset):
            adr_adresse_1 = UNSET
        else:
            adr_adresse_1 = self.adr_adresse_1

        adr_adresse_2: None | str | Unset
        if isinstance(self.adr_adresse_2, Unset):
            adr_adresse_2 = UNSET
        else:
            adr_adresse_2 = self.adr_adresse_2

        adr_telex: None | str | Unset
        if isinstance(self.adr_telex, Unset):
            adr_telex = UNSET
        else:
            adr_telex = self.adr_telex

        adr_tf_1: None | str | Unset
        if isinstance(self.adr_tf_1, Unset):
            adr_tf_1 = UNSET
        else:
            adr_tf_1 = self.adr_tf_1

        adr_tf_2: None | str | Unset
        if isinstance(self.adr_tf_2, Unset):
            adr_tf_2 = UNSET
        else:
            adr_tf_2 = self.adr_tf_2

        adr_fax: None | str | Unset
        if isinstance(self.adr_fax, Unset):
            adr_fax = UNSET
        else:
            adr_fax = self.adr_fax

        ort_name: None | str | Unset
        if isinstance(self.ort_name, Unset):
            ort_name = UNSET
        else:
            ort_name = self.ort_name

        ort_plz: None | str | Unset
        if isinstance(self.ort_plz, Unset):
            ort_plz = UNSET
        else:
            ort_plz = self.ort_plz

        ort_land: None | str | Unset
        if isinstance(self.ort_land, Unset):
            ort_land = UNSET
        else:
            ort_land = self.ort_land

        iso_land_a2: None | str | Unset
        if isinstance(self.iso_land_a2, Unset):
            iso_land_a2 = UNSET
        else:
            iso_land_a2 = self.iso_land_a2

        email_adress: None | str | Unset
        if isinstance(self.email_adress, Unset):
            email_adress = UNSET
        else:
            email_adress = self.email_adress

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if adr_nr is not UNSET:
            field_dict["AdrNr"] = adr_nr
        if adr_firma is not UNSET:
            field_dict["AdrFirma"] = adr_firma
        if adr_firma_2 is not UNSET:
            field_dict["AdrFirma2"] = adr_firma_2
        if adr_vorname is not UNSET:
            field_dict["AdrVorname"] = adr_vorname
        if adr_name is not UNSET:
            field_dict["AdrName"] = adr_name
        if adr_adresse_1 is not UNSET:
            field_dict["AdrAdresse1"] = adr_adresse_1
        if adr_adresse_2 is not UNSET:
            field_dict["AdrAdresse2"] = adr_adresse_2
        if adr_telex is not UNSET:
            field_dict["AdrTelex"] = adr_telex
        if adr_tf_1 is not UNSET:
            field_dict["AdrTf1"] = adr_tf_1
        if adr_tf_2 is not UNSET:
            field_dict["AdrTf2"] = adr_tf_2
        if adr_fax is not UNSET:
            field_dict["AdrFax"] = adr_fax
        if ort_name is not UNSET:
            field_dict["OrtName"] = ort_name
        if ort_plz is not UNSET:
            field_dict["OrtPLZ"] = ort_plz
        if ort_land is not UNSET:
            field_dict["OrtLand"] = ort_land
        if iso_land_a2 is not UNSET:
            field_dict["ISOLandA2"] = iso_land_a2
        if email_adress is not UNSET:
            field_dict["EmailAdress"] = email_adress

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_adr_nr(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        adr_nr = _parse_adr_nr(d.pop("AdrNr", UNSET))

        def _parse_adr_firma(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        adr_firma = _parse_adr_firma(d.pop("AdrFirma", UNSET))

        def _parse_adr_firma_2(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        adr_firma_2 = _parse_adr_firma_2(d.pop("AdrFirma2", UNSET))

        def _parse_adr_vorname(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        adr_vorname = _parse_adr_vorname(d.pop("AdrVorname", UNSET))

        def _parse_adr_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        adr_name = _parse_adr_name(d.pop("AdrName", UNSET))

        def _parse_adr_adresse_1(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        adr_adresse_1 = _parse_adr_adresse_1(d.pop("AdrAdresse1", UNSET))

        def _parse_adr_adresse_2(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        adr_adresse_2 = _parse_adr_adresse_2(d.pop("AdrAdresse2", UNSET))

        def _parse_adr_telex(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        adr_telex = _parse_adr_telex(d.pop("AdrTelex", UNSET))

        def _parse_adr_tf_1(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        adr_tf_1 = _parse_adr_tf_1(d.pop("AdrTf1", UNSET))

        def _parse_adr_tf_2(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        adr_tf_2 = _parse_adr_tf_2(d.pop("AdrTf2", UNSET))

        def _parse_adr_fax(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        adr_fax = _parse_adr_fax(d.pop("AdrFax", UNSET))

        def _parse_ort_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        ort_name = _parse_ort_name(d.pop("OrtName", UNSET))

        def _parse_ort_plz(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        ort_plz = _parse_ort_plz(d.pop("OrtPLZ", UNSET))

        def _parse_ort_land(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        ort_land = _parse_ort_land(d.pop("OrtLand", UNSET))

        def _parse_iso_land_a2(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        iso_land_a2 = _parse_iso_land_a2(d.pop("ISOLandA2", UNSET))

        def _parse_email_adress(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        email_adress = _parse_email_adress(d.pop("EmailAdress", UNSET))

        beleg_adresse = cls(
            adr_nr=adr_nr,
            adr_firma=adr_firma,
            adr_firma_2=adr_firma_2,
            adr_vorname=adr_vorname,
            adr_name=adr_name,
            adr_adresse_1=adr_adresse_1,
            adr_adresse_2=adr_adresse_2,
            adr_telex=adr_telex,
            adr_tf_1=adr_tf_1,
            adr_tf_2=adr_tf_2,
            adr_fax=adr_fax,
            ort_name=ort_name,
            ort_plz=ort_plz,
            ort_land=ort_land,
            iso_land_a2=iso_land_a2,
            email_adress=email_adress,
        )

        beleg_adresse.additional_properties = d
        return beleg_adresse

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
