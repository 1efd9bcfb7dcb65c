"""`key rotate [--force] (--local | --stack NAME)`: a new token signing key, the old one kept."""

from __future__ import annotations

import argparse
import sys

from backoffice.admin.target import add_target_arguments, select_target


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    key = commands.add_parser("key", help="manage the token signing key")
    actions = key.add_subparsers(dest="action", required=True)
    rotate = actions.add_parser(
        "rotate", help="sign new tokens with a new key; tokens signed with the current one stay valid"
    )
    rotate.add_argument(
        "--force",
        action="store_true",
        help="rotate even when the key this drops may still have signed valid tokens (they become invalid)",
    )
    add_target_arguments(rotate)
    rotate.set_defaults(run=rotate_key)


def rotate_key(args: argparse.Namespace) -> int:
    where = select_target(args)
    from backoffice.platform.auth import KEYRING_MAX_AGE, RotationTooSoon, rotate_signing_key

    try:
        ring = rotate_signing_key(force=args.force)
    except RotationTooSoon as exc:
        print(f"Not rotated: {exc}. Wait, or pass --force.", file=sys.stderr)
        return 1
    previous = ring.previous.kid if ring.previous else "-"
    print(
        f"Signing key of {where} rotated: new tokens carry kid {ring.current.kid} within {KEYRING_MAX_AGE} s;"
        f" tokens of kid {previous} stay valid until they expire."
    )
    return 0
