"""Local adjustments of moto 5.2.5, so that the emulation costs roughly what AWS costs and refuses
what AWS refuses.

Each patch names the moto behaviour it works around and has a unit test of its own
(tests/unit/local/test_moto_patches.py). All are idempotent and apply process-wide. They replace
private methods of moto, so this module refuses to load beside another moto (`WRITTEN_FOR`): the
local stack and the tests stop at their start rather than run on patches of code that changed.
"""

from __future__ import annotations

import base64
import copy
import json
import threading
import types
from datetime import UTC, datetime
from importlib import metadata
from typing import Any

# requirements-dev.txt pins it. For another moto: read each patched method's new code, adapt the
# patch (or drop it when moto fixed what it works around), run tests/unit/local/, then update this.
WRITTEN_FOR = "5.2.5"


def check_moto(version: str) -> None:
    if version != WRITTEN_FOR:
        raise RuntimeError(
            f"local/moto_patches.py replaces private methods of moto {WRITTEN_FOR}, not of moto {version}: "
            "check each patch against the new moto, then update WRITTEN_FOR"
        )


check_moto(metadata.version("moto"))

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


# The partition (or index key) a query of this thread reads (query_reads_its_partition).
_QUERIED = threading.local()


def query_reads_its_partition() -> None:
    """A Query reads the items of the key it names, as DynamoDB does, not every item of the table.

    moto's `Table.query` starts from `all_items()`: every item of the table, sorted by its keys
    (DynamoType comparisons in Python), of which it then keeps the queried partition, or on an
    index the items whose index key matches. Every query so costs the size of the whole table: the
    local stack slowed down with every order written, and an order makes several queries (a
    thousand orders, issue 25: a third of the emulation's time, and growing).

    Here, during a query, `all_items()` of that table answers only the candidates moto would keep:
    on the table the queried partition (its items in the order of their sort key, the order moto's
    filter would leave them in), on an index the items whose index hash key attributes are equal to
    the queried values (moto sorts those by the index's keys itself). Everything after that (key
    conditions, order, paging, limits, filters, projections, counts) is moto's own code on the same
    candidates, so the answers are the same. Outside a query (Scan, the saver), all items as before.
    """
    from moto.dynamodb.models.table import Table

    if getattr(Table.query, "reads_its_partition", False):
        return
    query, all_items = Table.query, Table.all_items

    def partition_query(self: Any, hash_key: Any, *args: Any, **kwargs: Any) -> Any:
        index_name = args[6] if len(args) > 6 else kwargs.get("index_name")
        conditions = kwargs.get("hash_key_conditions") or []
        if index_name:
            wanted: tuple[Any, ...] = (self, "index", tuple(conditions))
        else:
            wanted = (self, "table", hash_key)
        before = getattr(_QUERIED, "wanted", None)
        _QUERIED.wanted = wanted
        try:
            return query(self, hash_key, *args, **kwargs)
        finally:
            _QUERIED.wanted = before

    def candidates(self: Any) -> list[Any]:
        wanted = getattr(_QUERIED, "wanted", None)
        if wanted is None or wanted[0] is not self or (wanted[1] == "index" and not wanted[2]):
            return list(all_items(self))
        if wanted[1] == "table":
            # .get: the table's defaultdict would keep an empty partition for a missing key.
            partition = self.items.get(wanted[2])
            if partition is None:
                return []
            if not self.range_key_attr:
                return [partition]
            return sorted(partition.values(), key=lambda item: item.range_key)
        partitions = self.items.values()
        items = [i for p in partitions for i in p.values()] if self.range_key_attr else list(partitions)
        return [i for i in items if all(_equal(i.attrs.get(name), value) for name, value in wanted[2])]

    partition_query.reads_its_partition = True  # type: ignore[attr-defined]
    partition_query.moto_query = query  # type: ignore[attr-defined]  # moto's own, for the tests to compare
    Table.query = partition_query  # type: ignore[method-assign]
    Table.all_items = candidates  # type: ignore[method-assign]


def _equal(stored: Any, wanted: Any) -> bool:
    # As moto's own filter: an item without the attribute is no candidate (None has no DynamoType __eq__).
    return stored is not None and bool(stored == wanted)


def serialize_attribute_values_directly() -> None:
    """A DynamoDB answer's AttributeValues written as they are, not walked member by member.

    moto's response serializer walks every AttributeValue of an answer through the botocore
    shape's ten members (S, N, B, SS, ... BOOL), and for each member that is absent (nine of ten)
    tries every alias its attribute picker knows (the key, its snake_case form, prefixes of the
    shape's and the object's names) before it gives up: some thirty lookups per attribute. A
    BatchGetItem of 100 items of ten attributes so cost more than everything else moto does for it
    (the payments import, issue 24: over half of moto's time). moto's DynamoDB hands the
    serializer its items as plain {type: value} dicts (`dynamo_to_dict`), so the answer is the
    same written directly: each present member of the shape, strings as moto's string serializer
    writes them, binaries base64-encoded as its blob serializer does, maps and lists recursively.
    Only the DynamoDB service's AttributeValue shape; everything else is moto's own code.
    """
    from moto.core.serialize import BaseJSONSerializer

    structure = BaseJSONSerializer._serialize_type_structure
    if getattr(structure, "writes_attribute_values", False):
        return

    def serialize_type_structure(self: Any, serialized: Any, value: Any, shape: Any, key: str) -> None:
        if key and shape.name == "AttributeValue" and self.service_model.service_name == "dynamodb":
            if value is not None:
                self._default_serialize(serialized, _attribute_value(value, shape.members), shape, key)
            return
        structure(self, serialized, value, shape, key)

    serialize_type_structure.writes_attribute_values = True  # type: ignore[attr-defined]
    serialize_type_structure.moto_structure = structure  # type: ignore[attr-defined]  # moto's own, for the tests
    BaseJSONSerializer._serialize_type_structure = serialize_type_structure  # type: ignore[method-assign]


def _attribute_value(value: dict[str, Any], members: Any) -> dict[str, Any]:
    """One AttributeValue as moto's JSON serializer writes it (see serialize_attribute_values_directly)."""
    written: dict[str, Any] = {}
    for name, member in value.items():
        if name not in members or member is None:
            continue  # the picker finds no member under another name in a plain dict
        if name == "M":
            written[name] = {k: _attribute_value(v, members) for k, v in member.items()}
        elif name == "L":
            written[name] = [_attribute_value(v, members) for v in member]
        elif name == "B":
            written[name] = _base64(member)
        elif name == "BS":
            written[name] = [_base64(v) for v in member]
        elif name in ("SS", "NS"):
            written[name] = [_string(v) for v in member]
        elif name in ("S", "N"):
            written[name] = _string(member)
        else:
            written[name] = member  # NULL, BOOL: booleans, written as they are
    return written


def _string(value: Any) -> Any:
    # moto's JSON string serializer: str() of anything but None, {} and [].
    return str(value) if value not in (None, {}, []) else value


def _base64(value: str | bytes) -> str:
    # moto's ResponseSerializer._base64.
    raw = value.encode("utf-8") if isinstance(value, str) else value
    return base64.b64encode(raw).strip().decode("utf-8")


def parse_attribute_values_directly() -> None:
    """A DynamoDB request's AttributeValues read as they are, not walked through the shape's parser.

    The request's side of `serialize_attribute_values_directly`: moto's JSON parser visits each
    AttributeValue's ten members through its generic shape handlers, a few hundred thousand calls
    for the payments import's 100-item transactions. Here the members are read in the shape's
    order as those handlers read them: strings, numbers and booleans as given, binaries through the
    parser's own blob decoding, sets and lists item by item, maps and lists of values recursively.
    Only the DynamoDB service's AttributeValue shape; everything else is moto's own code.
    """
    from moto.core.parse import BaseJSONParser

    # moto's parser module has no type hints.
    structure: Any = BaseJSONParser._parse_structure
    if getattr(structure, "reads_attribute_values", False):
        return

    def parse_structure(self: Any, shape: Any, value: Any) -> Any:
        if shape.name == "AttributeValue" and self.operation_model.service_model.service_name == "dynamodb":
            return _parsed_attribute_value(value, shape.members, self._blob_parser)
        return structure(self, shape, value)

    parse_structure.reads_attribute_values = True  # type: ignore[attr-defined]
    parse_structure.moto_structure = structure  # type: ignore[attr-defined]  # moto's own, for the tests
    BaseJSONParser._parse_structure = parse_structure  # type: ignore[method-assign]


def _parsed_attribute_value(value: Any, members: Any, blob: Any) -> Any:
    """One AttributeValue as moto's JSON parser reads it (see parse_attribute_values_directly)."""
    if value is None:
        return None  # moto's parser: null stays null
    parsed: dict[str, Any] = {}
    for name in members:
        raw = value.get(name)
        if raw is None:
            continue
        if name == "M":
            parsed[name] = {k: _parsed_attribute_value(v, members, blob) for k, v in raw.items()}
        elif name == "L":
            parsed[name] = [_parsed_attribute_value(v, members, blob) for v in raw]
        elif name == "B":
            parsed[name] = blob(raw)
        elif name == "BS":
            parsed[name] = [blob(v) for v in raw]
        elif name in ("SS", "NS"):
            parsed[name] = list(raw)
        else:
            parsed[name] = raw  # S, N, NULL, BOOL: as given
    return parsed


# moto's limit of an item's size (its LimitedSizeDict: between DynamoDB's 400 KB and what it measured).
_MOTO_ITEM_LIMIT = 405000


def size_items_once() -> None:
    """An item built by moto sized once, not once per attribute added.

    moto's `Item.__init__` adds the attributes one by one to a `LimitedSizeDict`, whose
    `__setitem__` measures every attribute already there before it adds the next (an item of n
    attributes: n(n+1)/2 sizes, each a walk of the value): a tenth of moto's time in the payments
    import (issue 24), whose transactions build thousands of items of a dozen attributes. Here the
    sizes are summed as the attributes are added, each measured once, and the same ItemSizeTooLarge
    raised at the same attribute (a prefix of the sizes is over the limit exactly when moto's
    re-measured one is: the values do not change while the item is built). Later writes to an
    item's attributes (updates) go through moto's own check as before.
    """
    from moto.dynamodb.exceptions import ItemSizeTooLarge
    from moto.dynamodb.models.dynamo_type import DynamoType, Item, LimitedSizeDict
    from moto.dynamodb.models.utilities import bytesize

    if getattr(Item.__init__, "sizes_once", False):
        return
    moto_init = Item.__init__

    def item_init(self: Any, hash_key: Any, range_key: Any, attrs: dict[str, Any]) -> None:
        self.hash_key = hash_key
        self.range_key = range_key
        self.attrs = LimitedSizeDict()
        size = 0
        for key, value in attrs.items():
            typed = DynamoType(value)
            size += bytesize(str(key)) + typed.size()
            if size > _MOTO_ITEM_LIMIT:
                raise ItemSizeTooLarge
            dict.__setitem__(self.attrs, key, typed)

    item_init.sizes_once = True  # type: ignore[attr-defined]
    item_init.moto_init = moto_init  # type: ignore[attr-defined]  # moto's own, for the tests to compare
    Item.__init__ = item_init  # type: ignore[method-assign]


def list_moto_services_once() -> None:
    """moto's server lists its own package folder (os.listdir, then isdir of each of some 150
    entries) on every request, to see whether the Host header names a service; here that list is
    made once, since the installed package does not change while it runs. Same answer, no disk."""
    from moto import backends

    if getattr(backends.list_of_moto_modules, "listed_once", False):
        return
    names = tuple(backends.list_of_moto_modules())

    def list_of_moto_modules() -> tuple[str, ...]:
        return names

    list_of_moto_modules.listed_once = True  # type: ignore[attr-defined]
    backends.list_of_moto_modules = list_of_moto_modules


# Sub-resources of a PUT on a key that are no object write (no PutObject of the policy's Action).
_NOT_A_WRITE = frozenset({"retention", "legal-hold", "acl", "tagging", "uploadId", "partNumber"})


def guard_archive_buckets() -> None:
    """The bucket policy's rules that keep an object as written, which moto stores but never applies.

    AWS refuses, by the invoice archive's policy (template.yaml, InvoiceArchivePolicy), a PutObject
    or CopyObject without `If-None-Match: *` (403 AccessDenied: the header missing, or another value,
    which moto would take as a plain overwrite; with `*`, an existing key is moto's own 412
    PreconditionFailed, and a copy is 501 NotImplemented, here with moto's status for a code its S3
    model lacks, 400), a multipart upload (its
    CreateMultipartUpload cannot carry the header) and a DeleteObject without a version id (a delete
    marker: 403 AccessDenied). moto applies Object Lock itself (a DeleteObject of a locked version
    is its AccessDenied). Here the same statements are read from the bucket's stored policy, so a
    bucket without them (the media and log bucket) is left as moto has it, and the local stack
    refuses exactly what the template's policy refuses. The TLS statement has no local counterpart:
    the emulation listens on loopback only.
    """
    from moto.s3.models import S3Backend
    from moto.s3.responses import S3Response

    if getattr(S3Response._key_response_put, "guards_archive", False):
        return
    put, post, delete = S3Response._key_response_put, S3Response._key_response_post, S3Backend.delete_object

    def key_response_put(self: Any, query: dict[str, Any], key_name: str) -> Any:
        if not query.keys() & _NOT_A_WRITE:
            if _denies(self.backend, self.bucket_name, "s3:PutObject", self.headers.get("If-None-Match")):
                raise _access_denied()
            if "x-amz-copy-source" in self.headers and _write_once(self.backend, self.bucket_name):
                raise _not_implemented()
        return put(self, query, key_name)

    def key_response_post(
        self: Any, request: Any, body: bytes, bucket_name: str, query: dict[str, Any], key_name: str
    ) -> Any:
        # CreateMultipartUpload carries no If-None-Match: what the policy says of a write without it.
        if "uploads" in query and _denies(self.backend, bucket_name, "s3:PutObject", None):
            raise _access_denied()
        return post(self, request, body, bucket_name, query, key_name)

    def delete_object(self: Any, bucket_name: str, key_name: str, version_id: str | None = None, **kwargs: Any) -> Any:
        if version_id is None and _denies(self, bucket_name, "s3:DeleteObject", None):
            from moto.s3.exceptions import AccessDeniedByLock

            raise AccessDeniedByLock  # DeleteObjects lists it among its errors, as AWS does
        return delete(self, bucket_name, key_name, version_id=version_id, **kwargs)

    key_response_put.guards_archive = True  # type: ignore[attr-defined]
    S3Response._key_response_put = key_response_put  # type: ignore[method-assign]
    S3Response._key_response_post = key_response_post  # type: ignore[method-assign]
    S3Backend.delete_object = delete_object  # type: ignore[method-assign,assignment]
    _keep_compliance_retention(S3Backend)


def _keep_compliance_retention(backend: Any) -> None:
    """A COMPLIANCE retention is never shortened nor turned into GOVERNANCE before it ends (AWS: 403
    AccessDenied, for everyone); moto sets whatever PutObjectRetention asks, which would let a
    shortened lock be deleted. Lengthening stays allowed, as in AWS."""
    put_retention = backend.put_object_retention

    def put_object_retention(
        self: Any, bucket_name: str, key_name: str, version_id: str | None, retention: tuple[str | None, str | None]
    ) -> None:
        key = self.get_object(bucket_name, key_name, version_id=version_id)
        if key is not None and key.lock_mode == "COMPLIANCE" and key.lock_until:
            until = datetime.fromisoformat(key.lock_until)
            mode, new_until = retention
            if until > datetime.now(UTC) and (
                mode != "COMPLIANCE" or not new_until or datetime.fromisoformat(new_until) < until
            ):
                from moto.s3.exceptions import AccessDeniedByLock

                raise AccessDeniedByLock
        put_retention(self, bucket_name, key_name, version_id, retention)

    backend.put_object_retention = put_object_retention


def _statements(backend: Any, bucket_name: str) -> list[dict[str, Any]]:
    """The statements of the bucket's stored policy; none for a bucket without one (or no bucket)."""
    from moto.s3.exceptions import MissingBucket

    try:
        policy = backend.get_bucket(bucket_name).policy
    except MissingBucket:
        return []  # moto's own answer follows
    return list(json.loads(policy).get("Statement", [])) if policy else []


def _denies(backend: Any, bucket_name: str, action: str, if_none_match: str | None) -> bool:
    """Whether the bucket's policy denies `action` to everyone, for a request with this If-None-Match
    header (None: without one). The conditions the archive's policy uses are evaluated as IAM does
    (a key missing from the request makes Null true and StringNotEquals true); a statement with any
    other condition is not applied here."""
    return any(
        s.get("Effect") == "Deny"
        and s.get("Principal") in ("*", {"AWS": "*"})
        and action in ([s["Action"]] if isinstance(s.get("Action"), str) else s.get("Action", []))
        and _condition_holds(s.get("Condition"), if_none_match)
        for s in _statements(backend, bucket_name)
    )


def _condition_holds(condition: dict[str, Any] | None, if_none_match: str | None) -> bool:
    if condition is None:
        return True
    if condition == {"Null": {"s3:if-none-match": "true"}}:
        return if_none_match is None
    if condition == {"StringNotEquals": {"s3:if-none-match": "*"}}:
        return if_none_match != "*"
    return False


def _write_once(backend: Any, bucket_name: str) -> bool:
    """Whether the policy allows object writes only with If-None-Match (the archive): a copy with the
    header is then AWS's 501, since CopyObject cannot be conditional there."""
    return _denies(backend, bucket_name, "s3:PutObject", None)


def _access_denied() -> Exception:
    from moto.s3.exceptions import S3ClientError

    return S3ClientError("AccessDenied", "Access Denied (an explicit deny in the bucket policy)")


def _not_implemented() -> Exception:
    from moto.s3.exceptions import S3ClientError

    return S3ClientError("NotImplemented", "A header you provided implies functionality that is not implemented")
