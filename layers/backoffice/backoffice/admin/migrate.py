"""`migrate (--local | --stack NAME)`: bring the data of a stack up to the release deployed.

Run once after deploying a release that needs it (docs/operations.md, "Upgrading"); running it again
changes nothing. Today: every user record and failed-login counter of the single table moves to the
users' own table, which has no stream (platform/user_store; until then a user is read from either);
every user gets its API key in the usage plan (issue 27: API Gateway refuses
with 403 a user whose key the authorizer names but the usage plan does not hold); every webhook
subscription made before subscriptions kept their owner's webshop gets it from the owner's user record
(issue 27: the delivery reads no user record; such a subscription waits until then); every invoice issued
before payments existed (issue 24) is registered: the item that finds it by its number (credit notes,
GET /www/rechnung/{RechNr}), its payment reference lookup and, when something is due, its open items
(payments/store.register); every open item of the one partition `OFFENEPOSTEN` of the releases before
is moved to its shard online, in phases, while the functions serve (payments/store.phase; it waits a
minute and a half for the functions to follow the phase); and every invoice issued
before the invoice archive is copied into it, verified byte for byte, and its record marked
(docs/invoices.md, "The archive").
"""

from __future__ import annotations

import argparse
import os
import sys

from backoffice.admin import CommandFailed
from backoffice.admin.target import add_target_arguments, require_users_table, select_target


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    migrate = commands.add_parser(
        "migrate",
        help="after deploying a release: move the users to their own table, give every existing user its API key, "
        "every webhook subscription its "
        "owner's webshop, register every invoice for payments and credit notes, move the open items to their "
        "partitions, move the invoices issued "
        "before into the invoice archive (again: no change)",
    )
    add_target_arguments(migrate)
    migrate.set_defaults(run=run_migrate)


def run_migrate(args: argparse.Namespace) -> int:
    from backoffice.invoices.store import ARCHIVE_VARIABLE

    where = select_target(args)
    require_users_table(args)
    users_left = _move_users(where)
    _give_keys(where)
    _subscription_webshops(where)
    moved, left = move_open_items()
    print(f"{where}: {moved} open items moved to their partitions, {len(left)} not: {', '.join(left) or 'none'}.")
    registered, invoices = register_invoices()
    print(f"{where}: {invoices} invoices; {registered} registered for payments and open items.")
    if args.stack and not os.environ.get(ARCHIVE_VARIABLE):
        # Never the local default name in a real account, where it may be anyone's bucket.
        raise CommandFailed(f"Stack {args.stack} has no InvoiceArchiveName output: deploy this release first.")
    archived = _archive_invoices(where)
    if users_left:
        print(
            f"User records changed while they were moved ({', '.join(users_left)}): run migrate again.", file=sys.stderr
        )
        return 1
    if left:
        print(f"Open items changed while they were moved ({', '.join(left)}): run migrate again.", file=sys.stderr)
        return 1
    return archived


def _move_users(where: str) -> list[str]:
    """The user records and login counters of the single table into the users' table; the keys of
    those that changed while they were moved (the next run moves them)."""
    from backoffice.platform import user_store

    moved, left = user_store.move_from_single_table()
    print(
        f"{where}: {moved} user records and login counters moved from the single table to the users' table, "
        f"{len(left)} not: {', '.join(left) or 'none'}."
    )
    return left


def _give_keys(where: str) -> None:
    from backoffice.platform.auth import user_names
    from backoffice.platform.client_keys import USAGE_PLAN_VARIABLE, ensure, usage_plan

    plan = usage_plan()
    names = user_names()
    if not plan:
        print(f"{where}: {len(names)} users; no usage plan (the local stack limits clients without keys).")
        return
    made = [name for name in names if ensure(plan, name)]
    print(
        f"{where}: {len(names)} users; {len(made)} given their API key in the usage plan "
        f"{os.environ[USAGE_PLAN_VARIABLE]}{': ' + ', '.join(made) if made else ''}."
    )


def _subscription_webshops(where: str) -> None:
    """Each subscription made before subscriptions kept their owner's webshop gets it from the owner's
    user record (none when the owner is gone, as the delivery read it then)."""
    from backoffice.platform.auth import User
    from backoffice.webhooks.subscriptions import owners_without_webshop, set_owner_webshop

    given: list[str] = []
    for owner in owners_without_webshop():
        user = User.load(owner, consistent=True)
        given += set_owner_webshop(owner, user.webshop if user else None, only_missing=True)
    listed = f": {', '.join(given)}" if given else ""
    print(f"{where}: {len(given)} webhook subscriptions given their owner's webshop{listed}.")


def _archive_invoices(where: str) -> int:
    """Each invoice of the release before into the archive; 1 when one could not be (named on stderr)."""
    from botocore.exceptions import ClientError

    from backoffice.invoices.store import AlteredInvoice, move_to_archive, unarchived_records

    copied: list[str] = []
    present: list[str] = []
    failed: list[str] = []
    for record in unarchived_records():
        try:
            (copied if move_to_archive(record) else present).append(str(record["RechNr"]))
        except (AlteredInvoice, ClientError) as exc:
            failed.append(str(record["RechNr"]))
            print(f"Invoice {record['RechNr']} (order {record['AuftNr']}) not archived: {exc}", file=sys.stderr)
    print(
        f"{where}: {len(copied) + len(present)} invoices of the release before copied into the archive and "
        f"verified ({len(copied)} copied{': ' + ', '.join(copied) if copied else ''}; {len(present)} there "
        f"already), {len(failed)} not: {', '.join(failed) or 'none'}. Their files where they were stay."
    )
    return 1 if failed else 0


def register_invoices() -> tuple[int, int]:
    """(registered now, invoices in all): every issued invoice's payment lookup and open items,
    for the invoices issued before payments existed; an invoice registered before is left as it is."""
    from backoffice.payments import store

    registered = invoices = 0
    for record in store.scan_invoice_records():
        invoices += 1
        registered += store.register(record)
    return registered, invoices


def move_open_items() -> tuple[int, list[str]]:
    """(moved now, the RechNr of those left): the open items' online move to their shards
    (payments/store.phase; docs/operations.md, "Upgrading"). New items go to the shards from now
    (phase SHARD_WRITES), once every container follows (the phase's cache waited out) every item of
    the one partition of the releases before is moved, until none is left; then readers leave the
    one partition (SHARDS_ONLY). One that changed while it was moved (a booking meanwhile) stays where
    it is, named, for the next run to move as it is then; the phase stays until that run."""
    import time

    from backoffice.payments import store
    from backoffice.platform.environment import get_settings

    if store.phase() == store.SHARDS_ONLY:
        return 0, []
    store.set_phase(store.SHARD_WRITES)
    # The cache's age, and half as long again for a request that read phase 0 just before its
    # cache ran out and puts its new open item up to its function's Timeout later (only the invoice
    # function puts new ones: 29 s; test_open_item_move_races holds the template to it).
    time.sleep(1.5 * get_settings().open_items_phase_ttl_seconds)
    moved = 0
    while True:
        items = list(store.legacy_open_items())
        if not items:
            break
        left = []
        for item in items:
            if store.move_open_item(item):
                moved += 1
            elif store.legacy_open_item(str(item["SK"])) is not None:
                left.append(str(item["RechNr"]))
        if left:
            return moved, left
    store.set_phase(store.SHARDS_ONLY)
    return moved, []
