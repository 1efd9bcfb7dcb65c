"""Addresses: the request shape (KontaktAdr, LiefAdr, RechAdr), its rules, the stored record and its views.

Used by customers, quotations and orders alike. Pure functions over plain data: the store lives in
`backoffice.parties.address_store`.

    checked, problems = check_address(model, "Adressen.KontaktAdr")
    # problems: {"Adressen.KontaktAdr.OrtPLZ": "unknown Swiss postal code"}; checked: the fields to store
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, ConfigDict, Field, WithJsonSchema
from pydantic.config import JsonDict

from backoffice.errors import InvalidRequest
from backoffice.models import NOT_BOOLEAN, RequestModel
from backoffice.parties import postal, reference

# The text fields of a stored address, in the order of the contract's tables.
TEXT_FIELDS = (
    "AdrSprache",
    "EmailAdress",
    "AdrAdresse1",
    "AdrAdresse2",
    "AdrFax",
    "AdrFirma",
    "AdrFirma2",
    "AdrVorname",
    "AdrName",
    "AdrTelex",
    "AdrTf1",
    "AdrTf2",
    "OrtLand",
    "OrtName",
    "OrtPLZ",
)
FIELDS = (*TEXT_FIELDS, "AdrAnrede")
# The standalone table's order, for reads.
VIEW_ORDER = (*TEXT_FIELDS[:4], "AdrAnrede", *TEXT_FIELDS[4:])
REQUIRED = ("AdrSprache", "AdrAdresse1", "AdrAnrede", "OrtLand", "OrtName", "OrtPLZ")
PHONE_FIELDS = ("AdrTf1", "AdrTf2", "AdrTelex", "AdrFax")
# The lengths of the contract's address table: the one place they are written. A request's
# AdrSprache is one of the three-letter codes (LANGUAGE_LENGTH); a search takes the table's four.
MAX_LENGTH = {
    "AdrSprache": 4,
    "EmailAdress": 255,
    "AdrAdresse1": 60,
    "AdrAdresse2": 60,
    "AdrFax": 28,
    "AdrFirma": 36,
    "AdrFirma2": 36,
    "AdrVorname": 36,
    "AdrName": 36,
    "AdrTelex": 28,
    "AdrTf1": 28,
    "AdrTf2": 28,
    "OrtLand": 4,
    "OrtName": 48,
    "OrtPLZ": 10,
}
LANGUAGE_LENGTH = 3
SALUTATIONS = {0: "company/general", 1: "Mr", 2: "Ms"}
# AdrAnredeText by the address's language; other languages get the English words.
_SALUTATION_TEXT = {
    "ger": ("Firma", "Herr", "Frau"),
    "fre": ("Entreprise", "Monsieur", "Madame"),
    "ita": ("Ditta", "Signor", "Signora"),
    "roh": ("Firma", "Signur", "Dunna"),
    "eng": ("Company", "Mr", "Ms"),
}


def _language(code: str) -> str:
    problem = reference.language_problem(code)
    if problem:
        raise ValueError(problem)
    return code


def _country(code: str) -> str:
    problem = reference.country_problem(code)
    if problem:
        raise ValueError(problem)
    return code


def _text(name: str, min_length: int = 0) -> Any:
    """The text field `name` at its table length; optional (default None) unless it has a minimum length."""
    if min_length:
        return Field(min_length=min_length, max_length=MAX_LENGTH[name])
    return Field(default=None, max_length=MAX_LENGTH[name])


def _optional(name: str) -> Any:
    """A field a PATCH may leave out but not empty (it is required in the record)."""
    return Field(default=None, min_length=1, max_length=MAX_LENGTH[name])


Language = Annotated[
    str,
    Field(min_length=1, max_length=LANGUAGE_LENGTH, json_schema_extra=reference.LANGUAGE_SCHEMA),
    AfterValidator(_language),
]
Country = Annotated[
    str,
    Field(min_length=1, max_length=MAX_LENGTH["OrtLand"], json_schema_extra=reference.COUNTRY_SCHEMA),
    AfterValidator(_country),
]
# AdrAnrede's values with names: `x-enum-varnames` is what openapi-python-client and
# openapi-typescript (--enum) name enum members by; without it they make VALUE_0, VALUE_1 ...
SALUTATION_SCHEMA: JsonDict = {
    "type": "integer",
    "enum": [0, 1, 2],
    "x-enum-varnames": ["Allgemein", "Herr", "Frau"],
    "x-enum-descriptions": ["company or general", "Mr", "Ms"],
    "description": "0 = company/general, 1 = Mr, 2 = Ms",
}
Salutation = Annotated[Literal[0, 1, 2], NOT_BOOLEAN, WithJsonSchema(SALUTATION_SCHEMA)]


class AddressIn(RequestModel):
    """An address as requests send it (`KontaktAdr`, `LiefAdr`, `RechAdr`); blanks around values are dropped."""

    model_config = ConfigDict(extra="forbid", strict=True, str_strip_whitespace=True)

    AdrSprache: Language
    EmailAdress: str | None = _text("EmailAdress")
    AdrAdresse1: str = _text("AdrAdresse1", 1)
    AdrAdresse2: str | None = _text("AdrAdresse2")
    AdrAnrede: Salutation
    AdrFax: str | None = _text("AdrFax")
    AdrFirma: str | None = _text("AdrFirma")
    AdrFirma2: str | None = _text("AdrFirma2")
    AdrVorname: str | None = _text("AdrVorname")
    AdrName: str | None = _text("AdrName")
    AdrTelex: str | None = _text("AdrTelex")
    AdrTf1: str | None = _text("AdrTf1")
    AdrTf2: str | None = _text("AdrTf2")
    OrtLand: Country
    OrtName: str = _text("OrtName", 1)
    OrtPLZ: str = _text("OrtPLZ", 1)
    AdrCheck: Annotated[Literal[0, 1], NOT_BOOLEAN] | None = None


class AddressPatch(RequestModel):
    """PATCH /www/adressen/{AdrNr}: any standalone field; null clears an optional one; `Anrede` = AdrAnrede."""

    model_config = ConfigDict(extra="forbid", strict=True, str_strip_whitespace=True)

    AdrSprache: Language | None = None
    EmailAdress: str | None = _text("EmailAdress")
    AdrAdresse1: str | None = _optional("AdrAdresse1")
    AdrAdresse2: str | None = _text("AdrAdresse2")
    AdrAnrede: Salutation | None = None
    Anrede: Salutation | None = None
    AdrFax: str | None = _text("AdrFax")
    AdrFirma: str | None = _text("AdrFirma")
    AdrFirma2: str | None = _text("AdrFirma2")
    AdrVorname: str | None = _text("AdrVorname")
    AdrName: str | None = _text("AdrName")
    AdrTelex: str | None = _text("AdrTelex")
    AdrTf1: str | None = _text("AdrTf1")
    AdrTf2: str | None = _text("AdrTf2")
    OrtLand: Country | None = None
    OrtName: str | None = _optional("OrtName")
    OrtPLZ: str | None = _optional("OrtPLZ")

    def changes(self) -> dict[str, Any]:
        """The fields sent, by their stored names (None: clear it)."""
        sent = {name: getattr(self, name) for name in self.model_fields_set}
        if "Anrede" in sent and "AdrAnrede" in sent and sent["Anrede"] != sent["AdrAnrede"]:
            raise InvalidRequest("The request is not valid.", {"Anrede": "Anrede and AdrAnrede differ; send one"})
        if "Anrede" in sent:
            anrede = sent.pop("Anrede")
            if anrede is not None or "AdrAnrede" not in sent:
                sent["AdrAnrede"] = anrede
        return sent


def _clean(fields: dict[str, Any]) -> dict[str, Any]:
    """The stored form: only fields with data (an empty optional field is no field)."""
    return {k: v for k, v in fields.items() if k in FIELDS and v is not None and v != ""}


def record_problems(fields: dict[str, Any], path: str, adr_check: bool) -> tuple[dict[str, Any], dict[str, str]]:
    """The rules across fields, and the postal check: (fields to store, {field path: problem})."""
    problems: dict[str, str] = {}
    fields = dict(fields)
    prefix = f"{path}." if path else ""
    for name in REQUIRED:
        if fields.get(name) in (None, ""):
            problems[prefix + name] = "Field required"
    if not fields.get("AdrFirma") and not fields.get("AdrName"):
        problems[prefix + "AdrName"] = "AdrFirma or AdrName must be given"
    country, code, town = fields.get("OrtLand"), fields.get("OrtPLZ"), fields.get("OrtName")
    if adr_check and country in postal.COUNTRIES and code and town:
        found = postal.check_town(country, code, town)
        if not found.known:
            where = "Swiss" if country == "CH" else "Liechtenstein"
            problems[prefix + "OrtPLZ"] = f"unknown {where} postal code {code}"
        else:
            fields["OrtName"] = found.town
    return fields, problems


def check_address(address: AddressIn, path: str) -> tuple[dict[str, Any], dict[str, str]]:
    """A request address made into the fields to store; AdrCheck defaults to 1 for CH, else 0."""
    adr_check = address.AdrCheck if address.AdrCheck is not None else int(address.OrtLand == "CH")
    fields = _clean(address.model_dump(exclude={"AdrCheck"}))
    return record_problems(fields, path, bool(adr_check))


def check_addresses(given: Mapping[str, AddressIn | None], prefix: str = "Adressen") -> dict[str, dict[str, Any]]:
    """The addresses a request gives (by name: KontaktAdr ...), checked and corrected; every
    problem of every address in one 400."""
    found: dict[str, dict[str, Any]] = {}
    problems: dict[str, str] = {}
    for name, address in given.items():
        if address is not None:
            found[name], wrong = check_address(address, f"{prefix}.{name}")
            problems.update(wrong)
    if problems:
        raise InvalidRequest("The request is not valid.", problems)
    return found


def patched(stored: dict[str, Any], changes: dict[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    """A stored address with a PATCH applied and checked as a whole.

    The town is checked against the postal directory (CH, LI) when the patch touches the postal
    code, the town or the country: a patch cannot leave a Swiss address with an unknown postal code.
    """
    fields = _clean({k: v for k, v in stored.items() if k in FIELDS})
    for name, value in changes.items():
        if value is None or value == "":
            fields.pop(name, None)
        else:
            fields[name] = value
    touches_place = bool({"OrtLand", "OrtPLZ", "OrtName"} & set(changes))
    return record_problems(fields, "", touches_place)


def salutation_text(salutation: int | None, language: str | None) -> str | None:
    if salutation is None:
        return None
    return _SALUTATION_TEXT.get(language or "", _SALUTATION_TEXT["eng"])[int(salutation)]


def standalone_view(record: dict[str, Any], with_number: bool = True) -> dict[str, Any]:
    """The standalone read shape (Adressen endpoints) of a stored address."""
    view: dict[str, Any] = {"AdrNr": int(record["AdrNr"])} if with_number else {}
    for name in VIEW_ORDER:
        if record.get(name) not in (None, ""):
            view[name] = int(record[name]) if name == "AdrAnrede" else record[name]
        if name == "AdrAnrede":
            view["AdrAnredeText"] = salutation_text(record.get("AdrAnrede"), record.get("AdrSprache"))
    return view


def document_view(record: dict[str, Any]) -> dict[str, Any]:
    """The read shape inside order and quotation reads (KontaktAdr, LiefAdr, RechAdr)."""
    view: dict[str, Any] = {"AdrNr": int(record["AdrNr"])} if record.get("AdrNr") is not None else {}
    for name in (
        "AdrFirma",
        "AdrFirma2",
        "AdrVorname",
        "AdrName",
        "AdrAdresse1",
        "AdrAdresse2",
        "AdrTelex",
        "AdrTf1",
        "AdrTf2",
        "AdrFax",
        "OrtName",
        "OrtPLZ",
        "OrtLand",
        "EmailAdress",
    ):
        if record.get(name) not in (None, ""):
            view[name] = record[name]
    if record.get("OrtLand"):
        view["ISOLandA2"] = record["OrtLand"]
    return view


# --- matching (search) -------------------------------------------------------------------------


def normalize(field: str, value: str) -> str:
    """The form searches compare: case and surrounding blanks ignored; phones by their digits."""
    text = unicodedata.normalize("NFC", value).strip()
    if field in PHONE_FIELDS:
        return ("+" if text.startswith("+") else "") + "".join(c for c in text if c.isdigit())
    return " ".join(text.casefold().split())


def match_form(fields: dict[str, Any]) -> dict[str, str]:
    """The normalized searchable fields of an address."""
    return {name: normalize(name, str(fields[name])) for name in TEXT_FIELDS if fields.get(name) not in (None, "")}
