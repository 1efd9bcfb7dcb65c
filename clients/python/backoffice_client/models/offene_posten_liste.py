from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.link import Link
    from ..models.offen_summe import OffenSumme
    from ..models.offener_posten import OffenerPosten


T = TypeVar("T", bound="OffenePostenListe")


@_attrs_define
class OffenePostenListe:
    """
    Attributes:
        data (list[OffenerPosten]):
        count (int): how many invoices match (all pages)
        summen (list[OffenSumme] | Unset): per currency, over all pages (left out when nothing is open)
        links (list[Link] | Unset): next: the next page (with limit)
    """

    data: list[OffenerPosten]
    count: int
    summen: list[OffenSumme] | Unset = UNSET
    links: list[Link] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data = []
        for data_item_data in self.data:
            data_item = data_item_data.to_dict()
            data.append(data_item)

        count = self.count

        summen: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.summen, Unset):
            summen = []
            for summen_item_data in self.summen:
                summen_item = summen_item_data.to_dict()
                summen.append(summen_item)

        links: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.links, Unset):
            links = []
            for links_item_data in self.links:
                links_item = links_item_data.to_dict()
                links.append(links_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "data": data,
                "count": count,
            }
        )
        if summen is not UNSET:
            field_dict["Summen"] = summen
        if links is not UNSET:
            field_dict["links"] = links

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.link import Link  # noqa: PLC0415
        from ..models.offen_summe import OffenSumme  # noqa: PLC0415
        from ..models.offener_posten import OffenerPosten  # noqa: PLC0415

        d = dict(src_dict)
        data = []
        _data = d.pop("data")
        for data_item_data in _data:
            data_item = OffenerPosten.from_dict(data_item_data)

            data.append(data_item)

        count = d.pop("count")

        _summen = d.pop("Summen", UNSET)
        summen: list[OffenSumme] | Unset = UNSET
        if _summen is not UNSET:
            summen = []
            for summen_item_data in _summen:
                summen_item = OffenSumme.from_dict(summen_item_data)

                summen.append(summen_item)

        _links = d.pop("links", UNSET)
        links: list[Link] | Unset = UNSET
        if _links is not UNSET:
            links = []
            for links_item_data in _links:
                links_item = Link.from_dict(links_item_data)

                links.append(links_item)

        offene_posten_liste = cls(
            data=data,
            count=count,
            summen=summen,
            links=links,
        )

        offene_posten_liste.additional_properties = d
        return offene_posten_liste

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
