from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.link import Link


T = TypeVar("T", bound="Suchtreffer")


@_attrs_define
class Suchtreffer:
    """
    Attributes:
        kund_lief (int): delivery address key
        kund_rech (int): invoice address key
        kund_kontakt (int): contact address key
        debi_nr (str): the customer
        links (list[Link]): rel adressen KundRech/KundKontakt/KundLief (GET, PATCH) and kunden
    """

    kund_lief: int
    kund_rech: int
    kund_kontakt: int
    debi_nr: str
    links: list[Link]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        kund_lief = self.kund_lief

        kund_rech = self.kund_rech

        kund_kontakt = self.kund_kontakt

        debi_nr = self.debi_nr

        links = []
        for links_item_data in self.links:
            links_item = links_item_data.to_dict()
            links.append(links_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "KundLief": kund_lief,
                "KundRech": kund_rech,
                "KundKontakt": kund_kontakt,
                "DebiNr": debi_nr,
                "links": links,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.link import Link  # noqa: PLC0415

        d = dict(src_dict)
        kund_lief = d.pop("KundLief")

        kund_rech = d.pop("KundRech")

        kund_kontakt = d.pop("KundKontakt")

        debi_nr = d.pop("DebiNr")

        links = []
        _links = d.pop("links")
        for links_item_data in _links:
            links_item = Link.from_dict(links_item_data)

            links.append(links_item)

        suchtreffer = cls(
            kund_lief=kund_lief,
            kund_rech=kund_rech,
            kund_kontakt=kund_kontakt,
            debi_nr=debi_nr,
            links=links,
        )

        suchtreffer.additional_properties = d
        return suchtreffer

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
