"""Operator commands: `python -m backoffice.admin --help`."""


class CommandFailed(Exception):
    """A command that cannot go on: its message is the one line the operator reads (exit status 1)."""
