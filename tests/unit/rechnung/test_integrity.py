"""Issue 22 in-process (moto): no invoice ever blocked or wrong.

Text stored before the API refused what XML 1.0 cannot carry is invoiced (cleaned, never a 500).
"""

from __future__ import annotations

import io
import json

from pypdf import PdfReader

from tests.unit.rechnung.en16931_rules import NS, check

PDF, XML = "application/pdf", "application/xml"


def order(call, body) -> str:
    answer = call("auftrag", "POST", "/www/auftrag", body)
    assert answer.status == 201, answer.text
    return str(answer.json()["data"]["AuftNr"])


def stored_file(call, auft_nr: str, accept: str) -> bytes:
    from backoffice.invoices import issue

    return issue.get_file(issue.get_record(auft_nr), "Pdf" if accept == PDF else "Xml")


def pdf_text(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


def test_text_stored_before_the_rule_is_invoiced_with_a_space_for_each_illegal_character(call):
    from backoffice.platform import dynamo
    from backoffice.sales import document_store

    auft_nr = order(call, {"GrundDaten": {"KundNr": "100004"}, "Positionen": [{"ArtNr": "1000", "Menge": 1}]})
    # As an order stored before issue 22 could hold it: control characters in the head and a position.
    key = document_store.pk(document_store.ORDER, auft_nr)
    head = dynamo.get_item(key, document_store.HEAD_SK)
    assert head is not None
    head["AuftKomment"] = "Bitte\u0002klingeln\ufffe"
    head["Adressen"]["RechAdr"] = {**head["Adressen"]["KontaktAdr"], "AdrFirma": "Muster\u0002AG"}
    dynamo.put_item(head)
    chunk = dynamo.get_item(key, f"{document_store.CHUNK_PREFIX}0001")
    assert chunk is not None
    rows = json.loads(chunk["Rows"])
    rows[0]["PosBez"] = "Kaffee\u001fCrema"
    chunk["Rows"] = json.dumps(rows)
    dynamo.put_item(chunk)

    issued = call("rechnung", "POST", f"/www/auftrag/{auft_nr}/rechnung")
    assert issued.status == 201, issued.text
    root = check(stored_file(call, auft_nr, XML))
    note = root.xpath("string(//rsm:ExchangedDocument/ram:IncludedNote/ram:Content)", namespaces=NS)
    assert note == "Bitte klingeln "
    assert root.xpath("string(//ram:BuyerTradeParty/ram:Name)", namespaces=NS) == "Muster AG"
    assert root.xpath("string(//ram:SpecifiedTradeProduct/ram:Name)", namespaces=NS) == "Kaffee Crema"
    text = pdf_text(stored_file(call, auft_nr, PDF))
    assert "Muster AG" in text
    assert "Kaffee Crema" in text
