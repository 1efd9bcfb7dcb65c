"""Orders (Auftrag): create one, convert a quotation into one, read one.

An order is written with ONE TransactWriteItems: its head and position chunks
(`backoffice.sales_store`), the customer's order-list entry (`backoffice.order_list`), one
`ADD LagerBestand` per distinct stock item it reserves, the REST_Auft outbox item when the event
is enabled, and for a conversion the quotation's converted marker. Either all of it is stored or
nothing: there is never a reservation without its order nor an order without its reservations.
DynamoDB holds at most 100 items in one transaction, so the distinct stock items of one order are
limited (MAX_RESERVATIONS); more is a 400 that says the limit (docs/decisions.md).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from decimal import Decimal
from typing import Any

from botocore.exceptions import BotoCoreError, ClientError

from backoffice import company
from backoffice.catalogue import article_store, articles
from backoffice.errors import Conflict, InvalidRequest, Unavailable
from backoffice.money import divide, finite, plain
from backoffice.parties import order_list
from backoffice.platform import dynamo
from backoffice.sales import document_store, drafts
from backoffice.sales.buyer import buyer_terms, load_customer, quotation_terms
from backoffice.sales.calculation import PositionInput
from backoffice.sales.position_pricing import is_stock_managed
from backoffice.sales.quotation_rules import check_conversion
from backoffice.sales.request_models import OrderConvert, OrderCreate, payment_records
from backoffice.timestamps import utc_now, utc_text

EVENT = "REST_Auft"
AUFT_NR_START = 400001
STATUS = "N"  # AuftStatus of a new order, and PlanStatus of its order-list entry
DEFAULT_LOCATION = 1  # StaoNr when neither the request nor the configuration names one
# 100 items per transaction, less: head, up to MAX_CHUNKS chunks, 2 order-list items, the outbox
# item and the quotation's marker.
MAX_RESERVATIONS = 100 - (1 + document_store.MAX_CHUNKS + 2 + 1 + 1)


def order_location(requested: int | None) -> int:
    """GrundDaten.StaoNr, else the configured order location; a location we do not know is a 400
    (a reservation there would create stock items for a warehouse that does not exist)."""
    configured = company.order_location()
    default = configured if configured is not None else DEFAULT_LOCATION
    if requested is None:
        return default
    known = sorted({default, *company.released_warehouses()})
    if requested not in known:
        raise InvalidRequest(
            f"There is no location {requested} to reserve stock in.",
            {"GrundDaten.StaoNr": f"one of {', '.join(map(str, known))}"},
        )
    return requested


def reservations(
    positions: list[PositionInput], found: dict[str, dict[str, Any]], stao_nr: int
) -> dict[tuple[str, str | None], Decimal]:
    """What each stock item at `stao_nr` is lowered by: (ArtNr, VPEinheit or None) -> amount.

    A stock item counts its own unit: the base unit for an article without VPE, packaging units
    for a VPE's item, so a VPE position lowers its VPE's item by VPEAnzBest (Menge / Faktor).
    Articles with AnLager N keep no stock and reserve nothing.
    """
    amounts: dict[tuple[str, str | None], Decimal] = {}
    for p in positions:
        article = found.get(p.art_nr)
        if article is None or not is_stock_managed(article):
            continue
        unit = p.vpe_unit or None
        count = p.quantity if unit is None else plain(finite(divide(p.quantity, p.vpe_factor)))
        amounts[(p.art_nr, unit)] = amounts.get((p.art_nr, unit), Decimal(0)) + count
    if len(amounts) > MAX_RESERVATIONS:
        raise InvalidRequest(
            f"An order reserves at most {MAX_RESERVATIONS} different articles or packaging units.",
            {"Positionen": f"{len(amounts)} different stock items; the limit is {MAX_RESERVATIONS}"},
        )
    return amounts


def reservation_ops(amounts: dict[tuple[str, str | None], Decimal], stao_nr: int) -> list[dict[str, Any]]:
    """One atomic ADD per stock item; an item that does not exist yet is created (negative stock)."""
    ops = []
    for (art_nr, unit), amount in amounts.items():
        pk, sk = articles.stock_key(art_nr, unit, stao_nr)
        names: dict[str, Any] = {"ArtNr": art_nr, "StaoNr": stao_nr}
        if unit is not None:
            names["VPEinheit"] = unit
        ops.append(dynamo.update_op(pk, sk, set_if_missing=names, add={"LagerBestand": -amount}))
    return ops


def _order_ops(
    auft_nr: str,
    head: dict[str, Any],
    positions: list[PositionInput],
    export: Any,
    amounts: dict[tuple[str, str | None], Decimal],
    entered: datetime,
    user: str,
) -> list[dict[str, Any]]:
    kund_nr = str(head["KundNr"])
    ops = document_store.write_ops(document_store.ORDER, auft_nr, head, positions, export, dynamo.NEW)
    ops += order_list.entry_ops(order_list.OrderEntry.new(kund_nr, auft_nr, STATUS, entered))
    ops += reservation_ops(amounts, int(head["StaoNr"]))
    ops += company.event_ops(EVENT, {"AuftNr": auft_nr, "KundNr": kund_nr, "OffertNr": head.get("OffertNr")}, user)
    return ops


def create_order(body: OrderCreate, user: str, webshop: str | None) -> str:
    """Price, check and store a new order with its reservations in one transaction; its AuftNr."""
    header = body.GrundDaten
    buyer = load_customer(header.KundNr)
    if header.WaehrAbk:
        buyer = replace(buyer, currency=header.WaehrAbk)
    draft = drafts.priced(header, buyer, body.Adressen, body.Positionen, webshop, STATUS, user)
    stao_nr = order_location(header.StaoNr)
    amounts = reservations(draft.positions, draft.articles, stao_nr)
    draft.head.update({"StaoNr": stao_nr, "Zahlung": payment_records(body.Zahlung)})
    return _store(draft, amounts, user)


Reservations = dict[tuple[str, str | None], Decimal]


def _store(draft: drafts.Draft, amounts: Reservations, user: str, *extra: Callable[[str], dict[str, Any]]) -> str:
    """Number the order and write it with everything that goes with it, in one transaction."""
    auft_nr = str(dynamo.next_number("AuftNr", start=AUFT_NR_START))
    entered = utc_now()
    token = uuid.uuid4().hex
    draft.head.update({"AuftNr": auft_nr, "ErfasstUTC": utc_text(entered), "Schreibtoken": token})
    ops = _order_ops(auft_nr, draft.head, draft.positions, draft.export, amounts, entered, user)
    _commit(auft_nr, [*ops, *(op(auft_nr) for op in extra)], token)
    return auft_nr


def _commit(auft_nr: str, ops: list[dict[str, Any]], token: str) -> None:
    """Write the order's transaction. When the answer is lost (a timeout, or botocore's retry of a
    write that had landed and now fails its own conditions), the order head tells: it carries the
    write's token."""
    try:
        dynamo.transact_write(ops, token)
    except ClientError:
        if not _landed(auft_nr, token):
            raise
    except BotoCoreError as exc:
        if not _landed(auft_nr, token):
            raise Unavailable("The order could not be stored in time; nothing was written. Retry.", 2) from exc


def _landed(auft_nr: str, token: str) -> bool:
    try:
        head = dynamo.get_item(
            document_store.pk(document_store.ORDER, auft_nr), document_store.HEAD_SK, consistent=True
        )
    except (ClientError, BotoCoreError):
        return False
    return head is not None and head.get("Schreibtoken") == token


def convert_quotation(body: OrderConvert, user: str) -> str:
    """PUT /www/auftrag: the quotation's positions and prices become an order, once; its AuftNr."""
    offert_nr, kund_nr = body.GrundDaten.OffertNr, body.GrundDaten.KundNr
    stored = document_store.existing(document_store.QUOTATION, offert_nr, consistent=True)
    quotation = stored.head
    buyer = load_customer(kund_nr)
    addresses = document_store.merged_addresses(buyer.addresses, quotation.get("Adressen") or {})
    check_conversion(
        offert_nr,
        quotation.get("KundNr"),
        quotation.get("AuftNr"),
        kund_nr,
        quotation_terms(quotation),
        # A template goes to a customer whose document would be taxed as the template is.
        buyer_terms(buyer.delivering_to(addresses, quotation.get("OrtLand"))),
    )
    found = article_store.articles_by_number(list(dict.fromkeys(p.art_nr for p in stored.positions)))
    gone = sorted({p.art_nr for p in stored.positions} - set(found))
    if gone:
        raise Conflict(
            f"Quotation {offert_nr} holds articles that no longer exist: {', '.join(gone)}.",
            {"OffertNr": offert_nr, "ArtNr": gone},
        )
    draft = drafts.converted(stored, buyer, STATUS, user, found)
    stao_nr = order_location(None)
    amounts = reservations(draft.positions, found, stao_nr)
    draft.head.update({"StaoNr": stao_nr, "Zahlung": payment_records(body.Zahlung)})
    try:
        return _store(draft, amounts, user, lambda auft_nr: _converted_marker(offert_nr, auft_nr, stored.version))
    except ClientError as exc:
        if not dynamo.is_condition_failure(exc):
            raise
        again = document_store.existing(document_store.QUOTATION, offert_nr, consistent=True).head
        if again.get("AuftNr"):
            raise Conflict(
                f"Quotation {offert_nr} has already been converted into order {again['AuftNr']}.",
                {"OffertNr": offert_nr, "AuftNr": again["AuftNr"]},
            ) from exc
        raise Conflict(f"Quotation {offert_nr} was changed meanwhile; try again.", {"OffertNr": offert_nr}) from exc


def _converted_marker(offert_nr: str, auft_nr: str, version: int) -> dict[str, Any]:
    """The quotation notes its order, only while nobody changed or converted it since it was read."""
    return dynamo.update_op(
        document_store.pk(document_store.QUOTATION, offert_nr),
        document_store.HEAD_SK,
        set_={"AuftNr": auft_nr},
        version=version,
        absent=("AuftNr",),
    )


def get_order(auft_nr: str) -> document_store.Stored:
    """The stored order (one Query), or a 404."""
    return document_store.existing(document_store.ORDER, auft_nr)


def order_view(stored: document_store.Stored) -> dict[str, Any]:
    """The read shape of GET /www/auftrag/{AuftNr}."""
    return document_store.read_shape(stored)
