"""The catalogue import: refusal before any write, re-import in place, the configuration."""

from __future__ import annotations

import json
from decimal import Decimal as D
from pathlib import Path

import pytest

from backoffice import company
from backoffice.catalogue.importer import ImportRefused, import_catalogue
from backoffice.platform import dynamo
from backoffice.platform.caches import reset_caches

CONFIG = {
    "Typ": "Konfiguration",
    "Leitwaehrung": "CHF",
    "Waehrungen": ["EUR"],
    "RESTPreisliste": "VK",
    "StandardWUSTSatz": 8.1,
    "WUSTCodes": [
        {"Code": "1", "Satz": 8.1, "Bezeichnung": "Normalsatz", "PosUSTSZiffer": "303", "PosVSTSZiffer": "400"},
        {"Code": "9", "Satz": 0, "Klasse": "X", "PosUSTUZiffer": "220", "Verwendung": "Ausland"},
    ],
    "Events": ["REST_Auft"],
    "StaoNr": 1,
    "Lager": [1, 2],
}
FIRMA = {
    "Name": "Muster Handel AG", "Adresse1": "Bahnhofstrasse 1", "PLZ": "8001", "Ort": "Zürich",
    "UID": "CHE-123.456.788 MWST", "IBAN": "CH5604835012345678009",
}  # fmt: skip
ARTICLE = {"Typ": "Artikel", "ArtNr": "A1", "ArtBez": {"ger": "Käse", "fre": "Fromage"}}
PRICE = {
    "Typ": "Preis",
    "ArtNr": "A1",
    "Preisliste": "VK",
    "WaehrAbk": "CHF",
    "Staffel": [{"AbAnzahl": 1, "BisAnzahl": 9, "PreisList": 4.20}, {"AbAnzahl": 10, "PreisList": 3.95}],
}
STOCK = {"Typ": "Bestand", "ArtNr": "A1", "StaoNr": 1, "LagerOrt": "Zürich", "LagerBestand": 12}


def write(folder: Path, *records: object) -> Path:
    path = folder / "catalogue.jsonl"
    path.write_text("\n".join(r if isinstance(r, str) else json.dumps(r) for r in records) + "\n", encoding="utf-8")
    return path


def table_items() -> list[dict]:
    from backoffice.platform.aws import client

    # Without the event feed: every import records its stock events (tests/unit/webhooks).
    items = client("dynamodb").scan(TableName=dynamo.table_name())["Items"]
    return [i for i in items if i["PK"]["S"] != "EVENTS"]


def test_import_writes_config_and_accessors(aws, tmp_path: Path) -> None:
    import_catalogue(write(tmp_path, CONFIG, ARTICLE, PRICE, STOCK))
    reset_caches()
    assert company.leading_currency() == "CHF"
    assert company.currencies() == ["CHF", "EUR"]
    assert company.rest_price_list() == "VK"
    assert company.standard_tax_rate() == D("8.1")
    assert company.event_enabled("REST_Auft")
    assert not company.event_enabled("REST_Kunde")
    assert company.enabled_events() == ["REST_Auft"]
    assert company.order_location() == 1
    assert company.released_warehouses() == [1, 2]
    normal, export = company.tax_codes()
    assert (normal.code, normal.rate, normal.klasse, normal.sales_line, normal.input_line, normal.domestic) == (
        "1",
        D("8.1"),
        "D",
        "303",
        "400",
        True,
    )
    assert (export.rate, export.klasse, export.turnover_line, export.domestic) == (D(0), "X", "220", False)
    assert company.tax_code("9") == export
    assert company.tax_code("7") is None


def test_reimport_updates_in_place(aws, tmp_path: Path) -> None:
    import_catalogue(write(tmp_path, CONFIG, ARTICLE, PRICE, STOCK))
    before = len(table_items())
    changed = {**STOCK, "LagerBestand": -3}
    import_catalogue(write(tmp_path, CONFIG, {**ARTICLE, "ArtBez": "Neu"}, PRICE, changed))
    assert len(table_items()) == before
    article = dynamo.get_item("ARTIKEL#A1", "ARTIKEL")
    assert article["ArtBez"] == "Neu"
    assert article["Preise"][0]["Staffel"][1]["PreisList"] == D("3.95")
    assert dynamo.get_item("ARTIKEL#A1", "BESTAND#-#1")["LagerBestand"] == D(-3)
    # An import of the article alone keeps its prices.
    import_catalogue(write(tmp_path, ARTICLE))
    assert dynamo.get_item("ARTIKEL#A1", "ARTIKEL")["Preise"][0]["Preisliste"] == "VK"


@pytest.mark.parametrize(
    ("records", "problem"),
    [
        (["{not json"], "catalogue.jsonl line 1: not valid JSON"),
        ([{"Typ": "Kunde"}], "line 1: Typ must be one of"),
        ([{**ARTICLE, "ArtNr": "X" * 16}], "line 1: ArtNr: String should have at most 15 characters"),
        ([{**ARTICLE, "Farbe": "red"}], "line 1: Farbe"),
        ([ARTICLE, ARTICLE], "line 2: article A1 is given twice"),
        ([ARTICLE, {**PRICE, "ArtNr": "B9"}], "line 2: unknown article B9"),
        ([ARTICLE, {**PRICE, "WaehrAbk": "USD"}], "line 2: WaehrAbk USD is not one of CHF"),
        ([ARTICLE, {**PRICE, "VPEinheit": "KAR"}], "line 2: VPEinheit KAR is not a VPE of article A1"),
        (
            [ARTICLE, {**PRICE, "Staffel": [{"AbAnzahl": 1, "PreisList": 1}, {"AbAnzahl": 1, "PreisList": 1}]}],
            "line 2: record: Value error, Staffel[1].AbAnzahl must be greater",
        ),
        (
            [ARTICLE, {**PRICE, "Staffel": [{"AbAnzahl": 1, "BisAnzahl": 5, "PreisList": 1}]}],
            "the last tier is open",
        ),
        ([ARTICLE, {**PRICE, "Preisart": "X"}], "line 2: Preisart"),
        ([ARTICLE, {**STOCK, "LagerBestand": "viel"}], "line 2: LagerBestand"),
        (
            [
                ARTICLE,
                {
                    "Typ": "Media",
                    "IDKey": 1,
                    "ArtNr": "A1",
                    "AMDDateiName": "a.png",
                    "AMDBildFormat": "png",
                    "Bild": "a.png",
                },
            ],
            "line 2: file a.png not found",
        ),
        ([{"Typ": "Kundenpreisliste", "DebiNr": "ABC", "Preisliste": "WV"}], "line 1: DebiNr"),
        ([{**CONFIG, "Firma": {**FIRMA, "BIC": "CRESCHZZ8"}}], "line 1: Firma.BIC: Value error, is not a BIC"),
        ([{**CONFIG, "Firma": {**FIRMA, "BIC": "CRESQQZZ"}}], "line 1: Firma.BIC: Value error, is not a BIC"),
        ([{**CONFIG, "Firma": {**FIRMA, "BIC": "creschzz80a"}}], "line 1: Firma.BIC: Value error, must be written"),
    ],
)
def test_invalid_input_is_refused_with_line_and_nothing_written(aws, tmp_path: Path, records, problem) -> None:
    with pytest.raises(ImportRefused) as refused:
        import_catalogue(write(tmp_path, *records))
    assert any(problem in p for p in refused.value.problems), refused.value.problems
    assert table_items() == []


def test_admin_command_refuses_and_imports(aws, tmp_path: Path, capsys) -> None:
    from backoffice.admin.__main__ import main

    bad = tmp_path / "bad"
    bad.mkdir()
    write(bad, ARTICLE, {**PRICE, "ArtNr": "B9"})
    assert main(["import", str(bad), "--quiet"]) == 1
    assert "line 2: unknown article B9" in capsys.readouterr().err
    good = tmp_path / "good"
    good.mkdir()
    write(good, CONFIG, ARTICLE, PRICE, STOCK)
    assert main(["import", str(good)]) == 0
    out = capsys.readouterr()
    assert "1 articles, 1 price lists, 1 stock items" in out.out
    assert "[########################################] 2/2 items" in out.err
