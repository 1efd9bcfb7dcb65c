"""Customers: the POST shape and its rules, creation in one transaction, and the read shape.

The customer item is PK=KUNDE#{DebiNr}, SK=KUNDE; its addresses, links and index items are those
of `backoffice.parties.address_store`; its order list is `backoffice.parties.order_list`.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import AfterValidator, ConfigDict, Field

from backoffice import company
from backoffice.errors import NotFound
from backoffice.links import link
from backoffice.models import RequestModel, SqlInt
from backoffice.parties import address_store, order_list, reference
from backoffice.parties.addresses import AddressIn, Language, check_addresses
from backoffice.parties.customer_keys import CUSTOMER_SK, customer_pk
from backoffice.platform import dynamo, outbox
from backoffice.platform.outbox import Change
from backoffice.timestamps import utc_text
from backoffice.webhooks import event_types

DEBI_NR_START = 100001
ADR_NR_START = 1
EVENT = "REST_Kunde"
PAYMENT_METHODS = ("K", "R")  # K credit card (paid outside), R invoice (paid through the system)
KUND_BEZ_LENGTH = 24
# Fields of GrundDaten stored on the customer as sent.
_STORED = (
    "WaehrAbk",
    "AUFT_SPESEN",
    "VBTyp",
    "TVTyp",
    "FAKTZahlArt",
    "Kommentar",
    "SteuerNummer",
    "FirmenURL",
    "KreditLimit",
    "ZahlungsMethode",
)


def _currency(code: str) -> str:
    problem = reference.currency_problem(code)
    if problem:
        raise ValueError(problem)
    return code


def _payment_methods(text: str) -> str:
    """ "K, R" -> "K,R": each one of K and R, once."""
    methods = [part.strip() for part in text.split(",")]
    wrong = [m for m in methods if m not in PAYMENT_METHODS]
    if wrong:
        raise ValueError(f"a comma-separated list of K (credit card) and R (invoice); not {', '.join(wrong)}")
    if len(set(methods)) != len(methods):
        raise ValueError("each payment method once")
    return ",".join(methods)


class CustomerData(RequestModel):
    """GrundDaten of POST /www/kunden."""

    model_config = ConfigDict(extra="forbid", strict=True, str_strip_whitespace=True)

    AdrSprache: Language | None = None
    WaehrAbk: Annotated[
        str,
        Field(min_length=1, max_length=4, json_schema_extra=reference.CURRENCY_SCHEMA),
        AfterValidator(_currency),
    ]
    AUFT_SPESEN: str | None = Field(default=None, max_length=32)
    VBTyp: str | None = Field(default=None, max_length=12)
    TVTyp: str | None = Field(default=None, max_length=12)
    FAKTZahlArt: str = Field(min_length=1, max_length=1)
    Kommentar: str | None = Field(default=None, max_length=255)
    SteuerNummer: str | None = Field(default=None, max_length=20)
    FirmenURL: str | None = Field(default=None, max_length=20)
    KreditLimit: SqlInt = 0
    ZahlungsMethode: (
        Annotated[
            str,
            Field(
                description="comma-separated: K credit card (paid outside), R invoice; each once",
                json_schema_extra={"pattern": r"^\s*(K|R|K\s*,\s*R|R\s*,\s*K)\s*$"},
            ),
            AfterValidator(_payment_methods),
        ]
        | None
    ) = None


class CustomerAddresses(RequestModel):
    KontaktAdr: AddressIn
    LiefAdr: AddressIn | None = None
    RechAdr: AddressIn | None = None


class CustomerIn(RequestModel):
    """The body of POST /www/kunden."""

    GrundDaten: CustomerData
    Adressen: CustomerAddresses


def _designation(contact: dict[str, Any]) -> str | None:
    """KundBez: the contact's company, else its first and last name, cut to the field's 24 characters."""
    text = contact.get("AdrFirma") or " ".join(p for p in (contact.get("AdrVorname"), contact.get("AdrName")) if p)
    return text[:KUND_BEZ_LENGTH].rstrip() or None


def customer_item(
    debi_nr: str, data: CustomerData, keys: dict[str, int], contact: dict[str, Any], user: str
) -> dict[str, Any]:
    stored = {name: getattr(data, name) for name in _STORED if getattr(data, name) not in (None, "")}
    return {
        "PK": customer_pk(debi_nr),
        "SK": CUSTOMER_SK,
        "Kind": "KUNDE",
        "DebiNr": debi_nr,
        **stored,
        "AdrSprache": data.AdrSprache or contact["AdrSprache"],
        "KundBez": _designation(contact),
        **keys,
        "attributes": [],
        "ErfasstUTC": utc_text(),
        "ErfasstVon": user,
        "Version": 1,
    }


def create_customer(body: CustomerIn, user: str, base: str = "") -> str:
    """Store a new customer and its addresses in one transaction (with REST_Kunde when enabled); its DebiNr.

    LiefAdr and RechAdr that are not given are the contact address (same AdrNr). Its event holds the
    customer as GET answers it (no orders yet), links on `base` (the request's base URL).
    """
    addresses = check_addresses({n: getattr(body.Adressen, n) for n in ("KontaktAdr", "LiefAdr", "RechAdr")})
    debi_nr = str(dynamo.next_number("DebiNr", start=DEBI_NR_START))
    numbers = {name: dynamo.next_number("AdrNr", start=ADR_NR_START) for name in addresses}
    keys = {
        "KundKontakt": numbers["KontaktAdr"],
        "KundLief": numbers.get("LiefAdr", numbers["KontaktAdr"]),
        "KundRech": numbers.get("RechAdr", numbers["KontaktAdr"]),
    }
    item = customer_item(debi_nr, body.GrundDaten, keys, addresses["KontaktAdr"], user)
    ops = [dynamo.put_op(item, dynamo.NEW)]
    for name, fields in addresses.items():
        adr_nr = numbers[name]
        roles = [role for role, number in keys.items() if number == adr_nr]
        ops += address_store.create_ops(adr_nr, debi_nr, fields, roles)
    ops += company.event_ops(EVENT, {"DebiNr": debi_nr, **keys}, user)
    created = Change(event_types.KUNDE_CREATED, {"DebiNr": debi_nr}, customer_view(item, [], base))
    ops += outbox.change_ops([created], user)
    outbox.transact_write(ops)
    return debi_nr


def get_customer(debi_nr: str) -> dict[str, Any]:
    item = dynamo.get_item(customer_pk(debi_nr), CUSTOMER_SK)
    if item is None:
        raise NotFound(f"No customer {debi_nr}.", {"DebiNr": debi_nr})
    return item


def address_links(keys: dict[str, Any], base: str) -> list[dict[str, str]]:
    """Links to the three addresses of a customer (GET and PATCH each)."""
    links = []
    for role in address_store.ROLES:
        path = f"/www/adressen/{int(keys[role])}"
        links += [link(base, path, f"adressen {role}", "GET"), link(base, path, f"adressen {role}", "PATCH")]
    return links


def found_by_address(criteria: dict[str, str], base: str) -> dict[str, Any]:
    """GET /www/adressensuche: the address keys of THE customer whose addresses match, with links.

    The search answers only when it identifies exactly one customer: none, or several, is a 404
    (saying which), so that a caller never takes one of several customers for the one it meant.
    """
    result = address_store.search(criteria)
    if not result.customers:
        raise NotFound("No customer has an address matching this search.", {"matches": 0})
    if len(result.customers) > 1:
        raise NotFound(
            "Several customers have addresses matching this search; narrow it down.",
            {"matches": "several", "DebiNr": list(result.customers)},
        )
    customer = get_customer(result.customers[0])
    data: dict[str, Any] = {role: int(customer[role]) for role in address_store.ROLES}
    data["DebiNr"] = str(customer["DebiNr"])
    links = [*address_links(customer, base), link(base, f"/www/kunden/{customer['DebiNr']}", "kunden")]
    return {**data, "links": links}


def customer_view(item: dict[str, Any], orders: list[order_list.OrderEntry], base: str = "") -> dict[str, Any]:
    """The read shape of GET /www/kunden/{DebiNr}; links start with `base`."""
    debi_nr = str(item["DebiNr"])
    limit = item.get("KreditLimit") or 0
    view: dict[str, Any] = {"status": 1 if limit > 0 else 0}
    for name in ("WaehrAbk", "BrancheID", "AdrSprache"):
        view[name] = item.get(name)
    for name in address_store.ROLES:
        view[name] = int(item[name])
    for name in ("VBTyp", "ZahlungsMethode", "KundBez", "Kommentar"):
        view[name] = item.get(name)
    view["attributes"] = [
        {"Contents": a.get("Contents"), "PHKey": a.get("PHKey")} for a in item.get("attributes") or []
    ]
    view["links"] = [
        *address_links(item, base),
        link(base, f"/www/adressen?debinr={debi_nr}", "adressen", "GET"),
    ]
    view["Auftrag"] = [
        {
            "PlanStatus": o.PlanStatus,
            "AuftErf": o.AuftErfUTC,
            "AuftErfUTC": o.AuftErfUTC,
            "AuftNr": o.AuftNr,
            "links": [link(base, f"/www/auftrag/{o.AuftNr}", "auftrag", "GET")],
        }
        for o in orders
    ]
    return view
