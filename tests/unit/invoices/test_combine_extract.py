"""Combine and Extract in the layer: real XML from drafthorse in real multi-page PDFs, and every failure."""

from __future__ import annotations

import io
import re

import pypdf
import pytest

from backoffice.errors import EndpointError
from backoffice.invoices import zugferd
from bench.zugferd_samples import LEVELS, invoice_pdf, invoice_xml, page_texts
from tests.support import pdfa_rules

# (level of the sample, attachment name, XMP conformance level)
FLAVORS = [
    ("minimum", "factur-x.xml", "MINIMUM"),
    ("basic", "factur-x.xml", "BASIC"),
    ("en16931", "factur-x.xml", "EN 16931"),
    ("xrechnung", "xrechnung.xml", "XRECHNUNG"),
]


def combine(pdf: bytes, xml: bytes) -> zugferd.Combined:
    with zugferd.captured_log() as log:
        return zugferd.combine(pdf, xml, log)


def extract(pdf: bytes) -> zugferd.Extracted:
    with zugferd.captured_log() as log:
        return zugferd.extract(pdf, log)


def failure(call, *args: bytes) -> EndpointError:  # type: ignore[no-untyped-def]
    with zugferd.captured_log() as log, pytest.raises(EndpointError) as info:
        call(*args, log)
    return info.value


def xmp_text(reader: pypdf.PdfReader) -> str:
    return reader.trailer["/Root"]["/Metadata"].get_object().get_data().decode("utf-8")


@pytest.mark.parametrize(("level", "name", "conformance"), FLAVORS)
@pytest.mark.parametrize("currency", ["CHF", "EUR"])
def test_round_trip_keeps_xml_pages_and_declares_pdfa3(level: str, name: str, conformance: str, currency: str) -> None:
    pdf, xml = invoice_pdf(pages=3), invoice_xml(level, currency)

    combined = combine(pdf, xml)

    assert combined.filename == name
    assert combined.flavor == "factur-x"
    assert combined.level == ("en16931" if level == "xrechnung" else level)
    reader = pypdf.PdfReader(io.BytesIO(combined.pdf))
    assert [page.extract_text().strip() for page in reader.pages] == page_texts(3)
    root = reader.trailer["/Root"]
    assert "/AF" in root
    filespec = root["/AF"][0].get_object()
    assert filespec["/F"] == name
    assert filespec["/UF"] == name
    assert filespec["/AFRelationship"] == "/Data"
    assert reader.attachments == {name: [xml]}
    xmp = xmp_text(reader)
    assert re.search(r"<pdfaid:part>3</pdfaid:part>", xmp)
    assert f"<fx:ConformanceLevel>{conformance}</fx:ConformanceLevel>" in xmp
    assert f"<fx:DocumentFileName>{name}</fx:DocumentFileName>" in xmp
    # The input's own Info (its Producer) and factur-x's Keywords do not stay beside the XMP (6.6.2.3).
    pdfa_rules.metadata(reader)

    extracted = extract(combined.pdf)

    assert extracted.filename == name
    assert extracted.xml == xml


def test_xrechnung_naming_does_not_leak_into_the_next_combine() -> None:
    combine(invoice_pdf(1), invoice_xml("xrechnung"))
    assert combine(invoice_pdf(1), invoice_xml("en16931")).filename == "factur-x.xml"
    assert zugferd.facturx_module.FACTURX_FILENAME == "factur-x.xml"


def test_latin1_xml_comes_back_byte_for_byte() -> None:
    xml = invoice_xml("en16931").decode("utf-8").replace("encoding='utf-8'", "encoding='ISO-8859-1'")
    latin1 = xml.encode("iso-8859-1")
    assert b"M\xfcller" in latin1

    assert extract(combine(invoice_pdf(2), latin1).pdf).xml == latin1


def test_library_log_is_captured_in_order() -> None:
    with zugferd.captured_log() as log:
        zugferd.combine(invoice_pdf(1), invoice_xml("basic"), log)
    lines = log.lines()
    assert lines[:2] == [
        "DEBUG factur-x: First XML tag: {urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100}"
        "CrossIndustryInvoice",
        "INFO factur-x: Flavor is factur-x (autodetected)",
    ]
    assert "INFO factur-x: Level is basic (autodetected)" in lines
    assert lines[-1].startswith("INFO factur-x: factur-x PDF generated in ")


def test_not_a_pdf() -> None:
    err = failure(zugferd.combine, b"Rechnung als Text, kein PDF", invoice_xml())
    assert err.status == 400
    assert err.body()["error"] == "endpoint"
    assert err.description.startswith("The PDF input is not a PDF file")
    assert err.info["filename"] == "input.pdf"
    assert "WARNING pypdf._reader: invalid pdf header: b'Rechn'" in err.info["subprocess_output"]


def test_damaged_pdf() -> None:
    pdf = invoice_pdf(3)
    err = failure(zugferd.combine, pdf[: len(pdf) // 2], invoice_xml())
    assert err.description.startswith("The PDF is damaged and cannot be read")
    assert err.info["filename"] == "input.pdf"
    assert "WARNING pypdf._reader: EOF marker not found" in err.info["subprocess_output"]


def encrypted_pdf() -> bytes:
    writer = pypdf.PdfWriter(clone_from=io.BytesIO(invoice_pdf(2)))
    writer.encrypt("geheim", algorithm="AES-128")
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def test_encrypted_pdf() -> None:
    for call, args in ((zugferd.combine, (encrypted_pdf(), invoice_xml())), (zugferd.extract, (encrypted_pdf(),))):
        err = failure(call, *args)
        assert err.description == "The PDF is encrypted (password protected); send it without encryption."
        assert err.info["filename"] == "input.pdf"
        assert err.info["subprocess_output"]


def test_malformed_xml() -> None:
    err = failure(zugferd.combine, invoice_pdf(1), b"<rsm:CrossIndustryInvoice><unclosed></rsm:CrossIndustryInvoice>")
    assert err.description.startswith("The XML is not well-formed: ")
    assert err.info["filename"] == "input.xml"
    assert any(line.startswith("ERROR lxml: line 1, column ") for line in err.info["subprocess_output"])


def test_xml_of_no_known_flavor() -> None:
    err = failure(zugferd.combine, invoice_pdf(1), b"<?xml version='1.0'?><Bestellung><Nr>1</Nr></Bestellung>")
    assert err.description.startswith("The XML is no invoice of a known flavor (root element Bestellung)")
    assert err.info["filename"] == "input.xml"
    assert err.info["subprocess_output"] == ["DEBUG factur-x: First XML tag: Bestellung"]


def test_zugferd_1_xml_is_refused_with_the_reason() -> None:
    xml = b'<rsm:CrossIndustryDocument xmlns:rsm="urn:ferd:CrossIndustryDocument:invoice:1p0"/>'
    err = failure(zugferd.combine, invoice_pdf(1), xml)
    assert err.description.startswith("The XML is ZUGFeRD 1.0")
    assert err.info["filename"] == "input.xml"


def test_xml_failing_its_xsd_names_the_xsd_messages() -> None:
    xml = invoice_xml("en16931").replace(b"<ram:TypeCode>380</ram:TypeCode>", b"<ram:Zahlart>380</ram:Zahlart>")
    err = failure(zugferd.combine, invoice_pdf(1), xml)
    assert err.description == (
        "The XML does not pass the XSD of factur-x en16931: see subprocess_output for the XSD messages."
    )
    assert err.info["filename"] == "input.xml"
    output = err.info["subprocess_output"]
    assert "ERROR factur-x: The XML file is invalid against the XML Schema Definition" in output
    assert any(line.startswith("ERROR factur-x: XSD Error: ") and "Zahlart" in line for line in output)


def test_extract_without_embedded_xml() -> None:
    err = failure(zugferd.extract, invoice_pdf(2))
    assert err.description == ("The PDF holds no embedded invoice XML (no Factur-X, ZUGFeRD or XRechnung attachment).")
    assert err.info["filename"] == "input.pdf"
    assert err.info["subprocess_output"][-1] == (
        "WARNING factur-x: No valid factur-x/order-x/zugferd/xrechnung XML file found in this PDF"
    )


def test_extract_not_a_pdf() -> None:
    err = failure(zugferd.extract, b"%%EOF")
    assert err.info["filename"] == "input.pdf"
    assert err.description.startswith("The PDF input is not a PDF file")


def test_every_sample_level_is_known() -> None:
    assert set(LEVELS) == {level for level, _, _ in FLAVORS}


def test_a_combined_pdf_too_large_for_an_answer_is_413(monkeypatch: pytest.MonkeyPatch) -> None:
    from backoffice.errors import PayloadTooLarge

    pdf = invoice_pdf(2)
    monkeypatch.setattr(zugferd, "MAX_BINARY_ANSWER_BYTES", len(pdf))
    with zugferd.captured_log() as log, pytest.raises(PayloadTooLarge) as info:
        zugferd.combine(pdf, invoice_xml(), log)
    assert info.value.status == 413
    assert info.value.info == {"limit": len(pdf), "filename": "output.pdf"}
    assert info.value.description.startswith("The combined PDF has ")


def test_extract_reads_a_zugferd_1_pdf() -> None:
    # A ZUGFeRD 1.0 PDF as the producers of that time wrote it: the attachment ZUGFeRD-invoice.xml.
    xml = (
        b'<?xml version="1.0" encoding="UTF-8"?>\n'
        b'<rsm:CrossIndustryDocument xmlns:rsm="urn:ferd:CrossIndustryDocument:invoice:1p0" '
        b'xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:12">'
        b"<rsm:SpecifiedExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter>"
        b"<ram:ID>urn:ferd:CrossIndustryDocument:invoice:1p0:comfort</ram:ID>"
        b"</ram:GuidelineSpecifiedDocumentContextParameter></rsm:SpecifiedExchangedDocumentContext>"
        b"</rsm:CrossIndustryDocument>"
    )
    writer = pypdf.PdfWriter(clone_from=io.BytesIO(invoice_pdf(1)))
    writer.add_attachment("ZUGFeRD-invoice.xml", xml)
    out = io.BytesIO()
    writer.write(out)

    extracted = extract(out.getvalue())

    assert extracted.filename == "ZUGFeRD-invoice.xml"
    assert extracted.xml == xml


def test_attachment_names_are_made_header_safe() -> None:
    assert zugferd.header_safe("factur-x.xml") == "factur-x.xml"
    assert zugferd.header_safe('evil"\r\nSet-Cookie: x.xml') == "evil___Set-Cookie__x.xml"
    assert zugferd.header_safe("") == "invoice.xml"
