"""The catalogue import: JSON Lines records (docs/catalogue.md) into the table and the bucket.

Everything is read and checked first; a single invalid record refuses the whole import with its
file, line and reason, before anything is written. Re-importing writes the same keys again:
records are updated in place, never duplicated.
"""

from __future__ import annotations

import hashlib
import json
import sys
import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Annotated, Any, Literal, cast

from pydantic import Field, ValidationError, field_validator, model_validator

from backoffice import company
from backoffice.catalogue import article_store, articles, list_index, media
from backoffice.models import Number, RequestModel
from backoffice.platform import dynamo, outbox
from backoffice.platform.aws import client
from backoffice.platform.environment import get_settings
from backoffice.platform.outbox import Change
from backoffice.timestamps import utc_text
from backoffice.webhooks import event_types

Progress = Callable[[int, int], None]
Texts = dict[Annotated[str, Field(min_length=3, max_length=4)], Annotated[str, Field(max_length=255)]]


class TaxCodeRecord(RequestModel):
    Code: Annotated[str, Field(min_length=1, max_length=8)]
    Satz: Number
    Bezeichnung: Annotated[str, Field(max_length=80)] = ""
    Klasse: Literal["D", "C", "X"] = "D"
    PosUSTSZiffer: Annotated[str, Field(max_length=12)] | None = None
    PosVSTSZiffer: Annotated[str, Field(max_length=12)] | None = None
    PosUSTUZiffer: Annotated[str, Field(max_length=12)] | None = None
    Verwendung: Literal["Inland", "Ausland"] = "Inland"


class SellerRecord(RequestModel):
    """Firma: the company as seller of its invoices (issue 16)."""

    Name: Annotated[str, Field(min_length=1, max_length=80)]
    Adresse1: Annotated[str, Field(min_length=1, max_length=70)]
    PLZ: Annotated[str, Field(min_length=1, max_length=16)]
    Ort: Annotated[str, Field(min_length=1, max_length=35)]
    Land: Annotated[str, Field(pattern=r"^[A-Z]{2}$")] = "CH"
    UID: Annotated[str, Field(min_length=1, max_length=30)]
    IBAN: Annotated[str, Field(pattern=r"^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$")]
    QRIBAN: Annotated[str, Field(pattern=r"^(CH|LI)[0-9]{2}3[01][0-9]{3}[A-Z0-9]{12}$")] | None = None
    BIC: Annotated[str, Field(max_length=11)] | None = None
    Email: Annotated[str, Field(max_length=80)] | None = None

    @field_validator("BIC")
    @classmethod
    def _bic(cls, value: str | None) -> str | None:
        # python-stdnum comes with the rechnung function's requirements (the operator's venv has them);
        # imported here so that nothing else of the import loads it.
        from stdnum import bic
        from stdnum.exceptions import ValidationError as StdnumError

        if value is None:
            return None
        if value != value.strip().upper():
            raise ValueError("must be written in capitals without blanks, e.g. CRESCHZZ80A")
        try:
            return str(bic.validate(value))
        except StdnumError as exc:
            raise ValueError(f"is not a BIC (ISO 9362: 8 or 11 characters, a country code at 5-6): {exc}") from exc


class PaymentTermRecord(RequestModel):
    """A payment condition: KundBedTyp (absent: the default one), days until due, text per language."""

    KundBedTyp: Annotated[int, Field(ge=0, le=255)] | None = None
    Tage: Annotated[int, Field(ge=0, le=365)]
    Text: Texts = Field(default_factory=dict)


class ConfigRecord(RequestModel):
    Typ: Literal["Konfiguration"]
    Leitwaehrung: Annotated[str, Field(pattern=r"^[A-Z]{3}$")]
    Waehrungen: list[Annotated[str, Field(pattern=r"^[A-Z]{3}$")]] = Field(default_factory=list)
    RESTPreisliste: Annotated[str, Field(min_length=1, max_length=12)]
    StandardWUSTSatz: Number
    WUSTCodes: list[TaxCodeRecord] = Field(default_factory=list)
    Events: list[Literal["REST_Auft", "REST_Kunde"]] = Field(default_factory=list)
    StaoNr: int | None = None
    Lager: list[int] = Field(default_factory=list)
    Firma: SellerRecord | None = None
    Zahlungsbedingungen: list[PaymentTermRecord] = Field(default_factory=list)


class AttributeRecord(RequestModel):
    PHKey: Annotated[str, Field(min_length=1, max_length=12)]
    Contents: Annotated[str, Field(max_length=200)] = ""


class PackagingRecord(RequestModel):
    VPEinheit: Annotated[str, Field(min_length=1, max_length=30)]
    VPEEANNr: Annotated[str, Field(max_length=30)] | None = None
    VPBezeichnung: Texts | Annotated[str, Field(max_length=255)] | None = None
    Gewicht: Number | None = None
    VPEGewicht: Number | None = None
    GewichtInhalt: Number | None = None
    Faktor: Number = Field(gt=0)


class DeclarationRecord(RequestModel):
    Nr: int
    AdrSprache: Annotated[str, Field(min_length=3, max_length=4)] | None = None
    Bezeichnung1: Annotated[str, Field(max_length=255)] | None = None
    Bezeichnung2: Annotated[str, Field(max_length=255)] | None = None
    KurzBezeichnung: Annotated[str, Field(max_length=80)] | None = None
    OrtLand: Annotated[str, Field(pattern=r"^[A-Z]{2}$")] | None = None


class ArticleRecord(RequestModel):
    Typ: Literal["Artikel"]
    ArtNr: Annotated[str, Field(min_length=1, max_length=15, pattern=r"^[^#/?\s]+$")]
    ArtBez: Texts | Annotated[str, Field(max_length=255)]
    AnLager: Literal["J", "N"] = "J"
    ArtikelStatus: int = 1
    Einheit: Annotated[str, Field(max_length=12)] | None = None
    # Whether the base unit takes fractional quantities (kg, m, l); pieces, packs ... do not.
    MengeDezimal: bool = False
    Farbe: Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$")] | None = None
    WUSTSatz: Number | None = None
    GeaendertAmUTC: Annotated[str, Field(max_length=30)] | None = None
    ArtGruppe: Annotated[str, Field(max_length=12)] | None = None
    ArtKlasse: Annotated[str, Field(max_length=8)] | None = None
    BeschaffungsArt: Annotated[str, Field(max_length=1)] | None = None
    VerarbeitungsArt: Annotated[str, Field(max_length=1)] | None = None
    ArtGewicht: Number | None = None
    attributes: list[AttributeRecord] = Field(default_factory=list)
    Verpackungen: list[PackagingRecord] = Field(default_factory=list)
    Deklaration: list[DeclarationRecord] = Field(default_factory=list)

    @field_validator("Verpackungen")
    @classmethod
    def _unique_vpe(cls, value: list[PackagingRecord]) -> list[PackagingRecord]:
        codes = [p.VPEinheit for p in value]
        if len(codes) != len(set(codes)):
            raise ValueError("a VPEinheit is given twice")
        return value


class TierRecord(RequestModel):
    AbAnzahl: Number = Field(ge=0)
    BisAnzahl: Number | None = None
    PreisList: Number = Field(ge=0)


class PriceRecord(RequestModel):
    Typ: Literal["Preis"]
    ArtNr: Annotated[str, Field(min_length=1, max_length=15)]
    Preisliste: Annotated[str, Field(min_length=1, max_length=12)]
    WaehrAbk: Annotated[str, Field(pattern=r"^[A-Z]{3}$")]
    VPEinheit: Annotated[str, Field(max_length=30)] | None = None
    Preisart: Literal["N", "B"] = "N"
    Bereich: Annotated[str, Field(max_length=15)] | None = None
    GeaendertAmUTC: Annotated[str, Field(max_length=30)] | None = None
    Staffel: list[TierRecord] = Field(min_length=1)

    @model_validator(mode="after")
    def _tiers(self) -> PriceRecord:
        tiers = self.Staffel
        for i, tier in enumerate(tiers):
            last = i == len(tiers) - 1
            if i and tier.AbAnzahl <= tiers[i - 1].AbAnzahl:
                raise ValueError(f"Staffel[{i}].AbAnzahl must be greater than the tier before")
            if last and tier.BisAnzahl is not None:
                raise ValueError(f"Staffel[{i}]: the last tier is open, without BisAnzahl")
            if tier.BisAnzahl is not None and (
                tier.BisAnzahl < tier.AbAnzahl or (not last and tier.BisAnzahl >= tiers[i + 1].AbAnzahl)
            ):
                raise ValueError(f"Staffel[{i}].BisAnzahl must lie between its AbAnzahl and the next tier's")
        return self


class StockRecord(RequestModel):
    Typ: Literal["Bestand"]
    ArtNr: Annotated[str, Field(min_length=1, max_length=15)]
    VPEinheit: Annotated[str, Field(max_length=30)] | None = None
    StaoNr: int = Field(ge=0)
    LagerOrt: Annotated[str, Field(max_length=30)] | None = None
    LagerBestand: int
    Bereich: Annotated[str, Field(max_length=15)] | None = None


class MediaRecord(RequestModel):
    Typ: Literal["Media"]
    IDKey: int = Field(ge=1)
    ArtNr: Annotated[str, Field(min_length=1, max_length=15)]
    AMDDateiName: Annotated[str, Field(min_length=1, max_length=255)]
    AMDBildFormat: Annotated[str, Field(max_length=12)] | None = None
    AMDTextFormat: Annotated[str, Field(max_length=12)] | None = None
    AMDVerwendung: Annotated[str, Field(max_length=12)] | None = None
    AdrSprache: Annotated[str, Field(min_length=3, max_length=4)] | None = None
    OrtLand: Annotated[str, Field(max_length=4)] | None = None
    ArtGruppe: Annotated[str, Field(max_length=12)] | None = None
    Kommentar: Annotated[str, Field(max_length=255)] | None = None
    AMDText: str | None = None
    Bild: str | None = None  # path of the image file, relative to the import file
    Text: str | None = None  # path of the UTF-8 text file, relative to the import file

    @model_validator(mode="after")
    def _has_file(self) -> MediaRecord:
        if not self.Bild and not self.Text:
            raise ValueError("a media record needs a Bild or a Text file")
        if self.Bild and media.image_content_type(self.AMDBildFormat) is None:
            raise ValueError(f"AMDBildFormat must be one of {', '.join(media.IMAGE_TYPES)}")
        return self


class CustomerPricingRecord(RequestModel):
    Typ: Literal["Kundenpreisliste"]
    DebiNr: Annotated[str, Field(pattern=r"^[0-9]{1,6}$")]
    Preisliste: Annotated[str, Field(min_length=1, max_length=12)]
    KTNr: Annotated[str, Field(max_length=12)] | None = None
    WUSTCode: Annotated[str, Field(max_length=8)] | None = None
    AdrSprache: Annotated[str, Field(min_length=3, max_length=4)] | None = None


MODELS: dict[str, type[RequestModel]] = {
    "Konfiguration": ConfigRecord,
    "Artikel": ArticleRecord,
    "Preis": PriceRecord,
    "Bestand": StockRecord,
    "Media": MediaRecord,
    "Kundenpreisliste": CustomerPricingRecord,
}


class ImportRefused(Exception):
    """The input is not valid; nothing was written. `problems` lists each line and reason."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__(f"{len(problems)} problem(s)")
        self.problems = problems


@dataclass
class Parsed:
    """The checked content of an import; `where` maps a record to its file and line."""

    config: ConfigRecord | None = None
    articles: dict[str, ArticleRecord] = field(default_factory=dict)
    prices: list[PriceRecord] = field(default_factory=list)
    stock: list[StockRecord] = field(default_factory=list)
    media: list[tuple[MediaRecord, Path]] = field(default_factory=list)
    customers: list[CustomerPricingRecord] = field(default_factory=list)
    where: dict[int, str] = field(default_factory=dict)


@dataclass(frozen=True)
class ImportResult:
    articles: int
    prices: int
    stock: int
    media: int
    customers: int
    config: bool

    def summary(self) -> str:
        return (
            f"{self.articles} articles, {self.prices} price lists, {self.stock} stock items, "
            f"{self.media} media, {self.customers} customer price lists"
            + (", the configuration" if self.config else "")
        )


def source_files(path: Path) -> list[Path]:
    if path.is_dir():
        return sorted(path.glob("*.jsonl"))
    return [path]


def read_lines(path: Path) -> Iterable[tuple[str, dict[str, Any] | str, Path]]:
    """(place, record or what is wrong, folder of the file) for every non-empty line."""
    for file in source_files(path):
        try:
            text = file.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            yield f"{file}", f"cannot be read as UTF-8: {exc}", file.parent
            continue
        for number, line in enumerate(text.splitlines(), start=1):
            if not line.strip() or line.lstrip().startswith("//"):
                continue
            place = f"{file.name} line {number}"
            try:
                record = json.loads(line, parse_float=Decimal)
            except json.JSONDecodeError as exc:
                yield place, f"not valid JSON: {exc.msg} at column {exc.colno}", file.parent
                continue
            yield place, record, file.parent


def _loc(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def parse(lines: Iterable[tuple[str, dict[str, Any] | str, Path]]) -> Parsed:
    """Every record checked on its own; ImportRefused with all problems found."""
    parsed, problems = Parsed(), []
    for place, record, folder in lines:
        item = _validated(place, record)
        if isinstance(item, list):
            problems += item
            continue
        parsed.where[id(item)] = place
        if problem := _add(parsed, item, folder):
            problems.append(f"{place}: {problem}")
    if problems:
        raise ImportRefused(problems)
    return parsed


def _validated(place: str, record: dict[str, Any] | str) -> RequestModel | list[str]:
    """The record as its model, or the problems that keep it from being one."""
    if isinstance(record, str):
        return [f"{place}: {record}"]
    model = MODELS.get(cast(str, record.get("Typ"))) if isinstance(record, dict) else None
    if model is None:
        return [f"{place}: Typ must be one of {', '.join(MODELS)}"]
    try:
        return model.model_validate(record)
    except ValidationError as exc:
        return [f"{place}: {_loc(err['loc']) or 'record'}: {err['msg']}" for err in exc.errors()]


def _add(parsed: Parsed, item: RequestModel, folder: Path) -> str | None:
    """`item` put where it belongs; the problem when it repeats what may be given once."""
    if isinstance(item, ConfigRecord):
        repeated = parsed.config is not None
        parsed.config = item
        return "a second Konfiguration record" if repeated else None
    if isinstance(item, ArticleRecord):
        repeated = item.ArtNr in parsed.articles
        parsed.articles[item.ArtNr] = item
        return f"article {item.ArtNr} is given twice" if repeated else None
    if isinstance(item, PriceRecord):
        parsed.prices.append(item)
    elif isinstance(item, StockRecord):
        parsed.stock.append(item)
    elif isinstance(item, MediaRecord):
        parsed.media.append((item, folder))
    elif isinstance(item, CustomerPricingRecord):
        parsed.customers.append(item)
    return None


def article_item(record: ArticleRecord, now: str) -> dict[str, Any]:
    data = record.model_dump(exclude={"Typ"}, exclude_none=True)
    if isinstance(data["ArtBez"], dict):
        data["ArtBez"] = {k.lower(): v for k, v in data["ArtBez"].items()}
    for p in data.get("Verpackungen", []):
        if isinstance(p.get("VPBezeichnung"), dict):
            p["VPBezeichnung"] = {k.lower(): v for k, v in p["VPBezeichnung"].items()}
    for d in data.get("Deklaration", []):
        if d.get("AdrSprache"):
            d["AdrSprache"] = d["AdrSprache"].lower()
    pk, sk = articles.article_key(record.ArtNr)
    return {"PK": pk, "SK": sk, **data, "GeaendertAmUTC": record.GeaendertAmUTC or now}


# An article by its ArtNr, from the import or else from the table.
_Articles = Callable[[str], dict[str, Any] | None]


def check_references(parsed: Parsed, stored: dict[str, dict[str, Any]], currencies: list[str]) -> None:
    """What needs more than one record: known articles, VPE codes, currencies, unique keys."""

    def article(art_nr: str) -> dict[str, Any] | None:
        if art_nr in parsed.articles:
            return parsed.articles[art_nr].model_dump()
        return stored.get(art_nr)

    problems = [
        *_price_problems(parsed, article, currencies),
        *_stock_problems(parsed, article),
        *_media_problems(parsed, article),
    ]
    if problems:
        raise ImportRefused(problems)


def _vpe_problem(art: dict[str, Any], code: str | None) -> str | None:
    codes = [p["VPEinheit"] for p in art.get("Verpackungen") or ()]
    if codes and code is None:
        return f"article {art['ArtNr']} has VPE ({', '.join(codes)}): give VPEinheit"
    if code is not None and code not in codes:
        return f"VPEinheit {code} is not a VPE of article {art['ArtNr']}"
    return None


def _price_problems(parsed: Parsed, article: _Articles, currencies: list[str]) -> list[str]:
    problems = []
    seen: set[tuple[Any, ...]] = set()
    for price in parsed.prices:
        place = parsed.where[id(price)]
        art = article(price.ArtNr)
        if art is None:
            problems.append(f"{place}: unknown article {price.ArtNr}")
            continue
        if price.WaehrAbk not in currencies:
            problems.append(f"{place}: WaehrAbk {price.WaehrAbk} is not one of {', '.join(currencies)}")
        if problem := _vpe_problem(art, price.VPEinheit):
            problems.append(f"{place}: {problem}")
        key = (price.ArtNr, price.Preisliste, price.WaehrAbk, price.VPEinheit)
        if key in seen:
            problems.append(f"{place}: a second price list {price.Preisliste} {price.WaehrAbk} for the same VPE")
        seen.add(key)
    return problems


def _stock_problems(parsed: Parsed, article: _Articles) -> list[str]:
    problems = []
    seen: set[tuple[Any, ...]] = set()
    for stock in parsed.stock:
        place = parsed.where[id(stock)]
        art = article(stock.ArtNr)
        if art is None:
            problems.append(f"{place}: unknown article {stock.ArtNr}")
            continue
        if problem := _vpe_problem(art, stock.VPEinheit):
            problems.append(f"{place}: {problem}")
        key = (stock.ArtNr, stock.VPEinheit, stock.StaoNr)
        if key in seen:
            problems.append(f"{place}: a second stock of the same VPE and location")
        seen.add(key)
    return problems


def _media_problems(parsed: Parsed, article: _Articles) -> list[str]:
    problems = []
    seen: set[int] = set()
    for record, folder in parsed.media:
        place = parsed.where[id(record)]
        if article(record.ArtNr) is None:
            problems.append(f"{place}: unknown article {record.ArtNr}")
        if record.IDKey in seen:
            problems.append(f"{place}: IDKey {record.IDKey} is given twice")
        seen.add(record.IDKey)
        problems += [f"{place}: {problem}" for problem in _media_file_problems(record, folder)]
    return problems


def _media_file_problems(record: MediaRecord, folder: Path) -> list[str]:
    problems = [
        f"file {name} not found beside the import file"
        for name in (record.Bild, record.Text)
        if name and not (folder / name).is_file()
    ]
    if record.Text and (folder / record.Text).is_file():
        try:
            (folder / record.Text).read_text(encoding="utf-8")
        except UnicodeDecodeError:
            problems.append(f"{record.Text} is not UTF-8 text")
    return problems


def _stored_index() -> tuple[str | None, list[dict[str, Any]]]:
    version = article_store.index_version(consistent=True)
    return version, [] if version is None else article_store.index_rows(version)


def import_catalogue(path: Path, progress: Progress | None = None) -> ImportResult:
    """Check everything, then write: media files, items, the index, and the config last."""
    parsed = parse(read_lines(path))
    stored = _checked_against_the_table(parsed)
    now = utc_text(timespec="seconds")
    changed = _changed_articles(parsed, stored, now)
    items = {(item["PK"], item["SK"]): item for item in changed.values()}
    items |= _customer_items(parsed)
    uploads: list[tuple[str, bytes, str]] = []
    for medium, folder in parsed.media:
        item = media_item(medium, folder, now, uploads)
        for pk, sk in media.record_keys(medium.ArtNr, medium.IDKey):
            items[(pk, sk)] = {**item, "PK": pk, "SK": sk}
    _write(list(items.values()), uploads, progress, _stock_writes(parsed))
    if changed:
        write_index(changed.values())
    if parsed.config is not None:
        dynamo.put_item(config_item(parsed.config))
        company.forget_config()
    return ImportResult(
        articles=len(parsed.articles),
        prices=len(parsed.prices),
        stock=len(parsed.stock),
        media=len(parsed.media),
        customers=len(parsed.customers),
        config=parsed.config is not None,
    )


def _checked_against_the_table(parsed: Parsed) -> dict[str, dict[str, Any]]:
    """The stored articles the import refers to, once check_references has passed with them."""
    wanted = {r.ArtNr for r in parsed.prices} | {r.ArtNr for r in parsed.stock} | {m.ArtNr for m, _ in parsed.media}
    need = sorted(wanted | set(parsed.articles))
    stored = article_store.articles_by_number(need) if need else {}
    currencies = [parsed.config.Leitwaehrung, *parsed.config.Waehrungen] if parsed.config else company.currencies()
    check_references(parsed, stored, currencies)
    return stored


def _changed_articles(parsed: Parsed, stored: dict[str, dict[str, Any]], now: str) -> dict[str, dict[str, Any]]:
    """The article items the import writes: its Artikel records, and the stored ones whose prices it replaces."""
    changed: dict[str, dict[str, Any]] = {}
    for art_nr, record in parsed.articles.items():
        item = article_item(record, now)
        item["Preise"] = stored.get(art_nr, {}).get("Preise", [])  # kept unless Preis records replace them
        changed[art_nr] = item
    prices: dict[str, list[dict[str, Any]]] = {}
    for price in parsed.prices:
        data = price.model_dump(exclude={"Typ", "ArtNr"}, exclude_none=True)
        data["GeaendertAmUTC"] = price.GeaendertAmUTC or now
        data["Staffel"] = [t.model_dump(exclude_none=True) for t in price.Staffel]
        prices.setdefault(price.ArtNr, []).append(data)
    for art_nr, lists in prices.items():
        item = changed.get(art_nr) or dict(stored[art_nr])
        item["Preise"] = lists
        changed[art_nr] = item
    return changed


def _stock_items(parsed: Parsed) -> dict[tuple[str, str], dict[str, Any]]:
    items = {}
    for stock in parsed.stock:
        item = articles.stock_item(
            stock.ArtNr, stock.VPEinheit, stock.StaoNr, stock.LagerOrt, Decimal(stock.LagerBestand), stock.Bereich
        )
        items[(item["PK"], item["SK"])] = item
    return items


# Stock items per transaction: with the item of their events, DynamoDB's 100.
STOCK_PER_WRITE = 99


def _stock_writes(parsed: Parsed) -> list[list[dict[str, Any]]]:
    """The stock items, STOCK_PER_WRITE per transaction together with their `artikel.stock_changed`
    events (each the stock entry as GET /www/artikel shows it): a stock item written has its event."""
    stock = list(_stock_items(parsed).values())
    return [stock[start : start + STOCK_PER_WRITE] for start in range(0, len(stock), STOCK_PER_WRITE)]


def _stock_write(items: list[dict[str, Any]]) -> None:
    changes = [
        Change(
            event_types.ARTIKEL_STOCK_CHANGED,
            {"ArtNr": item["ArtNr"]},
            articles.stock_entries(item["ArtNr"], item["VPEinheit"], [item], [item["StaoNr"]])[0],
        )
        for item in items
    ]
    outbox.transact_write([*(dynamo.put_op(item) for item in items), *outbox.change_ops(changes, "import")])


def _customer_items(parsed: Parsed) -> dict[tuple[str, str], dict[str, Any]]:
    items = {}
    for customer in parsed.customers:
        pk, sk = article_store.customer_pricing_key(customer.DebiNr)
        data = customer.model_dump(exclude={"Typ"}, exclude_none=True)
        if data.get("AdrSprache"):
            data["AdrSprache"] = data["AdrSprache"].lower()
        items[(pk, sk)] = {"PK": pk, "SK": sk, **data}
    return items


def _write(
    items: list[dict[str, Any]],
    uploads: list[tuple[str, bytes, str]],
    progress: Progress | None,
    stock: list[list[dict[str, Any]]],
) -> None:
    """The files to the bucket, then the items to the table, then the stock with its events,
    `progress` told after each."""
    total = len(items) + len(uploads) + sum(map(len, stock))
    done = 0

    def step(n: int) -> None:
        nonlocal done
        done += n
        if progress:
            progress(done, total)

    s3, bucket = client("s3"), get_settings().bucket_name
    for key, body, content_type in uploads:
        s3.put_object(Bucket=bucket, Key=key, Body=body, ContentType=content_type)
        step(1)
    dynamo.batch_put(items, step)
    for write in stock:
        _stock_write(write)
        step(len(write))


def media_item(record: MediaRecord, folder: Path, now: str, uploads: list[tuple[str, bytes, str]]) -> dict[str, Any]:
    data = record.model_dump(exclude={"Typ", "Bild", "Text"}, exclude_none=True)
    if data.get("AdrSprache"):
        data["AdrSprache"] = data["AdrSprache"].lower()
    data["Modified_UTC"] = now
    if record.Bild:
        body = (folder / record.Bild).read_bytes()
        key = media.s3_key(record.IDKey, "bild", Path(record.Bild).name)
        content_type = media.image_content_type(record.AMDBildFormat) or "application/octet-stream"
        uploads.append((key, body, content_type))
        data.update(BildKey=key, BildGroesse=len(body), BildMD5=hashlib.md5(body, usedforsecurity=False).hexdigest())
    if record.Text:
        body = (folder / record.Text).read_bytes()
        key = media.s3_key(record.IDKey, "text", Path(record.Text).name)
        uploads.append((key, body, media.TEXT_CONTENT_TYPE))
        data.update(TextKey=key, TextGroesse=len(body), TextMD5=hashlib.md5(body, usedforsecurity=False).hexdigest())
        if record.AMDText is None:
            data["AMDText"] = body.decode("utf-8")
    return data


def config_item(record: ConfigRecord) -> dict[str, Any]:
    data = record.model_dump(exclude={"Typ"}, exclude_none=True)
    data["Waehrungen"] = list(dict.fromkeys([record.Leitwaehrung, *record.Waehrungen]))
    return {"PK": company.CONFIG_PK, "SK": company.CONFIG_SK, **data}


def write_index(changed: Iterable[dict[str, Any]]) -> None:
    """The index with the changed articles' rows replaced: new chunks, then the head, then the old
    chunks deleted (readers of the old version keep a consistent view until the head switches)."""
    old_version, rows = _stored_index()
    by_nr = {r["ArtNr"]: r for r in rows}
    for article in changed:
        by_nr[article["ArtNr"]] = list_index.index_row(article)
    version = uuid.uuid4().hex[:12]
    chunks = list_index.pack(list(by_nr.values()))
    dynamo.batch_put(
        [
            {"PK": list_index.INDEX_PK, "SK": list_index.chunk_sk(version, n), "Rows": chunk}
            for n, chunk in enumerate(chunks)
        ]
    )
    dynamo.put_item({"PK": list_index.INDEX_PK, "SK": list_index.HEAD_SK, "Version": version, "Rows": len(by_nr)})
    if old_version:
        old = dynamo.query(list_index.INDEX_PK, list_index.chunk_prefix(old_version))
        dynamo.batch_delete([(i["PK"], i["SK"]) for i in old])


def progress_bar(stream: Any = None, width: int = 40) -> Progress:
    """A text progress bar for large imports, redrawn at most once per percent."""
    last = [-1]
    out = stream or sys.stderr

    def show(done: int, total: int) -> None:
        percent = 100 * done // max(total, 1)
        if percent == last[0]:
            return
        last[0] = percent
        filled = width * done // max(total, 1)
        out.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} items")
        if done >= total:
            out.write("\n")
        out.flush()

    return show
