"""Demo data for the local stack: the demo user, and what later modules add (catalogue, customers)."""

from __future__ import annotations

from backoffice.auth import save_user
from local import demo_kunden

DEMO_USER, DEMO_PASSWORD = "demo", "demo"


def load_demo() -> list[str]:
    """Load every piece of demo data; a line per piece for the start-up banner."""
    save_user(DEMO_USER, DEMO_PASSWORD, None)
    lines = [f"user {DEMO_USER} / password {DEMO_PASSWORD} (local only)"]
    # Customers (issue 5)
    lines += demo_kunden.load()
    return lines
