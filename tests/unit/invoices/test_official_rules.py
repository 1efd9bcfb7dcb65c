"""The official EN 16931 check itself (tests/support/en16931_check.py): valid invoices pass, broken ones fail
with the CEN rule they break, warnings are told apart, and a broken invoice in the archive fails the test."""

from __future__ import annotations

import base64
from dataclasses import replace
from pathlib import Path

import boto3
import pytest

from local.template import REGION
from tests.support import en16931_check
from tests.support.aws import stored_objects
from tests.support.en16931_check import (
    CREDIT_NOTE_PREFIX,
    INVOICE_PREFIX,
    assert_archive_valid,
    assert_invoices_valid,
    assert_valid,
    check,
    invoices_of,
)

ROOT = Path(__file__).resolve().parents[3]
DEMO = sorted((ROOT / "local" / "demo_data" / "zugferd").glob("invoice-en16931-*.xml"))
CHF = ROOT / "local" / "demo_data" / "zugferd" / "invoice-en16931-chf.xml"


def test_the_rules_are_cens_and_are_there():
    # tools/cen_rules.py put them into the venv with their SHA-256 checked; compiled once per process.
    assert en16931_check.RULES.is_file()
    assert b"Schematron version 1.3.16" in en16931_check.RULES.read_bytes()[:400]
    assert en16931_check.compiled_rules() is en16931_check.compiled_rules()


@pytest.mark.parametrize("path", DEMO, ids=lambda p: p.name)
def test_the_demo_invoices_keep_every_rule(path):
    report = assert_valid(path.read_bytes(), path.name)
    assert report.rules_fired > 0
    assert not report.failures, report.message(path.name)


def test_there_are_demo_invoices_in_chf_and_eur():
    assert {p.name for p in DEMO} >= {"invoice-en16931-chf.xml", "invoice-en16931-eur.xml"}


def test_a_wrong_vat_total_breaks_br_co_15():
    # BT-112 296.95 -> 297.95: no longer BT-109 + BT-110 (BR-CO-15), nor the due amount's base (BR-CO-16)
    xml = CHF.read_bytes()
    assert xml.count(b"<ram:GrandTotalAmount>296.95<") == 1
    broken = xml.replace(b"<ram:GrandTotalAmount>296.95<", b"<ram:GrandTotalAmount>297.95<")
    report = check(broken)
    assert {f.flag for f in report.fatal} == {"fatal"}
    assert "BR-CO-15" in report.ids
    assert report.xsd_error is None  # the XSD has no arithmetic
    with pytest.raises(AssertionError, match=r"BR-CO-15 \(fatal\) at /CrossIndustryInvoice\[1\]: \[BR-CO-15\]"):
        assert_valid(broken, "broken.xml")


def test_a_wrong_category_tax_breaks_br_co_14_and_br_co_17():
    # 22.25 -> 24.25: more than the 1.00 BR-CO-17 allows, and no longer the sum BT-110 (BR-CO-14)
    xml = CHF.read_bytes()
    assert xml.count(b"<ram:CalculatedAmount>22.25<") == 1
    report = check(xml.replace(b"<ram:CalculatedAmount>22.25<", b"<ram:CalculatedAmount>24.25<"))
    assert {"BR-CO-14", "BR-CO-17"} <= {f.id for f in report.fatal}
    assert not report.ok


def test_an_element_the_xsd_does_not_know_fails_through_the_xsd():
    broken = CHF.read_bytes().replace(b"<ram:TypeCode>380</ram:TypeCode>", b"<ram:TypeCode>380</ram:TypeCode><ram:X/>")
    report = check(broken)
    assert report.xsd_error is not None
    with pytest.raises(AssertionError, match="XSD: "):
        assert_valid(broken)


def test_a_document_that_is_no_cii_invoice_fails():
    report = check(b"<Invoice/>")
    assert report.rules_fired == 0
    assert not report.ok
    assert "no rule of the schematron fired" in report.message()


def test_warnings_do_not_fail_but_are_listed_with_the_failures():
    # CII-SR-002 (warning): TestIndicator should not be present. The CEN rules' warnings for CII are all of
    # this kind (CII-SR, CII-DT: elements of CII that EN 16931 does not use); the Factur-X XSD forbids most.
    test = b"<ram:TestIndicator><udt:Indicator>true</udt:Indicator></ram:TestIndicator>"
    warned = CHF.read_bytes().replace(b"<rsm:ExchangedDocumentContext>", b"<rsm:ExchangedDocumentContext>" + test)
    report = check(warned)
    assert [(f.id, f.flag) for f in report.warnings] == [("CII-SR-002", "warning")]
    assert not report.fatal
    assert replace(report, xsd_error=None).ok  # the schematron alone: a warning does not fail
    with pytest.raises(AssertionError, match=r"(?s)XSD: .*TestIndicator.*warnings:\n +CII-SR-002 \(warning\)"):
        assert_valid(warned)


def test_a_broken_invoice_in_the_archive_fails_the_test_that_issued_it(aws):
    # What tests/conftest.py's official_invoice_rules does when a test ends, on an XML broken on purpose.
    s3 = boto3.client("s3", region_name=REGION)
    bucket = s3.list_buckets()["Buckets"][0]["Name"]
    broken = CHF.read_bytes().replace(b"<ram:GrandTotalAmount>296.95<", b"<ram:GrandTotalAmount>297.95<")
    good, bad = "rechnung/400001/500001-000000000001.xml", "rechnung/400002/500002-000000000002.xml"
    s3.put_object(Bucket=bucket, Key=good, Body=CHF.read_bytes())
    s3.put_object(Bucket=bucket, Key=bad, Body=broken)
    s3.put_object(Bucket=bucket, Key="rechnung/400002/500002-000000000002.pdf", Body=b"%PDF- not an XML")
    # as tests/conftest.py reads moto's bucket (its backend) ...
    with pytest.raises(AssertionError, match=rf"(?s)s3://{bucket}/{bad} breaks EN 16931.*BR-CO-15") as failed:
        assert_invoices_valid(invoices_of(stored_objects("rechnung/")))
    assert good not in str(failed.value)
    assert f"s3://{bucket}/{bad}: its PDF does not carry it as factur-x.xml" in str(failed.value)
    # ... and the local stack's (a boto3 client)
    checked: set[tuple[str, str]] = set()
    with pytest.raises(AssertionError, match=rf"(?s)s3://{bucket}/{bad} breaks EN 16931.*BR-CO-15") as failed:
        assert_archive_valid(s3, checked)
    assert good not in str(failed.value)
    assert checked == {(bucket, good), (bucket, bad)}  # each reported once
    assert assert_archive_valid(s3, checked) == 0
    s3.delete_object(Bucket=bucket, Key=bad)  # else this test's own teardown fails on it, as it should
    # the PDF left alone is an issue stopped before its XML: not an invoice
    assert assert_archive_valid(s3) == assert_invoices_valid(invoices_of(stored_objects("rechnung/"))) == 1


def test_the_archive_check_sees_every_invoice_the_layer_writes(call):
    # If the layer's keys changed (prefix, suffix), the fixture would find nothing and check nothing:
    # an issued invoice must be among what it reads, and be the XML the GET answers.
    from backoffice.invoices import store

    assert store.S3_PREFIX == INVOICE_PREFIX
    positions = [{"ArtNr": "1000", "Menge": 3}, {"ArtNr": "1002", "Menge": 20, "VPEinheit": "PAK", "GRabSatz": 10}]
    answer = call("auftrag", "POST", "/www/auftrag", {"GrundDaten": {"KundNr": "100004"}, "Positionen": positions})
    assert answer.status == 201, answer.text
    auft_nr = answer.json()["data"]["AuftNr"]
    assert call("rechnung", "POST", f"/www/auftrag/{auft_nr}/rechnung").status == 201
    xml = call("rechnung", "GET", f"/www/auftrag/{auft_nr}/rechnung", headers={"Accept": "application/xml"})
    (stored,) = [i for i in invoices_of(stored_objects(INVOICE_PREFIX)) if i.key.startswith(f"rechnung/{auft_nr}/")]
    assert xml.status == 200
    body = base64.b64decode(xml.text) if xml.raw.get("isBase64Encoded") else xml.text.encode("utf-8")
    assert stored.xml == body
    assert stored.pdf is not None
    assert assert_invoices_valid([stored]) == 1
    # its PDF must carry that very XML
    other = replace(stored, xml=CHF.read_bytes())
    with pytest.raises(AssertionError, match=r"its PDF does not carry it as factur-x.xml: another XML"):
        assert_invoices_valid([other])


def test_the_archive_check_sees_every_credit_note_and_fails_a_broken_one(call, aws):
    # Credit notes (issue 24) are EN 16931 invoices of type 381 under gutschrift/: the fixture must read
    # them too, check them with the same rules, and fail a broken one.
    from backoffice.invoices import store

    assert store.CREDIT_PREFIX == CREDIT_NOTE_PREFIX
    body = {"GrundDaten": {"KundNr": "100004"}, "Positionen": [{"ArtNr": "1000", "Menge": 3}]}
    auft_nr = call("auftrag", "POST", "/www/auftrag", body).json()["data"]["AuftNr"]
    rech_nr = call("rechnung", "POST", f"/www/auftrag/{auft_nr}/rechnung").json()["data"]["RechNr"]
    assert call("gutschrift", "POST", f"/www/rechnung/{rech_nr}/gutschrift").status == 201
    (stored,) = [
        i for i in invoices_of(stored_objects(CREDIT_NOTE_PREFIX)) if i.key.startswith(f"gutschrift/{auft_nr}/")
    ]
    assert b"<ram:TypeCode>381</ram:TypeCode>" in stored.xml
    assert assert_invoices_valid([stored]) == 1
    s3 = boto3.client("s3", region_name=REGION)
    bad = f"gutschrift/{auft_nr}/600099-000000000009.xml"
    broken = stored.xml.replace(b"<ram:GrandTotalAmount>58.17<", b"<ram:GrandTotalAmount>58.27<")
    assert broken != stored.xml
    # The archive takes nothing it could not keep (Object Lock): the broken copy goes to the other
    # bucket, which the check reads as well.
    other = aws.names["Bucket"]
    assert other != stored.bucket
    s3.put_object(Bucket=other, Key=bad, Body=broken)
    with pytest.raises(AssertionError, match=rf"(?s)s3://{other}/{bad} breaks EN 16931.*BR-CO-15"):
        assert_archive_valid(s3)
    s3.delete_object(Bucket=other, Key=bad)  # else this test's own teardown fails on it, as it should
