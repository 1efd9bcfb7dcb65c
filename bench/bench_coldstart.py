"""Cold start per function, as Lambda pays it: the built artifact's import plus its first request.

What is measured (docs/operations.md, "Cold starts"):

- the artifacts of `make build` (with their bytecode; reused when newer than every source) on the
  Lambda-only path of tools/lambda_path.py: function folder, layer `python/`, the standard library
  and boto3 as the runtime provides it, in a fresh interpreter per run;
- from the child's first statement: the handler module's import and one real request against the
  AWS emulation with the demo data (the request of tests/integration/test_lambda_path.py), so
  clients, models and lazy imports are counted. The interpreter's own start is the same on both
  sides and not counted;
- the baseline, in the same kind of fresh interpreter: `import boto3`, the clients of the services
  the function called, and the very AWS calls the function made on its first request (recorded once
  beforehand), replayed bare; for zugferd `import facturx` + an S3 client + one
  `generate_from_binary` of the same invoice; for token one scrypt of the password with the
  stored hash's parameters (the check any login must make, 16 MiB);
- handler and baseline interleaved, REPEAT times each (default 7), medians; the authorizer counts
  as a function (a protected route's first call waits for it);
- the ratio and verdict use the child's CPU time in that window: on a shared machine it does not
  depend on what else runs, and it leaves out the wait for the emulation's answers, which is the
  same on both sides and would only dilute the ratio. The wall-clock times are shown too.
"""

from __future__ import annotations

import os
import socket
import statistics
from typing import Any

from backoffice.platform import auth
from local.stack import LocalStack
from local.template import ROOT
from tools.lambda_path import LambdaGateway, LambdaPath, Outcome, ensure_build, first_requests, function_logicals

REPEAT = int(os.environ.get("BENCH_COLDSTART_REPEAT", "7"))
TARGET, TARGET_ZUGFERD = 1.5, 1.2
ZUGFERD_DEMO = ROOT / "local" / "demo_data" / "zugferd"
# The handler's Combine (backoffice/zugferd.py) checks the XML against the schema too.
_FACTURX = """
import facturx
facturx.generate_from_binary(
    open({pdf!r}, "rb").read(), open({xml!r}, "rb").read(), flavor="factur-x", level="en16931", check_xsd=True
)
"""
# The token function's first request checks a password: any login does one scrypt of it, with the
# parameters of the stored hash (platform/auth.py).
_SCRYPT = """
import hashlib
hashlib.scrypt(b"demo", salt=bytes(16), n={n}, r={r}, p={p}, dklen=32)
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms"


def measure(runner: LambdaPath, logical: str, event: dict[str, Any]) -> dict[str, Any]:
    zugferd = logical == "ZugferdFunction"
    # The calls of a repeated first request (the runs below), not those of the very first ones:
    # the first DELETE /www/log, or a sweep after the order benchmarks, has more to do than the next.
    runner.invoke(logical, event)
    calls = runner.invoke(logical, event, record=True).calls
    prelude = ""
    if zugferd:
        pdf, xml = ZUGFERD_DEMO / "invoice.pdf", ZUGFERD_DEMO / "invoice-en16931-chf.xml"
        prelude = _FACTURX.format(pdf=str(pdf), xml=str(xml))
    elif logical == "TokenFunction":
        prelude = _SCRYPT.format(n=auth._N, r=auth._R, p=auth._P)
    baseline_calls = [*calls, ["s3", "__client_only__", {}]] if zugferd and not calls else calls
    replay = [c for c in baseline_calls if c[1] != "__client_only__"]
    services = sorted({c[0] for c in baseline_calls})

    def handler_run() -> Outcome:
        return runner.invoke(logical, event)

    def baseline_run() -> Outcome:
        return runner.baseline(logical, replay, prelude, services)

    baseline_run()  # the page cache, as a Lambda host has it after the first deploy
    handler, baseline = [], []
    for _ in range(REPEAT):
        handler.append(handler_run())
        baseline.append(baseline_run())
    cpu, bare_cpu = _median(handler, "cpu"), _median(baseline, "cpu")
    wall, bare_wall = _median(handler, "total"), _median(baseline, "total")
    target = TARGET_ZUGFERD if zugferd else TARGET
    ops = ", ".join(sorted({c[1] for c in replay})) or "none"
    what = " + ".join(
        [
            "import boto3",
            *(f"client {s}" for s in services),
            *(["import facturx + generate_from_binary"] if zugferd else []),
            *(["one scrypt (16 MiB)"] if logical == "TokenFunction" else []),
            f"{len(replay)} AWS calls ({ops})",
        ]
    )
    return {
        "benchmark": f"coldstart {logical.removesuffix('Function').lower()} (built, Lambda path)",
        "measured": f"CPU {_ms(cpu)} import + first request; wall {_ms(wall)} (import "
        f"{_ms(_median(handler, 'init'))}, request {_ms(_median(handler, 'first'))}); medians of {REPEAT}",
        "baseline": f"CPU {_ms(bare_cpu)}; wall {_ms(bare_wall)} ({wall / bare_wall:.2f}x): {what}",
        "ratio": round(cpu / bare_cpu, 2),
        "target": f"<= {target}x",
        "verdict": "ok" if cpu / bare_cpu <= target else "FAIL",
    }


def _median(outcomes: list[Outcome], attr: str) -> float:
    median: float = statistics.median(getattr(o, attr) for o in outcomes)
    return median


def run() -> list[dict[str, Any]]:
    ensure_build()
    stack = LocalStack(api_port=_free_port(), aws_port=_free_port(), verbose=False)
    stack.start(demo=True)
    try:
        runner = LambdaPath(stack.template, stack.aws.endpoint)
        gateway = LambdaGateway(runner)
        first_requests(gateway)
        rows = []
        for logical in function_logicals(stack.template):
            event, _ = gateway.outcomes[logical][0]
            rows.append(measure(runner, logical, event))
        return rows
    finally:
        stack.stop()


if __name__ == "__main__":
    import json

    print(json.dumps(run(), indent=2))
