from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.adresse_adranrede import AdresseAdranrede
from ..types import UNSET, Unset

T = TypeVar("T", bound="Adresse")


@_attrs_define
class Adresse:
    """The standalone address (Adressen endpoints).

    Attributes:
        adr_nr (int): address number
        adr_sprache (str | Unset): language, ISO-639-2B
        email_adress (str | Unset): e-mail
        adr_adresse_1 (str | Unset): street and number
        adr_adresse_2 (str | Unset): addition
        adr_anrede (AdresseAdranrede | Unset): 0 = company/general, 1 = Mr, 2 = Ms
        adr_anrede_text (str | Unset): salutation text (read only)
        adr_fax (str | Unset): fax
        adr_firma (str | Unset): company
        adr_firma_2 (str | Unset): company addition
        adr_vorname (str | Unset): first name
        adr_name (str | Unset): last name
        adr_telex (str | Unset): mobile
        adr_tf_1 (str | Unset): direct phone
        adr_tf_2 (str | Unset): central phone
        ort_land (str | Unset): country alpha-2
        ort_name (str | Unset): town
        ort_plz (str | Unset): postal code
    """

    adr_nr: int
    adr_sprache: str | Unset = UNSET
    email_adress: str | Unset = UNSET
    adr_adresse_1: str | Unset = UNSET
    adr_adresse_2: str | Unset = UNSET
    adr_anrede: AdresseAdranrede | Unset = UNSET
    adr_anrede_text: str | Unset = UNSET
    adr_fax: str | Unset = UNSET
    adr_firma: str | Unset = UNSET
    adr_firma_2: str | Unset = UNSET
    adr_vorname: str | Unset = UNSET
    adr_name: str | Unset = UNSET
    adr_telex: str | Unset = UNSET
    adr_tf_1: str | Unset = UNSET
    adr_tf_2: str | Unset = UNSET
    ort_land: str | Unset = UNSET
    ort_name: str | Unset = UNSET
    ort_plz: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        adr_nr = self.adr_nr

        adr_sprache = self.adr_sprache

        email_adress = self.email_adress

        adr_adresse_1 = self.adr_adresse_1

        adr_adresse_2 = self.adr_adresse_2

        adr_anrede: int | Unset = UNSET
        if not isinstance(self.adr_anrede, Unset):
            adr_anrede = self.adr_anrede.value

        adr_anrede_text = self.adr_anrede_text

        adr_fax = self.adr_fax

        adr_firma = self.adr_firma

        adr_firma_2 = self.adr_firma_2

        adr_vorname = self.adr_vorname

        adr_name = self.adr_name

        adr_telex = self.adr_telex

        adr_tf_1 = self.adr_tf_1

        adr_tf_2 = self.adr_tf_2

        ort_land = self.ort_land

        ort_name = self.ort_name

        ort_plz = self.ort_plz

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "AdrNr": adr_nr,
            }
        )
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
        if adr_anrede_text is not UNSET:
            field_dict["AdrAnredeText"] = adr_anrede_text
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
        adr_nr = d.pop("AdrNr")

        adr_sprache = d.pop("AdrSprache", UNSET)

        email_adress = d.pop("EmailAdress", UNSET)

        adr_adresse_1 = d.pop("AdrAdresse1", UNSET)

        adr_adresse_2 = d.pop("AdrAdresse2", UNSET)

        _adr_anrede = d.pop("AdrAnrede", UNSET)
        adr_anrede: AdresseAdranrede | Unset
        if isinstance(_adr_anrede, Unset):
            adr_anrede = UNSET
        else:
            adr_anrede = AdresseAdranrede(_adr_anrede)

        adr_anrede_text = d.pop("AdrAnredeText", UNSET)

        adr_fax = d.pop("AdrFax", UNSET)

        adr_firma = d.pop("AdrFirma", UNSET)

        adr_firma_2 = d.pop("AdrFirma2", UNSET)

        adr_vorname = d.pop("AdrVorname", UNSET)

        adr_name = d.pop("AdrName", UNSET)

        adr_telex = d.pop("AdrTelex", UNSET)

        adr_tf_1 = d.pop("AdrTf1", UNSET)

        adr_tf_2 = d.pop("AdrTf2", UNSET)

        ort_land = d.pop("OrtLand", UNSET)

        ort_name = d.pop("OrtName", UNSET)

        ort_plz = d.pop("OrtPLZ", UNSET)

        adresse = cls(
            adr_nr=adr_nr,
            adr_sprache=adr_sprache,
            email_adress=email_adress,
            adr_adresse_1=adr_adresse_1,
            adr_adresse_2=adr_adresse_2,
            adr_anrede=adr_anrede,
            adr_anrede_text=adr_anrede_text,
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

        adresse.additional_properties = d
        return adresse

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
