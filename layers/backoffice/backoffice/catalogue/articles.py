"""Articles: keys, visibility, languages and the read shape, as plain functions over plain data.

A stored article record (PK "ARTIKEL#<ArtNr>", SK "ARTIKEL") is a dict with the scalar fields
of the contract's article table, `ArtBez` as {language: text}, `attributes`, `Verpackungen`,
`Preise` (see prices.py) and `Deklaration`. Stock lives in items of its own in the same
partition (one per article, VPE or base unit, and location), so that orders can reserve stock
with an atomic `ADD`. Media records live there too, and once more under their IDKey.
"""

from __future__ import annotations

from decimal import ROUND_FLOOR, Decimal
from typing import Any

from backoffice.catalogue import prices, vpe
from backoffice.links import link

ARTICLE_SK = "ARTIKEL"
STOCK_PREFIX = "BESTAND#"
MEDIA_PREFIX = "MEDIA#"
BASE_UNIT = "-"  # the VPE part of a stock key when the article has no VPE
DEFAULT_LANGUAGE = "ger"
RESTWEBSHOP = "RESTWEBSHOP"
# The member of an article item that lists its attributes (PHKey, Contents), RESTWEBSHOP among them.
ATTRIBUTES = "attributes"

# The scalar members of the read shape, in the contract's order.
SCALAR_FIELDS = (
    "ArtNr",
    "AnLager",
    "ArtBez",
    "ArtikelStatus",
    "Einheit",
    "Farbe",
    "WUSTSatz",
    "GeaendertAmUTC",
    "ArtGruppe",
    "ArtKlasse",
    "WaehrAbk",
    "BeschaffungsArt",
    "VerarbeitungsArt",
    "ArtGewicht",
    "HatVPE",
)
LIST_FIELDS = ("links", "attributes", "Verpackungen", "Preis", "Bestand")
# What `fields` of GET /www/artikel may name (Deklaration belongs to the single read only).
LIST_SHAPE_FIELDS = SCALAR_FIELDS + LIST_FIELDS


def article_pk(art_nr: str) -> str:
    return f"ARTIKEL#{art_nr}"


def article_key(art_nr: str) -> tuple[str, str]:
    return article_pk(art_nr), ARTICLE_SK


def stock_key(art_nr: str, vpe_code: str | None, stao_nr: int) -> tuple[str, str]:
    """The stock item of an article in one VPE (None: base unit) at one location."""
    return article_pk(art_nr), f"{STOCK_PREFIX}{vpe_code or BASE_UNIT}#{int(stao_nr)}"


def stock_keys(article: dict[str, Any], released: list[int]) -> list[tuple[str, str]]:
    """Every stock item the read shape of `article` may show."""
    codes: list[str | None] = [p["VPEinheit"] for p in vpe.visible_packagings(article)]
    if not vpe.has_vpe(article):
        codes = [None]
    return [stock_key(article["ArtNr"], c, s) for c in codes for s in released]


def stock_item(
    art_nr: str,
    vpe_code: str | None,
    stao_nr: int,
    lager_ort: str | None,
    bestand: Decimal,
    bereich: str | None = None,
) -> dict[str, Any]:
    pk, sk = stock_key(art_nr, vpe_code, stao_nr)
    return {
        "PK": pk,
        "SK": sk,
        "ArtNr": art_nr,
        "VPEinheit": vpe_code,
        "StaoNr": int(stao_nr),
        "LagerOrt": lager_ort,
        "LagerBestand": Decimal(bestand),
        "Bereich": bereich,
    }


def takes_decimals(article: dict[str, Any]) -> bool:
    """Whether the article's base unit is sold in fractions (MengeDezimal), like kg or m."""
    return bool(article.get("MengeDezimal"))


def whole_stock(amount: Any) -> int:
    """LagerBestand as the contract types it (int): whole base units, rounded down, so that a
    fraction reserved of an article sold by the metre never shows stock that is not there."""
    return int(Decimal(amount).to_integral_value(rounding=ROUND_FLOOR))


def webshops(article: dict[str, Any]) -> set[str]:
    """The RESTWEBSHOP values the article is published for (comma list); empty: none set."""
    value = vpe.attribute(article, RESTWEBSHOP) or ""
    return {v.strip() for v in value.split(",") if v.strip()}


def visible_to(article_webshops: set[str] | list[str], webshop: str | None) -> bool:
    """RESTWEBSHOP: a user with a value sees the articles published for it; a user without a
    value sees only articles that carry no RESTWEBSHOP value (ADR 0017)."""
    if webshop is None:
        return not article_webshops
    return webshop in article_webshops


def language_order(asked: str | None, customer: str | None) -> list[str]:
    """Texts in the asked language, else the customer's, else German."""
    return list(dict.fromkeys(x.lower() for x in (asked, customer, DEFAULT_LANGUAGE) if x))


def pick_text(texts: Any, languages: list[str]) -> str | None:
    """The text in the first of `languages` that has one; a plain string is language-neutral."""
    if texts is None or isinstance(texts, str):
        return texts or None
    for lang in languages:
        if texts.get(lang):
            return str(texts[lang])
    return None


def tax_rate(article: dict[str, Any], standard_rate: Decimal) -> Decimal:
    """WUSTSatz: the article's stored rate, else the configured standard rate."""
    stored = article.get("WUSTSatz")
    return standard_rate if stored is None else Decimal(stored)


def declarations(article: dict[str, Any], languages: list[str], base: str = "") -> list[dict[str, Any]]:
    """Deklaration: per declaration number, the entry in the first language that has one."""
    by_nr: dict[int, dict[str, dict[str, Any]]] = {}
    for d in article.get("Deklaration") or ():
        by_nr.setdefault(int(d["Nr"]), {})[str(d.get("AdrSprache") or "").lower()] = d
    shown = []
    for nr in sorted(by_nr):
        variants = by_nr[nr]
        chosen = next((variants[lang] for lang in languages if lang in variants), None)
        if chosen is None:
            chosen = variants.get("") or variants[sorted(variants)[0]]
        own = article_links(article["ArtNr"], base)[:1]
        shown.append({**chosen, "Nr": nr, "ArtNr": article["ArtNr"], "links": own})
    return shown


def article_links(art_nr: str, base: str = "") -> list[dict[str, str]]:
    return [link(base, f"/www/artikel/{art_nr}", "artikel"), link(base, f"/www/artikelmedia/{art_nr}", "artikelmedia")]


def stock_entries(
    art_nr: str, vpe_code: str | None, stock: list[dict[str, Any]], released: list[int], base: str = ""
) -> list[dict[str, Any]]:
    """Bestand: the stock of one VPE (None: base unit) in released warehouses, as stored
    (negative values included), ordered by location."""
    wanted = vpe_code or None
    rows = [
        s
        for s in stock
        if (s.get("VPEinheit") or None) == wanted and int(s["StaoNr"]) in released and s.get("ArtNr") == art_nr
    ]
    return [
        {
            "ArtNr": art_nr,
            "LagerOrt": s.get("LagerOrt"),
            "StaoNr": int(s["StaoNr"]),
            "LagerBestand": whole_stock(s["LagerBestand"]),
            "VPEinheit": wanted,
            "Bereich": s.get("Bereich"),
            "links": article_links(art_nr, base)[:1],
        }
        for s in sorted(rows, key=lambda s: int(s["StaoNr"]))
    ]


def _head_shape(
    article: dict[str, Any], currency: str, standard_rate: Decimal, languages: list[str], links: list[dict[str, str]]
) -> dict[str, Any]:
    """The members of the read shape that do not depend on VPE, in the order they are answered."""
    return {
        "ArtNr": article["ArtNr"],
        "AnLager": article.get("AnLager"),
        "ArtBez": pick_text(article.get("ArtBez"), languages),
        "ArtikelStatus": article.get("ArtikelStatus"),
        "Einheit": article.get("Einheit"),
        "Farbe": article.get("Farbe"),
        "WUSTSatz": tax_rate(article, standard_rate),
        "GeaendertAmUTC": article.get("GeaendertAmUTC"),
        "ArtGruppe": article.get("ArtGruppe"),
        "ArtKlasse": article.get("ArtKlasse"),
        "WaehrAbk": currency,
        "BeschaffungsArt": article.get("BeschaffungsArt"),
        "VerarbeitungsArt": article.get("VerarbeitungsArt"),
        "ArtGewicht": article.get("ArtGewicht"),
        "links": links,
        "attributes": [
            {"Contents": a.get("Contents"), "PHKey": a.get("PHKey")} for a in article.get("attributes") or ()
        ],
        "HatVPE": "J" if vpe.has_vpe(article) else "N",
    }


def read_shape(
    article: dict[str, Any],
    *,
    currency: str,
    price_list_type: str | None,
    rest_list: str | None,
    standard_rate: Decimal,
    languages: list[str],
    stock: list[dict[str, Any]],
    released: list[int],
    with_declarations: bool,
    base: str = "",
) -> dict[str, Any]:
    """The article as GET /www/artikel answers it. With VPE, price and stock are given per
    Verpackung; without, on the article. Fields without data are pruned by the encoder.
    `base`: the request's base URL, which the links start with."""
    art_nr = article["ArtNr"]
    links = article_links(art_nr, base)
    shape = _head_shape(article, currency, standard_rate, languages, links)
    price_links = links[:1]
    if vpe.has_vpe(article):
        shape["Verpackungen"] = [
            {
                "VPEinheit": p["VPEinheit"],
                "VPEEANNr": p.get("VPEEANNr"),
                "VPBezeichnung": pick_text(p.get("VPBezeichnung"), languages),
                "Gewicht": p.get("Gewicht"),
                "VPEGewicht": p.get("VPEGewicht"),
                "GewichtInhalt": p.get("GewichtInhalt"),
                "Faktor": p.get("Faktor"),
                "Preis": prices.price_items(article, p["VPEinheit"], currency, price_list_type, rest_list, price_links),
                "Bestand": stock_entries(art_nr, p["VPEinheit"], stock, released, base),
            }
            for p in vpe.visible_packagings(article)
        ]
    else:
        shape["Preis"] = prices.price_items(article, None, currency, price_list_type, rest_list, price_links)
        shape["Bestand"] = stock_entries(art_nr, None, stock, released, base)
    if with_declarations:
        shape["Deklaration"] = declarations(article, languages, base)
    return shape


def restrict(shape: dict[str, Any], fields: list[str] | None) -> dict[str, Any]:
    """Only the members `fields` names (all when None)."""
    if not fields:
        return shape
    return {k: v for k, v in shape.items() if k in fields}
