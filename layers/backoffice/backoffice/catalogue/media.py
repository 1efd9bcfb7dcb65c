"""Article media: records (DynamoDB) and files (S3), which file a `type` asks for, and ETags.

A media record (ArtikelMedia) is stored twice: under its article (PK "ARTIKEL#<ArtNr>", SK
"MEDIA#<IDKey>") for the list, and under its IDKey (PK "MEDIA#<IDKey>", SK "MEDIA") for the file
download. Besides the contract's fields it holds, for each file it has, the S3 key, the size and
the MD5 (BildKey/BildGroesse/BildMD5, TextKey/TextGroesse/TextMD5): the ETag and a 304 need no
S3 request.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from backoffice.catalogue import articles
from backoffice.links import link
from backoffice.platform.aws import client
from backoffice.platform.environment import get_settings

TEXT_CONTENT_TYPE = "text/plain; charset=UTF-8"
IMAGE_TYPES = {
    "png": "image/png",
    "jpg": "image/jpeg",
    "jpeg": "image/jpeg",
    "gif": "image/gif",
    "webp": "image/webp",
}
# The members of a media record the API shows, in the contract's order.
RECORD_FIELDS = (
    "IDKey",
    "AMDBildFormat",
    "AMDTextFormat",
    "AMDVerwendung",
    "AdrSprache",
    "OrtLand",
    "Modified_UTC",
    "ArtGruppe",
    "ArtNr",
    "AMDDateiName",
    "AMDText",
    "Kommentar",
)
VERWENDUNG = "VERWENDUNG"


def media_key(id_key: int) -> tuple[str, str]:
    """The record under its IDKey, which a file download reads."""
    return f"MEDIA#{id_key}", "MEDIA"


def record_keys(art_nr: str, id_key: int) -> list[tuple[str, str]]:
    return [(articles.article_pk(art_nr), f"{articles.MEDIA_PREFIX}{id_key:010d}"), media_key(id_key)]


def s3_key(id_key: int, kind: str, file_name: str) -> str:
    return f"media/{id_key}/{kind}/{file_name}"


def image_content_type(fmt: str | None) -> str | None:
    return IMAGE_TYPES.get((fmt or "").lower().lstrip("."))


@dataclass(frozen=True)
class MediaFile:
    """The file a request asks for: where it is and how it is sent."""

    s3_key: str
    content_type: str
    size: int
    etag: str
    binary: bool


def select_file(record: dict[str, Any], type_: str) -> MediaFile | None:
    """`Bild`, `Text`, or a format name (AMDBildFormat / AMDTextFormat, case-insensitive);
    None when the record has no such file."""
    wanted = type_.strip().lower()
    image_fmt = str(record.get("AMDBildFormat") or "").lower()
    text_fmt = str(record.get("AMDTextFormat") or "").lower()
    if record.get("BildKey") and (wanted == "bild" or (image_fmt and wanted == image_fmt)):
        content_type = image_content_type(image_fmt) or "application/octet-stream"
        return MediaFile(record["BildKey"], content_type, int(record["BildGroesse"]), record["BildMD5"], True)
    if record.get("TextKey") and (wanted == "text" or (text_fmt and wanted == text_fmt)):
        return MediaFile(record["TextKey"], TEXT_CONTENT_TYPE, int(record["TextGroesse"]), record["TextMD5"], False)
    return None


def read_file(found: MediaFile) -> bytes:
    """The file's content, from the bucket."""
    body: bytes = client("s3").get_object(Bucket=get_settings().bucket_name, Key=found.s3_key)["Body"].read()
    return body


def links(record: dict[str, Any], base: str = "") -> list[dict[str, str]]:
    id_key = int(record["IDKey"])
    found = []
    if record.get("BildKey"):
        found.append(link(base, f"/www/artikelmediadaten/{id_key}?type=Bild", "artikelmediadaten/"))
    if record.get("TextKey"):
        found.append(link(base, f"/www/artikelmediadaten/{id_key}?type=Text", "artikelmediadaten/"))
    return found


def shown_records(
    article: dict[str, Any], records: list[dict[str, Any]], languages: list[str], base: str = ""
) -> list[dict[str, Any]]:
    """The media of an article in the first of `languages` that has any, plus language-neutral
    ones; a record without usage takes the article's VERWENDUNG attribute."""
    present = {str(r.get("AdrSprache") or "").lower() for r in records}
    language = next((lang for lang in languages if lang in present), None)
    usage = None
    for attr in article.get("attributes") or ():
        if attr.get("PHKey") == VERWENDUNG:
            usage = attr.get("Contents")
    shown = []
    for record in sorted(records, key=lambda r: int(r["IDKey"])):
        lang = str(record.get("AdrSprache") or "").lower()
        if lang and lang != language:
            continue
        out = {name: record.get(name) for name in RECORD_FIELDS}
        out["IDKey"] = int(record["IDKey"])
        out["AMDVerwendung"] = record.get("AMDVerwendung") or usage
        out["links"] = links(record, base)
        shown.append(out)
    return shown
