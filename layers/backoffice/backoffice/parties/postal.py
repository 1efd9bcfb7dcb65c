"""The postal directory of Switzerland and Liechtenstein: the town that belongs to a postal code.

Shipped as a small tab-separated file (derived at build time by tools/reference_data.py from the
countrystatecity-postal-codes package); loaded once per container on first use.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import cache
from importlib import resources

COUNTRIES = frozenset({"CH", "LI"})


@cache
def _directory() -> dict[tuple[str, str], tuple[str, ...]]:
    text = (resources.files("backoffice") / "data" / "postal_ch_li.tsv").read_text("utf-8")
    directory: dict[tuple[str, str], tuple[str, ...]] = {}
    for line in text.splitlines():
        country, code, *towns = line.split("\t")
        directory[(country, code)] = tuple(towns)
    return directory


def towns(country: str, code: str) -> tuple[str, ...]:
    """The localities of a postal code, the main one first; () when the code is unknown."""
    return _directory().get((country, code.strip()), ())


def _plain(text: str) -> str:
    # Compare as a person reads: case, accents, blanks and dots do not make another town.
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    letters = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(letters.replace(".", " ").replace("-", " ").split())


@dataclass(frozen=True)
class PostalCheck:
    known: bool  # the postal code is in the directory
    town: str  # the town to store: the directory's spelling, or the one given when unknown


def check_town(country: str, code: str, town: str) -> PostalCheck:
    """The directory's town for (country, code), keeping the given town when it names one of them.

    "zuerich"/"Zurich" for 8001 becomes "Zürich"; a town of another postal code becomes the main
    town of this one; "Lausanne" for 1000 stays in the family ("Lausanne 25").
    """
    candidates = towns(country, code)
    if not candidates:
        return PostalCheck(False, town)
    given = _plain(town)
    for name in candidates:
        if _plain(name) == given:
            return PostalCheck(True, name)
    german = given.replace("ue", "u").replace("ae", "a").replace("oe", "o")
    for name in candidates:
        if _plain(name) == german:
            return PostalCheck(True, name)
    for name in candidates:
        if given and _plain(name).startswith(given + " "):
            return PostalCheck(True, name)
    return PostalCheck(True, candidates[0])
