"""Source the standard library writes and compiles at every import, compiled once by `make build`.

A dataclass's methods (`__init__`, `__repr__`, `__eq__`, `__hash__`, a frozen one's `__setattr__`)
are generated as source text and compiled when the class is created; `typing` compiles the text of
every string annotation it turns into a `ForwardRef` (each field of the TypedDicts in pydantic_core's
schema module, each annotation pydantic reads under `from __future__ import annotations`). A REST
function's cold start compiled about 85 such classes and 900 such texts, 30-40 ms of CPU, the same
texts in every new container (docs/operations.md, "Cold starts").

`make build` records those texts while it imports the layer on the Lambda path (`record`, `dump`:
tools/lambda_path.py) and writes their code objects next to this module (`FILE`, marshal, with the
interpreter's magic number). In Lambda, `use` (the layer's first import) lets `dataclasses` and
`typing` take a text's code from there. The key is the whole text and the code was compiled from it
with the same filename, mode and flags (none inherited: neither module has a `__future__` import),
so a hit is the code `compile` would return; a code object is immutable, so sharing it is safe. A
text not in the file (a class of a newer library, a route's annotation) is compiled as before, and
without the file, outside Lambda or under another interpreter version nothing changes.
"""

from __future__ import annotations

import builtins
import dataclasses
import importlib.util
import marshal
import os
import typing
from types import CodeType
from typing import Any

# Not pathlib: no module the handlers need imports it before this one.
FILE = os.path.join(os.path.dirname(__file__), "precompiled.marshal")
_FILENAME = "<string>"
# (mode, text) -> its code, marshalled: filled by `use` (from FILE) or by `record`. Kept as bytes and
# loaded on a hit: a function meets only part of the layer's texts, and unmarshalling all of them
# would cost more than the hits do.
_codes: dict[tuple[str, str], bytes] = {}
_state = {"recording": False, "installed": False}
# What this process took from the file and what it compiled (the built-artifact tests read them).
stats = {"hits": 0, "misses": 0}


def _code(source: str, mode: str) -> CodeType:
    kept = _codes.get((mode, source))
    if kept is not None:
        stats["hits"] += 1
        code: CodeType = marshal.loads(kept)  # noqa: S302 - the layer's own file, written by make build
        return code
    stats["misses"] += 1
    # dont_inherit: a bare compile here would take this module's `__future__` flags, which the
    # callers (dataclasses, typing) do not have.
    code = builtins.compile(source, _FILENAME, mode, dont_inherit=True)
    if _state["recording"]:
        _codes[(mode, source)] = marshal.dumps(code)
    return code


def _exec(source: Any, globals: Any = None, locals: Any = None, /) -> None:  # noqa: A002 - exec's own names
    """`exec` as the dataclasses module calls it: `exec(text, globals, namespace)`."""
    if isinstance(source, str):
        source = _code(source, "exec")
    builtins.exec(source, globals, locals)  # noqa: S102 - the text dataclasses generated, as before


def _compile(source: Any, filename: Any, mode: str, *args: Any, **kwargs: Any) -> Any:
    """`compile` as typing.ForwardRef calls it: `compile(text, '<string>', 'eval')`."""
    if isinstance(source, str) and filename == _FILENAME and not args and not kwargs:
        return _code(source, mode)
    kwargs.setdefault("dont_inherit", True)
    return builtins.compile(source, filename, mode, *args, **kwargs)


def _install() -> None:
    # Module globals shadow the builtins: only these two modules' calls take the cache.
    setattr(dataclasses, "exec", _exec)  # noqa: B010 - a module global mypy does not know
    setattr(typing, "compile", _compile)  # noqa: B010
    _state["installed"] = True


def use(path: str = FILE) -> bool:
    """In Lambda, at the layer's first import: take the build's code for the texts it recorded.
    True when the file was there and made by this interpreter's bytecode version."""
    if not os.environ.get("AWS_LAMBDA_FUNCTION_NAME") or _state["installed"]:
        return False
    try:
        with open(path, "rb") as source:
            # One read: marshal.load on the file object reads it piece by piece (4.4 ms of CPU in a
            # fresh process, against 2.4 for marshal.loads of the whole file).
            magic, codes = marshal.loads(source.read())  # noqa: S302 - the layer's own file, as its .pyc are
    except (OSError, EOFError, ValueError, TypeError):
        return False
    if magic != importlib.util.MAGIC_NUMBER:
        return False
    _codes.update(codes)
    _install()
    return True


def record() -> None:
    """At build time, before anything else is imported: keep every text compiled from now on."""
    _state["recording"] = True
    _install()


def dump(path: str = FILE) -> int:
    """Write what `record` kept; returns the number of texts."""
    with open(path, "wb") as target:
        target.write(marshal.dumps((importlib.util.MAGIC_NUMBER, dict(sorted(_codes.items())))))
    return len(_codes)
