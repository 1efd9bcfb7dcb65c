"""The one error shape of the API: {"error", "error_description", "info"}, and its statuses."""

from __future__ import annotations

from typing import Any

# The error body always has its three members, `info` even when it is {} (as the gateway's answers).
ERROR_MEMBERS = frozenset({"error", "error_description", "info"})


class ApiError(Exception):
    """An answer other than success; raised anywhere, turned into a response by the resolver."""

    status: int = 400
    code: str = "invalid_request"

    def __init__(
        self,
        description: str,
        info: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(description)
        self.description = description
        self.info = info or {}
        self.headers = headers or {}

    def body(self) -> dict[str, Any]:
        return {"error": self.code, "error_description": self.description, "info": self.info}


class InvalidRequest(ApiError):
    """400; `fields` maps each field path to what is wrong with it."""

    def __init__(self, description: str, fields: dict[str, str] | None = None, **info: Any) -> None:
        if fields:
            info["fields"] = fields
        super().__init__(description, info)


class InvalidToken(ApiError):
    status, code = 401, "invalid_token"

    def __init__(self, description: str = "A valid bearer token is required.") -> None:
        super().__init__(description, headers={"WWW-Authenticate": "Bearer"})


class Forbidden(ApiError):
    status, code = 403, "forbidden"


class NotFound(ApiError):
    status, code = 404, "not_found"


class NotAcceptable(ApiError):
    status, code = 406, "not_acceptable"


class Conflict(ApiError):
    status, code = 409, "conflict"


class PreconditionFailed(ApiError):
    """412: the record is no longer the version the client's If-Match names."""

    status, code = 412, "precondition_failed"


class PayloadTooLarge(ApiError):
    status, code = 413, "payload_too_large"


class UnsupportedMediaType(ApiError):
    status, code = 415, "unsupported_media_type"


class TooManyRequests(ApiError):
    """429: a limit (a rate, or the failed-login lockout) holds; `Retry-After` in whole seconds."""

    status, code = 429, "too_many_requests"

    def __init__(self, description: str, retry_after: int) -> None:
        super().__init__(description, {"retry_after": retry_after}, headers={"Retry-After": str(retry_after)})


class NotImplementedYet(ApiError):
    status, code = 501, "not_implemented"

    def __init__(self, route: str) -> None:
        super().__init__(f"{route} is declared but not implemented yet.")


class Unavailable(ApiError):
    status, code = 503, "unavailable"

    def __init__(self, description: str, retry_after: int = 1) -> None:
        super().__init__(description, headers={"Retry-After": str(retry_after)})


class EndpointError(ApiError):
    """A processing failure of the ZUGFeRD endpoint, in the contract's own shape."""

    code = "endpoint"

    def __init__(self, description: str, filename: str, subprocess_output: list[str]) -> None:
        super().__init__(description, {"filename": filename, "subprocess_output": subprocess_output})
