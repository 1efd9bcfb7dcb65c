"""Payments over the handlers (moto): a camt file imported, matched, booked once; the invoice's
payment fields; unmatched payments assigned by hand; the open items and a customer's open amounts."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from tests.support.camt_files import Entry, Tx, camt
from tests.support.invoice_orders import CHF_ORDER, EUR_ORDER
from tests.support.invoke import Answer, RequestCounter
from tests.support.invoke import call as invoke
from tests.support.payment_calls import XML, head, issued, post_file


def test_a_new_invoice_is_open_with_nothing_paid(call: Any) -> None:
    chf = issued(call, CHF_ORDER)
    assert len(chf["Zahlungsreferenz"]) == 27
    assert chf["Zahlstatus"] == "offen"
    assert chf["Bezahlt"] is False
    assert Decimal(str(chf["BetragBezahlt"])) == 0
    assert chf["BetragOffen"] == chf["AuftBrutto"]
    assert head(call, chf["RechNr"]) == {**chf}


@pytest.mark.parametrize(("kind", "media_type"), [("pdf", "application/pdf"), ("xml", "application/xml")])
def test_the_files_by_number_are_the_orders_files(call: Any, kind: str, media_type: str) -> None:
    chf = issued(call, CHF_ORDER)
    by_order = call("rechnung", "GET", f"/www/auftrag/{chf['AuftNr']}/rechnung/{kind}")
    # Accept asks for JSON: the typed route answers its one media type all the same.
    by_number = call("rechnung", "GET", f"/www/rechnung/{chf['RechNr']}/{kind}", headers={"Accept": "application/json"})
    assert (by_number.status, by_number.headers["Content-Type"]) == (200, media_type)
    assert (by_number.text, by_number.raw["isBase64Encoded"]) == (by_order.text, True)
    assert by_number.headers["ETag"] == by_order.headers["ETag"]
    assert by_number.headers["Content-Disposition"] == f'inline; filename="rechnung-{chf["RechNr"]}.{kind}"'
    again = call(
        "rechnung", "GET", f"/www/rechnung/{chf['RechNr']}/{kind}", headers={"If-None-Match": by_number.headers["ETag"]}
    )
    assert (again.status, again.text) == (304, "")
    missing = call("rechnung", "GET", f"/www/rechnung/9{chf['RechNr']}/{kind}")
    assert (missing.status, missing.json()) == (
        404,
        {
            "error": "not_found",
            "error_description": f"No invoice 9{chf['RechNr']}.",
            "info": {"RechNr": f"9{chf['RechNr']}"},
        },
    )


def test_import_matches_by_reference_books_once_and_counts(call: Any) -> None:
    chf, eur = issued(call, CHF_ORDER), issued(call, EUR_ORDER)
    gross_chf, gross_eur = Decimal(str(chf["AuftBrutto"])), Decimal(str(eur["AuftBrutto"]))
    assert eur["Zahlungsreferenz"].startswith("RF")
    part = Decimal("10.00")
    file = camt(
        "camt.054.001.08",
        [
            Entry(
                "E1",
                (
                    Tx("T1", part, chf["Zahlungsreferenz"], debtor="Büro AG"),
                    Tx("T2", Decimal("5.00"), "210000000003139471430009017", text="unknown"),
                    Tx("T3", Decimal("1.00"), None, text="Rechnung ohne Referenz"),
                ),
            ),
            Entry("E2", (Tx("T4", gross_eur, eur["Zahlungsreferenz"], currency="EUR"),), currency="EUR"),
            Entry("E3", (Tx("T5", Decimal("2.00"), eur["Zahlungsreferenz"], currency="CHF"),)),
        ],
    )
    answer = post_file(call, file)
    assert answer.status == 201, answer.text
    assert answer.json()["data"] == {"new": 5, "known": 0, "matched": 2, "unmatched": 3}
    again = post_file(call, file)
    assert (again.status, again.json()["data"]) == (200, {"new": 0, "known": 5, "matched": 0, "unmatched": 0})

    partial = head(call, chf["RechNr"])
    assert partial["Zahlstatus"] == "teilbezahlt"
    assert partial["Bezahlt"] is False
    assert partial["BetragBezahlt"] == 10.00
    assert Decimal(str(partial["BetragOffen"])) == gross_chf - part
    assert [(p["Betrag"], p["Schuldner"], p["Zuordnung"]) for p in partial["Zahlungen"]] == [
        (10.00, "Büro AG", "automatisch")
    ]
    full = head(call, eur["RechNr"])
    assert (full["Zahlstatus"], full["Bezahlt"], full["BetragOffen"]) == ("bezahlt", True, 0.00)
    assert Decimal(str(full["BetragBezahlt"])) == gross_eur

    # An overlapping statement (camt.053, .04) later: only the payment not seen before is booked.
    rest = gross_chf - part + Decimal("1.50")
    statement = camt(
        "camt.053.001.04",
        [
            Entry("E1", (Tx("T1", part, chf["Zahlungsreferenz"]),)),
            Entry("E9", (Tx("T9", rest, chf["Zahlungsreferenz"]),)),
        ],
    )
    assert post_file(call, statement).json()["data"] == {"new": 1, "known": 1, "matched": 1, "unmatched": 0}
    over = head(call, chf["RechNr"])
    assert (over["Zahlstatus"], over["Bezahlt"], over["BetragOffen"]) == ("ueberzahlt", True, 0.00)
    assert Decimal(str(over["BetragBezahlt"])) == gross_chf + Decimal("1.50")
    auftrag = call("rechnung", "GET", f"/www/auftrag/{chf['AuftNr']}/rechnung", headers={"Accept": "application/json"})
    assert auftrag.json()["data"] == over


def test_the_unmatched_payments_are_listed_and_assigned_by_hand(call: Any) -> None:
    chf, eur = issued(call, CHF_ORDER), issued(call, EUR_ORDER)
    file = camt(
        "camt.054.001.04",
        [
            Entry("E1", (Tx("U1", Decimal("20.00"), None, text="Rechnung " + chf["RechNr"], debtor="Frau Muster"),)),
            Entry("E2", (Tx("U2", Decimal("3.00"), "RF71999999"),)),
        ],
    )
    assert post_file(call, file).json()["data"]["unmatched"] == 2
    listed = call("zahlungen", "GET", "/www/zahlungen", query={"status": "offen"})
    assert listed.status == 200, listed.text
    payments = listed.json()["data"]
    assert listed.json()["count"] == 2
    first = next(p for p in payments if p["Betrag"] == 20.00)
    assert first == {
        "ZahlungId": first["ZahlungId"],
        "Betrag": 20.00,
        "WaehrAbk": "CHF",
        "Datum": "2026-11-26",
        "Schuldner": "Frau Muster",
        "Mitteilung": "Rechnung " + chf["RechNr"],
        "Status": "offen",
    }
    path = f"/www/zahlungen/{first['ZahlungId']}/zuordnung"
    wrong = call("zahlungen", "POST", path, {"RechNr": eur["RechNr"]})
    assert wrong.status == 409
    assert wrong.json()["info"]["WaehrAbk"] == "CHF"
    missing = call("zahlungen", "POST", path, {"RechNr": "999999"})
    assert missing.status == 404
    done = call("zahlungen", "POST", path, {"RechNr": chf["RechNr"]})
    assert done.status == 200, done.text
    assert done.json()["data"]["Status"] == "zugeordnet"
    assert done.json()["data"]["Zuordnung"] == "manuell"
    assert call("zahlungen", "POST", path, {"RechNr": chf["RechNr"]}).status == 409
    assert call("zahlungen", "POST", "/www/zahlungen/abc/zuordnung", {"RechNr": chf["RechNr"]}).status == 404
    assert call("zahlungen", "GET", "/www/zahlungen", query={"status": "offen"}).json()["count"] == 1
    assert [p["Betrag"] for p in head(call, chf["RechNr"])["Zahlungen"]] == [20.00]


def test_open_items_list_totals_per_currency_and_the_customers_open_amounts(call: Any) -> None:
    chf1, chf2, eur = issued(call, CHF_ORDER), issued(call, CHF_ORDER), issued(call, EUR_ORDER)
    paid = Decimal("12.35")
    post_file(call, camt("camt.054.001.08", [Entry("E", (Tx("P1", paid, chf1["Zahlungsreferenz"]),))]))
    answer = call("rechnung", "GET", "/www/rechnung", query={"status": "offen"})
    assert answer.status == 200, answer.text
    body = answer.json()
    rows = {r["RechNr"]: r for r in body["data"]}
    assert set(rows) == {chf1["RechNr"], chf2["RechNr"], eur["RechNr"]}
    assert body["count"] == 3
    gross = Decimal(str(chf1["AuftBrutto"]))
    assert Decimal(str(rows[chf1["RechNr"]]["BetragOffen"])) == gross - paid
    assert rows[chf1["RechNr"]]["TageUeberfaellig"] == 0
    chf_total = gross - paid + Decimal(str(chf2["AuftBrutto"]))
    assert body["Summen"] == [
        {"WaehrAbk": "CHF", "BetragOffen": float(chf_total), "Anzahl": 2},
        {"WaehrAbk": "EUR", "BetragOffen": eur["AuftBrutto"], "Anzahl": 1},
    ]
    assert '"BetragOffen":' + str(chf_total) in answer.text  # the amount to the Rappen, with its places
    early = call("rechnung", "GET", "/www/rechnung", query={"status": "offen", "faellig_bis": "2000-01-01"})
    assert early.json()["data"] == []
    assert early.json()["count"] == 0
    page = call("rechnung", "GET", "/www/rechnung", query={"status": "offen", "limit": "1", "offset": "1"}).json()
    assert len(page["data"]) == 1
    assert page["count"] == 3
    assert page["Summen"] == body["Summen"]
    assert page["links"][0]["href"].endswith("/www/rechnung?status=offen&limit=1&offset=2")
    odd = call("rechnung", "GET", "/www/rechnung", query={"status": "offen", "KundNr": "ä &x", "limit": "5"}).json()
    assert odd["links"][0]["href"].endswith("/www/rechnung?status=offen&KundNr=%C3%A4+%26x&limit=5&offset=5")
    customer = call("kunden", "GET", f"/www/kunden/{chf1['KundNr']}").json()["data"]
    assert customer["OffenePosten"] == [{"WaehrAbk": "CHF", "BetragOffen": float(chf_total), "Anzahl": 2}]
    assert call("rechnung", "GET", "/www/rechnung", query={"status": "bezahlt"}).status == 400
    bad_day = call("rechnung", "GET", "/www/rechnung", query={"status": "offen", "faellig_bis": "2026-13-01"})
    assert bad_day.status == 400
    assert "faellig_bis" in bad_day.json()["info"]["fields"]


def test_an_order_paid_by_card_is_paid_from_the_start(call: Any) -> None:
    body = {**CHF_ORDER, "Zahlung": [{"Bezeichnung": "payment_method", "Wert": "K"}]}
    card = issued(call, body)
    assert (card["Zahlstatus"], card["Bezahlt"], card["BetragOffen"]) == ("bezahlt", True, 0.00)
    assert card["BetragBezahlt"] == card["AuftBrutto"]
    assert call("rechnung", "GET", "/www/rechnung", query={"status": "offen"}).json()["count"] == 0


def test_an_invalid_file_is_a_400_and_books_nothing(call: Any) -> None:
    chf = issued(call, CHF_ORDER)
    good = camt("camt.054.001.08", [Entry("E", (Tx("X1", Decimal("1.00"), chf["Zahlungsreferenz"]),))])
    broken = good.replace(b"</Ntfctn>", b"<Unbekannt/></Ntfctn>")
    answer = post_file(call, broken)
    assert answer.status == 400
    assert answer.json()["error_description"].startswith("The file is not a valid camt.054.001.08: line 2")
    assert "Zahlungen" not in head(call, chf["RechNr"])  # none: left out, as every empty field
    assert post_file(call, good).json()["data"]["new"] == 1
    text = call("zahlungen", "POST", "/www/zahlungen", good, headers={"Content-Type": "text/plain"})
    assert text.status == 415
    # JSON is read as JSON before any route: this route takes none.
    assert call("zahlungen", "POST", "/www/zahlungen", {"a": 1}).status == 400
    assert call("zahlungen", "POST", "/www/zahlungen").status == 415


def test_only_integration_users_and_operators_import(call: Any) -> None:
    file = camt("camt.054.001.08", [Entry("E", (Tx("R1", Decimal("1.00"), None),))])
    assert post_file(call, file, roles="operator").status == 201
    assert post_file(call, file, roles="").status == 403


@pytest.mark.parametrize("count", [10, 200])
def test_requests_per_payment_are_constant(call: Any, count: int) -> None:
    """Counted once the open items' move is done (phase 2, payments/store.phase), as the bench."""
    from backoffice.payments import store

    store.set_phase(store.SHARDS_ONLY)
    chf = issued(call, CHF_ORDER)
    assert store.phase() == store.SHARDS_ONLY  # read before counting: never again in this container
    txs = tuple(Tx(f"C{count}-{n}", Decimal("0.05"), chf["Zahlungsreferenz"]) for n in range(count))
    with RequestCounter() as counter:
        answer = invoke("zahlungen", "POST", "/www/zahlungen", camt("camt.054.001.08", [Entry("E", txs)]), headers=XML)
    assert answer.json()["data"] == {"new": count, "known": 0, "matched": count, "unmatched": 0}
    # The payments of one invoice go together, 48 in a transaction (2 items each, its open items
    # and the feed's item of their events), each transaction with its events' sequence number.
    transactions = (count + 47) // 48
    assert counter.calls.count("TransactWriteItems") == transactions
    assert counter.calls.count("UpdateItem") == transactions
    # Reads: the known ids (100 a request), the one reference, its open item, its record; the
    # payments booked before once something came in (a Query from the second transaction on).
    assert counter.calls.count("BatchGetItem") == (count + 99) // 100 + 3
    assert counter.calls.count("Query") == transactions - 1
    assert len(counter.calls) == 2 * transactions + (count + 99) // 100 + 3 + transactions - 1


def test_transactions_sent_side_by_side_book_every_payment_once(call: Any, monkeypatch: Any) -> None:
    """49 unmatched payments, 49 to invoice A, 60 to invoice B: transactions of at most 100 items (2
    per payment, an invoice's open items 2 more, the events' feed item 1): [49 unmatched] (98),
    [A's 48] (98), [A's last, B's 46] (98), [B's 14] (30). The last three share an invoice with the
    one before, so they go one after the other in one lane; the lanes go side by side in threads.
    Every amount lands once. After the open items' move (phase 2: an invoice's writes take at most
    2 items; before it 3 are reserved, test_open_item_phases)."""
    import threading

    from backoffice.payments import store

    store.set_phase(store.SHARDS_ONLY)
    a, b = issued(call, CHF_ORDER), issued(call, CHF_ORDER)
    txs = [Tx(f"PAR-U-{n}", Decimal("1.00"), None) for n in range(49)]
    txs += [Tx(f"PAR-A-{n}", Decimal("0.05"), a["Zahlungsreferenz"]) for n in range(49)]
    txs += [Tx(f"PAR-B-{n}", Decimal("0.10"), b["Zahlungsreferenz"]) for n in range(60)]
    file = camt("camt.054.001.08", [Entry(f"E{n}", tuple(txs[n : n + 25])) for n in range(0, len(txs), 25)])
    threads: list[tuple[str, int, bool]] = []  # (thread, items, B's transaction)
    write = store.write

    def seen(ops: list[dict[str, Any]], *events: Any) -> bool:
        threads.append((threading.current_thread().name, len(ops), f"#{b['RechNr']}" in str(ops)))
        return write(ops, *events)

    monkeypatch.setattr(store, "write", seen)
    answer = post_file(call, file)
    assert answer.json()["data"] == {"new": 158, "known": 0, "matched": 109, "unmatched": 49}
    # Four transactions, none failed (none booked again payment by payment), none in the caller's thread.
    assert sorted(n for _, n, _ in threads) == [30, 98, 98, 98]  # the operations, the feed's item apart
    assert threading.current_thread().name not in {name for name, _, _ in threads}
    # B's two transactions in one lane: one thread, the first 46 before the other 14.
    assert len({name for name, _, of_b in threads if of_b}) == 1
    assert [n for _, n, of_b in threads if of_b] == [98, 30]
    for invoice, paid in ((a, Decimal("2.45")), (b, Decimal("6.00"))):
        data = head(call, invoice["RechNr"])
        assert Decimal(str(data["BetragBezahlt"])) == paid
        assert Decimal(str(data["BetragOffen"])) == Decimal(str(invoice["AuftBrutto"])) - paid
        assert data["Zahlstatus"] == "teilbezahlt"
    assert post_file(call, file).json()["data"] == {"new": 0, "known": 158, "matched": 0, "unmatched": 0}


def test_a_payment_booked_meanwhile_is_known_and_the_rest_of_its_group_booked(call: Any, monkeypatch: Any) -> None:
    """Another import booked one of the file's payments after this one looked (a race): the group's
    transaction fails, each payment is booked on its own, the counts stay right, nothing twice."""
    from backoffice.payments import store

    chf = issued(call, CHF_ORDER)
    txs = [Tx(f"RACE-{n}", Decimal("1.00"), chf["Zahlungsreferenz"]) for n in range(3)]
    assert post_file(call, camt("camt.054.001.08", [Entry("E0", (txs[1],))])).json()["data"]["new"] == 1
    monkeypatch.setattr(store, "known_payments", lambda ids: set())  # blind to what is booked
    answer = post_file(call, camt("camt.054.001.08", [Entry("E", tuple(txs))]))
    assert answer.json()["data"] == {"new": 2, "known": 1, "matched": 2, "unmatched": 0}
    data = head(call, chf["RechNr"])
    assert data["BetragBezahlt"] == 3.00
    assert len(data["Zahlungen"]) == 3
    assert Decimal(str(data["BetragOffen"])) == Decimal(str(chf["AuftBrutto"])) - 3


def _throttled() -> Exception:
    from botocore.exceptions import ClientError

    response: dict[str, Any] = {
        "Error": {"Code": "TransactionCanceledException", "Message": "Transaction cancelled"},
        "CancellationReasons": [{"Code": "None"}, {"Code": "ThrottlingError", "Message": "Throughput exceeds"}],
    }
    return ClientError(response, "TransactWriteItems")  # type: ignore[arg-type]


def _feed(call: Any, after: int = 0) -> tuple[int, list[dict[str, Any]]]:
    answer = call("events", "GET", "/www/events", query={"limit": "1000", "after": str(after)})
    assert answer.status == 200, answer.text
    return int(answer.json()["cursor"]), answer.json()["data"]


def test_a_transaction_throttled_is_sent_again_after_a_pause(call: Any, monkeypatch: Any) -> None:
    """DynamoDB cancels a transaction whose partition is over its throughput (the open items' one,
    at a large file): it is sent again after a growing pause, booked once, its events once."""
    from backoffice.payments import store
    from backoffice.platform import dynamo

    chf = issued(call, CHF_ORDER)
    start, _ = _feed(call)
    write, pauses = dynamo.transact_write, []

    def throttled_twice(ops: list[dict[str, Any]], token: str | None = None) -> None:
        if len(pauses) < 2 and any("ZAHLUNG#" in str(op) for op in ops):
            raise _throttled()
        write(ops, token)

    monkeypatch.setattr(dynamo, "transact_write", throttled_twice)  # beneath the outbox: its void items
    monkeypatch.setattr(store.time, "sleep", pauses.append)
    txs = tuple(Tx(f"THR-{n}", Decimal("2.00"), chf["Zahlungsreferenz"]) for n in range(3))
    answer = post_file(call, camt("camt.054.001.08", [Entry("E", txs)]))
    assert answer.json()["data"] == {"new": 3, "known": 0, "matched": 3, "unmatched": 0}
    assert len(pauses) == 2
    assert 0.05 <= pauses[0] <= 0.1  # doubling, with jitter
    assert 0.1 <= pauses[1] <= 0.2
    assert head(call, chf["RechNr"])["BetragBezahlt"] == 6.00
    _, events = _feed(call, start)
    assert [(e["type"], e["keys"]) for e in events if e["type"].startswith("rechnung.")] == [
        ("rechnung.partially_paid", {"RechNr": chf["RechNr"]})
    ]


def test_a_transaction_throttled_every_time_fails_the_import_with_nothing_of_it_booked(
    call: Any, monkeypatch: Any
) -> None:
    from backoffice.payments import store
    from backoffice.platform import dynamo

    chf = issued(call, CHF_ORDER)
    write = dynamo.transact_write

    def always(ops: list[dict[str, Any]], token: str | None = None) -> None:
        if any("ZAHLUNG#" in str(op) for op in ops):
            raise _throttled()
        write(ops, token)

    monkeypatch.setattr(dynamo, "transact_write", always)
    monkeypatch.setattr(store.time, "sleep", lambda _: None)
    txs = tuple(Tx(f"THX-{n}", Decimal("2.00"), chf["Zahlungsreferenz"]) for n in range(2))
    file = camt("camt.054.001.08", [Entry("E", txs)])
    assert post_file(call, file).status == 500
    assert head(call, chf["RechNr"])["BetragBezahlt"] == 0.00
    monkeypatch.setattr(dynamo, "transact_write", write)  # DynamoDB has capacity again: the same file books it all
    assert post_file(call, file).json()["data"] == {"new": 2, "known": 0, "matched": 2, "unmatched": 0}


def test_migrate_registers_the_invoices_issued_before_payments_once(call: Any, capsys: Any) -> None:
    from backoffice.admin.__main__ import main as admin
    from backoffice.payments import store
    from backoffice.platform import dynamo

    chf, eur = issued(call, CHF_ORDER), issued(call, EUR_ORDER)
    for data in (chf, eur):  # as an invoice of the release before had it: none of these items
        dynamo.batch_delete(
            [
                (store.invoice_pk(data["RechNr"]), store.INVOICE_SK),
                (store.reference_pk(data["Zahlungsreferenz"]), store.REFERENCE_SK),
                (store.open_items_pk(data["RechNr"]), f"{data['FaelligDatum']}#{data['RechNr']}"),
                (store.LEGACY_OPEN_ITEMS, f"{data['FaelligDatum']}#{data['RechNr']}"),
                (store.customer_open_pk(data["KundNr"]), f"{data['FaelligDatum']}#{data['RechNr']}"),
            ]
        )
    assert (
        call("rechnung", "GET", f"/www/rechnung/{chf['RechNr']}", headers={"Accept": "application/json"}).status == 404
    )
    assert call("rechnung", "GET", "/www/rechnung", query={"status": "offen"}).json()["count"] == 0
    assert admin(["migrate"]) == 0
    assert "2 invoices; 2 registered for payments and open items." in capsys.readouterr().out
    assert head(call, chf["RechNr"]) == chf
    assert call("rechnung", "GET", "/www/rechnung", query={"status": "offen"}).json()["count"] == 2
    file = camt("camt.054.001.08", [Entry("M", (Tx("MIG-1", Decimal("1.00"), chf["Zahlungsreferenz"]),))])
    assert post_file(call, file).json()["data"]["matched"] == 1
    assert admin(["migrate"]) == 0
    assert "2 invoices; 0 registered" in capsys.readouterr().out
    assert head(call, chf["RechNr"])["BetragBezahlt"] == 1.00


def test_the_file_arrives_base64_encoded_as_api_gateway_hands_it_over(call: Any) -> None:
    """In AWS every body is base64 in the event (BinaryMediaTypes */*); text/xml is XML too."""
    import base64

    from tests.support.invoke import Context, event, load_app

    chf = issued(call, CHF_ORDER)
    body = camt("camt.053.001.08", [Entry("E", (Tx("B64-1", Decimal("2.50"), chf["Zahlungsreferenz"]),))])
    raw = event("POST", "/www/zahlungen", body, headers={"Content-Type": "text/xml; charset=utf-8"})
    raw["body"], raw["isBase64Encoded"] = base64.b64encode(body).decode("ascii"), True
    answer = Answer(load_app("zahlungen").lambda_handler(raw, Context()))
    assert answer.status == 201, answer.text
    assert answer.json()["data"] == {"new": 1, "known": 0, "matched": 1, "unmatched": 0}
    assert head(call, chf["RechNr"])["BetragBezahlt"] == 2.50


def test_every_import_and_every_assignment_is_logged_with_its_user(call: Any, monkeypatch: Any) -> None:
    from backoffice.payments import booking

    logged: list[tuple[str, dict[str, Any]]] = []
    info = booking.logger.info

    def record(message: str, *args: Any, extra: dict[str, Any] | None = None, **kwargs: Any) -> None:
        logged.append((message, dict(extra or {})))
        info(message, *args, extra=extra, **kwargs)

    monkeypatch.setattr(booking.logger, "info", record)
    chf = issued(call, CHF_ORDER)
    file = camt("camt.054.001.08", [Entry("L", (Tx("LOG-1", Decimal("4.00"), None, text="Log"),))])
    assert post_file(call, file, roles="operator").status == 201
    pid = call("zahlungen", "GET", "/www/zahlungen", query={"status": "offen"}).json()["data"][0]["ZahlungId"]
    assert call("zahlungen", "POST", f"/www/zahlungen/{pid}/zuordnung", {"RechNr": chf["RechNr"]}).status == 200
    assert logged == [
        (
            "camt file imported",
            {"user": "demo", "bytes": len(file), "new": 1, "known": 0, "matched": 0, "unmatched": 1},
        ),
        ("payment assigned", {"id": pid, "RechNr": chf["RechNr"], "user": "demo"}),
    ]
