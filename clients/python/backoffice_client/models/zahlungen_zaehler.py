from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ZahlungenZaehler")


@_attrs_define
class ZahlungenZaehler:
    """
    Attributes:
        new (int): payments booked now (matched + unmatched)
        known (int): payments booked before (by this file or another): nothing booked again
        matched (int): new payments booked to an invoice
        unmatched (int): new payments no invoice matched (GET /www/zahlungen?status=offen)
    """

    new: int
    known: int
    matched: int
    unmatched: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        new = self.new

        known = self.known

        matched = self.matched

        unmatched = self.unmatched

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "new": new,
                "known": known,
                "matched": matched,
                "unmatched": unmatched,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        new = d.pop("new")

        known = d.pop("known")

        matched = d.pop("matched")

        unmatched = d.pop("unmatched")

        zahlungen_zaehler = cls(
            new=new,
            known=known,
            matched=matched,
            unmatched=unmatched,
        )

        zahlungen_zaehler.additional_properties = d
        return zahlungen_zaehler

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
