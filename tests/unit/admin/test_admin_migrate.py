"""`python -m backoffice.admin migrate` on moto: the users made before the usage plan get their API key
(API Gateway would refuse them with 403 otherwise); a second run changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

from backoffice.admin.__main__ import main as admin
from backoffice.platform import auth, client_keys
from backoffice.platform.aws import client


@pytest.fixture
def plan(aws: Any, monkeypatch: pytest.MonkeyPatch) -> str:
    plan_id = str(client("apigateway").create_usage_plan(name="clients")["id"])
    monkeypatch.setenv(client_keys.USAGE_PLAN_VARIABLE, plan_id)
    return plan_id


def _keys(plan: str) -> tuple[dict[str, str], list[str]]:
    apigateway = client("apigateway")
    keys = {k["value"]: k["id"] for k in apigateway.get_api_keys(includeValues=True)["items"]}
    return keys, sorted(k["id"] for k in apigateway.get_usage_plan_keys(usagePlanId=plan)["items"])


def test_migrate_gives_every_user_its_key_once(plan: str, capsys: Any) -> None:
    for name in ("old-shop", "old-erp", "new-shop"):
        auth.save_user(name, "pw", None)  # old-*: made before the release, no key
    assert client_keys.provision("new-shop")  # made by `user add` of this release
    stray = client("apigateway").create_api_key(
        name=client_keys._key_name("old-erp"), value=client_keys.key_value("old-erp"), enabled=True
    )["id"]  # a key made, its usage-plan key not (an interrupted `user add`)
    assert admin(["migrate"]) == 0
    assert "3 users; 2 given their API key" in capsys.readouterr().out
    keys, in_plan = _keys(plan)
    assert set(keys) == {client_keys.key_value(name) for name in ("old-shop", "old-erp", "new-shop")}
    assert keys[client_keys.key_value("old-erp")] == stray
    assert in_plan == sorted(keys.values())
    assert admin(["migrate"]) == 0
    assert "3 users; 0 given their API key" in capsys.readouterr().out
    assert _keys(plan) == (keys, in_plan)


def test_migrate_without_a_usage_plan_changes_nothing(aws: Any, capsys: Any) -> None:
    auth.save_user("shop1", "pw", None)
    assert admin(["migrate"]) == 0
    assert "1 users; no usage plan" in capsys.readouterr().out
    assert client("apigateway").get_api_keys()["items"] == []


def test_migrate_points_every_invoice_number_issued_before_to_its_order(aws: Any, capsys: Any) -> None:
    # Issue 24: a credit note finds its invoice by RechNr through a pointer that invoices issued before
    # it do not have. Two such invoices, a lease that is no invoice yet, and one issued with its pointer.
    from backoffice.invoices import store
    from backoffice.platform import dynamo

    dynamo.put_item({"PK": "RECHNUNG#400001", "SK": "RECHNUNG", "RechNr": "500001", "PdfKey": "rechnung/a.pdf"})
    dynamo.put_item({"PK": "RECHNUNG#400002", "SK": "RECHNUNG", "RechNr": "500002", "PdfKey": "rechnung/b.pdf"})
    dynamo.put_item({"PK": "RECHNUNG#400003", "SK": "RECHNUNG", "RechNr": "500003", "LeaseHolder": "x"})
    dynamo.put_item({"PK": "RECHNUNG#400004", "SK": "RECHNUNG", "RechNr": "500004", "PdfKey": "rechnung/d.pdf"})
    dynamo.put_item({"PK": "RECHNR#500004", "SK": "RECHNUNG", "AuftNr": "400004"})
    dynamo.put_item({"PK": "RECHNUNG#400001", "SK": "GUTSCHRIFTEN", "RechNr": "500001"})  # not an invoice item
    assert admin(["migrate"]) == 0
    assert "2 invoice numbers pointed to their orders." in capsys.readouterr().out
    assert store.record_by_number("500001")["PdfKey"] == "rechnung/a.pdf"
    assert store.record_by_number("500002")["PdfKey"] == "rechnung/b.pdf"
    assert dynamo.get_item("RECHNR#500003", "RECHNUNG") is None
    assert admin(["migrate"]) == 0
    assert "0 invoice numbers pointed to their orders." in capsys.readouterr().out
