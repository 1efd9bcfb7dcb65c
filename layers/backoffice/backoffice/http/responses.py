"""What every JSON answer carries on the wire: its content type and the headers of a create answer."""

from __future__ import annotations

import base64
import hashlib

JSON_CONTENT_TYPE = "application/json; charset=iso-8859-1"


def create_headers(body: bytes) -> dict[str, str]:
    """The headers the contract asks of create responses."""
    return {
        "Cache-Control": "no-store",
        "Content-MD5": base64.b64encode(hashlib.md5(body, usedforsecurity=False).digest()).decode("ascii"),
        "Content-Length": str(len(body)),
    }
