from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.artikel_listen_eintrag_anlager import ArtikelListenEintragAnlager
from ..models.artikel_listen_eintrag_hatvpe import ArtikelListenEintragHatvpe
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.attribut import Attribut
    from ..models.bestand_eintrag import BestandEintrag
    from ..models.link import Link
    from ..models.preis_eintrag import PreisEintrag
    from ..models.verpackung import Verpackung


T = TypeVar("T", bound="ArtikelListenEintrag")


@_attrs_define
class ArtikelListenEintrag:
    """An article of the list: the read shape without Deklaration, restricted by `fields`.

    Attributes:
        art_nr (str | Unset): article number
        an_lager (ArtikelListenEintragAnlager | Unset): J = yes, N = no (stock-managed)
        art_bez (str | Unset): designation
        artikel_status (int | Unset): 1 = active
        einheit (str | Unset): unit
        farbe (str | Unset): colour marker #rrggbb (a marker, not the article's colour)
        wust_satz (float | Unset): stored tax rate, falling back to the standard rate
        geaendert_am_utc (str | Unset): last modification time
        art_gruppe (str | Unset): article group
        art_klasse (str | Unset): article class
        waehr_abk (str | Unset): currency of prices, ISO 4217
        beschaffungs_art (str | Unset): procurement kind
        verarbeitungs_art (str | Unset): processing kind; C = batch-managed, N = not batch-managed
        art_gewicht (float | Unset): weight
        links (list[Link] | Unset): the article and its media
        attributes (list[Attribut] | Unset): article attributes
        hat_vpe (ArtikelListenEintragHatvpe | Unset): J/N: has packaging units; without, price and stock are on the
            article
        verpackungen (list[Verpackung] | Unset): packaging units, present when HatVPE = J
        preis (list[PreisEintrag] | Unset): tiered prices when no VPE (absent when no price is stored)
        bestand (list[BestandEintrag] | Unset): stock (optional)
    """

    art_nr: str | Unset = UNSET
    an_lager: ArtikelListenEintragAnlager | Unset = UNSET
    art_bez: str | Unset = UNSET
    artikel_status: int | Unset = UNSET
    einheit: str | Unset = UNSET
    farbe: str | Unset = UNSET
    wust_satz: float | Unset = UNSET
    geaendert_am_utc: str | Unset = UNSET
    art_gruppe: str | Unset = UNSET
    art_klasse: str | Unset = UNSET
    waehr_abk: str | Unset = UNSET
    beschaffungs_art: str | Unset = UNSET
    verarbeitungs_art: str | Unset = UNSET
    art_gewicht: float | Unset = UNSET
    links: list[Link] | Unset = UNSET
    attributes: list[Attribut] | Unset = UNSET
    hat_vpe: ArtikelListenEintragHatvpe | Unset = UNSET
    verpackungen: list[Verpackung] | Unset = UNSET
    preis: list[PreisEintrag] | Unset = UNSET
    bestand: list[BestandEintrag] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        art_nr = self.art_nr

        an_lager: str | Unset = UNSET
        if not isinstance(self.an_lager, Unset):
            an_lager = self.an_lager.value

        art_bez = self.art_bez

        artikel_status = self.artikel_status

        einheit = self.einheit

        farbe = self.farbe

        wust_satz = self.wust_satz

        geaendert_am_utc = self.geaendert_am_utc

        art_gruppe = self.art_gruppe

        art_klasse = self.art_klasse

        waehr_abk = self.waehr_abk

        beschaffungs_art = self.beschaffungs_art

        verarbeitungs_art = self.verarbeitungs_art

        art_gewicht = self.art_gewicht

        links: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.links, Unset):
            links = []
            for links_item_data in self.links:
                links_item = links_item_data.to_dict()
                links.append(links_item)

        attributes: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.attributes, Unset):
            attributes = []
            for attributes_item_data in self.attributes:
                attributes_item = attributes_item_data.to_dict()
                attributes.append(attributes_item)

        hat_vpe: str | Unset = UNSET
        if not isinstance(self.hat_vpe, Unset):
            hat_vpe = self.hat_vpe.value

        verpackungen: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.verpackungen, Unset):
            verpackungen = []
            for verpackungen_item_data in self.verpackungen:
                verpackungen_item = verpackungen_item_data.to_dict()
                verpackungen.append(verpackungen_item)

        preis: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.preis, Unset):
            preis = []
            for preis_item_data in self.preis:
                preis_item = preis_item_data.to_dict()
                preis.append(preis_item)

        bestand: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.bestand, Unset):
            bestand = []
            for bestand_item_data in self.bestand:
                bestand_item = bestand_item_data.to_dict()
                bestand.append(bestand_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if art_nr is not UNSET:
            field_dict["ArtNr"] = art_nr
        if an_lager is not UNSET:
            field_dict["AnLager"] = an_lager
        if art_bez is not UNSET:
            field_dict["ArtBez"] = art_bez
        if artikel_status is not UNSET:
            field_dict["ArtikelStatus"] = artikel_status
        if einheit is not UNSET:
            field_dict["Einheit"] = einheit
        if farbe is not UNSET:
            field_dict["Farbe"] = farbe
        if wust_satz is not UNSET:
            field_dict["WUSTSatz"] = wust_satz
        if geaendert_am_utc is not UNSET:
            field_dict["GeaendertAmUTC"] = geaendert_am_utc
        if art_gruppe is not UNSET:
            field_dict["ArtGruppe"] = art_gruppe
        if art_klasse is not UNSET:
            field_dict["ArtKlasse"] = art_klasse
        if waehr_abk is not UNSET:
            field_dict["WaehrAbk"] = waehr_abk
        if beschaffungs_art is not UNSET:
            field_dict["BeschaffungsArt"] = beschaffungs_art
        if verarbeitungs_art is not UNSET:
            field_dict["VerarbeitungsArt"] = verarbeitungs_art
        if art_gewicht is not UNSET:
            field_dict["ArtGewicht"] = art_gewicht
        if links is not UNSET:
            field_dict["links"] = links
        if attributes is not UNSET:
            field_dict["attributes"] = attributes
        if hat_vpe is not UNSET:
            field_dict["HatVPE"] = hat_vpe
        if verpackungen is not UNSET:
            field_dict["Verpackungen"] = verpackungen
        if preis is not UNSET:
            field_dict["Preis"] = preis
        if bestand is not UNSET:
            field_dict["Bestand"] = bestand

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.attribut import Attribut  # noqa: PLC0415
        from ..models.bestand_eintrag import BestandEintrag  # noqa: PLC0415
        from ..models.link import Link  # noqa: PLC0415
        from ..models.preis_eintrag import PreisEintrag  # noqa: PLC0415
        from ..models.verpackung import Verpackung  # noqa: PLC0415

        d = dict(src_dict)
        art_nr = d.pop("ArtNr", UNSET)

        _an_lager = d.pop("AnLager", UNSET)
        an_lager: ArtikelListenEintragAnlager | Unset
        if isinstance(_an_lager, Unset):
            an_lager = UNSET
        else:
            an_lager = ArtikelListenEintragAnlager(_an_lager)

        art_bez = d.pop("ArtBez", UNSET)

        artikel_status = d.pop("ArtikelStatus", UNSET)

        einheit = d.pop("Einheit", UNSET)

        farbe = d.pop("Farbe", UNSET)

        wust_satz = d.pop("WUSTSatz", UNSET)

        geaendert_am_utc = d.pop("GeaendertAmUTC", UNSET)

        art_gruppe = d.pop("ArtGruppe", UNSET)

        art_klasse = d.pop("ArtKlasse", UNSET)

        waehr_abk = d.pop("WaehrAbk", UNSET)

        beschaffungs_art = d.pop("BeschaffungsArt", UNSET)

        verarbeitungs_art = d.pop("VerarbeitungsArt", UNSET)

        art_gewicht = d.pop("ArtGewicht", UNSET)

        _links = d.pop("links", UNSET)
        links: list[Link] | Unset = UNSET
        if _links is not UNSET:
            links = []
            for links_item_data in _links:
                links_item = Link.from_dict(links_item_data)

                links.append(links_item)

        _attributes = d.pop("attributes", UNSET)
        attributes: list[Attribut] | Unset = UNSET
        if _attributes is not UNSET:
            attributes = []
            for attributes_item_data in _attributes:
                attributes_item = Attribut.from_dict(attributes_item_data)

                attributes.append(attributes_item)

        _hat_vpe = d.pop("HatVPE", UNSET)
        hat_vpe: ArtikelListenEintragHatvpe | Unset
        if isinstance(_hat_vpe, Unset):
            hat_vpe = UNSET
        else:
            hat_vpe = ArtikelListenEintragHatvpe(_hat_vpe)

        _verpackungen = d.pop("Verpackungen", UNSET)
        verpackungen: list[Verpackung] | Unset = UNSET
        if _verpackungen is not UNSET:
            verpackungen = []
            for verpackungen_item_data in _verpackungen:
                verpackungen_item = Verpackung.from_dict(verpackungen_item_data)

                verpackungen.append(verpackungen_item)

        _preis = d.pop("Preis", UNSET)
        preis: list[PreisEintrag] | Unset = UNSET
        if _preis is not UNSET:
            preis = []
            for preis_item_data in _preis:
                preis_item = PreisEintrag.from_dict(preis_item_data)

                preis.append(preis_item)

        _bestand = d.pop("Bestand", UNSET)
        bestand: list[BestandEintrag] | Unset = UNSET
        if _bestand is not UNSET:
            bestand = []
            for bestand_item_data in _bestand:
                bestand_item = BestandEintrag.from_dict(bestand_item_data)

                bestand.append(bestand_item)

        artikel_listen_eintrag = cls(
            art_nr=art_nr,
            an_lager=an_lager,
            art_bez=art_bez,
            artikel_status=artikel_status,
            einheit=einheit,
            farbe=farbe,
            wust_satz=wust_satz,
            geaendert_am_utc=geaendert_am_utc,
            art_gruppe=art_gruppe,
            art_klasse=art_klasse,
            waehr_abk=waehr_abk,
            beschaffungs_art=beschaffungs_art,
            verarbeitungs_art=verarbeitungs_art,
            art_gewicht=art_gewicht,
            links=links,
            attributes=attributes,
            hat_vpe=hat_vpe,
            verpackungen=verpackungen,
            preis=preis,
            bestand=bestand,
        )

        artikel_listen_eintrag.additional_properties = d
        return artikel_listen_eintrag

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
