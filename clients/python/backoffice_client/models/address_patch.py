from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.address_patch_adr_anrede_type_0 import AddressPatchAdrAnredeType0
from ..models.address_patch_anrede_type_0 import AddressPatchAnredeType0
from ..types import UNSET, Unset

T = TypeVar("T", bound="AddressPatch")


@_attrs_define
class AddressPatch:
    """PATCH /www/adressen/{AdrNr}: any standalone field; null clears an optional one; `Anrede` = AdrAnrede.

    Attributes:
        adr_sprache (None | str | Unset):
        email_adress (None | str | Unset):
        adr_adresse_1 (None | str | Unset):
        adr_adresse_2 (None | str | Unset):
        adr_anrede (AddressPatchAdrAnredeType0 | None | Unset):
        anrede (AddressPatchAnredeType0 | None | Unset):
        adr_fax (None | str | Unset):
        adr_firma (None | str | Unset):
        adr_firma_2 (None | str | Unset):
        adr_vorname (None | str | Unset):
        adr_name (None | str | Unset):
        adr_telex (None | str | Unset):
        adr_tf_1 (None | str | Unset):
        adr_tf_2 (None | str | Unset):
        ort_land (None | str | Unset):
        ort_name (None | str | Unset):
        ort_plz (None | str | Unset):
    """

    adr_sprache: None | str | Unset = UNSET
    email_adress: None | str | Unset = UNSET
    adr_adresse_1: None | str | Unset = UNSET
    adr_adresse_2: None | str | Unset = UNSET
    adr_anrede: AddressPatchAdrAnredeType0 | None | Unset = UNSET
    anrede: AddressPatchAnredeType0 | None | Unset = UNSET
    adr_fax: None | str | Unset = UNSET
    adr_firma: None | str | Unset = UNSET
    adr_firma_2: None | str | Unset = UNSET
    adr_vorname: None | str | Unset = UNSET
    adr_name: None | str | Unset = UNSET
    adr_telex: None | str | Unset = UNSET
    adr_tf_1: None | str | Unset = UNSET
    adr_tf_2: None | str | Unset = UNSET
    ort_land: None | str | Unset = UNSET
    ort_name: None | str | Unset = UNSET
    ort_plz: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        adr_sprache: None | str | Unset
        if isinstance(self.adr_sprache, Unset):
            adr_sprache = UNSET
        else:
            adr_sprache = self.adr_sprache

        email_adress: None | str | Unset
        if isinstance(self.email_adress, Unset):
            email_adress = UNSET
        else:
            email_adress = self.email_adress

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

        adr_anrede: int | None | Unset
        if isinstance(self.adr_anrede, Unset):
            adr_anrede = UNSET
        elif isinstance(self.adr_anrede, AddressPatchAdrAnredeType0):
            adr_anrede = self.adr_anrede.value
        else:
            adr_anrede = self.adr_anrede

        anrede: int | None | Unset
        if isinstance(self.anrede, Unset):
            anrede = UNSET
        elif isinstance(self.anrede, AddressPatchAnredeType0):
            anrede = self.anrede.value
        else:
            anrede = self.anrede

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

        ort_land: None | str | Unset
        if isinstance(self.ort_land, Unset):
            ort_land = UNSET
        else:
            ort_land = self.ort_land

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

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if adr_sprache is not UNSET:
            field_dict["AdrSprache"] = adr_sprache
        if email_adress is not UNSET:
            field_dict["EmailAdress"] = email_adress
        if adr_adresse_1 is not UNSET:
            field_dict["AdrAdresse1"] = adr_adresse_1
        if adr_adresse_2 is not UNSET:
            field_dict["AdrAdresse2"] = adr_adresse_2
        if adr_anrede is not UNSET:
            field_dict["AdrAnrede"] = adr_anrede
        if anrede is not UNSET:
            field_dict["Anrede"] = anrede
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
        if ort_land is not UNSET:
            field_dict["OrtLand"] = ort_land
        if ort_name is not UNSET:
            field_dict["OrtName"] = ort_name
        if ort_plz is not UNSET:
            field_dict["OrtPLZ"] = ort_plz

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_adr_sprache(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        adr_sprache = _parse_adr_sprache(d.pop("AdrSprache", UNSET))

        def _parse_email_adress(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        email_adress = _parse_email_adress(d.pop("EmailAdress", UNSET))

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

        def _parse_adr_anrede(
            data: object,
        ) -> AddressPatchAdrAnredeType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, int):
                    raise TypeError()
                adr_anrede_type_0 = AddressPatchAdrAnredeType0(data)

                return adr_anrede_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AddressPatchAdrAnredeType0 | None | Unset, data)

        adr_anrede = _parse_adr_anrede(d.pop("AdrAnrede", UNSET))

        def _parse_anrede(data: object) -> AddressPatchAnredeType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, int):
                    raise TypeError()
                anrede_type_0 = AddressPatchAnredeType0(data)

                return anrede_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AddressPatchAnredeType0 | None | Unset, data)

        anrede = _parse_anrede(d.pop("Anrede", UNSET))

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

        def _parse_ort_land(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        ort_land = _parse_ort_land(d.pop("OrtLand", UNSET))

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

        address_patch = cls(
            adr_sprache=adr_sprache,
            email_adress=email_adress,
            adr_adresse_1=adr_adresse_1,
            adr_adresse_2=adr_adresse_2,
            adr_anrede=adr_anrede,
            anrede=anrede,
            adr_fax=adr_fax,
            adr_firma=adr_firma,
            adr_firma_2=adr_firma_2,
            adr_vorname=adr_vorname,
            adr_name=adr_name,
            adr_telex=adr_telex,
            adr_tf_1=adr_tf_1,
            adr_tf_2=adr_tf_2,
            ort_land=ort_land,
            ort_name=ort_name,
            ort_plz=ort_plz,
        )

        return address_patch
