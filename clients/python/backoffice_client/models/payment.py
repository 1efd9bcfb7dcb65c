from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="Payment")


@_attrs_define
class Payment:
    """A Zahlung entry; its Key is assigned by the system (read only).

    Attributes:
        bezeichnung (None | str | Unset):
        wert (None | str | Unset):
    """

    bezeichnung: None | str | Unset = UNSET
    wert: None | str | Unset = UNSET

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

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if bezeichnung is not UNSET:
            field_dict["Bezeichnung"] = bezeichnung
        if wert is not UNSET:
            field_dict["Wert"] = wert

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

        payment = cls(
            bezeichnung=bezeichnung,
            wert=wert,
        )

        return payment
