"""The admin CLI's --local finds the stack `make run` serves, with `make run`'s own defaults, and
refuses in one line (no traceback) when there is none or when it cannot ask for a password."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from backoffice.admin import CommandFailed, local_stack
from backoffice.admin.local_stack import Addresses, aws_endpoint
from local.persistence import DataFolder
from local.template import ROOT

RUNNING = Addresses(api="http://127.0.0.1:3001", aws="http://127.0.0.1:4567")


@pytest.fixture
def running(tmp_path: Path) -> DataFolder:
    """A data folder a stack runs on: locked (while the object lives), its addresses written, as
    `python -m local` does."""
    folder = DataFolder(tmp_path / "data")
    folder.lock()
    folder.announce(RUNNING)
    return folder


def test_the_defaults_are_make_runs() -> None:
    assert local_stack.api_port({}) == 3000
    assert local_stack.aws_port({}) == 4566
    assert local_stack.data_folder({}) == ROOT / ".local-data"
    env = {"PORT": "8080", "LOCAL_AWS_PORT": "4600", "LOCAL_DATA": "/tmp/elsewhere"}
    assert (local_stack.api_port(env), local_stack.aws_port(env)) == (8080, 4600)
    assert local_stack.data_folder(env) == Path("/tmp/elsewhere").resolve()


def test_the_running_stack_of_the_data_folder_says_where_its_aws_is(running: DataFolder) -> None:
    assert aws_endpoint({"LOCAL_DATA": str(running.path)}) == RUNNING.aws
    assert aws_endpoint({"LOCAL_DATA": str(running.path), "PORT": "3001"}) == RUNNING.aws


def test_a_port_other_than_the_stacks_api_is_refused(running: DataFolder) -> None:
    with pytest.raises(CommandFailed, match=r"serves its API at http://127.0.0.1:3001, not on PORT=3000"):
        aws_endpoint({"LOCAL_DATA": str(running.path), "PORT": "3000"})


def test_local_aws_port_names_the_emulation_itself(tmp_path: Path) -> None:
    assert aws_endpoint({"LOCAL_AWS_PORT": "4600", "LOCAL_DATA": str(tmp_path)}) == "http://127.0.0.1:4600"


def test_no_stack_on_the_folder_is_refused_not_guessed(tmp_path: Path) -> None:
    with pytest.raises(CommandFailed, match="No local stack runs on the data folder"):
        aws_endpoint({"LOCAL_DATA": str(tmp_path)})
    # The addresses a stopped stack left behind: its lock is free, so nothing runs there.
    (tmp_path / local_stack.LOCK_FILE).write_text(json.dumps({"api": RUNNING.api, "aws": RUNNING.aws}))
    with pytest.raises(CommandFailed, match="No local stack runs on the data folder"):
        aws_endpoint({"LOCAL_DATA": str(tmp_path)})


def test_a_stack_still_starting_is_named_as_such(tmp_path: Path) -> None:
    folder = DataFolder(tmp_path)
    folder.lock()  # locked, not yet announced
    with pytest.raises(CommandFailed, match="still starting"):
        aws_endpoint({"LOCAL_DATA": str(folder.path)})


def admin(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """The CLI as an operator runs it, without a terminal (stdin is /dev/null, a session of its own)."""
    return subprocess.run(
        [sys.executable, "-m", "backoffice.admin", *args],
        cwd=ROOT,
        env={k: v for k, v in os.environ.items() if k not in ("PORT", "LOCAL_AWS_PORT", "LOCAL_DATA")} | env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        start_new_session=True,
        check=False,
    )


def assert_one_line_refusal(done: subprocess.CompletedProcess[str], says: str) -> None:
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1, done.stderr
    assert says in done.stderr


def test_without_a_terminal_the_password_prompt_is_a_one_line_refusal(running: DataFolder) -> None:
    done = admin("user", "add", "shop", "--local", env={"LOCAL_DATA": str(running.path)})
    assert_one_line_refusal(done, "--password-stdin")


def test_without_a_stack_the_command_is_a_one_line_refusal(tmp_path: Path) -> None:
    done = admin("user", "revoke", "shop", "--local", env={"LOCAL_DATA": str(tmp_path)})
    assert_one_line_refusal(done, "make run")


def test_an_aws_port_nobody_listens_on_is_a_one_line_refusal() -> None:
    done = admin("user", "revoke", "shop", "--local", env={"LOCAL_AWS_PORT": "1"})
    assert_one_line_refusal(done, "Cannot reach http://127.0.0.1:1/")
