"""Quotations (Offerte): create, read, patch; a template quotation has no customer.

A quotation's head carries Version; a PATCH writes conditionally on the version it read and,
when another write came first, reads again and re-applies itself (PATCH_ATTEMPTS times, then 409),
so two concurrent patches both take effect and none is silently lost.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from botocore.exceptions import ClientError

from backoffice.errors import Conflict, InvalidRequest, NotFound
from backoffice.parties.addresses import AddressIn, check_address
from backoffice.platform import dynamo
from backoffice.sales import document_store
from backoffice.sales.calculation import compute_document
from backoffice.sales.position_patch import plan_patch
from backoffice.sales.position_pricing import (
    Buyer,
    Wanted,
    check_currency,
    code_by_name,
    load_articles,
    load_customer,
    nobody,
    price_positions,
)
from backoffice.sales.quotation_rules import Terms, check_assignment
from backoffice.sales.request_models import QuotationCreate, QuotationPatch, position_changes

OFFERT_NR_START = 700001
PATCH_ATTEMPTS = 3
STATUS = "P"  # AuftStatus of a quotation


def now_text() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def checked_addresses(given: dict[str, AddressIn | None], prefix: str = "Adressen") -> dict[str, dict[str, Any]]:
    """The addresses a request gives, checked (AdrCheck) and corrected; every problem in one 400."""
    found: dict[str, dict[str, Any]] = {}
    problems: dict[str, str] = {}
    for name, address in given.items():
        if address is not None:
            found[name], wrong = check_address(address, f"{prefix}.{name}")
            problems.update(wrong)
    if problems:
        raise InvalidRequest("The request is not valid.", problems)
    return found


def buyer_terms(buyer: Buyer) -> Terms:
    return Terms(buyer.effective_price_list(), buyer.cost_unit or "", buyer.tax_term, buyer.currency)


def quotation_terms(head: dict[str, Any]) -> Terms:
    return Terms(
        str(head.get("Preisliste") or ""),
        str(head.get("KTNr") or ""),
        str(head.get("ExportCode") or "Inland"),
        str(head["WaehrAbk"]),
    )


def buyer_head(buyer: Buyer) -> dict[str, Any]:
    """What the document remembers of the terms it was made with."""
    return {
        "KundNr": buyer.kund_nr,
        "WaehrAbk": buyer.currency,
        "Preisliste": buyer.effective_price_list(),
        "KTNr": buyer.cost_unit,
        "ExportCode": buyer.export_code,
        "Sprache": buyer.language,
    }


def create_quotation(body: QuotationCreate, user: str, webshop: str | None) -> dict[str, Any]:
    """Price and store a new quotation; its read shape with OffertNr."""
    header = body.GrundDaten
    if header.KundNr:
        buyer = load_customer(header.KundNr)
        if header.WaehrAbk:
            buyer = replace(buyer, currency=header.WaehrAbk)
    else:
        buyer = nobody(header.WaehrAbk, header.OrtLand)
    check_currency(buyer.currency)
    given = checked_addresses(_given(body.Adressen))
    wanted = [
        Wanted(
            source=f"Positionen[{i}]",
            pos_nr=i + 1,
            art_nr=p.ArtNr,
            quantity=p.Menge,
            vpe_unit=p.VPEinheit,
            discount=p.GRabSatz if p.GRabSatz is not None else Decimal(0),
            vis_pos_nr=p.VisPosNr,
        )
        for i, p in enumerate(body.Positionen)
    ]
    positions = price_positions(wanted, buyer, load_articles([w.art_nr for w in wanted], webshop))
    export = code_by_name(buyer.export_code) if buyer.export_code else None
    head: dict[str, Any] = {
        **{k: getattr(header, k) for k in document_store.HEADER_FIELDS if getattr(header, k, None) is not None},
        **buyer_head(buyer),
        "AuftStatus": STATUS,
        "Adressen": document_store.merged_addresses(buyer.addresses, given),
        "HighestPosNr": len(positions),
        "ErfasstVon": user,
        "Version": 1,
    }
    compute_document(positions, buyer.currency, export)  # every figure computable before any write
    offert_nr = str(dynamo.next_number("OffertNr", start=OFFERT_NR_START))
    head.update(
        {"OffertNr": offert_nr, "ErfasstUTC": now_text(), "Steuercodes": document_store.tax_codes(positions, export)}
    )
    stored = document_store.Stored(document_store.QUOTATION, offert_nr, head, positions)
    dynamo.transact_write(
        document_store.write_ops(document_store.QUOTATION, offert_nr, head, positions, export, dynamo.NEW)
    )
    return view(stored)


def view(stored: document_store.Stored) -> dict[str, Any]:
    return {"OffertNr": stored.number, **document_store.read_shape(stored)}


def get_quotation(offert_nr: str, consistent: bool = False) -> document_store.Stored:
    found = document_store.read(document_store.QUOTATION, offert_nr, consistent)
    if found is None:
        raise NotFound(f"No quotation {offert_nr}.", {"OffertNr": offert_nr})
    return found


def patch_quotation(offert_nr: str, kund_nr: str | None, body: QuotationPatch, webshop: str | None) -> dict[str, Any]:
    """Apply a PATCH; conditional on the version read, re-applied when another write came first."""
    header_nr = body.GrundDaten.KundNr if body.GrundDaten else None
    if kund_nr and header_nr and kund_nr != header_nr:
        raise InvalidRequest(
            "KundNr of the query and of GrundDaten differ.", {"GrundDaten.KundNr": f"the query says {kund_nr}"}
        )
    target = header_nr or kund_nr
    given = checked_addresses(_given(body.Adressen))
    for attempt in range(PATCH_ATTEMPTS):
        stored = get_quotation(offert_nr, consistent=True)
        try:
            return _apply(stored, target, body, given, webshop)
        except ClientError as exc:
            if not dynamo.is_condition_failure(exc):
                raise
            if attempt == PATCH_ATTEMPTS - 1:
                raise Conflict(
                    f"Quotation {offert_nr} was changed by others meanwhile; read it and try again.",
                    {"OffertNr": offert_nr},
                ) from exc
    raise AssertionError("unreachable")


def _given(adressen: Any) -> dict[str, Any]:
    return {n: getattr(adressen, n) for n in document_store.ADDRESS_NAMES} if adressen is not None else {}


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
    buyer: Buyer | None = None
    if target:
        buyer = load_customer(target, "GrundDaten.KundNr" if body.GrundDaten and body.GrundDaten.KundNr else "KundNr")
        if check_assignment(stored.number, head.get("KundNr"), target, quotation_terms(head), buyer_terms(buyer)):
            head["KundNr"] = target
            head["Sprache"] = buyer.language
            # The customer's addresses, unless the quotation was given its own.
            head["Adressen"] = document_store.merged_addresses(buyer.addresses, head.get("Adressen") or {})
    if given:
        # A given address replaces that one address as a whole; the others stay.
        head["Adressen"] = document_store.merged_addresses(head.get("Adressen") or {}, given)
    positions = stored.positions
    changes = position_changes(body)
    if changes:
        plan = plan_patch(positions, changes, int(head.get("HighestPosNr") or 0))
        # Priced with the quotation's own terms (an assigned customer's fit them, see check_assignment).
        pricer = _buyer_of(head)
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
    new = document_store.Stored(stored.kind, stored.number, head, list(positions))
    export = stored.export_tax()
    new.document()
    old_version = stored.version
    head["Version"] = old_version + 1
    head["GeaendertUTC"] = now_text()
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


def _buyer_of(head: dict[str, Any]) -> Buyer:
    """The terms the quotation was priced with, for pricing its changed positions again."""
    price_list = head.get("Preisliste")
    return Buyer(
        kund_nr=head.get("KundNr"),
        currency=str(head["WaehrAbk"]),
        price_list=str(price_list) if price_list else None,
        cost_unit=head.get("KTNr"),
        export_code=head.get("ExportCode"),
        language=head.get("Sprache"),
    )
