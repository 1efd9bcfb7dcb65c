from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.beleg_adressen import BelegAdressen
    from ..models.beleg_grund_daten import BelegGrundDaten
    from ..models.beleg_mwst import BelegMWST
    from ..models.beleg_position import BelegPosition
    from ..models.beleg_zahlung import BelegZahlung


T = TypeVar("T", bound="OfferteDaten")


@_attrs_define
class OfferteDaten:
    """
    Attributes:
        grund_daten (BelegGrundDaten): GrundDaten of an order or quotation read.
        offert_nr (str): Offertnummer
        adressen (BelegAdressen | None | Unset):
        positionen (list[BelegPosition] | None | Unset):
        mwst_rekapitulation (list[BelegMWST] | None | Unset):
        zahlung (list[BelegZahlung] | None | Unset):
    """

    grund_daten: BelegGrundDaten
    offert_nr: str
    adressen: BelegAdressen | None | Unset = UNSET
    positionen: list[BelegPosition] | None | Unset = UNSET
    mwst_rekapitulation: list[BelegMWST] | None | Unset = UNSET
    zahlung: list[BelegZahlung] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.beleg_adressen import BelegAdressen  # noqa: PLC0415

        grund_daten = self.grund_daten.to_dict()

        offert_nr = self.offert_nr

        adressen: dict[str, Any] | None | Unset
        if isinstance(self.adressen, Unset):
            adressen = UNSET
        elif isinstance(self.adressen, BelegAdressen):
            adressen = self.adressen.to_dict()
        else:
            adressen = self.adressen

        positionen: list[dict[str, Any]] | None | Unset
        if isinstance(self.positionen, Unset):
            positionen = UNSET
        elif isinstance(self.positionen, list):
            positionen = []
            for positionen_type_0_item_data in self.positionen:
                positionen_type_0_item = positionen_type_0_item_data.to_dict()
                positionen.append(positionen_type_0_item)

        else:
            positionen = self.positionen

        mwst_rekapitulation: list[dict[str, Any]] | None | Unset
        if isinstance(self.mwst_rekapitulation, Unset):
            mwst_rekapitulation = UNSET
        elif isinstance(self.mwst_rekapitulation, list):
            mwst_rekapitulation = []
            for mwst_rekapitulation_type_0_item_data in self.mwst_rekapitulation:
                mwst_rekapitulation_type_0_item = (
                    mwst_rekapitulation_type_0_item_data.to_dict()
                )
                mwst_rekapitulation.append(mwst_rekapitulation_type_0_item)

        else:
            mwst_rekapitulation = self.mwst_rekapitulation

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
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "GrundDaten": grund_daten,
                "OffertNr": offert_nr,
            }
        )
        if adressen is not UNSET:
            field_dict["Adressen"] = adressen
        if positionen is not UNSET:
            field_dict["Positionen"] = positionen
        if mwst_rekapitulation is not UNSET:
            field_dict["MWSTRekapitulation"] = mwst_rekapitulation
        if zahlung is not UNSET:
            field_dict["Zahlung"] = zahlung

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.beleg_adressen import BelegAdressen  # noqa: PLC0415
        from ..models.beleg_grund_daten import BelegGrundDaten  # noqa: PLC0415
        from ..models.beleg_mwst import BelegMWST  # noqa: PLC0415
        from ..models.beleg_position import BelegPosition  # noqa: PLC0415
        from ..models.beleg_zahlung import BelegZahlung  # noqa: PLC0415

        d = dict(src_dict)
        grund_daten = BelegGrundDaten.from_dict(d.pop("GrundDaten"))

        offert_nr = d.pop("OffertNr")

        def _parse_adressen(data: object) -> BelegAdressen | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                adressen_type_0 = BelegAdressen.from_dict(data)

                return adressen_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BelegAdressen | None | Unset, data)

        adressen = _parse_adressen(d.pop("Adressen", UNSET))

        def _parse_positionen(data: object) -> list[BelegPosition] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                positionen_type_0 = []
                _positionen_type_0 = data
                for positionen_type_0_item_data in _positionen_type_0:
                    positionen_type_0_item = BelegPosition.from_dict(
                        positionen_type_0_item_data
                    )

                    positionen_type_0.append(positionen_type_0_item)

                return positionen_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[BelegPosition] | None | Unset, data)

        positionen = _parse_positionen(d.pop("Positionen", UNSET))

        def _parse_mwst_rekapitulation(data: object) -> list[BelegMWST] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                mwst_rekapitulation_type_0 = []
                _mwst_rekapitulation_type_0 = data
                for mwst_rekapitulation_type_0_item_data in _mwst_rekapitulation_type_0:
                    mwst_rekapitulation_type_0_item = BelegMWST.from_dict(
                        mwst_rekapitulation_type_0_item_data
                    )

                    mwst_rekapitulation_type_0.append(mwst_rekapitulation_type_0_item)

                return mwst_rekapitulation_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[BelegMWST] | None | Unset, data)

        mwst_rekapitulation = _parse_mwst_rekapitulation(
            d.pop("MWSTRekapitulation", UNSET)
        )

        def _parse_zahlung(data: object) -> list[BelegZahlung] | None | Unset:
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
                    zahlung_type_0_item = BelegZahlung.from_dict(
                        zahlung_type_0_item_data
                    )

                    zahlung_type_0.append(zahlung_type_0_item)

                return zahlung_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[BelegZahlung] | None | Unset, data)

        zahlung = _parse_zahlung(d.pop("Zahlung", UNSET))

        offerte_daten = cls(
            grund_daten=grund_daten,
            offert_nr=offert_nr,
            adressen=adressen,
            positionen=positionen,
            mwst_rekapitulation=mwst_rekapitulation,
            zahlung=zahlung,
        )

        offerte_daten.additional_properties = d
        return offerte_daten

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
