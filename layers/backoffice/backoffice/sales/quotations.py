"""Quotations (Offerte): create, read, patch; a template quotation has no customer.

A quotation's head carries Version; a PATCH writes conditionally on the version it read and,
when another write came first, reads again and re-applies itself (PATCH_ATTEMPTS times, then 409),
so two concurrent patches both take effect and none is silently lost.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from botocore.exceptions import ClientError

from backoffice.errors import Conflict, InvalidRequest
from backoffice.parties.addresses import check_addresses
from backoffice.platform import dynamo
from backoffice.sales import document_store, drafts
from backoffice.sales.buyer import (
    Buyer,
    buyer_of,
    buyer_terms,
    export_code,
    given_addresses,
    load_customer,
    nobody,
    quotation_terms,
)
from backoffice.sales.position_patch import plan_patch
from backoffice.sales.position_pricing import Wanted, code_by_name, load_articles, price_positions
from backoffice.sales.quotation_rules import check_assignment
from backoffice.sales.request_models import QuotationCreate, QuotationPatch, position_changes
from backoffice.timestamps import utc_text

OFFERT_NR_START = 700001
PATCH_ATTEMPTS = 3
STATUS = "P"  # AuftStatus of a quotation


def create_quotation(body: QuotationCreate, user: str, webshop: str | None) -> dict[str, Any]:
    """Price and store a new quotation; its read shape with OffertNr."""
    header = body.GrundDaten
    if header.KundNr:
        buyer = load_customer(header.KundNr)
        if header.WaehrAbk:
            buyer = replace(buyer, currency=header.WaehrAbk)
    else:
        buyer = nobody(header.WaehrAbk, header.OrtLand)
    draft = drafts.priced(header, buyer, body.Adressen, body.Positionen, webshop, STATUS, user)
    offert_nr = str(dynamo.next_number("OffertNr", start=OFFERT_NR_START))
    head, positions = draft.head, draft.positions
    head.update(
        {
            "OffertNr": offert_nr,
            "ErfasstUTC": utc_text(),
            "Steuercodes": document_store.tax_codes(positions, draft.export),
        }
    )
    stored = document_store.Stored(document_store.QUOTATION, offert_nr, head, positions)
    dynamo.transact_write(
        document_store.write_ops(document_store.QUOTATION, offert_nr, head, positions, draft.export, dynamo.NEW)
    )
    return view(stored)


def view(stored: document_store.Stored) -> dict[str, Any]:
    return {"OffertNr": stored.number, **document_store.read_shape(stored)}


def get_quotation(offert_nr: str, consistent: bool = False) -> document_store.Stored:
    return document_store.existing(document_store.QUOTATION, offert_nr, consistent)


def _any_version(version: int) -> None:
    """The precondition of a PATCH without If-Match: any version will do."""


def patch_quotation(
    offert_nr: str,
    kund_nr: str | None,
    body: QuotationPatch,
    webshop: str | None,
    precondition: Callable[[int], None] = _any_version,
) -> tuple[dict[str, Any], int]:
    """Apply a PATCH; conditional on the version read, re-applied when another write came first.

    `precondition(version)` raises when the version read is not the one the client meant (its
    If-Match): checked on every read, so a write that came first makes the re-read fail it, and the
    write itself is conditional on that version. The quotation's view and its new Version.
    """
    header_nr = body.GrundDaten.KundNr if body.GrundDaten else None
    if kund_nr and header_nr and kund_nr != header_nr:
        raise InvalidRequest(
            "KundNr of the query and of GrundDaten differ.", {"GrundDaten.KundNr": f"the query says {kund_nr}"}
        )
    target = header_nr or kund_nr
    given = check_addresses(given_addresses(body.Adressen))
    for attempt in range(PATCH_ATTEMPTS):
        stored = get_quotation(offert_nr, consistent=True)
        precondition(stored.version)
        try:
            return _apply(stored, target, body, given, webshop), stored.version + 1
        except ClientError as exc:
            if not dynamo.is_condition_failure(exc):
                raise
            if attempt == PATCH_ATTEMPTS - 1:
                raise Conflict(
                    f"Quotation {offert_nr} was changed by others meanwhile; read it and try again.",
                    {"OffertNr": offert_nr},
                ) from exc
    raise AssertionError("unreachable")


def _apply(
    stored: document_store.Stored,
    target: str | None,
    body: QuotationPatch,
    given: dict[str, dict[str, Any]],
    webshop: str | None,
) -> dict[str, Any]:
    head = dict(stored.head)
    if head.get("AuftNr"):
        raise Conflict(
            f"Quotation {stored.number} has been converted into order {head['AuftNr']}; it cannot change.",
            {"OffertNr": stored.number, "AuftNr": head["AuftNr"]},
        )
    if given:
        # A given address replaces that one address as a whole; the others stay.
        head["Adressen"] = document_store.merged_addresses(head.get("Adressen") or {}, given)
    buyer: Buyer | None = None
    owner = target or head.get("KundNr")
    if target:
        buyer = load_customer(target, "GrundDaten.KundNr" if body.GrundDaten and body.GrundDaten.KundNr else "KundNr")
        # The customer's addresses, unless the quotation was given its own.
        addresses = document_store.merged_addresses(buyer.addresses, head.get("Adressen") or {})
        # A template goes to a customer whose document would be taxed as the template is.
        terms = buyer_terms(buyer.delivering_to(addresses, head.get("OrtLand")))
        if check_assignment(stored.number, head.get("KundNr"), target, quotation_terms(head), terms):
            head.update({"KundNr": target, "Sprache": buyer.language, "Adressen": addresses})
    elif given and owner:
        buyer = load_customer(str(owner), "KundNr")
    if given:
        # The place of supply may have moved: the document is taxed where it now goes.
        configured = buyer.configured_export if buyer is not None else None
        head["ExportCode"] = export_code(configured, head.get("Adressen") or {}, head.get("OrtLand"))
    positions = stored.positions
    changes = position_changes(body)
    if changes:
        plan = plan_patch(positions, changes, int(head.get("HighestPosNr") or 0))
        # Priced with the quotation's own terms (an assigned customer's fit them, see check_assignment).
        pricer = buyer_of(head)
        repriced = [p for p in plan.positions if p.reprice]
        wanted = [
            Wanted(
                source=p.source,
                pos_nr=p.pos_nr,
                art_nr=p.art_nr,
                quantity=p.quantity,
                vpe_unit=(p.stored.vpe_unit or None) if p.stored else None,
                discount=p.discount,
                description=p.description or None,
                vis_pos_nr=p.vis_pos_nr,
            )
            for p in repriced
        ]
        found = load_articles([w.art_nr for w in wanted], webshop)
        fresh = {w.pos_nr: w for w in price_positions(wanted, pricer, found)}
        positions = [fresh[p.pos_nr] if p.reprice else p.kept() for p in plan.positions]
        head["HighestPosNr"] = max([int(head.get("HighestPosNr") or 0), *(p.pos_nr for p in positions)])
    export = stored.export_tax()
    if head.get("ExportCode") != stored.head.get("ExportCode"):
        export = code_by_name(head["ExportCode"]) if head.get("ExportCode") else None
        head["Steuercodes"] = {**(head.get("Steuercodes") or {}), **document_store.tax_codes([], export)}
    new = document_store.Stored(stored.kind, stored.number, head, list(positions))
    drafts.check_total(new.document())
    old_version = stored.version
    head["Version"] = old_version + 1
    head["GeaendertUTC"] = utc_text()
    ops = document_store.write_ops(
        document_store.QUOTATION,
        stored.number,
        head,
        positions,
        export,
        None,
        version=old_version,
        old_chunks=int(stored.head.get("Chunks") or 0),
    )
    dynamo.transact_write(ops)
    return view(new)
