"""The guarded edge over real HTTP, against a local stack of its own started with low limits
(`PARAMETER_OVERRIDES`, as `make run` takes them): a client over its limit is a 429 while another
is served; after wrong passwords the right one is a 429 until the delay passes, a token issued
before keeps working; every answer and error body carries the request id.
"""

from __future__ import annotations

import base64
import http.client
import json
import os
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import requests

from tests.support import Api
from tests.support.local_stack import free_port, local_stack_env

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]
LIMITS = (
    "ClientRateLimit=1 ClientBurstLimit=3 LoginFreeFailures=2 LoginFirstDelaySeconds=2 LoginMaxDelaySeconds=4"
    " LoginSourceFreeFailures=1000"
)


@pytest.fixture(scope="module")
def limited_stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """`python -m local` with LIMITS; its URLs and its log."""
    api_port, aws_port = free_port(), free_port()
    env = local_stack_env(api_port, aws_port, tmp_path_factory.mktemp("limited-data"), overrides=LIMITS)
    log = tmp_path_factory.mktemp("limited-log") / "stack.log"
    with log.open("w") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "local"], cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT
        )
        try:
            while "READY" not in log.read_text():
                if proc.poll() is not None:
                    pytest.fail(f"the local stack did not start:\n{log.read_text()[-3000:]}")
                time.sleep(0.2)
            yield {"api": f"http://127.0.0.1:{api_port}", "aws": f"http://127.0.0.1:{aws_port}", "log": str(log)}
        finally:
            proc.terminate()
            proc.wait()


def add_user(stack: dict[str, str], name: str) -> str:
    """A user made by the admin command; its password."""
    password = f"pw-{uuid.uuid4().hex}"
    env = {**os.environ, "LOCAL_AWS_PORT": stack["aws"].rsplit(":", 1)[1]}
    done = subprocess.run(
        [sys.executable, "-m", "backoffice.admin", "user", "add", name, "--password-stdin", "--local"],
        input=password + "\n",
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return password


def assert_too_many(resp: requests.Response) -> int:
    """A 429 with Retry-After in whole seconds, the error body, and the request id in both places."""
    assert resp.status_code == 429, resp.text
    body = resp.json()
    assert body["error"] == "too_many_requests"
    assert body["info"]["request_id"] == resp.headers["x-amzn-RequestId"]
    return int(resp.headers["Retry-After"])


def failed_logins(stack: dict[str, str]) -> int:
    """The FailedLogin counts in the stack's log so far (the token function's embedded-metric lines)."""
    lines = [json.loads(line) for line in Path(stack["log"]).read_text().splitlines() if '"FailedLogin"' in line]
    return sum(int(value) for line in lines for value in line["FailedLogin"])


def wait_out(retry_after: int) -> None:
    time.sleep(retry_after + 0.2)


def test_a_client_over_its_limit_gets_429_while_another_client_is_served(limited_stack: dict[str, str]) -> None:
    flooding, other = Api(limited_stack["api"]), Api(limited_stack["api"])
    flooding.login()
    other.login("limits-other", add_user(limited_stack, "limits-other"))
    answers = [flooding.get("/www/artikel/1000") for _ in range(10)]
    refused = [a for a in answers if a.status_code == 429]
    assert refused, [a.status_code for a in answers]
    assert assert_too_many(refused[0]) >= 1
    served = other.get("/www/artikel", params={"limit": 1})
    assert served.status_code == 200
    assert served.headers["X-Request-Id"] == served.headers["x-amzn-RequestId"]


def test_after_wrong_passwords_the_right_one_waits_and_a_token_issued_before_still_works(
    limited_stack: dict[str, str],
) -> None:
    api = Api(limited_stack["api"])
    password = add_user(limited_stack, "limits-login")
    earlier = Api(limited_stack["api"])
    earlier.login("limits-login", password)
    token_url = api.url("/www/token")
    counted_before = failed_logins(limited_stack)
    wrong = [requests.post(token_url, auth=("limits-login", "wrong"), timeout=30) for _ in range(3)]
    assert [w.status_code for w in wrong] == [401, 401, 401]  # the third locks the name
    assert all(w.json()["info"]["request_id"] == w.headers["X-Request-Id"] for w in wrong)
    retry_after = assert_too_many(requests.post(token_url, auth=("limits-login", password), timeout=30))
    assert earlier.get("/www/artikel", params={"limit": 1}).status_code == 200
    wait_out(retry_after)
    assert requests.post(token_url, auth=("limits-login", password), timeout=30).status_code == 200
    assert failed_logins(limited_stack) - counted_before == 3  # each failure, none of the 429s nor the success


def _login_from(stack: dict[str, str], source: str, name: str, password: str) -> tuple[int, dict[str, str]]:
    """POST /www/token sent from the loopback address `source` (the gateway's sourceIp)."""
    host, port = stack["api"].removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=30, source_address=(source, 0))
    basic = base64.b64encode(f"{name}:{password}".encode()).decode()
    try:
        conn.request("POST", "/www/token", headers={"Authorization": f"Basic {basic}"})
        resp = conn.getresponse()
        return resp.status, {k.lower(): v for k, v in resp.getheaders()}
    finally:
        conn.close()


def test_a_guesser_elsewhere_cannot_lock_the_shop_out_of_its_own_name(limited_stack: dict[str, str]) -> None:
    """The shop's server logged in before: the name's lock keeps the guesser and any new source out,
    not the shop (platform/login_guard, known sources)."""
    password = add_user(limited_stack, "limits-shop")
    shop, guesser, newcomer = "127.0.0.1", "127.0.0.2", "127.0.0.3"
    assert _login_from(limited_stack, shop, "limits-shop", password)[0] == 200
    assert [_login_from(limited_stack, guesser, "limits-shop", "wrong")[0] for _ in range(3)] == [401, 401, 401]
    status, headers = _login_from(limited_stack, guesser, "limits-shop", password)
    assert (status, int(headers["retry-after"]) >= 1) == (429, True)
    assert _login_from(limited_stack, newcomer, "limits-shop", password)[0] == 429
    assert _login_from(limited_stack, shop, "limits-shop", password)[0] == 200
    failures = [
        json.loads(line) for line in Path(limited_stack["log"]).read_text().splitlines() if "login failed" in line
    ]
    assert [f["source"] for f in failures if f.get("source", "").startswith("127.0.0.")][-3:] == [guesser] * 3


def test_an_unknown_name_is_locked_out_the_same_way(limited_stack: dict[str, str]) -> None:
    token_url = limited_stack["api"] + "/www/token"
    known_password = add_user(limited_stack, "limits-known")
    known = [requests.post(token_url, auth=("limits-known", "x"), timeout=30) for _ in range(4)]
    unknown = [requests.post(token_url, auth=("limits-nobody", "x"), timeout=30) for _ in range(4)]
    assert [k.status_code for k in known] == [u.status_code for u in unknown] == [401, 401, 401, 429]
    strip = lambda r: {**r.json(), "info": {}}  # noqa: E731 - the request ids differ, nothing else
    assert [strip(k) for k in known] == [strip(u) for u in unknown]
    assert known_password


def test_guesses_sent_together_past_the_free_failures_get_one_password_check(limited_stack: dict[str, str]) -> None:
    token_url = limited_stack["api"] + "/www/token"
    add_user(limited_stack, "limits-burst")
    free = [requests.post(token_url, auth=("limits-burst", "x"), timeout=30) for _ in range(2)]
    assert [f.status_code for f in free] == [401, 401]
    with ThreadPoolExecutor(max_workers=4) as pool:
        burst = list(
            pool.map(lambda n: requests.post(token_url, auth=("limits-burst", f"guess{n}"), timeout=30), range(4))
        )
    assert sorted(b.status_code for b in burst) == [401, 429, 429, 429]  # one check, then the lock or its hold
    assert all(assert_too_many(b) >= 1 for b in burst if b.status_code == 429)


def test_every_answer_carries_the_request_id_gateway_answers_included(limited_stack: dict[str, str]) -> None:
    no_route = requests.get(limited_stack["api"] + "/www/nothing", timeout=30)
    assert no_route.status_code == 404
    assert no_route.json()["info"]["request_id"] == no_route.headers["x-amzn-RequestId"]
    no_token = requests.get(limited_stack["api"] + "/www/artikel/1000", timeout=30)
    assert no_token.status_code == 401
    assert no_token.json()["info"]["request_id"] == no_token.headers["x-amzn-RequestId"]
    api = Api(limited_stack["api"])
    api.login()
    missing = api.get("/www/auftrag/999999")
    assert missing.status_code == 404
    request_id = missing.headers["X-Request-Id"]
    assert missing.json()["info"]["request_id"] == request_id
    failed = requests.post(limited_stack["api"] + "/www/token", auth=("limits-log", "x"), timeout=30)
    request_id = failed.headers["X-Request-Id"]
    assert failed.json()["info"]["request_id"] == request_id
    logged = [json.loads(line) for line in Path(limited_stack["log"]).read_text().splitlines() if request_id in line]
    assert [line["message"] for line in logged if line.get("correlation_id") == request_id] == ["login failed"]


def test_overrides_that_name_no_parameter_stop_the_start(tmp_path: Path) -> None:
    env = local_stack_env(free_port(), free_port(), tmp_path, overrides="NoSuchParameter=1")
    done = subprocess.run(
        [sys.executable, "-m", "local"], cwd=ROOT, env=env, capture_output=True, text=True, check=False, timeout=120
    )
    assert done.returncode == 1
    assert "NoSuchParameter" in done.stderr
