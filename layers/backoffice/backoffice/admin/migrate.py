"""`migrate (--local | --stack NAME)`: bring the data of a stack up to the release deployed.

Run once after deploying a release that needs it (docs/operations.md, "Upgrading"); running it again
changes nothing. Today: every user gets its API key in the usage plan (issue 27): API Gateway refuses
with 403 a user whose key the authorizer names but the usage plan does not hold; every invoice issued
before payments existed (issue 24) gets its payment reference lookup and, when something is due, its
open items (payments/store.register), so that bank files match it and the open-items list shows it.
"""

from __future__ import annotations

import argparse
import os

from backoffice.admin.target import add_target_arguments, select_target


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    migrate = commands.add_parser(
        "migrate",
        help="after deploying a release: give every existing user its API key and register every invoice "
        "for payments (again: no change)",
    )
    add_target_arguments(migrate)
    migrate.set_defaults(run=run_migrate)


def run_migrate(args: argparse.Namespace) -> int:
    where = select_target(args)
    registered, invoices = register_invoices()
    print(f"{where}: {invoices} invoices; {registered} registered for payments and open items.")
    from backoffice.platform.auth import user_names
    from backoffice.platform.client_keys import USAGE_PLAN_VARIABLE, ensure, usage_plan

    plan = usage_plan()
    names = user_names()
    if not plan:
        print(f"{where}: {len(names)} users; no usage plan (the local stack limits clients without keys).")
        return 0
    made = [name for name in names if ensure(plan, name)]
    print(
        f"{where}: {len(names)} users; {len(made)} given their API key in the usage plan "
        f"{os.environ[USAGE_PLAN_VARIABLE]}{': ' + ', '.join(made) if made else ''}."
    )
    return 0


def register_invoices() -> tuple[int, int]:
    """(registered now, invoices in all): every issued invoice's payment lookup and open items,
    for the invoices issued before payments existed; an invoice registered before is left as it is."""
    from backoffice.payments import store

    registered = invoices = 0
    for record in store.scan_invoice_records():
        invoices += 1
        registered += store.register(record)
    return registered, invoices
