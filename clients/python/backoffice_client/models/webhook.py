from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Webhook")


@_attrs_define
class Webhook:
    """
    Attributes:
        id (str): the subscription's id
        url (str): the receiver, https://
        events (list[str]): the event types it receives
        enabled (bool):
        user (str): the REST user it belongs to
        created (datetime.datetime): UTC, ISO 8601 with Z
        changed (datetime.datetime): UTC, ISO 8601 with Z
    """

    id: str
    url: str
    events: list[str]
    enabled: bool
    user: str
    created: datetime.datetime
    changed: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        url = self.url

        events = self.events

        enabled = self.enabled

        user = self.user

        created = self.created.isoformat()

        changed = self.changed.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "url": url,
                "events": events,
                "enabled": enabled,
                "user": user,
                "created": created,
                "changed": changed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        url = d.pop("url")

        events = cast(list[str], d.pop("events"))

        enabled = d.pop("enabled")

        user = d.pop("user")

        created = datetime.datetime.fromisoformat(d.pop("created"))

        changed = datetime.datetime.fromisoformat(d.pop("changed"))

        webhook = cls(
            id=id,
            url=url,
            events=events,
            enabled=enabled,
            user=user,
            created=created,
            changed=changed,
        )

        webhook.additional_properties = d
        return webhook

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
