"""Which receiver URLs a subscription may name (pure).

https only; http only to localhost in the local stack (where receivers run on the developer's
machine). Never a private, loopback, link-local (the metadata service 169.254.169.254), multicast
or reserved address: literal addresses are refused here (in the local stack too, where only the
local host itself is let through for a receiver on the developer's machine), names are resolved
and checked again at every delivery in AWS (a name can be made to point anywhere later). No
credentials in the URL.
"""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

MAX_LENGTH = 2048
LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1"})
_INTERNAL_SUFFIXES = (".localhost", ".internal", ".local")


def problem(url: str, in_aws: bool) -> str | None:
    """Why `url` may not receive webhooks; None when it may."""
    if len(url) > MAX_LENGTH:
        return f"at most {MAX_LENGTH} characters"
    try:
        parts = urlsplit(url)
        host = (parts.hostname or "").lower()
        parts.port  # noqa: B018 - raises for a port that is not a number
    except ValueError:
        return "not a URL"
    if not host or parts.scheme not in ("https", "http"):
        return "an absolute https:// URL"
    if parts.username is not None or parts.password is not None:
        return "no user name or password in the URL"
    if parts.scheme == "http" and (in_aws or host not in LOCAL_HOSTS):
        return "https only (http only to localhost in the local stack)"
    if not in_aws and host in LOCAL_HOSTS:
        return None  # the developer's own machine, where the local stack runs
    return _address_problem(host)


def _address_problem(host: str) -> str | None:
    """In AWS: a host that is, or spells, an address that is not public; or an internal name."""
    try:
        address = ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        if host in LOCAL_HOSTS or host.endswith(_INTERNAL_SUFFIXES):
            return "not a public host"
        # No top-level domain is numeric: 2130706433 or 0x7f.1 is an address a resolver reads.
        last = host.rstrip(".").rsplit(".", 1)[-1]
        if last.isdigit() or last.startswith("0x"):
            return "an address must be written as four decimal numbers"
        return None
    return address_problem(address)


def address_problem(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> str | None:
    """Why an address (written in a URL, or a name resolved at delivery) may not be reached."""
    mapped = getattr(address, "ipv4_mapped", None)  # ::ffff:169.254.169.254 is the metadata service
    if mapped is not None:
        return address_problem(mapped)
    if not address.is_global or address.is_multicast:
        return "not a public address (private, loopback, link-local and reserved addresses are refused)"
    return None
