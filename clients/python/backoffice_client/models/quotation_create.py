from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.document_addresses import DocumentAddresses
    from ..models.quotation_header import QuotationHeader
    from ..models.quotation_position import QuotationPosition


T = TypeVar("T", bound="QuotationCreate")


@_attrs_define
class QuotationCreate:
    """The body of POST /www/offerte.

    Attributes:
        positionen (list[QuotationPosition]):
        grund_daten (QuotationHeader | Unset): GrundDaten of POST /www/offerte; OrtLand (template quotations) decides
            domestic or foreign tax.
        adressen (DocumentAddresses | None | Unset):
    """

    positionen: list[QuotationPosition]
    grund_daten: QuotationHeader | Unset = UNSET
    adressen: DocumentAddresses | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.document_addresses import DocumentAddresses  # noqa: PLC0415

        positionen = []
        for positionen_item_data in self.positionen:
            positionen_item = positionen_item_data.to_dict()
            positionen.append(positionen_item)

        grund_daten: dict[str, Any] | Unset = UNSET
        if not isinstance(self.grund_daten, Unset):
            grund_daten = self.grund_daten.to_dict()

        adressen: dict[str, Any] | None | Unset
        if isinstance(self.adressen, Unset):
            adressen = UNSET
        elif isinstance(self.adressen, DocumentAddresses):
            adressen = self.adressen.to_dict()
        else:
            adressen = self.adressen

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "Positionen": positionen,
            }
        )
        if grund_daten is not UNSET:
            field_dict["GrundDaten"] = grund_daten
        if adressen is not UNSET:
            field_dict["Adressen"] = adressen

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.document_addresses import DocumentAddresses  # noqa: PLC0415
        from ..models.quotation_header import QuotationHeader  # noqa: PLC0415
        from ..models.quotation_position import QuotationPosition  # noqa: PLC0415

        d = dict(src_dict)
        positionen = []
        _positionen = d.pop("Positionen")
        for positionen_item_data in _positionen:
            positionen_item = QuotationPosition.from_dict(positionen_item_data)

            positionen.append(positionen_item)

        _grund_daten = d.pop("GrundDaten", UNSET)
        grund_daten: QuotationHeader | Unset
        if isinstance(_grund_daten, Unset):
            grund_daten = UNSET
        else:
            grund_daten = QuotationHeader.from_dict(_grund_daten)

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

        quotation_create = cls(
            positionen=positionen,
            grund_daten=grund_daten,
            adressen=adressen,
        )

        return quotation_create
