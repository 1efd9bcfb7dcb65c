"""Where payments and open items are kept (docs/payments.md, "Items"); the only module of payments/
that talks to DynamoDB (through platform.dynamo).

- `RECHNR#{RechNr}` / `RECHNUNG`: the invoice's facts a payment needs (AuftNr, KundNr, WaehrAbk,
  AuftBrutto, dates, Zahlungsreferenz, card); written when the invoice is issued (or by the
  migration for invoices issued before), never changed but for what its credit notes gave back
  and its Version (`account_ops`: the condition of a booking to an invoice without open items).
  Its payments: `RECHNR#{RechNr}` / `ZAHLUNG#{id}`, one per payment booked to it.
- `ZREF#{reference}` / `ZREF`: the same facts under the invoice's payment reference (QRR or RF):
  a file's references are matched with one BatchGetItem per 100 payments.
- `ZAHLUNG#{id}` / `ZAHLUNG`: the payment, written once under its id (from the account servicer's
  reference, `payment_id`): a second import of it fails its condition and books nothing.
- `ZAHLUNGEN#OFFEN` / `{date}#{id}`: an unmatched payment, listed until it is assigned.
- `OFFENEPOSTEN@{shard}` / `{FaelligDatum}#{RechNr}` and `OFFENEPOSTEN#{KundNr}` / the same: an
  invoice that is still open, with what came in (BetragBezahlt) and a Version; removed when nothing
  is open any more. The company's open items are spread over OPEN_ITEM_SHARDS partitions
  (`open_items_pk`, the shard from the RechNr); the open-items list and the overdue run read them all
  and merge them in sort-key order, a customer's totals read its own partition, never the table.
  The first one carries `UeberfaelligGemeldet` (the day) once its rechnung.overdue is recorded.
  Before the shards they were all under `OFFENEPOSTEN` (LEGACY_OPEN_ITEMS): `migrate` moves them
  online, and until it is done (`phase`) new items go there and every reader looks there too.
- `OFFENEPOSTEN@PHASE` / `PHASE`: the phase of that move (`Phase`: none, 1, 2).
- It reads the invoices' records (`RECHNUNG#{AuftNr}` / `RECHNUNG`, invoices/store's) for the
  data of their events, and writes each write's events (platform.outbox) in its transaction.
"""

from __future__ import annotations

import hashlib
import heapq
import random
import time
from collections.abc import Iterable, Iterator
from decimal import Decimal
from typing import Any

from backoffice.payments import amounts
from backoffice.platform import dynamo, outbox, parallel
from backoffice.platform.caches import on_reset
from backoffice.platform.environment import get_settings
from backoffice.platform.outbox import Change

INVOICE_SK, REFERENCE_SK, PAYMENT_SK = "RECHNUNG", "ZREF", "ZAHLUNG"
UNMATCHED = "ZAHLUNGEN#OFFEN"
OPEN_ITEMS = "OFFENEPOSTEN"
# The company's open items spread over this many partitions, `OFFENEPOSTEN@00` .. `@15` ('@', never
# the customers' '#'): a camt.054 of 10,000 payments writes ~18,000 units into them, ~1,150 a shard,
# about a second at DynamoDB's 1,000 units a second per partition (ADR 0032); the list and the
# overdue run pay one Query a shard. Never changed without
# moving every open item (their keys derive from it).
OPEN_ITEM_SHARDS = 16
# Where they all were before the shards, read and written while the move is not done (`phase`).
LEGACY_OPEN_ITEMS = OPEN_ITEMS
# The phase of the move to the shards (ADR 0032, its
# phases), under a key of the shards' own prefix (the functions' policies name
# "OFFENEPOSTEN@*"): none (0) after the deploy, new items still go to the one partition (a release
# before, serving beside in a canary, sees them) and readers look in both places; SHARD_WRITES (1):
# new items go to their shard, readers still look in both; SHARDS_ONLY (2): the one partition is
# empty and never read again.
PHASE_PK, PHASE_SK, PHASE = f"{OPEN_ITEMS}@PHASE", "PHASE", "Phase"
LEGACY_WRITES, SHARD_WRITES, SHARDS_ONLY = 0, 1, 2
# A container reads the phase again after `open_items_phase_ttl_seconds` (60) while it is not final:
# `migrate` waits as long after each step, so that every container follows before the next.
_phase: tuple[int, float] | None = None
# Where an open item as read was found (its partition): its writes go there. Never stored.
FOUND_IN = "_Partition"
RECORD_PK, RECORD_SK = "RECHNUNG#", "RECHNUNG"
# The day an invoice's rechnung.overdue was recorded, on its open item: never a second one.
OVERDUE_SENT = "UeberfaelligGemeldet"
FACTS = ("RechNr", "AuftNr", "KundNr", "WaehrAbk", "AuftBrutto", "RechDatum", "FaelligDatum", "Zahlungsreferenz")


# A transaction cancelled for throughput: sent again after a pause that doubles from THROTTLED_PAUSE
# (with jitter, at most THROTTLED_MAX_PAUSE), this many times in all: at most about 9 s of pauses, in
# which the other transactions in flight (8) go on, so the lanes together slow to what the partition takes.
THROTTLED_ATTEMPTS, THROTTLED_PAUSE, THROTTLED_MAX_PAUSE = 8, 0.05, 3.0
# An import's reads of 100 keys each sent this many at a time (independent reads, each mostly its
# round trip); and what it reads of an open item.
READ_WORKERS = 8
OPEN_ITEM_READ = ("PK", "SK", "BetragBezahlt", amounts.CREDITED, dynamo.VERSION)


def payment_id(key: str) -> str:
    """The id of a payment in URLs and keys: 20 hex digits of the SHA-256 of its reference."""
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:20]


def invoice_pk(rech_nr: str) -> str:
    return f"RECHNR#{rech_nr}"


def reference_pk(reference: str) -> str:
    return f"ZREF#{reference}"


def payment_pk(pid: str) -> str:
    return f"ZAHLUNG#{pid}"


def open_item_sk(facts: dict[str, Any]) -> str:
    return f"{facts['FaelligDatum']}#{facts['RechNr']}"


def open_items_pk(rech_nr: str) -> str:
    """The partition of an invoice's open item: its shard from the SHA-256 of its RechNr (stable
    across processes and releases, unlike hash(); even over the shards whatever the numbers look like)."""
    digest = hashlib.sha256(rech_nr.encode("utf-8")).digest()
    return f"{OPEN_ITEMS}@{int.from_bytes(digest[:4], 'big') % OPEN_ITEM_SHARDS:02d}"


def open_item_pk_of(sk: str) -> str:
    """The partition of the open item under this sort key (`open_item_sk`: its RechNr is last)."""
    return open_items_pk(sk.rsplit("#", 1)[1])


def open_item_partitions() -> list[str]:
    return [f"{OPEN_ITEMS}@{shard:02d}" for shard in range(OPEN_ITEM_SHARDS)]


def phase() -> int:
    """The phase of the open items' move (PHASE_PK), read once a minute per container
    until it is final."""
    global _phase
    now = time.monotonic()
    if _phase is None or (_phase[0] != SHARDS_ONLY and now >= _phase[1]):
        item = dynamo.get_item(PHASE_PK, PHASE_SK, consistent=True)
        ttl = get_settings().open_items_phase_ttl_seconds
        _phase = (int(item[PHASE]) if item else LEGACY_WRITES, now + ttl)
    return _phase[0]


@on_reset
def forget_phase() -> None:
    global _phase
    _phase = None


def set_phase(value: int) -> None:
    """The move's phase moved on to `value` (`migrate`), never back."""
    dynamo.update_item(PHASE_PK, PHASE_SK, set_={PHASE: value})
    forget_phase()


def new_open_item_pk(rech_nr: str) -> str:
    """Where a new open item goes: the one partition until `migrate` starts its move, then its shard."""
    return LEGACY_OPEN_ITEMS if phase() == LEGACY_WRITES else open_items_pk(rech_nr)


def open_item_places(rech_nr: str) -> list[str]:
    """Where an open item may be: its shard, and the one partition until the move is done."""
    shard = open_items_pk(rech_nr)
    return [shard] if phase() == SHARDS_ONLY else [shard, LEGACY_OPEN_ITEMS]


def invoice_items() -> int:
    """The most items one invoice's writes take in a booking's transaction: its open items moved
    (`open_item_ops`: 2), or, without one, the facts' Version and the absent check in each place the
    open item may be (`account_ops`: 3 until the move is done, then 2)."""
    return max(2, 1 + (1 if phase() == SHARDS_ONLY else 2))


def _found(item: dict[str, Any]) -> dict[str, Any]:
    """An open item as read, with the partition it was found in (FOUND_IN) instead of its keys."""
    return {**(_strip(item) or {}), FOUND_IN: item["PK"]}


def _merged(partitions: Iterable[Iterator[dict[str, Any]]]) -> Iterator[dict[str, Any]]:
    """The items of several open-item partitions in sort-key order, as one partition gave them; an
    item read in two of them (moved between their reads) once, from the first of them."""
    last = None
    for item in heapq.merge(*partitions, key=lambda item: str(item["SK"])):
        if item["SK"] != last:
            last = item["SK"]
            yield item


def _company_items(sk_before: str | None, consistent: bool) -> Iterator[dict[str, Any]]:
    """The company's open items with sort keys before `sk_before` (all when None), in sort-key order:
    the shards' read side by side, and until the move is done the one partition's too. That one is
    read first, and every read is then consistent: an item moves from it to its shard, never back,
    so one moved meanwhile is read in its shard (and maybe in the one partition before: listed
    once, the shard's), never missed; read side by side, or eventually consistent, it could be in
    neither read (a list short of it, an overdue run that skipped it) or in both (listed twice)."""
    shards = open_item_partitions()
    if phase() == SHARDS_ONLY:
        return _merged(_read_all(shards, sk_before, consistent))
    legacy = _read_all([LEGACY_OPEN_ITEMS], sk_before, consistent=True)
    return _merged([*_read_all(shards, sk_before, consistent=True), *legacy])


def customer_open_pk(kund_nr: str) -> str:
    return f"{OPEN_ITEMS}#{kund_nr}"


def _strip(item: dict[str, Any] | None) -> dict[str, Any] | None:
    return None if item is None else {k: v for k, v in item.items() if k not in ("PK", "SK")}


# -- the invoice's facts -----------------------------------------------------------------------------


def facts_of(record: dict[str, Any]) -> dict[str, Any]:
    """What a payment needs of an issued invoice's record (invoices/store)."""
    facts = {k: record[k] for k in FACTS if record.get(k) is not None}
    facts["RechNr"] = str(record["RechNr"])
    facts["Karte"] = bool(record.get("Bezahlt", False))
    return facts


def register(record: dict[str, Any]) -> bool:
    """The invoice's lookup items and, when something is due, its open items: all or nothing, once.

    False when it was registered before (a repeated call changes nothing). An invoice is registered
    in the transaction that issues it (`register_ops`); this is for those issued before.
    """
    try:
        dynamo.transact_write(register_ops(record))
    except Exception as exc:
        if dynamo.is_condition_failure(exc):
            return False
        raise
    return True


def register_ops(record: dict[str, Any]) -> list[dict[str, Any]]:
    """The writes of `register`, each only where its item is not yet."""
    facts = facts_of(record)
    ops = [
        dynamo.put_op({"PK": invoice_pk(facts["RechNr"]), "SK": INVOICE_SK, **facts}, dynamo.NEW),
        dynamo.put_op({"PK": reference_pk(str(facts["Zahlungsreferenz"])), "SK": REFERENCE_SK, **facts}, dynamo.NEW),
    ]
    if not facts["Karte"]:
        entry = {**facts, "BetragBezahlt": Decimal("0.00"), dynamo.VERSION: 1}
        ops.append(
            dynamo.put_op({"PK": new_open_item_pk(facts["RechNr"]), "SK": open_item_sk(facts), **entry}, dynamo.NEW)
        )
        ops.append(dynamo.put_op({"PK": customer_open_pk(facts["KundNr"]), "SK": open_item_sk(facts), **entry}))
    return ops


def invoice_facts(rech_nr: str) -> dict[str, Any] | None:
    return _strip(dynamo.get_item(invoice_pk(rech_nr), INVOICE_SK))


def facts_by_reference(references: Iterable[str]) -> dict[str, dict[str, Any]]:
    """The invoices' facts by payment reference, for those references that are ours."""
    found = dynamo.batch_get(((reference_pk(r), REFERENCE_SK) for r in references), workers=READ_WORKERS)
    return {str(item["PK"]).removeprefix("ZREF#"): _strip(item) or {} for item in found}


def invoice_account(rech_nr: str, consistent: bool = False) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """The payments booked to an invoice (in the order of their ids) and its facts (with what its
    credit notes gave back), in one query of its partition."""
    items = list(dynamo.query(invoice_pk(rech_nr), consistent=consistent))
    facts = next((_strip(i) for i in items if i["SK"] == INVOICE_SK), None)
    return [_strip(i) or {} for i in items if str(i["SK"]).startswith(f"{PAYMENT_SK}#")], facts


def invoice_records(auft_nrs: Iterable[str]) -> dict[str, dict[str, Any]]:
    """The issued invoices' records (invoices/store's item) of these orders, by AuftNr."""
    found = dynamo.batch_get((f"{RECORD_PK}{n}", RECORD_SK) for n in auft_nrs)
    return {str(i["AuftNr"]): _strip(i) or {} for i in found if "PdfKey" in i}


def credit_ops(facts: dict[str, Any], item: dict[str, Any] | None, credited: Decimal) -> list[dict[str, Any]]:
    """The writes that tell payments what the credit notes of the invoice of `facts` (`facts_of`)
    gave back in all (`credited`), for the credit note's transaction: on its facts (their Version
    counted up, so a booking that read the account before fails its `account_ops`), and on its open
    items `item` (as read, under their Version) or, when nothing is open any more, their removal.
    The invoice must be registered (`register`) before."""
    ops = [
        dynamo.update_op(
            invoice_pk(facts["RechNr"]), INVOICE_SK, set_={amounts.CREDITED: credited}, add={dynamo.VERSION: 1}
        ),
        dynamo.update_op(reference_pk(str(facts["Zahlungsreferenz"])), REFERENCE_SK, set_={amounts.CREDITED: credited}),
    ]
    if item is None:
        return ops
    sk, version = open_item_sk(facts), int(item[dynamo.VERSION])
    pk, customer = str(item[FOUND_IN]), customer_open_pk(facts["KundNr"])
    if amounts.open_amount(Decimal(facts["AuftBrutto"]), [Decimal(item["BetragBezahlt"])], credited) <= 0:
        return [*ops, dynamo.delete_op(pk, sk, version=version), dynamo.delete_op(customer, sk)]
    return [
        *ops,
        dynamo.update_op(pk, sk, set_={amounts.CREDITED: credited}, version=version),
        dynamo.update_op(customer, sk, set_={amounts.CREDITED: credited, dynamo.VERSION: version + 1}),
    ]


def account_ops(facts: dict[str, Any]) -> list[dict[str, Any]]:
    """The conditions of a booking to an invoice read as having no open item (paid, paid by card,
    credited), whose event states the account as `invoice_account` read it (`facts` with its
    Version): the facts item counted up, only while nobody changed the account since; and, unless
    it was paid by card, its open item still absent (the import reads open items eventually
    consistent: one registered a moment ago may not show yet), in each place it may be (`open_item_places`)."""
    pk, version = invoice_pk(str(facts["RechNr"])), facts.get(dynamo.VERSION)
    if version is None:
        ops = [dynamo.update_op(pk, INVOICE_SK, set_={dynamo.VERSION: 1}, unchanged={dynamo.VERSION: None})]
    else:
        ops = [dynamo.update_op(pk, INVOICE_SK, version=int(version))]
    if not facts.get("Karte"):
        sk = open_item_sk(facts)
        ops += [dynamo.check_op(pk, sk, dynamo.NEW) for pk in open_item_places(str(facts["RechNr"]))]
    return ops


# -- payments ----------------------------------------------------------------------------------------


def known_payments(ids: Iterable[str]) -> set[str]:
    """Those of `ids` that are booked already."""
    found = dynamo.batch_get(((payment_pk(p), PAYMENT_SK) for p in ids), attributes=("Id",), workers=READ_WORKERS)
    return {str(i["Id"]) for i in found}


def get_payment(pid: str) -> dict[str, Any] | None:
    return _strip(dynamo.get_item(payment_pk(pid), PAYMENT_SK, consistent=True))


def unmatched_payments(limit: int, offset: int) -> tuple[list[dict[str, Any]], int]:
    """A page of the unmatched payments (oldest first) and how many there are."""
    items = list(dynamo.query(UNMATCHED))
    return [_strip(i) or {} for i in items[offset : offset + limit]], len(items)


# -- open items --------------------------------------------------------------------------------------


def open_items(keys: Iterable[str]) -> dict[str, dict[str, Any]]:
    """The open items under these sort keys (`open_item_sk`), by sort key: what a booking reads of
    them (what came in, what was credited, the Version, where it was found), the invoice's facts are
    read beside. Read in each place it may be: one in both (read during its move) counts from its
    shard, where the move puts it (a stale read fails the writes' Version condition, read again)."""
    wanted = [(pk, sk) for sk in keys for pk in open_item_places(sk.rsplit("#", 1)[1])]
    found = dynamo.batch_get(wanted, attributes=OPEN_ITEM_READ, workers=READ_WORKERS)
    items: dict[str, dict[str, Any]] = {}
    for item in sorted(found, key=lambda i: i["PK"] != LEGACY_OPEN_ITEMS):
        items[str(item["SK"])] = _found(item)  # the shard's last: it wins
    return items


def open_item(facts: dict[str, Any]) -> dict[str, Any] | None:
    """The invoice's open item (consistent), in the one partition of before the move or else in its
    shard. In that order: the move takes an item from the one partition to its shard, never back, so
    an item moved between the two reads is found in the second; read the other way round it was in
    neither, and a credit note (whose writes have no condition on an absent item) took the invoice
    for paid and left its open item at the amount before."""
    sk = open_item_sk(facts)
    for pk in reversed(open_item_places(str(facts["RechNr"]))):
        item = dynamo.get_item(pk, sk, consistent=True)
        if item is not None:
            return _found(item)
    return None


def open_items_due(until: str | None, kund_nr: str | None) -> Iterator[dict[str, Any]]:
    """The open items due on or before `until` (all when None), of one customer or of all (every
    shard's, read side by side and merged), in due date order."""
    sk_before = None if until is None else f"{until}#~"
    if kund_nr:
        found = _merged(_read_all([customer_open_pk(kund_nr)], sk_before, consistent=False))
    else:
        found = _company_items(sk_before, consistent=False)
    for item in found:
        yield _strip(item) or {}


def _read_all(partitions: list[str], sk_before: str | None, consistent: bool) -> list[Iterator[dict[str, Any]]]:
    """Each partition's items with sort keys before `sk_before` (all when None), the partitions read
    READ_WORKERS at a time: each Query is mostly its round trip, and the list waits for all of them."""
    found = parallel.in_parallel(
        lambda pk: list(dynamo.query(pk, sk_before=sk_before, consistent=consistent)), partitions, READ_WORKERS
    )
    return [iter(items) for items in found]


def booking_ops(
    payment: dict[str, Any], facts: dict[str, Any] | None, item: dict[str, Any] | None, still_open: bool
) -> list[dict[str, Any]]:
    """The writes of one payment booked: `payment_ops`, and its invoice's open items moved on
    (`item` as read, removed when nothing is open)."""
    ops = payment_ops(payment, facts)
    if facts is None or item is None:
        return ops
    return ops + open_item_ops(facts, item, Decimal(payment["Betrag"]), still_open)


def payment_ops(payment: dict[str, Any], facts: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The payment written once, and when matched to `facts` its line on the invoice, else its
    entry in the list of unmatched payments."""
    pid = str(payment["Id"])
    written = dynamo.put_op({"PK": payment_pk(pid), "SK": PAYMENT_SK, **payment}, dynamo.NEW)
    if facts is None:
        listed = {k: payment[k] for k in payment if k != dynamo.VERSION}
        return [written, dynamo.put_op({"PK": UNMATCHED, "SK": f"{payment['Datum']}#{pid}", **listed})]
    return [written, dynamo.put_op({"PK": invoice_pk(facts["RechNr"]), "SK": f"ZAHLUNG#{pid}", **line(payment)})]


def assignment_ops(
    payment: dict[str, Any], facts: dict[str, Any], item: dict[str, Any] | None, still_open: bool, user: str
) -> list[dict[str, Any]]:
    """The writes of an unmatched payment assigned by hand to the invoice of `facts`."""
    pid, version = str(payment["Id"]), int(payment[dynamo.VERSION])
    assigned = assigned_fields(facts, user)
    ops = [
        dynamo.update_op(payment_pk(pid), PAYMENT_SK, set_=assigned, version=version),
        dynamo.delete_op(UNMATCHED, f"{payment['Datum']}#{pid}"),
        dynamo.put_op({"PK": invoice_pk(facts["RechNr"]), "SK": f"ZAHLUNG#{pid}", **line({**payment, **assigned})}),
    ]
    return ops + (open_item_ops(facts, item, Decimal(payment["Betrag"]), still_open) if item else [])


def assigned_fields(facts: dict[str, Any], user: str) -> dict[str, Any]:
    """What a payment assigned by hand to the invoice of `facts` says of it."""
    return {"Status": "zugeordnet", "RechNr": facts["RechNr"], "Zuordnung": "manuell", "ZugeordnetVon": user}


def line(payment: dict[str, Any]) -> dict[str, Any]:
    fields = ("Id", "Betrag", "WaehrAbk", "Datum", "Referenz", "Schuldner", "Zuordnung")
    return {k: payment[k] for k in fields if payment.get(k) is not None}


def open_item_ops(
    facts: dict[str, Any], item: dict[str, Any], amount: Decimal, still_open: bool
) -> list[dict[str, Any]]:
    """The invoice's open items after `amount` more came in, under the Version `item` was read
    with; removed when nothing is open any more."""
    sk, version = open_item_sk(facts), int(item[dynamo.VERSION])
    pk, customer = str(item[FOUND_IN]), customer_open_pk(facts["KundNr"])
    if not still_open:
        return [dynamo.delete_op(pk, sk, version=version), dynamo.delete_op(customer, sk)]
    paid = Decimal(item["BetragBezahlt"]) + amount
    return [
        dynamo.update_op(pk, sk, set_={"BetragBezahlt": paid}, version=version),
        dynamo.update_op(customer, sk, set_={"BetragBezahlt": paid, dynamo.VERSION: version + 1}),
    ]


def open_items_before(day: str) -> Iterator[dict[str, Any]]:
    """The open items due before `day` (YYYY-MM-DD), oldest due first: each shard's, merged."""
    for item in _company_items(f"{day}#", consistent=True):
        yield _found(item)


def overdue_op(item: dict[str, Any], day: str) -> dict[str, Any]:
    """The open item marked as reported overdue on `day`: only while it is as read (its Version)
    and not marked yet, so a second run, or one at the same time, records no second event."""
    return dynamo.update_op(
        str(item[FOUND_IN]),
        open_item_sk(item),
        set_={OVERDUE_SENT: day},
        absent=(OVERDUE_SENT,),
        unchanged={dynamo.VERSION: int(item[dynamo.VERSION])},
    )


def legacy_open_items() -> Iterator[dict[str, Any]]:
    """The open items still in the one partition of the releases before the shards (for `migrate`)."""
    return dynamo.query(LEGACY_OPEN_ITEMS, consistent=True)


def move_open_item(item: dict[str, Any]) -> bool:
    """An open item of the one partition before (`legacy_open_items`, as read) moved to its shard with
    all its attributes (Version, UeberfaelligGemeldet ...), all or nothing: only while it is still as
    read and its shard holds none. As read: its Version (every booking and credit note, of this
    release or of one before serving meanwhile, counts it up) and its overdue mark (the one write
    that leaves the Version as it is, so a booking beside it still books: a move that missed it
    would put the item unmarked in the shard, and the next night would report it overdue again).
    False when a condition failed (the caller reads it again)."""
    sk = str(item["SK"])
    as_read = {OVERDUE_SENT: item.get(OVERDUE_SENT)}
    try:
        dynamo.transact_write(
            [
                dynamo.put_op({**item, "PK": open_item_pk_of(sk)}, dynamo.NEW),
                dynamo.delete_op(LEGACY_OPEN_ITEMS, sk, version=int(item[dynamo.VERSION]), unchanged=as_read),
            ]
        )
    except Exception as exc:
        if dynamo.is_condition_failure(exc):
            return False
        raise
    return True


def legacy_open_item(sk: str) -> dict[str, Any] | None:
    return dynamo.get_item(LEGACY_OPEN_ITEMS, sk, consistent=True)


def write(ops: list[dict[str, Any]], changes: list[Change] | None = None, user: str = "") -> bool:
    """The writes and the feed's item of their events (`changes`), all or nothing; False when a
    condition failed (the payment known, or the open item moved on meanwhile: the caller reads
    again and decides). A transaction cancelled for throughput (a partition, the feed's or an open
    items' shard, takes a large file's writes faster than its limit) is sent again after a growing pause, with new
    sequence numbers for its events (the failed one's are written void), THROTTLED_ATTEMPTS times
    in all."""
    attempt = 1
    while True:
        try:
            outbox.transact_write([*ops, *outbox.change_ops(changes or [], user)])
        except Exception as exc:
            if dynamo.is_condition_failure(exc):
                return False
            if attempt == THROTTLED_ATTEMPTS or not dynamo.is_throttled_transaction(exc):
                raise
        else:
            return True
        time.sleep(min(THROTTLED_PAUSE * 2**attempt, THROTTLED_MAX_PAUSE) * random.uniform(0.5, 1.0))
        attempt += 1


def scan_invoice_records() -> Iterator[dict[str, Any]]:
    """Every issued invoice's record (for the migration of invoices issued before this package)."""
    for item in dynamo.scan_sk("RECHNUNG"):
        if str(item["PK"]).startswith("RECHNUNG#") and "PdfKey" in item:
            yield _strip(item) or {}
