"""The company configuration: one record that the catalogue import writes (see docs/catalogue.md).

Read at most once a minute per container: it changes with an import, not per request.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from backoffice.platform import dynamo
from backoffice.platform.caches import on_reset

CONFIG_PK, CONFIG_SK = "CONFIG", "COMPANY"
_TTL_SECONDS = 60
_cache: tuple[float, dict[str, Any]] | None = None


def get_config() -> dict[str, Any]:
    global _cache
    now = time.monotonic()
    if _cache is None or now - _cache[0] > _TTL_SECONDS:
        item = dynamo.get_item(CONFIG_PK, CONFIG_SK) or {}
        _cache = (now, {k: v for k, v in item.items() if k not in ("PK", "SK")})
    return _cache[1]


@on_reset
def forget_config() -> None:
    global _cache
    _cache = None


def event_enabled(name: str) -> bool:
    """Whether an event (REST_Auft, REST_Kunde) is enabled in the company attribute."""
    return name in set(get_config().get("Events") or ())


# Typed accessors of the fields the catalogue import writes (docs/catalogue.md, "Konfiguration").


@dataclass(frozen=True)
class TaxCode:
    """A VAT code: its rate and where it goes in the VAT form (for MWSTRekapitulation)."""

    code: str
    rate: Decimal
    designation: str
    tax_class: str  # the ERP's class D, C or X, carried unchanged (docs/catalogue.md)
    pos_ust_s: str | None  # PosUSTSZiffer: form line of the tax on sales
    pos_vst_s: str | None  # PosVSTSZiffer: form line of the input tax
    pos_ust_u: str | None  # PosUSTUZiffer: form line of the turnover
    domestic: bool  # used for domestic customers (True) or foreign ones (False)


def leading_currency() -> str:
    return str(get_config().get("Leitwaehrung") or "CHF")


def currencies() -> list[str]:
    """The price currencies, the leading one first."""
    lead = leading_currency()
    rest = [str(c) for c in get_config().get("Waehrungen") or () if c != lead]
    return [lead, *rest]


def rest_price_list() -> str | None:
    """RESTPreisliste: the price-list type every customer falls back to."""
    value = get_config().get("RESTPreisliste")
    return str(value) if value else None


def standard_tax_rate() -> Decimal:
    return Decimal(str(get_config().get("StandardWUSTSatz", "0")))


def tax_codes() -> list[TaxCode]:
    return [
        TaxCode(
            code=str(t["Code"]),
            rate=Decimal(str(t["Satz"])),
            designation=str(t.get("Bezeichnung") or ""),
            tax_class=str(t.get("Klasse") or "D"),
            pos_ust_s=_opt(t.get("PosUSTSZiffer")),
            pos_vst_s=_opt(t.get("PosVSTSZiffer")),
            pos_ust_u=_opt(t.get("PosUSTUZiffer")),
            domestic=str(t.get("Verwendung") or "Inland") == "Inland",
        )
        for t in get_config().get("WUSTCodes") or ()
    ]


def tax_code(code: str) -> TaxCode | None:
    return next((t for t in tax_codes() if t.code == code), None)


def enabled_events() -> list[str]:
    return [str(e) for e in get_config().get("Events") or ()]


def order_location() -> int | None:
    """StaoNr: the location orders reserve stock in."""
    value = get_config().get("StaoNr")
    return int(value) if value is not None else None


def released_warehouses() -> list[int]:
    """The locations (StaoNr) whose stock is shown; stock elsewhere never is."""
    return [int(s) for s in get_config().get("Lager") or ()]


def _opt(value: Any) -> str | None:
    return None if value is None or value == "" else str(value)
