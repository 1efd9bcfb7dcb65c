"""`ueberfaellig [--stichtag YYYY-MM-DD] (--local | --stack NAME)`: record rechnung.overdue now.

What the ueberfaellig function does every night (docs/payments.md, "Events"), run at once: for a
test, or after the schedule was down. `--stichtag` takes another day as today (a test of the
local stack makes a fresh invoice overdue with a day after its due date); each invoice's event is
still recorded once, whatever the day and however often it runs.
"""

from __future__ import annotations

import argparse
from datetime import date

from backoffice.admin.target import add_target_arguments, select_target


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "ueberfaellig", help="record rechnung.overdue for the invoices still open after their due date (once each)"
    )
    parser.add_argument(
        "--stichtag", type=date.fromisoformat, help="the day taken as today, YYYY-MM-DD (default: today in Zurich)"
    )
    add_target_arguments(parser)
    parser.set_defaults(run=run_overdue)


def run_overdue(args: argparse.Namespace) -> int:
    where = select_target(args)
    from backoffice.local_dates import today
    from backoffice.payments.overdue import report

    day = args.stichtag or today()
    print(f"{where}: {report(day)} overdue invoices reported for {day.isoformat()}.")
    return 0
