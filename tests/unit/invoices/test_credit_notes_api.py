"""POST /www/rechnung/{RechNr}/gutschrift and GET /www/gutschrift/{GutschriftNr} in-process (moto)."""

from __future__ import annotations

from decimal import Decimal

from tests.support.en16931_rules import NS, check
from tests.support.invoice_orders import CHF_ORDER, JSON, PDF, XML, order


def invoice(call, body=CHF_ORDER):
    auft_nr, data = order(call, body)
    answer = call("rechnung", "POST", f"/www/auftrag/{auft_nr}/rechnung")
    assert answer.status == 201, answer.text
    return auft_nr, data, answer.json()["data"]


def credit(call, rech_nr, body=None, **kwargs):
    return call("gutschrift", "POST", f"/www/rechnung/{rech_nr}/gutschrift", body, **kwargs)


def test_smoke(call):
    auft_nr, data, head = invoice(call)
    answer = credit(call, head["RechNr"], {"Positionen": [{"PosNr": 2, "Menge": 10}]})
    assert answer.status == 201, answer.text
    note = answer.json()["data"]
    print(note)
    got = call("gutschrift", "GET", f"/www/gutschrift/{note['GutschriftNr']}", headers={"Accept": XML})
    assert got.status == 200, got.text
    print(got.text[:3000] if hasattr(got, "text") else got)
    rest = credit(call, head["RechNr"])
    assert rest.status == 201, rest.text
    print(rest.json())
    third = credit(call, head["RechNr"])
    assert third.status == 409, third.text
