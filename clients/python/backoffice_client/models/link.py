from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.link_type import LinkType

T = TypeVar("T", bound="Link")


@_attrs_define
class Link:
    """
    Attributes:
        href (str): target URL, absolute on the address the client called: scheme://host[/stage]/www/... (the stage only
            on API Gateway's own domain)
        type_ (LinkType): HTTP method to use on the target
        rel (str): relation name (artikel, adressen, kunden, next, ...)
    """

    href: str
    type_: LinkType
    rel: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        href = self.href

        type_ = self.type_.value

        rel = self.rel

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "href": href,
                "type": type_,
                "rel": rel,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        href = d.pop("href")

        type_ = LinkType(d.pop("type"))

        rel = d.pop("rel")

        link = cls(
            href=href,
            type_=type_,
            rel=rel,
        )

        link.additional_properties = d
        return link

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
