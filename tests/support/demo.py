"""Demo data and sample bodies that tests of several folders share."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Any

from tests.support.invoke import table_items

ROOT = Path(__file__).resolve().parents[2]
DEMO_CATALOGUE = ROOT / "local" / "demo_data" / "artikel"
SALES_CATALOGUE = ROOT / "local" / "demo_data" / "verkauf"  # the money examples (docs/orders.md)


def load_sales_demo() -> list[str]:
    """The demo catalogue with the sales examples and the demo customers, in the moto of the test
    (through `tests.support.aws.demo_data`, which snapshots it)."""
    from backoffice.catalogue.importer import import_catalogue
    from backoffice.platform.caches import reset_caches
    from local import demo_kunden

    import_catalogue(DEMO_CATALOGUE)
    import_catalogue(SALES_CATALOGUE)
    reset_caches()
    return demo_kunden.load()


# A customer with the fields POST /www/kunden requires, and nothing else.
MINIMAL_CUSTOMER = {
    "GrundDaten": {"WaehrAbk": "CHF", "FAKTZahlArt": "B"},
    "Adressen": {
        "KontaktAdr": {
            "AdrSprache": "ger",
            "AdrFirma": "Muster AG",
            "AdrAnrede": 0,
            "AdrAdresse1": "Bahnhofstrasse 1",
            "OrtLand": "CH",
            "OrtPLZ": "8001",
            "OrtName": "Zürich",
        }
    },
}


def stock(art_nr: str, sk: str) -> Decimal:
    """LagerBestand of one stock item of an article."""
    from backoffice.platform import dynamo

    item = dynamo.get_item(f"ARTIKEL#{art_nr}", sk)
    assert item is not None
    return Decimal(item["LagerBestand"])


def snapshot() -> list[dict[str, Any]]:
    """The table without the counters (a refused request may not even take a number) and the event
    feed (a write that failed leaves its numbers void there; tests/unit/webhooks test the feed)."""
    kept = (i for i in table_items() if i["PK"] not in ("COUNTER", "EVENTS"))
    return sorted(kept, key=lambda i: (i["PK"], i["SK"]))
