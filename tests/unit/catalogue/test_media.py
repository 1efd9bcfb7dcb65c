"""Which media file a type asks for, ETags, and the records shown."""

from __future__ import annotations

from backoffice.catalogue import media

RECORD = {
    "IDKey": 7,
    "ArtNr": "A1",
    "AMDBildFormat": "PNG",
    "AMDTextFormat": "txt",
    "BildKey": "media/7/bild/a.png",
    "BildGroesse": 10,
    "BildMD5": "abc",
    "TextKey": "media/7/text/a.txt",
    "TextGroesse": 4,
    "TextMD5": "def",
}


def test_select_by_kind_or_format() -> None:
    assert media.select_file(RECORD, "Bild").content_type == "image/png"
    assert media.select_file(RECORD, "png").binary
    assert media.select_file(RECORD, "Text").content_type == "text/plain; charset=UTF-8"
    assert media.select_file(RECORD, "TXT").s3_key == "media/7/text/a.txt"
    assert media.select_file(RECORD, "exe") is None
    assert media.select_file({**RECORD, "TextKey": None}, "Text") is None


def test_shown_records_language_and_usage() -> None:
    article = {"ArtNr": "A1", "attributes": [{"PHKey": "VERWENDUNG", "Contents": "SHOP"}]}
    records = [
        {**RECORD, "IDKey": 1},
        {"IDKey": 2, "ArtNr": "A1", "AdrSprache": "ger", "AMDVerwendung": "TEXT", "TextKey": "k"},
        {"IDKey": 3, "ArtNr": "A1", "AdrSprache": "fre", "AMDVerwendung": "TEXT", "TextKey": "k"},
    ]
    fre = media.shown_records(article, records, ["fre", "ger"])
    assert [(r["IDKey"], r["AMDVerwendung"]) for r in fre] == [(1, "SHOP"), (3, "TEXT")]
    ita = media.shown_records(article, records, ["ita", "ger"])
    assert [r["IDKey"] for r in ita] == [1, 2]
    assert fre[0]["links"][0]["href"] == "/www/artikelmediadaten/1?type=Bild"
