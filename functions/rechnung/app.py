"""Routes of /www/auftrag/{AuftNr}/rechnung: issue an order's e-invoice once, read it back."""

from __future__ import annotations

from typing import Annotated, Any

from backoffice.errors import NotAcceptable
from backoffice.http.openapi import documented, error_responses, request_headers
from backoffice.http.resolver import (
    Path,
    Response,
    created_response,
    entrypoint,
    json_response,
    make_resolver,
    once,
    request_base,
)
from backoffice.http.responses import etag, matches, negotiate
from backoffice.invoices import issue, store
from backoffice.platform.environment import check_environment

check_environment(store.ARCHIVE_VARIABLE)  # at init: in AWS, the archive's name or a failure naming it
app = make_resolver()

# The invoice's own 409s: the order may not be invoiced, or another request is issuing it right now.
CONFLICT = error_responses(
    (409,),
    "conflict: the order may not be invoiced (its state, no positions, no seller configured, an EUR invoice "
    "without Firma.BIC), or another request is issuing this invoice right now: then retry after Retry-After "
    "seconds, and the answer is that invoice.",
)
CONFLICT[409]["headers"] = {
    "Retry-After": {"description": "Seconds to wait while another request issues it.", "schema": {"type": "string"}}
}

PDF, XML, JSON = "application/pdf", "application/xml", "application/json"


@app.post(
    "/www/auftrag/<AuftNr>/rechnung",
    summary="Issue the order's invoice (once; a repeat answers the same invoice with 200)",
    responses={
        **documented(201, "RechnungAntwort", description="The invoice is issued", errors=(404,)),
        **CONFLICT,
        **documented(200, "RechnungAntwort", description="The invoice was issued before"),
    },
    openapi_extensions=request_headers("Idempotency-Key"),
)
def create(AuftNr: Annotated[str, Path(min_length=1, max_length=10)]) -> Response[str]:
    def _issue() -> Response[str]:
        base = request_base(app)
        issued = issue.issue_recorded(AuftNr, base)
        return created_response(issue.head_view(issued.record, base), status=201 if issued.created else 200)

    # A replay is the first answer's text (backoffice.http.resolver.once): exact decimals stay numbers.
    return once(app, "rechnung-post", _issue, payload={"AuftNr": AuftNr})


# text/xml is the XML too; the order breaks ties, so */* (or no Accept) is the PDF a browser link wants.
OFFERED = (PDF, XML, "text/xml", JSON)


def _wanted(accept: str | None) -> str:
    """The representation the Accept header weighs highest (q-values count), or a 406."""
    chosen = negotiate(accept, OFFERED)
    if chosen is None:
        raise NotAcceptable(
            f"The invoice is available as {PDF}, {XML} or {JSON}.", {"Accept": accept, "available": [PDF, XML, JSON]}
        )
    return XML if chosen == "text/xml" else chosen


FILE_HEADERS = {
    "ETag": {"description": "Version of the representation; send it as If-None-Match.", "schema": {"type": "string"}},
    "Cache-Control": {"description": "no-cache: revalidate with If-None-Match.", "schema": {"type": "string"}},
}


# No return annotation: the PDF is binary and must pass the resolver's response validation untouched.
@app.get(
    "/www/auftrag/<AuftNr>/rechnung",
    summary="Read the order's invoice: the PDF, the XML alone, or its head data (Accept)",
    responses={
        **documented(
            200,
            "RechnungAntwort",
            description="The PDF/A-3 with the embedded XML, the XML, or the head data as JSON",
            binary=(PDF, XML),
            headers={
                **FILE_HEADERS,
                "Content-Length": {"description": "Length in bytes.", "schema": {"type": "integer"}},
            },
            errors=(404, 406),
        ),
        **documented(304, description="Not modified: the If-None-Match tag is current", headers=FILE_HEADERS),
    },
    openapi_extensions=request_headers("If-None-Match"),
)
# No return annotation: powertools would take it as the response model and validate (and coerce) the
# PDF or XML it answers.
def read(AuftNr: Annotated[str, Path(min_length=1, max_length=10)]):  # type: ignore[no-untyped-def]
    return _answer(AuftNr, _wanted(app.current_event.headers.get("Accept") or app.current_event.headers.get("accept")))


# One representation each, whatever Accept says: a generated client parses one media type per
# operation, so the PDF and the XML have operations of their own (docs/decisions.md, issue 28).
def _file_read(media_type: str, what: str) -> dict[int, Any]:
    return {
        **documented(
            200,
            description=what,
            binary=(media_type,),
            headers={
                **FILE_HEADERS,
                "Content-Length": {"description": "Length in bytes.", "schema": {"type": "integer"}},
            },
            errors=(404,),
        ),
        **documented(304, description="Not modified: the If-None-Match tag is current", headers=FILE_HEADERS),
    }


@app.get(
    "/www/auftrag/<AuftNr>/rechnung/pdf",
    summary="Read the order's invoice PDF/A-3 (GET .../rechnung with Accept: application/pdf)",
    responses=_file_read(PDF, "The PDF/A-3 with the embedded XML"),
    openapi_extensions=request_headers("If-None-Match"),
)
def read_pdf(AuftNr: Annotated[str, Path(min_length=1, max_length=10)]):  # type: ignore[no-untyped-def]
    return _answer(AuftNr, PDF)


@app.get(
    "/www/auftrag/<AuftNr>/rechnung/xml",
    summary="Read the order's invoice XML alone (GET .../rechnung with Accept: application/xml)",
    responses=_file_read(XML, "The invoice's CII XML (the one the PDF embeds)"),
    openapi_extensions=request_headers("If-None-Match"),
)
def read_xml(AuftNr: Annotated[str, Path(min_length=1, max_length=10)]):  # type: ignore[no-untyped-def]
    return _answer(AuftNr, XML)


def _answer(AuftNr: str, wanted: str):  # type: ignore[no-untyped-def]
    record = store.get_record(AuftNr)
    kind = {PDF: "Pdf", XML: "Xml", JSON: "Pdf"}[wanted]
    # The JSON tag differs from the PDF's: a cache must not answer one representation for the other.
    tag = etag(str(record[f"{kind}SHA256"]) + ("-json" if wanted == JSON else ""))
    headers = {"ETag": tag, "Cache-Control": "no-cache", "Vary": "Accept"}
    if matches(app.current_event.headers.get("If-None-Match"), tag):
        return Response(304, None, "", headers=headers)
    if wanted == JSON:
        return json_response(issue.head_view(record, request_base(app)), headers=headers)
    body = store.get_file(record, kind)
    headers["Content-Length"] = str(len(body))
    headers["Content-Disposition"] = f'inline; filename="rechnung-{record["RechNr"]}.{kind.lower()}"'
    return Response(200, wanted, body, headers=headers)


lambda_handler = entrypoint(app)
