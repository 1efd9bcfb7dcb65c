"""Operator commands: `python -m backoffice.admin --help`."""
