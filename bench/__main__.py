"""`python -m bench` (`make bench`): every bench/bench_*.py, one table, also written to bench/results.md.

Each module exposes `run() -> list[dict]`; every dict has the keys of COLUMNS (docs/openapi.md).
`python -m bench coldstart` runs only bench_coldstart.py.
"""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
import time
import traceback
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results.md"
COLUMNS = ("benchmark", "measured", "baseline", "ratio", "target", "verdict")


def modules(only: list[str]) -> list[str]:
    names = sorted(p.stem for p in HERE.glob("bench_*.py"))
    return [n for n in names if not only or n.removeprefix("bench_") in only or n in only]


def run_module(name: str) -> list[dict[str, Any]]:
    """A module's rows, measured in a fresh interpreter: what one benchmark leaves behind (the
    kunden benchmark's 700,000 items in moto) must not weigh on the next (the zugferd benchmark's
    max RSS, which a child process inherits across fork and exec). A module that fails is one
    FAIL row, not the end of the run."""
    run = subprocess.run([sys.executable, "-m", "bench", "--rows-of", name], cwd=HERE.parent, stdout=subprocess.PIPE)
    if run.returncode != 0:
        return [
            dict.fromkeys(COLUMNS, "") | {"benchmark": name, "measured": f"exit {run.returncode}", "verdict": "FAIL"}
        ]
    return list(json.loads(run.stdout.decode("utf-8").strip().splitlines()[-1]))


def rows_of(name: str) -> list[dict[str, Any]]:
    try:
        rows: list[dict[str, Any]] = importlib.import_module(f"bench.{name}").run()
    except Exception as exc:  # noqa: BLE001 - reported in the table, the traceback on stderr
        traceback.print_exc()
        return [dict.fromkeys(COLUMNS, "") | {"benchmark": name, "measured": repr(exc)[:80], "verdict": "FAIL"}]
    for row in rows:
        missing = set(COLUMNS) - set(row)
        if missing:
            raise ValueError(f"{name}: a row lacks {sorted(missing)}: {row}")
    return rows


def cell(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.2f}x"
    return str(value).replace("|", "/")


def table(rows: list[dict[str, Any]]) -> str:
    lines = ["| " + " | ".join(COLUMNS) + " |", "|" + "---|" * len(COLUMNS)]
    lines += ["| " + " | ".join(cell(row[c]) for c in COLUMNS) + " |" for row in rows]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    if argv[:1] == ["--rows-of"]:
        print(json.dumps(rows_of(argv[1]), default=str))
        return 0
    started = time.monotonic()
    rows: list[dict[str, Any]] = []
    for name in modules(argv):
        print(f"running {name} ...", file=sys.stderr, flush=True)
        rows += run_module(name)
    text = table(rows)
    print(text)
    stamp = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    RESULTS.write_text(
        f"# Benchmark results\n\n`make bench` on {stamp} ({time.monotonic() - started:.0f} s); "
        "ratios are measured side by side in the same run.\n\n" + text + "\n",
        encoding="utf-8",
    )
    failed = [r["benchmark"] for r in rows if r["verdict"] == "FAIL"]
    if failed:
        print(f"FAIL: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
