from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Zuordnung")


@_attrs_define
class Zuordnung:
    """
    Attributes:
        rech_nr (str): the invoice to assign it to
    """

    rech_nr: str

    def to_dict(self) -> dict[str, Any]:
        rech_nr = self.rech_nr

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "RechNr": rech_nr,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        rech_nr = d.pop("RechNr")

        zuordnung = cls(
            rech_nr=rech_nr,
        )

        return zuordnung
