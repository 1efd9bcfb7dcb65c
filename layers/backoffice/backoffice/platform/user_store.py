"""Where the REST users' records live: their own table, `UsersTable`, which has no stream.

A user record holds a password hash, roles and the credential id its tokens carry; the failed-login
counters (platform/login_guard) hold user names and source addresses. The single table's stream is
read by the publisher and the dispatcher, so nothing of a user may pass through it: both kinds of
item are kept in `UsersTable`, which only the token function, the authorizer and the admin CLI may
read (template.yaml; ADR 0056).

The releases before kept them in the single table. Until `python -m backoffice.admin migrate`
has moved them (`move_from_single_table`), a user is read from `UsersTable` first and from the
single table when it is not there, so that every user can log in between the deploy and the
migrate; the admin CLI moves a user before it changes it. The next release drops that fallback.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from botocore.exceptions import ClientError

from backoffice.platform import dynamo
from backoffice.platform.environment import get_settings

USER_PREFIX, USER_SK = "USER#", "USER"
# The failed-login counters' partitions (platform/login_guard): moved with the users.
LOGIN_PREFIX = "LOGIN#"
USERS_VARIABLE = "USERS_TABLE_NAME"


def table() -> str:
    return get_settings().users_table_name


def user_key(name: str) -> tuple[str, str]:
    return f"{USER_PREFIX}{name}", USER_SK


def load(name: str, consistent: bool = False) -> dict[str, Any] | None:
    """The user's record; the release before's, in the single table, while migrate has not moved it."""
    pk, sk = user_key(name)
    item = dynamo.get_item(pk, sk, consistent=consistent, table=table())
    if item is None:
        item = dynamo.get_item(pk, sk, consistent=consistent)
    return item


def put(item: dict[str, Any]) -> None:
    """A user's record written whole (after `move_user`, so that no older one is left behind)."""
    dynamo.put_item(item, table=table())


def update_existing(name: str, set_: dict[str, Any]) -> bool:
    """Attributes of an existing user's record set (after `move_user`); False when there is none."""
    return dynamo.update_existing(*user_key(name), set_, table=table())


def delete(name: str) -> bool:
    """The user's record removed (after `move_user`); False when there was none."""
    return dynamo.delete_item(*user_key(name), table=table()) is not None


def names() -> list[str]:
    """Every user's name, sorted: a scan of both tables (until migrate has run, some users are in the
    single table), for the admin CLI, never for a request."""
    found = {str(item["PK"]).removeprefix(USER_PREFIX) for item in _records(table())}
    found |= {str(item["PK"]).removeprefix(USER_PREFIX) for item in _records(None)}
    return sorted(found)


def _records(in_table: str | None) -> Iterator[dict[str, Any]]:
    return (item for item in dynamo.scan_pk_prefix(USER_PREFIX, table=in_table) if item["SK"] == USER_SK)


def move_user(name: str) -> bool:
    """The admin CLI, before it changes a user: its record of the release before moved; False when
    it changed meanwhile (the admin's change then waits for the next try)."""
    old = dynamo.get_item(*user_key(name), consistent=True)
    return old is None or move(old)


def move(item: dict[str, Any]) -> bool:
    """One item of the single table moved into `UsersTable`, in one transaction: put unless the
    users' table holds that key already (written since the deploy: it is the newer one), the old
    item deleted on the condition that it is still as read. False when it changed or appeared meanwhile
    (nothing written; read it again)."""
    pk, sk = str(item["PK"]), str(item["SK"])
    ops = [dynamo.delete_op(pk, sk, unchanged=item)]
    if dynamo.get_item(pk, sk, consistent=True, table=table()) is None:
        ops.insert(0, dynamo.put_op(item, dynamo.NEW, table=table()))
    try:
        dynamo.transact_write(ops)
    except ClientError as exc:
        if dynamo.is_condition_failure(exc):
            return False
        raise
    return True


def left_in_single_table() -> list[dict[str, Any]]:
    """The user records and login counters the release before wrote to the single table, not moved yet."""
    return [item for prefix in (USER_PREFIX, LOGIN_PREFIX) for item in dynamo.scan_pk_prefix(prefix)]


def move_from_single_table() -> tuple[int, list[str]]:
    """(moved now, the keys of those left): every item `left_in_single_table` names moved, again
    until none is left; one that changed while it was moved is named, for the next run."""
    moved = 0
    while True:
        items = left_in_single_table()
        if not items:
            return moved, []
        left = []
        for item in items:
            if move(item):
                moved += 1
            elif dynamo.get_item(str(item["PK"]), str(item["SK"]), consistent=True) is not None:
                left.append(f"{item['PK']} {item['SK']}")
        if left:
            return moved, left
