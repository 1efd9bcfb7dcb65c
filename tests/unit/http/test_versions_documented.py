"""docs/openapi.json documents what issue 22 added: Idempotency-Key, ETag, If-None-Match (304),
If-Match (412) on the operations that honour them, and the gateway's 431 on every operation."""

from __future__ import annotations

import json

import pytest

from local.openapi import DOCUMENT

DOC = json.loads(DOCUMENT.read_text(encoding="utf-8"))
IDEMPOTENT = [
    ("post", "/www/auftrag"),
    ("put", "/www/auftrag"),
    ("post", "/www/kunden"),
    ("post", "/www/offerte"),
    ("patch", "/www/offerte"),
    ("patch", "/www/adressen/{AdrNr}"),
    ("post", "/www/auftrag/{AuftNr}/rechnung"),
    ("post", "/www/rechnung/{RechNr}/gutschrift"),
]
VERSIONED_READS = [
    ("get", "/www/auftrag/{AuftNr}"),
    ("get", "/www/offerte"),
    ("get", "/www/kunden/{DebiNr}"),
    ("get", "/www/adressen/{AdrNr}"),
]
CONDITIONAL_PATCHES = [("patch", "/www/offerte"), ("patch", "/www/adressen/{AdrNr}")]


def headers(method: str, path: str) -> set[str]:
    """The request headers an operation honours: header `parameters`, each also named in its description."""
    op = DOC["paths"][path][method]
    names = {p["name"] for p in op.get("parameters", []) if p["in"] == "header"}
    assert all(f"`{name}`" in op["description"] for name in names)
    return names


def test_the_idempotent_operations_take_the_key():
    assert {op for op in IDEMPOTENT if "Idempotency-Key" in headers(*op)} == set(IDEMPOTENT)


@pytest.mark.parametrize(("method", "path"), VERSIONED_READS)
def test_a_versioned_read_gives_its_etag_and_304(method, path):
    responses = DOC["paths"][path][method]["responses"]
    assert "If-None-Match" in headers(method, path)
    assert "ETag" in responses["200"]["headers"]
    assert "ETag" in responses["304"]["headers"]
    assert "content" not in responses["304"]


@pytest.mark.parametrize(("method", "path"), CONDITIONAL_PATCHES)
def test_a_conditional_patch_takes_if_match_and_answers_412(method, path):
    responses = DOC["paths"][path][method]["responses"]
    assert "If-Match" in headers(method, path)
    assert responses["412"]["description"].startswith("precondition_failed")
    success = responses["200" if "200" in responses else "204"]
    assert "ETag" in success["headers"]


def test_every_operation_documents_the_431():
    operations = [op for item in DOC["paths"].values() for op in item.values()]
    assert all("431" in op["responses"] for op in operations)
