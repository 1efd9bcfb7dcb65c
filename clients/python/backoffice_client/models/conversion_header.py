from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ConversionHeader")


@_attrs_define
class ConversionHeader:
    """GrundDaten of PUT /www/auftrag.

    Attributes:
        kund_nr (str):
        offert_nr (str):
    """

    kund_nr: str
    offert_nr: str

    def to_dict(self) -> dict[str, Any]:
        kund_nr = self.kund_nr

        offert_nr = self.offert_nr

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "KundNr": kund_nr,
                "OffertNr": offert_nr,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kund_nr = d.pop("KundNr")

        offert_nr = d.pop("OffertNr")

        conversion_header = cls(
            kund_nr=kund_nr,
            offert_nr=offert_nr,
        )

        return conversion_header
