"""Visibility, languages, tax rate, stock and the read shape."""

from __future__ import annotations

from decimal import Decimal as D

from backoffice.catalogue import articles


def article(**extra: object) -> dict:
    base = {
        "ArtNr": "A1",
        "ArtBez": {"ger": "Käse", "fre": "Fromage"},
        "attributes": [{"PHKey": "RESTWEBSHOP", "Contents": "SHOP, B2B"}],
        "Preise": [
            {
                "Preisliste": "VK",
                "WaehrAbk": "CHF",
                "Preisart": "N",
                "Staffel": [{"AbAnzahl": D(1), "PreisList": D("4.20")}],
            }
        ],
    }
    return {**base, **extra}


def test_visibility_by_restwebshop() -> None:
    shops = articles.webshops(article())
    assert shops == {"SHOP", "B2B"}
    assert articles.visible_to(shops, "SHOP")
    assert not articles.visible_to(shops, "OTHER")
    assert not articles.visible_to(shops, None)
    assert articles.visible_to(set(), None)
    assert not articles.visible_to(set(), "SHOP")


def test_language_fallback() -> None:
    assert articles.language_order("fre", "ita") == ["fre", "ita", "ger"]
    assert articles.language_order(None, "FRE") == ["fre", "ger"]
    assert articles.language_order(None, None) == ["ger"]
    texts = {"ger": "Käse", "fre": "Fromage"}
    assert articles.pick_text(texts, ["ita", "fre", "ger"]) == "Fromage"
    assert articles.pick_text(texts, ["ita", "ger"]) == "Käse"
    assert articles.pick_text({"fre": "Fromage"}, ["ger"]) is None
    assert articles.pick_text("neutral", ["fre"]) == "neutral"


def test_tax_rate_stored_else_standard() -> None:
    assert articles.tax_rate(article(WUSTSatz=D("2.6")), D("8.1")) == D("2.6")
    assert articles.tax_rate(article(), D("8.1")) == D("8.1")
    assert articles.tax_rate(article(WUSTSatz=D(0)), D("8.1")) == D(0)


def test_stock_released_warehouses_only_negative_as_is() -> None:
    stock = [
        articles.stock_item("A1", None, 2, "Lausanne", D(7)),
        articles.stock_item("A1", None, 1, "Zürich", D(-5)),
        articles.stock_item("A1", None, 3, "Quarantäne", D(99)),
        articles.stock_item("A1", "KAR", 1, "Zürich", D(4)),
    ]
    rows = articles.stock_entries("A1", None, stock, [1, 2])
    assert [(r["StaoNr"], r["LagerOrt"], r["LagerBestand"]) for r in rows] == [
        (1, "Zürich", D(-5)),
        (2, "Lausanne", D(7)),
    ]
    assert [r["LagerBestand"] for r in articles.stock_entries("A1", "KAR", stock, [1, 2])] == [D(4)]


def test_stock_keys_follow_vpe_and_locations() -> None:
    assert articles.stock_keys(article(), [1, 2]) == [("ARTIKEL#A1", "BESTAND#-#1"), ("ARTIKEL#A1", "BESTAND#-#2")]
    packed = article(
        Verpackungen=[{"VPEinheit": "ST", "Faktor": D(1)}, {"VPEinheit": "KAR", "Faktor": D(6)}],
        attributes=[{"PHKey": "WEBSHOPVPE", "Contents": "KAR"}],
    )
    assert articles.stock_keys(packed, [1]) == [("ARTIKEL#A1", "BESTAND#KAR#1")]


def test_declarations_per_number_in_language() -> None:
    decl = [
        {"Nr": 1, "AdrSprache": "ger", "Bezeichnung1": "Ursprung Schweiz", "OrtLand": "CH"},
        {"Nr": 1, "AdrSprache": "fre", "Bezeichnung1": "Origine Suisse", "OrtLand": "CH"},
        {"Nr": 2, "AdrSprache": "ger", "Bezeichnung1": "Zolltarif 0406", "OrtLand": "CH"},
    ]
    shown = articles.declarations(article(Deklaration=decl), ["fre", "ger"])
    assert [(d["Nr"], d["Bezeichnung1"]) for d in shown] == [(1, "Origine Suisse"), (2, "Zolltarif 0406")]
    assert shown[0]["ArtNr"] == "A1"


def shape(item: dict, **kw: object) -> dict:
    args = {
        "currency": "CHF",
        "price_list_type": None,
        "rest_list": "VK",
        "standard_rate": D("8.1"),
        "languages": ["ger"],
        "stock": [articles.stock_item("A1", None, 1, "Zürich", D(3))],
        "released": [1],
        "with_declarations": False,
    }
    args.update(kw)
    return articles.read_shape(item, **args)


def test_read_shape_without_vpe_has_price_and_stock_on_article() -> None:
    out = shape(article())
    assert out["HatVPE"] == "N"
    assert "Verpackungen" not in out
    assert [p["PreisList"] for p in out["Preis"]] == [D("4.20")]
    assert [b["LagerBestand"] for b in out["Bestand"]] == [D(3)]
    assert out["WUSTSatz"] == D("8.1")
    assert out["WaehrAbk"] == "CHF"
    assert out["ArtBez"] == "Käse"
    assert "Deklaration" not in out


def test_read_shape_with_vpe_has_price_and_stock_per_packaging() -> None:
    item = article(
        Verpackungen=[{"VPEinheit": "KAR", "Faktor": D(6), "VPBezeichnung": {"ger": "Karton", "fre": "Carton"}}],
        Preise=[
            {
                "Preisliste": "VK",
                "WaehrAbk": "CHF",
                "VPEinheit": "KAR",
                "Staffel": [{"AbAnzahl": D(1), "PreisList": D("24.00")}],
            }
        ],
    )
    out = shape(item, stock=[articles.stock_item("A1", "KAR", 1, "Zürich", D(2))], languages=["fre", "ger"])
    assert out["HatVPE"] == "J"
    assert "Preis" not in out
    assert "Bestand" not in out
    (kar,) = out["Verpackungen"]
    assert (kar["VPEinheit"], kar["VPBezeichnung"], kar["Faktor"]) == ("KAR", "Carton", D(6))
    assert [p["PreisList"] for p in kar["Preis"]] == [D("24.00")]
    assert [b["LagerBestand"] for b in kar["Bestand"]] == [D(2)]


def test_read_shape_no_price_in_currency_leaves_preis_empty() -> None:
    assert shape(article(), currency="EUR")["Preis"] == []


def test_restrict_fields() -> None:
    assert articles.restrict({"ArtNr": "A1", "ArtBez": "x", "Preis": []}, ["ArtNr"]) == {"ArtNr": "A1"}
    assert articles.restrict({"ArtNr": "A1"}, None) == {"ArtNr": "A1"}
