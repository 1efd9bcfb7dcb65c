"""Cold start per function: a fresh interpreter importing the handler module (its init), against a
fresh interpreter doing only `import boto3` and creating the clients the function uses (zugferd:
plus `import facturx`). Interleaved, several repetitions, medians; time measured inside the child
from its first statement, so interpreter start-up (the same on both sides) is not counted.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from typing import Any

from local.template import REGION, ROOT, Stack

REPEAT = int(os.environ.get("BENCH_COLDSTART_REPEAT", "7"))
TARGET, TARGET_ZUGFERD = 1.5, 1.2

# The SAM policy templates and statements of template.yaml -> the boto3 client each implies.
_POLICY_CLIENTS = {
    "DynamoDB": "dynamodb",
    "S3": "s3",
    "AWSSecretsManager": "secretsmanager",
    "EventBridge": "events",
    "SQS": "sqs",
    "SNS": "sns",
}
_ACTION_CLIENTS = {"logs": "logs", "dynamodb": "dynamodb", "s3": "s3", "events": "events"}

_HANDLER = """
import time; t0 = time.perf_counter()
import importlib.util, sys
spec = importlib.util.spec_from_file_location("lambda_handler_module", {path!r})
module = importlib.util.module_from_spec(spec); spec.loader.exec_module(module)
getattr(module, {func!r})
print(time.perf_counter() - t0)
"""
_BASELINE = """
import time; t0 = time.perf_counter()
import boto3
{extra}
for service in {clients!r}:
    boto3.client(service)
print(time.perf_counter() - t0)
"""


def clients_of(fn: dict[str, Any]) -> list[str]:
    found: list[str] = []
    for policy in fn["Properties"].get("Policies") or []:
        names = list(policy) if isinstance(policy, dict) else [policy]
        for name in names:
            if name == "Statement":
                for statement in policy["Statement"]:
                    actions = statement["Action"] if isinstance(statement["Action"], list) else [statement["Action"]]
                    found += [_ACTION_CLIENTS[a.split(":")[0]] for a in actions if a.split(":")[0] in _ACTION_CLIENTS]
            else:
                found += [c for prefix, c in _POLICY_CLIENTS.items() if name.startswith(prefix)]
    return sorted(set(found))


def _child(code: str, env: dict[str, str]) -> float:
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=False, timeout=120
    )
    if out.returncode != 0:
        raise RuntimeError(out.stderr[-2000:])
    return float(out.stdout.strip().splitlines()[-1])


def measure(stack: Stack, logical: str) -> dict[str, Any]:
    fn = stack.doc["Resources"][logical]
    path, func = stack.handler_file(logical)
    clients = clients_of(fn)
    requirements = path.parent / "requirements.txt"
    zugferd = requirements.exists() and "factur-x" in requirements.read_text()
    env = {
        **os.environ,
        **stack.environment(logical),
        "AWS_DEFAULT_REGION": REGION,
        "AWS_ACCESS_KEY_ID": "bench",
        "AWS_SECRET_ACCESS_KEY": "bench",
        "PYTHONDONTWRITEBYTECODE": "0",
    }
    handler_code = _HANDLER.format(path=str(path), func=func)
    baseline_code = _BASELINE.format(clients=clients, extra="import facturx" if zugferd else "")
    _child(handler_code, env), _child(baseline_code, env)  # warm the page cache and the .pyc files
    handler, baseline = [], []
    for _ in range(REPEAT):
        handler.append(_child(handler_code, env))
        baseline.append(_child(baseline_code, env))
    h, b = statistics.median(handler), statistics.median(baseline)
    target = TARGET_ZUGFERD if zugferd else TARGET
    what = " + ".join(["import boto3", *(f"client {c}" for c in clients), *(["import facturx"] if zugferd else [])])
    return {
        "benchmark": f"coldstart {logical.removesuffix('Function').lower()}",
        "measured": f"{h * 1000:.0f} ms init (median of {REPEAT})",
        "baseline": f"{b * 1000:.0f} ms {what}",
        "ratio": round(h / b, 2),
        "target": f"<= {target}x",
        "verdict": "ok" if h / b <= target else "FAIL",
    }


def run() -> list[dict[str, Any]]:
    stack = Stack.read()
    return [measure(stack, logical) for logical in sorted(stack.resources("AWS::Serverless::Function"))]


if __name__ == "__main__":
    print(json.dumps(run(), indent=2))
