"""`python -m backoffice.admin migrate` on moto: the users made before the usage plan get their API key
(API Gateway would refuse them with 403 otherwise), the invoices issued before the invoice archive are
copied into it, verified, and read from there; a second run changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

from backoffice.admin.__main__ import main as admin
from backoffice.platform import auth, client_keys
from backoffice.platform.aws import client
from tests.support.invoice_archive import fetch, issue, issue_as_last_release, new_order

PDF, XML = "application/pdf", "application/xml"


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


# -- the invoices of the release before into the archive ------------------------------------------


@pytest.fixture
def sales(aws: Any) -> None:
    from tests.support.aws import demo_data
    from tests.support.demo import load_sales_demo

    demo_data("sales demo", load_sales_demo)


def _objects(bucket: str) -> dict[str, tuple[str, bytes]]:
    s3 = client("s3")
    listed = s3.list_object_versions(Bucket=bucket, Prefix="rechnung/").get("Versions", [])
    return {v["Key"]: (v["VersionId"], s3.get_object(Bucket=bucket, Key=v["Key"])["Body"].read()) for v in listed}


def test_migrate_copies_the_invoices_of_the_release_before_verified_and_a_second_run_changes_nothing(
    sales: Any, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    from backoffice.invoices import store
    from backoffice.platform.environment import get_settings

    old = [new_order() for _ in range(2)]
    records = {auft_nr: issue_as_last_release(auft_nr, monkeypatch) for auft_nr in old}
    served = {auft_nr: (fetch(auft_nr, PDF), fetch(auft_nr, XML)) for auft_nr in old}
    current = new_order()
    issue(current)  # this release's: in the archive already, not touched
    settings = get_settings()
    before = _objects(settings.bucket_name)
    assert admin(["migrate"]) == 0
    out = capsys.readouterr().out
    numbers = ", ".join(records[a]["RechNr"] for a in old)
    assert f"2 invoices of the release before copied into the archive and verified (2 copied: {numbers}; 0 there" in out
    archived = _objects(settings.archive_bucket_name)
    for auft_nr, record in records.items():
        for kind, body in zip(("Pdf", "Xml"), served[auft_nr], strict=True):
            assert archived[record[f"{kind}Key"]][1] == body == before[record[f"{kind}Key"]][1]
        assert store.read_record(auft_nr, consistent=True)["Archiv"] == "ObjectLock"
        assert (fetch(auft_nr, PDF), fetch(auft_nr, XML)) == served[auft_nr]  # now from the archive
    assert _objects(settings.bucket_name) == before  # the source stays as it was
    assert admin(["migrate"]) == 0
    assert "0 invoices of the release before copied" in capsys.readouterr().out
    assert _objects(settings.archive_bucket_name) == archived  # no new version, nothing rewritten


def test_a_run_stopped_after_copying_is_completed_by_the_next(
    sales: Any, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    from backoffice.invoices import store

    auft_nr = new_order()
    record = issue_as_last_release(auft_nr, monkeypatch)
    # The PDF copied, then the run stopped: its record is not marked yet.
    assert store.write_once(record["PdfKey"], fetch(auft_nr, PDF), "application/pdf") is True
    assert admin(["migrate"]) == 0
    assert f"1 invoices of the release before copied into the archive and verified (1 copied: {record['RechNr']}" in (
        capsys.readouterr().out
    )
    assert store.read_record(auft_nr, consistent=True)["Archiv"] == "ObjectLock"


def test_an_invoice_changed_since_its_issue_is_not_archived_and_the_run_fails(
    sales: Any, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    from backoffice.invoices import store
    from backoffice.platform.environment import get_settings

    changed, intact = new_order(), new_order()
    records = {a: issue_as_last_release(a, monkeypatch) for a in (changed, intact)}
    bucket = get_settings().bucket_name
    issued = client("s3").get_object(Bucket=bucket, Key=records[changed]["XmlKey"])["Body"].read()
    client("s3").put_object(Bucket=bucket, Key=records[changed]["XmlKey"], Body=issued + b"\n")
    assert admin(["migrate"]) == 1
    out, err = capsys.readouterr()
    assert f"1 copied: {records[intact]['RechNr']}; 0 there already), 1 not: {records[changed]['RechNr']}." in out
    assert (
        f"Invoice {records[changed]['RechNr']} (order {changed}) not archived: {records[changed]['XmlKey']} "
        f"of invoice {records[changed]['RechNr']} is not the file issued (SHA-256 differs)"
    ) in err
    assert "Archiv" not in store.read_record(changed, consistent=True)
    assert set(_objects(get_settings().archive_bucket_name)) == {
        records[intact]["PdfKey"],
        records[intact]["XmlKey"],
        records[changed]["PdfKey"],  # the PDF was intact and is archived; the record waits for its XML
    }
    client("s3").put_object(Bucket=bucket, Key=records[changed]["XmlKey"], Body=issued)  # put right
    assert admin(["migrate"]) == 0
    assert f"(1 copied: {records[changed]['RechNr']}; 0 there already), 0 not: none." in capsys.readouterr().out


def test_a_stack_deployed_before_the_archive_is_refused_not_pointed_at_the_local_name(
    aws: Any, capsys: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import json

    monkeypatch.delenv("ARCHIVE_BUCKET_NAME")  # an operator's shell: only what the stack's outputs name

    template = {
        "Resources": {"Topic": {"Type": "AWS::SNS::Topic"}},
        "Outputs": {"TableName": {"Value": aws.names["Table"]}, "BucketName": {"Value": aws.names["Bucket"]}},
    }
    client("cloudformation").create_stack(StackName="before-archive", TemplateBody=json.dumps(template))
    assert admin(["migrate", "--stack", "before-archive"]) == 1
    out, err = capsys.readouterr()
    assert "stack before-archive: 0 users; no usage plan" in out
    assert err == "Stack before-archive has no InvoiceArchiveName output: deploy this release first.\n"


# -- the users of the release before into their own table (issue 36) -------------------------------


def test_users_of_the_release_before_are_moved_then_given_their_keys(plan: str, capsys: Any) -> None:
    from backoffice.platform import dynamo, user_store

    for name in ("old-shop", "old-erp"):  # as the release before wrote them: the single table
        dynamo.put_item(auth.User(name, auth.hash_password("pw"), None, frozenset({"integration"}), "c").to_item())
    assert admin(["migrate"]) == 0
    out = capsys.readouterr().out
    assert "2 user records and login counters moved from the single table to the users' table, 0 not: none." in out
    assert "2 users; 2 given their API key" in out
    assert [i["PK"] for i in dynamo.scan_pk_prefix("USER#")] == []
    assert sorted(i["PK"] for i in dynamo.scan_pk_prefix("USER#", table=user_store.table())) == [
        "USER#old-erp",
        "USER#old-shop",
    ]
    assert auth.authenticate("old-erp", "pw").name == "old-erp"


def test_a_stack_deployed_before_the_users_table_is_refused_not_pointed_at_the_local_name(
    aws: Any, capsys: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import io
    import json

    monkeypatch.delenv("USERS_TABLE_NAME")  # an operator's shell: only what the stack's outputs name
    template = {
        "Resources": {"Topic": {"Type": "AWS::SNS::Topic"}},
        "Outputs": {"TableName": {"Value": aws.names["Table"]}},
    }
    client("cloudformation").create_stack(StackName="before-users", TemplateBody=json.dumps(template))
    refused = "Stack before-users has no UsersTableName output: deploy this release first.\n"
    assert admin(["migrate", "--stack", "before-users"]) == 1
    assert capsys.readouterr().err == refused
    monkeypatch.setattr("sys.stdin", io.StringIO("pw\n"))
    assert admin(["user", "add", "shop1", "--password-stdin", "--stack", "before-users"]) == 1
    assert capsys.readouterr().err == refused
    assert auth.User.load("shop1") is None
