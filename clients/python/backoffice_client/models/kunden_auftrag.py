from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.kunden_auftrag_planstatus import KundenAuftragPlanstatus

if TYPE_CHECKING:
    from ..models.link import Link


T = TypeVar("T", bound="KundenAuftrag")


@_attrs_define
class KundenAuftrag:
    """
    Attributes:
        plan_status (KundenAuftragPlanstatus): N new, O open/in progress, A completed
        auft_erf (datetime.datetime): entry time, ISO 8601 UTC
        auft_erf_utc (datetime.datetime): entry time, ISO 8601 UTC (the contract shows both names)
        auft_nr (str): order number
        links (list[Link]): the order
    """

    plan_status: KundenAuftragPlanstatus
    auft_erf: datetime.datetime
    auft_erf_utc: datetime.datetime
    auft_nr: str
    links: list[Link]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        plan_status = self.plan_status.value

        auft_erf = self.auft_erf.isoformat()

        auft_erf_utc = self.auft_erf_utc.isoformat()

        auft_nr = self.auft_nr

        links = []
        for links_item_data in self.links:
            links_item = links_item_data.to_dict()
            links.append(links_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "PlanStatus": plan_status,
                "AuftErf": auft_erf,
                "AuftErfUTC": auft_erf_utc,
                "AuftNr": auft_nr,
                "links": links,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.link import Link  # noqa: PLC0415

        d = dict(src_dict)
        plan_status = KundenAuftragPlanstatus(d.pop("PlanStatus"))

        auft_erf = datetime.datetime.fromisoformat(d.pop("AuftErf"))

        auft_erf_utc = datetime.datetime.fromisoformat(d.pop("AuftErfUTC"))

        auft_nr = d.pop("AuftNr")

        links = []
        _links = d.pop("links")
        for links_item_data in _links:
            links_item = Link.from_dict(links_item_data)

            links.append(links_item)

        kunden_auftrag = cls(
            plan_status=plan_status,
            auft_erf=auft_erf,
            auft_erf_utc=auft_erf_utc,
            auft_nr=auft_nr,
            links=links,
        )

        kunden_auftrag.additional_properties = d
        return kunden_auftrag

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
