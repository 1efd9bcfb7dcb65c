"""Quotations and orders in the table: one partition per document, read with one Query.

Items of a document (single table):
- PK=OFFERTE#{OffertNr} or AUFTRAG#{AuftNr}, SK=KOPF: GrundDaten, the buyer's terms, addresses,
  Zahlung, the tax codes used, Version, the number of position chunks.
- same PK, SK=POS#{n:04d}: the positions as a JSON list (`Rows`), packed up to CHUNK_BYTES
  bytes (UTF-8) each, so 500 positions with long descriptions still fit DynamoDB's 400 KB items.

Positions are stored as priced (quantity, unit price, Preisart, VPE, discount, tax code): every
figure of a read is recomputed from them with `documents.compute_document`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

import simplejson

from backoffice.errors import InvalidRequest, NotFound
from backoffice.json_codec import loads
from backoffice.parties.addresses import document_view
from backoffice.platform import dynamo
from backoffice.sales.calculation import Document, PositionInput, compute_document
from backoffice.taxes import TaxCode

HEAD_SK = "KOPF"
# Head marker of documents written since issue 22: their AuftLiefKost is net, its tax added.
NET_DELIVERY = "LiefKostNetto"
CHUNK_PREFIX = "POS#"
CHUNK_BYTES = 350_000  # below the 400 KB item limit, with room for the keys
# 500 positions of 2,048-character descriptions in 3-byte characters (~3.2 MB) fit in 10;
# with the head, the order list, the outbox and the reservations they stay in one transaction (4 MB).
MAX_CHUNKS = 10
QUOTATION, ORDER = "OFFERTE", "AUFTRAG"
ADDRESS_NAMES = ("KontaktAdr", "LiefAdr", "RechAdr")
# GrundDaten members stored as sent.
HEADER_FIELDS = (
    "AuftBestellNr",
    "AuftBez",
    "AuftBestellRef",
    "AuftBestellT",
    "AuftLieferT",
    "AuftKomment",
    "KTNr",
    "KundBedTyp",
    "AuftLiefKost",
    "OrtLand",
)


def pk(kind: str, number: str) -> str:
    return f"{kind}#{number}"


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


def _tax_from(code: str, r: dict[str, Any]) -> TaxCode:
    return TaxCode(
        code=code,
        rate=Decimal(r["Satz"]),
        designation=str(r.get("Bezeichnung") or ""),
        klasse=str(r["Klasse"]),
        sales_line=str(r.get("USTS") or ""),
        input_line=str(r.get("VSTS") or ""),
        turnover_line=str(r.get("USTU") or ""),
    )


def _position_from(r: dict[str, Any], taxes: dict[str, TaxCode]) -> PositionInput:
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


@dataclass
class Stored:
    """A quotation or order as read: its head item and its positions."""

    kind: str
    number: str
    head: dict[str, Any]
    positions: list[PositionInput] = field(default_factory=list)

    @property
    def taxes(self) -> dict[str, TaxCode]:
        return {code: _tax_from(code, r) for code, r in (self.head.get("Steuercodes") or {}).items()}

    @property
    def version(self) -> int:
        return int(self.head.get("Version") or 0)

    def export_tax(self) -> TaxCode | None:
        code = self.head.get("ExportCode")
        return self.taxes[str(code)] if code else None

    def document(self) -> Document:
        delivery = Decimal(self.head.get("AuftLiefKost") or 0)
        currency, export = str(self.head["WaehrAbk"]), self.export_tax()
        return compute_document(self.positions, currency, export, delivery, net_delivery=net_delivery(self.head))


def net_delivery(head: dict[str, Any]) -> bool:
    """Whether the document's AuftLiefKost is net (NET_DELIVERY in its head: written since issue 22).

    Without the marker it is read as it was written, in the document's Preisart, so a stored
    document's figures never change on reading (docs/decisions.md, "Delivery costs").
    """
    return head.get(NET_DELIVERY) is True


def tax_codes(positions: Sequence[PositionInput], export: TaxCode | None) -> dict[str, Any]:
    """The tax codes a document uses, kept in its head so that a read needs no configuration."""
    taxes = {p.tax.code: tax_record(p.tax) for p in positions}
    if export is not None:
        taxes[export.code] = tax_record(export)
    return taxes


def head_item(
    kind: str, number: str, head: dict[str, Any], positions: Sequence[PositionInput], export: TaxCode | None
) -> dict[str, Any]:
    return {**head, "PK": pk(kind, number), "SK": HEAD_SK, "Kind": kind, "Steuercodes": tax_codes(positions, export)}


def write_ops(
    kind: str,
    number: str,
    head: dict[str, Any],
    positions: Sequence[PositionInput],
    export: TaxCode | None,
    condition: str | None,
    version: int | None = None,
    old_chunks: int = 0,
) -> list[dict[str, Any]]:
    """Transaction items that store the document: head (conditional), chunks, obsolete chunks deleted.

    `condition`: `dynamo.NEW` for a new document; `version`: the head is written only while its
    stored Version is still this one.
    """
    rows = chunks(positions)
    if len(rows) > MAX_CHUNKS:
        raise InvalidRequest(
            "The positions are too large to store.",
            {"Positionen": f"their texts take more than {MAX_CHUNKS * CHUNK_BYTES} bytes; shorten PosBez"},
        )
    item = head_item(kind, number, {**head, "Chunks": len(rows)}, positions, export)
    ops = [dynamo.put_op(item, condition, version)]
    for n, text in enumerate(rows, start=1):
        ops.append(dynamo.put_op({"PK": pk(kind, number), "SK": f"{CHUNK_PREFIX}{n:04d}", "Rows": text}))
    for n in range(len(rows) + 1, old_chunks + 1):
        ops.append(dynamo.delete_op(pk(kind, number), f"{CHUNK_PREFIX}{n:04d}"))
    return ops


def read(kind: str, number: str, consistent: bool = False) -> Stored | None:
    """The document with its positions: one Query (one page holds the head and every chunk)."""
    items = list(dynamo.query(pk(kind, number), consistent=consistent))
    head = next((i for i in items if i["SK"] == HEAD_SK), None)
    if head is None:
        return None
    found = Stored(kind, number, head)
    taxes = found.taxes
    rows = [r for i in items if i["SK"].startswith(CHUNK_PREFIX) for r in loads(i["Rows"])]
    found.positions = [_position_from(r, taxes) for r in rows]
    return found


def existing(kind: str, number: str, consistent: bool = False) -> Stored:
    """The document, or a 404 naming it."""
    found = read(kind, number, consistent)
    if found is None:
        word, key = ("quotation", "OffertNr") if kind == QUOTATION else ("order", "AuftNr")
        raise NotFound(f"No {word} {number}.", {key: number})
    return found


def merged_addresses(base: dict[str, dict[str, Any]], given: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The customer's addresses overridden by those given; a missing LiefAdr/RechAdr is the contact."""
    merged = {**base, **given}
    contact = merged.get("KontaktAdr")
    if contact is not None:
        for name in ("LiefAdr", "RechAdr"):
            merged.setdefault(name, contact)
    return {name: _stored_address(merged[name]) for name in ADDRESS_NAMES if name in merged}


def _stored_address(record: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in record.items() if k not in ("Version", "DebiNr", "PK", "SK", "Kind")}


def read_shape(stored: Stored, document: Document | None = None) -> dict[str, Any]:
    """GrundDaten, Adressen, Positionen, MWSTRekapitulation, Zahlung of a quotation or an order.

    `document`: the stored one's `document()` when the caller has computed it already.
    """
    head = stored.head
    document = document or stored.document()
    grund: dict[str, Any] = {
        "StaoNr": head.get("StaoNr"),
        "OffertNr": head.get("OffertNr") if stored.kind == ORDER else None,
        "KundNr": head.get("KundNr"),
        "AuftKomment": head.get("AuftKomment"),
        "KundBedTyp": head.get("KundBedTyp"),
        "AuftBestellTUTC": head.get("AuftBestellT"),
        "AuftLieferTUTC": head.get("AuftLieferT"),
        "AuftLiefKost": head.get("AuftLiefKost"),
        "AuftStatus": head.get("AuftStatus"),
        "AuftBestellRef": head.get("AuftBestellRef"),
        "WaehrAbk": head.get("WaehrAbk"),
        "AuftWUST": document.tax,
        "AuftBrutto": document.gross,
        "AuftNetto": document.net,
        "AuftNr": head.get("AuftNr"),
        "AuftBez": head.get("AuftBez"),
        "AuftBestellNr": head.get("AuftBestellNr"),
    }
    if stored.kind == QUOTATION:
        grund["Template"] = not head.get("KundNr")
    adressen = {name: document_view(record) for name, record in (head.get("Adressen") or {}).items()}
    return {
        "GrundDaten": grund,
        "Adressen": {name: adressen[name] for name in ADDRESS_NAMES if name in adressen},
        **document.read_shape(),
        "Zahlung": [
            {"Bezeichnung": z.get("Bezeichnung"), "Wert": z.get("Wert"), "Key": z.get("Key")}
            for z in head.get("Zahlung") or []
        ],
    }
