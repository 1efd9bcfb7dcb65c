"""`python -m backoffice.admin COMMAND ...`: operator commands against the local stack or AWS."""

from __future__ import annotations

import argparse
import sys

from botocore.exceptions import EndpointConnectionError

from backoffice.admin import (
    CommandFailed,
    catalogue,  # artikel: the catalogue import
    keys,
    migrate,
    overdue,  # ueberfaellig: rechnung.overdue now
    users,
)

# Each module adds its sub-command with register(); add a new command's module here.
COMMANDS = [users, keys, catalogue, migrate, overdue]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m backoffice.admin", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    for module in COMMANDS:
        module.register(commands)
    args = parser.parse_args(argv)
    try:
        return int(args.run(args))
    except CommandFailed as exc:
        print(exc, file=sys.stderr)
        return 1
    except EndpointConnectionError as exc:  # the stack named is not (or no longer) there
        print(f"Cannot reach {exc.kwargs.get('endpoint_url')}: is the stack running?", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("Interrupted.", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
