"""`python -m backoffice.admin COMMAND ...`: operator commands against the local stack or AWS."""

from __future__ import annotations

import argparse
import sys

from backoffice.admin import (
    catalogue,  # artikel: the catalogue import
    keys,
    users,
)

# Each module adds its sub-command with register(); add a new command's module here.
COMMANDS = [users, keys, catalogue]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m backoffice.admin", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    for module in COMMANDS:
        module.register(commands)
    args = parser.parse_args(argv)
    return int(args.run(args))


if __name__ == "__main__":
    sys.exit(main())
