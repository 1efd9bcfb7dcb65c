"""make bench: the runner's table and its failure rows; the modules it finds."""

from __future__ import annotations

import sys
import types

import pytest

import bench.__main__ as runner


def test_table_has_one_row_per_result() -> None:
    rows = [
        {"benchmark": "a", "measured": "1 ms", "baseline": "2 ms", "ratio": 0.5, "target": "<= 1.5x", "verdict": "ok"},
        {"benchmark": "b|c", "measured": "x", "baseline": "y", "ratio": None, "target": "bounded", "verdict": "info"},
    ]
    assert runner.table(rows).splitlines() == [
        "| benchmark | measured | baseline | ratio | target | verdict |",
        "|---|---|---|---|---|---|",
        "| a | 1 ms | 2 ms | 0.50x | <= 1.5x | ok |",
        "| b/c | x | y | - | bounded | info |",
    ]


def test_a_failing_module_is_a_fail_row(monkeypatch: pytest.MonkeyPatch) -> None:
    broken = types.ModuleType("bench.bench_broken")

    def run() -> list[dict[str, object]]:
        raise RuntimeError("boom")

    broken.run = run  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "bench.bench_broken", broken)
    (row,) = runner.rows_of("bench_broken")
    assert row == {
        "benchmark": "bench_broken",
        "measured": "RuntimeError('boom')",
        "baseline": "",
        "ratio": "",
        "target": "",
        "verdict": "FAIL",
    }


def test_a_row_without_every_column_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    partial = types.ModuleType("bench.bench_partial")
    partial.run = lambda: [{"benchmark": "x"}]  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "bench.bench_partial", partial)
    with pytest.raises(ValueError, match="lacks"):
        runner.rows_of("bench_partial")


def test_each_module_runs_in_a_fresh_interpreter() -> None:
    (row,) = runner.run_module("bench_not_there")
    assert row["benchmark"] == "bench_not_there"
    assert row["measured"].startswith("ModuleNotFoundError(")
    assert row["verdict"] == "FAIL"


def test_modules_found_and_selected() -> None:
    assert "bench_coldstart" in runner.modules([])
    assert runner.modules(["coldstart"]) == ["bench_coldstart"]
