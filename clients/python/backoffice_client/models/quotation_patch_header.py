from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="QuotationPatchHeader")


@_attrs_define
class QuotationPatchHeader:
    """GrundDaten of PATCH /www/offerte: only the assignment to a customer.

    Attributes:
        kund_nr (None | str | Unset):
    """

    kund_nr: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        kund_nr: None | str | Unset
        if isinstance(self.kund_nr, Unset):
            kund_nr = UNSET
        else:
            kund_nr = self.kund_nr

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if kund_nr is not UNSET:
            field_dict["KundNr"] = kund_nr

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_kund_nr(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        kund_nr = _parse_kund_nr(d.pop("KundNr", UNSET))

        quotation_patch_header = cls(
            kund_nr=kund_nr,
        )

        return quotation_patch_header
