"""Issue 15: the local stack keeps its data across restarts, FRESH=1 starts again from the demo
data, and Ctrl-C or SIGTERM saves before it stops. Each test runs stacks of its own (subprocesses
on free ports) on a data folder of its own."""

from __future__ import annotations

import contextlib
import json
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from decimal import Decimal
from pathlib import Path
from typing import Any

import boto3
import pytest
import requests

from local.template import Stack
from tests.support.local_stack import ROOT, free_port, local_stack_env

pytestmark = pytest.mark.integration
TABLE = Stack.read().names["Table"]

ORDER = {"GrundDaten": {"KundNr": "100004"}, "Positionen": [{"ArtNr": "1000", "Menge": 2}]}
CUSTOMER = {
    "GrundDaten": {"WaehrAbk": "CHF", "FAKTZahlArt": "B"},
    "Adressen": {
        "KontaktAdr": {
            "AdrSprache": "ger",
            "AdrFirma": "Neustart AG",
            "AdrAnrede": 0,
            "AdrAdresse1": "Bahnhofstrasse 1",
            "OrtLand": "CH",
            "OrtPLZ": "8001",
            "OrtName": "Zürich",
        }
    },
}


class Running:
    def __init__(self, proc: subprocess.Popen[bytes], log: Path, api: str, aws_port: int) -> None:
        self.proc, self.log, self.api, self.aws_port = proc, log, api, aws_port

    def token(self, user: str = "demo", password: str = "demo") -> requests.Response:  # noqa: S107 - local demo user
        return requests.post(f"{self.api}/www/token", auth=(user, password), timeout=30)

    def call(self, method: str, path: str, token: str, **kwargs: Any) -> requests.Response:
        headers = {"Authorization": f"Bearer {token}"}
        return requests.request(method, f"{self.api}{path}", headers=headers, timeout=60, **kwargs)

    def read(self, path: str, token: str) -> Any:
        """A GET's JSON, its links made independent of this run's port."""
        answer = self.call("GET", path, token)
        assert answer.status_code == 200, answer.text
        return json.loads(answer.text.replace(self.api, "http://api"))

    def stop(self, signum: int = signal.SIGTERM) -> str:
        """Send the signal, wait for the exit; the stack's output."""
        self.proc.send_signal(signum)
        try:
            code = self.proc.wait(timeout=60)  # a bound on a hung test, not the measure (make bench has that)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            raise
        text = self.log.read_text()
        assert code == 0, text[-2000:]
        return text


@contextmanager
def stack(data: Path, fresh: bool, **extra: str) -> Iterator[Running]:
    api_port, aws_port = free_port(), free_port()
    env = local_stack_env(api_port, aws_port, data, fresh=fresh) | extra
    log = data.parent / f"{data.name}-{api_port}.log"
    with log.open("w") as out:
        command = [sys.executable, "-m", "local"]
        proc = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    running = Running(proc, log, f"http://127.0.0.1:{api_port}", aws_port)
    try:
        deadline = time.monotonic() + 180
        while "READY" not in log.read_text():
            if proc.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"the local stack did not start:\n{log.read_text()[-3000:]}")
            time.sleep(0.2)
        yield running
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def add_user(running: Running, name: str, password: str) -> None:
    # The documented command (docs/operations.md), pointed at this stack's emulation.
    env = local_stack_env(0, running.aws_port, Path("unused"))
    command = ["user", "add", name, "--webshop", "SHOP", "--password-stdin", "--local"]
    done = subprocess.run(
        [sys.executable, "-m", "backoffice.admin", *command],
        cwd=ROOT,
        env=env,
        input=password.encode(),
        capture_output=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr.decode()


def saved_items(data: Path) -> dict[tuple[str, str], dict[str, Any]]:
    state = json.loads((data / "state.json").read_text(encoding="utf-8"))
    return {(i["PK"]["S"], i["SK"]["S"]): i for i in state["tables"]["Table"]}


def test_an_order_customer_user_and_token_survive_a_restart_and_fresh_brings_the_demo_back(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with stack(data, fresh=True) as first:
        token = first.token().json()["access_token"]
        order = first.call("POST", "/www/auftrag", token, json=ORDER)
        assert order.status_code == 201, order.text
        auft_nr = order.json()["data"]["AuftNr"]
        customer = first.call("POST", "/www/kunden", token, json=CUSTOMER)
        assert customer.status_code == 201, customer.text
        debi_nr = customer.json()["data"]["DebiNr"]
        add_user(first, "restart1", "geheim-1")
        assert first.token("restart1", "geheim-1").status_code == 200
        order_before = first.read(f"/www/auftrag/{auft_nr}", token)
        customer_before = first.read(f"/www/kunden/{debi_nr}", token)
        output = first.stop(signal.SIGTERM)
    assert f"saved in {data}" in output

    with stack(data, fresh=False) as second:
        assert "Demo data:" not in second.log.read_text()
        assert f"restored from {data}" in second.log.read_text()
        # The token of the first run: the signing key was kept.
        assert second.read(f"/www/auftrag/{auft_nr}", token) == order_before
        assert second.read(f"/www/kunden/{debi_nr}", token) == customer_before
        user_token = second.token("restart1", "geheim-1")
        assert user_token.status_code == 200, user_token.text
        # The order counter was kept: the next number follows, no number is handed out twice.
        following = second.call("POST", "/www/auftrag", token, json=ORDER)
        assert following.status_code == 201, following.text
        assert int(following.json()["data"]["AuftNr"]) == int(auft_nr) + 1
        second.stop(signal.SIGINT)

    with stack(data, fresh=True) as third:
        assert "Demo data: user demo" in third.log.read_text()
        assert third.call("GET", "/www/artikel", token).status_code == 401  # a new signing key
        assert third.token("restart1", "geheim-1").status_code == 401
        demo_token = third.token().json()["access_token"]
        assert third.call("GET", f"/www/auftrag/{auft_nr}", demo_token).status_code == 404
        assert third.call("GET", f"/www/kunden/{debi_nr}", demo_token).status_code == 404
        assert third.call("GET", "/www/kunden/100001", demo_token).status_code == 200
        again = third.call("POST", "/www/auftrag", demo_token, json=ORDER)
        assert again.json()["data"]["AuftNr"] == auft_nr  # the counter starts again with the demo data
        third.stop()


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_signal_saves_what_the_stack_holds_then_stops(tmp_path: Path, signum: int) -> None:
    data = tmp_path / "data"
    # No save on a timer during the test: what is on disk after the stop was saved by the stop.
    with stack(data, fresh=True, LOCAL_SAVE_EVERY="3600") as running:
        token = running.token().json()["access_token"]
        numbers = []
        for _ in range(5):
            answer = running.call("POST", "/www/auftrag", token, json=ORDER)
            assert answer.status_code == 201, answer.text
            numbers.append(answer.json()["data"]["AuftNr"])
        before = saved_items(data)  # the demo data, saved at the start
        assert not [n for n in numbers if (f"AUFTRAG#{n}", "KOPF") in before]
        output = running.stop(signum)
    after = saved_items(data)
    assert "Stopping: saving the data" in output
    # Every table counts: the single table, the users' own (ADR 0056), the idempotency records.
    tables = json.loads((data / "state.json").read_text(encoding="utf-8"))["tables"]
    assert "UsersTable" in tables
    assert f"Local stack stopped; {sum(map(len, tables.values()))} items, 39 objects saved in {data}." in output
    for n in numbers:
        assert after[(f"AUFTRAG#{n}", "KOPF")]["KundNr"] == {"S": "100004"}
        assert (f"AUFTRAG#{n}", "POS#0001") in after
    # Everything of the start is still there but the outbox items the publisher has sent since.
    assert {k for k in before if not k[0].startswith("OUTBOX#")} < set(after)


def _stock_of_1000(running: Running) -> Decimal:
    db = boto3.client(
        "dynamodb",
        endpoint_url=f"http://127.0.0.1:{running.aws_port}",
        aws_access_key_id="local",
        aws_secret_access_key="local",
        region_name="eu-central-1",
    )
    key = {"PK": {"S": "ARTIKEL#1000"}, "SK": {"S": "BESTAND#-#1"}}
    return Decimal(db.get_item(TableName=TABLE, Key=key)["Item"]["LagerBestand"]["N"])


def test_kill_9_during_orders_leaves_each_order_with_its_stock_change_or_neither(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with stack(data, fresh=True) as first:
        token = first.token().json()["access_token"]
        initial = _stock_of_1000(first)
        stop = threading.Event()

        def order_until_stopped() -> None:
            while not stop.is_set():
                with contextlib.suppress(requests.RequestException):
                    first.call("POST", "/www/auftrag", token, json=ORDER)

        clients = [threading.Thread(target=order_until_stopped) for _ in range(3)]
        for client in clients:
            client.start()
        try:
            # Until a periodic save holds a few orders; then kill in the middle of the stream of orders.
            deadline = time.monotonic() + 120
            while len([k for k in saved_items(data) if k[0].startswith("AUFTRAG#") and k[1] == "KOPF"]) < 3:
                assert time.monotonic() < deadline, "no periodic save with orders"
                time.sleep(0.2)
            first.proc.kill()
            first.proc.wait()
        finally:
            stop.set()
            for client in clients:
                client.join()

    with stack(data, fresh=False) as second:
        items = saved_items(data)
        orders = sorted(k[0].removeprefix("AUFTRAG#") for k in items if k[0].startswith("AUFTRAG#") and k[1] == "KOPF")
        assert len(orders) >= 3
        assert all((f"AUFTRAG#{n}", "POS#0001") in items for n in orders)
        # Each saved order lowered the stock by its 2 pieces, and no other order did.
        assert _stock_of_1000(second) == initial - 2 * len(orders)
        token = second.token().json()["access_token"]
        following = second.call("POST", "/www/auftrag", token, json=ORDER)
        assert following.status_code == 201, following.text
        assert int(following.json()["data"]["AuftNr"]) > int(orders[-1])  # no number handed out twice
        second.stop()


def _start_fails(env: dict[str, str]) -> str:
    done = subprocess.run([sys.executable, "-m", "local"], cwd=ROOT, env=env, capture_output=True, timeout=120)
    assert done.returncode == 1, done.stdout.decode()[-2000:]
    return done.stderr.decode()


@pytest.mark.parametrize(("variable", "what"), [("PORT", "API"), ("LOCAL_AWS_PORT", "AWS emulation")])
def test_a_taken_port_is_named_with_the_variable_that_moves_it(tmp_path: Path, variable: str, what: str) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        env = local_stack_env(free_port(), free_port(), tmp_path / "data") | {variable: str(port)}
        message = _start_fails(env)
    assert f"Cannot start the local stack: port {port} of the {what} is taken" in message
    assert f"move it with {variable}, e.g. `{variable}={port + 1} make run`" in message


def test_a_second_stack_on_the_same_data_folder_is_refused(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with stack(data, fresh=True) as first:
        message = _start_fails(local_stack_env(free_port(), free_port(), data, fresh=False))
        assert f"another local stack uses the data folder {data}" in message
        first.stop()


def _admin_by_folder(data: Path, api_port: int, *command: str, password: str = "") -> subprocess.CompletedProcess[str]:
    """The admin CLI's --local as an operator runs it beside `make run`: PORT and LOCAL_DATA as the
    stack's, no LOCAL_AWS_PORT."""
    env = local_stack_env(api_port, 0, data)
    del env["LOCAL_AWS_PORT"]
    return subprocess.run(
        [sys.executable, "-m", "backoffice.admin", *command, "--local"],
        cwd=ROOT,
        env=env,
        input=password,
        capture_output=True,
        text=True,
        check=False,
    )


def test_the_admin_cli_finds_the_stack_of_its_data_folder_and_its_port(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with stack(data, fresh=True) as running:
        api_port = int(running.api.rsplit(":", 1)[1])
        add = ("user", "add", "finder", "--webshop", "SHOP", "--password-stdin")
        done = _admin_by_folder(data, api_port, *add, password="geheim-2\n")
        assert done.returncode == 0, done.stderr
        assert f"127.0.0.1:{running.aws_port}" in done.stdout
        assert running.token("finder", "geheim-2").status_code == 200
        # Another PORT means another stack: refused, not written to this one.
        other = _admin_by_folder(data, free_port(), "user", "revoke", "finder")
        assert (other.returncode, other.stderr.count("\n")) == (1, 1), other.stderr
        assert "not on PORT=" in other.stderr
        running.stop()
    stopped = _admin_by_folder(data, api_port, "user", "revoke", "finder")
    assert (stopped.returncode, stopped.stderr.count("\n")) == (1, 1), stopped.stderr
    assert "No local stack runs on the data folder" in stopped.stderr


def _open_items_due(data: Path, rech_nr: str, day: str, saved: str | None = None) -> int:
    """The invoice's open items in the saved data made due on `day` (their key holds the day), and
    the folder's time of saving set to `saved`: what a stack stopped for a while leaves."""
    state = json.loads((data / "state.json").read_text(encoding="utf-8"))
    moved = 0
    for item in state["tables"]["Table"]:
        if item["PK"]["S"].startswith("OFFENEPOSTEN") and item["SK"]["S"].endswith(f"#{rech_nr}"):
            item["SK"]["S"] = f"{day}#{rech_nr}"
            item["FaelligDatum"]["S"] = day
            moved += 1
    if saved is not None:
        state["saved"] = saved
    (data / "state.json").write_text(json.dumps(state), encoding="utf-8")
    return moved


def _overdue(running: Running, token: str) -> list[str]:
    feed = running.read("/www/events?types=rechnung.overdue&limit=1000", token)
    return [event["keys"]["RechNr"] for event in feed["data"]]


def test_the_nightly_overdue_run_comes_at_its_time_not_with_each_write_and_after_a_stop_at_start(
    tmp_path: Path,
) -> None:
    from datetime import UTC, datetime, timedelta

    from local.schedules import Cron

    nightly = Cron.parse("cron(0 1 * * ? *)", "Europe/Zurich")
    began = datetime.now(UTC)
    data = tmp_path / "data"
    with stack(data, fresh=True) as first:
        token = first.token().json()["access_token"]
        order = first.call("POST", "/www/auftrag", token, json=ORDER)
        assert order.status_code == 201, order.text
        issued = first.call("POST", f"/www/auftrag/{order.json()['data']['AuftNr']}/rechnung", token)
        assert issued.status_code == 201, issued.text
        rech_nr = issued.json()["data"]["RechNr"]
        first.stop()
    # Due ten days ago: AWS reports it at the next 01:00 in Zurich, not at the next write.
    assert _open_items_due(data, rech_nr, (began - timedelta(days=10)).date().isoformat()) == 2
    with stack(data, fresh=False) as second:
        token = second.token().json()["access_token"]
        customer = second.call("POST", "/www/kunden", token, json=CUSTOMER)
        assert customer.status_code == 201, customer.text
        overdue = _overdue(second, token)
        second.stop()
    # Not reported by the write, only by 01:00 in Zurich, should that have come during the test.
    assert rech_nr not in overdue or nightly.came_between(began, datetime.now(UTC))
    # The same data saved two days ago: the nights since came while the stack was stopped.
    two_days_ago = (datetime.now(UTC) - timedelta(days=2)).isoformat(timespec="seconds")
    assert _open_items_due(data, rech_nr, (began - timedelta(days=10)).date().isoformat(), two_days_ago) == 2
    with stack(data, fresh=False) as third:
        token = third.token().json()["access_token"]
        assert _overdue(third, token).count(rech_nr) == 1
        customer = third.call("POST", "/www/kunden", token, json=CUSTOMER)
        assert customer.status_code == 201, customer.text
        assert _overdue(third, token).count(rech_nr) == 1
        third.stop()
