"""The local stack over days (issue 15): resident memory over 1,000 orders and 1,000 quotation
PATCHes, and the stop that saves them.

Starts `python -m local` as a subprocess on free ports with a data folder of its own (FRESH=1, the
demo data), drives the orders and PATCHes over HTTP with a few concurrent clients, and reads the
stack's VmRSS at the start, after 500 and after 1,000. Then SIGINT: the time to exit, and the
orders found in the saved state. `python -m bench localstack` runs only this one.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import requests

ROOT = Path(__file__).resolve().parent.parent
ORDERS = 1000
CLIENTS = 4
QUOTATIONS = 10
GROWTH_LIMIT_MB = 300
STOP_LIMIT_S = 5.0
# Demo articles without packaging units, as in bench_orders.py.
ARTICLES = ("1000", "1001", "1005", "2004", "2005", "2006", "3000", "3001", "3003", "3005")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for {pid}")


class _Stack:
    def __init__(self, data: Path) -> None:
        api_port, aws_port = _free_port(), _free_port()
        env = {
            **os.environ,
            "PORT": str(api_port),
            "LOCAL_AWS_PORT": str(aws_port),
            "LOCAL_DATA": str(data),
            "FRESH": "1",
            "LOCAL_QUIET": "1",
            "PYTHONUNBUFFERED": "1",
        }
        env.pop("AWS_ENDPOINT_URL", None)
        self.log = data.parent / "stack.log"
        with self.log.open("w") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "local"], cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT
            )
        self.api = f"http://127.0.0.1:{api_port}"
        deadline = time.monotonic() + 300
        while "READY" not in self.log.read_text():
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.proc.kill()
                raise RuntimeError(f"the local stack did not start:\n{self.log.read_text()[-2000:]}")
            time.sleep(0.2)
        token = requests.post(f"{self.api}/www/token", auth=("demo", "demo"), timeout=30).json()["access_token"]
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Bearer {token}"

    def call(self, method: str, path: str, **kwargs: Any) -> requests.Response:
        return self.session.request(method, self.api + path, timeout=120, **kwargs)


def _order_and_patch(stack: _Stack, quotations: list[str], n: int) -> list[int]:
    positions = [{"ArtNr": ARTICLES[(n + i) % len(ARTICLES)], "Menge": 1 + (n + i) % 3} for i in range(3)]
    order = stack.call("POST", "/www/auftrag", json={"GrundDaten": {"KundNr": "100004"}, "Positionen": positions})
    patch = stack.call(
        "PATCH",
        "/www/offerte",
        params={"OffertNr": quotations[n % len(quotations)]},
        json={"Positionen": [{"PosNr": 1, "Menge": 1 + n % 7}]},
    )
    return [order.status_code, patch.status_code]


def _drive(stack: _Stack, quotations: list[str], numbers: range) -> tuple[list[int], float]:
    started = time.monotonic()
    with ThreadPoolExecutor(CLIENTS) as pool:
        statuses = [s for pair in pool.map(lambda n: _order_and_patch(stack, quotations, n), numbers) for s in pair]
    return statuses, time.monotonic() - started


def run() -> list[dict[str, Any]]:
    folder = Path(tempfile.mkdtemp(prefix="bench-localstack-"))
    data = folder / "data"
    stack = _Stack(data)
    try:
        quotations = []
        for _ in range(QUOTATIONS):
            body = {"GrundDaten": {"KundNr": "100001"}, "Positionen": [{"ArtNr": "1000", "Menge": 2}]}
            created = stack.call("POST", "/www/offerte", json=body)
            created.raise_for_status()
            quotations.append(created.json()["data"]["OffertNr"])
        start = rss_mb(stack.proc.pid)
        half_statuses, half_time = _drive(stack, quotations, range(ORDERS // 2))
        half = rss_mb(stack.proc.pid)
        rest_statuses, rest_time = _drive(stack, quotations, range(ORDERS // 2, ORDERS))
        full = rss_mb(stack.proc.pid)
        statuses = half_statuses + rest_statuses
        failed = len([s for s in statuses if s not in (200, 201)])
        stop_started = time.monotonic()
        stack.proc.send_signal(signal.SIGINT)
        code = stack.proc.wait(timeout=120)
        stop_time = time.monotonic() - stop_started
        state = json.loads((data / "state.json").read_text(encoding="utf-8"))
        saved_orders = sum(
            1 for i in state["tables"]["Table"] if i["PK"]["S"].startswith("AUFTRAG#") and i["SK"]["S"] == "KOPF"
        )
        state_mb = (data / "state.json").stat().st_size / 1024 / 1024
    finally:
        if stack.proc.poll() is None:
            stack.proc.kill()
            stack.proc.wait()
    shutil.rmtree(folder, ignore_errors=True)

    def growth_row(done: int, rss: float, seconds: float) -> dict[str, Any]:
        growth = rss - start
        return {
            "benchmark": f"local stack RSS after {done} orders + {done} quotation PATCHes over HTTP",
            "measured": f"{rss:.0f} MB (+{growth:.0f} MB; {done / seconds * 2:.1f} requests/s)",
            "baseline": f"{start:.0f} MB after start",
            "ratio": round(rss / start, 2),
            "target": f"<= start + {GROWTH_LIMIT_MB} MB",
            "verdict": "ok" if growth <= GROWTH_LIMIT_MB and not failed else "FAIL",
        }

    return [
        growth_row(ORDERS // 2, half, half_time),
        growth_row(ORDERS, full, half_time + rest_time),
        {
            "benchmark": f"local stack: answers of the {2 * ORDERS} requests",
            "measured": f"{len(statuses) - failed} of {len(statuses)} 200/201",
            "baseline": "-",
            "ratio": None,
            "target": "all",
            "verdict": "ok" if not failed else "FAIL",
        },
        {
            "benchmark": f"local stack: SIGINT with {ORDERS} orders, saved then stopped",
            "measured": f"exit {code} in {stop_time:.1f} s; {saved_orders} orders in state.json ({state_mb:.1f} MB)",
            "baseline": "-",
            "ratio": None,
            "target": f"<= {STOP_LIMIT_S:.0f} s, all {ORDERS} orders saved",
            "verdict": "ok" if code == 0 and stop_time <= STOP_LIMIT_S and saved_orders >= ORDERS else "FAIL",
        },
    ]


if __name__ == "__main__":
    for row in run():
        print(row)
