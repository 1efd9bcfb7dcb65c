"""Packaging units: WEBSHOPVPE and the factors."""

from __future__ import annotations

from decimal import Decimal as D

from backoffice.catalogue import vpe

ARTICLE = {
    "ArtNr": "P1",
    "Verpackungen": [
        {"VPEinheit": "ST", "Faktor": D(1)},
        {"VPEinheit": "PAK", "Faktor": D(10)},
        {"VPEinheit": "KAR", "Faktor": D(100)},
    ],
}


def with_filter(value: str) -> dict:
    return {**ARTICLE, "attributes": [{"PHKey": "WEBSHOPVPE", "Contents": value}]}


def test_no_or_empty_webshopvpe_shows_all() -> None:
    assert [p["VPEinheit"] for p in vpe.visible_packagings(ARTICLE)] == ["ST", "PAK", "KAR"]
    assert [p["VPEinheit"] for p in vpe.visible_packagings(with_filter(""))] == ["ST", "PAK", "KAR"]


def test_webshopvpe_restricts_in_stored_order() -> None:
    assert [p["VPEinheit"] for p in vpe.visible_packagings(with_filter("KAR, PAK"))] == ["PAK", "KAR"]


def test_factors_and_conversions() -> None:
    assert vpe.factor(ARTICLE, None) == D(1)
    assert vpe.factor(ARTICLE, "KAR") == D(100)
    assert vpe.to_base(ARTICLE, "PAK", D(3)) == D(30)
    assert vpe.from_base(ARTICLE, "KAR", D(250)) == D("2.5")
    assert vpe.factor(with_filter("PAK"), "KAR") is None
    assert vpe.to_base(ARTICLE, "PAL", D(1)) is None


def test_has_vpe() -> None:
    assert vpe.has_vpe(ARTICLE)
    assert not vpe.has_vpe({"ArtNr": "X"})
