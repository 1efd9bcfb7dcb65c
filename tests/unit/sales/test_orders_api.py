"""POST /www/auftrag and GET /www/auftrag/{AuftNr} through the handler, on the demo data in moto.

Figures are computed by hand in the comments; the demo catalogue (local/demo_data/artikel) gives
article 1000 (no VPE, 2.6 %, VK CHF 18.90 from 1, EUR 20.03 from 1), 1002 (VPE PAK = 10 pieces,
VK CHF 4.50 per PAK from 1), 2004 (no VPE, standard rate 8.1 %).
"""

from __future__ import annotations

import base64
import hashlib
from decimal import Decimal
from typing import Any

import pytest
from botocore.exceptions import ClientError

from tests.support.demo import snapshot, stock
from tests.support.invoke import RequestCounter

ORDER = {
    "GrundDaten": {"KundNr": "100004", "AuftBestellNr": "WS-4711", "AuftBez": "Kaffee für das Büro"},
    "Positionen": [
        {"ArtNr": "1000", "Menge": 3},
        {"ArtNr": "1002", "Menge": 20, "VPEinheit": "PAK", "GRabSatz": 10},
    ],
    "Zahlung": [{"Bezeichnung": "Dienstleister", "Wert": "Datatrans"}, {"Bezeichnung": "TransID", "Wert": "T-1"}],
}


def kinds(items: list[dict[str, Any]]) -> list[str]:
    return sorted(str(i["PK"]).split("#")[0] + "/" + str(i["SK"]).split("#")[0] for i in items)


def test_an_order_with_vpe_and_discount_to_the_rappen(call):
    before_1000, before_pak = stock("1000", "BESTAND#-#1"), stock("1002", "BESTAND#PAK#1")
    answer = call("auftrag", "POST", "/www/auftrag", ORDER)
    assert answer.status == 201, answer.text
    assert answer.json() == {"data": {"AuftNr": "400001"}}
    assert answer.headers["Content-Type"] == "application/json; charset=iso-8859-1"
    assert answer.headers["Cache-Control"] == "no-store"
    body = answer.text.encode()
    assert answer.headers["Content-MD5"] == base64.b64encode(hashlib.md5(body).digest()).decode()
    assert answer.headers["Content-Length"] == str(len(body))

    read = call("auftrag", "GET", "/www/auftrag/400001")
    assert read.status == 200
    data = read.json()["data"]
    # 3 x 18.90 = 56.70; 20 pieces = 2 PAK at 4.50 = 0.45 each: 9.00 less 10 % = 8.10;
    # net 64.80, tax 2.6 % = 1.6848 -> 1.68, gross 66.48 -> 66.50 (Rappen).
    assert data["GrundDaten"] == {
        "StaoNr": 1,
        "KundNr": "100004",
        "AuftStatus": "N",
        "WaehrAbk": "CHF",
        "AuftWUST": 1.68,
        "AuftBrutto": 66.5,
        "AuftNetto": 64.8,
        "AuftNr": "400001",
        "AuftBez": "Kaffee für das Büro",
        "AuftBestellNr": "WS-4711",
    }
    assert '"AuftBrutto":66.50' in read.text
    assert "f\\u00fcr das B\\u00fcro" in read.text
    assert data["Positionen"] == [
        {
            "PosNr": 1,
            "VisPosNr": 1,
            "ArtNr": "1000",
            "PosBez": "Kaffee Bohnen Crema 1 kg",
            "PosAnzBest": 3,
            "PosPreisBasis": 56.7,
            "PosPreisEinzel": 18.9,
            "PosPreisTotal": 56.7,
            "PosPreisWUSTBetrag": 1.47,
            "WUSTSatz": 2.6,
            "GRabSatz": 0,
        },
        {
            "PosNr": 2,
            "VisPosNr": 2,
            "ArtNr": "1002",
            "PosBez": "Kaffeekapseln Lungo",
            "PosAnzBest": 20,
            "PosPreisBasis": 9.0,
            "PosPreisEinzel": 0.45,
            "PosPreisTotal": 8.1,
            "PosPreisWUSTBetrag": 0.21,
            "VPEAnzBest": 2,
            "VPEPreisEinzel": 4.5,
            "VPEinheit": "PAK",
            "WUSTSatz": 2.6,
            "GRabSatz": 10,
        },
    ]
    assert data["MWSTRekapitulation"] == [
        {
            "Abschnitt": "UST-Rekap",
            "WaehrAbk": "CHF",
            "PosWUST": 1.68,
            "PosWUSTSatz": 2.6,
            "PosWUSTBez": "Reduzierter Satz",
            "PosBetragNetto": 64.8,
            "PosWUSTCode": "2",
            "PosWUSTKlasse": "C",
            "PosUSTSZiffer": "313",
            "PosVSTSZiffer": "400",
            "PosUSTUZiffer": "200",
        }
    ]
    assert data["Zahlung"] == [
        {"Bezeichnung": "Dienstleister", "Wert": "Datatrans", "Key": "1"},
        {"Bezeichnung": "TransID", "Wert": "T-1", "Key": "2"},
    ]
    # The customer's contact address in all three roles (100004 has no other).
    contact = data["Adressen"]["KontaktAdr"]
    assert data["Adressen"]["LiefAdr"] == data["Adressen"]["RechAdr"] == contact
    assert contact["AdrFirma"] == "Muster AG"
    assert contact["ISOLandA2"] == "CH"
    # Stock at the configured location 1: the base unit item by 3, the PAK item by 2 packages.
    assert stock("1000", "BESTAND#-#1") == before_1000 - 3
    assert stock("1002", "BESTAND#PAK#1") == before_pak - 2
    assert stock("1000", "BESTAND#-#2") == 6  # another location is untouched


def test_the_order_list_entry_and_the_event_are_written_with_the_order(call):
    from backoffice.parties import order_list
    from backoffice.platform import outbox

    nr = call("auftrag", "POST", "/www/auftrag", ORDER).json()["data"]["AuftNr"]
    entries = order_list.latest("100004", 10)
    assert [(e.AuftNr, e.PlanStatus) for e in entries] == [(nr, "N")]
    assert entries[0].AuftErfUTC.endswith("Z")
    events = [i for i in outbox.pending() if i["Event"] == "REST_Auft"]
    assert len(events) == 1
    assert outbox.detail_of(events[0]) == {"AuftNr": nr, "KundNr": "100004", "user": "demo"}


def test_no_event_when_rest_auft_is_not_enabled(call):
    from backoffice.platform import dynamo, outbox
    from backoffice.platform.caches import reset_caches

    item = dynamo.get_item("CONFIG", "COMPANY")
    dynamo.put_item({**item, "Events": ["REST_Kunde"]})
    reset_caches()
    assert call("auftrag", "POST", "/www/auftrag", ORDER).status == 201
    assert [i for i in outbox.pending() if i["Event"] == "REST_Auft"] == []


def test_given_addresses_price_override_location_and_a_foreign_customer(call):
    body = {
        "GrundDaten": {"KundNr": "100006", "StaoNr": 2, "AuftLieferT": "2026-12-01"},
        "Adressen": {
            "LiefAdr": {
                "AdrSprache": "ger",
                "AdrName": "Müller",
                "AdrAnrede": 1,
                "AdrAdresse1": "Hauptstraße 5",
                "OrtLand": "DE",
                "OrtPLZ": "80331",
                "OrtName": "München",
            }
        },
        "Positionen": [{"ArtNr": "1000", "Menge": 3}, {"ArtNr": "2004", "Menge": 1, "Preis": 99.99}],
    }
    before = stock("1000", "BESTAND#-#2")
    answer = call("auftrag", "POST", "/www/auftrag", body)
    assert answer.status == 201, answer.text
    data = call("auftrag", "GET", f"/www/auftrag/{answer.json()['data']['AuftNr']}").json()["data"]
    # EUR customer in Germany: export code 9, no tax. 3 x 20.03 = 60.09; Preis 99.99; net = gross 160.08 (EUR: 0.01).
    grund = data["GrundDaten"]
    assert (grund["WaehrAbk"], grund["AuftNetto"], grund["AuftWUST"], grund["AuftBrutto"]) == ("EUR", 160.08, 0, 160.08)
    assert grund["StaoNr"] == 2
    assert grund["AuftLieferTUTC"] == "2026-12-01T00:00:00Z"
    assert [(p["PosPreisEinzel"], p["PosPreisTotal"], p["WUSTSatz"]) for p in data["Positionen"]] == [
        (20.03, 60.09, 0),
        (99.99, 99.99, 0),
    ]
    recap = data["MWSTRekapitulation"]
    assert [(r["PosWUSTCode"], r["PosWUSTKlasse"], r["PosBetragNetto"], r["PosWUST"]) for r in recap] == [
        ("9", "X", 160.08, 0)
    ]
    assert data["Adressen"]["LiefAdr"] == {
        "AdrName": "Müller",
        "AdrAdresse1": "Hauptstraße 5",
        "OrtName": "München",
        "OrtPLZ": "80331",
        "OrtLand": "DE",
        "ISOLandA2": "DE",
    }
    assert data["Adressen"]["LiefAdr"]["AdrName"] == "Müller"
    assert data["Adressen"]["LiefAdr"]["OrtName"] == "München"
    assert data["Adressen"]["KontaktAdr"]["OrtLand"] == "DE"
    assert data["Adressen"]["KontaktAdr"] != data["Adressen"]["LiefAdr"]
    assert stock("1000", "BESTAND#-#2") == before - 3


BAD = {
    "unknown article": ({"ArtNr": "NOPE", "Menge": 1}, None, "Positionen[0].ArtNr"),
    "negative Menge": ({"ArtNr": "1000", "Menge": -1}, None, "Positionen[0].Menge"),
    "zero Menge": ({"ArtNr": "1000", "Menge": 0}, None, "Positionen[0].Menge"),
    "non-numeric Menge": ({"ArtNr": "1000", "Menge": "3"}, None, "Positionen[0].Menge"),
    "unknown VPE": ({"ArtNr": "1002", "Menge": 10, "VPEinheit": "PALETTE"}, None, "Positionen[0].VPEinheit"),
    "hidden VPE": ({"ArtNr": "1002", "Menge": 10, "VPEinheit": "ST"}, None, "Positionen[0].VPEinheit"),
    "not a whole VPE": ({"ArtNr": "1002", "Menge": 15, "VPEinheit": "PAK"}, None, "Positionen[0].Menge"),
    "unknown customer": ({"ArtNr": "1000", "Menge": 1}, "999999", "GrundDaten.KundNr"),
    "article of another webshop": ({"ArtNr": "9000", "Menge": 1}, None, "Positionen[0].ArtNr"),
    "unknown location": ({"ArtNr": "1000", "Menge": 1}, None, "GrundDaten.StaoNr"),
}


@pytest.mark.parametrize("case", BAD)
def test_bad_input_is_a_400_naming_the_field_and_writes_nothing(call, case):
    position, kund_nr, field = BAD[case]
    before = snapshot()
    body = {"GrundDaten": {"KundNr": kund_nr or "100004"}, "Positionen": [position]}
    if case == "unknown location":
        body["GrundDaten"]["StaoNr"] = 99
    answer = call("auftrag", "POST", "/www/auftrag", body)
    assert answer.status == 400, answer.text
    error = answer.json()
    assert error["error"] == "invalid_request"
    assert field in error["info"]["fields"]
    assert snapshot() == before


def test_an_unknown_order_is_a_404(call):
    answer = call("auftrag", "GET", "/www/auftrag/123")
    assert answer.status == 404
    assert answer.json()["error"] == "not_found"


def test_500_positions_work_and_501_are_a_400_naming_the_limit(call):
    before = stock("1000", "BESTAND#-#1")
    body = {"GrundDaten": {"KundNr": "100004"}, "Positionen": [{"ArtNr": "1000", "Menge": 1}] * 500}
    answer = call("auftrag", "POST", "/www/auftrag", body)
    assert answer.status == 201, answer.text
    data = call("auftrag", "GET", f"/www/auftrag/{answer.json()['data']['AuftNr']}").json()["data"]
    assert len(data["Positionen"]) == 500
    assert data["Positionen"][-1]["PosNr"] == 500
    # Each position is priced by its own quantity (tier 1-9): 500 x 18.90 = 9450.00;
    # tax 2.6 % = 245.70; gross 9695.70.
    grund = data["GrundDaten"]
    assert (grund["AuftNetto"], grund["AuftWUST"], grund["AuftBrutto"]) == (9450, 245.7, 9695.7)
    assert stock("1000", "BESTAND#-#1") == before - 500

    snap = snapshot()
    body["Positionen"] = [{"ArtNr": "1000", "Menge": 1}] * 501
    answer = call("auftrag", "POST", "/www/auftrag", body)
    assert answer.status == 400
    assert answer.json()["info"]["fields"] == {
        "Positionen": "List should have at most 500 items after validation, not 501"
    }
    assert snapshot() == snap


def test_distinct_stock_items_beyond_one_transaction_are_a_400():
    from backoffice.errors import InvalidRequest
    from backoffice.sales import orders
    from backoffice.sales.calculation import PositionInput, TaxCode

    tax = TaxCode("2", Decimal("2.6"), "Reduziert", "C")
    positions = [PositionInput(n, f"A{n}", Decimal(2), Decimal(1), tax) for n in range(1, orders.MAX_RESERVATIONS + 2)]
    found = {p.art_nr: {"ArtNr": p.art_nr} for p in positions}
    assert len(orders.reservations(positions[:-1], found, 1)) == orders.MAX_RESERVATIONS
    with pytest.raises(InvalidRequest) as refused:
        orders.reservations(positions, found, 1)
    assert refused.value.info["fields"] == {
        "Positionen": f"{orders.MAX_RESERVATIONS + 1} different stock items; the limit is {orders.MAX_RESERVATIONS}"
    }
    # Positions of one article and unit share one reservation; AnLager N reserves nothing.
    found["A1"]["AnLager"] = "N"
    same = [PositionInput(n, "A2", Decimal(n), Decimal(1), tax) for n in (1, 2, 3)] + positions[:1]
    assert orders.reservations(same, found, 1) == {("A2", None): Decimal(6)}


class Fault:
    """Makes the layer's next TransactWriteItems fail as DynamoDB would, before it reaches the table."""

    def __init__(self, code: str) -> None:
        self.code, self.calls = code, 0

    def __call__(self, **_: Any) -> None:
        self.calls += 1
        raise ClientError({"Error": {"Code": self.code, "Message": "injected"}}, "TransactWriteItems")

    def __enter__(self) -> Fault:
        from backoffice.platform.aws import client

        client("dynamodb").meta.events.register("before-call.dynamodb.TransactWriteItems", self)
        return self

    def __exit__(self, *exc: object) -> None:
        from backoffice.platform.aws import client

        client("dynamodb").meta.events.unregister("before-call.dynamodb.TransactWriteItems", self)


@pytest.mark.parametrize(
    ("code", "status"), [("ProvisionedThroughputExceededException", 503), ("ValidationException", 500)]
)
def test_a_failing_transaction_writes_nothing(call, code, status):
    before = snapshot()
    with Fault(code) as fault:
        answer = call("auftrag", "POST", "/www/auftrag", ORDER)
    assert fault.calls == 1
    assert answer.status == status
    assert "Traceback" not in answer.text
    assert snapshot() == before  # no order, no order-list entry, no reservation, no event
    # The client retries: the order comes, complete.
    assert call("auftrag", "POST", "/www/auftrag", ORDER).status == 201
    written = [i for i in snapshot() if i not in before]
    assert kinds(written) == [
        "ARTIKEL/BESTAND",
        "ARTIKEL/BESTAND",
        "AUFTRAG/KOPF",
        "AUFTRAG/POS",
        "KUNDE/AUFTRAG",
        "KUNDE/AUFTRAGST",
        "OUTBOX/OUTBOX",
    ]


def test_a_transaction_cancelled_by_one_item_writes_none_of_the_others(call):
    """A real cancellation in the table: the order's number is taken by an item already there."""
    from backoffice.platform import dynamo

    dynamo.put_item({"PK": "AUFTRAG#400001", "SK": "KOPF", "Kind": "AUFTRAG", "KundNr": "100001"})
    before = snapshot()
    answer = call("auftrag", "POST", "/www/auftrag", ORDER)
    assert answer.status == 500
    assert snapshot() == before  # stock, order list and outbox untouched
    assert call("auftrag", "POST", "/www/auftrag", ORDER).json()["data"]["AuftNr"] == "400002"


def test_idempotency_key_gives_the_first_answer_and_reserves_once(call):
    before = stock("1000", "BESTAND#-#1")
    headers = {"Idempotency-Key": "order-abc"}
    first = call("auftrag", "POST", "/www/auftrag", ORDER, headers=headers)
    second = call("auftrag", "POST", "/www/auftrag", ORDER, headers=headers)
    assert first.status == second.status == 201
    assert first.json() == second.json()
    assert stock("1000", "BESTAND#-#1") == before - 3
    other = call("auftrag", "POST", "/www/auftrag", {**ORDER, "Zahlung": []}, headers=headers)
    assert other.status == 409
    assert other.json()["error"] == "conflict"


@pytest.mark.parametrize("count", [1, 10, 100])
def test_creating_an_order_takes_a_fixed_number_of_requests(call, count):
    articles = ["1000", "1001", "2004", "2005", "1005"]
    body = {
        "GrundDaten": {"KundNr": "100004"},
        "Positionen": [{"ArtNr": articles[n % len(articles)], "Menge": 1} for n in range(count)],
    }
    call("auftrag", "POST", "/www/auftrag", body)  # warm: the config is read once a minute
    with RequestCounter() as counter:
        answer = call("auftrag", "POST", "/www/auftrag", body)
    assert answer.status == 201, answer.text
    # customer + pricing, addresses, articles (100 per request), the counter, the stock items it
    # lowers (their events tell the stock after it), the event feed's sequence (issue 25: its
    # numbers are taken before the transaction), the transaction
    assert counter.calls == [
        "BatchGetItem",
        "BatchGetItem",
        "BatchGetItem",
        "UpdateItem",
        "BatchGetItem",
        "UpdateItem",
        "TransactWriteItems",
    ]
    with RequestCounter() as counter:
        assert call("auftrag", "GET", f"/www/auftrag/{answer.json()['data']['AuftNr']}").status == 200
    assert counter.calls == ["Query"]


class LostAnswer:
    """The transaction reaches the table, but its answer is lost (a read timeout after the write)."""

    def __init__(self, when: str) -> None:
        self.event = f"{when}-call.dynamodb.TransactWriteItems"

    def __call__(self, **_: Any) -> None:
        from botocore.exceptions import ReadTimeoutError

        raise ReadTimeoutError(endpoint_url="http://dynamodb")

    def __enter__(self) -> LostAnswer:
        from backoffice.platform.aws import client

        client("dynamodb").meta.events.register(self.event, self)
        return self

    def __exit__(self, *exc: object) -> None:
        from backoffice.platform.aws import client

        client("dynamodb").meta.events.unregister(self.event, self)


def test_an_order_whose_answer_is_lost_is_confirmed_from_the_table(call):
    before = stock("1000", "BESTAND#-#1")
    with LostAnswer("after"):
        answer = call("auftrag", "POST", "/www/auftrag", ORDER)
    assert answer.status == 201, answer.text
    assert answer.json() == {"data": {"AuftNr": "400001"}}
    assert stock("1000", "BESTAND#-#1") == before - 3
    assert call("auftrag", "GET", "/www/auftrag/400001").status == 200


def test_a_timeout_before_the_write_is_a_503_and_writes_nothing(call):
    before = snapshot()
    with LostAnswer("before"):
        answer = call("auftrag", "POST", "/www/auftrag", ORDER)
    assert answer.status == 503
    assert answer.headers["Retry-After"] == "2"
    assert answer.json()["error"] == "unavailable"
    assert snapshot() == before


def test_500_positions_with_long_umlaut_texts_are_stored_in_chunks_and_read_back(call):
    from backoffice.platform import dynamo
    from backoffice.sales import document_store

    text = "Müsli-Spezialmischung " * 93  # 2,046 characters, 2,139 bytes in UTF-8
    positions = [{"ArtNr": "1000", "Menge": 1, "PosBez": f"{n:03d} {text}"[:2048]} for n in range(500)]
    answer = call("auftrag", "POST", "/www/auftrag", {"GrundDaten": {"KundNr": "100004"}, "Positionen": positions})
    assert answer.status == 201, answer.text
    nr = answer.json()["data"]["AuftNr"]
    chunks = list(dynamo.query(f"AUFTRAG#{nr}", sk_prefix=document_store.CHUNK_PREFIX))
    # 500 rows of ~2.3 KB: 4 chunks of at most 350 KB
    assert [c["SK"] for c in chunks] == ["POS#0001", "POS#0002", "POS#0003", "POS#0004"]
    assert all(len(c["Rows"].encode()) <= document_store.CHUNK_BYTES for c in chunks)
    read = call("auftrag", "GET", f"/www/auftrag/{nr}").json()["data"]["Positionen"]
    assert [p["PosBez"] for p in read] == [p["PosBez"] for p in positions]


def test_descriptions_are_in_the_customers_language(call):
    # 100002 speaks French (its PRICING AdrSprache fre) and buys from WV: 1000 at 16.06.
    body = {"GrundDaten": {"KundNr": "100002"}, "Positionen": [{"ArtNr": "1000", "Menge": 1}]}
    nr = call("auftrag", "POST", "/www/auftrag", body).json()["data"]["AuftNr"]
    (position,) = call("auftrag", "GET", f"/www/auftrag/{nr}").json()["data"]["Positionen"]
    assert (position["PosBez"], position["PosPreisEinzel"]) == ("Café en grains Crema 1 kg", 16.06)
