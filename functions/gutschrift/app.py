"""Routes of credit notes: POST /www/rechnung/{RechNr}/gutschrift issues one, GET /www/gutschrift/{GutschriftNr}
reads it back (PDF, XML or JSON by Accept), and .../pdf and .../xml read its files whatever Accept says."""

from __future__ import annotations

from typing import Annotated, Any

from backoffice.errors import NotAcceptable
from backoffice.http.openapi import documented, error_responses, request_headers
from backoffice.http.resolver import (
    Body,
    Path,
    Response,
    caller,
    created_response,
    entrypoint,
    json_response,
    make_resolver,
    once,
    request_base,
)
from backoffice.http.responses import etag, matches, negotiate
from backoffice.invoices import credit_notes, store
from backoffice.sales.credit_note_models import CreditNoteCreate, credited_positions

app = make_resolver()

CONFLICT = error_responses(
    (409,),
    "conflict: more than the invoice has left to credit (info names the position), nothing left to credit, "
    "no seller configured, or another request is issuing a credit note of this invoice right now: then retry "
    "after Retry-After seconds.",
)
CONFLICT[409]["headers"] = {
    "Retry-After": {"description": "Seconds to wait while another request credits it.", "schema": {"type": "string"}}
}

PDF, XML, JSON = "application/pdf", "application/xml", "application/json"
# text/xml is the XML too; the order breaks ties, so */* (or no Accept) is the PDF, as for invoices.
OFFERED = (PDF, XML, "text/xml", JSON)


@app.post(
    "/www/rechnung/<RechNr>/gutschrift",
    summary="Issue a credit note of an invoice (the positions given back, or all not credited yet)",
    responses={
        **documented(201, "GutschriftAntwort", description="The credit note is issued", errors=(404,)),
        **CONFLICT,
    },
    openapi_extensions=request_headers("Idempotency-Key"),
)
def create(
    RechNr: Annotated[str, Path(min_length=1, max_length=10)],
    body: Annotated[CreditNoteCreate | None, Body()] = None,
) -> Response[str]:
    user = caller(app).user
    wanted = credit_notes.Request(
        RechNr, credited_positions(body), bool(body and body.Retoure), user, request_base(app)
    )

    def _issue() -> Response[str]:
        return created_response(credit_notes.head_view(credit_notes.issue(wanted), request_base(app)))

    payload = {"RechNr": RechNr, "body": body.model_dump(mode="json") if body else None}
    return once(app, "gutschrift-post", _issue, payload=payload)


def _wanted(accept: str | None) -> str:
    """The representation the Accept header weighs highest (q-values count), or a 406."""
    chosen = negotiate(accept, OFFERED)
    if chosen is None:
        raise NotAcceptable(
            f"The credit note is available as {PDF}, {XML} or {JSON}.",
            {"Accept": accept, "available": [PDF, XML, JSON]},
        )
    return XML if chosen == "text/xml" else chosen


FILE_HEADERS = {
    "ETag": {"description": "Version of the representation; send it as If-None-Match.", "schema": {"type": "string"}},
    "Cache-Control": {"description": "no-cache: revalidate with If-None-Match.", "schema": {"type": "string"}},
}


@app.get(
    "/www/gutschrift/<GutschriftNr>",
    summary="Read a credit note: the PDF, the XML alone, or its head data (Accept)",
    responses={
        **documented(
            200,
            "GutschriftAntwort",
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
def read(GutschriftNr: Annotated[str, Path(min_length=1, max_length=10)]):  # type: ignore[no-untyped-def]
    headers_in = app.current_event.headers
    wanted = _wanted(headers_in.get("Accept") or headers_in.get("accept"))
    return _answer(GutschriftNr, wanted)


# One representation each, whatever Accept says: a generated client parses one media type per
# operation, so the PDF and the XML have operations of their own, as the invoice's (ADR 0051).
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
    "/www/gutschrift/<GutschriftNr>/pdf",
    summary="Read a credit note's PDF/A-3 (GET /www/gutschrift/{GutschriftNr} with Accept: application/pdf)",
    responses=_file_read(PDF, "The PDF/A-3 with the embedded XML"),
    openapi_extensions=request_headers("If-None-Match"),
)
def read_pdf(GutschriftNr: Annotated[str, Path(min_length=1, max_length=10)]):  # type: ignore[no-untyped-def]
    return _answer(GutschriftNr, PDF)


@app.get(
    "/www/gutschrift/<GutschriftNr>/xml",
    summary="Read a credit note's XML alone (GET /www/gutschrift/{GutschriftNr} with Accept: application/xml)",
    responses=_file_read(XML, "The credit note's CII XML (the one the PDF embeds)"),
    openapi_extensions=request_headers("If-None-Match"),
)
def read_xml(GutschriftNr: Annotated[str, Path(min_length=1, max_length=10)]):  # type: ignore[no-untyped-def]
    return _answer(GutschriftNr, XML)


def _answer(GutschriftNr: str, wanted: str):  # type: ignore[no-untyped-def]
    record = store.get_credit_record(GutschriftNr)
    kind = {PDF: "Pdf", XML: "Xml", JSON: "Pdf"}[wanted]
    # The JSON tag differs from the PDF's: a cache must not answer one representation for the other.
    tag = etag(str(record[f"{kind}SHA256"]) + ("-json" if wanted == JSON else ""))
    headers = {"ETag": tag, "Cache-Control": "no-cache", "Vary": "Accept"}
    if matches(app.current_event.headers.get("If-None-Match"), tag):
        return Response(304, None, "", headers=headers)
    if wanted == JSON:
        return json_response(credit_notes.head_view(record, request_base(app)), headers=headers)
    body = store.get_file(record, kind)
    headers["Content-Length"] = str(len(body))
    headers["Content-Disposition"] = f'inline; filename="gutschrift-{GutschriftNr}.{kind.lower()}"'
    return Response(200, wanted, body, headers=headers)


lambda_handler = entrypoint(app)
