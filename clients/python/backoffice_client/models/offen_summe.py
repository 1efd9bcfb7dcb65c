from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="OffenSumme")


@_attrs_define
class OffenSumme:
    """
    Attributes:
        waehr_abk (str):
        betrag_offen (float): the open amount in this currency; at most 2 decimal places
        anzahl (int): open invoices in this currency
    """

    waehr_abk: str
    betrag_offen: float
    anzahl: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        waehr_abk = self.waehr_abk

        betrag_offen = self.betrag_offen

        anzahl = self.anzahl

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "WaehrAbk": waehr_abk,
                "BetragOffen": betrag_offen,
                "Anzahl": anzahl,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        waehr_abk = d.pop("WaehrAbk")

        betrag_offen = d.pop("BetragOffen")

        anzahl = d.pop("Anzahl")

        offen_summe = cls(
            waehr_abk=waehr_abk,
            betrag_offen=betrag_offen,
            anzahl=anzahl,
        )

        offen_summe.additional_properties = d
        return offen_summe

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
