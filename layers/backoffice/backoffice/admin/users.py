"""`user add NAME [--webshop VALUE] [--password-stdin]`: create or replace a REST user."""

from __future__ import annotations

import argparse
import getpass
import sys

from backoffice.admin.target import add_target_arguments, select_target


def register(commands: argparse._SubParsersAction) -> None:
    user = commands.add_parser("user", help="manage REST users")
    actions = user.add_subparsers(dest="action", required=True)
    add = actions.add_parser("add", help="create a user, or replace its password and webshop value")
    add.add_argument("name")
    add.add_argument("--webshop", help="the user's RESTWEBSHOP value (which articles it sees)")
    add.add_argument("--password-stdin", action="store_true", help="read the password from standard input")
    add_target_arguments(add)
    add.set_defaults(run=add_user)


def add_user(args: argparse.Namespace) -> int:
    where = select_target(args)
    if args.password_stdin:
        password = sys.stdin.readline().rstrip("\r\n")
    else:
        password = getpass.getpass(f"Password for {args.name}: ")
        if getpass.getpass("Again: ") != password:
            print("The passwords differ; nothing written.", file=sys.stderr)
            return 1
    from backoffice.platform.auth import save_user

    try:
        save_user(args.name, password, args.webshop)
    except ValueError as exc:
        print(f"Not written: {exc}", file=sys.stderr)
        return 1
    print(f"User {args.name} written to {where}.")
    return 0
