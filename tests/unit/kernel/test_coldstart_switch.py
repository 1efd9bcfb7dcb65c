"""backoffice/coldstart/__init__.py: the one switch of the cold-start tweaks."""

from __future__ import annotations

import pytest

from backoffice import coldstart


@pytest.mark.parametrize(
    ("value", "on"),
    [
        (None, {"collector", "precompiled", "lazy_powertools"}),
        ("on", {"collector", "precompiled", "lazy_powertools"}),
        ("off", set()),
        ("precompiled", {"precompiled"}),
        ("collector, lazy_powertools", {"collector", "lazy_powertools"}),
    ],
)
def test_the_switch_names_the_tweaks_that_are_on(
    value: str | None, on: set[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    if value is None:
        monkeypatch.delenv(coldstart.SWITCH, raising=False)
    else:
        monkeypatch.setenv(coldstart.SWITCH, value)
    assert {tweak for tweak in coldstart.TWEAKS if coldstart.on(tweak)} == on


def test_a_name_that_is_no_tweak_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(coldstart.SWITCH, "precompiled,colector")
    with pytest.raises(ValueError, match=r"\['colector'\] are not tweaks"):
        coldstart.on("precompiled")
    with pytest.raises(ValueError, match="'gc' is not a cold-start tweak"):
        coldstart.on("gc")
