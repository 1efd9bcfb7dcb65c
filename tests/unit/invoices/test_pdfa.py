"""The issued invoice PDF is PDF/A-3 (B): pdfa_rules on CHF, EUR, French and 100-position invoices, and
each rule shown to fail on a PDF that breaks it."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import pytest
from pypdf import PdfReader, PdfWriter
from pypdf.generic import DictionaryObject, NameObject, NumberObject, TextStringObject

from tests.support import pdfa_rules
from tests.support.invoice_orders import CHF_ORDER, EUR_ORDER, PDF, as_bytes, order

FRENCH_ORDER = {"GrundDaten": {"KundNr": "100002"}, "Positionen": [{"ArtNr": "1000", "Menge": 1}]}
HUNDRED_POSITIONS = {
    "GrundDaten": {"KundNr": "100004", "AuftBez": "Grossbestellung"},
    "Positionen": [{"ArtNr": "1000", "Menge": 1, "PosBez": f"Kaffee Bohnen Crème Größe {i}"} for i in range(100)],
}


def issued_pdf(call: Any, body: dict[str, Any]) -> bytes:
    auft_nr, _ = order(call, body)
    assert call("rechnung", "POST", f"/www/auftrag/{auft_nr}/rechnung").status == 201
    return as_bytes(call, auft_nr, PDF)


@pytest.mark.parametrize(("body", "pages"), [(CHF_ORDER, 1), (EUR_ORDER, 1), (FRENCH_ORDER, 1), (HUNDRED_POSITIONS, 3)])
def test_the_issued_invoice_is_pdfa_3b(call, body, pages):
    reader = pdfa_rules.check(issued_pdf(call, body))
    assert len(reader.pages) == pages
    intent = reader.trailer["/Root"]["/OutputIntents"][0].get_object()
    assert (intent["/S"], intent["/OutputConditionIdentifier"]) == ("/GTS_PDFA1", "sRGB")
    info = reader.trailer["/Info"].get_object()
    assert info["/Producer"] == "pypdf"  # the last writer, as the XMP says
    assert "/Keywords" not in info  # factur-x's keywords have no XMP property: left out
    assert info["/CreationDate"] == info["/ModDate"]


def _edit(pdf: bytes, change: Callable[[PdfWriter], None]) -> bytes:
    writer = PdfWriter(clone_from=io.BytesIO(pdf), keep_initial_header=True)
    change(writer)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _root(key: str, value: Any) -> Callable[[PdfWriter], None]:
    return lambda w: w.root_object.__setitem__(NameObject(key), value)


def _without_output_intent(w: PdfWriter) -> None:
    del w.root_object["/OutputIntents"]


def _info(**entries: str) -> Callable[[PdfWriter], None]:
    return lambda w: w.add_metadata({f"/{k}": v for k, v in entries.items()})


def _filespec(w: PdfWriter) -> DictionaryObject:
    return w.root_object["/AF"][0].get_object()


def _without_uf(w: PdfWriter) -> None:
    del _filespec(w)["/UF"]


def _without_moddate(w: PdfWriter) -> None:
    del _filespec(w)["/EF"]["/F"].get_object()["/Params"]["/ModDate"]


def _fonts(w: PdfWriter) -> list[DictionaryObject]:
    return [f.get_object()["/DescendantFonts"][0].get_object() for f in w.pages[0]["/Resources"]["/Font"].values()]


def _font_not_embedded(w: PdfWriter) -> None:
    del _fonts(w)[0]["/FontDescriptor"]["/FontFile2"]


def _glyphs_unmapped(w: PdfWriter) -> None:
    gid_map = _fonts(w)[0]["/CIDToGIDMap"].get_object()
    gid_map.set_data(bytes(len(gid_map.get_data())))


def _lzw(w: PdfWriter) -> None:
    _filespec(w)["/EF"]["/F"].get_object()[NameObject("/Filter")] = NameObject("/LZWDecode")


def _javascript(w: PdfWriter) -> None:
    action = DictionaryObject({NameObject("/S"): NameObject("/JavaScript"), NameObject("/JS"): TextStringObject("1")})
    w.root_object[NameObject("/OpenAction")] = w._add_object(action)


def _encrypted(w: PdfWriter) -> None:
    w.encrypt("", "owner", algorithm="AES-128")


BROKEN = [
    (_without_output_intent, "no /OutputIntents"),  # 6.2.3 (and with it 6.2.4.3)
    (_info(Keywords="Rechnung"), "no pdf:Keywords in the XMP"),  # 6.6.2.3
    (_info(Producer="fpdf2"), "/Producer"),  # 6.6.2.3
    (_info(ModDate="D:20260101000000+00'00'"), "/ModDate"),  # 6.6.2.3: another instant
    (_without_uf, "/UF"),  # 6.8
    (_without_moddate, "/ModDate"),  # 6.8
    (_font_not_embedded, "is not embedded"),  # 6.2.11.4.1
    (_glyphs_unmapped, "is drawn as .notdef"),  # 6.2.11.8
    (_lzw, "/LZWDecode"),  # 6.1.7.2
    (_javascript, "/JavaScript"),  # 6.5.1
    (_encrypted, "/Encrypt"),  # 6.1.3
]


def test_each_rule_fails_on_a_pdf_that_breaks_it(call):
    good = issued_pdf(call, CHF_ORDER)
    pdfa_rules.check(good)
    for change, message in BROKEN:
        with pytest.raises(AssertionError) as failed:
            pdfa_rules.check(_edit(good, change))
        assert message in str(failed.value), (change.__name__, str(failed.value)[:300])
    # 6.1.2: a header of another version (same length: the offsets stay right).
    with pytest.raises(AssertionError, match=r"PDF-1\.8"):
        pdfa_rules.check(good.replace(b"%PDF-1.7", b"%PDF-1.8", 1))
    # 6.2.4.3: DeviceRGB painted with a CMYK output intent.
    reader = PdfReader(io.BytesIO(good))
    with pytest.raises(AssertionError, match="RGB"):
        pdfa_rules.colours_and_transparency(reader, DictionaryObject({NameObject("/N"): NumberObject(4)}))
