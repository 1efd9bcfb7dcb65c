"""Swagger UI at /docs of the local stack, in headless Chromium (Debian's, driven by Playwright).

It lists every operation of the document, and "Authorize" with a bearer token makes "Try it out"
reach the handlers (a 401 would mean the token was not sent). The screenshot is docs/swagger-ui.png.
"""

from __future__ import annotations

import json
import shutil
from typing import Any

import pytest
import requests

from local.template import ROOT

pytestmark = pytest.mark.integration

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
SCREENSHOT = ROOT / "docs" / "swagger-ui.png"


def test_docs_serves_the_document_and_the_assets(local_stack: dict[str, Any]) -> None:
    base = local_stack["api"]
    page = requests.get(f"{base}/docs", timeout=30)
    assert page.status_code == 200
    assert page.headers["Content-Type"] == "text/html; charset=utf-8"
    assert '<script src="/docs/swagger-ui-bundle.js">' in page.text
    doc = requests.get(f"{base}/docs/openapi.json", timeout=60).json()
    checked_in = json.loads((ROOT / "docs" / "openapi.json").read_text(encoding="utf-8"))
    assert doc["servers"] == [{"url": "/", "description": "This local stack"}]
    assert {k: v for k, v in doc.items() if k != "servers"} == {k: v for k, v in checked_in.items() if k != "servers"}
    bundle = requests.get(f"{base}/docs/swagger-ui-bundle.js", timeout=30)
    assert bundle.status_code == 200
    assert bundle.headers["Content-Type"] == "text/javascript"
    assert requests.get(f"{base}/docs/..%2Ftemplate.yaml", timeout=30).status_code == 404
    assert requests.post(f"{base}/docs", timeout=30).status_code == 405


def test_swagger_ui_lists_operations_and_authorize_works(local_stack: dict[str, Any], operator_api: Any) -> None:
    from playwright.sync_api import sync_playwright

    # The operation tried is DELETE /www/log: the operator's token.
    token = operator_api.session.headers["Authorization"].removeprefix("Bearer ")
    doc = json.loads((ROOT / "docs" / "openapi.json").read_text(encoding="utf-8"))
    operations = sum(len(item) for item in doc["paths"].values())
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 1600})
            page.goto(f"{local_stack['api']}/docs")
            page.wait_for_selector(".opblock-summary", timeout=60_000)
            assert page.locator(".opblock").count() == operations
            assert page.locator(".opblock-summary-path", has_text="/www/token").count() == 1
            page.screenshot(path=str(SCREENSHOT), full_page=False)

            page.click("button.authorize")
            page.locator(".auth-container", has_text="bearerAuth").locator("input").fill(token)
            page.locator(".auth-container", has_text="bearerAuth").locator("button.authorize").click()
            page.click("button.btn-done")

            op = page.locator(".opblock-delete", has_text="/www/log")
            op.locator(".opblock-summary").click()
            op.locator("button.try-out__btn").click()
            op.locator("button.execute").click()
            status = op.locator(".live-responses-table tbody .response-col_status").first
            status.wait_for(timeout=60_000)
            assert status.inner_text().strip() == "204"
        finally:
            browser.close()
