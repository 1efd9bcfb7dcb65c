"""What each cold-start tweak still saves (backoffice/coldstart/, switch `BACKOFFICE_COLDSTART_TWEAKS`).

Measured as bench_coldstart.py measures a cold start (the built artifact on the Lambda path, a
fresh interpreter per run, CPU of the import plus the first request), for a few functions of each
kind: REST functions (their import is where the precompiled code and the lazy powertools packages
act) and the two that import no pydantic. In one run, interleaved and in a rotating order: all
tweaks on twice (A and B: what two medians of the same thing differ by), and each tweak off alone.

A tweak's saving is the median over the rounds of its run off minus the mean of the round's two
runs all on (paired: the load of the moment weighs on both sides); its noise is two standard errors
of that median, from the differences' own spread (1.4826 x their median absolute deviation as the
spread, 1.2533 x spread / sqrt(n) as a median's standard error). Per function the
row is information; the verdict is on the sum over the functions: a tweak that saves less than its
noise is FAIL (it goes: docs/operations.md, "Cold starts").
"""

from __future__ import annotations

import math
import statistics
from typing import Any

from backoffice.coldstart import SWITCH, TWEAKS
from bench.bench_coldstart import REPEAT, _free_port
from local.stack import LocalStack
from tools.lambda_path import LambdaGateway, LambdaPath, ensure_build, first_requests

FUNCTIONS = ("KundenFunction", "OfferteFunction", "AuthorizerFunction", "PublisherFunction")
ALL_ON = ("on A", "on B")


def variants() -> dict[str, dict[str, str]]:
    """The environment of each variant: all on (twice), and each tweak off alone."""
    off_alone = {f"{tweak} off": {SWITCH: ",".join(t for t in TWEAKS if t != tweak)} for tweak in TWEAKS}
    return {ALL_ON[0]: {SWITCH: "on"}, **off_alone, ALL_ON[1]: {SWITCH: "on"}}


def _spread(values: list[float]) -> float:
    """A median's standard error, from the median absolute deviation."""
    middle = statistics.median(values)
    deviation = 1.4826 * statistics.median(abs(v - middle) for v in values)
    return 1.2533 * deviation / math.sqrt(len(values))


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms"


def measure(runner: LambdaPath, events: dict[str, dict[str, Any]]) -> dict[str, dict[str, list[float]]]:
    """CPU seconds of each run, by function and variant."""
    envs = variants()
    names = list(envs)
    cpu: dict[str, dict[str, list[float]]] = {logical: {name: [] for name in names} for logical in events}
    for logical, event in events.items():
        runner.invoke(logical, event)  # the page cache, as a Lambda host has it after the first deploy
    for round_ in range(REPEAT):
        order = names[round_ % len(names) :] + names[: round_ % len(names)]
        for logical, event in events.items():
            for name in order:
                cpu[logical][name].append(runner.invoke(logical, event, env=envs[name]).cpu)
    return cpu


def _paired(runs: dict[str, list[float]], tweak: str) -> tuple[float, float]:
    """A tweak's saving, the median over the rounds of its run off minus the mean of the round's two
    runs all on (the load of a round weighs on both), and that median's standard error."""
    (a, b), off = (runs[name] for name in ALL_ON), runs[f"{tweak} off"]
    differences = [o - (x + y) / 2 for x, y, o in zip(a, b, off, strict=True)]
    return statistics.median(differences), _spread(differences)


def _function_row(logical: str, tweak: str, runs: dict[str, list[float]]) -> dict[str, Any]:
    on = runs[ALL_ON[0]] + runs[ALL_ON[1]]
    off = runs[f"{tweak} off"]
    saving, error = _paired(runs, tweak)
    a, b = (statistics.median(runs[name]) for name in ALL_ON)
    return {
        "benchmark": f"coldstart tweak {tweak}: {logical.removesuffix('Function').lower()} (built, Lambda path)",
        "measured": f"CPU {_ms(statistics.median(off))} with it off alone (median of {len(off)}): "
        f"saves {_ms(saving)}, noise {_ms(2 * error)}",
        "baseline": f"CPU {_ms(statistics.median(on))} all on (median of {len(on)}; A {_ms(a)}, B {_ms(b)})",
        "ratio": round((statistics.median(on) + saving) / statistics.median(on), 2),
        "target": "info",
        "verdict": "info",
    }


def _total_row(tweak: str, cpu: dict[str, dict[str, list[float]]]) -> dict[str, Any]:
    paired = [_paired(runs, tweak) for runs in cpu.values()]
    saving, noise = sum(s for s, _ in paired), 2 * math.sqrt(sum(e * e for _, e in paired))
    on_total = sum(statistics.median(runs[ALL_ON[0]] + runs[ALL_ON[1]]) for runs in cpu.values())
    # Two runs of the same thing: how far apart the sum lands when nothing differs.
    same = sum(statistics.median(runs[ALL_ON[1]]) - statistics.median(runs[ALL_ON[0]]) for runs in cpu.values())
    return {
        "benchmark": f"coldstart tweak {tweak}: {len(cpu)} functions together (built, Lambda path)",
        "measured": f"saves {_ms(saving)} of CPU in all ({', '.join(_ms(s) for s, _ in paired)})",
        "baseline": f"noise {_ms(noise)} (two standard errors; B - A {_ms(same)}); all on {_ms(on_total)}",
        "ratio": round((on_total + saving) / on_total, 2),
        "target": "saves more than its noise",
        "verdict": "ok" if saving > noise else "FAIL",
    }


def rows(cpu: dict[str, dict[str, list[float]]]) -> list[dict[str, Any]]:
    out = []
    for tweak in TWEAKS:
        out += [_function_row(logical, tweak, runs) for logical, runs in cpu.items()]
        out.append(_total_row(tweak, cpu))
    return out


def run() -> list[dict[str, Any]]:
    ensure_build()
    stack = LocalStack(api_port=_free_port(), aws_port=_free_port(), verbose=False)
    stack.start(demo=True)
    try:
        runner = LambdaPath(stack.template, stack.aws.endpoint)
        gateway = LambdaGateway(runner)
        first_requests(gateway)
        events = {logical: gateway.outcomes[logical][0][0] for logical in FUNCTIONS}
        return rows(measure(runner, events))
    finally:
        stack.stop()


if __name__ == "__main__":
    import json

    print(json.dumps(run(), indent=2))
