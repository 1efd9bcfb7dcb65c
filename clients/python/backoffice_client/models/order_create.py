from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.document_addresses import DocumentAddresses
    from ..models.order_header import OrderHeader
    from ..models.order_position import OrderPosition
    from ..models.payment import Payment


T = TypeVar("T", bound="OrderCreate")


@_attrs_define
class OrderCreate:
    """The body of POST /www/auftrag.

    Attributes:
        grund_daten (OrderHeader): GrundDaten of POST /www/auftrag.
        positionen (list[OrderPosition]):
        adressen (DocumentAddresses | None | Unset):
        zahlung (list[Payment] | None | Unset):
    """

    grund_daten: OrderHeader
    positionen: list[OrderPosition]
    adressen: DocumentAddresses | None | Unset = UNSET
    zahlung: list[Payment] | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.document_addresses import DocumentAddresses  # noqa: PLC0415

        grund_daten = self.grund_daten.to_dict()

        positionen = []
        for positionen_item_data in self.positionen:
            positionen_item = positionen_item_data.to_dict()
            positionen.append(positionen_item)

        adressen: dict[str, Any] | None | Unset
        if isinstance(self.adressen, Unset):
            adressen = UNSET
        elif isinstance(self.adressen, DocumentAddresses):
            adressen = self.adressen.to_dict()
        else:
            adressen = self.adressen

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
                "Positionen": positionen,
            }
        )
        if adressen is not UNSET:
            field_dict["Adressen"] = adressen
        if zahlung is not UNSET:
            field_dict["Zahlung"] = zahlung

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.document_addresses import DocumentAddresses  # noqa: PLC0415
        from ..models.order_header import OrderHeader  # noqa: PLC0415
        from ..models.order_position import OrderPosition  # noqa: PLC0415
        from ..models.payment import Payment  # noqa: PLC0415

        d = dict(src_dict)
        grund_daten = OrderHeader.from_dict(d.pop("GrundDaten"))

        positionen = []
        _positionen = d.pop("Positionen")
        for positionen_item_data in _positionen:
            positionen_item = OrderPosition.from_dict(positionen_item_data)

            positionen.append(positionen_item)

        def _parse_adressen(data: object) -> DocumentAddresses | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                adressen_type_0 = DocumentAddresses.from_dict(data)

                return adressen_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DocumentAddresses | None | Unset, data)

        adressen = _parse_adressen(d.pop("Adressen", UNSET))

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

        order_create = cls(
            grund_daten=grund_daten,
            positionen=positionen,
            adressen=adressen,
            zahlung=zahlung,
        )

        return order_create
