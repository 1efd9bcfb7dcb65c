"""The answers of payments: an invoice's payment fields, the open-items list, a customer's open
amounts, the unmatched payments (docs/payments.md). Amounts with two places, as invoices state them."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

from backoffice.links import link
from backoffice.payments import amounts, store

CENT = Decimal("0.01")
PAYMENT_FIELDS = ("Betrag", "WaehrAbk", "Datum", "Referenz", "Schuldner", "Mitteilung", "Status", "RechNr", "Zuordnung")


def money(value: Any) -> Decimal:
    """An amount with its two places (DynamoDB gives 100.5 back for 100.50)."""
    return Decimal(value).quantize(CENT)


def invoice_head(record: dict[str, Any], base: str = "") -> dict[str, Any]:
    """An issued invoice's head data as POST and GET (JSON) answer it, with links on `base`."""
    auft_nr = str(record["AuftNr"])
    path = f"/www/auftrag/{auft_nr}/rechnung"
    fields = ("RechNr", "AuftNr", "KundNr", "RechDatum", "FaelligDatum", "Zahlungsreferenz", "WaehrAbk")
    return {
        **{k: record.get(k) for k in fields},
        **{k: record[k] for k in ("AuftNetto", "AuftWUST", "AuftBrutto")},
        # Records issued before the card rule have no flag: they were all invoices to pay.
        "Bezahlt": bool(record.get("Bezahlt", False)),
        "links": [
            link(base, path, "rechnung/pdf"),
            link(base, path, "rechnung/xml"),
            link(base, f"/www/auftrag/{auft_nr}", "auftrag/"),
        ],
    }


def invoice_view(
    record: dict[str, Any], payments: list[dict[str, Any]], facts: dict[str, Any] | None, base: str = ""
) -> dict[str, Any]:
    """The invoice as GET /www/rechnung/{RechNr} (JSON) answers it with these payments and facts."""
    return {**invoice_head(record, base), **settled_fields(record, payments, facts)}


def invoice_fields(record: dict[str, Any]) -> dict[str, Any]:
    """Zahlstatus, BetragBezahlt, BetragOffen, Bezahlt and the payments (by booking date) of an issued
    invoice's record.

    An invoice paid by card asks for nothing: what came in is its gross amount from the start.
    """
    return settled_fields(record, *store.invoice_account(str(record["RechNr"])))


def settled_fields(
    record: dict[str, Any], payments: list[dict[str, Any]], facts: dict[str, Any] | None
) -> dict[str, Any]:
    """`invoice_fields` of the payments and facts given (none: as the invoice is issued)."""
    gross = money(record["AuftBrutto"])
    lines = sorted(payments, key=lambda line: (str(line.get("Datum")), str(line["Id"])))
    came_in = [money(line["Betrag"]) for line in lines]
    if record.get("Bezahlt"):
        came_in.insert(0, gross)
    credited = amounts.credited(facts)
    still_due = amounts.open_amount(gross, came_in, credited)
    return {
        "Zahlstatus": amounts.payment_status(gross, came_in, credited),
        "BetragBezahlt": money(amounts.paid_sum(came_in)),
        "BetragOffen": money(still_due),
        "Bezahlt": still_due == 0,
        "Zahlungen": [payment_line(line) for line in lines],
    }


def payment_line(line: dict[str, Any]) -> dict[str, Any]:
    view = {"ZahlungId": line["Id"], **{k: line.get(k) for k in PAYMENT_FIELDS if line.get(k) is not None}}
    view["Betrag"] = money(line["Betrag"])
    return view


def unmatched_view(item: dict[str, Any]) -> dict[str, Any]:
    return payment_line(item)


@dataclass(frozen=True)
class OpenItems:
    items: list[dict[str, Any]]  # the page
    count: int  # all that match
    totals: list[dict[str, Any]]  # per currency, over all that match


def open_items(until: str | None, kund_nr: str | None, today: date, limit: int, offset: int) -> OpenItems:
    """Every invoice with something open (due on or before `until`, of `kund_nr`), oldest due first."""
    rows = [
        row for row in (_open_row(i, today) for i in store.open_items_due(until, kund_nr)) if row["BetragOffen"] > 0
    ]
    page = rows[offset : offset + limit] if limit else rows[offset:]
    return OpenItems(page, len(rows), totals(rows))


def customer_open(kund_nr: str, today: date) -> list[dict[str, Any]]:
    """A customer's open amount per currency."""
    rows = [row for row in (_open_row(i, today) for i in store.open_items_due(None, kund_nr)) if row["BetragOffen"] > 0]
    return totals(rows)


def totals(rows: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    sums: dict[str, tuple[Decimal, int]] = {}
    for row in rows:
        amount, count = sums.get(row["WaehrAbk"], (Decimal("0.00"), 0))
        sums[row["WaehrAbk"]] = (amount + row["BetragOffen"], count + 1)
    return [{"WaehrAbk": c, "BetragOffen": money(a), "Anzahl": n} for c, (a, n) in sorted(sums.items())]


def _open_row(item: dict[str, Any], today: date) -> dict[str, Any]:
    gross, paid = money(item["AuftBrutto"]), money(item["BetragBezahlt"])
    due = date.fromisoformat(str(item["FaelligDatum"]))
    return {
        **{k: item[k] for k in ("RechNr", "AuftNr", "KundNr", "WaehrAbk", "RechDatum", "FaelligDatum")},
        "AuftBrutto": gross,
        "BetragBezahlt": paid,
        "BetragOffen": money(amounts.open_amount(gross, [paid], amounts.credited(item))),
        "TageUeberfaellig": max(0, (today - due).days),
    }
