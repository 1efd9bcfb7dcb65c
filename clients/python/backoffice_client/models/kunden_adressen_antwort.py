from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.kunden_adressen import KundenAdressen


T = TypeVar("T", bound="KundenAdressenAntwort")


@_attrs_define
class KundenAdressenAntwort:
    """
    Attributes:
        count (int): number of distinct addresses
        success (bool):
        data (KundenAdressen):
    """

    count: int
    success: bool
    data: KundenAdressen
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        count = self.count

        success = self.success

        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "count": count,
                "success": success,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.kunden_adressen import KundenAdressen  # noqa: PLC0415

        d = dict(src_dict)
        count = d.pop("count")

        success = d.pop("success")

        data = KundenAdressen.from_dict(d.pop("data"))

        kunden_adressen_antwort = cls(
            count=count,
            success=success,
            data=data,
        )

        kunden_adressen_antwort.additional_properties = d
        return kunden_adressen_antwort

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
