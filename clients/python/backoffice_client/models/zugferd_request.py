from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.zugferd_request_operation import ZugferdRequestOperation
from ..types import UNSET, Unset

T = TypeVar("T", bound="ZugferdRequest")


@_attrs_define
class ZugferdRequest:
    """
    Attributes:
        operation (ZugferdRequestOperation): Extract the embedded XML, or Combine XML and PDF
        pdf (str): the PDF, base64
        xml (None | str | Unset): the invoice XML (ZUGFeRD / Factur-X), base64; required for Combine
        verbose (bool | Unset):  Default: False.
        debug (bool | Unset):  Default: False.
    """

    operation: ZugferdRequestOperation
    pdf: str
    xml: None | str | Unset = UNSET
    verbose: bool | Unset = False
    debug: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        operation = self.operation.value

        pdf = self.pdf

        xml: None | str | Unset
        if isinstance(self.xml, Unset):
            xml = UNSET
        else:
            xml = self.xml

        verbose = self.verbose

        debug = self.debug

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "Operation": operation,
                "PDF": pdf,
            }
        )
        if xml is not UNSET:
            field_dict["XML"] = xml
        if verbose is not UNSET:
            field_dict["Verbose"] = verbose
        if debug is not UNSET:
            field_dict["Debug"] = debug

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        operation = ZugferdRequestOperation(d.pop("Operation"))

        pdf = d.pop("PDF")

        def _parse_xml(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        xml = _parse_xml(d.pop("XML", UNSET))

        verbose = d.pop("Verbose", UNSET)

        debug = d.pop("Debug", UNSET)

        zugferd_request = cls(
            operation=operation,
            pdf=pdf,
            xml=xml,
            verbose=verbose,
            debug=debug,
        )

        return zugferd_request
