"""Issue 22: every text field of every request refuses what XML 1.0 cannot carry (an invoice is XML).

The rule lives once, in `backoffice.models.RequestModel`; this walks every request model of orders,
quotations, customers and addresses and sends each of its text fields a character XML 1.0 forbids.
"""

from __future__ import annotations

import types
import typing

import pytest
from pydantic import ValidationError

from backoffice.models import RequestModel
from backoffice.parties.addresses import AddressIn, AddressPatch
from backoffice.parties.customers import CustomerData
from backoffice.sales import order_models, quotation_models, request_models
from backoffice.text import first_illegal, printable

MODELS = [
    AddressIn,
    AddressPatch,
    CustomerData,
    request_models.Payment,
    order_models.OrderHeader,
    order_models.OrderPosition,
    order_models.ConversionHeader,
    quotation_models.QuotationHeader,
    quotation_models.QuotationPosition,
    quotation_models.QuotationPatchHeader,
    quotation_models.QuotationPatchPosition,
]
# XML 1.0's Char refuses these; NUL and lone surrogates are refused by the JSON reader already.
ILLEGAL = ["\x01", "\x02", "\x08", "\x0b", "\x0c", "\x0e", "\x1f", "\ufffe", "\uffff"]
# Fields with a format of their own (codes, dates) refuse the character with their own message.
FORMATTED = {"AdrSprache", "OrtLand", "WaehrAbk", "ZahlungsMethode", "AuftBestellT", "AuftLieferT"}


def _is_text(annotation: object) -> bool:
    if annotation is str:
        return True
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _is_text(typing.get_args(annotation)[0])
    if origin in (typing.Union, types.UnionType):
        return any(_is_text(a) for a in typing.get_args(annotation))
    return False


def _text_fields(model: type[RequestModel]) -> list[str]:
    model.model_rebuild()
    return [name for name, info in model.model_fields.items() if _is_text(info.annotation)]


CASES = [(model, name) for model in MODELS for name in _text_fields(model)]


def test_every_model_has_text_fields_and_the_walk_finds_them():
    found = {(m.__name__, n) for m, n in CASES}
    assert ("AddressPatch", "AdrFirma") in found
    assert ("OrderPosition", "PosBez") in found
    assert ("OrderHeader", "AuftKomment") in found
    assert ("CustomerData", "Kommentar") in found
    assert ("QuotationPatchPosition", "PosBez") in found
    assert len(CASES) > 60


@pytest.mark.parametrize(("model", "name"), CASES, ids=[f"{m.__name__}.{n}" for m, n in CASES])
def test_a_control_character_in_any_text_field_is_refused_naming_it(model, name):
    with pytest.raises(ValidationError) as caught:
        model.model_validate({name: "\u0002"})
    mine = [(e["type"], e["msg"]) for e in caught.value.errors() if e["loc"] == (name,)]
    assert len(mine) == 1
    if name not in FORMATTED:
        assert mine == [("xml_character", "contains a character XML 1.0 cannot carry: U+0002 at position 0")]


@pytest.mark.parametrize("char", ILLEGAL, ids=[f"U+{ord(c):04X}" for c in ILLEGAL])
def test_each_character_xml_forbids_is_refused(char):
    with pytest.raises(ValidationError) as caught:
        request_models.Payment.model_validate({"Wert": f"x{char}"})
    assert caught.value.errors()[0]["type"] == "xml_character"
    assert caught.value.errors()[0]["loc"] == ("Wert",)


def test_a_lone_surrogate_is_refused_too():
    # The JSON reader refuses it first (issue 12); a model given one directly refuses it as well.
    with pytest.raises(ValidationError) as caught:
        request_models.Payment.model_validate({"Wert": "x\ud800"})
    assert caught.value.errors()[0]["loc"] == ("Wert",)


@pytest.mark.parametrize("text", ["Zeile 1\nZeile 2\r\n\tTab", "Müller & Söhne <AG>", "😀 \u00a0 \ufffd \U0010fffd"])
def test_text_xml_carries_is_accepted(text):
    assert request_models.Payment.model_validate({"Wert": text}).Wert == text


def test_printable_replaces_what_xml_cannot_carry_with_a_space_in_nested_data():
    stored = {"AdrFirma": "Muster\u0002AG", "Positionen": [{"PosBez": "a\x1fb\ufffe"}], "n": 3}
    assert printable(stored) == {"AdrFirma": "Muster AG", "Positionen": [{"PosBez": "a b "}], "n": 3}
    assert first_illegal("ok\n") is None
    assert first_illegal("o\x0bk") == "U+000B at position 1"
