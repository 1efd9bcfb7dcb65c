"""Local adjustments of moto 5.2.5, so that the emulation costs roughly what AWS costs.

Each patch names the moto behaviour it works around and has a unit test of its own
(tests/unit/local/test_moto_patches.py). Both are idempotent and apply process-wide.
"""

from __future__ import annotations

import copy
import threading
import types
from typing import Any

# The patched call swaps a module attribute of moto for its duration; in-process users of moto
# (unit tests with threads) must not see each other's swap.
_TRANSACTION_LOCK = threading.RLock()


def roll_back_touched_items() -> None:
    """TransactWriteItems with a rollback copy of only the items it touches.

    moto's `DynamoDBBackend.transact_write_items` deep-copies every table a transaction names,
    once per item of the transaction, before it applies anything, and swaps the copies back in when
    the transaction fails. With a few thousand items that is seconds per order (the serialised
    emulation queues every other client behind it), and the copies of the growing table pile up
    in the cyclic garbage collector's oldest generation faster than it frees them: the local stack
    grew by gigabytes over a few hundred orders (issue 15).

    Here the tables are not copied at all; the wrapper keeps a deep copy of each item the
    transaction names (as it was before) and the length of each table's stream, and on any failure
    puts those items back (or removes the ones that did not exist) and drops the stream records the
    failed transaction added. Same atomicity as moto's: a failing transaction leaves nothing, and
    since only the touched items are restored, no write made by another call is undone.
    """
    from moto.dynamodb import models as typed_models
    from moto.dynamodb.models.table import Table

    # The module's own `copy` import is what the patch swaps, which its types do not export.
    models: Any = typed_models
    backend = typed_models.DynamoDBBackend
    if getattr(backend.transact_write_items, "rolls_back_items", False):
        return
    original = backend.transact_write_items

    def no_table_copies(obj: Any, memo: Any = None) -> Any:
        # moto's rollback assigns this "copy" back to its table: with the table itself, a no-op.
        return obj if isinstance(obj, Table) else copy.deepcopy(obj, memo)

    without_table_copies = types.SimpleNamespace(**{**vars(copy), "deepcopy": no_table_copies})

    def transact_write_items(self: Any, transact_items: list[dict[str, Any]]) -> None:
        with _TRANSACTION_LOCK:
            saved = _save_touched(self, transact_items)
            module_copy = models.copy
            models.copy = without_table_copies
            try:
                original(self, transact_items)
            except BaseException:
                _restore(saved)
                raise
            finally:
                models.copy = module_copy

    transact_write_items.rolls_back_items = True  # type: ignore[attr-defined]
    backend.transact_write_items = transact_write_items  # type: ignore[method-assign]


Saved = tuple[list[tuple[Any, Any, Any, Any]], list[tuple[Any, int]]]


def _save_touched(backend: Any, transact_items: list[dict[str, Any]]) -> Saved:
    """(table, hash key, range key, deep copy of the item or None) per item; (stream, length) per table."""
    from moto.dynamodb.models.dynamo_type import DynamoType

    items: list[tuple[Any, Any, Any, Any]] = []
    streams: dict[int, tuple[Any, int]] = {}
    for entry in transact_items:
        if len(entry) != 1:
            continue  # moto refuses it before writing anything
        op_type, op = next(iter(entry.items()))
        table = backend.tables.get(op.get("TableName")) if isinstance(op, dict) else None
        if table is None:
            continue
        attrs = op.get("Item") if op_type == "Put" else op.get("Key")
        try:
            hash_key = DynamoType(attrs[table.hash_key_attr])
            range_key = DynamoType(attrs[table.range_key_attr]) if table.range_key_attr else None
        except (KeyError, TypeError):
            continue  # a key moto cannot use: it writes nothing for this item
        current = _stored(table, hash_key, range_key)
        items.append((table, hash_key, range_key, copy.deepcopy(current)))
        if table.stream_shard is not None:
            streams.setdefault(id(table), (table.stream_shard, len(table.stream_shard.items)))
    return items, list(streams.values())


def _stored(table: Any, hash_key: Any, range_key: Any) -> Any:
    # Not table.get_item: its defaultdict lookup leaves an empty partition behind for a new key.
    if range_key is None:
        return table.items.get(hash_key)
    return table.items[hash_key].get(range_key) if hash_key in table.items else None


def _restore(saved: Saved) -> None:
    items, streams = saved
    for table, hash_key, range_key, before in reversed(items):
        if range_key is None:
            if before is None:
                table.items.pop(hash_key, None)
            else:
                table.items[hash_key] = before
            continue
        partition = table.items.get(hash_key)
        if before is not None:
            table.items[hash_key][range_key] = before
        elif partition is not None:
            partition.pop(range_key, None)
            if not partition:
                del table.items[hash_key]
    for shard, length in streams:
        del shard.items[length:]
