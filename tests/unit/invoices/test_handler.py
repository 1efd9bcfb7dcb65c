"""The zugferd handler in-process (moto): Verbose and the summary line, Debug's work files, CORS on errors."""

from __future__ import annotations

import base64
import io
import json
from collections.abc import Iterator
from typing import Any

import pytest

from bench.zugferd_samples import invoice_pdf, invoice_xml
from tests.support import invoke
from tests.support.invoke import Context

CTX = Context("zugferd", request_id="req-0001")


@pytest.fixture
def handler(aws: Any) -> Any:
    return invoke.handler("zugferd")


def event(body: dict[str, Any], origin: str | None = None) -> dict[str, Any]:
    return invoke.event("POST", "/www/zugferd", body, headers={"Origin": origin} if origin else None)


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


@pytest.fixture
def service_log(handler: Any) -> Iterator[io.StringIO]:
    """The structured lines the function writes to its log."""
    from backoffice.http.resolver import logger

    buf = io.StringIO()
    previous = logger.registered_handler.setStream(buf)
    yield buf
    logger.registered_handler.setStream(previous)


def log_lines(buf: io.StringIO) -> list[dict[str, Any]]:
    return [json.loads(line) for line in buf.getvalue().splitlines()]


def test_without_verbose_one_summary_line(handler: Any, service_log: io.StringIO) -> None:
    result = handler(event({"Operation": "Combine", "PDF": b64(invoice_pdf(1)), "XML": b64(invoice_xml("basic"))}), CTX)
    assert result["statusCode"] == 200
    lines = log_lines(service_log)
    assert [line["message"] for line in lines] == ["zugferd request"]
    summary = lines[0]
    assert summary["operation"] == "Combine"
    assert summary["flavor"] == "factur-x"
    assert summary["profile"] == "basic"
    assert summary["attachment"] == "factur-x.xml"
    assert summary["outcome"] == "ok"
    assert summary["function_request_id"] == "req-0001"


def test_verbose_logs_every_library_line_with_the_request_id(handler: Any, service_log: io.StringIO) -> None:
    result = handler(event({"Operation": "Extract", "PDF": b64(invoice_pdf(1)), "Verbose": True}), CTX)
    assert result["statusCode"] == 400
    lines = log_lines(service_log)
    library = [line for line in lines if "library" in line]
    assert [line["message"] for line in library] == json.loads(result["body"])["info"]["subprocess_output"]
    assert all(line["function_request_id"] == "req-0001" for line in library)
    assert lines[-1]["message"] == "zugferd request"
    assert lines[-1]["outcome"] == "endpoint"


def test_debug_keeps_the_work_files_of_a_failure_too(handler: Any) -> None:
    from backoffice.platform.aws import client
    from backoffice.platform.environment import get_settings

    pdf = b"kein PDF"
    result = handler(event({"Operation": "Combine", "PDF": b64(pdf), "XML": b64(invoice_xml()), "Debug": True}), CTX)
    assert result["statusCode"] == 400
    listed = client("s3").list_objects_v2(Bucket=get_settings().bucket_name, Prefix="log/zugferd/req-0001/")
    assert sorted(o["Key"] for o in listed["Contents"]) == [
        "log/zugferd/req-0001/input.pdf",
        "log/zugferd/req-0001/input.xml",
    ]


def test_errors_carry_the_cors_headers(handler: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from backoffice.platform.caches import reset_caches

    monkeypatch.setenv("ALLOWED_ORIGINS", "https://shop.example")
    reset_caches()
    result = handler(event({"Operation": "Extract"}, origin="https://shop.example"), CTX)
    assert result["statusCode"] == 400
    headers = result["multiValueHeaders"]
    assert headers["Access-Control-Allow-Origin"] == ["https://shop.example"]
    assert headers["Vary"] == ["Origin"]
    reset_caches()


@pytest.mark.parametrize("field", ["PDF", "XML"])
def test_a_control_character_in_the_base64_is_a_400_naming_the_field(handler: Any, field: str) -> None:
    # PDF and XML are base64, not text (RequestModel.binary_fields): the strict decoding refuses
    # the character instead of the XML text rule, and names the field all the same.
    body = {"Operation": "Combine", "PDF": b64(invoice_pdf()), "XML": b64(invoice_xml())}
    body[field] = body[field][:8] + "\u0002" + body[field][8:]
    result = handler(event(body), CTX)
    assert result["statusCode"] == 400
    answer = json.loads(result["body"])
    assert answer["error"] == "invalid_request"
    assert list(answer["info"]["fields"]) == [field]
    assert answer["info"]["fields"][field].startswith("not valid base64")
