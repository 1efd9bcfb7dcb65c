"""Quotations, orders and credit notes in the table: the one place a `SalesDocument` becomes items and back.

Items of a document (single table), one partition per document, read with one Query:
- PK=OFFERTE#{OffertNr}, AUFTRAG#{AuftNr} or GUTSCHRIFT#{GutschriftNr}, SK=KOPF: GrundDaten, the buyer's
  terms, addresses, Zahlung, the tax codes used (Steuercodes), Version, the number of position chunks.
- same PK, SK=POS#{n:04d}: the positions as a JSON list (`Rows`), packed up to CHUNK_BYTES
  bytes (UTF-8) each, so 500 positions with long descriptions still fit DynamoDB's 400 KB items.

Positions are stored as priced (quantity, unit price, Preisart, VPE, discount, tax code): every
figure of a read is recomputed from them (`SalesDocument.figures`).

The item shapes are those of every release before: a head is read into the typed document and
written back from it, and a rewrite (a quotation's PATCH) writes only the attributes whose value
changed, so the others, and those a release after this one may add, stay as they were stored.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from decimal import Decimal
from typing import Any

import simplejson
from botocore.exceptions import BotoCoreError, ClientError

from backoffice.errors import InvalidRequest, NotFound
from backoffice.json_codec import loads
from backoffice.platform import dynamo
from backoffice.platform.outbox import Change
from backoffice.sales import contract
from backoffice.sales.calculation import PositionInput
from backoffice.sales.document import (
    CREDIT_NOTE,
    ORDER,
    QUOTATION,
    Addresses,
    Details,
    Head,
    Payment,
    SalesDocument,
)
from backoffice.taxes import TaxCode
from backoffice.timestamps import utc_text

__all__ = ["CREDIT_NOTE", "ORDER", "QUOTATION"]
# The word and key of each kind in a 404.
_NAMED = {
    QUOTATION: ("quotation", "OffertNr"),
    ORDER: ("order", "AuftNr"),
    CREDIT_NOTE: ("credit note", "GutschriftNr"),
}

HEAD_SK = "KOPF"
# Head marker of documents written since issue 22: their AuftLiefKost is net, its tax added.
NET_DELIVERY = "LiefKostNetto"
CHUNK_PREFIX = "POS#"
CHUNK_BYTES = 350_000  # below the 400 KB item limit, with room for the keys
# 500 positions of 2,048-character descriptions in 3-byte characters (~3.2 MB) fit in 10;
# with the head, the order list, the outbox and the reservations they stay in one transaction (4 MB).
MAX_CHUNKS = 10
# Attributes of the head only the store keeps: the keys and the number of position chunks.
_STORE_ONLY = ("PK", "SK", "Chunks")
# A year stored without its leading zeros (releases before issue 22 wrote 0001 as 1).
_SHORT_YEAR = re.compile(r"^(\d{1,3})-")


def pk(kind: str, number: str) -> str:
    return f"{kind}#{number}"


# --- positions and tax codes ------------------------------------------------------------------


def position_record(p: PositionInput) -> dict[str, Any]:
    return {
        "PosNr": p.pos_nr,
        "VisPosNr": p.vis_pos_nr,
        "ArtNr": p.art_nr,
        "PosBez": p.description,
        "Menge": p.quantity,
        "Preis": p.unit_price,
        "Preisart": p.price_kind,
        "VPEinheit": p.vpe_unit,
        "Faktor": p.vpe_factor,
        "VPEPreis": p.pack_price,
        "GRabSatz": p.discount,
        "WUSTCode": p.tax.code,
    }


def tax_record(t: TaxCode) -> dict[str, Any]:
    return {
        "Satz": t.rate,
        "Bezeichnung": t.designation,
        "Klasse": t.klasse,
        "USTS": t.sales_line,
        "VSTS": t.input_line,
        "USTU": t.turnover_line,
    }


def _tax_from(code: str, r: Mapping[str, Any]) -> TaxCode:
    return TaxCode(
        code=code,
        rate=Decimal(r["Satz"]),
        designation=str(r.get("Bezeichnung") or ""),
        klasse=str(r["Klasse"]),
        sales_line=str(r.get("USTS") or ""),
        input_line=str(r.get("VSTS") or ""),
        turnover_line=str(r.get("USTU") or ""),
    )


def _position_from(r: Mapping[str, Any], taxes: Mapping[str, TaxCode]) -> PositionInput:
    return PositionInput(
        pos_nr=int(r["PosNr"]),
        vis_pos_nr=int(r["VisPosNr"]) if r.get("VisPosNr") is not None else None,
        art_nr=str(r["ArtNr"]),
        quantity=Decimal(r["Menge"]),
        unit_price=Decimal(r["Preis"]),
        tax=taxes[str(r["WUSTCode"])],
        price_kind=str(r.get("Preisart") or "N"),
        description=str(r.get("PosBez") or ""),
        vpe_unit=str(r.get("VPEinheit") or ""),
        vpe_factor=Decimal(r.get("Faktor") or 1),
        pack_price=Decimal(r["VPEPreis"]) if r.get("VPEPreis") is not None else None,
        discount=Decimal(r.get("GRabSatz") or 0),
    )


def _row(p: PositionInput) -> str:
    # Stored as UTF-8 text (not \u escapes): an umlaut costs 2 bytes, not 6.
    record = {k: v for k, v in position_record(p).items() if v not in (None, "")}
    return str(simplejson.dumps(record, ensure_ascii=False, use_decimal=True, separators=(",", ":")))


def chunks(positions: Sequence[PositionInput]) -> list[str]:
    """The positions as JSON lists of at most CHUNK_BYTES bytes (UTF-8) each."""
    packed: list[str] = []
    current: list[str] = []
    size = 2
    for p in positions:
        row = _row(p)
        length = len(row.encode("utf-8"))
        if current and size + length + 1 > CHUNK_BYTES:
            packed.append("[" + ",".join(current) + "]")
            current, size = [], 2
        current.append(row)
        size += length + 1
    packed.append("[" + ",".join(current) + "]")
    return packed


def tax_codes(document: SalesDocument) -> dict[str, Any]:
    """The tax codes a document uses, kept in its head so that a read needs no configuration."""
    return {code: tax_record(tax) for code, tax in document.taxes.items()}


# --- the head: item -> document ------------------------------------------------------------------


def _text(item: Mapping[str, Any], name: str) -> str | None:
    value = item.get(name)
    return None if value is None else str(value)


def _int(item: Mapping[str, Any], name: str) -> int | None:
    value = item.get(name)
    return None if value is None else int(value)


def _moment(item: Mapping[str, Any], name: str) -> datetime | None:
    value = item.get(name)
    if not value:
        return None
    return datetime.fromisoformat(_SHORT_YEAR.sub(lambda m: m.group(1).zfill(4) + "-", str(value)))


def _details_from(item: Mapping[str, Any]) -> Details:
    costs = item.get("AuftLiefKost")
    return Details(
        purchase_order=_text(item, "AuftBestellNr"),
        title=_text(item, "AuftBez"),
        buyer_reference=_text(item, "AuftBestellRef"),
        ordered_at=_moment(item, "AuftBestellT"),
        delivery_at=_moment(item, "AuftLieferT"),
        comment=_text(item, "AuftKomment"),
        payment_terms=_int(item, "KundBedTyp"),
        delivery_costs=None if costs is None else Decimal(costs),
        country=_text(item, "OrtLand"),
    )


def _payments_from(item: Mapping[str, Any]) -> tuple[Payment, ...] | None:
    records = item.get("Zahlung")
    if records is None:
        return None
    return tuple(
        Payment(str(z.get("Bezeichnung") or ""), str(z.get("Wert") or ""), str(z.get("Key") or "")) for z in records
    )


def _head_from(item: Mapping[str, Any]) -> Head:
    return Head(
        status=str(item.get("AuftStatus") or ""),
        currency=str(item["WaehrAbk"]),
        customer=_text(item, "KundNr"),
        quotation_nr=_text(item, "OffertNr"),
        order_nr=_text(item, "AuftNr"),
        price_list=_text(item, "Preisliste"),
        cost_unit=_text(item, "KTNr"),
        language=_text(item, "Sprache"),
        details=_details_from(item),
        # Without the marker AuftLiefKost is read as it was written, in the document's Preisart,
        # so a stored document's figures never change on reading (ADR 0013).
        net_delivery=item.get(NET_DELIVERY) is True,
        location=_int(item, "StaoNr"),
        addresses=Addresses.by_role(item.get("Adressen") or {}),
        payments=_payments_from(item),
        highest_pos_nr=_int(item, "HighestPosNr"),
        entered_by=_text(item, "ErfasstVon"),
        entered_at=_moment(item, "ErfasstUTC"),
        changed_at=_moment(item, "GeaendertUTC"),
        write_token=_text(item, "Schreibtoken"),
        version=int(item.get("Version") or 0),
    )


def from_items(kind: str, number: str, head: Mapping[str, Any], rows: Sequence[Mapping[str, Any]]) -> SalesDocument:
    """The document of a head item and its position rows (the chunks' `Rows`, in order)."""
    taxes = {code: _tax_from(code, r) for code, r in (head.get("Steuercodes") or {}).items()}
    code = head.get("ExportCode")
    export = taxes[str(code)] if code else None
    positions = tuple(_position_from(r, taxes) for r in rows)
    document = SalesDocument(kind, number, _head_from(head), positions, export)
    return replace(document, origin=_Origin(head, _attributes(document)))


# --- the head: document -> item ------------------------------------------------------------------


@dataclass(frozen=True)
class _Origin:
    """The head item a document was read from, and the attributes this release made of it."""

    item: Mapping[str, Any]
    as_read: Mapping[str, Any]


def _moment_text(moment: datetime | None) -> str | None:
    """A record's own time (ErfasstUTC, GeaendertUTC): milliseconds."""
    return None if moment is None else utc_text(moment)


def _day_text(moment: datetime | None) -> str | None:
    """A time of GrundDaten (AuftBestellT, AuftLieferT) as the request model wrote it: seconds."""
    return None if moment is None else utc_text(moment, "seconds")


def _details_attributes(details: Details) -> dict[str, Any]:
    return {
        "AuftBestellNr": details.purchase_order,
        "AuftBez": details.title,
        "AuftBestellRef": details.buyer_reference,
        "AuftBestellT": _day_text(details.ordered_at),
        "AuftLieferT": _day_text(details.delivery_at),
        "AuftKomment": details.comment,
        "KundBedTyp": details.payment_terms,
        "AuftLiefKost": details.delivery_costs,
        "OrtLand": details.country,
    }


def _payment_records(payments: tuple[Payment, ...] | None) -> list[dict[str, str]] | None:
    # Stored under the contract's names (what `contract.zahlung` answers), but the item's shape is
    # the store's to keep: the two may part when the contract changes.
    if payments is None:
        return None
    return [{"Bezeichnung": p.designation, "Wert": p.value, "Key": p.key} for p in payments]


def _attributes(document: SalesDocument) -> dict[str, Any]:
    """Every head attribute of `document` as this release writes it; None: not written."""
    head = document.head
    return {
        "Kind": document.kind,
        "AuftStatus": head.status,
        "WaehrAbk": head.currency,
        "KundNr": head.customer,
        "OffertNr": head.quotation_nr,
        "AuftNr": head.order_nr,
        "Preisliste": head.price_list,
        "KTNr": head.cost_unit,
        "ExportCode": document.export.code if document.export else None,
        "Sprache": head.language,
        **_details_attributes(head.details),
        NET_DELIVERY: True if head.net_delivery else None,
        "StaoNr": head.location,
        "Adressen": {role: dict(record) for role, record in head.addresses.roles().items()},
        "Zahlung": _payment_records(head.payments),
        "HighestPosNr": head.highest_pos_nr,
        "ErfasstVon": head.entered_by,
        "ErfasstUTC": _moment_text(head.entered_at),
        "GeaendertUTC": _moment_text(head.changed_at),
        "Schreibtoken": head.write_token,
        "Version": head.version,
        "Steuercodes": tax_codes(document),
    }


def head_item(document: SalesDocument, chunk_count: int) -> dict[str, Any]:
    """The head item of `document`: a new one whole; one read before with only its changes applied."""
    fresh = _attributes(document)
    origin = document.origin
    if isinstance(origin, _Origin):
        item = {k: v for k, v in origin.item.items() if k not in _STORE_ONLY}
        for name in fresh.keys() | origin.as_read.keys():
            if fresh.get(name) != origin.as_read.get(name):
                item[name] = fresh.get(name)
    else:
        item = dict(fresh)
    item.update({"PK": pk(document.kind, document.number), "SK": HEAD_SK, "Chunks": chunk_count})
    return {k: v for k, v in item.items() if v is not None}


def _stored_chunks(document: SalesDocument) -> int:
    origin = document.origin
    return int(origin.item.get("Chunks") or 0) if isinstance(origin, _Origin) else 0


def write_ops(
    document: SalesDocument, condition: str | None = None, version: int | None = None
) -> list[dict[str, Any]]:
    """Transaction items that store the document: head (conditional), chunks, obsolete chunks deleted.

    `condition`: `dynamo.NEW` for a new document; `version`: the head is written only while its
    stored Version is still this one.
    """
    rows = chunks(document.positions)
    if len(rows) > MAX_CHUNKS:
        raise InvalidRequest(
            "The positions are too large to store.",
            {"Positionen": f"their texts take more than {MAX_CHUNKS * CHUNK_BYTES} bytes; shorten PosBez"},
        )
    key = pk(document.kind, document.number)
    ops = [dynamo.put_op(head_item(document, len(rows)), condition, version)]
    for n, text in enumerate(rows, start=1):
        ops.append(dynamo.put_op({"PK": key, "SK": f"{CHUNK_PREFIX}{n:04d}", "Rows": text}))
    for n in range(len(rows) + 1, _stored_chunks(document) + 1):
        ops.append(dynamo.delete_op(key, f"{CHUNK_PREFIX}{n:04d}"))
    return ops


# --- reads and the writes beside a document ----------------------------------------------------


def read(kind: str, number: str, consistent: bool = False) -> SalesDocument | None:
    """The document with its positions: one Query (one page holds the head and every chunk)."""
    items = list(dynamo.query(pk(kind, number), consistent=consistent))
    head = next((i for i in items if i["SK"] == HEAD_SK), None)
    if head is None:
        return None
    rows = [r for i in items if i["SK"].startswith(CHUNK_PREFIX) for r in loads(i["Rows"])]
    return from_items(kind, number, head, rows)


def read_many(kind: str, numbers: Sequence[str], consistent: bool = False) -> dict[str, SalesDocument]:
    """The documents of these numbers that exist, by number: each head with its first chunk in
    BatchGetItem (100 keys a request); a document with more chunks (or stored before them) with
    its own Query."""
    wanted = list(dict.fromkeys(numbers))
    keys = [(pk(kind, n), sk) for n in wanted for sk in (HEAD_SK, f"{CHUNK_PREFIX}0001")]
    found = {(i["PK"], i["SK"]): i for i in dynamo.batch_get(keys, consistent=consistent)}
    documents: dict[str, SalesDocument] = {}
    for number in wanted:
        head = found.get((pk(kind, number), HEAD_SK))
        if head is None:
            continue
        first = found.get((pk(kind, number), f"{CHUNK_PREFIX}0001"))
        if int(head.get("Chunks") or 0) == 1 and first is not None:
            documents[number] = from_items(kind, number, head, loads(first["Rows"]))
        elif (document := read(kind, number, consistent)) is not None:
            documents[number] = document
    return documents


def order_views(numbers: Sequence[str]) -> dict[str, tuple[dict[str, Any], dict[str, Any]]]:
    """The orders as GET /www/auftrag/{AuftNr} answers them, each with its bounded form (an
    auftrag.updated of a write elsewhere, e.g. a payment), by AuftNr; those that exist."""
    views = {n: contract.order_view(d) for n, d in read_many(ORDER, numbers, consistent=True).items()}
    return {n: (view, contract.without_positions(view)) for n, view in views.items()}


def existing(kind: str, number: str, consistent: bool = False) -> SalesDocument:
    """The document, or a 404 naming it."""
    found = read(kind, number, consistent)
    if found is None:
        word, key = _NAMED[kind]
        raise NotFound(f"No {word} {number}.", {key: number})
    return found


def landed(kind: str, number: str, write_token: str) -> bool:
    """Whether the document's head was written with `write_token` (a write whose answer was lost)."""
    try:
        head = dynamo.get_item(pk(kind, number), HEAD_SK, consistent=True)
    except (ClientError, BotoCoreError):
        return False
    return head is not None and head.get("Schreibtoken") == write_token


def converted_op(quotation: SalesDocument, auft_nr: str) -> dict[str, Any]:
    """The quotation notes its order, only while nobody changed or converted it since it was read."""
    return dynamo.update_op(
        pk(QUOTATION, quotation.number),
        HEAD_SK,
        set_={"AuftNr": auft_nr},
        version=quotation.version,
        absent=("AuftNr",),
    )


def change(event_type: str, keys: dict[str, Any], view: dict[str, Any]) -> Change:
    """The event of a document written: its read shape (`contract`), and the bounded form for when
    that is too large to travel whole (platform.outbox)."""
    return Change(event_type, keys, view, contract.without_positions(view))
