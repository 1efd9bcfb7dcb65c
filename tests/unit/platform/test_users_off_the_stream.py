"""Issue 36: no user record reaches a table's stream. The publisher and the dispatcher read the single
table's stream (their roles may GetRecords on it), so a password hash, a role or a login's address
written there travels to them: users and their failed-login counters live in a table of their own
without a stream (platform/user_store), which only the token function, the authorizer and the admin
CLI may read; a user of the release before moves there with `migrate` and logs in meanwhile."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from backoffice.admin.__main__ import main as admin
from backoffice.platform import auth, dynamo, login_guard, user_store
from local import iam
from local.template import ACCOUNT, REGION, Stack

STACK = Stack.read()
USER_DATA = ("USER#", "LOGIN#", "PasswordHash", "CredentialId", "Roles", "198.51.100.7")


def stream_records() -> list[dict[str, Any]]:
    """Every record on every table stream of the template so far, as a stream consumer gets it
    (moto's stream shard of each table: moto's DynamoDB Streams API is not served here)."""
    from moto.dynamodb.models import dynamodb_backends

    tables = dynamodb_backends[ACCOUNT][REGION].tables
    records: list[dict[str, Any]] = []
    for logical in STACK.resources("AWS::DynamoDB::Table"):
        shard = tables[STACK.names[logical]].stream_shard
        records += [] if shard is None else [item.record for item in shard.items]
    return records


def _user_data_in(records: list[dict[str, Any]]) -> list[str]:
    return [word for record in records for word in USER_DATA if word in json.dumps(record, default=str)]


def test_the_stream_reader_sees_the_table_being_written(aws: Any) -> None:
    """The check below can fail: a write of the single table is on its stream."""
    dynamo.put_item({"PK": "KUNDE#1", "SK": "KUNDE", "Name": "x"})
    assert any(r["dynamodb"]["Keys"]["PK"] == {"S": "KUNDE#1"} for r in stream_records())


def test_a_user_added_changed_revoked_and_failing_to_log_in_puts_nothing_on_a_stream(
    aws: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    for password in ("first-Pw-1\n", "second-Pw-2\n"):  # added, then its password changed
        monkeypatch.setattr("sys.stdin", io.StringIO(password))
        assert admin(["user", "add", "shop1", "--webshop", "SHOP", "--role", "operator", "--password-stdin"]) == 0
    assert admin(["user", "revoke", "shop1"]) == 0
    with pytest.raises(auth.BasicRequired):
        auth.login("shop1", "wrong", "198.51.100.7")  # a failed-login counter and its source
    auth.login("shop1", "second-Pw-2", "198.51.100.7")  # the source known for the name
    assert dynamo.get_item(*login_guard.known_key("shop1", "198.51.100.7"), table=user_store.table()) is not None
    assert admin(["user", "delete", "shop1"]) == 0
    assert _user_data_in(stream_records()) == []


def test_a_user_of_the_release_before_logs_in_before_and_after_migrate_which_leaves_no_hash_on_the_stream(
    aws: Any, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    """Between the deploy and `migrate` the user is read from the single table, where the release
    before wrote it; migrate moves it (and a login counter of then), and the move's delete puts only
    the keys on the stream, not the hash, the roles or the credential."""
    from tests.support.invoke import call

    old = auth.User("old-shop", auth.hash_password("old-Pw"), "SHOP", frozenset({"integration"}), "c" * 32)
    dynamo.put_item(old.to_item())  # as the release before wrote it: the single table
    dynamo.put_item({"PK": "LOGIN#user#old-shop", "SK": "LOGIN", "Failures": 2, "ExpiresAt": 4_000_000_000})
    before = len(stream_records())
    monkeypatch.setenv("LOCAL_IAM", "enforce")  # the token function and the authorizer under their policies
    basic = "Basic b2xkLXNob3A6b2xkLVB3"  # old-shop:old-Pw
    answer = call("token", "POST", "/www/token", headers={"Authorization": basic})
    assert answer.status == 200, answer.text
    token = answer.json()["access_token"]
    assert _authorizer_user(aws, token) == "old-shop"

    monkeypatch.delenv("LOCAL_IAM")
    assert admin(["migrate"]) == 0
    assert "2 user records and login counters moved from the single table to the users' table, 0 not" in (
        capsys.readouterr().out
    )
    assert dynamo.get_item("USER#old-shop", "USER") is None
    assert dynamo.get_item("LOGIN#user#old-shop", "LOGIN") is None
    assert dynamo.get_item("USER#old-shop", "USER", table=user_store.table()) == old.to_item()
    assert dynamo.get_item("LOGIN#user#old-shop", "LOGIN", table=user_store.table()) == {
        "PK": "LOGIN#user#old-shop",
        "SK": "LOGIN",
        "Failures": 2,
        "ExpiresAt": 4_000_000_000,
    }
    moved = [r for r in stream_records()[before:] if r["dynamodb"]["Keys"]["PK"]["S"].startswith(("USER#", "LOGIN#"))]
    assert [(r["eventName"], r["dynamodb"]["Keys"]["PK"]["S"]) for r in moved] == [
        ("REMOVE", "USER#old-shop"),
        ("REMOVE", "LOGIN#user#old-shop"),
    ]
    assert [r for r in moved if "NewImage" in r["dynamodb"] or "OldImage" in r["dynamodb"]] == []

    monkeypatch.setenv("LOCAL_IAM", "enforce")
    assert _authorizer_user(aws, token) == "old-shop"  # its token of before the move still holds
    assert call("token", "POST", "/www/token", headers={"Authorization": basic}).status == 200
    monkeypatch.delenv("LOCAL_IAM")
    assert admin(["migrate"]) == 0
    assert "0 user records and login counters moved" in capsys.readouterr().out


def test_the_admin_moves_a_user_of_the_release_before_when_it_changes_it(aws: Any) -> None:
    """Between the deploy and `migrate`: a revocation, a new password or a deletion lands where the
    user is read from, and leaves no record of before behind to be read instead."""
    old = auth.User("old-shop", auth.hash_password("pw"), None, frozenset({"integration"}), "c" * 32)
    dynamo.put_item(old.to_item())
    token, _ = auth.issue_token(auth.authenticate("old-shop", "pw"))
    assert auth.revoke_tokens("old-shop") is True
    assert dynamo.get_item("USER#old-shop", "USER") is None
    with pytest.raises(Exception, match="revoked"):
        auth.authorize(token)
    dynamo.put_item(old.to_item())  # the record of before again (as if migrate had not run)
    assert auth.delete_user("old-shop") is True
    assert auth.User.load("old-shop") is None
    assert auth.delete_user("old-shop") is False


def _authorizer_user(stack: Any, token: str) -> str:
    from local.lambda_runtime import load_handler

    handler = load_handler(stack, "AuthorizerFunction")
    arn = "arn:aws:execute-api:eu-central-1:123456789012:abc123/v1/GET/www/artikel/1000"
    policy = handler({"type": "TOKEN", "authorizationToken": f"Bearer {token}", "methodArn": arn}, None)
    return str(policy["context"]["user"])


# --- template.yaml: where the users live, and who may read them -------------------------------------


def _tables_with_user_grants() -> dict[str, set[str]]:
    """Table -> the functions granted anything on its user records or login counters."""
    found: dict[str, set[str]] = {}
    for logical in STACK.resources("AWS::Serverless::Function"):
        for grant in iam.grants(STACK, logical):
            if grant.keys and {k for k in grant.keys if k.startswith(("USER#", "LOGIN#"))}:
                for resource in grant.resources:
                    found.setdefault(resource, set()).add(logical)
    return found


def test_the_users_table_has_no_stream_and_only_the_token_function_and_the_authorizer_may_read_it() -> None:
    tables = STACK.resources("AWS::DynamoDB::Table")
    assert "StreamSpecification" not in tables["UsersTable"]["Properties"]
    on_users = {
        logical
        for logical in STACK.resources("AWS::Serverless::Function")
        for grant in iam.grants(STACK, logical)
        if any(r.startswith("UsersTable") for r in grant.resources)
    }
    assert on_users == {"TokenFunction", "AuthorizerFunction"}
    assert _tables_with_user_grants()["UsersTable"] == {"TokenFunction", "AuthorizerFunction"}
    env = {f: STACK.environment(f).get("USERS_TABLE_NAME") for f in STACK.resources("AWS::Serverless::Function")}
    assert {f for f, name in env.items() if name} == {"TokenFunction", "AuthorizerFunction"}


def test_no_stream_consumer_reads_a_stream_of_a_table_that_holds_users() -> None:
    """The single table keeps a read of USER#* for the token function and the authorizer until the next
    release (a user of the release before); no function writes a user or a counter there any more."""
    streams = {
        m["Properties"]["EventSourceArn"]["Fn::GetAtt"][0]
        for m in STACK.resources("AWS::Lambda::EventSourceMapping").values()
        if m["Properties"]["EventSourceArn"]["Fn::GetAtt"][1] == "StreamArn"
    }
    assert streams == {"Table"}
    assert "UsersTable" not in streams
    on_table = [
        (logical, grant)
        for logical in STACK.resources("AWS::Serverless::Function")
        for grant in iam.grants(STACK, logical)
        if "Table" in grant.resources and grant.keys and any(k.startswith(("USER#", "LOGIN#")) for k in grant.keys)
    ]
    assert sorted((f, g.actions, g.keys) for f, g in on_table) == [
        ("AuthorizerFunction", ("dynamodb:GetItem",), ("USER#*",)),
        ("TokenFunction", ("dynamodb:GetItem",), ("USER#*",)),
    ]


def test_a_user_changed_while_migrate_moves_it_is_left_as_it_is_named_and_moved_by_the_next_run(
    aws: Any, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    """The old item is deleted only while it is as migrate read it: a change between the read and
    the move (the release before's admin CLI revoking its tokens) fails the whole transaction."""
    old = auth.User("old-shop", auth.hash_password("pw"), None, frozenset({"integration"}), "c" * 32)
    dynamo.put_item(old.to_item())
    transact, raced = dynamo.transact_write, []

    def change_first(items: list[dict[str, Any]], token: str | None = None) -> None:
        if not raced:
            raced.append(dynamo.update_existing("USER#old-shop", "USER", {"CredentialId": "d" * 32}))
        transact(items, token)

    monkeypatch.setattr(dynamo, "transact_write", change_first)
    assert admin(["migrate"]) == 1
    out, err = capsys.readouterr()
    assert (
        "0 user records and login counters moved from the single table to the users' table, 1 not: USER#old-shop USER"
        in out
    )
    assert "User records changed while they were moved (USER#old-shop USER): run migrate again." in err
    assert dynamo.get_item("USER#old-shop", "USER", table=user_store.table()) is None
    assert auth.User.load("old-shop") == auth.User("old-shop", old.password_hash, None, old.roles, "d" * 32)
    assert admin(["migrate"]) == 0
    assert "1 user records and login counters moved" in capsys.readouterr().out
    assert dynamo.get_item("USER#old-shop", "USER") is None
    assert auth.User.load("old-shop") == auth.User("old-shop", old.password_hash, None, old.roles, "d" * 32)


def test_the_admin_cli_names_a_user_that_changed_while_it_was_moved(
    aws: Any, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    dynamo.put_item(auth.User("old-shop", auth.hash_password("pw"), None, frozenset({"integration"}), "c").to_item())
    monkeypatch.setattr(user_store, "move", lambda item: False)
    for action, word in (("revoke", "revoked"), ("delete", "deleted")):
        assert admin(["user", action, "old-shop"]) == 1
        assert f"Not {word}: the user old-shop changed while it was moved to the users' table; try again" in (
            capsys.readouterr().err
        )
    assert auth.User.load("old-shop") is not None
