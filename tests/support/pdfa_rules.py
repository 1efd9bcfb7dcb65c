"""PDF/A-3 (B) checks written out over an invoice PDF: the ISO 19005-3 requirements our generator can break.

veraPDF cannot run here, so these are the clauses that apply to what fpdf2, qrbill and factur-x write:
the file structure, the output intent behind the device colours, the fonts and their glyphs, the
actions, the metadata (XMP and the Info dictionary) and the embedded XML. Each assertion names its
clause. `check` takes the PDF bytes and answers the reader for further assertions.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from datetime import datetime
from typing import Any

from lxml import etree
from pypdf import PdfReader
from pypdf.generic import ArrayObject, ContentStream, DictionaryObject, IndirectObject, StreamObject

XMP_NS = {
    "x": "adobe:ns:meta/",
    "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
    "dc": "http://purl.org/dc/elements/1.1/",
    "pdf": "http://ns.adobe.com/pdf/1.3/",
    "xmp": "http://ns.adobe.com/xap/1.0/",
    "pdfaid": "http://www.aiim.org/pdfa/ns/id/",
}
# Info entry -> its XMP analogue.
INFO_XMP = {
    "/Title": "dc:title/rdf:Alt/rdf:li",
    "/Author": "dc:creator/rdf:Seq/rdf:li",
    "/Subject": "dc:description/rdf:Alt/rdf:li",
    "/Keywords": "pdf:Keywords",
    "/Creator": "xmp:CreatorTool",
    "/Producer": "pdf:Producer",
    "/CreationDate": "xmp:CreateDate",
    "/ModDate": "xmp:ModifyDate",
}
FORBIDDEN_ACTIONS = {
    "/Launch", "/Sound", "/Movie", "/ResetForm", "/ImportData", "/Hide", "/SetOCGState", "/Rendition",
    "/Trans", "/GoTo3DView", "/JavaScript",
}  # fmt: skip
TEXT_SHOWING = {"Tj", "TJ", "'", '"'}
DEVICE_OPERATORS = {"rg": "RGB", "RG": "RGB", "g": "Gray", "G": "Gray", "k": "CMYK", "K": "CMYK"}


def check(pdf: bytes) -> PdfReader:
    """Every PDF/A-3 (B) rule below asserted on the PDF; its reader."""
    file_structure(pdf)
    reader = PdfReader(io.BytesIO(pdf))
    streams(reader)
    profile = output_intent(reader)
    colours_and_transparency(reader, profile)
    fonts(reader)
    actions(reader)
    metadata(reader)
    embedded_files(reader)
    return reader


def file_structure(pdf: bytes) -> None:
    # 6.1.2: "%PDF-1.n" (n 0..7) at byte 0, one EOL, then a comment of at least four bytes above 127.
    header = re.match(rb"%PDF-1\.[0-7](\r\n|\r|\n)%([^\r\n]*)(\r\n|\r|\n)", pdf)
    assert header is not None, pdf[:32]
    assert sum(b > 127 for b in header.group(2)) >= 4, header.group(2)
    # 6.1.3: nothing after the last %%EOF but an optional EOL.
    assert pdf.rstrip(b"\r\n").endswith(b"%%EOF"), pdf[-32:]
    trailer = PdfReader(io.BytesIO(pdf)).trailer
    # 6.1.3: no Encrypt in the trailer, and an ID.
    assert "/Encrypt" not in trailer, "the trailer has /Encrypt"
    assert len(trailer.get("/ID") or []) == 2, "the trailer has no /ID"


def catalog(reader: PdfReader) -> Any:
    """The document catalog (/Root): a dictionary, which pypdf's types do not promise."""
    return reader.trailer["/Root"]


def objects(reader: PdfReader) -> Iterator[Any]:
    """Every object reachable from the trailer, once."""
    seen: set[int] = set()
    todo: list[Any] = [reader.trailer]
    while todo:
        item = todo.pop()
        if isinstance(item, IndirectObject):
            if item.idnum in seen:
                continue
            seen.add(item.idnum)
            item = item.get_object()
        if isinstance(item, DictionaryObject):  # streams included
            yield item
            todo.extend(v for k, v in item.items() if k not in ("/Parent", "/P"))
        elif isinstance(item, ArrayObject):
            todo.extend(item)


def streams(reader: PdfReader) -> None:
    for obj in objects(reader):
        if not isinstance(obj, StreamObject):
            continue
        # 6.1.7.1: no external stream data.
        assert not {"/F", "/FFilter", "/FDecodeParms"} & set(obj), dict(obj)
        filters = obj.get("/Filter")
        names = [filters] if isinstance(filters, str) else list(filters or [])
        # 6.1.7.2: no LZWDecode, and Crypt only as Identity (we write no Crypt at all).
        assert not {"/LZWDecode", "/Crypt"} & set(names), names


def output_intent(reader: PdfReader) -> StreamObject:
    """The PDF/A output intent's ICC profile."""
    root = catalog(reader)
    intents = [i.get_object() for i in root.get("/OutputIntents") or []]
    pdfa = [i for i in intents if i.get("/S") == "/GTS_PDFA1"]
    # 6.2.3: a PDF/A output intent with an ICC profile; several must share one profile.
    assert pdfa, "no /OutputIntents with /S /GTS_PDFA1"
    refs = {i.raw_get("/DestOutputProfile").idnum for i in pdfa}
    assert len(refs) == 1, refs
    profile: StreamObject = pdfa[0]["/DestOutputProfile"].get_object()
    icc = profile.get_data()
    # 6.2.3: an output device (monitor or printer) profile, ICC major version below 5, N its components.
    assert icc[12:16] in (b"mntr", b"prtr"), icc[12:16]
    assert icc[8] < 5, icc[8]
    components = {b"RGB ": 3, b"GRAY": 1, b"CMYK": 4}[icc[16:20]]
    n: Any = profile["/N"]
    assert n == components
    assert int.from_bytes(icc[:4], "big") == len(icc)  # the profile's own size field: not truncated
    return profile


def _content_streams(reader: PdfReader) -> Iterator[tuple[DictionaryObject, ContentStream]]:
    """(resources, content) of every page and every form XObject they draw."""
    for page in reader.pages:
        resources = page.get("/Resources") or DictionaryObject()
        yield resources, ContentStream(page["/Contents"].get_object(), reader)
        yield from _forms(reader, resources)


def _forms(reader: PdfReader, resources: DictionaryObject) -> Iterator[tuple[DictionaryObject, ContentStream]]:
    for xobject in (resources.get("/XObject") or {}).values():
        xobject = xobject.get_object()
        if xobject.get("/Subtype") == "/Form":
            inner = xobject.get("/Resources") or resources
            yield inner, ContentStream(xobject, reader)
            yield from _forms(reader, inner)


def colours_and_transparency(reader: PdfReader, profile: StreamObject) -> None:
    used: set[str] = set()
    for resources, content in _content_streams(reader):
        for operands, operator in content.operations:
            op = operator.decode("latin-1")
            if op in DEVICE_OPERATORS:
                used.add(DEVICE_OPERATORS[op])
            elif op in ("cs", "CS") and str(operands[0]).startswith("/Device"):
                used.add(str(operands[0])[len("/Device") :])
        for gs in (resources.get("/ExtGState") or {}).values():
            gs = gs.get_object()
            # 6.2.10: blend modes only the standard ones (fpdf2 writes Normal at most).
            assert gs.get("/BM", "/Normal") in ("/Normal", "/Compatible", "/Multiply", "/Screen"), gs
    for obj in objects(reader):
        if obj.get("/Subtype") == "/Image" and str(obj.get("/ColorSpace", "")).startswith("/Device"):
            used.add(str(obj["/ColorSpace"])[len("/Device") :])
    for page in reader.pages:
        group = page.get("/Group")
        if group is not None and str(group.get("/CS", "")).startswith("/Device"):
            used.add(str(group["/CS"])[len("/Device") :])
    # 6.2.4.3: DeviceRGB only with an RGB output intent, DeviceCMYK only with a CMYK one; DeviceGray
    # with any (the output intent was asserted above, so Gray needs nothing more).
    n: Any = profile["/N"]
    assert "RGB" not in used or n == 3, (used, n)
    assert "CMYK" not in used or n == 4, (used, n)


def _font_dicts(resources: DictionaryObject) -> Iterator[tuple[str, DictionaryObject]]:
    for name, font in (resources.get("/Font") or {}).items():
        yield name, font.get_object()


def fonts(reader: PdfReader) -> None:
    for resources, content in _content_streams(reader):
        fonts_here = dict(_font_dicts(resources))
        for font in fonts_here.values():
            base = str(font.get("/BaseFont"))
            descendants = font.get("/DescendantFonts")
            cid_font = descendants[0].get_object() if descendants else None
            descriptor = (cid_font or font).get("/FontDescriptor")
            # 6.2.11.4.1: every font program is embedded (the 14 standard fonts included).
            programs = {"/FontFile", "/FontFile2", "/FontFile3"} & set(descriptor.get_object() if descriptor else ())
            assert programs, f"font {base} is not embedded"
            if cid_font is not None:
                # 6.2.11.3.3: a composite font's CMap is Identity-H/V or embedded.
                encoding: Any = font["/Encoding"]
                assert encoding in ("/Identity-H", "/Identity-V") or isinstance(encoding.get_object(), StreamObject), (
                    encoding
                )
                # 6.2.11.3.2: an embedded TrueType CIDFont maps CIDs to glyphs (CIDToGIDMap).
                if cid_font["/Subtype"] == "/CIDFontType2":
                    assert "/CIDToGIDMap" in cid_font, base
        _no_notdef(content, fonts_here)


def _no_notdef(content: ContentStream, fonts_here: dict[str, DictionaryObject]) -> None:
    """6.2.11.8: no text shown with the .notdef glyph (GID 0): a character the font lacks."""
    maps: dict[str, bytes | None] = {}
    for name, font in fonts_here.items():
        descendants = font.get("/DescendantFonts")
        if not descendants:
            continue  # simple fonts: fpdf2 writes none with add_font
        gid_map = descendants[0].get_object()["/CIDToGIDMap"]
        maps[name] = None if gid_map == "/Identity" else gid_map.get_object().get_data()
    current: str | None = None
    for operands, operator in content.operations:
        op = operator.decode("latin-1")
        if op == "Tf":
            current = str(operands[0])
        elif op in TEXT_SHOWING and current in maps:
            strings = operands[0] if op == "TJ" else operands[-1:]
            for text in strings:
                if isinstance(text, (int, float)) or not hasattr(text, "original_bytes"):
                    continue
                raw = text.original_bytes
                gid_map = maps[current]
                for i in range(0, len(raw), 2):
                    cid = int.from_bytes(raw[i : i + 2], "big")
                    gid = cid if gid_map is None else int.from_bytes(gid_map[2 * cid : 2 * cid + 2] or b"\0\0", "big")
                    assert gid != 0, f"CID {cid} of font {current} is drawn as .notdef"


def actions(reader: PdfReader) -> None:
    root = catalog(reader)
    # 6.5.2: no additional actions (/AA) on the catalog or a page, no document JavaScript.
    assert "/AA" not in root
    assert all("/AA" not in page for page in reader.pages)
    assert "/JavaScript" not in (root.get("/Names") or {})
    # 6.5.1: no Launch, JavaScript (...) action anywhere: the open action, links, outlines.
    for obj in objects(reader):
        if obj.get("/Type", "/Action") == "/Action":
            assert obj.get("/S") not in FORBIDDEN_ACTIONS, dict(obj)


def xmp_root(reader: PdfReader) -> Any:
    stream = catalog(reader)["/Metadata"].get_object()
    # 6.6.2.1: the catalog's metadata stream is an XMP packet of /Type /Metadata, /Subtype /XML,
    # its xpacket header without the bytes or encoding attribute.
    assert (stream.get("/Type"), stream.get("/Subtype")) == ("/Metadata", "/XML")
    data = stream.get_data()
    packet = re.match(rb"<\?xpacket ([^?]*)\?>", data)
    assert packet is not None, data[:64]
    assert b"bytes=" not in packet.group(1)
    assert b"encoding=" not in packet.group(1)
    return etree.fromstring(data)


def _pdf_date(value: str) -> datetime:
    """D:YYYYMMDDHHmmSS+HH'mm' as an aware datetime."""
    m = re.fullmatch(r"D:(\d{14})(Z|[+-]\d\d'\d\d'?)?", value)
    assert m is not None, value
    zone = (m.group(2) or "Z").replace("'", "")
    return datetime.strptime(m.group(1) + ("+0000" if zone == "Z" else zone), "%Y%m%d%H%M%S%z")


def metadata(reader: PdfReader) -> None:
    xmp = xmp_root(reader)
    # 6.6.4: the XMP identifies PDF/A-3, conformance B.
    assert xmp.xpath("string(//pdfaid:part)", namespaces=XMP_NS) == "3"
    assert xmp.xpath("string(//pdfaid:conformance)", namespaces=XMP_NS) == "B"
    info = reader.trailer.get("/Info")
    info = info.get_object() if info is not None else {}
    # 6.6.2.3: each entry of the Info dictionary is present in the XMP with an equivalent value
    # (the dates the same instant).
    for key, value in info.items():
        assert key in INFO_XMP, f"Info {key} has no XMP analogue"
        found = [str(e.text or "") for e in xmp.xpath(f"//rdf:Description/{INFO_XMP[key]}", namespaces=XMP_NS)]
        assert found, f"Info {key} = {value!r} but no {INFO_XMP[key]} in the XMP"
        if key.endswith("Date"):
            assert _pdf_date(str(value)) == datetime.fromisoformat(found[0]), (key, value, found)
        else:
            assert str(value) == ", ".join(found), (key, value, found)


def embedded_files(reader: PdfReader) -> None:
    root = catalog(reader)
    names = list((root.get("/Names") or {}).get("/EmbeddedFiles", {}).get("/Names") or [])
    specs = [spec.get_object() for spec in names[1::2]]
    associated = {ref.idnum for ref in root.get("/AF") or []}
    assert specs, "no embedded file"
    for spec, ref in zip(specs, names[1::2], strict=True):
        # 6.8: a file specification with /F and /UF, its relationship to the document (/AFRelationship),
        # and associated with the document through the catalog's /AF.
        assert "/F" in spec, dict(spec)
        assert "/UF" in spec, dict(spec)
        assert spec.get("/AFRelationship") in ("/Source", "/Data", "/Alternative", "/Supplement", "/Unspecified")
        assert ref.idnum in associated
        stream = spec["/EF"]["/F"].get_object()
        # 6.8: the embedded file stream names its MIME type (/Subtype) and its /Params a /ModDate.
        assert "/Subtype" in stream, dict(stream)
        params = stream.get("/Params") or {}
        assert "/ModDate" in params, f"embedded file {spec.get('/UF')} has no /Params /ModDate"
        _pdf_date(str(params["/ModDate"]))
