"""Issue 24's acceptance items that no other HTTP test proved, over real HTTP against the local stack:
the 400 naming the first XSD error with nothing booked; the Swiss (.04, .08) and German DK (.02)
versions of camt.054 and camt.053, SCOR and QRR; a camt.053 batch booking without details keyed by
the entry's account servicer reference; the errors of an assignment by hand and a user of another
webshop assigning (payments are the company's records); the open items' filters, pages and totals
per currency, equal to the invoices less payments less credit notes; an order paid by card
`bezahlt` from the start. docs/payments.md, "Tests".
"""

from __future__ import annotations

import hashlib
import uuid
from decimal import Decimal
from typing import Any

import pytest

from tests.support import Api, error_json
from tests.support.camt_files import Entry, Tx, camt
from tests.support.invoice_http import head, issue
from tests.support.local_stack import add_user

pytestmark = pytest.mark.integration

XML = {"Content-Type": "application/xml"}
ADDRESS = {"AdrSprache": "ger", "AdrFirma": "Abnahme AG", "AdrAnrede": 0, "AdrAdresse1": "Seestrasse 1"}
PLACES = {
    "CHF": {"OrtLand": "CH", "OrtPLZ": "8001", "OrtName": "Zürich"},
    "EUR": {"OrtLand": "DE", "OrtPLZ": "10115", "OrtName": "Berlin"},
}


def customer(api: Api, currency: str) -> str:
    body = {
        "GrundDaten": {"WaehrAbk": currency, "FAKTZahlArt": "R"},
        "Adressen": {"KontaktAdr": ADDRESS | PLACES[currency]},
    }
    answer = api.post("/www/kunden", json=body)
    assert answer.status_code == 201, answer.text
    debi_nr: str = answer.json()["data"]["DebiNr"]
    return debi_nr


def invoice(api: Api, kund_nr: str, coffees: int = 1, **grund: Any) -> dict[str, Any]:
    return issue(api, {"GrundDaten": {"KundNr": kund_nr}, "Positionen": [{"ArtNr": "1000", "Menge": coffees}], **grund})


def post(api: Api, body: bytes) -> Any:
    return api.post("/www/zahlungen", data=body, headers=XML)


def unmatched(api: Api) -> list[dict[str, Any]]:
    answer = api.get("/www/zahlungen", params={"status": "offen", "limit": 1000})
    assert answer.status_code == 200, answer.text
    found: list[dict[str, Any]] = answer.json(parse_float=Decimal)["data"]
    return found


def test_a_file_not_valid_is_refused_naming_its_first_xsd_error_and_books_nothing(api: Api) -> None:
    tag = uuid.uuid4().hex[:8]
    target = invoice(api, customer(api, "CHF"))
    good = camt(
        "camt.054.001.04",
        [
            Entry(f"{tag}-1", (Tx(f"{tag}-1", target["AuftBrutto"], target["Zahlungsreferenz"]),)),
            Entry(f"{tag}-2", (Tx(f"{tag}-2", Decimal("1.00"), None, text=f"Erste {tag}"),)),
        ],
        tag,
    )
    # Its second entry's status is not one the XSD knows: the whole file refused, the first one too.
    body = good.replace(b"<Sts>BOOK</Sts>", b"<Sts>BOOKED</Sts>", 2).replace(
        b"<Sts>BOOKED</Sts>", b"<Sts>BOOK</Sts>", 1
    )
    answer = post(api, body)
    assert answer.status_code == 400, answer.text
    assert answer.json()["error"] == "invalid_request"
    assert answer.json()["error_description"] == (
        "The file is not a valid camt.054.001.04: line 2: Element"
        " '{urn:iso:std:iso:20022:tech:xsd:camt.054.001.04}Sts': [facet 'enumeration'] The value 'BOOKED'"
        " is not an element of the set {'BOOK', 'PDNG', 'INFO'}."
    )
    assert head(api, target["RechNr"])["Zahlstatus"] == "offen"
    assert "Zahlungen" not in head(api, target["RechNr"])
    assert [p for p in unmatched(api) if p.get("Mitteilung") == f"Erste {tag}"] == []
    assert post(api, good).json()["data"] == {"new": 2, "known": 0, "matched": 1, "unmatched": 1}


@pytest.mark.parametrize(
    "version",
    ["camt.054.001.02", "camt.053.001.02", "camt.054.001.04", "camt.053.001.04", "camt.054.001.08", "camt.053.001.08"],
)
def test_each_version_swiss_and_dk_books_qrr_and_scor_payments(api: Api, version: str) -> None:
    """The Swiss Payment Standards' .04/.08 and the German DK's .02 (DFÜ 2.x) and .08 (3.x)."""
    tag = uuid.uuid4().hex[:8]
    chf, eur = invoice(api, customer(api, "CHF"), 2), invoice(api, customer(api, "EUR"), 2)
    assert len(chf["Zahlungsreferenz"]) == 27
    assert eur["Zahlungsreferenz"].startswith("RF")
    part = Decimal("10.00")
    body = camt(
        version,
        [
            Entry(f"{tag}-C", (Tx(f"{tag}-C", part, chf["Zahlungsreferenz"]),)),
            # The SCOR reference as a debtor may type it: spaces, lower case.
            Entry(
                f"{tag}-E",
                (Tx(f"{tag}-E", eur["AuftBrutto"], eur["Zahlungsreferenz"].lower(), currency="EUR", kind="SCOR"),),
                currency="EUR",
            ),
        ],
        tag,
    )
    answer = post(api, body)
    assert answer.status_code == 201, answer.text
    assert answer.json()["data"] == {"new": 2, "known": 0, "matched": 2, "unmatched": 0}
    partly, paid = head(api, chf["RechNr"]), head(api, eur["RechNr"])
    assert (partly["Zahlstatus"], partly["BetragBezahlt"], partly["BetragOffen"]) == (
        "teilbezahlt",
        part,
        chf["AuftBrutto"] - part,
    )
    assert (paid["Zahlstatus"], paid["Bezahlt"], paid["BetragOffen"]) == ("bezahlt", True, Decimal("0.00"))
    assert post(api, body).json()["data"] == {"new": 0, "known": 2, "matched": 0, "unmatched": 0}


def test_a_batch_booked_without_details_is_one_payment_keyed_by_the_entrys_reference(api: Api) -> None:
    tag = uuid.uuid4().hex[:8]
    statement = camt("camt.053.001.04", [Entry(f"{tag}-BATCH", amount=Decimal("123.45"))], tag)
    assert post(api, statement).json()["data"] == {"new": 1, "known": 0, "matched": 0, "unmatched": 1}
    pid = hashlib.sha256(f"{tag}-BATCH".encode()).hexdigest()[:20]
    [listed] = [p for p in unmatched(api) if p["ZahlungId"] == pid]
    assert (listed["Betrag"], listed["WaehrAbk"], listed["Status"]) == (Decimal("123.45"), "CHF", "offen")
    # The next statement (another version) carries the same booking: known, nothing new.
    again = camt("camt.053.001.08", [Entry(f"{tag}-BATCH", amount=Decimal("123.45"))], f"{tag}-2")
    assert post(api, again).json()["data"] == {"new": 0, "known": 1, "matched": 0, "unmatched": 0}
    # Transactions without a reference of their own: the entry's with /n, each booked once.
    split = camt("camt.054.001.08", [Entry(f"{tag}-S", (Tx("", Decimal("1.00")), Tx("", Decimal("2.00"))))], tag)
    assert post(api, split).json()["data"] == {"new": 2, "known": 0, "matched": 0, "unmatched": 2}
    ids = {hashlib.sha256(f"{tag}-S/{n}".encode()).hexdigest()[:20] for n in (1, 2)}
    assert sorted(p["Betrag"] for p in unmatched(api) if p["ZahlungId"] in ids) == [Decimal("1.00"), Decimal("2.00")]
    assert post(api, split).json()["data"]["known"] == 2


def test_an_assignment_by_hand_refuses_what_it_must_and_any_webshop_may_assign(
    api: Api, local_stack: dict[str, Any]
) -> None:
    tag = uuid.uuid4().hex[:8]
    chf, eur = invoice(api, customer(api, "CHF"), 3), invoice(api, customer(api, "EUR"), 3)
    body = camt("camt.054.001.08", [Entry(f"{tag}-H", (Tx(f"{tag}-H", Decimal("20.00"), None, text=f"Hand {tag}"),))])
    assert post(api, body).json()["data"]["unmatched"] == 1
    [payment] = [p for p in unmatched(api) if p.get("Mitteilung") == f"Hand {tag}"]
    path = f"/www/zahlungen/{payment['ZahlungId']}/zuordnung"

    other_currency = api.post(path, json={"RechNr": eur["RechNr"]})
    assert other_currency.status_code == 409, other_currency.text
    assert error_json(other_currency)["info"] == {"WaehrAbk": "CHF", "RechNr": eur["RechNr"]}
    no_invoice = api.post(path, json={"RechNr": "999999999"})
    assert (no_invoice.status_code, error_json(no_invoice)["info"]) == (404, {"RechNr": "999999999"})
    no_payment = api.post("/www/zahlungen/0123456789abcdef0123/zuordnung", json={"RechNr": chf["RechNr"]})
    assert (no_payment.status_code, error_json(no_payment)["info"]) == (404, {"id": "0123456789abcdef0123"})
    bad = api.post(path, json={"RechNr": "12a"})
    assert bad.status_code == 400
    assert "RechNr" in str(bad.json()["info"])
    assert head(api, chf["RechNr"])["Zahlstatus"] == "offen"  # none of them booked anything

    # Payments and invoices are the company's records, as orders are (docs/payments.md): a user of
    # another webshop sees the payment and assigns it; then it is assigned, for everyone.
    other = add_user(local_stack, f"pay-{tag}", "--webshop", "ANDERER")
    assert [p["ZahlungId"] for p in unmatched(other) if p.get("Mitteilung") == f"Hand {tag}"] == [payment["ZahlungId"]]
    done = other.post(path, json={"RechNr": chf["RechNr"]})
    assert done.status_code == 200, done.text
    assert (done.json()["data"]["Status"], done.json()["data"]["Zuordnung"]) == ("zugeordnet", "manuell")
    twice = api.post(path, json={"RechNr": chf["RechNr"]})
    assigned = {"id": payment["ZahlungId"], "RechNr": chf["RechNr"]}
    assert (twice.status_code, error_json(twice)["info"]) == (409, assigned)
    assert head(api, chf["RechNr"])["BetragBezahlt"] == Decimal("20.00")


def test_open_items_filter_by_due_date_and_customer_page_and_total_per_currency(api: Api) -> None:
    tag = uuid.uuid4().hex[:8]
    kund_nr = customer(api, "CHF")
    invoices = [invoice(api, kund_nr, n) for n in (1, 2, 3)]
    eur = invoice(api, customer(api, "EUR"), 1)
    paid = Decimal("5.00")
    body = camt("camt.054.001.08", [Entry(f"{tag}-P", (Tx(f"{tag}-P", paid, invoices[0]["Zahlungsreferenz"]),))])
    assert post(api, body).json()["data"]["matched"] == 1
    # One coffee of the second invoice credited: 18.90 + 2.6 % (0.4914 -> 0.49) = 19.39 -> 19.40.
    credited = api.post(
        f"/www/rechnung/{invoices[1]['RechNr']}/gutschrift", json={"Positionen": [{"PosNr": 1, "Menge": 1}]}
    )
    assert credited.status_code == 201, credited.text
    assert credited.json(parse_float=Decimal)["data"]["AuftBrutto"] == Decimal("19.40")
    due = invoices[0]["FaelligDatum"]
    # What is open: the invoices less the payment less the credit note, to the Rappen.
    owed = [i["AuftBrutto"] for i in invoices]
    owed[0] -= paid
    owed[1] -= Decimal("19.40")
    total = sum(owed, Decimal("0.00"))
    assert total == sum((i["AuftBrutto"] for i in invoices), Decimal("0.00")) - paid - Decimal("19.40")

    page = api.get("/www/rechnung", params={"status": "offen", "KundNr": kund_nr, "limit": 2}).json(parse_float=Decimal)
    assert page["count"] == 3
    assert [r["RechNr"] for r in page["data"]] == [i["RechNr"] for i in invoices[:2]]  # due date, then RechNr
    assert page["Summen"] == [{"WaehrAbk": "CHF", "BetragOffen": total, "Anzahl": 3}]  # all of them, not the page
    assert page["links"][0]["href"].endswith(f"/www/rechnung?status=offen&KundNr={kund_nr}&limit=2&offset=2")
    rest = api.get(page["links"][0]["href"].removeprefix(api.base)).json(parse_float=Decimal)
    assert [(r["RechNr"], r["BetragOffen"]) for r in rest["data"]] == [(invoices[2]["RechNr"], owed[2])]
    first = page["data"][0]
    assert first == {
        **first,
        "KundNr": kund_nr,
        "AuftBrutto": invoices[0]["AuftBrutto"],
        "BetragBezahlt": paid,
        "BetragOffen": owed[0],
        "TageUeberfaellig": 0,
        "FaelligDatum": due,
    }

    before = api.get("/www/rechnung", params={"status": "offen", "KundNr": kund_nr, "faellig_bis": "2000-01-01"})
    assert (before.json()["count"], before.json()["data"]) == (0, [])
    until = api.get("/www/rechnung", params={"status": "offen", "KundNr": kund_nr, "faellig_bis": due})
    assert until.json(parse_float=Decimal)["count"] == 3

    # Every open invoice of the stack, both currencies: the totals are the rows' sums per currency.
    everything = api.get("/www/rechnung", params={"status": "offen", "faellig_bis": due}).json(parse_float=Decimal)
    rows = everything["data"]
    assert everything["count"] == len(rows)
    assert {invoices[0]["RechNr"], eur["RechNr"]} <= {r["RechNr"] for r in rows}
    sums: dict[str, tuple[Decimal, int]] = {}
    for row in rows:
        amount, count = sums.get(row["WaehrAbk"], (Decimal("0.00"), 0))
        sums[row["WaehrAbk"]] = (amount + row["BetragOffen"], count + 1)
    assert everything["Summen"] == [
        {"WaehrAbk": c, "BetragOffen": a, "Anzahl": n} for c, (a, n) in sorted(sums.items())
    ]
    assert {s["WaehrAbk"] for s in everything["Summen"]} >= {"CHF", "EUR"}
    kunde = api.get(f"/www/kunden/{kund_nr}").json(parse_float=Decimal)["data"]
    assert kunde["OffenePosten"] == [{"WaehrAbk": "CHF", "BetragOffen": total, "Anzahl": 3}]


def test_an_order_paid_by_card_is_paid_from_the_start(api: Api) -> None:
    tag = uuid.uuid4().hex[:8]
    kund_nr = customer(api, "CHF")
    card = invoice(api, kund_nr, 2, Zahlung=[{"Bezeichnung": "payment_method", "Wert": "K"}])
    data = head(api, card["RechNr"])
    assert (data["Zahlstatus"], data["Bezahlt"], data["BetragBezahlt"], data["BetragOffen"]) == (
        "bezahlt",
        True,
        card["AuftBrutto"],
        Decimal("0.00"),
    )
    assert api.get("/www/rechnung", params={"status": "offen", "KundNr": kund_nr}).json()["count"] == 0
    assert "OffenePosten" not in api.get(f"/www/kunden/{kund_nr}").json()["data"]
    # A bank payment on top of the card's: overpaid.
    body = camt("camt.054.001.08", [Entry(f"{tag}-K", (Tx(f"{tag}-K", Decimal("1.00"), card["Zahlungsreferenz"]),))])
    assert post(api, body).json()["data"]["matched"] == 1
    again = head(api, card["RechNr"])
    assert (again["Zahlstatus"], again["BetragBezahlt"]) == ("ueberzahlt", card["AuftBrutto"] + 1)
