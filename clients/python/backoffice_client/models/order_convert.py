from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.conversion_header import ConversionHeader
    from ..models.payment import Payment


T = TypeVar("T", bound="OrderConvert")


@_attrs_define
class OrderConvert:
    """The body of PUT /www/auftrag: a quotation becomes an order.

    Attributes:
        grund_daten (ConversionHeader): GrundDaten of PUT /www/auftrag.
        zahlung (list[Payment] | None | Unset):
    """

    grund_daten: ConversionHeader
    zahlung: list[Payment] | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        grund_daten = self.grund_daten.to_dict()

        zahlung: list[dict[str, Any]] | None | Unset
        if isinstance(self.zahlung, Unset):
            zahlung = UNSET
        elif isinstance(self.zahlung, list):
            zahlung = []
            for zahlung_type_0_item_data in self.zahlung:
                zahlung_type_0_item = zahlung_type_0_item_data.to_dict()
                zahlung.append(zahlung_type_0_item)

        else:
            zahlung = self.zahlung

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "GrundDaten": grund_daten,
            }
        )
        if zahlung is not UNSET:
            field_dict["Zahlung"] = zahlung

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.conversion_header import ConversionHeader  # noqa: PLC0415
        from ..models.payment import Payment  # noqa: PLC0415

        d = dict(src_dict)
        grund_daten = ConversionHeader.from_dict(d.pop("GrundDaten"))

        def _parse_zahlung(data: object) -> list[Payment] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                zahlung_type_0 = []
                _zahlung_type_0 = data
                for zahlung_type_0_item_data in _zahlung_type_0:
                    zahlung_type_0_item = Payment.from_dict(zahlung_type_0_item_data)

                    zahlung_type_0.append(zahlung_type_0_item)

                return zahlung_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[Payment] | None | Unset, data)

        zahlung = _parse_zahlung(d.pop("Zahlung", UNSET))

        order_convert = cls(
            grund_daten=grund_daten,
            zahlung=zahlung,
        )

        return order_convert
