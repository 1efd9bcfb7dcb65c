"""Addresses in the table: the record, the customer's link to it, its search index items; reads,
PATCH and search.

Items (single table):
- PK=ADR#{AdrNr}, SK=ADR: the address (fields, DebiNr, Version).
- PK=KUNDE#{DebiNr}, SK=ADR#{AdrNr:010d}: the customer's link (Roles: KundKontakt, KundLief, KundRech).
- PK=ADRIDX#{kind}#{value}: one search index item per indexed value (E e-mail, T phone, N name,
  F company, P postal code), carrying DebiNr, AdrNr and the address's normalized fields (M), so a
  search reads one index partition and never the addresses themselves.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from botocore.exceptions import ClientError

from backoffice.errors import Conflict, InvalidRequest, NotFound
from backoffice.parties.addresses import PHONE_FIELDS, match_form, normalize, patched, standalone_view
from backoffice.parties.customer_keys import customer_pk
from backoffice.platform import dynamo, outbox
from backoffice.platform.outbox import Change
from backoffice.webhooks import event_types

ADDRESS_SK = "ADR"
ROLES = ("KundKontakt", "KundLief", "KundRech")
INDEX_PREFIX = "ADRIDX#"
LINK_PREFIX = "ADR#"  # the customer's links, in the customer's partition
# A PATCH re-reads and re-applies itself when another write came first; after this many it gives up.
PATCH_ATTEMPTS = 3


def address_pk(adr_nr: int) -> str:
    return f"ADR#{adr_nr}"


def link_sk(adr_nr: int) -> str:
    return f"{LINK_PREFIX}{adr_nr:010d}"


def address_item(adr_nr: int, debi_nr: str, fields: dict[str, Any], version: int = 1) -> dict[str, Any]:
    return {
        "PK": address_pk(adr_nr),
        "SK": ADDRESS_SK,
        "Kind": "ADR",
        **fields,
        "AdrNr": adr_nr,
        "DebiNr": debi_nr,
        "Version": version,
    }


def from_address_item(item: dict[str, Any]) -> dict[str, Any]:
    record = {k: v for k, v in item.items() if k not in ("PK", "SK", "Kind")}
    record["AdrNr"] = int(record["AdrNr"])
    record["Version"] = int(record["Version"])
    if "AdrAnrede" in record:
        record["AdrAnrede"] = int(record["AdrAnrede"])
    return record


def link_item(debi_nr: str, adr_nr: int, roles: list[str]) -> dict[str, Any]:
    return {"PK": customer_pk(debi_nr), "SK": link_sk(adr_nr), "Kind": "KUNDADR", "AdrNr": adr_nr, "Roles": roles}


def _index_keys(adr_nr: int, fields: dict[str, Any]) -> list[tuple[str, str]]:
    form = match_form(fields)
    plz = form.get("OrtPLZ", "")
    keys: list[tuple[str, str]] = []
    if form.get("EmailAdress"):
        keys.append((f"{INDEX_PREFIX}E#{form['EmailAdress']}", str(adr_nr)))
    for phone in dict.fromkeys(form[f] for f in PHONE_FIELDS if form.get(f) and form[f] != "+"):
        keys.append((f"{INDEX_PREFIX}T#{phone}", str(adr_nr)))
    # Name and company keys sort by postal code, so "postal code + name" reads a slice of one partition.
    if form.get("AdrName"):
        keys.append((f"{INDEX_PREFIX}N#{form['AdrName']}", f"{plz}#{adr_nr}"))
    if form.get("AdrFirma"):
        keys.append((f"{INDEX_PREFIX}F#{form['AdrFirma']}", f"{plz}#{adr_nr}"))
    if plz:
        keys.append((f"{INDEX_PREFIX}P#{plz}", str(adr_nr)))
    return keys


def index_items(adr_nr: int, debi_nr: str, fields: dict[str, Any]) -> list[dict[str, Any]]:
    form = match_form(fields)
    return [
        {"PK": pk, "SK": sk, "Kind": "ADRIDX", "AdrNr": adr_nr, "DebiNr": debi_nr, "M": form}
        for pk, sk in _index_keys(adr_nr, fields)
    ]


def create_ops(adr_nr: int, debi_nr: str, fields: dict[str, Any], roles: list[str]) -> list[dict[str, Any]]:
    """The transaction items of a new address of a customer."""
    items = [address_item(adr_nr, debi_nr, fields), link_item(debi_nr, adr_nr, roles)]
    items += index_items(adr_nr, debi_nr, fields)
    return [dynamo.put_op(item, dynamo.NEW) for item in items]


def get_address(adr_nr: int, consistent: bool = False) -> dict[str, Any]:
    item = dynamo.get_item(address_pk(adr_nr), ADDRESS_SK, consistent=consistent)
    if item is None:
        raise NotFound(f"No address {adr_nr}.", {"AdrNr": adr_nr})
    return from_address_item(item)


def addresses_of(debi_nr: str) -> list[tuple[dict[str, Any], list[str]]]:
    """The customer's addresses with their roles, by address number (one query, one batch read)."""
    links = list(dynamo.query(customer_pk(debi_nr), sk_prefix=LINK_PREFIX))
    roles = {int(link["AdrNr"]): list(link.get("Roles") or []) for link in links}
    items = dynamo.batch_get([(address_pk(n), ADDRESS_SK) for n in roles]) if roles else []
    records = sorted((from_address_item(i) for i in items), key=lambda r: r["AdrNr"])
    return [(record, roles[record["AdrNr"]]) for record in records]


def _any_version(version: int) -> None:
    """The precondition of a PATCH without If-Match: any version will do."""


def patch_address(
    adr_nr: int, changes: dict[str, Any], precondition: Callable[[int], None] = _any_version, user: str = ""
) -> int:
    """Apply a PATCH, conditional on the version read: a concurrent write makes it re-read and re-apply.

    `precondition(version)` raises when the version read is not the one the client meant (its
    If-Match); checked on every read, so the conditional write never applies to another version.
    The address's new Version.
    """
    for _ in range(PATCH_ATTEMPTS):
        stored = get_address(adr_nr, consistent=True)
        precondition(stored["Version"])
        fields, problems = patched(stored, changes)
        if problems:
            raise InvalidRequest("The address would not be valid after this change.", problems)
        version = stored["Version"]
        item = address_item(adr_nr, stored["DebiNr"], fields, version + 1)
        put = dynamo.put_op(item, version=version)
        new_index = index_items(adr_nr, stored["DebiNr"], fields)
        new_keys = {(i["PK"], i["SK"]) for i in new_index}
        gone = [k for k in _index_keys(adr_nr, stored) if k not in new_keys]
        ops = [put, *(dynamo.put_op(i) for i in new_index)]
        ops += [dynamo.delete_op(pk, sk) for pk, sk in gone]
        shown = standalone_view(from_address_item(item))
        ops += outbox.change_ops([Change(event_types.ADRESSE_UPDATED, {"AdrNr": adr_nr}, shown)], user)
        try:
            outbox.transact_write(ops)
            return int(version) + 1
        except ClientError as err:
            if not dynamo.is_condition_failure(err):
                raise
    raise Conflict(f"Address {adr_nr} is being changed by others; retry.", {"AdrNr": adr_nr})


# --- search ------------------------------------------------------------------------------------

INDEXED_HINT = "EmailAdress, AdrTf1, AdrTf2, AdrTelex, AdrFax, AdrName, AdrFirma or OrtPLZ"


@dataclass(frozen=True)
class SearchResult:
    customers: tuple[str, ...]  # DebiNr of the matching customers: none, one, or the first two found


def _plan(criteria: dict[str, str]) -> tuple[str, str | None]:
    """The index partition (and sort-key prefix) that answers the criteria; the most selective first."""
    if "EmailAdress" in criteria:
        return f"{INDEX_PREFIX}E#{criteria['EmailAdress']}", None
    for field in PHONE_FIELDS:
        if field in criteria:
            return f"{INDEX_PREFIX}T#{criteria[field]}", None
    plz_prefix = f"{criteria['OrtPLZ']}#" if "OrtPLZ" in criteria else None
    if "AdrName" in criteria:
        return f"{INDEX_PREFIX}N#{criteria['AdrName']}", plz_prefix
    if "AdrFirma" in criteria:
        return f"{INDEX_PREFIX}F#{criteria['AdrFirma']}", plz_prefix
    if "OrtPLZ" in criteria:
        return f"{INDEX_PREFIX}P#{criteria['OrtPLZ']}", None
    raise InvalidRequest(
        f"Search by at least one of {INDEXED_HINT}.",
        dict.fromkeys(criteria, f"give it with one of {INDEXED_HINT}") or {"query": f"give {INDEXED_HINT}"},
    )


def search(raw_criteria: dict[str, str]) -> SearchResult:
    """Customers whose addresses match every criterion (case and surrounding blanks ignored).

    Reads one index partition, page by page, and stops at the second customer found: the number of
    requests depends on how many addresses share the indexed value, not on the size of the table.
    """
    criteria = {f: normalize(f, v) for f, v in raw_criteria.items()}
    criteria = {f: v for f, v in criteria.items() if v and v != "+"}
    if not criteria:
        raise InvalidRequest(f"Give at least one search field ({INDEXED_HINT}).", {"query": "no search field given"})
    pk, sk_prefix = _plan(criteria)
    found: list[str] = []
    for item in dynamo.query(pk, sk_prefix=sk_prefix):
        form = item.get("M") or {}
        if all(form.get(f) == v for f, v in criteria.items()) and item["DebiNr"] not in found:
            found.append(str(item["DebiNr"]))
            if len(found) > 1:
                break
    return SearchResult(tuple(found))
