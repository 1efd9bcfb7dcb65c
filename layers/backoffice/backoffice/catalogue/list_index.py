"""The sorted catalogue index: what GET /www/artikel pages over without reading the catalogue.

DynamoDB cannot skip to the 9,000th item of a sort, so the import maintains an index: one row per
article with its sortable fields and RESTWEBSHOP values, stored zlib-compressed in a few chunk
items (PK "KATALOG", SK "INDEX#<version>#nnnn") under a head item (SK "INDEX") that carries a version. A
container keeps the parsed index and the orders it computed while the version stays the same, so a
list page costs one GetItem (the head) plus the BatchGets of the page's articles and stock.
"""

from __future__ import annotations

import json
import unicodedata
import zlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from backoffice.catalogue import articles, vpe
from backoffice.errors import InvalidRequest

INDEX_PK = "KATALOG"
HEAD_SK = "INDEX"
CHUNK_PREFIX = "INDEX#"
ROWS_PER_CHUNK = 2000  # a chunk stays far below DynamoDB's 400 KB per item

# Fields a list can be sorted by: the scalar members of the read shape (WaehrAbk is the same
# on every article of an answer, so sorting by it is allowed and changes nothing).
SORTABLE = articles.SCALAR_FIELDS
_NUMERIC = {"ArtikelStatus", "WUSTSatz", "ArtGewicht"}
_INDEXED = [f for f in SORTABLE if f not in ("WaehrAbk", "HatVPE")]


def chunk_prefix(version: str) -> str:
    """Chunks of a version have their own keys: readers of the previous version never see a
    half-written new one; the import deletes the old chunks after switching the head."""
    return f"{CHUNK_PREFIX}{version}#"


def chunk_sk(version: str, number: int) -> str:
    return f"{chunk_prefix(version)}{number:04d}"


def index_row(article: dict[str, Any]) -> dict[str, Any]:
    """What the index keeps of an article (numbers as strings, to stay exact through JSON)."""
    row: dict[str, Any] = {}
    for name in _INDEXED:
        value = article.get(name)
        if value is None or value == "":
            continue
        row[name] = str(value) if isinstance(value, (Decimal, int)) else value
    row["HatVPE"] = "J" if vpe.has_vpe(article) else "N"
    shops = sorted(articles.webshops(article))
    if shops:
        row["_shops"] = shops
    return row


def pack(rows: list[dict[str, Any]]) -> list[bytes]:
    """The chunks of an index, rows ordered by ArtNr."""
    ordered = sorted(rows, key=lambda r: r["ArtNr"])
    return [
        zlib.compress(json.dumps(ordered[i : i + ROWS_PER_CHUNK], separators=(",", ":")).encode("utf-8"))
        for i in range(0, len(ordered), ROWS_PER_CHUNK)
    ] or [zlib.compress(b"[]")]


def unpack(chunks: Iterable[bytes]) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for chunk in chunks:
        rows.extend(json.loads(zlib.decompress(bytes(chunk))))
    return rows


@dataclass(frozen=True)
class SortKey:
    name: str
    descending: bool


def parse_sorts(value: str | None) -> list[SortKey]:
    """`+ArtBez,-ArtNr` (the plus sent as %2B; a raw + arrives as a space and means the same).
    An unknown field is a 400 that names it."""
    if value is None or not value.strip():
        return [SortKey("ArtBez", False)]
    keys, wrong = [], {}
    for part in value.split(","):
        raw = part.strip()
        descending = raw.startswith("-")
        name = raw[1:].strip() if raw[:1] in "+-" and raw else raw
        if name not in SORTABLE:
            what = "a list member cannot be sorted by" if name in articles.LIST_FIELDS else "unknown field"
            wrong[f"sorts.{name or part}"] = f"{what}; sortable: {', '.join(SORTABLE)}"
            continue
        keys.append(SortKey(name, descending))
    if wrong:
        raise InvalidRequest("sorts names a field that cannot be sorted by.", wrong)
    return keys


def parse_fields(value: str | None) -> list[str] | None:
    """`ArtNr,ArtBez`: the members to return; None = all. An unknown name is a 400."""
    if value is None or not value.strip():
        return None
    names = [n.strip() for n in value.split(",") if n.strip()]
    wrong = {f"fields.{n}": "unknown field" for n in names if n not in articles.LIST_SHAPE_FIELDS}
    if wrong:
        raise InvalidRequest("fields names an unknown field.", wrong)
    return names


def _text_key(value: str) -> tuple[str, str]:
    # Umlauts and accents sort beside their base letter (Ä with A), case-insensitively.
    base = unicodedata.normalize("NFKD", value)
    folded = "".join(c for c in base if not unicodedata.combining(c)).casefold()
    return folded, value


def _value(row: dict[str, Any], name: str, languages: list[str], standard_rate: Decimal) -> Any:
    if name == "ArtBez":
        return articles.pick_text(row.get("ArtBez"), languages)
    if name == "WUSTSatz":
        return Decimal(row["WUSTSatz"]) if "WUSTSatz" in row else standard_rate
    value = row.get(name)
    if value is None:
        return None
    return Decimal(value) if name in _NUMERIC else value


def order(
    rows: list[dict[str, Any]],
    sorts: list[SortKey],
    languages: list[str],
    webshop: str | None,
    standard_rate: Decimal,
) -> list[str]:
    """The ArtNr of the rows visible to `webshop`, in the order `sorts` asks; ties by ArtNr, so
    that paging is stable."""
    visible = [r for r in rows if articles.visible_to(r.get("_shops") or [], webshop)]
    visible.sort(key=lambda r: r["ArtNr"])
    for key in reversed(sorts):
        # Missing values sort first ascending (last descending), then values of the field.
        def sort_value(r: dict[str, Any], key: SortKey = key) -> tuple[int, Any]:
            v = _value(r, key.name, languages, standard_rate)
            if v is None:
                return (0, ("", ""))
            return (1, _text_key(v) if isinstance(v, str) else v)

        visible.sort(key=sort_value, reverse=key.descending)
    return [r["ArtNr"] for r in visible]


@dataclass
class IndexCache:
    """The parsed index of one version and the orders computed from it."""

    version: str = ""
    rows: list[dict[str, Any]] = field(default_factory=list)
    orders: dict[tuple[Any, ...], list[str]] = field(default_factory=dict)

    def order(
        self, sorts: list[SortKey], languages: list[str], webshop: str | None, standard_rate: Decimal
    ) -> list[str]:
        key = (tuple(sorts), tuple(languages) if any(s.name == "ArtBez" for s in sorts) else (), webshop, standard_rate)
        if key not in self.orders:
            if len(self.orders) > 64:  # bounded memory in a long-lived container
                self.orders.clear()
            self.orders[key] = order(self.rows, sorts, languages, webshop, standard_rate)
        return self.orders[key]
