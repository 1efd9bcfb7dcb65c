from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.address_in import AddressIn


T = TypeVar("T", bound="DocumentAddresses")


@_attrs_define
class DocumentAddresses:
    """Adressen of an order or quotation request: each given address overrides the customer's.

    Attributes:
        kontakt_adr (AddressIn | None | Unset):
        lief_adr (AddressIn | None | Unset):
        rech_adr (AddressIn | None | Unset):
    """

    kontakt_adr: AddressIn | None | Unset = UNSET
    lief_adr: AddressIn | None | Unset = UNSET
    rech_adr: AddressIn | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.address_in import AddressIn  # noqa: PLC0415

        kontakt_adr: dict[str, Any] | None | Unset
        if isinstance(self.kontakt_adr, Unset):
            kontakt_adr = UNSET
        elif isinstance(self.kontakt_adr, AddressIn):
            kontakt_adr = self.kontakt_adr.to_dict()
        else:
            kontakt_adr = self.kontakt_adr

        lief_adr: dict[str, Any] | None | Unset
        if isinstance(self.lief_adr, Unset):
            lief_adr = UNSET
        elif isinstance(self.lief_adr, AddressIn):
            lief_adr = self.lief_adr.to_dict()
        else:
            lief_adr = self.lief_adr

        rech_adr: dict[str, Any] | None | Unset
        if isinstance(self.rech_adr, Unset):
            rech_adr = UNSET
        elif isinstance(self.rech_adr, AddressIn):
            rech_adr = self.rech_adr.to_dict()
        else:
            rech_adr = self.rech_adr

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if kontakt_adr is not UNSET:
            field_dict["KontaktAdr"] = kontakt_adr
        if lief_adr is not UNSET:
            field_dict["LiefAdr"] = lief_adr
        if rech_adr is not UNSET:
            field_dict["RechAdr"] = rech_adr

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.address_in import AddressIn  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_kontakt_adr(data: object) -> AddressIn | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                kontakt_adr_type_0 = AddressIn.from_dict(data)

                return kontakt_adr_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AddressIn | None | Unset, data)

        kontakt_adr = _parse_kontakt_adr(d.pop("KontaktAdr", UNSET))

        def _parse_lief_adr(data: object) -> AddressIn | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                lief_adr_type_0 = AddressIn.from_dict(data)

                return lief_adr_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AddressIn | None | Unset, data)

        lief_adr = _parse_lief_adr(d.pop("LiefAdr", UNSET))

        def _parse_rech_adr(data: object) -> AddressIn | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rech_adr_type_0 = AddressIn.from_dict(data)

                return rech_adr_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AddressIn | None | Unset, data)

        rech_adr = _parse_rech_adr(d.pop("RechAdr", UNSET))

        document_addresses = cls(
            kontakt_adr=kontakt_adr,
            lief_adr=lief_adr,
            rech_adr=rech_adr,
        )

        return document_addresses
