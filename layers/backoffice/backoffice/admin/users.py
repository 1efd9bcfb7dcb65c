"""`user add|revoke|delete NAME ...`: manage REST users, their roles and their tokens."""

from __future__ import annotations

import argparse
import getpass
import os
import sys

from backoffice.admin import CommandFailed
from backoffice.admin.target import add_target_arguments, require_users_table, select_target
from backoffice.platform.roles import INTEGRATION, ROLES


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    user = commands.add_parser("user", help="manage REST users")
    actions = user.add_subparsers(dest="action", required=True)
    add = actions.add_parser(
        "add", help="create a user, or replace its password, webshop value and roles (revokes its tokens)"
    )
    add.add_argument("name")
    add.add_argument("--webshop", help="the user's RESTWEBSHOP value (which articles it sees)")
    add.add_argument(
        "--role",
        action="append",
        choices=ROLES,
        dest="roles",
        help=f"{INTEGRATION}: the webshop routes; operator: DELETE /www/log, the payments, every webhook "
        f"subscription. Repeat for both; default {INTEGRATION}",
    )
    add.add_argument("--password-stdin", action="store_true", help="read the password from standard input")
    add_target_arguments(add)
    add.set_defaults(run=add_user)
    revoke = actions.add_parser("revoke", help="invalidate every token of a user, password unchanged")
    revoke.add_argument("name")
    add_target_arguments(revoke)
    revoke.set_defaults(run=revoke_user)
    key = actions.add_parser("key", help="give a user its API key in the stack's usage plan (its own limits)")
    key.add_argument("name")
    add_target_arguments(key)
    key.set_defaults(run=provide_key)
    delete = actions.add_parser("delete", help="remove a user (its tokens stop working)")
    delete.add_argument("name")
    add_target_arguments(delete)
    delete.set_defaults(run=delete_user)


def add_user(args: argparse.Namespace) -> int:
    where = select_target(args)
    require_users_table(args)
    password = read_password(args.name, args.password_stdin)
    from backoffice.platform.auth import save_user

    try:
        user = save_user(args.name, password, args.webshop, args.roles or [INTEGRATION])
    except ValueError as exc:
        print(f"Not written: {exc}", file=sys.stderr)
        return 1
    roles = ", ".join(sorted(user.roles))
    print(f"User {args.name} written to {where} (roles: {roles}); tokens issued before are revoked.")
    _provide(args.name)
    _webhooks_follow(args.name, user.webshop)
    return 0


def _webhooks_follow(name: str, webshop: str | None) -> None:
    """The user's webhook subscriptions take its webshop: the delivery sends them the article events
    it may see, and reads no user record (docs/webhooks.md)."""
    from backoffice.webhooks.subscriptions import set_owner_webshop

    changed = set_owner_webshop(name, webshop)
    if changed:
        print(
            f"Its webhook subscriptions now receive the article events of webshop {webshop or '(none)'}: "
            f"{', '.join(changed)}."
        )


def provide_key(args: argparse.Namespace) -> int:
    """`user key NAME`: users made before the usage plan get their API key."""
    select_target(args)
    _provide(args.name)
    return 0


def _provide(name: str) -> None:
    """The user's API key in the stack's usage plan (its own rate and burst)."""
    from backoffice.platform.client_keys import USAGE_PLAN_VARIABLE, provision

    if provision(name):
        print(f"{name} has its API key in the usage plan {os.environ[USAGE_PLAN_VARIABLE]}.")


def read_password(name: str, from_stdin: bool) -> str:
    """The new password: the first line of standard input, or asked twice on the terminal."""
    if from_stdin:
        return sys.stdin.readline().rstrip("\r\n")
    if not sys.stdin.isatty():
        raise CommandFailed(
            f"No terminal to ask for the password of {name}: pass it on standard input with --password-stdin."
        )
    try:
        password = getpass.getpass(f"Password for {name}: ")
        again = getpass.getpass("Again: ")
    except EOFError:
        raise CommandFailed("No password given; nothing written.") from None
    if again != password:
        raise CommandFailed("The passwords differ; nothing written.")
    return password


def revoke_user(args: argparse.Namespace) -> int:
    where = select_target(args)
    require_users_table(args)
    from backoffice.platform.auth import revoke_tokens

    try:
        revoked = revoke_tokens(args.name)
    except ValueError as exc:  # it changed while it was moved to the users' table
        raise CommandFailed(f"Not revoked: {exc}") from None
    if not revoked:
        print(f"There is no user {args.name} in {where}.", file=sys.stderr)
        return 1
    print(f"Every token of {args.name} issued until now is revoked in {where} (API Gateway's cache: up to 300 s).")
    return 0


def delete_user(args: argparse.Namespace) -> int:
    where = select_target(args)
    require_users_table(args)
    from backoffice.platform.auth import delete_user as delete
    from backoffice.platform.client_keys import remove

    remove(args.name)
    try:
        deleted = delete(args.name)
    except ValueError as exc:  # it changed while it was moved to the users' table
        raise CommandFailed(f"Not deleted: {exc}") from None
    if not deleted:
        print(f"There is no user {args.name} in {where}.", file=sys.stderr)
        return 1
    print(f"User {args.name} deleted from {where}.")
    return 0
