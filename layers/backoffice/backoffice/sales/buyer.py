"""Who buys and where the goods go: the buyer's terms, a document's addresses and its place of supply.

The place of supply decides the tax (ADR 0011): the document's
delivery address (given with the document, else the customer's delivery address, else the
contact address) against the company's country, Liechtenstein counting as Switzerland; a customer
whose configured tax code is an export code stays export wherever the goods are delivered.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from backoffice import company
from backoffice.errors import InvalidRequest
from backoffice.parties import address_store
from backoffice.parties.customer_keys import CUSTOMER_SK, PRICING_SK, customer_pk, pricing_key
from backoffice.platform import dynamo
from backoffice.sales.calculation import is_domestic
from backoffice.sales.document import DOMESTIC, Addresses, SalesDocument
from backoffice.sales.quotation_rules import Terms

ROLES = {"KontaktAdr": "KundKontakt", "LiefAdr": "KundLief", "RechAdr": "KundRech"}


@dataclass(frozen=True)
class Buyer:
    """A customer (or nobody, for a template quotation) with the terms a document is made with."""

    kund_nr: str | None
    currency: str
    price_list: str | None  # the customer's price-list type; None: RESTPreisliste only
    cost_unit: str | None  # KTNr
    export_code: str | None  # the tax code of a document delivered abroad, None when domestic
    addresses: Addresses = field(default_factory=Addresses)
    language: str | None = None  # AdrSprache: the language of the article descriptions
    configured_export: str | None = None  # the customer's PRICING WUSTCode when it is an export code

    @property
    def tax_term(self) -> str:
        return self.export_code or DOMESTIC

    def effective_price_list(self) -> str:
        return self.price_list or company.rest_price_list() or ""

    def delivering_to(self, addresses: Addresses, fallback_country: str | None = None) -> Buyer:
        """The buyer taxed by the place of supply of a document with `addresses` (its stored ones)."""
        return replace(self, export_code=export_code(self.configured_export, addresses, fallback_country))


def company_country() -> str:
    """The company's country: `Land` of the configuration, else CH (the leading currency's home)."""
    stated = company.get_config().get("Land")
    if stated:
        return str(stated).upper()
    return "CH" if company.leading_currency() == "CHF" else "DE"


def export_code(configured: str | None, addresses: Addresses, fallback_country: str | None = None) -> str | None:
    """The export code of a document with `addresses`, None when its place of supply is domestic."""
    if configured:
        return configured
    if is_domestic(company_country(), addresses.delivery_country(fallback_country)):
        return None
    found = next((t for t in company.tax_codes() if not t.domestic), None)
    if found is None:
        raise ValueError("the configuration has no tax code for foreign customers (Verwendung Ausland)")
    return found.code


def load_customer(kund_nr: str, field_path: str = "GrundDaten.KundNr") -> Buyer:
    """The customer with its terms and its three addresses; an unknown one is a 400 on `field_path`."""
    found = {item["SK"]: item for item in dynamo.batch_get([(customer_pk(kund_nr), CUSTOMER_SK), pricing_key(kund_nr)])}
    customer = found.get(CUSTOMER_SK)
    if customer is None:
        raise InvalidRequest(f"There is no customer {kund_nr}.", {field_path: f"unknown customer {kund_nr}"})
    terms = found.get(PRICING_SK) or {}
    addresses = _addresses(customer)
    code = terms.get("WUSTCode")
    configured = company.tax_code(str(code)) if code else None
    configured_export = configured.code if configured is not None and not configured.domestic else None
    return Buyer(
        kund_nr=kund_nr,
        currency=str(customer.get("WaehrAbk") or company.leading_currency()),
        price_list=str(terms["Preisliste"]) if terms.get("Preisliste") else None,
        cost_unit=str(terms["KTNr"]) if terms.get("KTNr") else None,
        export_code=export_code(configured_export, addresses),
        addresses=addresses,
        language=str(terms.get("AdrSprache") or customer.get("AdrSprache") or "") or None,
        configured_export=configured_export,
    )


def _addresses(customer: dict[str, Any]) -> Addresses:
    """The customer's contact, delivery and billing address records."""
    numbers = {role: int(customer[key]) for role, key in ROLES.items() if customer.get(key) is not None}
    records = {
        int(item["AdrNr"]): address_store.from_address_item(item)
        for item in dynamo.batch_get(
            {(address_store.address_pk(n), address_store.ADDRESS_SK) for n in numbers.values()}
        )
    }
    return Addresses.by_role({role: records[n] for role, n in numbers.items() if n in records})


def nobody(currency: str | None, country: str | None) -> Buyer:
    """The buyer of a template quotation: RESTPreisliste, taxed by GrundDaten.OrtLand."""
    return Buyer(
        kund_nr=None,
        currency=currency or company.leading_currency(),
        price_list=None,
        cost_unit=None,
        export_code=export_code(None, Addresses(), country),
    )


def check_currency(currency: str, path: str = "GrundDaten.WaehrAbk") -> None:
    if currency not in company.currencies():
        raise InvalidRequest(
            f"Currency {currency} is not one of ours.", {path: f"one of {', '.join(company.currencies())}"}
        )


def buyer_terms(buyer: Buyer) -> Terms:
    return Terms(buyer.effective_price_list(), buyer.cost_unit or "", buyer.tax_term, buyer.currency)


def pricing_buyer(document: SalesDocument) -> Buyer:
    """The terms a stored document was priced with, for pricing its changed positions again."""
    head = document.head
    return Buyer(
        kund_nr=head.customer,
        currency=head.currency,
        price_list=head.price_list or None,
        cost_unit=head.cost_unit,
        export_code=document.export.code if document.export else None,
        language=head.language,
    )
