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
without the file, outside Lambda, under another interpreter version or with the switch off
(`BACKOFFICE_COLDSTART_TWEAKS`, coldstart/__init__.py) nothing changes.

It rests on how CPython's `dataclasses` and `typing` call `exec` and `compile` (`_exec`, `_compile`),
so it states what it was written for (`WRITTEN_FOR`: the version, the functions that make those
calls and a digest of their code). `record` refuses another `dataclasses` or `typing` (`make build`
fails), and `use` takes the file only when the running interpreter's functions have the digest the
build wrote into it (a Lambda runtime on another patch release compiles as before, and says so).
"""

from __future__ import annotations

import builtins
import dataclasses
import hashlib
import importlib.util
import marshal
import os
import sys
import typing
from collections.abc import Iterator
from types import CodeType, ModuleType
from typing import Any

from backoffice import coldstart

# The CPython this module was written for, and its functions that call `exec` (dataclasses) and
# `compile` (typing) on generated text, with the digest of their code (`fingerprint`). Another
# patch release may keep them (the digest then matches: update the version) or change them: read
# what the new code passes, then update all three.
WRITTEN_FOR = "3.13.0"
CALLERS = (("dataclasses", "_FuncBuilder.add_fns_to_class", "exec"), ("typing", "ForwardRef.__init__", "compile"))
FINGERPRINT = "48d41f487c17b197ca19d25e23f411704d69b1d2ae7aa4c8f101d2a8c1597ff6"

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


def _stable(value: object) -> str:
    """A constant's text, the same in every process (a frozenset's order follows the hash seed)."""
    if isinstance(value, frozenset):
        return "frozenset(" + ",".join(sorted(_stable(v) for v in value)) + ")"
    if isinstance(value, tuple):
        return "(" + ",".join(_stable(v) for v in value) + ")"
    return repr(value)


def _digest(code: CodeType, into: Any) -> None:
    into.update(code.co_qualname.encode())
    into.update(code.co_code)
    into.update(repr((code.co_names, code.co_varnames)).encode())
    for const in code.co_consts:
        if isinstance(const, CodeType):
            _digest(const, into)
        else:
            into.update(_stable(const).encode())


def _function_code(module: ModuleType, qualname: str) -> CodeType:
    found: Any = module
    for part in qualname.split("."):
        found = getattr(found, part)
    code: CodeType = found.__code__
    return code


def fingerprint() -> str:
    """The digest of the running interpreter's CALLERS (their bytecode, names and constants); empty
    when one of them is gone."""
    digest = hashlib.sha256()
    for module_name, qualname, _ in CALLERS:
        digest.update(module_name.encode())
        try:
            code = _function_code(sys.modules[module_name], qualname)
        except AttributeError:
            return ""
        _digest(code, digest)
    return digest.hexdigest()


def _codes_of(module: ModuleType) -> Iterator[CodeType]:
    for value in vars(module).values():
        members = vars(value).values() if isinstance(value, type) else (value,)
        for member in members:
            function = getattr(member, "__func__", member)
            code = getattr(function, "__code__", None)
            if isinstance(code, CodeType) and getattr(function, "__module__", None) == module.__name__:
                yield code


def _names(code: CodeType, name: str) -> bool:
    return name in code.co_names or any(isinstance(c, CodeType) and _names(c, name) for c in code.co_consts)


def call_sites() -> set[tuple[str, str, str]]:
    """Every function of `dataclasses` and `typing` that calls `exec` or `compile`, found in their code."""
    found = set()
    for module, name in ((dataclasses, "exec"), (typing, "compile")):
        found |= {(module.__name__, code.co_qualname, name) for code in _codes_of(module) if _names(code, name)}
    return found


def check() -> None:
    """Refuses an interpreter whose `dataclasses` or `typing` is not the one this module was written for."""
    sites = call_sites()
    digest = fingerprint() if sites == set(CALLERS) else ""
    if sites != set(CALLERS) or digest != FINGERPRINT:
        raise RuntimeError(
            f"backoffice/coldstart/precompiled.py was written for CPython {WRITTEN_FOR}: its dataclasses and typing "
            f"call exec/compile from {sorted(CALLERS)} (digest {FINGERPRINT}); CPython {sys.version.split()[0]} "
            f"from {sorted(sites)} (digest {digest or '-'}). Read what they pass now, then update WRITTEN_FOR, "
            "CALLERS and FINGERPRINT."
        )


def _install() -> None:
    # Module globals shadow the builtins: only these two modules' calls take the cache.
    setattr(dataclasses, "exec", _exec)  # noqa: B010 - a module global mypy does not know
    setattr(typing, "compile", _compile)  # noqa: B010
    _state["installed"] = True


def use(path: str = FILE) -> bool:
    """In Lambda, at the layer's first import: take the build's code for the texts it recorded.
    True when the file was there, made by this interpreter's bytecode version and for functions of
    `dataclasses` and `typing` with this interpreter's code."""
    if not os.environ.get("AWS_LAMBDA_FUNCTION_NAME") or _state["installed"] or not coldstart.on("precompiled"):
        return False
    try:
        with open(path, "rb") as source:
            # One read: marshal.load on the file object reads it piece by piece (4.4 ms of CPU in a
            # fresh process, against 2.4 for marshal.loads of the whole file).
            magic, written, codes = marshal.loads(source.read())  # noqa: S302 - the layer's own file, as its .pyc are
    except (OSError, EOFError, ValueError, TypeError):
        return False
    if magic != importlib.util.MAGIC_NUMBER:
        return False
    if written != fingerprint():
        # Another patch release whose dataclasses or typing differ from the build's: compiled as before.
        print(
            f"{path}: built for other dataclasses/typing than CPython {sys.version.split()[0]}'s, not used",
            file=sys.stderr,
        )
        return False
    _codes.update(codes)
    _install()
    return True


def record() -> None:
    """At build time, before anything else is imported: keep every text compiled from now on
    (refused on an interpreter this module was not written for)."""
    check()
    _state["recording"] = True
    _install()


def dump(path: str = FILE) -> int:
    """Write what `record` kept; returns the number of texts."""
    with open(path, "wb") as target:
        target.write(marshal.dumps((importlib.util.MAGIC_NUMBER, fingerprint(), dict(sorted(_codes.items())))))
    return len(_codes)
