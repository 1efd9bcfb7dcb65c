"""The invoice's rules (invoices/model.py) on their own, every value computed by hand: due date,
payment reference, nothing due, the payment part, the EPC BIC, the export exemption reason, the
terms text, the numbering as the item keeps it."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, date, datetime
from decimal import Decimal as D
from typing import Any

import pytest

from backoffice.company import PaymentTerm, Seller
from backoffice.errors import Conflict
from backoffice.invoices import model
from backoffice.invoices.model import Exemption, Figures, Invoice, Numbering

SELLER = Seller(
    "Muster Handel AG", "Bahnhofstrasse 1", "8001", "Zürich", "CH", "CHE-123.456.788 MWST",
    "CH5604835012345678009", "CH4431999123000889012", None,
)  # fmt: skip
ISSUED = date(2026, 11, 23)


def invoice(**changes: Any) -> Invoice:
    base = Invoice(
        auft_nr="400001",
        kund_nr="100004",
        currency="CHF",
        language="ger",
        paid=False,
        seller=SELLER,
        term=PaymentTerm(None, 30, {}),
        delivered=None,
        delivery_country="CH",
        figures=Figures(D("100.00"), D("8.10"), D("108.10"), D(0)),
        gross_prices=False,
        lines=(),
        recap=(),
    )
    return replace(base, **changes)


def test_the_due_date_is_the_invoice_date_plus_the_terms_days_and_the_invoice_date_when_paid() -> None:
    assert invoice().numbered(500001, ISSUED).due == date(2026, 12, 23)  # 23.11. + 30 days
    assert invoice(term=PaymentTerm(1, 10, {})).numbered(500001, ISSUED).due == date(2026, 12, 3)
    assert invoice(paid=True).numbered(500001, ISSUED).due == ISSUED


def test_the_payment_reference_is_a_qr_reference_for_chf_to_a_qr_iban_else_an_rf_reference() -> None:
    # 26 digits (500001 zero-padded) and the mod-10 recursive check digit 9.
    assert invoice().numbered(500001, ISSUED).payment_reference == "000000000000000000005000019"
    # ISO 11649: 500001 + "RF00" as 500001271500, mod 97 = 49, check 98 - 49 = 49.
    assert invoice(currency="EUR").numbered(500001, ISSUED).payment_reference == "RF49500001"
    # 500002271500 mod 97 = 76, check 98 - 76 = 22.
    assert model.payment_reference("500002", "EUR", SELLER) == "RF22500002"
    # CHF without a QR-IBAN: the RF reference too (a QR reference is only valid to a QR-IBAN).
    assert model.payment_reference("500001", "CHF", replace(SELLER, qr_iban=None)) == "RF49500001"


def test_the_numbering_is_kept_as_the_item_holds_it_and_read_back_the_same() -> None:
    numbering = invoice().numbered(500001, ISSUED)
    assert numbering.attributes() == {
        "RechNr": "500001",
        "RechDatum": "2026-11-23",
        "FaelligDatum": "2026-12-23",
        "Zahlungsreferenz": "000000000000000000005000019",
    }
    assert Numbering.kept({**numbering.attributes(), "LeaseHolder": "x"}) == numbering
    assert Numbering.kept({"RechNr": "500001", "LeaseHolder": "x"}) is None  # took no number


@pytest.mark.parametrize(
    ("changes", "nothing_due", "part"),
    [
        ({}, False, "qr-bill"),
        ({"currency": "EUR"}, False, "epc"),
        ({"paid": True}, True, None),
        ({"currency": "EUR", "paid": True}, True, None),
        ({"figures": Figures(D("0.00"), D("0.00"), D("0.00"), D(0))}, True, None),
        ({"figures": Figures(D("0.05"), D("0.00"), D("0.05"), D(0))}, False, "qr-bill"),
    ],
)
def test_nothing_is_due_when_paid_by_card_or_0_00_and_then_there_is_no_payment_part(
    changes: dict[str, Any], nothing_due: bool, part: str | None
) -> None:
    assert invoice(**changes).nothing_due is nothing_due
    assert invoice(**changes).payment_part == part


def test_a_card_paid_invoice_states_its_total_paid_and_nothing_due() -> None:
    assert (invoice(paid=True).paid_amount, invoice(paid=True).due_amount) == (D("108.10"), D("0.00"))
    assert (invoice().paid_amount, invoice().due_amount) == (D("0.00"), D("108.10"))


def test_the_epc_code_needs_a_bic_only_for_a_bank_outside_the_eea() -> None:
    swiss = replace(SELLER, bic=None)  # CH56...: Switzerland is not in the EEA
    assert model.epc_bic_missing(swiss)
    assert not model.epc_bic_missing(replace(swiss, bic="CRESCHZZ80A"))
    assert not model.epc_bic_missing(replace(swiss, iban="DE89370400440532013000"))
    assert not model.epc_bic_missing(replace(swiss, iban="LI0508800636123378777"))  # EEA, not EU
    with pytest.raises(Conflict) as refused:
        invoice(currency="EUR", seller=swiss).check_payable()
    assert refused.value.info == {"Konfiguration": "Firma.BIC", "IBAN": "CH5604835012345678009"}
    # No EPC code, no BIC needed: CHF (the QR-bill), paid by card, or 0.00.
    invoice(seller=swiss).check_payable()
    invoice(currency="EUR", seller=swiss, paid=True).check_payable()
    invoice(currency="EUR", seller=swiss, figures=Figures(D(0), D(0), D(0), D(0))).check_payable()


def test_the_bic_is_stated_for_the_iban_not_for_a_chf_qr_iban() -> None:
    with_bic = replace(SELLER, bic="CRESCHZZ80A")
    eur = invoice(currency="EUR", seller=with_bic)
    assert (eur.payee_iban, eur.payee_bic) == ("CH5604835012345678009", "CRESCHZZ80A")
    assert (invoice(seller=with_bic).payee_iban, invoice(seller=with_bic).payee_bic) == ("CH4431999123000889012", None)
    assert invoice(seller=replace(with_bic, qr_iban=None)).payee_bic == "CRESCHZZ80A"


@pytest.mark.parametrize(
    ("seller_country", "delivered_to", "expected"),
    [
        ("CH", "DE", Exemption("Export exempt from Swiss VAT (Art. 23 para. 2 no. 1 MWSTG)", None)),
        ("LI", "AT", Exemption("Export exempt from Swiss VAT (Art. 23 para. 2 no. 1 MWSTG)", None)),
        ("DE", "CH", Exemption("Export outside the EU", "VATEX-EU-G")),
        ("AT", "US", Exemption("Export outside the EU", "VATEX-EU-G")),
        ("DE", "FR", Exemption("Export exempt from VAT", None)),  # inside the EU: no export code claimed
        ("NO", "US", Exemption("Export exempt from VAT", None)),  # neither Swiss nor EU law
    ],
)
def test_the_exemption_reason_follows_the_sellers_law(seller_country: str, delivered_to: str, expected: Any) -> None:
    assert model.exemption(seller_country, delivered_to) == expected
    seller = replace(SELLER, country=seller_country)
    assert invoice(seller=seller, delivery_country=delivered_to).exemption == expected


def test_the_terms_text_is_the_paid_text_else_the_conditions_in_the_language_else_the_default() -> None:
    term = PaymentTerm(1, 10, {"ger": "10 Tage netto", "fre": "10 jours net"})
    assert invoice(term=term).terms == "10 Tage netto"
    assert invoice(term=term, language="fre").terms == "10 jours net"
    assert invoice(term=term, language="ita").terms == "10 Tage netto"  # no Italian text: the German one
    assert invoice().terms == "Zahlbar innert 30 Tagen netto"  # no text configured: the default
    assert invoice(language="eng").terms == "Payable net within 30 days"
    assert invoice(language="fre").terms == "Payable net dans les 30 jours"
    assert invoice(term=term, paid=True).terms == (
        "Der Betrag ist mit Kreditkarte bezahlt; es ist nichts mehr zu bezahlen."
    )
    assert invoice(term=term, paid=True, language="xyz").terms.startswith("Der Betrag")  # unknown: German


def test_the_date_of_supply_is_the_delivery_day_in_zurich_else_the_invoice_date() -> None:
    assert model.delivery_date(datetime(2026, 11, 20, 23, 30, tzinfo=UTC)) == date(
        2026, 11, 21
    )  # 00:30 in Zurich (CET)
    assert model.delivery_date(datetime(2026, 7, 20, 21, 59, tzinfo=UTC)) == date(2026, 7, 20)  # 23:59 (CEST)
    assert model.delivery_date(None) is None
    numbering = invoice().numbered(500001, ISSUED)
    assert invoice(delivered=date(2026, 11, 21)).supplied(numbering) == date(2026, 11, 21)
    assert invoice().supplied(numbering) == ISSUED


def credit_note(gross: str) -> Invoice:
    """A credit note of invoice 500001 whose own lines make 0.15 + 0.01 tax, rounded to `gross`."""
    return invoice(
        figures=Figures(D("0.15"), D("0.01"), D(gross), D(0)),
        type_code=model.CREDIT_NOTE_TYPE,
        corrects=model.Corrected("500001", date(2026, 11, 23)),
    )


def test_the_last_credit_note_gives_back_what_is_left_of_the_invoices_total() -> None:
    # 10.00 invoiced, 9.80 credited before: the last one gives back 0.20 (its own 0.16 -> 0.15,
    # the 0.04 its rounding amount), never below 0 (credit notes of the release before may have
    # given back more).
    assert model.credited_figures(credit_note("0.15"), D("10.00"), D("9.80"), last=True).figures.gross == D("0.20")
    assert model.credited_figures(credit_note("0.15"), D("10.00"), D("10.05"), last=True).figures.gross == D("0.00")
    kept = model.credited_figures(credit_note("0.15"), D("10.00"), D("9.80"), last=False)
    assert kept == credit_note("0.15")  # within what is left: its own figures


def test_a_credit_note_beyond_what_is_left_of_the_invoice_is_a_409() -> None:
    with pytest.raises(Conflict) as refused:
        model.credited_figures(credit_note("0.15"), D("10.00"), D("9.90"), last=False)
    assert refused.value.info == {
        "RechNr": "500001",
        "AuftBrutto": D("10.00"),
        "BetragGutgeschrieben": D("9.90"),
        "Betrag": D("0.15"),
    }
    assert str(refused.value).startswith("Invoice 500001 has CHF 0.10 left to credit, not 0.15")
