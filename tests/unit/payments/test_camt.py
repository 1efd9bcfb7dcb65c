"""Reading camt.054 and camt.053 (.02, .04, .08): the credit payments, every field; hostile or invalid files refused."""

from __future__ import annotations

from decimal import Decimal

import pytest

from backoffice.errors import InvalidRequest
from backoffice.payments import camt
from backoffice.payments.camt import Payment
from tests.support.camt_files import Entry, Tx
from tests.support.camt_files import camt as build

QRR = "000000000000000000005000018"
ENTRIES = [
    Entry(
        "E-1",
        (
            Tx("TX-1", Decimal("10.50"), QRR, text="Rechnung 500001", debtor="Käser & Söhne"),
            Tx("TX-2", Decimal("5.00"), "rf18 5390 0754 7034", currency="CHF"),
        ),
    ),
    Entry("E-2", amount=Decimal("3.00")),  # a batch booking without details: the entry is the payment
    Entry("E-3", (Tx("TX-3", Decimal("1.00"), QRR),), credit=False),  # a debit: not a payment in
    Entry("E-4", (Tx("TX-4", Decimal("2.00"), QRR),), status="PDNG"),  # pending: not booked yet
    Entry("E-5", (Tx("", Decimal("7.25"), None), Tx("", Decimal("0.75"), None))),  # no own reference
]
EXPECTED = [
    Payment("TX-1", Decimal("10.50"), "CHF", "2026-11-26", QRR, "Käser & Söhne", "Rechnung 500001"),
    Payment("TX-2", Decimal("5.00"), "CHF", "2026-11-26", "RF18539007547034", "Muster AG", None),
    Payment("E-2", Decimal("3.00"), "CHF", "2026-11-26", None, None, None),
    Payment("E-5/1", Decimal("7.25"), "CHF", "2026-11-26", None, "Muster AG", None),
    Payment("E-5/2", Decimal("0.75"), "CHF", "2026-11-26", None, "Muster AG", None),
]


@pytest.mark.parametrize("version", camt.VERSIONS)
def test_each_version_gives_the_credit_payments_with_every_field(version: str) -> None:
    assert camt.parse(build(version, ENTRIES)) == EXPECTED


def _refused(body: bytes) -> str:
    with pytest.raises(InvalidRequest) as caught:
        camt.parse(body)
    assert caught.value.status == 400
    return caught.value.description


def test_an_invalid_file_is_refused_naming_the_first_error() -> None:
    body = build("camt.054.001.08", ENTRIES).replace(b"<CdtDbtInd>CRDT</CdtDbtInd>", b"<CdtDbtInd>PLUS</CdtDbtInd>", 1)
    message = _refused(body)
    assert message.startswith("The file is not a valid camt.054.001.08: line 2: ")
    assert "CdtDbtInd" in message
    assert "PLUS" in message


def test_an_amount_with_three_places_is_refused() -> None:
    body = build("camt.053.001.04", [Entry("E", (Tx("T", Decimal("1.005"), QRR),))])
    assert _refused(body) == "The amount 1.005 of payment T has more than two decimal places."
    body = build("camt.053.001.04", [Entry("E", (Tx("T", Decimal("-1.00"), QRR),))])
    assert "not a valid camt.053.001.04" in _refused(body)


def test_entities_are_never_expanded_and_a_doctype_is_refused() -> None:
    lol = (
        b'<?xml version="1.0"?><!DOCTYPE Document [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">'
        b'<!ENTITY x SYSTEM "file:///etc/passwd">]>'
        b'<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08">&b;&x;</Document>'
    )
    assert _refused(lol) == "A document type declaration is not accepted in a camt file."


def test_other_documents_broken_xml_and_oversized_files_are_refused() -> None:
    assert "Not a camt file" in _refused(b'<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09"/>')
    assert "Not a camt file" in _refused(b"<Document/>")
    assert _refused(b"<Document>").startswith("The file is not well-formed XML")
    assert (
        _refused(b" " * (camt.MAX_BYTES + 1))
        == f"The file has {camt.MAX_BYTES + 1} bytes; at most {camt.MAX_BYTES} are accepted."
    )


def test_references_are_compared_without_spaces_and_in_upper_case() -> None:
    assert camt.normalized_reference(" 00 00000 ") == "0000000"
    assert camt.normalized_reference("rf18 5390 0754 7034") == "RF18539007547034"
    assert camt.normalized_reference("  ") is None
