"""ZUGFeRD / Factur-X / XRechnung: embed an invoice XML into a PDF/A-3 and take it out again.

Only the zugferd function (and the rechnung function, to embed its invoices' XML) imports this
module: it carries factur-x, pypdf and lxml, which no other function should load. The work is
factur-x's (embedding, XMP, flavor and level detection, XSD check); this module picks the
flavor's attachment name, captures the library's log lines of the request and turns every
failure into the contract's `endpoint` error. `run` is one request: decode, Combine or Extract,
log a summary (and with Verbose the library's lines), keep the work files for Debug (in the
bucket, through store.py).
"""

from __future__ import annotations

import logging
import re
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any, cast

import facturx
import pybase64
from facturx import facturx as facturx_module
from lxml import etree
from pypdf import PdfWriter
from pypdf.errors import FileNotDecryptedError, PyPdfError
from pypdf.generic import StreamObject

from backoffice.errors import ApiError, EndpointError, InvalidRequest, PayloadTooLarge
from backoffice.platform.logger import logger

# The factur-x whose module constants and private metadata step (`_facturx_update_metadata_add_attachment`)
# `_attachment_as_xrechnung` and `_info_as_in_xmp` set for a call; the functions' requirements.txt
# pin it. For another one: read what those do now, run tests/unit/invoices/, then update this.
WRITTEN_FOR_FACTURX = "7.8"


def check_facturx(version: str) -> None:
    if version != WRITTEN_FOR_FACTURX:
        raise RuntimeError(
            f"backoffice/invoices/zugferd.py sets internals of factur-x {WRITTEN_FOR_FACTURX}, not of factur-x "
            f"{version}: check _attachment_as_xrechnung and _info_as_in_xmp against it, then update WRITTEN_FOR_FACTURX"
        )


check_facturx(facturx.__version__)

# The names the work files have in error answers and under the Debug prefix.
INPUT_PDF, INPUT_XML, OUTPUT_PDF, OUTPUT_XML = "input.pdf", "input.xml", "output.pdf", "output.xml"

# Lambda answers at most 6 MB (6,291,456 bytes) and a binary body travels base64-encoded in it;
# 16 KiB are left for the status line, the headers and the JSON envelope of the proxy result.
MAX_RESPONSE_BYTES = 6 * 1024 * 1024
MAX_BINARY_ANSWER_BYTES = (MAX_RESPONSE_BYTES - 16 * 1024) // 4 * 3

# The attachment name and XMP conformance level each flavor requires (ZUGFeRD 2.1.1+ for XRechnung).
FACTURX_FILENAME = "factur-x.xml"
XRECHNUNG_FILENAME = "xrechnung.xml"
XRECHNUNG_XMP_LEVEL = "XRECHNUNG"
EMBEDDABLE = ("factur-x", "order-x")

_LIBRARY_LOGGERS = ("factur-x", "pypdf")
# The XRechnung naming sets factur-x's module constants for one call, so Combine calls take turns.
_LIBRARY_LOCK = threading.Lock()
_capture = threading.local()


class _CaptureHandler(logging.Handler):
    """Hands each record of the library to the capture of the thread that runs the request."""

    def emit(self, record: logging.LogRecord) -> None:
        lines: list[logging.LogRecord] | None = getattr(_capture, "records", None)
        if lines is not None:
            lines.append(record)


def _install_capture() -> None:
    handler = _CaptureHandler(level=logging.DEBUG)
    for name in _LIBRARY_LOGGERS:
        lib_logger = logging.getLogger(name)
        lib_logger.addHandler(handler)
        # Captured lines go to the service log only with Verbose, never by propagation.
        lib_logger.propagate = False
    logging.getLogger("factur-x").setLevel(logging.DEBUG)
    logging.getLogger("pypdf").setLevel(logging.INFO)


_install_capture()


def format_record(record: logging.LogRecord) -> str:
    return f"{record.levelname} {record.name}: {record.getMessage()}"


@dataclass
class LibraryLog:
    """The library's log records of one request, in order."""

    records: list[logging.LogRecord] = field(default_factory=list)

    def lines(self) -> list[str]:
        return [format_record(r) for r in self.records]


@contextmanager
def captured_log() -> Iterator[LibraryLog]:
    log = LibraryLog()
    _capture.records = log.records
    try:
        yield log
    finally:
        _capture.records = None


@dataclass(frozen=True)
class Combined:
    pdf: bytes
    filename: str  # the attachment's name inside the PDF
    flavor: str
    level: str


@dataclass(frozen=True)
class Extracted:
    xml: bytes
    filename: str


def decode_base64(name: str, value: str) -> bytes:
    """A base64 field of the request as bytes; a 400 naming the field when it is not base64."""
    try:
        # pybase64 (SIMD) decodes megabytes some thirty times faster than binascii; for Extract,
        # whose library work is a few milliseconds, the decode was most of the handler's time.
        data = pybase64.b64decode(value, validate=True)
    except ValueError as exc:  # binascii.Error included
        raise InvalidRequest(f"{name} is not valid base64.", {name: f"not valid base64: {exc}"}) from exc
    if not data:
        raise InvalidRequest(f"{name} is empty.", {name: "must not be empty"})
    return data


def header_safe(filename: str) -> str:
    """An attachment name fit for a quoted header parameter: the PDF's author chose it, not us."""
    return re.sub(r"[^A-Za-z0-9._-]", "_", filename)[:255] or "invoice.xml"


def _looks_like_pdf(data: bytes) -> bool:
    # PDF readers accept the header anywhere in the first 1024 bytes.
    return b"%PDF-" in data[:1024]


def _pdf_error(exc: Exception, pdf: bytes, log: LibraryLog) -> EndpointError:
    if isinstance(exc, FileNotDecryptedError):
        text = "The PDF is encrypted (password protected); send it without encryption."
    elif not _looks_like_pdf(pdf):
        text = "The PDF input is not a PDF file (no %PDF- header); send the PDF itself, base64-encoded."
    else:
        text = f"The PDF is damaged and cannot be read ({type(exc).__name__}: {exc}); send an intact PDF."
    return EndpointError(text, INPUT_PDF, log.lines())


def _detect(xml: bytes, log: LibraryLog) -> tuple[str, str, bool]:
    """(flavor, level, is_xrechnung) of the invoice XML, by factur-x's own detection."""
    try:
        root = etree.fromstring(xml)
    except etree.XMLSyntaxError as exc:
        # lxml's own messages about the document: the parser is the library that found the fault.
        parser_lines = [f"ERROR lxml: line {e.line}, column {e.column}: {e.message}" for e in exc.error_log]
        raise EndpointError(f"The XML is not well-formed: {exc}.", INPUT_XML, log.lines() + parser_lines) from exc
    try:
        flavor = facturx.get_flavor(root)
    except Exception as exc:  # factur-x raises a bare Exception for an unknown root
        raise EndpointError(
            f"The XML is no invoice of a known flavor (root element {root.tag}): expected a Factur-X / "
            "ZUGFeRD 2.x or XRechnung CII document (rsm:CrossIndustryInvoice).",
            INPUT_XML,
            log.lines(),
        ) from exc
    if flavor == "zugferd":
        raise EndpointError(
            "The XML is ZUGFeRD 1.0, which factur-x no longer embeds: send it as ZUGFeRD 2.x / Factur-X.",
            INPUT_XML,
            log.lines(),
        )
    if flavor not in EMBEDDABLE:
        raise EndpointError(
            f"The XML is {flavor} (UBL); only CII invoices (Factur-X / ZUGFeRD 2.x, XRechnung CII) are "
            "embedded into a PDF.",
            INPUT_XML,
            log.lines(),
        )
    try:
        level = facturx.get_level(root, flavor)
    except ValueError as exc:
        raise EndpointError(f"The XML's profile is not recognised: {exc}.", INPUT_XML, log.lines()) from exc
    guideline = root.xpath(
        "string(//rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID)",
        namespaces=facturx.get_xml_namespaces(flavor),
    )
    return flavor, level, flavor == "factur-x" and "xrechnung" in str(guideline).lower()


@contextmanager
def _attachment_as_xrechnung(xrechnung: bool) -> Iterator[None]:
    """factur-x names every CII attachment factur-x.xml; XRechnung wants xrechnung.xml and its XMP level.

    The library reads both from its module constants at call time, so they are set for the call
    (under the lock every call holds) and restored after it.
    """
    if not xrechnung:
        yield
        return
    saved_name, saved_levels = facturx_module.FACTURX_FILENAME, facturx_module.FACTURX_LEVEL2xmp
    facturx_module.FACTURX_FILENAME = XRECHNUNG_FILENAME
    facturx_module.FACTURX_LEVEL2xmp = {**saved_levels, "en16931": XRECHNUNG_XMP_LEVEL}
    try:
        yield
    finally:
        facturx_module.FACTURX_FILENAME, facturx_module.FACTURX_LEVEL2xmp = saved_name, saved_levels


def _xsd_failure(exc: Exception) -> bool:
    return "XML Schema Definition" in str(exc)


def combine(pdf: bytes, xml: bytes, log: LibraryLog) -> Combined:
    """The PDF as PDF/A-3 with the XML embedded; EndpointError naming the work file at fault."""
    flavor, level, xrechnung = _detect(xml, log)
    try:
        with _LIBRARY_LOCK, _attachment_as_xrechnung(xrechnung), _info_as_in_xmp():
            out = facturx.generate_from_binary(pdf, xml, flavor=flavor, level=level, check_xsd=True)
    except PyPdfError as exc:
        raise _pdf_error(exc, pdf, log) from exc
    except Exception as exc:  # factur-x raises bare Exceptions; each is the input's fault
        if _xsd_failure(exc):
            raise EndpointError(
                f"The XML does not pass the XSD of {flavor} {level}: see subprocess_output for the XSD messages.",
                INPUT_XML,
                log.lines(),
            ) from exc
        if not _looks_like_pdf(pdf):
            raise _pdf_error(exc, pdf, log) from exc
        raise EndpointError(
            f"The PDF could not be combined with the XML ({type(exc).__name__}: {exc}).", OUTPUT_PDF, log.lines()
        ) from exc
    if len(out) > MAX_BINARY_ANSWER_BYTES:
        raise PayloadTooLarge(
            f"The combined PDF has {len(out)} bytes; an answer carries at most {MAX_BINARY_ANSWER_BYTES} bytes "
            "of PDF (6 MB base64-encoded). Send a smaller PDF.",
            {"limit": MAX_BINARY_ANSWER_BYTES, "filename": OUTPUT_PDF},
        )
    return Combined(out, XRECHNUNG_FILENAME if xrechnung else _facturx_name(flavor), flavor, level)


# The Info entries and the XMP properties PDF/A holds equal (ISO 19005-3, 6.6.2.3), as XPaths in the XMP.
_XMP_NS = {
    "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
    "dc": "http://purl.org/dc/elements/1.1/",
    "pdf": "http://ns.adobe.com/pdf/1.3/",
    "xmp": "http://ns.adobe.com/xap/1.0/",
}
_INFO_FROM_XMP = {
    "/Title": "//dc:title/rdf:Alt/rdf:li",
    "/Author": "//dc:creator/rdf:Seq/rdf:li",
    "/Subject": "//dc:description/rdf:Alt/rdf:li",
    "/Keywords": "//pdf:Keywords",
    "/Creator": "//xmp:CreatorTool",
    "/Producer": "//pdf:Producer",
    "/CreationDate": "//xmp:CreateDate",
    "/ModDate": "//xmp:ModifyDate",
}


def pdf_date(xmp_date: str) -> str:
    """An XMP date (2026-11-23T18:03:48+00:00) as a PDF date (D:20261123180348+00'00')."""
    moment = datetime.fromisoformat(xmp_date)
    offset = moment.strftime("%z") or "+0000"  # an XMP date without offset is read as UTC, as factur-x writes it
    return moment.strftime("D:%Y%m%d%H%M%S") + f"{offset[:3]}'{offset[3:]}'"


def info_as_in_xmp(writer: PdfWriter) -> None:
    """Make the document's Info dictionary of its XMP's values, entry for entry.

    factur-x writes the two apart: /Keywords only into Info, the dates from two readings of the
    clock (a second apart when the call straddles one), and the input PDF's own entries (its
    /Producer, say) stay beside an XMP that names another. PDF/A wants each Info entry equal to its
    XMP analogue, so Info is rebuilt from the XMP, which is the document's metadata of record.
    """
    xmp = etree.fromstring(cast(StreamObject, writer.root_object["/Metadata"].get_object()).get_data())
    info: dict[str, str] = {}
    for key, path in _INFO_FROM_XMP.items():
        values = [str(e.text) for e in xmp.xpath(path, namespaces=_XMP_NS) if e.text]
        if values:
            info[key] = pdf_date(values[0]) if key.endswith("Date") else ", ".join(values)
    writer.metadata = info


@contextmanager
def _info_as_in_xmp() -> Iterator[None]:
    """factur-x's metadata step, followed by `info_as_in_xmp` on the same writer, for one call.

    On the document factur-x is about to write, not on its output: reading and writing the whole
    PDF a second time cost as much as the embedding itself (38 ms of 55 for a 1 MB PDF). Set for
    the call, under the lock every call holds, as `_attachment_as_xrechnung` does.
    """
    original = facturx_module._facturx_update_metadata_add_attachment

    def then_info_from_xmp(pdf_writer: PdfWriter, *args: Any, **kwargs: Any) -> Any:
        result = original(pdf_writer, *args, **kwargs)
        info_as_in_xmp(pdf_writer)
        return result

    facturx_module._facturx_update_metadata_add_attachment = then_info_from_xmp
    try:
        yield
    finally:
        facturx_module._facturx_update_metadata_add_attachment = original


def _facturx_name(flavor: str) -> str:
    return facturx_module.ORDERX_FILENAME if flavor == "order-x" else FACTURX_FILENAME


def extract(pdf: bytes, log: LibraryLog) -> Extracted:
    """The invoice XML embedded in the PDF, byte for byte; EndpointError when there is none."""
    try:
        # Extract returns what is embedded; judging it against the XSD is Combine's job.
        filename, xml = facturx.get_xml_from_pdf(pdf, check_xsd=False)
    except PyPdfError as exc:
        raise _pdf_error(exc, pdf, log) from exc
    except Exception as exc:  # pypdf raises more than PyPdfError on bad input
        raise _pdf_error(exc, pdf, log) from exc
    if not filename or not xml:
        raise EndpointError(
            "The PDF holds no embedded invoice XML (no Factur-X, ZUGFeRD or XRechnung attachment).",
            INPUT_PDF,
            log.lines(),
        )
    if len(xml) > MAX_BINARY_ANSWER_BYTES:
        raise PayloadTooLarge(
            f"The embedded XML has {len(xml)} bytes; an answer carries at most {MAX_BINARY_ANSWER_BYTES} bytes.",
            {"limit": MAX_BINARY_ANSWER_BYTES, "filename": str(filename)},
        )
    return Extracted(bytes(xml), str(filename))


@dataclass(frozen=True)
class Answer:
    """What one request answers: the file, its media type and attachment name, and with Debug
    where its work files are kept."""

    media_type: str
    content: bytes
    filename: str
    debug_prefix: str | None = None

    def headers(self) -> dict[str, str]:
        """The answer's own headers: its length, its attachment name, and with Debug its work files' prefix."""
        headers = {
            "Content-Length": str(len(self.content)),
            "Content-Disposition": f'attachment; filename="{header_safe(self.filename)}"',
        }
        if self.debug_prefix:
            headers["X-Debug-Prefix"] = self.debug_prefix
        return headers


def run(operation: str, pdf_b64: str, xml_b64: str | None, *, verbose: bool, debug: bool, request_id: str) -> Answer:
    """One POST /www/zugferd: Combine (`xml_b64` given) or Extract; every failure an ApiError.

    Whatever the outcome, one summary line is logged (with Verbose, the library's lines before it)
    and with Debug the work files are kept under the log prefix (request id as folder).
    """
    pdf = decode_base64("PDF", pdf_b64)
    if operation == "Combine" and xml_b64 is None:
        raise InvalidRequest("XML is required for Combine.", {"XML": "required for Combine"})
    xml = decode_base64("XML", xml_b64) if operation == "Combine" and xml_b64 is not None else None
    files = {INPUT_PDF: pdf} | ({INPUT_XML: xml} if xml is not None else {})
    started = time.perf_counter()
    summary: dict[str, Any] = {"operation": operation, "pdf_bytes": len(pdf), "xml_bytes": len(xml or b"")}
    with captured_log() as log:
        try:
            answer = _work(pdf, xml, log, files, summary)
            summary["outcome"] = "ok"
        except ApiError as err:
            summary |= {"outcome": err.code, "error_description": err.description}
            raise
        finally:
            summary["ms"] = round((time.perf_counter() - started) * 1000, 1)
            _log_request(log, summary, verbose=verbose)
            if debug:
                _keep(request_id, files)
    if debug:
        return replace(answer, debug_prefix=_work_prefix(request_id))
    return answer


def _work(pdf: bytes, xml: bytes | None, log: LibraryLog, files: dict[str, bytes], summary: dict[str, Any]) -> Answer:
    """Combine (with `xml`) or Extract; the output noted in `files` and the request's `summary`."""
    if xml is not None:
        combined = combine(pdf, xml, log)
        files[OUTPUT_PDF] = combined.pdf
        summary |= {"flavor": combined.flavor, "profile": combined.level, "attachment": combined.filename}
        return Answer("application/pdf", combined.pdf, "invoice.pdf")
    extracted = extract(pdf, log)
    files[OUTPUT_XML] = extracted.xml
    summary |= {"attachment": extracted.filename}
    return Answer("application/xml", extracted.xml, extracted.filename)


def _log_request(log: LibraryLog, summary: dict[str, Any], verbose: bool) -> None:
    if verbose:
        for record, line in zip(log.records, log.lines(), strict=True):
            logger.info(line, extra={"library": record.name, "library_level": record.levelname})
    logger.info("zugferd request", extra=summary | {"library_lines": len(log.records)})


def _work_prefix(request_id: str) -> str:
    # The store (and boto3 with it) only loads for Debug requests: not in the function's cold-start path.
    from backoffice.invoices import store

    return store.work_prefix(request_id)


def _keep(request_id: str, files: dict[str, bytes]) -> None:
    from backoffice.invoices import store

    keys = store.keep_work_files(request_id, files)
    logger.info("zugferd work files kept", extra={"keys": keys})
