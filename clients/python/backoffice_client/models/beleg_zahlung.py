from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="BelegZahlung")


@_attrs_define
class BelegZahlung:
    """
    Attributes:
        bezeichnung (None | str | Unset):
        wert (None | str | Unset):
        key (None | str | Unset): eindeutig im Auftrag, vom System vergeben
    """

    bezeichnung: None | str | Unset = UNSET
    wert: None | str | Unset = UNSET
    key: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bezeichnung: None | str | Unset
        if isinstance(self.bezeichnung, Unset):
            bezeichnung = UNSET
        else:
            bezeichnung = self.bezeichnung

        wert: None | str | Unset
        if isinstance(self.wert, Unset):
            wert = UNSET
        else:
            wert = self.wert

        key: None | str | Unset
        if isinstance(self.key, Unset):
            key = UNSET
        else:
            key = self.key

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if bezeichnung is not UNSET:
            field_dict["Bezeichnung"] = bezeichnung
        if wert is not UNSET:
            field_dict["Wert"] = wert
        if key is not UNSET:
            field_dict["Key"] = key

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_bezeichnung(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        bezeichnung = _parse_bezeichnung(d.pop("Bezeichnung", UNSET))

        def _parse_wert(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        wert = _parse_wert(d.pop("Wert", UNSET))

        def _parse_key(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        key = _parse_key(d.pop("Key", UNSET))

        beleg_zahlung = cls(
            bezeichnung=bezeichnung,
            wert=wert,
            key=key,
        )

        beleg_zahlung.additional_properties = d
        return beleg_zahlung

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
