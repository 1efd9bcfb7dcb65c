"""Routes of /www/auftrag/{AuftNr}/rechnung: issue an order's e-invoice once, read it back; the invoice
by its number (/www/rechnung/{RechNr}) and the open items (/www/rechnung?status=offen)."""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any, Literal
from urllib.parse import urlencode

from backoffice.errors import NotAcceptable, NotFound
from backoffice.http.openapi import documented, error_responses, request_headers
from backoffice.http.resolver import (
    Path,
    Query,
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
from backoffice.links import link
from backoffice.local_dates import today
from backoffice.payments import store as payment_store
from backoffice.payments import views as payment_views
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
        issued = issue.issue_recorded(AuftNr, request_base(app))
        return created_response(_head(issued.record), status=201 if issued.created else 200)

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


def _head(record: dict[str, Any]) -> dict[str, Any]:
    """The head data with what came in: Zahlstatus, BetragBezahlt, BetragOffen, Bezahlt, Zahlungen."""
    view = issue.head_view(record, request_base(app))
    view["data"].update(payment_views.invoice_fields(record))
    return view


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
    wanted = _wanted(app.current_event.headers.get("Accept") or app.current_event.headers.get("accept"))
    return _answer(store.get_record(AuftNr), wanted)


# One representation each, whatever Accept says: a generated client parses one media type per
# operation, so the PDF and the XML have operations of their own (ADR 0051).
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
    return _answer(store.get_record(AuftNr), PDF)


@app.get(
    "/www/auftrag/<AuftNr>/rechnung/xml",
    summary="Read the order's invoice XML alone (GET .../rechnung with Accept: application/xml)",
    responses=_file_read(XML, "The invoice's CII XML (the one the PDF embeds)"),
    openapi_extensions=request_headers("If-None-Match"),
)
def read_xml(AuftNr: Annotated[str, Path(min_length=1, max_length=10)]):  # type: ignore[no-untyped-def]
    return _answer(store.get_record(AuftNr), XML)


def _answer(record: dict[str, Any], wanted: str):  # type: ignore[no-untyped-def]
    kind = {PDF: "Pdf", XML: "Xml", JSON: "Pdf"}[wanted]
    head = _head(record) if wanted == JSON else None
    # The JSON tag differs from the PDF's (a cache must not answer one representation for the
    # other), and changes with every payment booked to the invoice and every credit note that
    # changes what is open (BetragOffen, Zahlstatus): the rest of the JSON is the record's.
    paid = "" if head is None else _settled_tag(head["data"])
    tag = etag(str(record[f"{kind}SHA256"]) + paid)
    headers = {"ETag": tag, "Cache-Control": "no-cache", "Vary": "Accept"}
    if matches(app.current_event.headers.get("If-None-Match"), tag):
        return Response(304, None, "", headers=headers)
    if head is not None:
        return json_response(head, headers=headers)
    body = store.get_file(record, kind)
    headers["Content-Length"] = str(len(body))
    headers["Content-Disposition"] = f'inline; filename="rechnung-{record["RechNr"]}.{kind.lower()}"'
    return Response(200, wanted, body, headers=headers)


def _settled_tag(data: dict[str, Any]) -> str:
    settled = (len(data.get("Zahlungen") or ()), data["BetragBezahlt"], data["BetragOffen"], data["Zahlstatus"])
    return "-json-" + "-".join(map(str, settled))


READ_RESPONSES = {
    **documented(
        200,
        "RechnungAntwort",
        description="The PDF/A-3 with the embedded XML, the XML, or the head data as JSON",
        binary=(PDF, XML),
        headers={**FILE_HEADERS, "Content-Length": {"description": "Length in bytes.", "schema": {"type": "integer"}}},
        errors=(404, 406),
    ),
    **documented(304, description="Not modified: the If-None-Match tag is current", headers=FILE_HEADERS),
}


@app.get(
    "/www/rechnung/<RechNr>",
    summary="Read an invoice by its number: the PDF, the XML alone, or its head data with its payments (Accept)",
    responses=READ_RESPONSES,
    openapi_extensions=request_headers("If-None-Match"),
)
# No return annotation: as `read`, the PDF and XML pass the resolver untouched.
def read_by_number(RechNr: Annotated[str, Path(min_length=1, max_length=10, pattern=r"^[0-9]+$")]):  # type: ignore[no-untyped-def]
    wanted = _wanted(app.current_event.headers.get("Accept") or app.current_event.headers.get("accept"))
    return _answer(_record_by_number(RechNr), wanted)


@app.get(
    "/www/rechnung/<RechNr>/pdf",
    summary="Read an invoice's PDF/A-3 by its number (GET /www/rechnung/{RechNr} with Accept: application/pdf)",
    responses=_file_read(PDF, "The PDF/A-3 with the embedded XML"),
    openapi_extensions=request_headers("If-None-Match"),
)
def read_pdf_by_number(RechNr: Annotated[str, Path(min_length=1, max_length=10, pattern=r"^[0-9]+$")]):  # type: ignore[no-untyped-def]
    return _answer(_record_by_number(RechNr), PDF)


@app.get(
    "/www/rechnung/<RechNr>/xml",
    summary="Read an invoice's XML alone by its number (GET /www/rechnung/{RechNr} with Accept: application/xml)",
    responses=_file_read(XML, "The invoice's CII XML (the one the PDF embeds)"),
    openapi_extensions=request_headers("If-None-Match"),
)
def read_xml_by_number(RechNr: Annotated[str, Path(min_length=1, max_length=10, pattern=r"^[0-9]+$")]):  # type: ignore[no-untyped-def]
    return _answer(_record_by_number(RechNr), XML)


def _record_by_number(rech_nr: str) -> dict[str, Any]:
    facts = payment_store.invoice_facts(rech_nr)
    if facts is None:
        raise NotFound(f"No invoice {rech_nr}.", {"RechNr": rech_nr})
    return store.get_record(str(facts["AuftNr"]))


@app.get(
    "/www/rechnung",
    summary="The open items: every invoice with something still due, oldest due first, totals per currency",
    description="`Summen` are over every invoice that matches, not the page; `limit` 0 is all of them.",
    responses=documented(200, "OffenePostenListe", description="A page of the open invoices and the totals"),
)
def open_items(
    status: Annotated[Literal["offen"], Query(description="offen: invoices with BetragOffen above 0")],
    faellig_bis: Annotated[date | None, Query(description="only those due on or before, YYYY-MM-DD")] = None,
    KundNr: Annotated[str | None, Query(min_length=1, max_length=8, description="only this customer's")] = None,
    limit: Annotated[int, Query(ge=0, le=10**9, description="invoices per page; 0 = all")] = 0,
    offset: Annotated[int, Query(ge=0, le=10**9)] = 0,
) -> Response[str]:
    until = faellig_bis.isoformat() if faellig_bis else None
    found = payment_views.open_items(until, KundNr, today(), limit, offset)
    base = request_base(app)
    for row in found.items:
        row["links"] = [link(base, f"/www/rechnung/{row['RechNr']}", "rechnung/")]
    wanted = {"status": status, "faellig_bis": until, "KundNr": KundNr, "limit": limit, "offset": offset + limit}
    query = urlencode({k: v for k, v in wanted.items() if v is not None})  # a link is a URI: values encoded
    links = [link(base, f"/www/rechnung?{query}", "next")] if limit else []
    return json_response({"data": found.items, "count": found.count, "Summen": found.totals, "links": links})


lambda_handler = entrypoint(app)
