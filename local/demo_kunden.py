"""Demo customers for the local stack (local/demo_data/kunden/customers.json), and REST_Kunde enabled.

They go through the same validation and transaction as POST /www/kunden; a few orders in their
order lists make GET /www/kunden/{DebiNr}?order=N show something.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

from backoffice import company
from backoffice.parties import customers, order_list
from backoffice.platform import dynamo
from backoffice.platform.aws import client

DATA = Path(__file__).resolve().parent / "demo_data" / "kunden" / "customers.json"
DEMO_USER = "demo"


def enable_event(name: str) -> None:
    """Add an event to the company config's Events, keeping whatever else the config holds."""
    current = company.get_config().get("Events") or []
    if name in current:
        return
    client("dynamodb").update_item(
        TableName=dynamo.table_name(),
        Key=dynamo.key(company.CONFIG_PK, company.CONFIG_SK),
        UpdateExpression="SET Events = list_append(if_not_exists(Events, :none), :event)",
        ExpressionAttributeValues={":none": {"L": []}, ":event": {"L": [{"S": name}]}},
    )
    company.forget_config()


def load() -> list[str]:
    enable_event(customers.EVENT)
    created: list[str] = []
    for body in json.loads(DATA.read_text(encoding="utf-8")):
        created.append(customers.create_customer(customers.CustomerIn.model_validate(body), DEMO_USER))
    first = created[0]
    start = datetime(2026, 10, 1, 8, 30, tzinfo=UTC)
    for n, status in enumerate(("A", "A", "O", "N")):
        entry = order_list.OrderEntry.new(first, f"DEMO{n + 1:04d}", status, start + timedelta(days=7 * n))
        dynamo.transact_write(order_list.entry_ops(entry))
    return [f"customers {', '.join(created)} (REST_Kunde enabled); try GET /www/kunden/{first}?order=5"]
