from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Attribut")


@_attrs_define
class Attribut:
    """
    Attributes:
        contents (str | Unset): attribute value
        ph_key (str | Unset): attribute key
    """

    contents: str | Unset = UNSET
    ph_key: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        contents = self.contents

        ph_key = self.ph_key

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if contents is not UNSET:
            field_dict["Contents"] = contents
        if ph_key is not UNSET:
            field_dict["PHKey"] = ph_key

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        contents = d.pop("Contents", UNSET)

        ph_key = d.pop("PHKey", UNSET)

        attribut = cls(
            contents=contents,
            ph_key=ph_key,
        )

        attribut.additional_properties = d
        return attribut

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
