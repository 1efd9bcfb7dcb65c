"""The invoice's words (invoices/labels/): one file per language, each with German's keys, shipped with the layer."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from backoffice.invoices import labels


def _keys(language: str) -> set[str]:
    return set(json.loads(resources.files(labels).joinpath(f"{language}.json").read_text("utf-8")))


@pytest.mark.parametrize("language", labels.LANGUAGES)
def test_every_language_has_the_keys_of_german(language: str) -> None:
    assert _keys(language) == _keys("ger")
    assert all(labels.words(language).values())  # no empty word


def test_a_language_without_a_file_gets_german_and_the_files_are_read_once() -> None:
    assert labels.words("rom") is labels.words("ger")
    assert labels.words("fre")["title"] == "Facture"
    assert "{days}" in labels.words("eng")["days"]


def test_every_file_of_the_folder_is_a_language() -> None:
    files = {f.name for f in resources.files(labels).iterdir() if f.name.endswith(".json")}
    assert files == {f"{language}.json" for language in labels.LANGUAGES}
