from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.error_body_info import ErrorBodyInfo


T = TypeVar("T", bound="ErrorBody")


@_attrs_define
class ErrorBody:
    """The one error body of the API.

    Attributes:
        error (str): Error code, e.g. invalid_request, not_found, endpoint.
        error_description (str): What went wrong, for a person.
        info (ErrorBodyInfo): Details: `fields` (field path -> problem) for invalid_request; `filename` and
            `subprocess_output` for endpoint; `request_id` on every error (X-Request-Id).
    """

    error: str
    error_description: str
    info: ErrorBodyInfo
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        error = self.error

        error_description = self.error_description

        info = self.info.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "error": error,
                "error_description": error_description,
                "info": info,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.error_body_info import ErrorBodyInfo  # noqa: PLC0415

        d = dict(src_dict)
        error = d.pop("error")

        error_description = d.pop("error_description")

        info = ErrorBodyInfo.from_dict(d.pop("info"))

        error_body = cls(
            error=error,
            error_description=error_description,
            info=info,
        )

        error_body.additional_properties = d
        return error_body

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
