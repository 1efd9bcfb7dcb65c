from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.beleg_adresse import BelegAdresse


T = TypeVar("T", bound="BelegAdressen")


@_attrs_define
class BelegAdressen:
    """
    Attributes:
        kontakt_adr (BelegAdresse | None | Unset):
        lief_adr (BelegAdresse | None | Unset):
        rech_adr (BelegAdresse | None | Unset):
    """

    kontakt_adr: BelegAdresse | None | Unset = UNSET
    lief_adr: BelegAdresse | None | Unset = UNSET
    rech_adr: BelegAdresse | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.beleg_adresse import BelegAdresse  # noqa: PLC0415

        kontakt_adr: dict[str, Any] | None | Unset
        if isinstance(self.kontakt_adr, Unset):
            kontakt_adr = UNSET
        elif isinstance(self.kontakt_adr, BelegAdresse):
            kontakt_adr = self.kontakt_adr.to_dict()
        else:
            kontakt_adr = self.kontakt_adr

        lief_adr: dict[str, Any] | None | Unset
        if isinstance(self.lief_adr, Unset):
            lief_adr = UNSET
        elif isinstance(self.lief_adr, BelegAdresse):
            lief_adr = self.lief_adr.to_dict()
        else:
            lief_adr = self.lief_adr

        rech_adr: dict[str, Any] | None | Unset
        if isinstance(self.rech_adr, Unset):
            rech_adr = UNSET
        elif isinstance(self.rech_adr, BelegAdresse):
            rech_adr = self.rech_adr.to_dict()
        else:
            rech_adr = self.rech_adr

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
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
        from ..models.beleg_adresse import BelegAdresse  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_kontakt_adr(data: object) -> BelegAdresse | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                kontakt_adr_type_0 = BelegAdresse.from_dict(data)

                return kontakt_adr_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BelegAdresse | None | Unset, data)

        kontakt_adr = _parse_kontakt_adr(d.pop("KontaktAdr", UNSET))

        def _parse_lief_adr(data: object) -> BelegAdresse | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                lief_adr_type_0 = BelegAdresse.from_dict(data)

                return lief_adr_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BelegAdresse | None | Unset, data)

        lief_adr = _parse_lief_adr(d.pop("LiefAdr", UNSET))

        def _parse_rech_adr(data: object) -> BelegAdresse | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rech_adr_type_0 = BelegAdresse.from_dict(data)

                return rech_adr_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BelegAdresse | None | Unset, data)

        rech_adr = _parse_rech_adr(d.pop("RechAdr", UNSET))

        beleg_adressen = cls(
            kontakt_adr=kontakt_adr,
            lief_adr=lief_adr,
            rech_adr=rech_adr,
        )

        beleg_adressen.additional_properties = d
        return beleg_adressen

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
