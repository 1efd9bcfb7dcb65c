"""Quotations (Offerte): create, read, patch; a template quotation has no customer.

A quotation's head carries Version; a PATCH writes conditionally on the version it read and,
when another write came first, reads again and re-applies itself (PATCH_ATTEMPTS times, then 409),
so two concurrent patches both take effect and none is silently lost.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from botocore.exceptions import ClientError

from backoffice.errors import Conflict, InvalidRequest
from backoffice.parties.addresses import check_addresses
from backoffice.platform import dynamo, outbox
from backoffice.sales import contract, document_store, drafts
from backoffice.sales.buyer import Buyer, buyer_terms, export_code, load_customer, nobody, pricing_buyer
from backoffice.sales.calculation import PositionInput
from backoffice.sales.document import QUOTATION, QUOTATION_STATUS, Addresses, SalesDocument
from backoffice.sales.position_pricing import Wanted, code_by_name, load_articles, price_positions
from backoffice.sales.quotation_models import QuotationCreate, QuotationPatch, position_changes, quotation_wish
from backoffice.sales.request_models import given_addresses
from backoffice.timestamps import utc_now
from backoffice.webhooks import event_types

if TYPE_CHECKING:
    # The PATCH's rules are imported by the PATCH only: a cold start on POST or GET does not pay them.
    from backoffice.sales.position_patch import PatchPlan, PositionChange

OFFERT_NR_START = 700001
PATCH_ATTEMPTS = 3
STATUS = QUOTATION_STATUS  # AuftStatus of a quotation


def create_quotation(body: QuotationCreate, user: str, webshop: str | None) -> dict[str, Any]:
    """Price and store a new quotation; its read shape with OffertNr."""
    header = body.GrundDaten
    if header.KundNr:
        buyer = load_customer(header.KundNr)
        if header.WaehrAbk:
            buyer = replace(buyer, currency=header.WaehrAbk)
    else:
        buyer = nobody(header.WaehrAbk, header.OrtLand)
    draft = drafts.priced(QUOTATION, quotation_wish(body), buyer, webshop, user)
    offert_nr = str(dynamo.next_number("OffertNr", start=OFFERT_NR_START))
    document = draft.document.numbered(offert_nr, utc_now())
    shown = view(document)
    created = document_store.change(event_types.OFFERTE_CREATED, {"OffertNr": offert_nr}, shown)
    outbox.transact_write(document_store.write_ops(document, dynamo.NEW) + outbox.change_ops([created], user))
    return shown


def view(document: SalesDocument) -> dict[str, Any]:
    return contract.quotation_view(document)


def get_quotation(offert_nr: str, consistent: bool = False) -> SalesDocument:
    return document_store.existing(QUOTATION, offert_nr, consistent)


def _any_version(version: int) -> None:
    """The precondition of a PATCH without If-Match: any version will do."""


def patch_quotation(
    offert_nr: str,
    kund_nr: str | None,
    body: QuotationPatch,
    webshop: str | None,
    precondition: Callable[[int], None] = _any_version,
    user: str = "",
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
    patch = _Patch(
        target=header_nr or kund_nr,
        customer_field="GrundDaten.KundNr" if header_nr else "KundNr",
        addresses=_given(body),
        changes=position_changes(body),
        webshop=webshop,
        user=user,
    )
    for attempt in range(PATCH_ATTEMPTS):
        stored = get_quotation(offert_nr, consistent=True)
        precondition(stored.version)
        try:
            return view(_apply(stored, patch)), stored.version + 1
        except ClientError as exc:
            if not dynamo.is_condition_failure(exc):
                raise
            if attempt == PATCH_ATTEMPTS - 1:
                raise Conflict(
                    f"Quotation {offert_nr} was changed by others meanwhile; read it and try again.",
                    {"OffertNr": offert_nr},
                ) from exc
    raise AssertionError("unreachable")


def _given(body: QuotationPatch) -> Addresses | None:
    """The addresses the PATCH gives, checked; None when it gives none."""
    given = check_addresses(given_addresses(body.Adressen))
    return Addresses.by_role(given) if given else None


@dataclass(frozen=True)
class _Patch:
    """A PATCH parsed once, applied to every version read."""

    target: str | None  # the customer named (query or GrundDaten), None: none
    customer_field: str  # where an unknown customer is reported
    addresses: Addresses | None  # the addresses given, checked; None: none given
    changes: list[PositionChange]
    webshop: str | None
    user: str  # who changes it, for its event


def _apply(stored: SalesDocument, patch: _Patch) -> SalesDocument:
    """The quotation with the PATCH applied, checked and written conditionally on its version."""
    stored.check_unconverted()
    document = stored
    if patch.addresses is not None:
        # A given address replaces that one address as a whole; the others stay.
        document = _addressed(document, document.head.addresses.overridden_by(patch.addresses))
    document, buyer = _assigned(document, patch.target, patch.customer_field)
    if patch.addresses is not None:
        if buyer is None and document.head.customer:
            buyer = load_customer(document.head.customer, "KundNr")
        document = _placed(document, buyer)
    if patch.changes:
        document = _repositioned(document, patch.changes, patch.webshop)
    head = replace(document.head, version=stored.version + 1, changed_at=utc_now())
    document = replace(document, head=head)
    drafts.check_total(document.figures)  # computed once: the answer shows the same figures
    shown = view(document)
    updated = document_store.change(event_types.OFFERTE_UPDATED, {"OffertNr": document.number}, shown)
    outbox.transact_write(
        document_store.write_ops(document, version=stored.version) + outbox.change_ops([updated], patch.user)
    )
    return document


def _addressed(document: SalesDocument, addresses: Addresses) -> SalesDocument:
    return replace(document, head=replace(document.head, addresses=addresses))


def _assigned(document: SalesDocument, target: str | None, customer_field: str) -> tuple[SalesDocument, Buyer | None]:
    """The quotation assigned to the `target` customer when it is a template that fits; the customer."""
    if not target:
        return document, None
    buyer = load_customer(target, customer_field)
    # The customer's addresses, unless the quotation was given its own.
    addresses = buyer.addresses.overridden_by(document.head.addresses)
    # A template goes to a customer whose document would be taxed as the template is.
    terms = buyer_terms(buyer.delivering_to(addresses, document.head.details.country))
    if document.check_assignment(target, terms):
        head = replace(document.head, customer=target, language=buyer.language, addresses=addresses)
        document = replace(document, head=head)
    return document, buyer


def _placed(document: SalesDocument, buyer: Buyer | None) -> SalesDocument:
    """The place of supply may have moved with the addresses: the document is taxed where it now goes."""
    configured = buyer.configured_export if buyer is not None else None
    code = export_code(configured, document.head.addresses, document.head.details.country)
    if code == (document.export.code if document.export else None):
        return document
    return replace(document, export=code_by_name(code) if code else None)


def _repositioned(document: SalesDocument, changes: Sequence[PositionChange], webshop: str | None) -> SalesDocument:
    """The positions changed, the changed ones priced again with the quotation's own terms (an
    assigned customer's fit them, see check_assignment)."""
    from backoffice.sales.position_patch import plan_patch

    highest = document.head.highest_pos_nr or 0
    plan = plan_patch(document.positions, changes, highest)
    positions = _priced(plan, pricing_buyer(document), webshop)
    head = replace(document.head, highest_pos_nr=max([highest, *(p.pos_nr for p in positions)]))
    return replace(document, head=head, positions=tuple(positions))


def _priced(plan: PatchPlan, buyer: Buyer, webshop: str | None) -> list[PositionInput]:
    """The planned positions: those to reprice priced again, the others kept."""
    wanted = [
        Wanted(
            source=p.source,
            pos_nr=p.pos_nr,
            art_nr=p.art_nr,
            quantity=p.quantity,
            vpe_unit=p.vpe_unit,
            discount=p.discount,
            description=p.description or None,
            vis_pos_nr=p.vis_pos_nr,
        )
        for p in plan.positions
        if p.reprice
    ]
    found = load_articles([w.art_nr for w in wanted], webshop)
    fresh = {w.pos_nr: w for w in price_positions(wanted, buyer, found)}
    return [fresh[p.pos_nr] if p.reprice else p.kept() for p in plan.positions]
