from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="CreditedPosition")


@_attrs_define
class CreditedPosition:
    """A position an invoice's credit note gives back: its PosNr in the order, the quantity in the
    order's unit (the base unit; a packaging unit's position: whole packs of it).

        Attributes:
            pos_nr (int):
            menge (float): At most 4 decimal places. A number with a fraction and more than 15 significant digits, as a
                binary double writes it, is first rounded to 15 (10.299999999999999 is read as 10.3); then the field's decimal
                places are checked.
    """

    pos_nr: int
    menge: float

    def to_dict(self) -> dict[str, Any]:
        pos_nr = self.pos_nr

        menge = self.menge

        field_dict: dict[str, Any] = {}

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

        credited_position = cls(
            pos_nr=pos_nr,
            menge=menge,
        )

        return credited_position
