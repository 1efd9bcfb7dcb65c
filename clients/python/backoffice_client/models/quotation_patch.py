from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.document_addresses import DocumentAddresses
    from ..models.quotation_patch_header import QuotationPatchHeader
    from ..models.quotation_patch_position import QuotationPatchPosition


T = TypeVar("T", bound="QuotationPatch")


@_attrs_define
class QuotationPatch:
    """The body of PATCH /www/offerte; an address is replaced only by a complete record.

    Attributes:
        grund_daten (None | QuotationPatchHeader | Unset):
        adressen (DocumentAddresses | None | Unset):
        positionen (list[QuotationPatchPosition] | None | Unset):
    """

    grund_daten: None | QuotationPatchHeader | Unset = UNSET
    adressen: DocumentAddresses | None | Unset = UNSET
    positionen: list[QuotationPatchPosition] | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.document_addresses import DocumentAddresses  # noqa: PLC0415
        from ..models.quotation_patch_header import QuotationPatchHeader  # noqa: PLC0415

        grund_daten: dict[str, Any] | None | Unset
        if isinstance(self.grund_daten, Unset):
            grund_daten = UNSET
        elif isinstance(self.grund_daten, QuotationPatchHeader):
            grund_daten = self.grund_daten.to_dict()
        else:
            grund_daten = self.grund_daten

        adressen: dict[str, Any] | None | Unset
        if isinstance(self.adressen, Unset):
            adressen = UNSET
        elif isinstance(self.adressen, DocumentAddresses):
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

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if grund_daten is not UNSET:
            field_dict["GrundDaten"] = grund_daten
        if adressen is not UNSET:
            field_dict["Adressen"] = adressen
        if positionen is not UNSET:
            field_dict["Positionen"] = positionen

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.document_addresses import DocumentAddresses  # noqa: PLC0415
        from ..models.quotation_patch_header import QuotationPatchHeader  # noqa: PLC0415
        from ..models.quotation_patch_position import QuotationPatchPosition  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_grund_daten(data: object) -> None | QuotationPatchHeader | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                grund_daten_type_0 = QuotationPatchHeader.from_dict(data)

                return grund_daten_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | QuotationPatchHeader | Unset, data)

        grund_daten = _parse_grund_daten(d.pop("GrundDaten", UNSET))

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

        def _parse_positionen(
            data: object,
        ) -> list[QuotationPatchPosition] | None | Unset:
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
                    positionen_type_0_item = QuotationPatchPosition.from_dict(
                        positionen_type_0_item_data
                    )

                    positionen_type_0.append(positionen_type_0_item)

                return positionen_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[QuotationPatchPosition] | None | Unset, data)

        positionen = _parse_positionen(d.pop("Positionen", UNSET))

        quotation_patch = cls(
            grund_daten=grund_daten,
            adressen=adressen,
            positionen=positionen,
        )

        return quotation_patch
