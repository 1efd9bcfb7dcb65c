"""OPTIONS and POST /www/zugferd: combine an invoice XML into a PDF/A-3, or extract it again."""

from typing import Annotated, Any, Literal

from backoffice.http.cors import cors_headers
from backoffice.http.openapi import documented
from backoffice.http.request_body import header
from backoffice.http.resolver import Body, Response, entrypoint, make_resolver
from backoffice.models import ConfigDict, Field, RequestModel
from backoffice.platform.environment import get_settings

app = make_resolver()


# What zugferd.decode_base64 accepts (strict base64, padded), for the document.
BASE64 = "^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$"


class ZugferdRequest(RequestModel):
    # For the document: Combine needs the XML (the handler answers 400 without it).
    model_config = ConfigDict(
        json_schema_extra={
            "if": {"properties": {"Operation": {"const": "Combine"}}, "required": ["Operation"]},
            "then": {"required": ["XML"], "properties": {"XML": {"type": "string"}}},
        }
    )

    binary_fields = frozenset({"PDF", "XML"})  # strict base64 (zugferd.decode_base64), not text

    Operation: Literal["Extract", "Combine"] = Field(description="Extract the embedded XML, or Combine XML and PDF")
    PDF: str = Field(
        min_length=1,
        description="the PDF, base64",
        json_schema_extra={"contentEncoding": "base64", "contentMediaType": "application/pdf", "pattern": BASE64},
    )
    XML: str | None = Field(
        default=None,
        min_length=1,
        description="the invoice XML (ZUGFeRD / Factur-X), base64; required for Combine",
        json_schema_extra={"contentEncoding": "base64", "contentMediaType": "application/xml", "pattern": BASE64},
    )
    Verbose: bool = False
    Debug: bool = False

    def __repr_args__(self) -> Any:
        # The resolver logs the request's repr: the megabytes of base64 are left out of it.
        yield "Operation", self.Operation
        yield "PDF", f"<{len(self.PDF)} base64 characters>"
        yield "XML", None if self.XML is None else f"<{len(self.XML)} base64 characters>"
        yield "Verbose", self.Verbose
        yield "Debug", self.Debug


def _header(description: str) -> dict[str, Any]:
    return {"description": description, "schema": {"type": "string"}}


# Every answer carries them (lambda_handler); Allow-Origin only for an allowed Origin.
CORS_HEADERS = {
    "Access-Control-Allow-Origin": _header("The calling origin when allowed (ALLOWED_ORIGINS), or *."),
    "Access-Control-Allow-Methods": _header("OPTIONS, POST"),
    "Access-Control-Allow-Headers": _header("Authorization, Content-Type"),
    "Access-Control-Expose-Headers": _header("Content-Disposition, Content-Length"),
    "Access-Control-Max-Age": _header("Seconds a browser may keep this preflight."),
}
FILE_HEADERS = {
    **CORS_HEADERS,
    "Content-Length": {"description": "Length of the file in bytes.", "schema": {"type": "integer"}},
    "Content-Disposition": _header('attachment; filename="invoice.pdf" (Combine) or the XML\'s name (Extract).'),
    "X-Debug-Prefix": _header("With Debug: where the work files are kept in the bucket."),
}


@app.route(
    "/www/zugferd",
    method="OPTIONS",
    summary="CORS preflight",
    responses=documented(204, description="The CORS headers", headers=CORS_HEADERS),
)
def preflight() -> Response[str]:
    # The CORS headers are added to every answer by lambda_handler below.
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


_handler = entrypoint(app)


def lambda_handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
    """The function's handler: every answer, errors included, carries the CORS headers."""
    result = _handler(event, context)
    extra = cors_headers(get_settings().allowed_origins, header(event, "origin"))
    if "multiValueHeaders" in result:
        for name, value in extra.items():
            result["multiValueHeaders"][name] = [value]
    else:
        result.setdefault("headers", {}).update(extra)
    return result
