"""The words of the invoice per language: one JSON file each (ger, fre, ita, eng), read once.

Other languages get German. The files ship inside the layer (package data, read with
importlib.resources: Lambda's /opt is read-only, and they are only ever read).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from importlib import resources
from types import MappingProxyType

LANGUAGES = ("ger", "fre", "ita", "eng")
DEFAULT = "ger"


@cache
def _read(language: str) -> Mapping[str, str]:
    # Static files of the package: nothing to reset between tests, so no entry in platform/caches.
    text = resources.files(__name__).joinpath(f"{language}.json").read_text("utf-8")
    return MappingProxyType(json.loads(text))


def words(language: str) -> Mapping[str, str]:
    """The labels of `language`; German for a language without its own file."""
    return _read(language if language in LANGUAGES else DEFAULT)
