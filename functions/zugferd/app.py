"""OPTIONS and POST /www/zugferd: combine an invoice XML into a PDF/A-3, or extract it again."""

from typing import Annotated

from backoffice.http.cors import DOCUMENTED_HEADERS, with_cors_headers
from backoffice.http.openapi import documented
from backoffice.http.resolver import Body, Response, entrypoint, make_resolver
from backoffice.invoices.zugferd_models import ZugferdRequest

app = make_resolver()

FILE_HEADERS = {
    **DOCUMENTED_HEADERS,
    "Content-Length": {"description": "Length of the file in bytes.", "schema": {"type": "integer"}},
    "Content-Disposition": {
        "description": 'attachment; filename="invoice.pdf" (Combine) or the XML\'s name (Extract).',
        "schema": {"type": "string"},
    },
    "X-Debug-Prefix": {
        "description": "With Debug: where the work files are kept in the bucket.",
        "schema": {"type": "string"},
    },
}


@app.route(
    "/www/zugferd",
    method="OPTIONS",
    summary="CORS preflight",
    responses=documented(204, description="The CORS headers", headers=DOCUMENTED_HEADERS),
)
def preflight() -> Response[str]:
    # The CORS headers are added to every answer (lambda_handler below).
    return Response(204, None, "")


# No return annotation on purpose: the resolver would validate and serialise the binary body as a
# string (a PDF is no UTF-8); without one it hands a non-JSON Response through untouched.
@app.post(
    "/www/zugferd",
    summary="Combine an invoice XML into a PDF/A-3, or extract it from one",
    description="Combine answers the ZUGFeRD/Factur-X PDF, Extract the embedded XML. A processing "
    "failure is a 400 with error `endpoint` and info {filename, subprocess_output}.",
    responses=documented(
        200,
        description="The combined PDF, or the extracted XML",
        binary=("application/pdf", "application/xml"),
        headers=FILE_HEADERS,
    ),
)
# No return annotation: powertools would take it as the response model and validate (and coerce) the
# PDF or XML it answers.
def post(body: Annotated[ZugferdRequest, Body()]):  # type: ignore[no-untyped-def]
    # factur-x (pypdf, lxml, requests) loads with the first POST, not at init: a preflight never
    # needs it, and the function's init stays near that of a bare `import facturx` (docs/zugferd.md).
    from backoffice.invoices import zugferd

    answer = zugferd.run(
        body.Operation,
        body.PDF,
        body.XML,
        verbose=body.Verbose,
        debug=body.Debug,
        request_id=getattr(app.lambda_context, "aws_request_id", "local"),
    )
    return Response(200, answer.media_type, answer.content, headers=answer.headers())


# Every answer, errors included, carries the CORS headers.
lambda_handler = with_cors_headers(entrypoint(app))
