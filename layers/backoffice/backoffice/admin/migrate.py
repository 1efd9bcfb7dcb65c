"""`migrate (--local | --stack NAME)`: bring the data of a stack up to the release deployed.

Run once after deploying a release that needs it (docs/operations.md, "Upgrading"); running it again
changes nothing. Today: every issued invoice gets the pointer from its number to its order (issue 24:
a credit note names the invoice by RechNr; invoices issued before have none), and every user gets its
API key in the usage plan (issue 27): API Gateway refuses with 403 a user whose key the authorizer names
but the usage plan does not hold.
"""

from __future__ import annotations

import argparse
import os

from backoffice.admin.target import add_target_arguments, select_target


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    migrate = commands.add_parser(
        "migrate",
        help="after deploying a release: point every invoice number to its order, give every existing user its "
        "API key (again: no change)",
    )
    add_target_arguments(migrate)
    migrate.set_defaults(run=run_migrate)


def run_migrate(args: argparse.Namespace) -> int:
    where = select_target(args)
    from backoffice.invoices.store import point_numbers
    from backoffice.platform.auth import user_names

    print(f"{where}: {point_numbers()} invoice numbers pointed to their orders.")
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
