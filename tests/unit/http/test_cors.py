"""The CORS headers of /www/zugferd answers, from the ALLOWED_ORIGINS setting."""

from __future__ import annotations

from backoffice.http.cors import allowed_origins, cors_headers

COMMON = {
    "Access-Control-Allow-Methods": "OPTIONS, POST",
    "Access-Control-Allow-Headers": "Authorization, Content-Type",
    "Access-Control-Expose-Headers": "Content-Disposition, Content-Length",
    "Access-Control-Max-Age": "600",
}


def test_star_allows_every_origin() -> None:
    assert cors_headers("*", "https://shop.example") == COMMON | {"Access-Control-Allow-Origin": "*"}
    assert cors_headers("*", None) == COMMON | {"Access-Control-Allow-Origin": "*"}


def test_a_listed_origin_is_echoed() -> None:
    setting = "https://shop.example, https://b2b.example/"
    assert allowed_origins(setting) == ["https://shop.example", "https://b2b.example"]
    assert cors_headers(setting, "https://b2b.example") == COMMON | {
        "Access-Control-Allow-Origin": "https://b2b.example",
        "Vary": "Origin",
    }


def test_an_unlisted_origin_gets_no_allow_origin() -> None:
    assert cors_headers("https://shop.example", "https://evil.example") == COMMON | {"Vary": "Origin"}
    assert cors_headers("https://shop.example", None) == COMMON | {"Vary": "Origin"}


def test_empty_setting_means_star() -> None:
    assert allowed_origins(" ") == ["*"]
