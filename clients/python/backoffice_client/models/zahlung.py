from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.zahlung_status import ZahlungStatus
from ..models.zahlung_zuordnung import ZahlungZuordnung
from ..types import UNSET, Unset

T = TypeVar("T", bound="Zahlung")


@_attrs_define
class Zahlung:
    """
    Attributes:
        zahlung_id (str): the payment's id (from the bank's AcctSvcrRef)
        betrag (float): amount; at most 2 decimal places
        waehr_abk (str): currency, ISO 4217
        datum (datetime.date): booking date, YYYY-MM-DD
        referenz (str | Unset): the QR reference or creditor reference (RF) the payer gave
        schuldner (str | Unset): the debtor's name
        mitteilung (str | Unset): the unstructured remittance text
        status (ZahlungStatus | Unset): zugeordnet: booked to an invoice; offen: unmatched
        rech_nr (str | Unset): the invoice it is booked to
        zuordnung (ZahlungZuordnung | Unset): matched by reference, or assigned by hand
    """

    zahlung_id: str
    betrag: float
    waehr_abk: str
    datum: datetime.date
    referenz: str | Unset = UNSET
    schuldner: str | Unset = UNSET
    mitteilung: str | Unset = UNSET
    status: ZahlungStatus | Unset = UNSET
    rech_nr: str | Unset = UNSET
    zuordnung: ZahlungZuordnung | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        zahlung_id = self.zahlung_id

        betrag = self.betrag

        waehr_abk = self.waehr_abk

        datum = self.datum.isoformat()

        referenz = self.referenz

        schuldner = self.schuldner

        mitteilung = self.mitteilung

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value

        rech_nr = self.rech_nr

        zuordnung: str | Unset = UNSET
        if not isinstance(self.zuordnung, Unset):
            zuordnung = self.zuordnung.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "ZahlungId": zahlung_id,
                "Betrag": betrag,
                "WaehrAbk": waehr_abk,
                "Datum": datum,
            }
        )
        if referenz is not UNSET:
            field_dict["Referenz"] = referenz
        if schuldner is not UNSET:
            field_dict["Schuldner"] = schuldner
        if mitteilung is not UNSET:
            field_dict["Mitteilung"] = mitteilung
        if status is not UNSET:
            field_dict["Status"] = status
        if rech_nr is not UNSET:
            field_dict["RechNr"] = rech_nr
        if zuordnung is not UNSET:
            field_dict["Zuordnung"] = zuordnung

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        zahlung_id = d.pop("ZahlungId")

        betrag = d.pop("Betrag")

        waehr_abk = d.pop("WaehrAbk")

        datum = datetime.date.fromisoformat(d.pop("Datum"))

        referenz = d.pop("Referenz", UNSET)

        schuldner = d.pop("Schuldner", UNSET)

        mitteilung = d.pop("Mitteilung", UNSET)

        _status = d.pop("Status", UNSET)
        status: ZahlungStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = ZahlungStatus(_status)

        rech_nr = d.pop("RechNr", UNSET)

        _zuordnung = d.pop("Zuordnung", UNSET)
        zuordnung: ZahlungZuordnung | Unset
        if isinstance(_zuordnung, Unset):
            zuordnung = UNSET
        else:
            zuordnung = ZahlungZuordnung(_zuordnung)

        zahlung = cls(
            zahlung_id=zahlung_id,
            betrag=betrag,
            waehr_abk=waehr_abk,
            datum=datum,
            referenz=referenz,
            schuldner=schuldner,
            mitteilung=mitteilung,
            status=status,
            rech_nr=rech_nr,
            zuordnung=zuordnung,
        )

        zahlung.additional_properties = d
        return zahlung

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
