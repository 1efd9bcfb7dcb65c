"""Local adjustments of moto, so that the emulation costs roughly what AWS costs.

moto's DynamoDB backs a table up before a TransactWriteItems, as its rollback, with a deep copy
of the whole table, and it does so once per item of the transaction: an order of 7 items deep
copies the table 7 times (seconds with the demo catalogue), and 50 concurrent orders queue behind
each other in the serialised emulation until their clients time out. One backup per table and
call is the very same backup (every copy is made before the first item is applied).
"""

from __future__ import annotations

import copy
import types
from typing import Any


def copy_tables_once() -> None:
    from moto.dynamodb import models

    backend = models.DynamoDBBackend
    if getattr(backend.transact_write_items, "copies_once", False):
        return
    original = backend.transact_write_items

    def transact_write_items(self: Any, transact_items: list[dict[str, Any]]) -> None:
        made: dict[int, Any] = {}

        def deepcopy(obj: Any, memo: Any = None) -> Any:
            if isinstance(obj, models.Table):
                if id(obj) not in made:
                    made[id(obj)] = copy.deepcopy(obj, memo)
                return made[id(obj)]
            return copy.deepcopy(obj, memo)

        saved = models.copy
        models.copy = types.SimpleNamespace(**{**vars(copy), "deepcopy": deepcopy})  # type: ignore[assignment]
        try:
            original(self, transact_items)
        finally:
            models.copy = saved

    transact_write_items.copies_once = True  # type: ignore[attr-defined]
    backend.transact_write_items = transact_write_items  # type: ignore[method-assign]
