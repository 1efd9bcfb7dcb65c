"""bench/bench_coldstart_tweaks.py: the variants of the switch and the rows made of their runs."""

from __future__ import annotations

import pytest

from bench import bench_coldstart_tweaks as tweaks


def test_each_tweak_is_turned_off_alone_between_two_runs_with_all_on() -> None:
    assert tweaks.variants() == {
        "on A": {"BACKOFFICE_COLDSTART_TWEAKS": "on"},
        "collector off": {"BACKOFFICE_COLDSTART_TWEAKS": "precompiled,lazy_powertools"},
        "precompiled off": {"BACKOFFICE_COLDSTART_TWEAKS": "collector,lazy_powertools"},
        "lazy_powertools off": {"BACKOFFICE_COLDSTART_TWEAKS": "collector,precompiled"},
        "on B": {"BACKOFFICE_COLDSTART_TWEAKS": "on"},
    }


ON = [0.300, 0.301, 0.299]  # the rounds' runs with all on, the same in A and in B


def _runs(collector: list[float], precompiled: list[float], lazy: list[float]) -> dict[str, list[float]]:
    return {
        "on A": ON,
        "on B": ON,
        "collector off": collector,
        "precompiled off": precompiled,
        "lazy_powertools off": lazy,
    }


def test_a_saving_above_its_noise_is_ok_and_one_inside_it_fails() -> None:
    cpu = {
        "KundenFunction": _runs([0.300, 0.303, 0.297], [0.340, 0.342, 0.338], [0.310, 0.312, 0.308]),
        "PublisherFunction": _runs([0.302, 0.299, 0.301], [0.301, 0.302, 0.300], [0.301, 0.301, 0.301]),
    }
    rows = {row["benchmark"]: row for row in tweaks.rows(cpu)}
    assert len(rows) == 3 * 3
    kunden = rows["coldstart tweak precompiled: kunden (built, Lambda path)"]
    assert kunden["measured"] == "CPU 340 ms with it off alone (median of 3): saves 40 ms, noise 2 ms"
    assert kunden["baseline"] == "CPU 300 ms all on (median of 6; A 300 ms, B 300 ms)"
    assert kunden["ratio"] == pytest.approx(1.13)
    assert kunden["verdict"] == "info"
    precompiled = rows["coldstart tweak precompiled: 2 functions together (built, Lambda path)"]
    assert precompiled["measured"] == "saves 41 ms of CPU in all (40 ms, 1 ms)"
    assert precompiled["baseline"].startswith("noise 2 ms (two standard errors; B - A 0 ms); all on 600 ms")
    assert precompiled["verdict"] == "ok"
    assert rows["coldstart tweak lazy_powertools: 2 functions together (built, Lambda path)"]["verdict"] == "ok"
    collector = rows["coldstart tweak collector: 2 functions together (built, Lambda path)"]
    assert collector["measured"] == "saves 2 ms of CPU in all (0 ms, 2 ms)"
    assert collector["verdict"] == "FAIL"
