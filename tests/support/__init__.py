"""What tests share besides fixtures: the HTTP client of the local stack."""

from __future__ import annotations

from typing import Any

import requests


def without_request_id(body: Any, request_id: str | None) -> Any:
    """A JSON body with an error body's `info.request_id` checked against the answer's request id
    (every error body carries it) and taken out, so that a test compares what the error says."""
    if isinstance(body, dict) and isinstance(body.get("info"), dict) and "request_id" in body["info"]:
        assert body["info"].pop("request_id") == request_id
    return body


def error_json(resp: requests.Response) -> Any:
    """The JSON body of an answer over HTTP, as `without_request_id` reads it: the function's
    X-Request-Id, else API Gateway's x-amzn-RequestId (its own answers carry only that)."""
    return without_request_id(resp.json(), resp.headers.get("X-Request-Id") or resp.headers.get("x-amzn-RequestId"))


class Api:
    """A requests session on the local stack's base URL, with a bearer token once `login` ran."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.session = requests.Session()

    def url(self, path: str) -> str:
        return self.base + path

    def login(self, user: str = "demo", password: str = "demo") -> str:  # noqa: S107 - the local demo user
        resp = requests.post(self.url("/www/token"), auth=(user, password), timeout=30)
        resp.raise_for_status()
        token = str(resp.json()["access_token"])
        self.session.headers["Authorization"] = f"Bearer {token}"
        return token

    def request(self, method: str, path: str, **kwargs: Any) -> requests.Response:
        kwargs.setdefault("timeout", 60)
        return self.session.request(method, self.url(path), **kwargs)

    def get(self, path: str, **kwargs: Any) -> requests.Response:
        return self.request("GET", path, **kwargs)

    def post(self, path: str, **kwargs: Any) -> requests.Response:
        return self.request("POST", path, **kwargs)
