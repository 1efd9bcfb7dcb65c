"""The open items' online move against everything that runs beside it (moto; payments/store.phase,
admin/migrate.move_open_items): the move racing the overdue mark, a credit note, the list and the
overdue run's reads, a second `migrate` and a function that still holds phase 0 in its cache;
`migrate` killed between its phases; and every function that touches open items doing so in the
one partition in phases 0 and 1 under its own policies (local/iam.py: a missing LeadingKey is an
AccessDenied here, as in AWS).

A move "elsewhere" runs in a thread of its own: another process (`migrate`), outside the function's
policies, while the function is between two of its reads."""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable, Iterator
from datetime import date
from decimal import Decimal
from typing import Any

import boto3
import pytest

from backoffice.admin import migrate
from backoffice.admin.__main__ import main as admin
from backoffice.payments import overdue, store
from backoffice.platform import dynamo
from tests.support.camt_files import Entry, Tx, camt
from tests.support.invoice_orders import CHF_ORDER
from tests.support.invoke import Context, handler, load_app
from tests.support.payment_calls import feed_cursor, feed_events, head, issued, post_file

LEGACY = "OFFENEPOSTEN"
# CHF_ORDER's invoice: 66.50; three coffees of it credited: 58.15, 8.35 left (test_account_changes).
GROSS, COFFEES, LEFT = Decimal("66.50"), Decimal("58.15"), Decimal("8.35")
THREE_COFFEES = {"Positionen": [{"PosNr": 1, "Menge": 3}]}
LATE = date(2999, 1, 1)  # a day after every due date of the tests
SLEEP = time.sleep  # migrate's wait, when a test has put another in its place
GET_ITEM = dynamo.get_item


def _sk(invoice: dict[str, Any]) -> str:
    return f"{invoice['FaelligDatum']}#{invoice['RechNr']}"


def _elsewhere(work: Callable[[], Any]) -> Any:
    """`work` done by another process meanwhile: in a thread of its own (no function's policies)."""
    done: list[Any] = []
    thread = threading.Thread(target=lambda: done.append(work()))
    thread.start()
    thread.join()
    return done[0]


def _move(sk: str) -> bool:
    """The open item under `sk` moved from the one partition to its shard, as `migrate` moves it."""
    item = GET_ITEM(LEGACY, sk, consistent=True)  # not the test's reader, which waits for this move
    assert item is not None
    return bool(_elsewhere(lambda: store.move_open_item(item)))


def _places(sk: str) -> list[str]:
    """Where the open item under `sk` is: the one partition, its shard, or both."""
    shard = store.open_item_pk_of(sk)
    return [pk for pk in (LEGACY, shard) if dynamo.get_item(pk, sk, consistent=True) is not None]


def _object_created(key: str) -> dict[str, Any]:
    """S3's "Object Created" event of the bucket's key, as EventBridge hands it to zahlungen_eingang."""
    return {
        "detail-type": "Object Created",
        "source": "aws.s3",
        "detail": {"bucket": {"name": "local-bucket"}, "object": {"key": key, "size": 1}, "reason": "PutObject"},
    }


def _reads_first(monkeypatch: pytest.MonkeyPatch, read: list[dict[str, Any]]) -> None:
    """`migrate`'s first read of the one partition answers `read` (what it held before the test's
    writes), its next ones what it holds."""
    answers = [iter(read)]
    legacy_open_items = store.legacy_open_items
    monkeypatch.setattr(store, "legacy_open_items", lambda: answers.pop() if answers else legacy_open_items())


def _open_list(call: Any, **query: str) -> dict[str, Any]:
    answer = call("rechnung", "GET", "/www/rechnung", query={"status": "offen", **query})
    assert answer.status == 200, answer.text
    body: dict[str, Any] = answer.json()
    return body


def _overdue_events(call: Any, after: int, rech_nr: str) -> int:
    return sum(
        1 for e in feed_events(call, after) if e["type"] == "rechnung.overdue" and e["keys"].get("RechNr") == rech_nr
    )


def _move_on_read_of(monkeypatch: pytest.MonkeyPatch, sks: list[str], reader: str) -> None:
    """The first read (`reader`: "get_item" or "query") of an open item under `sks` in either of its
    places moves it (that read answered as it was before); the other place's read comes after the
    move. Reads are serialised, so this order is the one DynamoDB saw."""
    pending, lock = set(sks), threading.Lock()
    original = getattr(dynamo, reader)

    def moved_after(pk: str) -> None:
        for sk in sorted(pending):
            if pk in (LEGACY, store.open_item_pk_of(sk)):
                pending.discard(sk)
                assert _move(sk)

    def get_item(pk: str, sk: str, *args: Any, **kwargs: Any) -> Any:
        with lock:
            found = original(pk, sk, *args, **kwargs)
            if sk in pending:
                moved_after(pk)
            return found

    def query(pk: str, *args: Any, **kwargs: Any) -> Iterator[dict[str, Any]]:
        with lock:
            found = list(original(pk, *args, **kwargs))
            moved_after(pk)
        return iter(found)

    monkeypatch.setattr(dynamo, reader, get_item if reader == "get_item" else query)


# -- the move racing the writes on the same item -----------------------------------------------------


def test_an_overdue_mark_made_after_migrate_read_the_item_is_not_lost_by_the_move(
    call: Any, capsys: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The overdue mark leaves the Version as it is (a booking meanwhile still books): a move that
    checked the Version only put the item as read, without its mark, in the shard, and the next night
    reported the invoice overdue a second time."""
    chf = issued(call, CHF_ORDER)
    after = feed_cursor(call)
    [read] = store.legacy_open_items()
    assert overdue.report(LATE) == 1  # between migrate's read and its move
    _reads_first(monkeypatch, [read])
    assert admin(["migrate"]) == 1
    out, err = capsys.readouterr()
    assert f"0 open items moved to their partitions, 1 not: {chf['RechNr']}." in out
    assert "run migrate again" in err
    assert _places(_sk(chf)) == [LEGACY]
    monkeypatch.undo()

    assert admin(["migrate"]) == 0
    assert "1 open items moved to their partitions, 0 not: none." in capsys.readouterr().out
    moved = dynamo.get_item(store.open_items_pk(chf["RechNr"]), _sk(chf), consistent=True)
    assert moved is not None
    assert (moved[store.OVERDUE_SENT], moved["Version"]) == (LATE.isoformat(), 1)
    assert overdue.report(LATE) == 0
    assert _overdue_events(call, after, chf["RechNr"]) == 1


def test_a_booking_and_a_credit_note_after_migrate_read_the_item_leave_it_for_the_next_run(
    call: Any, capsys: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What this release's functions write to an item in the one partition (phase 0 and 1) counts
    its Version up: the move of the item as read fails, names it, and the next run moves it as it is."""
    paid, credited = issued(call, CHF_ORDER), issued(call, CHF_ORDER)
    read = {str(i["RechNr"]): i for i in store.legacy_open_items()}
    store.set_phase(store.SHARD_WRITES)
    file = camt("camt.054.001.08", [Entry("R-1", (Tx("RACE-1", Decimal("10.00"), paid["Zahlungsreferenz"]),))])
    assert post_file(call, file).json()["data"]["matched"] == 1
    answer = call("gutschrift", "POST", f"/www/rechnung/{credited['RechNr']}/gutschrift", THREE_COFFEES)
    assert answer.status == 201, answer.text
    _reads_first(monkeypatch, list(read.values()))
    assert admin(["migrate"]) == 1
    left = sorted([paid["RechNr"], credited["RechNr"]])
    assert f"0 open items moved to their partitions, 2 not: {', '.join(left)}." in capsys.readouterr().out
    assert store.phase() == store.SHARD_WRITES
    monkeypatch.undo()

    assert admin(["migrate"]) == 0
    assert "2 open items moved to their partitions, 0 not: none." in capsys.readouterr().out
    assert store.phase() == store.SHARDS_ONLY
    rows = {r["RechNr"]: Decimal(str(r["BetragOffen"])) for r in _open_list(call)["data"]}
    assert rows == {paid["RechNr"]: GROSS - Decimal("10.00"), credited["RechNr"]: LEFT}
    assert [_places(_sk(paid)), _places(_sk(credited))] == [
        [store.open_items_pk(paid["RechNr"])],
        [store.open_items_pk(credited["RechNr"])],
    ]


def test_a_credit_note_whose_open_item_moves_between_its_reads_lowers_it(
    call: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A credit note reads its invoice's open item consistently, one place after the other. Read
    shard first, an item moved between the two reads was in neither: the credit note took the
    invoice for paid and left its open item at the whole amount (no condition guards that case).
    The one partition is read first: an item moves from it to its shard, never back."""
    chf = issued(call, CHF_ORDER)
    store.set_phase(store.SHARD_WRITES)
    _move_on_read_of(monkeypatch, [_sk(chf)], "get_item")
    answer = call("gutschrift", "POST", f"/www/rechnung/{chf['RechNr']}/gutschrift", THREE_COFFEES)
    assert answer.status == 201, answer.text
    monkeypatch.undo()
    shard = store.open_items_pk(chf["RechNr"])
    assert _places(_sk(chf)) == [shard]
    item = dynamo.get_item(shard, _sk(chf), consistent=True)
    assert item is not None
    assert (item["BetragGutgeschrieben"], item["Version"]) == (COFFEES, 2)
    [row] = _open_list(call)["data"]
    assert (row["RechNr"], Decimal(str(row["BetragOffen"]))) == (chf["RechNr"], LEFT)
    customer = _open_list(call, KundNr=chf["KundNr"])
    assert customer["Summen"] == [{"WaehrAbk": "CHF", "BetragOffen": float(LEFT), "Anzahl": 1}]
    assert head(call, chf["RechNr"])["BetragOffen"] == float(LEFT)


# -- the reads of every item while the move goes on --------------------------------------------------


def test_the_list_while_items_move_is_the_list_before_pages_totals_and_due_dates(
    call: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The list reads the one partition and the 16 shards. Read side by side, an item moved between
    its shard's Query and the one partition's was missing from the list (or listed twice, the other
    way round), and so were its totals. The one partition is read first, then the shards, and an
    item read in both places is listed once."""
    invoices = [issued(call, CHF_ORDER) for _ in range(4)]
    file = camt("camt.054.001.08", [Entry("L-1", (Tx("LIST-1", Decimal("12.35"), invoices[1]["Zahlungsreferenz"]),))])
    assert post_file(call, file).json()["data"]["matched"] == 1
    queries = [{}, {"limit": "2", "offset": "1"}, {"faellig_bis": invoices[0]["FaelligDatum"]}]
    queries.append({"KundNr": invoices[0]["KundNr"]})
    before = [_open_list(call, **q) for q in queries]
    assert before[0]["count"] == 4
    assert before[0]["Summen"] == [{"WaehrAbk": "CHF", "BetragOffen": float(4 * GROSS - Decimal("12.35")), "Anzahl": 4}]
    customer_before = call("kunden", "GET", f"/www/kunden/{invoices[0]['KundNr']}").json()["data"]

    store.set_phase(store.SHARD_WRITES)
    for n, query in enumerate(queries[:3]):
        _move_on_read_of(monkeypatch, [_sk(invoices[n])], "query")
        assert _open_list(call, **query) == before[n], query
        monkeypatch.undo()
        assert _places(_sk(invoices[n])) == [store.open_items_pk(invoices[n]["RechNr"])]
    # The customer's partition is not moved: its list and its open amount never change.
    assert _open_list(call, **queries[3]) == before[3]
    assert admin(["migrate"]) == 0
    assert [_open_list(call, **q) for q in queries] == before
    assert call("kunden", "GET", f"/www/kunden/{invoices[0]['KundNr']}").json()["data"] == customer_before


def test_the_list_reads_consistently_until_the_move_is_done_then_as_before(
    aws: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Consistent reads until phase 2: an eventually consistent Query of the shard may not show an
    item moved a moment ago while the one partition's no longer does. In phase 2 the list reads
    the shards side by side, eventually consistent, as before the move."""
    seen: list[tuple[str, bool]] = []
    query = dynamo.query

    def recorded(pk: str, **kwargs: Any) -> Any:
        seen.append((pk, bool(kwargs.get("consistent"))))
        return query(pk, **kwargs)

    monkeypatch.setattr(dynamo, "query", recorded)
    for phase in (store.LEGACY_WRITES, store.SHARD_WRITES):
        if phase:
            store.set_phase(phase)
        seen.clear()
        assert list(store.open_items_due(None, None)) == []
        assert seen[0] == (LEGACY, True)  # first, before any shard
        assert sorted(seen[1:]) == [(pk, True) for pk in store.open_item_partitions()]
    store.set_phase(store.SHARDS_ONLY)
    seen.clear()
    assert list(store.open_items_due(None, None)) == []
    assert sorted(seen) == [(pk, False) for pk in store.open_item_partitions()]


def test_the_overdue_run_while_items_move_reports_each_of_them_that_night_once(
    call: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    invoices = [issued(call, CHF_ORDER) for _ in range(3)]
    after = feed_cursor(call)
    store.set_phase(store.SHARD_WRITES)
    _move_on_read_of(monkeypatch, [_sk(i) for i in invoices[:2]], "query")
    assert overdue.report(LATE) == 3
    monkeypatch.undo()
    assert [_overdue_events(call, after, i["RechNr"]) for i in invoices] == [1, 1, 1]
    assert overdue.report(LATE) == 0


# -- migrate beside itself, killed, and beside a container that still holds phase 0 ------------------


def test_migrate_run_again_while_the_first_waits_moves_every_item_once(
    call: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A second `migrate` started and finished while the first waits for the containers: the
    first finds nothing left, neither reports an item as changed, phase 2 at the end."""
    invoices = [issued(call, CHF_ORDER) for _ in range(3)]
    before = _open_list(call)
    second: list[tuple[int, list[str]]] = []

    def waited(seconds: float) -> None:
        if not second:
            second.append((-1, []))  # started: its own wait is a plain one
            second[0] = migrate.move_open_items()
        SLEEP(seconds)

    monkeypatch.setattr("time.sleep", waited)
    assert migrate.move_open_items() == (0, [])
    assert second == [(3, [])]
    assert store.phase() == store.SHARDS_ONLY
    assert [_places(_sk(i)) for i in invoices] == [[store.open_items_pk(i["RechNr"])] for i in invoices]
    assert _open_list(call) == before


def test_migrate_run_again_while_the_first_moves_moves_every_item_once(
    call: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A second `migrate` that moves what the first read and has not moved yet: the first's moves of
    those fail their condition, but the items are gone from the one partition (moved, not changed):
    not reported, exit 0 for both, every item once in its shard."""
    invoices = [issued(call, CHF_ORDER) for _ in range(4)]
    before = _open_list(call)
    move, calls, second = store.move_open_item, [0], []

    def moving(item: dict[str, Any]) -> bool:
        calls[0] += 1
        if calls[0] == 2:  # the first has moved one item and read all four
            second.append(migrate.move_open_items())
        return move(item)

    monkeypatch.setattr(store, "move_open_item", moving)
    assert migrate.move_open_items() == (1, [])
    assert second == [(3, [])]
    assert store.phase() == store.SHARDS_ONLY
    assert [_places(_sk(i)) for i in invoices] == [[store.open_items_pk(i["RechNr"])] for i in invoices]
    assert _open_list(call) == before


def test_migrate_killed_while_it_waits_leaves_phase_1_and_the_next_run_finishes(
    call: Any, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    old = issued(call, CHF_ORDER)  # phase 0: in the one partition

    def killed(seconds: float) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("time.sleep", killed)
    with pytest.raises(KeyboardInterrupt):
        migrate.move_open_items()
    monkeypatch.undo()
    assert store.phase() == store.SHARD_WRITES
    new = issued(call, CHF_ORDER)  # phase 1: in its shard
    assert [_places(_sk(old)), _places(_sk(new))] == [[LEGACY], [store.open_items_pk(new["RechNr"])]]
    file = camt("camt.054.001.08", [Entry("K-1", (Tx("KILL-1", Decimal("1.00"), old["Zahlungsreferenz"]),))])
    assert post_file(call, file).json()["data"]["matched"] == 1
    before = _open_list(call)
    assert before["count"] == 2

    assert admin(["migrate"]) == 0
    assert "1 open items moved to their partitions, 0 not: none." in capsys.readouterr().out
    assert store.phase() == store.SHARDS_ONLY
    assert _places(_sk(old)) == [store.open_items_pk(old["RechNr"])]
    assert _open_list(call) == before


def test_an_item_a_container_still_in_phase_0_puts_in_the_one_partition_while_migrate_waits_is_moved(
    call: Any, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    """Why `migrate` waits: a container that read phase 0 just before `migrate` set phase 1 puts
    new items in the one partition until its cache runs out (and its request ends)."""
    late: list[dict[str, Any]] = []

    def waited(seconds: float) -> None:
        if not late:
            late.append({})
            cached = store._phase
            store._phase = (store.LEGACY_WRITES, math.inf)  # that container's cache
            late[0] = issued(call, CHF_ORDER)
            store._phase = cached
        SLEEP(seconds)

    monkeypatch.setattr("time.sleep", waited)
    assert admin(["migrate"]) == 0
    assert "1 open items moved to their partitions, 0 not: none." in capsys.readouterr().out
    assert _places(_sk(late[0])) == [store.open_items_pk(late[0]["RechNr"])]
    assert [r["RechNr"] for r in _open_list(call)["data"]] == [late[0]["RechNr"]]


def test_migrate_waits_out_the_phase_cache_and_the_longest_request_that_puts_new_items(
    aws: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A container that read phase 0 just before `migrate` set phase 1 keeps it for the cache's
    time (60 s in AWS), and a request that took it from there puts its new open item up to its
    function's Timeout later: only the invoice function puts new ones (`register_ops`, when it
    issues). `migrate` must not look at the one partition for the last time before that."""
    from backoffice.platform.environment import get_settings
    from tests.support.aws import stack

    waits: list[float] = []
    monkeypatch.setenv("OPEN_ITEMS_PHASE_TTL_SECONDS", "60")
    get_settings.cache_clear()
    try:
        monkeypatch.setattr("time.sleep", waits.append)
        assert migrate.move_open_items() == (0, [])
    finally:
        monkeypatch.undo()
        get_settings.cache_clear()
    assert waits == [90.0]
    assert waits[0] >= 60 + stack().timeout("RechnungFunction")  # 29 s


# -- every function on the one partition, under its own policies -------------------------------------


@pytest.mark.parametrize("phase", [store.LEGACY_WRITES, store.SHARD_WRITES])
def test_every_function_works_on_items_in_the_one_partition_under_its_policies(
    call: Any, monkeypatch: pytest.MonkeyPatch, phase: int
) -> None:
    """rechnung (issue, list), zahlungen (import, assignment by hand, the absent check of a paid
    invoice), zahlungen_eingang (a bank file from the bucket: the absent check), gutschrift (part
    and whole, with Retoure), ueberfaellig: each on items in `OFFENEPOSTEN`, in phase 0 and 1, held
    to its template policies."""
    partial, whole, assigned, late = (issued(call, CHF_ORDER) for _ in range(4))
    if phase:
        store.set_phase(phase)
    assert all(_places(_sk(i)) == [LEGACY] for i in (partial, whole, assigned, late))
    # Paid in full by the import, then once more through the bank's drop into the bucket (the
    # function zahlungen_eingang): the second's absent check covers both places.
    file = camt("camt.054.001.08", [Entry("E-F-1", (Tx("F-1", GROSS, assigned["Zahlungsreferenz"]),))])
    assert post_file(call, file).json()["data"]["matched"] == 1
    assert _places(_sk(assigned)) == []
    file = camt("camt.054.001.08", [Entry("E-F-2", (Tx("F-2", Decimal("1.00"), assigned["Zahlungsreferenz"]),))])
    key = f"zahlungen/eingang/phase-{phase}.xml"
    boto3.client("s3", region_name="eu-central-1").put_object(Bucket="local-bucket", Key=key, Body=file)
    dropped = handler("zahlungen_eingang")(_object_created(key), Context("zahlungen_eingang"))
    assert (dropped["Status"], dropped["data"]) == ("verarbeitet", {"new": 1, "known": 0, "matched": 1, "unmatched": 0})
    file = camt(
        "camt.054.001.08",
        [Entry("U", (Tx("U-1", Decimal("2.00"), None, text="?"), Tx("U-2", Decimal("3.00"), None, text="?")))],
    )
    assert post_file(call, file).json()["data"]["unmatched"] == 2
    unmatched = call("zahlungen", "GET", "/www/zahlungen", query={"status": "offen"}).json()["data"]
    by_amount = {Decimal(str(p["Betrag"])): p["ZahlungId"] for p in unmatched}
    # By hand to an open invoice, and to a paid one (its absent check in both places).
    for amount, target in ((Decimal("2.00"), partial), (Decimal("3.00"), assigned)):
        path = f"/www/zahlungen/{by_amount[amount]}/zuordnung"
        done = call("zahlungen", "POST", path, {"RechNr": target["RechNr"]})
        assert done.status == 200, done.text
    answer = call("gutschrift", "POST", f"/www/rechnung/{partial['RechNr']}/gutschrift", THREE_COFFEES)
    assert answer.status == 201, answer.text
    answer = call("gutschrift", "POST", f"/www/rechnung/{whole['RechNr']}/gutschrift", {"Retoure": True})
    assert answer.status == 201, answer.text
    monkeypatch.setattr(load_app("ueberfaellig"), "today", lambda: LATE)
    assert handler("ueberfaellig")({}, Context("ueberfaellig")) == {"recorded": 2}

    item = dynamo.get_item(LEGACY, _sk(partial), consistent=True)
    assert item is not None
    assert (item["BetragBezahlt"], item["BetragGutgeschrieben"], item["Version"]) == (Decimal("2.00"), COFFEES, 3)
    assert item[store.OVERDUE_SENT] == LATE.isoformat()
    assert _places(_sk(whole)) == []
    rows = {r["RechNr"]: Decimal(str(r["BetragOffen"])) for r in _open_list(call)["data"]}
    assert rows == {partial["RechNr"]: LEFT - Decimal("2.00"), late["RechNr"]: GROSS}
    overpaid = head(call, assigned["RechNr"])
    assert (overpaid["Zahlstatus"], overpaid["BetragBezahlt"]) == ("ueberzahlt", float(GROSS + 4))
