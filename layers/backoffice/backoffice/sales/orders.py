"""Orders (Auftrag): create one, convert a quotation into one, read one.

An order is written with ONE TransactWriteItems: its head and position chunks
(`backoffice.sales.document_store`), the customer's order-list entry (`backoffice.parties.order_list`), one
`ADD LagerBestand` per distinct stock item it reserves, the REST_Auft outbox item when the event
is enabled, its events for the feed and webhooks (one item: `auftrag.created` with the order as
GET answers it, an `artikel.stock_changed` per reservation with that stock item's new stock,
`offerte.converted` with the converted quotation), and for a conversion the quotation's converted
marker. The stock an event reports is exact: each reservation is conditional on the stock read
before the write, and a write that lost that race is written again from a fresh read
(STOCK_ATTEMPTS). Either all of it is stored or
nothing: there is never a reservation without its order nor an order without its reservations.
DynamoDB holds at most 100 items in one transaction, so the distinct stock items of one order are
limited (MAX_RESERVATIONS); more is a 400 that says the limit (ADR 0015).
"""

from __future__ import annotations

import contextlib
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from decimal import Decimal
from typing import Any

from botocore.exceptions import BotoCoreError, ClientError

from backoffice import company
from backoffice.catalogue import article_store, articles
from backoffice.errors import Conflict, InvalidRequest, Unavailable
from backoffice.parties import order_list
from backoffice.platform import dynamo, outbox
from backoffice.platform.outbox import Change
from backoffice.sales import contract, document_store, drafts
from backoffice.sales.buyer import buyer_terms, load_customer
from backoffice.sales.calculation import PositionInput
from backoffice.sales.document import ORDER, ORDER_STATUS, QUOTATION, SalesDocument
from backoffice.sales.fulfilment import stock_item
from backoffice.sales.order_models import OrderConvert, OrderCreate, order_wish
from backoffice.sales.position_pricing import is_stock_managed
from backoffice.sales.request_models import Payment, payments
from backoffice.timestamps import utc_now
from backoffice.webhooks import event_types

EVENT = "REST_Auft"
AUFT_NR_START = 400001
STATUS = ORDER_STATUS  # AuftStatus of a new order, and PlanStatus of its order-list entry
DEFAULT_LOCATION = 1  # StaoNr when neither the request nor the configuration names one
# 100 items per transaction, less: head, up to MAX_CHUNKS chunks, 2 order-list items, the outbox
# item, the feed's item and the quotation's marker.
MAX_RESERVATIONS = 100 - (1 + document_store.MAX_CHUNKS + 2 + 1 + 1 + 1)
Reservations = dict[tuple[str, str | None], Decimal]  # (ArtNr, VPEinheit or None) -> amount
StockBefore = dict[tuple[str, str | None], dict[str, Any] | None]  # the stock items read, None: none yet
# Writes of one order when other orders keep changing its stock items meanwhile.
STOCK_ATTEMPTS = 5


class _StockMoved(Exception):
    """Another write changed a stock item between its read and the order's transaction."""


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


def reservations(positions: Sequence[PositionInput], found: dict[str, dict[str, Any]], stao_nr: int) -> Reservations:
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
        key, count = stock_item(p.art_nr, p.vpe_unit, p.vpe_factor, p.quantity)
        amounts[key] = amounts.get(key, Decimal(0)) + count
    if len(amounts) > MAX_RESERVATIONS:
        raise InvalidRequest(
            f"An order reserves at most {MAX_RESERVATIONS} different articles or packaging units.",
            {"Positionen": f"{len(amounts)} different stock items; the limit is {MAX_RESERVATIONS}"},
        )
    return amounts


def stock_before(amounts: Reservations, stao_nr: int) -> StockBefore:
    """The stock items the order will lower, read consistently just before its write."""
    keys = {key: articles.stock_key(key[0], key[1], stao_nr) for key in amounts}
    found = {(i["PK"], i["SK"]): i for i in dynamo.batch_get(keys.values(), consistent=True)}
    return {key: found.get(item_key) for key, item_key in keys.items()}


def reservation_ops(amounts: Reservations, stao_nr: int, before: StockBefore | None = None) -> list[dict[str, Any]]:
    """One atomic ADD per stock item; an item that does not exist yet is created (negative stock).
    With `before`: only while each item still holds the stock read (so the events tell it exactly)."""
    ops = []
    for (art_nr, unit), amount in amounts.items():
        pk, sk = articles.stock_key(art_nr, unit, stao_nr)
        names: dict[str, Any] = {"ArtNr": art_nr, "StaoNr": stao_nr}
        if unit is not None:
            names["VPEinheit"] = unit
        read = (before or {}).get((art_nr, unit))
        unchanged = None if before is None else {"LagerBestand": None if read is None else read.get("LagerBestand")}
        ops.append(dynamo.update_op(pk, sk, set_if_missing=names, add={"LagerBestand": -amount}, unchanged=unchanged))
    return ops


def _order_ops(
    document: SalesDocument, stock: tuple[Reservations, StockBefore], entered: datetime, user: str
) -> list[dict[str, Any]]:
    head = document.head
    kund_nr = str(head.customer)
    ops = document_store.write_ops(document, dynamo.NEW)
    ops += order_list.entry_ops(order_list.OrderEntry.new(kund_nr, document.number, STATUS, entered))
    ops += reservation_ops(stock[0], int(head.location or DEFAULT_LOCATION), stock[1])
    ops += company.event_ops(EVENT, {"AuftNr": document.number, "KundNr": kund_nr, "OffertNr": head.quotation_nr}, user)
    return ops


def _changes(
    document: SalesDocument, stock: tuple[Reservations, StockBefore], base: str, quotation: SalesDocument | None
) -> list[Change]:
    """The order's events: created, each stock item it lowered (its stock after), the quotation it converted."""
    view = contract.order_view(document)
    changes = [document_store.change(event_types.AUFTRAG_CREATED, {"AuftNr": document.number}, view)]
    stao_nr = int(document.head.location or DEFAULT_LOCATION)
    for (art_nr, unit), amount in stock[0].items():
        read = stock[1].get((art_nr, unit)) or {}
        after = {**read, "ArtNr": art_nr, "StaoNr": stao_nr, "LagerBestand": read.get("LagerBestand", 0) - amount}
        entry = articles.stock_entries(art_nr, unit, [{**after, "VPEinheit": unit}], [stao_nr], base)[0]
        changes.append(Change(event_types.ARTIKEL_STOCK_CHANGED, {"ArtNr": art_nr}, entry))
    if quotation is not None:
        converted = replace(quotation, head=replace(quotation.head, order_nr=document.number))
        shown = contract.quotation_view(converted)
        changes.append(document_store.change(event_types.OFFERTE_CONVERTED, {"OffertNr": quotation.number}, shown))
    return changes


def create_order(body: OrderCreate, user: str, webshop: str | None, base: str = "") -> str:
    """Price, check and store a new order with its reservations in one transaction; its AuftNr.
    `base`: the request's base URL, which the links of its events start with."""
    header = body.GrundDaten
    buyer = load_customer(header.KundNr)
    if header.WaehrAbk:
        buyer = replace(buyer, currency=header.WaehrAbk)
    draft = drafts.priced(ORDER, order_wish(body), buyer, webshop, user)
    stao_nr = order_location(header.StaoNr)
    amounts = reservations(list(draft.document.positions), draft.articles, stao_nr)
    return _store(_placed(draft.document, stao_nr, body.Zahlung), amounts, _Writer(user, base))


def _placed(document: SalesDocument, stao_nr: int, zahlung: list[Payment] | None) -> SalesDocument:
    """The order with the location it reserves at and its payment entries."""
    return replace(document, head=replace(document.head, location=stao_nr, payments=payments(zahlung)))


@dataclass(frozen=True)
class _Writer:
    """Who writes the order (for its events), the base URL of their links, the quotation it converts."""

    user: str
    base: str
    quotation: SalesDocument | None = None


def _store(document: SalesDocument, amounts: Reservations, writer: _Writer) -> str:
    """Number the order and write it with everything that goes with it, in one transaction; written
    again (under the same AuftNr) while other orders changed its stock items in between."""
    auft_nr = str(dynamo.next_number("AuftNr", start=AUFT_NR_START))
    stao_nr = int(document.head.location or DEFAULT_LOCATION)
    for _ in range(STOCK_ATTEMPTS - 1):
        with contextlib.suppress(_StockMoved):
            return _write(auft_nr, document, (amounts, stock_before(amounts, stao_nr)), writer)
    return _write(auft_nr, document, (amounts, stock_before(amounts, stao_nr)), writer, last=True)


def _write(
    auft_nr: str, document: SalesDocument, stock: tuple[Reservations, StockBefore], writer: _Writer, last: bool = False
) -> str:
    entered = utc_now()
    token = uuid.uuid4().hex
    numbered = document.numbered(auft_nr, entered, token)
    ops = _order_ops(numbered, stock, entered, writer.user)
    if writer.quotation is not None:
        ops.append(document_store.converted_op(writer.quotation, auft_nr))
    ops += outbox.change_ops(_changes(numbered, stock, writer.base, writer.quotation), writer.user)
    _commit(auft_nr, ops, token, last)
    return auft_nr


def _commit(auft_nr: str, ops: list[dict[str, Any]], token: str, last: bool = True) -> None:
    """Write the order's transaction. When the answer is lost (a timeout, or botocore's retry of a
    write that had landed and now fails its own conditions), the order head tells: it carries the
    write's token. A stock item changed since it was read is _StockMoved, on the `last` attempt a 503."""
    try:
        outbox.transact_write(ops, token)
    except ClientError as exc:
        if document_store.landed(ORDER, auft_nr, token):
            return
        if _stock_moved(exc, ops):
            if last:
                raise Unavailable("Other orders kept changing the same stock; nothing was written. Retry.", 1) from exc
            raise _StockMoved from exc
        raise
    except BotoCoreError as exc:
        if not document_store.landed(ORDER, auft_nr, token):
            raise Unavailable("The order could not be stored in time; nothing was written. Retry.", 2) from exc


def _stock_moved(exc: ClientError, ops: list[dict[str, Any]]) -> bool:
    """Whether the transaction failed on a stock item (its condition, or another write at it)."""
    reasons = exc.response.get("CancellationReasons") or []
    return any(
        str(reason.get("Code")) in ("ConditionalCheckFailed", "TransactionConflict")
        and str(op.get("Update", {}).get("Key", {}).get("SK", {}).get("S", "")).startswith(articles.STOCK_PREFIX)
        for reason, op in zip(reasons, ops, strict=False)
    )


def convert_quotation(body: OrderConvert, user: str, base: str = "") -> str:
    """PUT /www/auftrag: the quotation's positions and prices become an order, once; its AuftNr."""
    offert_nr, kund_nr = body.GrundDaten.OffertNr, body.GrundDaten.KundNr
    quotation = document_store.existing(QUOTATION, offert_nr, consistent=True)
    buyer = load_customer(kund_nr)
    addresses = buyer.addresses.overridden_by(quotation.head.addresses)
    # A template goes to a customer whose document would be taxed as the template is.
    quotation.check_conversion(kund_nr, buyer_terms(buyer.delivering_to(addresses, quotation.head.details.country)))
    found = _articles_of(quotation)
    draft = drafts.converted(quotation, buyer, user, found)
    stao_nr = order_location(None)
    amounts = reservations(list(draft.document.positions), found, stao_nr)
    order = _placed(draft.document, stao_nr, body.Zahlung)
    try:
        return _store(order, amounts, _Writer(user, base, quotation))
    except ClientError as exc:
        if not dynamo.is_condition_failure(exc):
            raise
        raise _conversion_lost(offert_nr) from exc


def _articles_of(quotation: SalesDocument) -> dict[str, dict[str, Any]]:
    """The quotation's articles; one that no longer exists is a 409 naming it."""
    found = article_store.articles_by_number(list(dict.fromkeys(p.art_nr for p in quotation.positions)))
    gone = sorted({p.art_nr for p in quotation.positions} - set(found))
    if gone:
        raise Conflict(
            f"Quotation {quotation.number} holds articles that no longer exist: {', '.join(gone)}.",
            {"OffertNr": quotation.number, "ArtNr": gone},
        )
    return found


def _conversion_lost(offert_nr: str) -> Conflict:
    """Why the quotation's converted marker failed: converted by another request, or changed."""
    again = document_store.existing(QUOTATION, offert_nr, consistent=True).head
    if again.order_nr:
        return Conflict(
            f"Quotation {offert_nr} has already been converted into order {again.order_nr}.",
            {"OffertNr": offert_nr, "AuftNr": again.order_nr},
        )
    return Conflict(f"Quotation {offert_nr} was changed meanwhile; try again.", {"OffertNr": offert_nr})


def get_order(auft_nr: str) -> SalesDocument:
    """The stored order (one Query), or a 404."""
    return document_store.existing(ORDER, auft_nr)


def order_view(document: SalesDocument) -> dict[str, Any]:
    """The read shape of GET /www/auftrag/{AuftNr}."""
    return contract.order_view(document)
