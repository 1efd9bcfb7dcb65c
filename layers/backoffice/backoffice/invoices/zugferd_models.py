"""The body of POST /www/zugferd: the operation and the files, base64 (no PDF library loaded here)."""

from __future__ import annotations

from typing import Any, Literal

from backoffice.models import ConfigDict, Field, RequestModel

# What zugferd.decode_base64 accepts (strict base64, padded), for the document.
BASE64 = "^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$"


class ZugferdRequest(RequestModel):
    # For the document: Combine needs the XML (zugferd.run answers 400 without it).
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
