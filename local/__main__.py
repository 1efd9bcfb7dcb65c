"""`python -m local`: run the local stack until Ctrl-C or SIGTERM (`make run`).

The API on PORT, the AWS emulation on LOCAL_AWS_PORT, its data kept in `.local-data/` of the
working tree (LOCAL_DATA moves it): defaults in backoffice/admin/local_stack.py, which the admin
CLI's --local reads too. FRESH=1 starts again from the demo data. PARAMETER_OVERRIDES sets
template parameters (`ClientRateLimit=2 ClientBurstLimit=4`), as sam's --parameter-overrides does.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from typing import Any

from backoffice.admin import local_stack
from local.persistence import DataFolder, FolderInUse
from local.stack import LocalStack
from local.template import BadOverride


def main() -> int:
    api_port, aws_port = local_stack.api_port(), local_stack.aws_port()
    quiet = os.environ.get("LOCAL_QUIET") == "1"
    fresh = os.environ.get("FRESH", "") not in ("", "0")
    data = DataFolder.from_environment()
    try:
        data.lock()
        # The template's parameters as `sam local start-api --parameter-overrides` takes them.
        overrides = os.environ.get("PARAMETER_OVERRIDES", "")
        stack = LocalStack(api_port, aws_port, verbose=not quiet, overrides=overrides)
    except (OSError, FolderInUse, BadOverride) as exc:
        print(f"Cannot start the local stack: {exc}", file=sys.stderr)
        return 1
    if fresh:
        data.reset()
    stopped = threading.Event()

    def stop(signum: int, _: Any) -> None:
        stopped.set()

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    stack.start(data=data)
    print(f"AWS emulation (moto) on {stack.aws.endpoint}: {len(stack.created)} resources from template.yaml")
    for line in stack.demo:
        print(f"Demo data: {line}")
    if stack.restored:
        print(f"Data: {stack.restored.summary()} restored from {data.path}")
    else:
        print(f"Data: the demo data, kept in {data.path}")
    print("Data: saved every few seconds while it changes and at Ctrl-C; `make run FRESH=1` starts again from the demo")
    print(f"API on {stack.api.url}/www/...  try: curl -u demo:demo -X POST {stack.api.url}/www/token")
    print(f"Swagger UI on {stack.api.url}/docs")
    # Where the admin CLI's --local finds this stack (backoffice/admin/local_stack.py).
    data.announce(local_stack.Addresses(api=stack.api.url, aws=stack.aws.endpoint))
    print(f"READY {stack.api.url}", flush=True)
    # A timeout, so that the signal handler runs promptly whatever the wait does with signals.
    while not stopped.wait(0.5):
        pass
    print("Stopping: saving the data ...", flush=True)
    snap = stack.stop()
    if snap is not None:
        print(f"Local stack stopped; {snap.summary()} saved in {data.path}.", flush=True)
    sys.stderr.flush()
    # Not an interpreter shutdown: it would wait for the request threads still blocked on the
    # (now locked) emulation and collect a heap of gigabytes object by object (issue 15: over a
    # minute). Everything worth keeping is on disk.
    os._exit(0)


if __name__ == "__main__":
    sys.exit(main())
