from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="CustomerData")


@_attrs_define
class CustomerData:
    """GrundDaten of POST /www/kunden.

    Attributes:
        waehr_abk (str):
        fakt_zahl_art (str):
        adr_sprache (None | str | Unset):
        auft_spesen (None | str | Unset):
        vb_typ (None | str | Unset):
        tv_typ (None | str | Unset):
        kommentar (None | str | Unset):
        steuer_nummer (None | str | Unset):
        firmen_url (None | str | Unset):
        kredit_limit (int | Unset):  Default: 0.
        zahlungs_methode (None | str | Unset):
    """

    waehr_abk: str
    fakt_zahl_art: str
    adr_sprache: None | str | Unset = UNSET
    auft_spesen: None | str | Unset = UNSET
    vb_typ: None | str | Unset = UNSET
    tv_typ: None | str | Unset = UNSET
    kommentar: None | str | Unset = UNSET
    steuer_nummer: None | str | Unset = UNSET
    firmen_url: None | str | Unset = UNSET
    kredit_limit: int | Unset = 0
    zahlungs_methode: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        waehr_abk = self.waehr_abk

        fakt_zahl_art = self.fakt_zahl_art

        adr_sprache: None | str | Unset
        if isinstance(self.adr_sprache, Unset):
            adr_sprache = UNSET
        else:
            adr_sprache = self.adr_sprache

        auft_spesen: None | str | Unset
        if isinstance(self.auft_spesen, Unset):
            auft_spesen = UNSET
        else:
            auft_spesen = self.auft_spesen

        vb_typ: None | str | Unset
        if isinstance(self.vb_typ, Unset):
            vb_typ = UNSET
        else:
            vb_typ = self.vb_typ

        tv_typ: None | str | Unset
        if isinstance(self.tv_typ, Unset):
            tv_typ = UNSET
        else:
            tv_typ = self.tv_typ

        kommentar: None | str | Unset
        if isinstance(self.kommentar, Unset):
            kommentar = UNSET
        else:
            kommentar = self.kommentar

        steuer_nummer: None | str | Unset
        if isinstance(self.steuer_nummer, Unset):
            steuer_nummer = UNSET
        else:
            steuer_nummer = self.steuer_nummer

        firmen_url: None | str | Unset
        if isinstance(self.firmen_url, Unset):
            firmen_url = UNSET
        else:
            firmen_url = self.firmen_url

        kredit_limit = self.kredit_limit

        zahlungs_methode: None | str | Unset
        if isinstance(self.zahlungs_methode, Unset):
            zahlungs_methode = UNSET
        else:
            zahlungs_methode = self.zahlungs_methode

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "WaehrAbk": waehr_abk,
                "FAKTZahlArt": fakt_zahl_art,
            }
        )
        if adr_sprache is not UNSET:
            field_dict["AdrSprache"] = adr_sprache
        if auft_spesen is not UNSET:
            field_dict["AUFT_SPESEN"] = auft_spesen
        if vb_typ is not UNSET:
            field_dict["VBTyp"] = vb_typ
        if tv_typ is not UNSET:
            field_dict["TVTyp"] = tv_typ
        if kommentar is not UNSET:
            field_dict["Kommentar"] = kommentar
        if steuer_nummer is not UNSET:
            field_dict["SteuerNummer"] = steuer_nummer
        if firmen_url is not UNSET:
            field_dict["FirmenURL"] = firmen_url
        if kredit_limit is not UNSET:
            field_dict["KreditLimit"] = kredit_limit
        if zahlungs_methode is not UNSET:
            field_dict["ZahlungsMethode"] = zahlungs_methode

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        waehr_abk = d.pop("WaehrAbk")

        fakt_zahl_art = d.pop("FAKTZahlArt")

        def _parse_adr_sprache(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        adr_sprache = _parse_adr_sprache(d.pop("AdrSprache", UNSET))

        def _parse_auft_spesen(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        auft_spesen = _parse_auft_spesen(d.pop("AUFT_SPESEN", UNSET))

        def _parse_vb_typ(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        vb_typ = _parse_vb_typ(d.pop("VBTyp", UNSET))

        def _parse_tv_typ(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        tv_typ = _parse_tv_typ(d.pop("TVTyp", UNSET))

        def _parse_kommentar(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        kommentar = _parse_kommentar(d.pop("Kommentar", UNSET))

        def _parse_steuer_nummer(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        steuer_nummer = _parse_steuer_nummer(d.pop("SteuerNummer", UNSET))

        def _parse_firmen_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        firmen_url = _parse_firmen_url(d.pop("FirmenURL", UNSET))

        kredit_limit = d.pop("KreditLimit", UNSET)

        def _parse_zahlungs_methode(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        zahlungs_methode = _parse_zahlungs_methode(d.pop("ZahlungsMethode", UNSET))

        customer_data = cls(
            waehr_abk=waehr_abk,
            fakt_zahl_art=fakt_zahl_art,
            adr_sprache=adr_sprache,
            auft_spesen=auft_spesen,
            vb_typ=vb_typ,
            tv_typ=tv_typ,
            kommentar=kommentar,
            steuer_nummer=steuer_nummer,
            firmen_url=firmen_url,
            kredit_limit=kredit_limit,
            zahlungs_methode=zahlungs_methode,
        )

        return customer_data
