"""Issue 28 over real HTTP against the local stack: what integrators with generated clients met.

Demo data: customer 100001 buys from price list WV; article 1002 is sold in packaging units only
(PAK of 10 at CHF 3.82 from 1 PAK, KAR). Numbers are taken from the answers: the stack is shared.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.support import Api

pytestmark = pytest.mark.integration


def quotation(api: Api) -> str:
    created = api.post(
        "/www/offerte", json={"GrundDaten": {"KundNr": "100001"}, "Positionen": [{"ArtNr": "1000", "Menge": 1}]}
    )
    assert created.status_code == 201, created.text
    return str(created.json()["data"]["OffertNr"])


def patch(api: Api, nr: str, body: dict[str, Any]) -> Any:
    return api.request("PATCH", "/www/offerte", params={"OffertNr": nr}, json=body)


def test_a_patch_adds_and_changes_an_article_sold_in_packaging_units(api):
    nr = quotation(api)
    added = patch(api, nr, {"Positionen": [{"ArtNr": "1002", "Menge": 20, "VPEinheit": "PAK"}]})
    assert added.status_code == 200, added.text
    position = added.json()["data"]["Positionen"][-1]
    assert (position["VPEinheit"], position["VPEAnzBest"], position["PosPreisTotal"]) == ("PAK", 2, 7.64)
    changed = patch(api, nr, {"Positionen": [{"PosNr": position["PosNr"], "ArtNr": "1002", "Menge": 30}]})
    assert changed.status_code == 200, changed.text
    position = changed.json()["data"]["Positionen"][-1]
    assert (position["VPEinheit"], position["VPEAnzBest"], position["PosPreisTotal"]) == ("PAK", 3, 11.46)


def test_a_price_computed_in_doubles_is_read_as_the_decimal_it_stands_for(api):
    # 10.1 + 0.2 in JavaScript: 10.299999999999999. Sent as that text, stored and answered as 10.3.
    position = '{"ArtNr": "1000", "Menge": 2, "Preis": 10.299999999999999}'
    body = f'{{"GrundDaten": {{"KundNr": "100004"}}, "Positionen": [{position}]}}'
    created = api.post("/www/auftrag", data=body, headers={"Content-Type": "application/json"})
    assert created.status_code == 201, created.text
    order = api.get(f"/www/auftrag/{created.json()['data']['AuftNr']}")
    position = order.json()["data"]["Positionen"][0]
    assert (position["PosPreisEinzel"], position["PosPreisTotal"]) == (10.3, 20.6)
    assert "10.299999" not in order.text
    too_many = body.replace("10.299999999999999", "10.12345")
    refused = api.post("/www/auftrag", data=too_many, headers={"Content-Type": "application/json"})
    assert refused.status_code == 400
    assert "no more than 4 decimal places" in refused.json()["info"]["fields"]["Positionen[0].Preis"]
