from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.webhook_versuch import WebhookVersuch


T = TypeVar("T", bound="WebhookZustellung")


@_attrs_define
class WebhookZustellung:
    """One delivery: an event sent to a subscription, with its attempts.

    Attributes:
        id (str): the delivery's id (newest sort last)
        event_id (str): the event's id: the webhook-id header of every attempt
        type_ (str): the event type (webhook.test for a test)
        status (str): pending, retrying, delivered or failed (its retries are exhausted)
        created (datetime.datetime): UTC, ISO 8601 with Z
        sequence (int | None | Unset): the event's sequence (none for a test)
        next_attempt (None | str | Unset): when the next attempt is due (while retrying), UTC
        attempts (list[WebhookVersuch] | None | Unset): the attempts made, oldest first (none before the first)
    """

    id: str
    event_id: str
    type_: str
    status: str
    created: datetime.datetime
    sequence: int | None | Unset = UNSET
    next_attempt: None | str | Unset = UNSET
    attempts: list[WebhookVersuch] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        event_id = self.event_id

        type_ = self.type_

        status = self.status

        created = self.created.isoformat()

        sequence: int | None | Unset
        if isinstance(self.sequence, Unset):
            sequence = UNSET
        else:
            sequence = self.sequence

        next_attempt: None | str | Unset
        if isinstance(self.next_attempt, Unset):
            next_attempt = UNSET
        else:
            next_attempt = self.next_attempt

        attempts: list[dict[str, Any]] | None | Unset
        if isinstance(self.attempts, Unset):
            attempts = UNSET
        elif isinstance(self.attempts, list):
            attempts = []
            for attempts_type_0_item_data in self.attempts:
                attempts_type_0_item = attempts_type_0_item_data.to_dict()
                attempts.append(attempts_type_0_item)

        else:
            attempts = self.attempts

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "event_id": event_id,
                "type": type_,
                "status": status,
                "created": created,
            }
        )
        if sequence is not UNSET:
            field_dict["sequence"] = sequence
        if next_attempt is not UNSET:
            field_dict["next_attempt"] = next_attempt
        if attempts is not UNSET:
            field_dict["attempts"] = attempts

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.webhook_versuch import WebhookVersuch  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        event_id = d.pop("event_id")

        type_ = d.pop("type")

        status = d.pop("status")

        created = datetime.datetime.fromisoformat(d.pop("created"))

        def _parse_sequence(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        sequence = _parse_sequence(d.pop("sequence", UNSET))

        def _parse_next_attempt(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        next_attempt = _parse_next_attempt(d.pop("next_attempt", UNSET))

        def _parse_attempts(data: object) -> list[WebhookVersuch] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                attempts_type_0 = []
                _attempts_type_0 = data
                for attempts_type_0_item_data in _attempts_type_0:
                    attempts_type_0_item = WebhookVersuch.from_dict(
                        attempts_type_0_item_data
                    )

                    attempts_type_0.append(attempts_type_0_item)

                return attempts_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[WebhookVersuch] | None | Unset, data)

        attempts = _parse_attempts(d.pop("attempts", UNSET))

        webhook_zustellung = cls(
            id=id,
            event_id=event_id,
            type_=type_,
            status=status,
            created=created,
            sequence=sequence,
            next_attempt=next_attempt,
            attempts=attempts,
        )

        webhook_zustellung.additional_properties = d
        return webhook_zustellung

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
