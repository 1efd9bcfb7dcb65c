from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.adresse_mit_links import AdresseMitLinks


T = TypeVar("T", bound="KundenAdressen")


@_attrs_define
class KundenAdressen:
    """
    Attributes:
        kund_kontakt (list[AdresseMitLinks]): contact addresses
        kund_lief (list[AdresseMitLinks]): delivery addresses
        kund_rech (list[AdresseMitLinks]): invoice addresses
    """

    kund_kontakt: list[AdresseMitLinks]
    kund_lief: list[AdresseMitLinks]
    kund_rech: list[AdresseMitLinks]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        kund_kontakt = []
        for kund_kontakt_item_data in self.kund_kontakt:
            kund_kontakt_item = kund_kontakt_item_data.to_dict()
            kund_kontakt.append(kund_kontakt_item)

        kund_lief = []
        for kund_lief_item_data in self.kund_lief:
            kund_lief_item = kund_lief_item_data.to_dict()
            kund_lief.append(kund_lief_item)

        kund_rech = []
        for kund_rech_item_data in self.kund_rech:
            kund_rech_item = kund_rech_item_data.to_dict()
            kund_rech.append(kund_rech_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "KundKontakt": kund_kontakt,
                "KundLief": kund_lief,
                "KundRech": kund_rech,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.adresse_mit_links import AdresseMitLinks  # noqa: PLC0415

        d = dict(src_dict)
        kund_kontakt = []
        _kund_kontakt = d.pop("KundKontakt")
        for kund_kontakt_item_data in _kund_kontakt:
            kund_kontakt_item = AdresseMitLinks.from_dict(kund_kontakt_item_data)

            kund_kontakt.append(kund_kontakt_item)

        kund_lief = []
        _kund_lief = d.pop("KundLief")
        for kund_lief_item_data in _kund_lief:
            kund_lief_item = AdresseMitLinks.from_dict(kund_lief_item_data)

            kund_lief.append(kund_lief_item)

        kund_rech = []
        _kund_rech = d.pop("KundRech")
        for kund_rech_item_data in _kund_rech:
            kund_rech_item = AdresseMitLinks.from_dict(kund_rech_item_data)

            kund_rech.append(kund_rech_item)

        kunden_adressen = cls(
            kund_kontakt=kund_kontakt,
            kund_lief=kund_lief,
            kund_rech=kund_rech,
        )

        kunden_adressen.additional_properties = d
        return kunden_adressen

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
