from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.attribut import Attribut
    from ..models.kunden_auftrag import KundenAuftrag
    from ..models.link import Link
    from ..models.offen_summe import OffenSumme


T = TypeVar("T", bound="Kunde")


@_attrs_define
class Kunde:
    """
    Attributes:
        status (int): 1 when the credit limit is greater than 0, else 0
        kund_lief (int): delivery address key
        kund_rech (int): invoice address key
        kund_kontakt (int): contact address key
        links (list[Link]): the addresses (adressen KundKontakt, ...) and the address list
        waehr_abk (str | Unset): customer currency, ISO 4217
        branche_id (str | Unset): branch id
        adr_sprache (str | Unset): language, ISO-639-2B
        vb_typ (str | Unset): shipping-condition type
        zahlungs_methode (str | Unset): comma-separated: K = credit card (paid outside), R = invoice
        kund_bez (str | Unset): customer designation
        kommentar (str | Unset): customer comment
        attributes (list[Attribut] | Unset): customer attributes
        auftrag (list[KundenAuftrag] | Unset): the latest orders (query order, status)
        offene_posten (list[OffenSumme] | Unset): the customer's open amount per currency (invoices not yet paid)
    """

    status: int
    kund_lief: int
    kund_rech: int
    kund_kontakt: int
    links: list[Link]
    waehr_abk: str | Unset = UNSET
    branche_id: str | Unset = UNSET
    adr_sprache: str | Unset = UNSET
    vb_typ: str | Unset = UNSET
    zahlungs_methode: str | Unset = UNSET
    kund_bez: str | Unset = UNSET
    kommentar: str | Unset = UNSET
    attributes: list[Attribut] | Unset = UNSET
    auftrag: list[KundenAuftrag] | Unset = UNSET
    offene_posten: list[OffenSumme] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        status = self.status

        kund_lief = self.kund_lief

        kund_rech = self.kund_rech

        kund_kontakt = self.kund_kontakt

        links = []
        for links_item_data in self.links:
            links_item = links_item_data.to_dict()
            links.append(links_item)

        waehr_abk = self.waehr_abk

        branche_id = self.branche_id

        adr_sprache = self.adr_sprache

        vb_typ = self.vb_typ

        zahlungs_methode = self.zahlungs_methode

        kund_bez = self.kund_bez

        kommentar = self.kommentar

        attributes: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.attributes, Unset):
            attributes = []
            for attributes_item_data in self.attributes:
                attributes_item = attributes_item_data.to_dict()
                attributes.append(attributes_item)

        auftrag: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.auftrag, Unset):
            auftrag = []
            for auftrag_item_data in self.auftrag:
                auftrag_item = auftrag_item_data.to_dict()
                auftrag.append(auftrag_item)

        offene_posten: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.offene_posten, Unset):
            offene_posten = []
            for offene_posten_item_data in self.offene_posten:
                offene_posten_item = offene_posten_item_data.to_dict()
                offene_posten.append(offene_posten_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "status": status,
                "KundLief": kund_lief,
                "KundRech": kund_rech,
                "KundKontakt": kund_kontakt,
                "links": links,
            }
        )
        if waehr_abk is not UNSET:
            field_dict["WaehrAbk"] = waehr_abk
        if branche_id is not UNSET:
            field_dict["BrancheID"] = branche_id
        if adr_sprache is not UNSET:
            field_dict["AdrSprache"] = adr_sprache
        if vb_typ is not UNSET:
            field_dict["VBTyp"] = vb_typ
        if zahlungs_methode is not UNSET:
            field_dict["ZahlungsMethode"] = zahlungs_methode
        if kund_bez is not UNSET:
            field_dict["KundBez"] = kund_bez
        if kommentar is not UNSET:
            field_dict["Kommentar"] = kommentar
        if attributes is not UNSET:
            field_dict["attributes"] = attributes
        if auftrag is not UNSET:
            field_dict["Auftrag"] = auftrag
        if offene_posten is not UNSET:
            field_dict["OffenePosten"] = offene_posten

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.attribut import Attribut  # noqa: PLC0415
        from ..models.kunden_auftrag import KundenAuftrag  # noqa: PLC0415
        from ..models.link import Link  # noqa: PLC0415
        from ..models.offen_summe import OffenSumme  # noqa: PLC0415

        d = dict(src_dict)
        status = d.pop("status")

        kund_lief = d.pop("KundLief")

        kund_rech = d.pop("KundRech")

        kund_kontakt = d.pop("KundKontakt")

        links = []
        _links = d.pop("links")
        for links_item_data in _links:
            links_item = Link.from_dict(links_item_data)

            links.append(links_item)

        waehr_abk = d.pop("WaehrAbk", UNSET)

        branche_id = d.pop("BrancheID", UNSET)

        adr_sprache = d.pop("AdrSprache", UNSET)

        vb_typ = d.pop("VBTyp", UNSET)

        zahlungs_methode = d.pop("ZahlungsMethode", UNSET)

        kund_bez = d.pop("KundBez", UNSET)

        kommentar = d.pop("Kommentar", UNSET)

        _attributes = d.pop("attributes", UNSET)
        attributes: list[Attribut] | Unset = UNSET
        if _attributes is not UNSET:
            attributes = []
            for attributes_item_data in _attributes:
                attributes_item = Attribut.from_dict(attributes_item_data)

                attributes.append(attributes_item)

        _auftrag = d.pop("Auftrag", UNSET)
        auftrag: list[KundenAuftrag] | Unset = UNSET
        if _auftrag is not UNSET:
            auftrag = []
            for auftrag_item_data in _auftrag:
                auftrag_item = KundenAuftrag.from_dict(auftrag_item_data)

                auftrag.append(auftrag_item)

        _offene_posten = d.pop("OffenePosten", UNSET)
        offene_posten: list[OffenSumme] | Unset = UNSET
        if _offene_posten is not UNSET:
            offene_posten = []
            for offene_posten_item_data in _offene_posten:
                offene_posten_item = OffenSumme.from_dict(offene_posten_item_data)

                offene_posten.append(offene_posten_item)

        kunde = cls(
            status=status,
            kund_lief=kund_lief,
            kund_rech=kund_rech,
            kund_kontakt=kund_kontakt,
            links=links,
            waehr_abk=waehr_abk,
            branche_id=branche_id,
            adr_sprache=adr_sprache,
            vb_typ=vb_typ,
            zahlungs_methode=zahlungs_methode,
            kund_bez=kund_bez,
            kommentar=kommentar,
            attributes=attributes,
            auftrag=auftrag,
            offene_posten=offene_posten,
        )

        kunde.additional_properties = d
        return kunde

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
