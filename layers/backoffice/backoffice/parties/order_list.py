"""The customer's order list: one small entry per order in the customer's partition.

The orders module writes an entry in the transaction that creates an order (`entry_ops`) and moves
it when the plan status changes (`status_change_ops`); the customer read lists the latest ones.

Each entry is two items, so "latest N" and "latest N with PlanStatus X" are each one Query with
Limit N, newest first:
- PK=KUNDE#{DebiNr}, SK=AUFTRAG#{AuftErfUTC}#{AuftNr}                (all orders)
- PK=KUNDE#{DebiNr}, SK=AUFTRAGST#{PlanStatus}#{AuftErfUTC}#{AuftNr} (by plan status)
AuftErfUTC is written with a fixed width (microseconds, Z), so the sort keys sort by time.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from backoffice import timestamps
from backoffice.parties.customer_keys import customer_pk
from backoffice.platform import dynamo

PLAN_STATUSES = ("N", "O", "A")  # new, open/in progress, completed
ALL_PREFIX = "AUFTRAG#"
STATUS_PREFIX = "AUFTRAGST#"


def utc_text(moment: datetime) -> str:
    """2026-11-23T09:16:57.000000Z: fixed width, so that text order is time order."""
    return timestamps.utc_text(moment, "microseconds")


@dataclass(frozen=True)
class OrderEntry:
    DebiNr: str
    AuftNr: str
    PlanStatus: str
    AuftErfUTC: str  # as utc_text() writes it

    def __post_init__(self) -> None:
        if self.PlanStatus not in PLAN_STATUSES:
            raise ValueError(f"PlanStatus must be one of {PLAN_STATUSES}")

    @classmethod
    def new(cls, debi_nr: str, auft_nr: str, plan_status: str, entered: datetime) -> OrderEntry:
        return cls(debi_nr, auft_nr, plan_status, utc_text(entered))

    def keys(self) -> list[tuple[str, str]]:
        pk = customer_pk(self.DebiNr)
        return [
            (pk, f"{ALL_PREFIX}{self.AuftErfUTC}#{self.AuftNr}"),
            (pk, f"{STATUS_PREFIX}{self.PlanStatus}#{self.AuftErfUTC}#{self.AuftNr}"),
        ]

    def to_items(self) -> list[dict[str, Any]]:
        fields = {"AuftNr": self.AuftNr, "PlanStatus": self.PlanStatus, "AuftErfUTC": self.AuftErfUTC}
        return [{"PK": pk, "SK": sk, "Kind": "KUNDAUFT", "DebiNr": self.DebiNr, **fields} for pk, sk in self.keys()]

    @classmethod
    def from_item(cls, item: dict[str, Any]) -> OrderEntry:
        return cls(str(item["DebiNr"]), str(item["AuftNr"]), str(item["PlanStatus"]), str(item["AuftErfUTC"]))


def entry_ops(entry: OrderEntry) -> list[dict[str, Any]]:
    """The Puts of a new entry, for the transaction that creates the order."""
    return [dynamo.put_op(item, dynamo.NEW) for item in entry.to_items()]


def status_change_ops(entry: OrderEntry, new_status: str) -> list[dict[str, Any]]:
    """Transaction items that move an entry to another plan status (the entry as stored before)."""
    moved = OrderEntry(entry.DebiNr, entry.AuftNr, new_status, entry.AuftErfUTC)
    old_status_key = entry.keys()[1]
    all_item, status_item = moved.to_items()
    return [
        dynamo.put_op(all_item, dynamo.EXISTING),
        dynamo.delete_op(*old_status_key),
        dynamo.put_op(status_item, dynamo.NEW),
    ]


def latest(debi_nr: str, limit: int, plan_status: str | None = None) -> list[OrderEntry]:
    """The latest `limit` entries, newest first, optionally of one plan status: one Query."""
    if limit <= 0:
        return []
    prefix = f"{STATUS_PREFIX}{plan_status}#" if plan_status else ALL_PREFIX
    items = dynamo.query(customer_pk(debi_nr), sk_prefix=prefix, forward=False, limit=limit)
    return [OrderEntry.from_item(item) for item in items]
