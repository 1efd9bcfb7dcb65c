from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="GutgeschriebenePosition")


@_attrs_define
class GutgeschriebenePosition:
    """
    Attributes:
        pos_nr (int): the order's position given back
        menge (float): quantity given back, in the order's unit; at most 4 decimal places
    """

    pos_nr: int
    menge: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        pos_nr = self.pos_nr

        menge = self.menge

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "PosNr": pos_nr,
                "Menge": menge,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        pos_nr = d.pop("PosNr")

        menge = d.pop("Menge")

        gutgeschriebene_position = cls(
            pos_nr=pos_nr,
            menge=menge,
        )

        gutgeschriebene_position.additional_properties = d
        return gutgeschriebene_position

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
