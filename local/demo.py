"""Demo data for the local stack: the demo user, and what later modules add (catalogue, customers)."""

from __future__ import annotations

from backoffice.auth import save_user

DEMO_USER, DEMO_PASSWORD = "demo", "demo"


def load_demo() -> list[str]:
    """Load every piece of demo data; a line per piece for the start-up banner."""
    save_user(DEMO_USER, DEMO_PASSWORD, None)
    lines = [f"user {DEMO_USER} / password {DEMO_PASSWORD} (local only)"]
    # ZUGFeRD: files to send, nothing to load (docs/zugferd.md has the curl calls).
    lines.append("ZUGFeRD demo invoice (EN 16931, CHF and EUR) and PDF: local/demo_data/zugferd/")
    return lines
