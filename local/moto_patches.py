"""Local adjustments of moto, so that the emulation costs roughly what AWS costs.

moto's DynamoDB backs a table up before a TransactWriteItems, as its rollback, with a deep copy
of the whole table, and it does so once per item of the transaction: an order of 7 items deep
copies the table 7 times (seconds with the demo catalogue), and 50 concurrent orders queue behind
each other in the serialised emulation until their clients time out. A transaction changes only
the items it names, so backing up those items (and the length of the table's stream) before it
runs, and putting them back when it is cancelled, is the same rollback at the cost of the items.
"""

from __future__ import annotations

import copy
import types
from typing import Any


def copy_tables_once() -> None:
    """Patch moto's TransactWriteItems to back up only the items it touches (idempotent)."""
    from moto.dynamodb import models
    from moto.dynamodb.models.dynamo_type import DynamoType

    backend = models.DynamoDBBackend
    if getattr(backend.transact_write_items, "copies_once", False):
        return
    original = backend.transact_write_items

    def transact_write_items(self: Any, transact_items: list[dict[str, Any]]) -> None:
        saved: dict[tuple[str, str, str], tuple[Any, Any, Any, Any]] = {}
        streams: dict[str, tuple[Any, int]] = {}
        for entry in transact_items:
            for op_type, op in entry.items():
                table = self.tables.get(op.get("TableName"))
                if table is None:
                    continue
                attrs = op.get("Item") if op_type == "Put" else op.get("Key")
                if not isinstance(attrs, dict) or table.hash_key_attr not in attrs:
                    continue
                hash_key = DynamoType(attrs[table.hash_key_attr])
                range_key = DynamoType(attrs[table.range_key_attr]) if table.range_key_attr in attrs else None
                if table.has_range_key and range_key is None:
                    continue  # moto refuses it before it writes anything
                ident = (table.name, str(hash_key), str(range_key))
                if ident not in saved:
                    saved[ident] = (table, hash_key, range_key, copy.deepcopy(table.get_item(hash_key, range_key)))
                if table.stream_shard is not None and table.name not in streams:
                    streams[table.name] = (table.stream_shard, len(table.stream_shard.items))

        def keep(obj: Any, memo: Any = None) -> Any:
            # moto's own whole-table backup becomes the table itself: the rollback is ours.
            return obj if isinstance(obj, models.Table) else copy.deepcopy(obj, memo)

        patched = models.copy
        models.copy = types.SimpleNamespace(**{**vars(copy), "deepcopy": keep})  # type: ignore[assignment]
        try:
            original(self, transact_items)
        except BaseException:
            for table, hash_key, range_key, before in saved.values():
                _restore(table, hash_key, range_key, before)
            for shard, length in streams.values():
                del shard.items[length:]
            raise
        finally:
            models.copy = patched

    transact_write_items.copies_once = True  # type: ignore[attr-defined]
    backend.transact_write_items = transact_write_items  # type: ignore[method-assign]


def _restore(table: Any, hash_key: Any, range_key: Any, before: Any) -> None:
    if table.has_range_key:
        bucket = table.items[hash_key]
        if before is None:
            bucket.pop(range_key, None)
            if not bucket:
                table.items.pop(hash_key, None)
        else:
            bucket[range_key] = before
    elif before is None:
        table.items.pop(hash_key, None)
    else:
        table.items[hash_key] = before
