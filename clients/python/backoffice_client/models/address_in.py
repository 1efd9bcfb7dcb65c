from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.address_in_adr_check_type_0 import AddressInAdrCheckType0
from ..models.address_in_adranrede import AddressInAdranrede
from ..types import UNSET, Unset

T = TypeVar("T", bound="AddressIn")


@_attrs_define
class AddressIn:
    """An address as requests send it (`KontaktAdr`, `LiefAdr`, `RechAdr`); blanks around values are dropped.

    Attributes:
        adr_sprache (str):
        adr_adresse_1 (str):
        adr_anrede (AddressInAdranrede): 0 = company/general, 1 = Mr, 2 = Ms
        ort_land (str):
        ort_name (str):
        ort_plz (str):
        email_adress (None | str | Unset):
        adr_adresse_2 (None | str | Unset):
        adr_fax (None | str | Unset):
        adr_firma (None | str | Unset):
        adr_firma_2 (None | str | Unset):
        adr_vorname (None | str | Unset):
        adr_name (None | str | Unset):
        adr_telex (None | str | Unset):
        adr_tf_1 (None | str | Unset):
        adr_tf_2 (None | str | Unset):
        adr_check (AddressInAdrCheckType0 | None | Unset):
    """

    adr_sprache: str
    adr_adresse_1: str
    adr_anrede: AddressInAdranrede
    ort_land: str
    ort_name: str
    ort_plz: str
    email_adress: None | str | Unset = UNSET
    adr_adresse_2: None | str | Unset = UNSET
    adr_fax: None | str | Unset = UNSET
    adr_firma: None | str | Unset = UNSET
    adr_firma_2: None | str | Unset = UNSET
    adr_vorname: None | str | Unset = UNSET
    adr_name: None | str | Unset = UNSET
    adr_telex: None | str | Unset = UNSET
    adr_tf_1: None | str | Unset = UNSET
    adr_tf_2: None | str | Unset = UNSET
    adr_check: AddressInAdrCheckType0 | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        adr_sprache = self.adr_sprache

        adr_adresse_1 = self.adr_adresse_1

        adr_anrede = self.adr_anrede.value

        ort_land = self.ort_land

        ort_name = self.ort_name

        ort_plz = self.ort_plz

        email_adress: None | str | Unset
        if isinstance(self.email_adress, Unset):
            email_adress = UNSET
        else:
            email_adress = self.email_adress

        adr_adresse_2: None | str | Unset
        if isinstance(self.adr_adresse_2, Unset):
            adr_adresse_2 = UNSET
        else:
            adr_adresse_2 = self.adr_adresse_2

        adr_fax: None | str | Unset
        if isinstance(self.adr_fax, Unset):
            adr_fax = UNSET
        else:
            adr_fax = self.adr_fax

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

        adr_check: int | None | Unset
        if isinstance(self.adr_check, Unset):
            adr_check = UNSET
        elif isinstance(self.adr_check, AddressInAdrCheckType0):
            adr_check = self.adr_check.value
        else:
            adr_check = self.adr_check

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "AdrSprache": adr_sprache,
                "AdrAdresse1": adr_adresse_1,
                "AdrAnrede": adr_anrede,
                "OrtLand": ort_land,
                "OrtName": ort_name,
                "OrtPLZ": ort_plz,
            }
        )
        if email_adress is not UNSET:
            field_dict["EmailAdress"] = email_adress
        if adr_adresse_2 is not UNSET:
            field_dict["AdrAdresse2"] = adr_adresse_2
        if adr_fax is not UNSET:
            field_dict["AdrFax"] = adr_fax
        if adr_firma is not UNSET:
            field_dict["AdrFirma"] = adr_firma
        if adr_firma_2 is not UNSET:
            field_dict["AdrFirma2"] = adr_firma_2
        if adr_vorname is not UNSET:
            field_dict["AdrVorname"] = adr_vorname
        if adr_name is not UNSET:
            field_dict["AdrName"] = adr_name
        if adr_telex is not UNSET:
            field_dict["AdrTelex"] = adr_telex
        if adr_tf_1 is not UNSET:
            field_dict["AdrTf1"] = adr_tf_1
        if adr_tf_2 is not UNSET:
            field_dict["AdrTf2"] = adr_tf_2
        if adr_check is not UNSET:
            field_dict["AdrCheck"] = adr_check

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        adr_sprache = d.pop("AdrSprache")

        adr_adresse_1 = d.pop("AdrAdresse1")

        adr_anrede = AddressInAdranrede(d.pop("AdrAnrede"))

        ort_land = d.pop("OrtLand")

        ort_name = d.pop("OrtName")

        ort_plz = d.pop("OrtPLZ")

        def _parse_email_adress(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        email_adress = _parse_email_adress(d.pop("EmailAdress", UNSET))

        def _parse_adr_adresse_2(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        adr_adresse_2 = _parse_adr_adresse_2(d.pop("AdrAdresse2", UNSET))

        def _parse_adr_fax(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        adr_fax = _parse_adr_fax(d.pop("AdrFax", UNSET))

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

        def _parse_adr_check(data: object) -> AddressInAdrCheckType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, int):
                    raise TypeError()
                adr_check_type_0 = AddressInAdrCheckType0(data)

                return adr_check_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AddressInAdrCheckType0 | None | Unset, data)

        adr_check = _parse_adr_check(d.pop("AdrCheck", UNSET))

        address_in = cls(
            adr_sprache=adr_sprache,
            adr_adresse_1=adr_adresse_1,
            adr_anrede=adr_anrede,
            ort_land=ort_land,
            ort_name=ort_name,
            ort_plz=ort_plz,
            email_adress=email_adress,
            adr_adresse_2=adr_adresse_2,
            adr_fax=adr_fax,
            adr_firma=adr_firma,
            adr_firma_2=adr_firma_2,
            adr_vorname=adr_vorname,
            adr_name=adr_name,
            adr_telex=adr_telex,
            adr_tf_1=adr_tf_1,
            adr_tf_2=adr_tf_2,
            adr_check=adr_check,
        )

        return address_in
