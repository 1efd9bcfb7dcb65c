"""The open items' online move over real HTTP, against a local stack of its own (issue 24): the open
items of a release before (hundreds in the one partition `OFFENEPOSTEN`, as its data would hold
them), and an invoice of this release credited and reported overdue in phase 0; `migrate --local`
moves them while payments to them are imported. Nothing lost, nothing twice, every amount to the
Rappen, the overdue mark kept; a second run moves nothing."""

from __future__ import annotations

import threading
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from boto3.dynamodb.types import TypeDeserializer, TypeSerializer

from tests.support import Api
from tests.support.camt_files import Entry, Tx, camt
from tests.support.demo import MINIMAL_CUSTOMER
from tests.support.invoice_http import issue
from tests.support.local_stack import admin, started

pytestmark = pytest.mark.integration

XML = {"Content-Type": "application/xml"}
OLD = 300  # open items of the release before
OLD_GROSS, PAID = Decimal("100.00"), Decimal("0.05")
KUND_NR = "990001"  # the old invoices' customer (its partition is not moved)
SHARDS = [f"OFFENEPOSTEN@{s:02d}" for s in range(16)]
LATE = "2999-01-01"


def _old_invoice(n: int) -> list[dict[str, Any]]:
    """An invoice of the release before, registered for payments: its facts, its reference, its open
    items (the company's in the one partition, the customer's)."""
    rech_nr, due = f"9{n:05d}", f"2025-{1 + n % 12:02d}-{1 + n % 28:02d}"
    facts = {
        "RechNr": rech_nr,
        "AuftNr": f"8{n:05d}",
        "KundNr": KUND_NR,
        "WaehrAbk": "CHF",
        "AuftBrutto": OLD_GROSS,
        "RechDatum": "2024-12-01",
        "FaelligDatum": due,
        "Zahlungsreferenz": f"RF18{n:012d}",
        "Karte": False,
    }
    item = {**facts, "BetragBezahlt": Decimal("0.00"), "Version": 1}
    return [
        {"PK": f"RECHNR#{rech_nr}", "SK": "RECHNUNG", **facts},
        {"PK": f"ZREF#{facts['Zahlungsreferenz']}", "SK": "ZREF", **facts},
        {"PK": "OFFENEPOSTEN", "SK": f"{due}#{rech_nr}", **item},
        {"PK": f"OFFENEPOSTEN#{KUND_NR}", "SK": f"{due}#{rech_nr}", **item},
    ]


def _open_items(ddb: Any, table: str, pk: str) -> list[dict[str, Any]]:
    found, start = [], None
    while True:
        page = ddb.query(
            TableName=table,
            KeyConditionExpression="PK = :pk",
            ExpressionAttributeValues={":pk": {"S": pk}},
            ConsistentRead=True,
            **({"ExclusiveStartKey": start} if start else {}),
        )
        found += [{k: TypeDeserializer().deserialize(v) for k, v in i.items()} for i in page["Items"]]
        start = page.get("LastEvaluatedKey")
        if not start:
            return found


def _totals(api: Any, **query: str) -> tuple[int, list[dict[str, Any]]]:
    body = api.get("/www/rechnung", params={"status": "offen", "limit": "1", **query}).json()
    return int(body["count"]), list(body["Summen"])


def test_migrate_moves_the_open_items_of_a_release_before_while_payments_come_in(tmp_path: Path) -> None:
    from local.template import Stack

    with started(tmp_path / "data", fresh=True) as running:
        api = Api(running.api)
        api.login()
        table, ddb = Stack.read().names["Table"], running.client("dynamodb")
        items = [item for n in range(OLD) for item in _old_invoice(n)]
        for at in range(0, len(items), 25):
            requests = [
                {"PutRequest": {"Item": {k: TypeSerializer().serialize(v) for k, v in i.items()}}}
                for i in items[at : at + 25]
            ]
            assert not ddb.batch_write_item(RequestItems={table: requests}).get("UnprocessedItems")

        # This release's invoice in phase 0 (in the one partition), credited in part, reported overdue.
        kund_nr = api.post(
            "/www/kunden",
            json={**MINIMAL_CUSTOMER, "GrundDaten": {"WaehrAbk": "CHF", "FAKTZahlArt": "R"}},
        ).json()["data"]["DebiNr"]
        new = issue(api, {"GrundDaten": {"KundNr": kund_nr}, "Positionen": [{"ArtNr": "1000", "Menge": 3}]})
        credit = api.post(f"/www/rechnung/{new['RechNr']}/gutschrift", json={"Positionen": [{"PosNr": 1, "Menge": 1}]})
        assert credit.status_code == 201, credit.text
        [row] = api.get("/www/rechnung", params={"status": "offen", "KundNr": kund_nr}).json()["data"]
        new_open = Decimal(str(row["BetragOffen"]))
        assert Decimal("0") < new_open < Decimal(str(new["AuftBrutto"]))
        reported = admin(running.stack, "ueberfaellig", "--stichtag", LATE)
        assert reported.returncode == 0, reported.stderr
        assert f"1 overdue invoices reported for {LATE}." in reported.stdout  # the old ones have no record to show
        [legacy_new] = [i for i in _open_items(ddb, table, "OFFENEPOSTEN") if i["RechNr"] == new["RechNr"]]
        assert legacy_new["UeberfaelligGemeldet"] == LATE
        everything = OLD_GROSS * OLD + new_open
        assert _totals(api) == (OLD + 1, [{"WaehrAbk": "CHF", "BetragOffen": float(everything), "Anzahl": OLD + 1}])

        # migrate, and files paying 0.05 to old invoices, ten at a time, while it runs.
        done: list[Any] = []
        mover = threading.Thread(target=lambda: done.append(admin(running.stack, "migrate")))
        mover.start()
        paid: dict[str, Decimal] = {}
        files = 0
        while mover.is_alive() or files < 3:
            targets = [(files * 10 + k) % OLD for k in range(10)]
            entry = Entry(f"M-{files}", tuple(Tx(f"MOVE-{files}-{n}", PAID, f"RF18{n:012d}") for n in targets))
            answer = api.post("/www/zahlungen", data=camt("camt.054.001.08", [entry]), headers=XML)
            assert answer.status_code == 201, answer.text
            assert answer.json()["data"] == {"new": 10, "known": 0, "matched": 10, "unmatched": 0}
            for n in targets:
                paid[f"9{n:05d}"] = paid.get(f"9{n:05d}", Decimal("0.00")) + PAID
            files += 1
        mover.join()
        runs = [done[0]]
        while runs[-1].returncode == 1 and len(runs) < 3:  # an item booked to during its move: run again
            assert "run migrate again" in runs[-1].stderr
            runs.append(admin(running.stack, "migrate"))
        assert runs[-1].returncode == 0, runs[-1].stderr
        moved = [int(r.stdout.split(" open items moved")[0].rsplit(" ", 1)[1]) for r in runs]
        assert sum(moved) == OLD + 1  # each item once

        assert _open_items(ddb, table, "OFFENEPOSTEN") == []
        found = [i for pk in SHARDS for i in _open_items(ddb, table, pk)]
        assert len(found) == len({i["SK"] for i in found}) == OLD + 1
        for item in found:
            assert item["RechNr"] != new["RechNr"] or item["UeberfaelligGemeldet"] == LATE
            expected = paid.get(item["RechNr"], Decimal("0.00"))
            assert (item["RechNr"], item["BetragBezahlt"]) == (item["RechNr"], expected)
        everything -= sum(paid.values(), Decimal("0.00"))
        assert _totals(api) == (OLD + 1, [{"WaehrAbk": "CHF", "BetragOffen": float(everything), "Anzahl": OLD + 1}])
        old_left = OLD_GROSS * OLD - sum(paid.values(), Decimal("0.00"))
        assert _totals(api, KundNr=KUND_NR) == (
            OLD,
            [{"WaehrAbk": "CHF", "BetragOffen": float(old_left), "Anzahl": OLD}],
        )

        again = admin(running.stack, "ueberfaellig", "--stichtag", LATE)
        assert f"0 overdue invoices reported for {LATE}." in again.stdout
        last = admin(running.stack, "migrate")
        assert last.returncode == 0, last.stderr
        assert "0 open items moved to their partitions, 0 not: none." in last.stdout
