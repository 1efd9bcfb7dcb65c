"""The cold-start tweaks (the collector during the init, the build's precompiled code, powertools' lazy
packages) and their one switch, `BACKOFFICE_COLDSTART_TWEAKS` (docs/operations.md, "Cold starts").
"""

from __future__ import annotations

import os

SWITCH = "BACKOFFICE_COLDSTART_TWEAKS"
# collector.py, precompiled.py, and the lazy packages of backoffice/http/__init__.py.
TWEAKS = ("collector", "precompiled", "lazy_powertools")


def on(tweak: str) -> bool:
    """Whether `tweak` is on: unset or `on` all are, `off` none is, otherwise the comma-separated
    names listed are (`make bench` turns each off alone). A name that is no tweak is refused, so a
    typo cannot turn one off unnoticed."""
    if tweak not in TWEAKS:
        raise ValueError(f"{tweak!r} is not a cold-start tweak: {', '.join(TWEAKS)}")
    value = os.environ.get(SWITCH, "on").strip()
    if value in ("", "on"):
        return True
    if value == "off":
        return False
    named = {name.strip() for name in value.split(",")}
    unknown = sorted(named - set(TWEAKS))
    if unknown:
        raise ValueError(f"{SWITCH}={value!r}: {unknown} are not tweaks; use on, off or some of {', '.join(TWEAKS)}")
    return tweak in named
