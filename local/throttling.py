"""API Gateway's throttling, emulated: the stage's token bucket and one per client.

In AWS the stage's MethodSettings (ThrottlingRateLimit, ThrottlingBurstLimit) hold every request
(a setting of one method, POST /www/token's, holds that method in place of the stage's),
and the usage plan every client's API key belongs to (ClientRateLimit, ClientBurstLimit) holds
each client apart, the key being the one the authorizer returns (`usageIdentifierKey`, derived
from the user name; here the user it names). A request over either is API Gateway's THROTTLED answer.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass
class TokenBucket:
    """`burst` requests at once, refilled at `rate` per second."""

    rate: float
    burst: int
    clock: Callable[[], float] = time.monotonic
    tokens: float = field(init=False)
    stamp: float = field(init=False)

    def __post_init__(self) -> None:
        self.tokens, self.stamp = float(self.burst), self.clock()

    def take(self) -> int:
        """0 when a request may pass (and is counted), else the whole seconds until one may."""
        now = self.clock()
        self.tokens = min(float(self.burst), self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return 0
        return max(1, math.ceil((1 - self.tokens) / self.rate))


class Throttle:
    """The stage's bucket, the methods' own and the clients', from the template's parameters."""

    def __init__(
        self,
        params: dict[str, Any],
        clock: Callable[[], float] = time.monotonic,
        methods: dict[tuple[str, str], tuple[float, int]] | None = None,
    ) -> None:
        self._clock = clock
        self._lock = threading.Lock()
        self.stage = TokenBucket(float(params["ThrottlingRateLimit"]), int(params["ThrottlingBurstLimit"]), clock)
        # A method setting replaces the stage's limit for its method (API Gateway's rule): a request
        # to it is counted in its own bucket, not in the stage's.
        self.methods = {key: TokenBucket(rate, burst, clock) for key, (rate, burst) in (methods or {}).items()}
        self.client_rate, self.client_burst = float(params["ClientRateLimit"]), int(params["ClientBurstLimit"])
        self._clients: dict[str, TokenBucket] = {}

    def admit(self, method: str = "", path: str | None = None) -> int:
        """The limit of the route (METHOD, template path), else the stage's: 0, or the seconds to wait."""
        with self._lock:
            return self.methods.get((method, path or ""), self.stage).take()

    def admit_client(self, key: str) -> int:
        """A client's limit (its usage plan key): 0, or the seconds to wait."""
        with self._lock:
            bucket = self._clients.get(key)
            if bucket is None:
                bucket = self._clients[key] = TokenBucket(self.client_rate, self.client_burst, self._clock)
            return bucket.take()
