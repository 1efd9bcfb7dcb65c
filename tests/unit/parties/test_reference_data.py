"""The shipped code lists and postal directory: derived from the packages, and what they answer."""

from __future__ import annotations

import pytest

from backoffice.parties import postal, reference
from tools import reference_data


def test_shipped_files_match_the_packages():
    assert reference_data.main(["--check"]) == 0


def test_directory_size_is_the_whole_country():
    lines = reference_data.postal_lines()
    assert sum(1 for line in lines if line.startswith("CH\t")) > 3000
    assert sum(1 for line in lines if line.startswith("LI\t")) == 13


@pytest.mark.parametrize(
    ("country", "code", "given", "town"),
    [
        ("CH", "8001", "Zürich", "Zürich"),
        ("CH", "8001", "zuerich", "Zürich"),
        ("CH", "8001", " ZURICH ", "Zürich"),
        ("CH", "8001", "Bern", "Zürich"),  # wrong town: the directory's
        ("CH", "3900", "gamsen", "Gamsen"),  # a second locality of the code stays
        ("CH", "3900", "Visp", "Brig"),  # else the main one
        ("CH", "9000", "St Gallen", "St. Gallen"),
        ("CH", "1000", "Lausanne", "Lausanne 25"),
        ("LI", "9490", "vaduz", "Vaduz"),
    ],
)
def test_town_corrected(country, code, given, town):
    found = postal.check_town(country, code, given)
    assert found.known is True
    assert found.town == town


def test_unknown_code():
    assert postal.check_town("CH", "9999", "Nirgendwo") == postal.PostalCheck(False, "Nirgendwo")
    assert postal.towns("CH", "9999") == ()


@pytest.mark.parametrize(
    ("code", "problem"),
    [
        ("ger", None),
        ("fre", None),
        ("gsw", None),
        ("deu", "use the ISO 639-2/B code ger (not the terminology code deu)"),
        ("GER", "language codes are lower case: ger"),
        ("xxx", "not an ISO 639-2/B language code"),
        ("qaa", "not an ISO 639-2/B language code"),
    ],
)
def test_language(code, problem):
    assert reference.language_problem(code) == problem


def test_country_and_currency():
    assert reference.country_problem("CH") is None
    assert reference.country_problem("LI") is None
    assert reference.country_problem("ch") == "country codes are upper case: CH"
    assert reference.country_problem("XX") == "not an ISO 3166 alpha-2 country code"
    assert reference.currency_problem("CHF") is None
    assert reference.currency_problem("EUR") is None
    assert reference.currency_problem("eur") == "currency codes are upper case: EUR"
    assert reference.currency_problem("ABC") == "not an ISO 4217 currency code"
