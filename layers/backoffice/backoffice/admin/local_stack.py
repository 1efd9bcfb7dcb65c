"""The local stack of `make run` as the admin CLI finds it.

The one place of its defaults: the API's port (PORT), the AWS emulation's port (LOCAL_AWS_PORT)
and the data folder (LOCAL_DATA); `python -m local` reads them here too. A running stack holds the
lock file of its data folder and writes its two addresses into it, so that `--local` writes to the
stack of this working tree (or of LOCAL_DATA), whatever its ports, and never to another program
that happens to listen on 4566.
"""

from __future__ import annotations

import fcntl
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from backoffice.admin import CommandFailed

API_PORT = 3000
AWS_PORT = 4566
# The working tree this layer is checked out in: `make run` and the CLI run from a checkout.
WORKING_TREE = Path(__file__).resolve().parents[4]
DATA_FOLDER = WORKING_TREE / ".local-data"
# In the data folder: locked by the running stack, which writes its addresses into it.
LOCK_FILE = ".lock"


def api_port(environ: Mapping[str, str] = os.environ) -> int:
    return int(environ.get("PORT") or API_PORT)


def aws_port(environ: Mapping[str, str] = os.environ) -> int:
    return int(environ.get("LOCAL_AWS_PORT") or AWS_PORT)


def data_folder(environ: Mapping[str, str] = os.environ) -> Path:
    return Path(environ.get("LOCAL_DATA") or DATA_FOLDER).resolve()


@dataclass(frozen=True)
class Addresses:
    """Where a running local stack serves: its API and its AWS emulation (http://127.0.0.1:PORT)."""

    api: str
    aws: str

    def record(self) -> str:
        """The lock file's content while the stack runs."""
        return json.dumps({"api": self.api, "aws": self.aws})


def running_stack(folder: Path) -> Addresses | None:
    """The addresses of the stack that runs on a data folder; None when none runs on it."""
    try:
        handle = (folder / LOCK_FILE).open(encoding="utf-8")
    except FileNotFoundError:
        return None
    with handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:  # the running stack holds it
            text = handle.read()
        else:
            return None  # left by a stack that stopped (released on closing)
    try:
        found = json.loads(text)
        return Addresses(api=str(found["api"]), aws=str(found["aws"]))
    except (ValueError, KeyError, TypeError):
        raise CommandFailed(f"The local stack on {folder} is still starting: try again once it says READY.") from None


def aws_endpoint(environ: Mapping[str, str] = os.environ) -> str:
    """The AWS endpoint `--local` writes to, found as `make run` is configured.

    LOCAL_AWS_PORT, when set, names it (as `make run` reads it). Otherwise the stack that runs on
    the data folder (LOCAL_DATA, else .local-data of this working tree) says where it is; PORT,
    when set, must be its API's port, or the operator means another stack.
    """
    if environ.get("LOCAL_AWS_PORT"):
        return f"http://127.0.0.1:{aws_port(environ)}"
    folder = data_folder(environ)
    running = running_stack(folder)
    if running is None:
        raise CommandFailed(
            f"No local stack runs on the data folder {folder}: start it with `make run`, or name its "
            "folder with LOCAL_DATA or its AWS port with LOCAL_AWS_PORT."
        )
    if environ.get("PORT") and urlsplit(running.api).port != api_port(environ):
        raise CommandFailed(
            f"The local stack on {folder} serves its API at {running.api}, not on PORT={environ['PORT']}: "
            "name the other stack's folder with LOCAL_DATA, or its AWS port with LOCAL_AWS_PORT."
        )
    return running.aws
