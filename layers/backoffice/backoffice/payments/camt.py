"""The bank's ISO 20022 cash-management files read: camt.054 (debit/credit notification) and camt.053
(statement), versions .001.02, .001.04 and .001.08 (Swiss Payment Standards, German DK).

A file is validated against its version's ISO 20022 XSD (xsd/, shipped with the package) before
anything is read from it; a file that is not valid is refused whole, naming the first error. Only
booked credit entries are payments (CdtDbtInd CRDT, status BOOK, no reversal). Each transaction
(TxDtls) is one payment; an entry without details (a batch booking) is one payment of the entry's
amount. The XML is parsed as hostile input: no DTD, no entities resolved, no network, no huge tree,
at most MAX_BYTES. lxml is imported by `parse` only, so that a handler importing this package
keeps its cold start free of it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import cache
from importlib import resources
from typing import Any

from backoffice.errors import InvalidRequest

# A large account's day (10,000 payments are about 9 MB); a request is bounded lower by Lambda's 6 MB event.
MAX_BYTES = 16 * 1024 * 1024
PREFIX = "urn:iso:std:iso:20022:tech:xsd:"
VERSIONS = tuple(f"camt.{m}.001.{v}" for m in ("053", "054") for v in ("02", "04", "08"))
# The container of the entries: a statement's Stmt, a notification's Ntfctn.
_CONTAINER = {"053": "BkToCstmrStmt/c:Stmt", "054": "BkToCstmrDbtCdtNtfctn/c:Ntfctn"}
_SPACES = re.compile(r"\s+")
CENT = Decimal("0.01")


@dataclass(frozen=True)
class Payment:
    """One credit transfer received, as the bank reported it."""

    key: str  # the account servicer's reference: what makes a payment the same in every file
    amount: Decimal
    currency: str
    booked: str  # YYYY-MM-DD: the booking date, else the value date
    reference: str | None  # the structured creditor reference (QRR or SCOR), spaces removed, upper case
    debtor: str | None
    remittance: str | None  # the unstructured remittance text


def normalized_reference(text: str | None) -> str | None:
    """A QR or creditor reference as we issue it: no spaces, upper case; None when empty."""
    cleaned = _SPACES.sub("", text or "").upper()
    return cleaned or None


def parse(body: bytes) -> list[Payment]:
    """The credit payments of a camt.053 / camt.054 file, or a 400 naming the first fault."""
    from lxml import etree

    if len(body) > MAX_BYTES:
        raise oversized(len(body))
    try:
        root = etree.fromstring(body, _parser())
    except etree.XMLSyntaxError as exc:
        raise _refused(f"The file is not well-formed XML: {exc}") from exc
    if root.getroottree().docinfo.doctype:
        raise _refused("A document type declaration is not accepted in a camt file.")
    version = _version(root)
    schema = _schema(version)
    if not schema.validate(root):
        first = schema.error_log[0]
        raise _refused(f"The file is not a valid {version}: line {first.line}: {first.message}", version)
    return _payments(root, version)


def oversized(size: int) -> InvalidRequest:
    """The refusal of a file of `size` bytes, more than MAX_BYTES (the bucket import refuses it unread)."""
    return _refused(f"The file has {size} bytes; at most {MAX_BYTES} are accepted.")


def _refused(message: str, version: str | None = None) -> InvalidRequest:
    info = {"body": message} if version is None else {"body": message, "version": version}
    return InvalidRequest(message, info)


def _parser() -> Any:
    from lxml import etree

    return etree.XMLParser(
        resolve_entities=False, no_network=True, huge_tree=False, load_dtd=False, remove_comments=True
    )


def _version(root: Any) -> str:
    namespace = str(root.tag)[1:].partition("}")[0] if str(root.tag).startswith("{") else ""
    version = namespace.removeprefix(PREFIX)
    if not namespace.startswith(PREFIX) or version not in VERSIONS or not str(root.tag).endswith("}Document"):
        raise _refused(
            f"Not a camt file this API reads: the root is {root.tag}; accepted are the Document of "
            + ", ".join(VERSIONS)
            + " (ISO 20022 namespaces)."
        )
    return version


@cache
def _schema(version: str) -> Any:
    from lxml import etree

    xsd = resources.files("backoffice.payments").joinpath("xsd", f"{version}.xsd").read_bytes()
    return etree.XMLSchema(etree.fromstring(xsd, _parser()))


def _payments(root: Any, version: str) -> list[Payment]:
    ns = {"c": PREFIX + version}
    found: list[Payment] = []
    for entry in root.iterfind(f"c:{_CONTAINER[version[5:8]]}/c:Ntry", ns):
        if _is_booked_credit(entry, ns):
            found.extend(_entry_payments(entry, ns))
    return found


def _is_booked_credit(entry: Any, ns: dict[str, str]) -> bool:
    status = entry.findtext("c:Sts/c:Cd", None, ns) or entry.findtext("c:Sts", "", ns)
    reversal = entry.findtext("c:RvslInd", "false", ns).strip() in ("true", "1")
    return entry.findtext("c:CdtDbtInd", "", ns) == "CRDT" and status.strip() == "BOOK" and not reversal


def _entry_payments(entry: Any, ns: dict[str, str]) -> list[Payment]:
    booked = _day(entry, "c:BookgDt", ns) or _day(entry, "c:ValDt", ns) or ""
    entry_ref = (entry.findtext("c:AcctSvcrRef", "", ns) or "").strip()
    details = entry.findall("c:NtryDtls/c:TxDtls", ns)
    if not details:
        return [_payment(entry, entry, entry_ref, booked, ns)]
    payments = []
    for index, tx in enumerate(details, start=1):
        own = (tx.findtext("c:Refs/c:AcctSvcrRef", "", ns) or "").strip()
        # A transaction without a reference of its own is the entry's n-th: the same in every file.
        key = own or (f"{entry_ref}/{index}" if entry_ref else "")
        payments.append(_payment(tx, entry, key, booked, ns))
    return payments


def _payment(tx: Any, entry: Any, key: str, booked: str, ns: dict[str, str]) -> Payment:
    if not key:
        raise _refused(
            "A credit entry has no account servicer reference (AcctSvcrRef) of its own or of its "
            f"transaction, so it could not be booked only once (entry booked {booked})."
        )
    amount_el = _amount_element(tx, entry, ns)
    try:
        amount = Decimal(amount_el.text.strip())
    except (InvalidOperation, AttributeError) as exc:
        raise _refused(f"The amount of payment {key} is not a number.") from exc
    # The XSD allows five places; the currencies we invoice in have two (a third would be lost).
    if amount != amount.quantize(CENT):
        raise _refused(f"The amount {amount} of payment {key} has more than two decimal places.")
    return Payment(
        key=key,
        amount=amount,
        currency=str(amount_el.get("Ccy")),
        booked=booked,
        reference=normalized_reference(tx.findtext("c:RmtInf/c:Strd/c:CdtrRefInf/c:Ref", None, ns)),
        debtor=_debtor(tx, ns),
        remittance=" ".join(t.text.strip() for t in tx.findall("c:RmtInf/c:Ustrd", ns) if t.text) or None,
    )


def _amount_element(tx: Any, entry: Any, ns: dict[str, str]) -> Any:
    """The transaction's amount (.04/.08: Amt; .02: AmtDtls/TxAmt/Amt), else the entry's."""
    for path in ("c:Amt", "c:AmtDtls/c:TxAmt/c:Amt"):
        found = tx.find(path, ns)
        if found is not None:
            return found
    return entry.find("c:Amt", ns)


def _debtor(tx: Any, ns: dict[str, str]) -> str | None:
    for path in ("c:RltdPties/c:Dbtr/c:Pty/c:Nm", "c:RltdPties/c:Dbtr/c:Nm", "c:RltdPties/c:UltmtDbtr/c:Nm"):
        name = tx.findtext(path, None, ns)
        if name:
            return str(name).strip()
    return None


def _day(entry: Any, path: str, ns: dict[str, str]) -> str | None:
    text = entry.findtext(f"{path}/c:Dt", None, ns) or entry.findtext(f"{path}/c:DtTm", None, ns)
    return str(text).strip()[:10] if text else None
