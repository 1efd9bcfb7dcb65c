"""Payments in over real HTTP against the local stack (issue 24): invoices issued to two customers of
this test, a camt.054 of 1,000 payments built from them (full, partial, over-, duplicate,
foreign-currency, unknown-reference and reference-less payments), imported, imported again, an
overlapping camt.053; every amount accounted for, nothing matched to the wrong invoice, the open
items to the Rappen; an unmatched payment assigned by hand; invalid and hostile files refused whole.
"""

from __future__ import annotations

import time
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from tests.support import Api
from tests.support.camt_files import Entry, Tx, camt
from tests.support.invoice_http import head, issue
from tests.support.local_stack import admin, started

pytestmark = pytest.mark.integration

XML = {"Content-Type": "application/xml"}
PAYMENTS = 1000
ADDRESS = {"AdrSprache": "ger", "AdrFirma": "Zahler AG", "AdrAnrede": 0, "AdrAdresse1": "Bahnhofstrasse 1"}


def customer(api: Any, currency: str) -> str:
    place = {"OrtLand": "CH", "OrtPLZ": "8001", "OrtName": "Zürich"}
    if currency == "EUR":
        place = {"OrtLand": "DE", "OrtPLZ": "10115", "OrtName": "Berlin"}
    body = {"GrundDaten": {"WaehrAbk": currency, "FAKTZahlArt": "R"}, "Adressen": {"KontaktAdr": ADDRESS | place}}
    answer = api.post("/www/kunden", json=body)
    assert answer.status_code == 201, answer.text
    debi_nr: str = answer.json()["data"]["DebiNr"]
    return debi_nr


def invoice(api: Any, kund_nr: str, quantity: int) -> dict[str, Any]:
    return issue(api, {"GrundDaten": {"KundNr": kund_nr}, "Positionen": [{"ArtNr": "1000", "Menge": quantity}]})


def plan(invoices: list[dict[str, Any]]) -> tuple[list[Tx], dict[str, list[Tx]], list[Tx]]:
    """1,000 payments: (all of them in file order, those each invoice must get, those left unmatched).

    Per invoice in turn: small partial payments; the first of each invoice's rounds is repeated in
    the file (a duplicate: booked once); every 7th pays in the other currency, every 11th names a
    reference no invoice has, every 13th has none at all (all three stay unmatched).
    """
    payments: list[Tx] = []
    matched: dict[str, list[Tx]] = {i["RechNr"]: [] for i in invoices}
    unmatched: list[Tx] = []
    for n in range(PAYMENTS - len(invoices)):
        target = invoices[n % len(invoices)]
        amount = Decimal(n % 17 + 1) * Decimal("0.35")
        currency, reference = target["WaehrAbk"], target["Zahlungsreferenz"]
        if n % 7 == 3:
            currency = "EUR" if currency == "CHF" else "CHF"
        elif n % 11 == 5:
            reference = "RF" + "0" * 2 + str(990000 + n)
        elif n % 13 == 6:
            reference = None
        tx = Tx(f"HTTP-{n:05d}", amount, reference, currency=currency, text=f"Zahlung {n}")
        payments.append(tx)
        if currency == target["WaehrAbk"] and reference == target["Zahlungsreferenz"]:
            matched[target["RechNr"]].append(tx)
        else:
            unmatched.append(tx)
    for target in invoices:  # each invoice's rest, the first two invoices 1.00 over
        paid = sum((t.amount for t in matched[target["RechNr"]]), Decimal("0.00"))
        rest = target["AuftBrutto"] - paid + (Decimal("1.00") if target is invoices[0] else Decimal("0"))
        if rest > 0 and target is not invoices[-1]:  # the last one stays open
            tx = Tx(f"HTTP-REST-{target['RechNr']}", rest, target["Zahlungsreferenz"], currency=target["WaehrAbk"])
            payments.append(tx)
            matched[target["RechNr"]].append(tx)
    return payments, matched, unmatched


def entries(payments: list[Tx], duplicate: Tx) -> list[Entry]:
    """One entry per currency and 50 payments (a bank's batches), and the duplicate once more."""
    found = []
    for currency in ("CHF", "EUR"):
        mine = [t for t in payments if t.currency == currency]
        found += [
            Entry(f"E-{currency}-{i}", tuple(mine[i : i + 50]), currency=currency) for i in range(0, len(mine), 50)
        ]
    found.append(Entry("E-DUP", (duplicate,), currency=duplicate.currency))
    return found


def test_a_thousand_payments_are_booked_once_each_and_the_open_items_add_up(api: Any) -> None:
    chf, eur = customer(api, "CHF"), customer(api, "EUR")
    invoices = [invoice(api, chf, q) for q in (30, 45, 60, 75)] + [invoice(api, eur, q) for q in (40, 55)]
    assert {i["WaehrAbk"] for i in invoices} == {"CHF", "EUR"}
    payments, matched, unmatched = plan(invoices)
    assert len(payments) >= PAYMENTS - len(invoices)
    body = camt("camt.054.001.08", entries(payments, payments[0]), message_id="HTTP-1000")
    started = time.monotonic()
    answer = api.post("/www/zahlungen", data=body, headers=XML)
    took = time.monotonic() - started
    assert answer.status_code == 201, answer.text
    booked = sum(len(v) for v in matched.values())
    assert answer.json()["data"] == {
        "new": len(payments),
        "known": 1,
        "matched": booked,
        "unmatched": len(unmatched),
    }, f"{len(payments)} payments in {took:.1f} s"
    print(f"{len(payments) + 1} payments imported over HTTP in {took:.1f} s")

    total_in = Decimal("0.00")
    for target in invoices:
        data = head(api, target["RechNr"])
        expected = matched[target["RechNr"]]
        # Nothing matched to the wrong invoice: exactly its payments, by amount and bank reference.
        assert sorted(p["Betrag"] for p in data["Zahlungen"]) == sorted(t.amount for t in expected)
        assert len({p["ZahlungId"] for p in data["Zahlungen"]}) == len(expected)
        paid = sum((t.amount for t in expected), Decimal("0.00"))
        assert data["BetragBezahlt"] == paid
        assert data["BetragOffen"] == max(Decimal("0.00"), target["AuftBrutto"] - paid)
        total_in += paid
    assert [head(api, i["RechNr"])["Zahlstatus"] for i in invoices] == [
        "ueberzahlt",
        "bezahlt",
        "bezahlt",
        "bezahlt",
        "bezahlt",
        "teilbezahlt",
    ]
    unmatched_sum = sum((t.amount for t in unmatched), Decimal("0.00"))
    assert total_in + unmatched_sum == sum((t.amount for t in payments), Decimal("0.00"))

    # Open items: the two customers' invoices minus their payments, to the Rappen.
    last = invoices[-1]
    open_eur = last["AuftBrutto"] - sum((t.amount for t in matched[last["RechNr"]]), Decimal("0.00"))
    listed = api.get("/www/rechnung", params={"status": "offen", "KundNr": eur}).json(parse_float=Decimal)
    assert [(r["RechNr"], r["BetragOffen"]) for r in listed["data"]] == [(last["RechNr"], open_eur)]
    assert listed["Summen"] == [{"WaehrAbk": "EUR", "BetragOffen": open_eur, "Anzahl": 1}]
    assert api.get("/www/rechnung", params={"status": "offen", "KundNr": chf}).json()["count"] == 0
    kunde = api.get(f"/www/kunden/{eur}").json(parse_float=Decimal)["data"]
    assert kunde["OffenePosten"] == [{"WaehrAbk": "EUR", "BetragOffen": open_eur, "Anzahl": 1}]

    again = api.post("/www/zahlungen", data=body, headers=XML)
    assert again.status_code == 200
    assert again.json()["data"] == {"new": 0, "known": len(payments) + 1, "matched": 0, "unmatched": 0}
    # The day's statement overlaps: one payment seen before, one new that settles the last invoice.
    statement = camt(
        "camt.053.001.04",
        [
            Entry("S-1", (payments[0],), currency=payments[0].currency),
            Entry("S-2", (Tx("HTTP-STMT-1", open_eur, last["Zahlungsreferenz"], currency="EUR"),), currency="EUR"),
        ],
    )
    overlap = api.post("/www/zahlungen", data=statement, headers=XML)
    assert overlap.json()["data"] == {"new": 1, "known": 1, "matched": 1, "unmatched": 0}
    settled = head(api, last["RechNr"])
    assert (settled["Zahlstatus"], settled["Bezahlt"], settled["BetragOffen"]) == ("bezahlt", True, Decimal("0.00"))
    assert api.get("/www/rechnung", params={"status": "offen", "KundNr": eur}).json()["count"] == 0
    assert "OffenePosten" not in api.get(f"/www/kunden/{eur}").json()["data"]


def test_an_unmatched_payment_is_listed_and_assigned_by_hand(api: Any, operator_api: Any) -> None:
    kund_nr = customer(api, "CHF")
    target = invoice(api, kund_nr, 10)
    tx = Tx("HTTP-HAND-1", Decimal("50.00"), None, debtor="Hans Muster", text=f"Rechnung {target['RechNr']}")
    imported = operator_api.post("/www/zahlungen", data=camt("camt.054.001.04", [Entry("H", (tx,))]), headers=XML)
    assert imported.status_code == 201, imported.text
    assert imported.json()["data"] == {"new": 1, "known": 0, "matched": 0, "unmatched": 1}
    listed = api.get("/www/zahlungen", params={"status": "offen", "limit": 1000}).json(parse_float=Decimal)
    mine = [p for p in listed["data"] if p.get("Mitteilung") == tx.text]
    assert len(mine) == 1
    assert mine[0] | {"ZahlungId": "x"} == {
        "ZahlungId": "x",
        "Betrag": Decimal("50.00"),
        "WaehrAbk": "CHF",
        "Datum": "2026-11-26",
        "Schuldner": "Hans Muster",
        "Mitteilung": tx.text,
        "Status": "offen",
    }
    path = f"/www/zahlungen/{mine[0]['ZahlungId']}/zuordnung"
    done = operator_api.post(path, json={"RechNr": target["RechNr"]})
    assert done.status_code == 200, done.text
    assert done.json()["data"]["RechNr"] == target["RechNr"]
    again = api.post(path, json={"RechNr": target["RechNr"]})
    assert again.status_code == 409
    assert again.json()["error"] == "conflict"
    data = head(api, target["RechNr"])
    assert data["BetragBezahlt"] == Decimal("50.00")
    assert data["BetragOffen"] == max(Decimal("0.00"), target["AuftBrutto"] - Decimal("50.00"))
    assert data["Zahlungen"][0]["Zuordnung"] == "manuell"
    by_order = api.get(f"/www/auftrag/{target['AuftNr']}/rechnung", headers={"Accept": "application/json"})
    assert by_order.json(parse_float=Decimal)["data"] == data


@pytest.mark.parametrize(
    "broken",
    [
        b'<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;&a;">]><Document>&b;</Document>',
        b'<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08"><BkToCstmrDbtCdtNtfctn/></Document>',
        b"<not xml",
    ],
)
def test_an_invalid_or_hostile_file_is_a_400_and_books_nothing(api: Any, broken: bytes) -> None:
    target = invoice(api, customer(api, "CHF"), 5)
    good = camt(
        "camt.054.001.08", [Entry("B", (Tx(f"HTTP-BAD-{len(broken)}", Decimal("1.00"), target["Zahlungsreferenz"]),))]
    )
    # A valid file with a broken tail: refused whole, its valid payment not booked either.
    for body in (broken, good.replace(b"</Document>", b"<x/></Document>")):
        answer = api.post("/www/zahlungen", data=body, headers=XML)
        assert answer.status_code == 400, answer.text
        assert answer.json()["error"] == "invalid_request"
    assert "Zahlungen" not in head(api, target["RechNr"])


def test_migrate_registers_nothing_twice(local_stack: dict[str, Any]) -> None:
    done = admin(local_stack, "migrate")
    assert done.returncode == 0, done.stderr
    assert "; 0 registered for payments and open items." in done.stdout


def test_the_open_items_move_online_from_the_one_partition_to_their_shards(tmp_path: Path) -> None:
    """A stack of its own, as after the deploy (no phase marker: phase 0): a new invoice's open item
    is where a release before reads it, a payment books to it there; `migrate` moves it and ends in
    phase 2 with the list unchanged; a payment after that books to the shard."""
    from local.template import Stack

    with started(tmp_path / "data", fresh=True) as running:
        api = Api(running.api)
        api.login()
        table, ddb = Stack.read().names["Table"], running.client("dynamodb")

        def item_in(pk: str, sk: str) -> dict[str, Any] | None:
            found: dict[str, Any] | None = ddb.get_item(
                TableName=table, Key={"PK": {"S": pk}, "SK": {"S": sk}}, ConsistentRead=True
            ).get("Item")
            return found

        target = invoice(api, customer(api, "CHF"), 3)
        rech_nr, sk = target["RechNr"], f"{target['FaelligDatum']}#{target['RechNr']}"
        gross = Decimal(str(target["AuftBrutto"]))
        shards = [f"OFFENEPOSTEN@{s:02d}" for s in range(16)]
        assert [pk for pk in shards if item_in(pk, sk)] == []
        assert item_in("OFFENEPOSTEN", sk) is not None  # where a release before (a canary) sees it
        file = camt(
            "camt.054.001.08", [Entry("P0", (Tx("HTTP-PHASE0-1", Decimal("1.00"), target["Zahlungsreferenz"]),))]
        )
        assert api.post("/www/zahlungen", data=file, headers=XML).json()["data"]["matched"] == 1
        old = item_in("OFFENEPOSTEN", sk)
        assert old is not None
        assert (Decimal(old["BetragBezahlt"]["N"]), old["Version"]) == (Decimal("1.00"), {"N": "2"})
        everyone = api.get("/www/rechnung", params={"status": "offen"}).json()["data"]
        [row] = [r for r in everyone if r["RechNr"] == rech_nr]
        assert Decimal(str(row["BetragOffen"])) == gross - Decimal("1.00")
        legacy = ddb.query(
            TableName=table,
            KeyConditionExpression="PK = :pk",
            ExpressionAttributeValues={":pk": {"S": "OFFENEPOSTEN"}},
            ConsistentRead=True,
        )["Items"]

        done = admin(running.stack, "migrate")
        assert done.returncode == 0, done.stderr
        assert f"{len(legacy)} open items moved to their partitions, 0 not: none." in done.stdout
        assert item_in("OFFENEPOSTEN@PHASE", "PHASE") == {
            "PK": {"S": "OFFENEPOSTEN@PHASE"},
            "SK": {"S": "PHASE"},
            "Phase": {"N": "2"},
        }
        assert item_in("OFFENEPOSTEN", sk) is None
        [shard] = [pk for pk in shards if item_in(pk, sk)]
        assert item_in(shard, sk) == {**old, "PK": {"S": shard}}
        assert api.get("/www/rechnung", params={"status": "offen"}).json()["data"] == everyone

        # Paid in full in phase 2: booked to the shard, the item removed there.
        rest = gross - Decimal("1.00")
        file = camt("camt.054.001.08", [Entry("P2", (Tx("HTTP-PHASE2-1", rest, target["Zahlungsreferenz"]),))])
        assert api.post("/www/zahlungen", data=file, headers=XML).json()["data"]["matched"] == 1
        assert item_in(shard, sk) is None
        assert head(api, rech_nr)["Zahlstatus"] == "bezahlt"

        again = admin(running.stack, "migrate")
        assert again.returncode == 0, again.stderr
        assert "0 open items moved to their partitions, 0 not: none." in again.stdout
