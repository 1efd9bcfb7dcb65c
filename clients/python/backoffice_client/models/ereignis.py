from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.ereignis_data_type_0 import EreignisDataType0
    from ..models.ereignis_keys import EreignisKeys


T = TypeVar("T", bound="Ereignis")


@_attrs_define
class Ereignis:
    """One event: the same id, type and data a webhook of it carries.

    Attributes:
        id (str): the event's id (evt_...), the same in the feed and in every webhook of it
        type_ (str): the event type, e.g. auftrag.created (the list: docs/webhooks.md)
        sequence (int): its position in the commit order of all events, from 1
        timestamp (str): when it was recorded, UTC, ISO 8601 with microseconds and Z
        keys (EreignisKeys): the changed record's keys: AuftNr, OffertNr, DebiNr, AdrNr, ArtNr, RechNr
        data (EreignisDataType0 | None | Unset): the changed record as GET answers it at that version, its key included
            (by type, see the examples)
        partial (bool | None | Unset): true: the record was too large to travel whole; data holds it without its
            Positionen (read it with GET)
    """

    id: str
    type_: str
    sequence: int
    timestamp: str
    keys: EreignisKeys
    data: EreignisDataType0 | None | Unset = UNSET
    partial: bool | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.ereignis_data_type_0 import EreignisDataType0  # noqa: PLC0415

        id = self.id

        type_ = self.type_

        sequence = self.sequence

        timestamp = self.timestamp

        keys = self.keys.to_dict()

        data: dict[str, Any] | None | Unset
        if isinstance(self.data, Unset):
            data = UNSET
        elif isinstance(self.data, EreignisDataType0):
            data = self.data.to_dict()
        else:
            data = self.data

        partial: bool | None | Unset
        if isinstance(self.partial, Unset):
            partial = UNSET
        else:
            partial = self.partial

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "type": type_,
                "sequence": sequence,
                "timestamp": timestamp,
                "keys": keys,
            }
        )
        if data is not UNSET:
            field_dict["data"] = data
        if partial is not UNSET:
            field_dict["partial"] = partial

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ereignis_data_type_0 import EreignisDataType0  # noqa: PLC0415
        from ..models.ereignis_keys import EreignisKeys  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        type_ = d.pop("type")

        sequence = d.pop("sequence")

        timestamp = d.pop("timestamp")

        keys = EreignisKeys.from_dict(d.pop("keys"))

        def _parse_data(data: object) -> EreignisDataType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                data_type_0 = EreignisDataType0.from_dict(data)

                return data_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EreignisDataType0 | None | Unset, data)

        data = _parse_data(d.pop("data", UNSET))

        def _parse_partial(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        partial = _parse_partial(d.pop("partial", UNSET))

        ereignis = cls(
            id=id,
            type_=type_,
            sequence=sequence,
            timestamp=timestamp,
            keys=keys,
            data=data,
            partial=partial,
        )

        ereignis.additional_properties = d
        return ereignis

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
