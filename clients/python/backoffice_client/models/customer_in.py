from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.customer_addresses import CustomerAddresses
    from ..models.customer_data import CustomerData


T = TypeVar("T", bound="CustomerIn")


@_attrs_define
class CustomerIn:
    """The body of POST /www/kunden.

    Attributes:
        grund_daten (CustomerData): GrundDaten of POST /www/kunden.
        adressen (CustomerAddresses):
    """

    grund_daten: CustomerData
    adressen: CustomerAddresses

    def to_dict(self) -> dict[str, Any]:
        grund_daten = self.grund_daten.to_dict()

        adressen = self.adressen.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "GrundDaten": grund_daten,
                "Adressen": adressen,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.customer_addresses import CustomerAddresses  # noqa: PLC0415
        from ..models.customer_data import CustomerData  # noqa: PLC0415

        d = dict(src_dict)
        grund_daten = CustomerData.from_dict(d.pop("GrundDaten"))

        adressen = CustomerAddresses.from_dict(d.pop("Adressen"))

        customer_in = cls(
            grund_daten=grund_daten,
            adressen=adressen,
        )

        return customer_in
