"""The operator CLI `python -m backoffice.admin` on moto: users (password from stdin, roles, revoke, delete) and
the signing key's rotation."""

from __future__ import annotations

import io
from typing import Any

import pytest

from backoffice.admin.__main__ import main as admin
from backoffice.errors import InvalidToken
from backoffice.platform import auth, dynamo, user_store


def test_admin_user_add_reads_the_password_from_stdin(aws: Any, monkeypatch: pytest.MonkeyPatch, capsys: Any) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("Pässwort-1\n"))
    assert admin(["user", "add", "webshop1", "--webshop", "SHOP-A", "--password-stdin"]) == 0
    item = dynamo.get_item("USER#webshop1", "USER", table=user_store.table())
    assert item is not None
    assert item["Webshop"] == "SHOP-A"
    assert "Pässwort" not in item["PasswordHash"]
    assert auth.authenticate("webshop1", "Pässwort-1").webshop == "SHOP-A"
    assert "User webshop1 written to" in capsys.readouterr().out


def test_admin_user_add_sets_roles_and_revokes_older_tokens(
    aws: Any, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("pw-1\n"))
    assert admin(["user", "add", "ops", "--role", "operator", "--password-stdin"]) == 0
    assert "(roles: operator); tokens issued before are revoked." in capsys.readouterr().out
    assert dynamo.get_item("USER#ops", "USER", table=user_store.table())["Roles"] == ["operator"]  # type: ignore[index]
    token, _ = auth.issue_token(auth.authenticate("ops", "pw-1"))
    monkeypatch.setattr("sys.stdin", io.StringIO("pw-2\n"))
    assert admin(["user", "add", "ops", "--role", "operator", "--role", "integration", "--password-stdin"]) == 0
    assert auth.authenticate("ops", "pw-2").roles == frozenset({"operator", "integration"})
    with pytest.raises(InvalidToken):
        auth.authorize(token)
    with pytest.raises(SystemExit):
        admin(["user", "add", "ops", "--role", "root", "--password-stdin"])


def test_admin_user_revoke_and_delete(aws: Any, capsys: Any) -> None:
    user = auth.save_user("shop1", "pw", None)
    assert admin(["user", "revoke", "shop1"]) == 0
    assert "Every token of shop1" in capsys.readouterr().out
    assert auth.authenticate("shop1", "pw").credential != user.credential
    assert admin(["user", "delete", "shop1"]) == 0
    assert dynamo.get_item("USER#shop1", "USER", table=user_store.table()) is None
    assert admin(["user", "revoke", "shop1"]) == 1
    assert admin(["user", "delete", "shop1"]) == 1
    assert "There is no user shop1" in capsys.readouterr().err


def test_admin_key_rotate(aws: Any, capsys: Any) -> None:
    before = auth.keyring()
    assert admin(["key", "rotate"]) == 0
    out = capsys.readouterr().out
    after = auth.keyring()
    assert after.previous == before.current
    assert f"kid {after.current.kid}" in out
    assert f"tokens of kid {before.current.kid} stay valid" in out
    # A second rotation right away would drop the key just replaced: refused unless forced.
    assert admin(["key", "rotate"]) == 1
    assert "Not rotated" in capsys.readouterr().err
    assert auth.keyring() == after
    assert admin(["key", "rotate", "--force"]) == 0
    assert auth.keyring().previous == after.current


def test_admin_refuses_an_empty_password(aws: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("\n"))
    assert admin(["user", "add", "webshop1", "--password-stdin"]) == 1
    assert dynamo.get_item("USER#webshop1", "USER", table=user_store.table()) is None
