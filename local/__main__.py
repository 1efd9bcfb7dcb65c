"""`python -m local`: run the local stack until Ctrl-C (`make run`)."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading

from local.stack import LocalStack


def main() -> int:
    api_port = int(os.environ.get("PORT", "3000"))
    aws_port = int(os.environ.get("LOCAL_AWS_PORT", "4566"))
    quiet = os.environ.get("LOCAL_QUIET") == "1"
    stack = LocalStack(api_port, aws_port, verbose=not quiet)
    try:
        stack.start()
    except OSError as exc:
        print(f"Cannot start the local stack: {exc} (set PORT or LOCAL_AWS_PORT to free ports)", file=sys.stderr)
        return 1
    print(f"AWS emulation (moto) on {stack.aws.endpoint}: {len(stack.created)} resources from template.yaml")
    for line in stack.demo:
        print(f"Demo data: {line}")
    print(f"API on {stack.api.url}/www/...  try: curl -u demo:demo -X POST {stack.api.url}/www/token")
    print(f"Swagger UI on {stack.api.url}/docs")
    print(f"READY {stack.api.url}", flush=True)
    stopped = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stopped.set())
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C is the way to stop it
        stopped.wait()
    stack.stop()
    print("Local stack stopped.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
