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
from backoffice.platform.outbox import outbox_ops
from backoffice.taxes import TaxCode

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


def event_ops(name: str, detail: dict[str, Any], user: str) -> list[dict[str, Any]]:
    """The outbox items of the transaction that raises event `name`: none when it is not enabled."""
    return outbox_ops(name, detail, user) if event_enabled(name) else []


# Typed accessors of the fields the catalogue import writes (docs/catalogue.md, "Konfiguration").


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
    rate: Decimal = get_config().get("StandardWUSTSatz", Decimal(0))  # stored as Decimal (platform.dynamo)
    return rate


def tax_codes() -> list[TaxCode]:
    return [TaxCode.from_config(t) for t in get_config().get("WUSTCodes") or ()]


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


@dataclass(frozen=True)
class Seller:
    """`Firma`: the company as seller on its invoices (docs/catalogue.md)."""

    name: str
    street: str
    postcode: str
    city: str
    country: str  # ISO 3166 alpha-2
    vat_id: str  # UID with MWST (CHE-123.456.789 MWST) or an EU VAT number
    iban: str  # the account EUR invoices are paid to
    qr_iban: str | None  # the QR-IBAN of CHF QR-bills with a QR reference
    email: str | None
    bic: str | None = None  # the BIC of `iban`'s bank (ISO 9362)

    def payment_iban(self, currency: str) -> str:
        return self.qr_iban if currency == "CHF" and self.qr_iban else self.iban


def seller() -> Seller | None:
    """The configured seller; None until the configuration carries `Firma`."""
    firma = get_config().get("Firma")
    if not firma:
        return None
    return Seller(
        name=str(firma["Name"]),
        street=str(firma["Adresse1"]),
        postcode=str(firma["PLZ"]),
        city=str(firma["Ort"]),
        country=str(firma.get("Land") or "CH"),
        vat_id=str(firma["UID"]),
        iban=str(firma["IBAN"]),
        qr_iban=_opt(firma.get("QRIBAN")),
        email=_opt(firma.get("Email")),
        bic=_opt(firma.get("BIC")),
    )


@dataclass(frozen=True)
class PaymentTerm:
    """A payment condition (KundBedTyp): days until an invoice is due, and its text per language."""

    kund_bed_typ: int | None
    days: int
    texts: dict[str, str]


# Without a configured condition an invoice is due in 30 days.
DEFAULT_PAYMENT_DAYS = 30


def payment_term(kund_bed_typ: int | None) -> PaymentTerm:
    """The condition of `kund_bed_typ` from `Zahlungsbedingungen`; the one without KundBedTyp, else 30 days."""
    terms = get_config().get("Zahlungsbedingungen") or ()
    chosen = next((t for t in terms if t.get("KundBedTyp") is not None and int(t["KundBedTyp"]) == kund_bed_typ), None)
    chosen = chosen or next((t for t in terms if t.get("KundBedTyp") is None), None)
    if chosen is None:
        return PaymentTerm(None, DEFAULT_PAYMENT_DAYS, {})
    texts = chosen.get("Text") or {}
    return PaymentTerm(
        int(chosen["KundBedTyp"]) if chosen.get("KundBedTyp") is not None else None,
        int(chosen["Tage"]),
        {str(k): str(v) for k, v in texts.items()},
    )
