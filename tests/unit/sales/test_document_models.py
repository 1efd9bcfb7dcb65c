"""Validation of the order and quotation request bodies: types, lengths, unknown keys, limits."""

from __future__ import annotations

import copy
import json
from decimal import Decimal as D
from typing import Annotated, Any

import pytest
from aws_lambda_powertools.event_handler import Response
from aws_lambda_powertools.event_handler.openapi.params import Body
from pydantic import BaseModel, ValidationError

from backoffice.http.resolver import json_response, make_resolver, validation_fields
from backoffice.json_codec import loads
from backoffice.sales.calculation import MAX_POSITIONS
from backoffice.sales.contract import zahlung
from backoffice.sales.order_models import OrderConvert, OrderCreate
from backoffice.sales.position_patch import PositionChange
from backoffice.sales.quotation_models import QuotationCreate, QuotationPatch, position_changes
from backoffice.sales.request_models import payments


def body(text: str) -> Any:
    """A body as the API decodes it (fractions as Decimal)."""
    return loads(text)


ORDER = """{
  "GrundDaten": {"KundNr": "10001", "AuftBestellNr": "WS-2026-0001", "AuftBez": "Webshop-Bestellung",
                 "AuftBestellRef": "Ref 1", "AuftBestellT": "2026-11-23T08:15:00Z", "AuftLieferT": "2026-11-30",
                 "WaehrAbk": "CHF", "AuftKomment": "Bitte l\\u00e4uten", "KTNr": "KT01", "StaoNr": 1,
                 "KundBedTyp": 2, "AuftLiefKost": 8.50},
  "Positionen": [{"ArtNr": "KAFFEE-1KG", "Menge": 12, "PosBez": "Kaffee", "Preis": 14.35,
                  "VPEinheit": "KARTON", "GRabSatz": 5, "VisPosNr": 1}],
  "Zahlung": [{"Bezeichnung": "TransID", "Wert": "tx-0815"}, {"Bezeichnung": "Dienstleister", "Wert": "PSP"}]
}"""
CONVERT = '{"GrundDaten": {"KundNr": "10001", "OffertNr": "4711"}, "Zahlung": [{"Bezeichnung": "TransID"}]}'
QUOTATION = """{
  "GrundDaten": {"KundNr": "10001", "AuftBestellNr": "Q-1", "AuftBez": "Offerte", "AuftBestellRef": "R",
                 "AuftBestellT": "2026-11-23T08:15:00Z", "AuftLieferT": "2026-12-01T00:00:00Z",
                 "AuftKomment": "", "WaehrAbk": "EUR", "OrtLand": "DE"},
  "Positionen": [{"ArtNr": "TEE", "Menge": 3, "VPEinheit": "DOSE", "GRabSatz": 10, "VisPosNr": 2}]
}"""
PATCH = """{
  "GrundDaten": {"KundNr": "10001"},
  "Positionen": [{"ArtNr": "TEE", "Menge": 2.5, "GRabSatz": 12.5, "PosBez": "Tee lose"},
                 {"PosNr": 2, "Menge": 0}, {"PosNr": 1, "Menge": 4}]
}"""

CASES: dict[str, tuple[type[BaseModel], str]] = {
    "order": (OrderCreate, ORDER),
    "convert": (OrderConvert, CONVERT),
    "quotation": (QuotationCreate, QUOTATION),
    "patch": (QuotationPatch, PATCH),
}


def refused(model: type[BaseModel], data: Any) -> dict[str, str]:
    """The `info.fields` of the 400 the API answers for `data`."""
    with pytest.raises(ValidationError) as caught:
        model.model_validate(data)
    return validation_fields(list(caught.value.errors()))


def with_value(text: str, path: str, value: Any) -> Any:
    """The body of `text` with the member at `path` ("GrundDaten.KundNr", "Positionen[0].Menge") set."""
    data = copy.deepcopy(body(text))
    *parents, last = path.replace("[", ".").replace("]", "").split(".")
    target = data
    for part in parents:
        target = target[int(part)] if part.isdigit() else target[part]
    target[int(last) if last.isdigit() else last] = value
    return data


@pytest.mark.parametrize("case", CASES)
def test_the_sample_bodies_are_valid(case: str) -> None:
    model, text = CASES[case]
    model.model_validate(body(text))


def test_order_values_as_parsed() -> None:
    order = OrderCreate.model_validate(body(ORDER))
    assert order.GrundDaten.AuftLiefKost == D("8.50")
    assert order.GrundDaten.AuftKomment == "Bitte l\u00e4uten"
    assert order.GrundDaten.AuftBestellT == "2026-11-23T08:15:00Z"
    assert order.GrundDaten.AuftLieferT == "2026-11-30T00:00:00Z"  # a date is midnight UTC
    position = order.Positionen[0]
    assert (position.Menge, position.Preis, position.GRabSatz) == (D(12), D("14.35"), D(5))
    assert isinstance(position.Menge, D)


def test_timestamps_are_answered_in_utc() -> None:
    order = OrderCreate.model_validate(with_value(ORDER, "GrundDaten.AuftBestellT", "2026-11-23T10:15:00"))
    assert order.GrundDaten.AuftBestellT == "2026-11-23T10:15:00Z"  # no zone given: UTC


def test_currency_and_country_codes_are_upper_case() -> None:
    quotation = QuotationCreate.model_validate(
        body('{"GrundDaten": {"WaehrAbk": "chf", "OrtLand": "li"}, "Positionen": [{"ArtNr": "TEE", "Menge": 1}]}')
    )
    assert (quotation.GrundDaten.WaehrAbk, quotation.GrundDaten.OrtLand) == ("CHF", "LI")


def test_minimal_quotation_is_a_template() -> None:
    quotation = QuotationCreate.model_validate(body('{"Positionen": [{"ArtNr": "TEE", "Menge": 1}]}'))
    assert quotation.GrundDaten.KundNr is None


def test_patch_may_be_empty_and_allows_menge_zero() -> None:
    QuotationPatch.model_validate({})
    patch = QuotationPatch.model_validate(body('{"Positionen": [{"PosNr": 1, "Menge": 0}]}'))
    assert patch.Positionen is not None
    assert patch.Positionen[0].Menge == D(0)


def test_patch_positions_become_plain_changes() -> None:
    changes = position_changes(QuotationPatch.model_validate(body(PATCH)))
    assert changes == [
        PositionChange(quantity=D("2.5"), art_nr="TEE", description="Tee lose", discount=D("12.5")),
        PositionChange(quantity=D(0), pos_nr=2),
        PositionChange(quantity=D(4), pos_nr=1),
    ]


def test_payments_get_a_key_each() -> None:
    order = OrderCreate.model_validate(body(ORDER))
    assert zahlung(payments(order.Zahlung)) == [
        {"Bezeichnung": "TransID", "Wert": "tx-0815", "Key": "1"},
        {"Bezeichnung": "Dienstleister", "Wert": "PSP", "Key": "2"},
    ]
    assert zahlung(payments(None)) == []


WRONG_TYPES = [
    ("order", "GrundDaten", "a string"),
    ("order", "GrundDaten.KundNr", 10001),
    ("order", "GrundDaten.AuftBez", 5),
    ("order", "GrundDaten.AuftBestellT", "23.11.2026"),
    ("order", "GrundDaten.AuftBestellT", 20261123),
    ("order", "GrundDaten.WaehrAbk", "C1F"),
    ("order", "GrundDaten.StaoNr", "1"),
    ("order", "GrundDaten.StaoNr", D("1.5")),
    ("order", "GrundDaten.StaoNr", True),
    ("order", "GrundDaten.KundBedTyp", 256),
    ("order", "GrundDaten.AuftLiefKost", "8.50"),
    ("order", "GrundDaten.AuftLiefKost", D("8.505")),
    ("order", "GrundDaten.AuftLiefKost", D("-1")),
    ("order", "Positionen", {"ArtNr": "A"}),
    ("order", "Positionen[0]", "KAFFEE"),
    ("order", "Positionen[0].ArtNr", 42),
    ("order", "Positionen[0].ArtNr", "   "),
    ("order", "Positionen[0].Menge", "12"),
    ("order", "Positionen[0].Menge", True),
    ("order", "Positionen[0].Menge", None),
    ("order", "Positionen[0].Menge", 0),
    ("order", "Positionen[0].Menge", -3),
    ("order", "Positionen[0].Menge", D("0.00001")),
    ("order", "Positionen[0].Menge", D("1E+400")),
    ("order", "Positionen[0].Preis", "14.35"),
    ("order", "Positionen[0].Preis", D("-0.01")),
    ("order", "Positionen[0].GRabSatz", D("100.5")),
    ("order", "Positionen[0].GRabSatz", -5),
    ("order", "Positionen[0].VPEinheit", 6),
    ("order", "Positionen[0].VisPosNr", 0),
    ("order", "Zahlung", {"Bezeichnung": "TransID"}),
    ("order", "Zahlung[0].Wert", 815),
    ("convert", "GrundDaten.OffertNr", 4711),
    ("convert", "GrundDaten.KundNr", None),
    ("quotation", "GrundDaten.KundNr", 10001),
    ("quotation", "GrundDaten.OrtLand", "D1"),
    ("quotation", "Positionen[0].Menge", "3"),
    ("quotation", "Positionen[0].Menge", 0),
    ("quotation", "Positionen[0].GRabSatz", "10"),
    ("patch", "GrundDaten.KundNr", 10001),
    ("patch", "Positionen[1].PosNr", "2"),
    ("patch", "Positionen[1].PosNr", 0),
    ("patch", "Positionen[1].Menge", -1),
    ("patch", "Positionen[1].Menge", "0"),
    ("patch", "Positionen[0].ArtNr", ["TEE"]),
]


@pytest.mark.parametrize(("case", "path", "value"), WRONG_TYPES)
def test_a_wrong_value_is_a_400_naming_the_field(case: str, path: str, value: Any) -> None:
    model, text = CASES[case]
    fields = refused(model, with_value(text, path, value))
    assert list(fields) == [path]


MISSING = [
    ("order", "GrundDaten"),
    ("order", "Positionen"),
    ("order", "GrundDaten.KundNr"),
    ("order", "Positionen[0].ArtNr"),
    ("order", "Positionen[0].Menge"),
    ("convert", "GrundDaten.OffertNr"),
    ("convert", "GrundDaten.KundNr"),
    ("quotation", "Positionen"),
    ("quotation", "Positionen[0].ArtNr"),
    ("quotation", "Positionen[0].Menge"),
    ("patch", "Positionen[0].Menge"),
]


@pytest.mark.parametrize(("case", "path"), MISSING)
def test_a_missing_required_field_is_a_400_naming_it(case: str, path: str) -> None:
    model, text = CASES[case]
    data = body(text)
    *parents, last = path.replace("[", ".").replace("]", "").split(".")
    target = data
    for part in parents:
        target = target[int(part)] if part.isdigit() else target[part]
    del target[last]
    assert refused(model, data) == {path: "Field required"}


LENGTHS = [
    ("order", "GrundDaten.KundNr", 8),
    ("order", "GrundDaten.AuftBestellNr", 36),
    ("order", "GrundDaten.AuftBez", 80),
    ("order", "GrundDaten.AuftBestellRef", 60),
    ("order", "GrundDaten.WaehrAbk", 4),
    ("order", "GrundDaten.AuftKomment", 255),
    ("order", "GrundDaten.KTNr", 6),
    ("order", "Positionen[0].ArtNr", 15),
    ("order", "Positionen[0].PosBez", 2048),
    ("order", "Positionen[0].VPEinheit", 30),
    ("order", "Zahlung[0].Bezeichnung", 255),
    ("order", "Zahlung[0].Wert", 200),
    ("convert", "GrundDaten.KundNr", 8),
    ("convert", "GrundDaten.OffertNr", 10),
    ("quotation", "GrundDaten.KundNr", 8),
    ("quotation", "GrundDaten.AuftBestellNr", 36),
    ("quotation", "GrundDaten.AuftBez", 80),
    ("quotation", "GrundDaten.AuftBestellRef", 60),
    ("quotation", "GrundDaten.AuftKomment", 255),
    ("quotation", "GrundDaten.WaehrAbk", 4),
    ("quotation", "GrundDaten.OrtLand", 4),
    ("quotation", "Positionen[0].ArtNr", 15),
    ("quotation", "Positionen[0].VPEinheit", 30),
    ("patch", "GrundDaten.KundNr", 8),
    ("patch", "Positionen[0].ArtNr", 15),
    ("patch", "Positionen[0].PosBez", 2048),
    ("patch", "Positionen[0].VPEinheit", 30),  # an addition to the contract's table (docs/orders.md)
]


@pytest.mark.parametrize(("case", "path", "length"), LENGTHS)
def test_the_contract_length_is_accepted_and_one_more_refused(case: str, path: str, length: int) -> None:
    model, text = CASES[case]
    model.model_validate(with_value(text, path, "X" * length))
    fields = refused(model, with_value(text, path, "X" * (length + 1)))
    assert fields == {path: f"String should have at most {length} characters"}


def test_timestamps_are_char_20() -> None:
    assert refused(OrderCreate, with_value(ORDER, "GrundDaten.AuftBestellT", "2026-11-23T08:15:00+01:00")) == {
        "GrundDaten.AuftBestellT": "String should have at most 20 characters"
    }


def test_umlauts_count_as_one_character() -> None:
    OrderCreate.model_validate(with_value(ORDER, "GrundDaten.AuftBez", "\u00e4" * 80))


UNKNOWN_KEYS = [
    ("order", "Rabatt"),
    ("order", "GrundDaten.AuftNr"),
    ("order", "GrundDaten.OrtLand"),
    ("order", "Positionen[0].PosNr"),
    ("order", "Zahlung[0].Key"),  # read only
    ("convert", "Positionen"),
    ("convert", "GrundDaten.AuftBez"),
    ("quotation", "Positionen[0].Preis"),  # quotations are priced by the system
    ("quotation", "Positionen[0].PosBez"),
    ("quotation", "GrundDaten.KTNr"),
    ("patch", "Positionen[0].Preis"),
    ("patch", "GrundDaten.WaehrAbk"),
]


@pytest.mark.parametrize(("case", "path"), UNKNOWN_KEYS)
def test_an_unknown_key_is_a_400_naming_it(case: str, path: str) -> None:
    model, text = CASES[case]
    assert refused(model, with_value(text, path, "x")) == {path: "Extra inputs are not permitted"}


POSITION = {
    "order": {"ArtNr": "A", "Menge": 1},
    "quotation": {"ArtNr": "A", "Menge": 1},
    "patch": {"PosNr": 1, "Menge": 1},
}


@pytest.mark.parametrize("case", POSITION)
def test_500_positions_pass_and_501_is_a_400_naming_the_limit(case: str) -> None:
    model, text = CASES[case]
    data = body(text)
    data["Positionen"] = [dict(POSITION[case]) for _ in range(MAX_POSITIONS)]
    model.model_validate(data)
    data["Positionen"].append(dict(POSITION[case]))
    assert refused(model, data) == {"Positionen": "List should have at most 500 items after validation, not 501"}


@pytest.mark.parametrize("case", ["order", "quotation"])
def test_a_document_needs_a_position(case: str) -> None:
    model, text = CASES[case]
    assert refused(model, with_value(text, "Positionen", [])) == {
        "Positionen": "List should have at least 1 item after validation, not 0"
    }


app = make_resolver()


@app.post("/www/auftrag")
def create(order: Annotated[OrderCreate, Body()]) -> Response[str]:
    return json_response({"data": {"positions": len(order.Positionen)}}, 201)


def post(data: Any) -> dict[str, Any]:
    """POST /www/auftrag through a resolver as every function builds it."""
    event = {
        "resource": "/www/auftrag",
        "path": "/www/auftrag",
        "httpMethod": "POST",
        "headers": {"Content-Type": "application/json"},
        "multiValueHeaders": {},
        "queryStringParameters": None,
        "multiValueQueryStringParameters": None,
        "pathParameters": None,
        "requestContext": {"resourcePath": "/www/auftrag", "httpMethod": "POST", "stage": "test"},
        "body": json.dumps(data),
        "isBase64Encoded": False,
    }
    return app.resolve(event, None)


def test_the_api_answers_the_limit_as_a_400_with_the_error_body() -> None:
    positions = [{"ArtNr": "A", "Menge": 1}] * 501
    answer = post({"GrundDaten": {"KundNr": "10001"}, "Positionen": positions})
    assert answer["statusCode"] == 400
    assert json.loads(answer["body"]) == {
        "error": "invalid_request",
        "error_description": "The request is not valid.",
        "info": {"fields": {"Positionen": "List should have at most 500 items after validation, not 501"}},
    }


def test_the_api_decodes_fractions_as_decimal_and_refuses_negative_quantities() -> None:
    answer = post({"GrundDaten": {"KundNr": "10001"}, "Positionen": [{"ArtNr": "A", "Menge": 1.5}]})
    assert answer["statusCode"] == 201
    assert json.loads(answer["body"]) == {"data": {"positions": 1}}
    answer = post({"GrundDaten": {"KundNr": "10001"}, "Positionen": [{"ArtNr": "A", "Menge": -1}]})
    assert answer["statusCode"] == 400
    assert json.loads(answer["body"])["info"] == {"fields": {"Positionen[0].Menge": "Input should be greater than 0"}}
    answer = post({"GrundDaten": {"KundNr": "10001"}, "Positionen": [{"ArtNr": "A", "Menge": "viele"}]})
    assert answer["statusCode"] == 400
    assert list(json.loads(answer["body"])["info"]["fields"]) == ["Positionen[0].Menge"]
