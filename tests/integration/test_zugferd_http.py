"""POST and OPTIONS /www/zugferd over real HTTP against the local stack."""

from __future__ import annotations

import base64
import io
from collections.abc import Callable
from typing import Any

import pypdf
import pytest
import requests

from bench.zugferd_samples import invoice_pdf, invoice_xml
from tests.support import Api, error_json
from tests.support.demo import ROOT

pytestmark = pytest.mark.integration

CORS = {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Allow-Methods": "OPTIONS, POST",
    "Access-Control-Allow-Headers": "Authorization, Content-Type",
    "Access-Control-Max-Age": "600",
}
JSON = "application/json; charset=iso-8859-1"


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def post(api: Api, **body: Any) -> requests.Response:
    return api.post("/www/zugferd", json=body)


def assert_cors(resp: requests.Response) -> None:
    assert {k: resp.headers.get(k) for k in CORS} == CORS


def endpoint_error(resp: requests.Response, filename: str) -> dict[str, Any]:
    assert resp.status_code == 400, resp.text
    assert resp.headers["Content-Type"] == JSON
    body = error_json(resp)
    assert set(body) == {"error", "error_description", "info"}
    assert body["error"] == "endpoint"
    assert set(body["info"]) == {"filename", "subprocess_output"}
    assert body["info"]["filename"] == filename
    assert body["info"]["subprocess_output"]
    assert all(isinstance(line, str) for line in body["info"]["subprocess_output"])
    assert_cors(resp)
    return body


def test_combine_then_extract_round_trip(api: Api) -> None:
    pdf, xml = invoice_pdf(pages=3), invoice_xml("en16931", "EUR")

    combined = post(api, Operation="Combine", PDF=b64(pdf), XML=b64(xml))

    assert combined.status_code == 200, combined.text
    assert combined.headers["Content-Type"] == "application/pdf"
    assert combined.headers["Content-Length"] == str(len(combined.content))
    assert_cors(combined)
    reader = pypdf.PdfReader(io.BytesIO(combined.content))
    assert len(reader.pages) == 3
    assert reader.attachments == {"factur-x.xml": [xml]}

    extracted = post(api, Operation="Extract", PDF=b64(combined.content))

    assert extracted.status_code == 200, extracted.text
    assert extracted.headers["Content-Type"] == "application/xml"
    assert extracted.headers["Content-Disposition"] == 'attachment; filename="factur-x.xml"'
    assert extracted.headers["Content-Length"] == str(len(xml))
    assert extracted.content == xml
    assert_cors(extracted)


def encrypted(pdf: bytes) -> bytes:
    writer = pypdf.PdfWriter(clone_from=io.BytesIO(pdf))
    writer.encrypt("geheim", algorithm="AES-128")
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


FAILURES: list[tuple[str, Callable[[], dict[str, str]], str, str]] = [
    (
        "not a PDF",
        lambda: {"Operation": "Combine", "PDF": b64(b"Rechnung als Text"), "XML": b64(invoice_xml())},
        "input.pdf",
        "The PDF input is not a PDF file",
    ),
    (
        "damaged PDF",
        lambda: {"Operation": "Combine", "PDF": b64(invoice_pdf(3)[:1500]), "XML": b64(invoice_xml())},
        "input.pdf",
        "The PDF is damaged and cannot be read",
    ),
    (
        "encrypted PDF",
        lambda: {"Operation": "Combine", "PDF": b64(encrypted(invoice_pdf(2))), "XML": b64(invoice_xml())},
        "input.pdf",
        "The PDF is encrypted",
    ),
    (
        "malformed XML",
        lambda: {"Operation": "Combine", "PDF": b64(invoice_pdf(1)), "XML": b64(b"<a><b></a>")},
        "input.xml",
        "The XML is not well-formed",
    ),
    (
        "unknown flavor",
        lambda: {"Operation": "Combine", "PDF": b64(invoice_pdf(1)), "XML": b64(b"<Bestellung/>")},
        "input.xml",
        "The XML is no invoice of a known flavor",
    ),
    (
        "XSD failure",
        lambda: {
            "Operation": "Combine",
            "PDF": b64(invoice_pdf(1)),
            "XML": b64(invoice_xml().replace(b"<ram:TypeCode>380</ram:TypeCode>", b"<ram:Art>380</ram:Art>")),
        },
        "input.xml",
        "The XML does not pass the XSD of factur-x en16931",
    ),
    (
        "no embedded XML",
        lambda: {"Operation": "Extract", "PDF": b64(invoice_pdf(2))},
        "input.pdf",
        "The PDF holds no embedded invoice XML",
    ),
]


@pytest.mark.parametrize(("case", "body", "filename", "description"), FAILURES, ids=[f[0] for f in FAILURES])
def test_processing_failures_answer_the_endpoint_error(
    api: Api, case: str, body: Callable[[], dict[str, str]], filename: str, description: str
) -> None:
    error = endpoint_error(api.post("/www/zugferd", json=body()), filename)
    assert error["error_description"].startswith(description)
    if case == "XSD failure":
        assert any("XSD Error" in line and "Art" in line for line in error["info"]["subprocess_output"])


SHAPE: list[tuple[dict[str, Any], str]] = [
    ({"PDF": "JVBERi0="}, "Operation"),
    ({"Operation": "Split", "PDF": "JVBERi0="}, "Operation"),
    ({"Operation": "Extract"}, "PDF"),
    ({"Operation": "Combine", "PDF": "JVBERi0="}, "XML"),
    ({"Operation": "Extract", "PDF": "kein base64!"}, "PDF"),
    ({"Operation": "Combine", "PDF": "JVBERi0=", "XML": "@@@"}, "XML"),
    ({"Operation": "Extract", "PDF": "JVBERi0=", "Verbose": "yes"}, "Verbose"),
    ({"Operation": "Extract", "PDF": "JVBERi0=", "Debug": 1}, "Debug"),
    ({"Operation": "Extract", "PDF": "JVBERi0=", "Extra": True}, "Extra"),
]


@pytest.mark.parametrize(("body", "field"), SHAPE)
def test_request_shape_problems_name_the_field(api: Api, body: dict[str, Any], field: str) -> None:
    resp = api.post("/www/zugferd", json=body)
    assert resp.status_code == 400
    error = resp.json()
    assert error["error"] == "invalid_request"
    assert list(error["info"]["fields"]) == [field]
    assert_cors(resp)


def test_options_preflight_needs_no_token(local_stack: dict[str, Any]) -> None:
    resp = requests.options(
        local_stack["api"] + "/www/zugferd",
        headers={"Origin": "https://shop.example", "Access-Control-Request-Method": "POST"},
        timeout=30,
    )
    assert resp.status_code == 204
    assert resp.content == b""
    assert_cors(resp)


def test_post_without_token_is_401(local_stack: dict[str, Any]) -> None:
    resp = requests.post(
        local_stack["api"] + "/www/zugferd", json={"Operation": "Extract", "PDF": "JVBERi0="}, timeout=30
    )
    assert resp.status_code == 401
    assert resp.json()["error"] == "invalid_token"


def test_request_over_6_mb_is_413(api: Api) -> None:
    pdf = b"%PDF-1.4\n" + b"0" * (4_800_000)
    resp = post(api, Operation="Extract", PDF=b64(pdf))
    assert resp.status_code == 413
    body = error_json(resp)
    assert body["error"] == "payload_too_large"
    assert body["info"] == {"limit": 6291456}


def test_debug_keeps_the_three_work_files_until_delete_log(
    api: Api, operator_api: Api, local_client: Callable[[str], Any]
) -> None:
    pdf, xml = invoice_pdf(2), invoice_xml("basic")
    resp = post(api, Operation="Combine", PDF=b64(pdf), XML=b64(xml), Debug=True)
    assert resp.status_code == 200
    prefix = resp.headers["X-Debug-Prefix"]
    assert prefix.startswith("log/zugferd/")
    s3 = local_client("s3")
    bucket = next(b["Name"] for b in s3.list_buckets()["Buckets"])
    listed = s3.list_objects_v2(Bucket=bucket, Prefix=prefix).get("Contents", [])
    assert sorted(o["Key"] for o in listed) == [prefix + "input.pdf", prefix + "input.xml", prefix + "output.pdf"]
    assert s3.get_object(Bucket=bucket, Key=prefix + "input.xml")["Body"].read() == xml
    assert s3.get_object(Bucket=bucket, Key=prefix + "output.pdf")["Body"].read() == resp.content

    assert operator_api.request("DELETE", "/www/log").status_code == 204

    assert s3.list_objects_v2(Bucket=bucket, Prefix=prefix).get("KeyCount") == 0


def test_without_debug_nothing_is_stored(api: Api, operator_api: Api, local_client: Callable[[str], Any]) -> None:
    assert operator_api.request("DELETE", "/www/log").status_code == 204
    resp = post(api, Operation="Combine", PDF=b64(invoice_pdf(1)), XML=b64(invoice_xml("minimum")))
    assert resp.status_code == 200
    assert "X-Debug-Prefix" not in resp.headers
    s3 = local_client("s3")
    bucket = next(b["Name"] for b in s3.list_buckets()["Buckets"])
    assert s3.list_objects_v2(Bucket=bucket, Prefix="log/zugferd/").get("KeyCount") == 0


@pytest.mark.parametrize("xml_file", ["invoice-en16931-chf.xml", "invoice-en16931-eur.xml"])
def test_demo_invoice_round_trip(api: Api, xml_file: str) -> None:
    demo = ROOT / "local" / "demo_data" / "zugferd"
    pdf, xml = (demo / "invoice.pdf").read_bytes(), (demo / xml_file).read_bytes()

    combined = post(api, Operation="Combine", PDF=b64(pdf), XML=b64(xml))
    assert combined.status_code == 200, combined.text
    extracted = post(api, Operation="Extract", PDF=b64(combined.content))

    assert extracted.status_code == 200
    assert extracted.content == xml
