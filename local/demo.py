"""Demo data for the local stack: the demo user, and what later modules add (catalogue, customers)."""

from __future__ import annotations

from pathlib import Path

from backoffice.platform.auth import save_user
from backoffice.platform.roles import INTEGRATION, OPERATOR
from local import demo_kunden

# The demo user is a webshop (integration); the operator may delete the log files.
DEMO_USER, DEMO_PASSWORD = "demo", "demo"
OPERATOR_USER, OPERATOR_PASSWORD = "operator", "operator"
# artikel: the demo user's RESTWEBSHOP value; the demo catalogue publishes its articles for it.
DEMO_WEBSHOP = "SHOP"
DEMO_DATA = Path(__file__).resolve().parent / "demo_data"


def load_demo() -> list[str]:
    """Load every piece of demo data; a line per piece for the start-up banner."""
    save_user(DEMO_USER, DEMO_PASSWORD, DEMO_WEBSHOP, [INTEGRATION])
    save_user(OPERATOR_USER, OPERATOR_PASSWORD, None, [OPERATOR])
    lines = [
        f"user {DEMO_USER} / password {DEMO_PASSWORD}: a webshop (local only)",
        f"user {OPERATOR_USER} / password {OPERATOR_PASSWORD}: an operator, may DELETE /www/log (local only)",
    ]
    # artikel: the demo catalogue (articles, prices, stock, media, customers' price lists, config)
    lines.append(f"catalogue: {load_catalogue()}")
    # Customers (issue 5), after the catalogue: the config they extend is the catalogue's.
    lines += demo_kunden.load()
    # ZUGFeRD: files to send, nothing to load (docs/zugferd.md has the curl calls).
    lines.append("ZUGFeRD demo invoice (EN 16931, CHF and EUR) and PDF: local/demo_data/zugferd/")
    return lines


def load_catalogue() -> str:
    from backoffice.catalogue.importer import import_catalogue

    summary = import_catalogue(DEMO_DATA / "artikel").summary()
    # The sales examples of docs/orders.md (DZ, a gross PAK of 3, 3.8 %, metres), on top.
    return f"{summary}; sales examples: {import_catalogue(DEMO_DATA / 'verkauf').summary()}"
