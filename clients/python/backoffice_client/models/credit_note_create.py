from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.credited_position import CreditedPosition


T = TypeVar("T", bound="CreditNoteCreate")


@_attrs_define
class CreditNoteCreate:
    """POST /www/rechnung/{RechNr}/gutschrift; without Positionen (or without a body): all not credited yet.

    Attributes:
        positionen (list[CreditedPosition] | None | Unset):
        retoure (bool | Unset):  Default: False.
    """

    positionen: list[CreditedPosition] | None | Unset = UNSET
    retoure: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        positionen: list[dict[str, Any]] | None | Unset
        if isinstance(self.positionen, Unset):
            positionen = UNSET
        elif isinstance(self.positionen, list):
            positionen = []
            for positionen_type_0_item_data in self.positionen:
                positionen_type_0_item = positionen_type_0_item_data.to_dict()
                positionen.append(positionen_type_0_item)

        else:
            positionen = self.positionen

        retoure = self.retoure

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if positionen is not UNSET:
            field_dict["Positionen"] = positionen
        if retoure is not UNSET:
            field_dict["Retoure"] = retoure

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.credited_position import CreditedPosition  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_positionen(data: object) -> list[CreditedPosition] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                positionen_type_0 = []
                _positionen_type_0 = data
                for positionen_type_0_item_data in _positionen_type_0:
                    positionen_type_0_item = CreditedPosition.from_dict(
                        positionen_type_0_item_data
                    )

                    positionen_type_0.append(positionen_type_0_item)

                return positionen_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[CreditedPosition] | None | Unset, data)

        positionen = _parse_positionen(d.pop("Positionen", UNSET))

        retoure = d.pop("Retoure", UNSET)

        credit_note_create = cls(
            positionen=positionen,
            retoure=retoure,
        )

        return credit_note_create
