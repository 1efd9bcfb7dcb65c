"""Sorting, fields and the packed index."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from backoffice.catalogue import list_index as ci
from backoffice.errors import InvalidRequest

ROWS = [
    {"ArtNr": "3", "ArtBez": {"ger": "Zange"}, "ArtGruppe": "B", "_shops": ["SHOP"]},
    {"ArtNr": "1", "ArtBez": {"ger": "Äpfel", "fre": "Pommes"}, "ArtGruppe": "A", "_shops": ["SHOP"]},
    {"ArtNr": "2", "ArtBez": {"ger": "apfelsaft"}, "ArtGruppe": "B", "WUSTSatz": "2.6", "_shops": ["SHOP"]},
    {"ArtNr": "4", "ArtBez": {"ger": "Bohrer"}, "ArtGruppe": "A", "_shops": ["B2B"]},
]


def test_parse_sorts_forms() -> None:
    assert ci.parse_sorts(None) == [ci.SortKey("ArtBez", False)]
    # %2B decodes to "+"; a raw "+" in a query string decodes to a space: both ascending.
    assert ci.parse_sorts("+ArtGruppe,-ArtNr") == [ci.SortKey("ArtGruppe", False), ci.SortKey("ArtNr", True)]
    assert ci.parse_sorts(" ArtGruppe") == [ci.SortKey("ArtGruppe", False)]
    assert ci.parse_sorts("ArtNr") == [ci.SortKey("ArtNr", False)]


def test_parse_sorts_unknown_names_the_field() -> None:
    with pytest.raises(InvalidRequest) as err:
        ci.parse_sorts("+Nope,-ArtNr,Preis")
    fields = err.value.info["fields"]
    assert set(fields) == {"sorts.Nope", "sorts.Preis"}
    assert fields["sorts.Preis"].startswith("a list member")


def test_parse_fields() -> None:
    assert ci.parse_fields("ArtNr, ArtBez") == ["ArtNr", "ArtBez"]
    assert ci.parse_fields("") is None
    with pytest.raises(InvalidRequest) as err:
        ci.parse_fields("ArtNr,Deklaration,Foo")
    assert set(err.value.info["fields"]) == {"fields.Deklaration", "fields.Foo"}


def test_default_order_by_designation_umlauts_beside_base_letter() -> None:
    order = ci.order(ROWS, ci.parse_sorts(None), ["ger"], "SHOP", D("8.1"))
    # Äpfel < apfelsaft < Zange (case and accents folded); article 4 is not published for SHOP.
    assert order == ["1", "2", "3"]


def test_order_several_keys_and_directions_ties_by_artnr() -> None:
    assert ci.order(ROWS, ci.parse_sorts("+ArtGruppe,-ArtNr"), ["ger"], "SHOP", D("8.1")) == ["1", "3", "2"]
    assert ci.order(ROWS, ci.parse_sorts("-ArtGruppe"), ["ger"], "SHOP", D("8.1")) == ["2", "3", "1"]
    assert ci.order(ROWS, ci.parse_sorts("-ArtNr"), ["ger"], "B2B", D("8.1")) == ["4"]
    assert ci.order(ROWS, ci.parse_sorts("+ArtNr"), ["ger"], None, D("8.1")) == []


def test_order_by_tax_rate_uses_standard_rate_fallback() -> None:
    assert ci.order(ROWS, ci.parse_sorts("+WUSTSatz"), ["ger"], "SHOP", D("8.1")) == ["2", "1", "3"]
    assert ci.order(ROWS, ci.parse_sorts("+WUSTSatz"), ["ger"], "SHOP", D("1.0")) == ["1", "3", "2"]


def test_order_by_designation_in_language() -> None:
    # fre: "Pommes" for 1; 2 and 3 fall back to German.
    assert ci.order(ROWS, ci.parse_sorts("+ArtBez"), ["fre", "ger"], "SHOP", D("8.1")) == ["2", "1", "3"]


def test_pack_unpack_round_trip_in_chunks() -> None:
    rows = [{"ArtNr": f"{n:05d}", "ArtBez": {"ger": "Zürich ü"}} for n in range(ci.ROWS_PER_CHUNK + 5)]
    chunks = ci.pack(rows)
    assert len(chunks) == 2
    assert ci.unpack(chunks) == rows
    assert ci.unpack(ci.pack([])) == []


def test_index_row_keeps_numbers_exact() -> None:
    row = ci.index_row(
        {
            "ArtNr": "1",
            "ArtGewicht": D("0.010"),
            "ArtikelStatus": 1,
            "attributes": [{"PHKey": "RESTWEBSHOP", "Contents": "A,B"}],
        }
    )
    assert row == {"ArtNr": "1", "ArtikelStatus": "1", "ArtGewicht": "0.010", "HatVPE": "N", "_shops": ["A", "B"]}
