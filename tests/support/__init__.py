"""What tests share besides fixtures: the HTTP client of the local stack."""

from __future__ import annotations

from typing import Any

import requests


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
