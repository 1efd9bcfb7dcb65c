"""backoffice/coldstart/precompiled.py: the code of the source dataclasses and typing generate, compiled at build time.

Each case runs in a fresh interpreter: `record` and `use` change the `dataclasses` and `typing`
modules of the process they run in, which this test process must keep as they are.
"""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
import typing
from pathlib import Path
from typing import Any

import pytest

from backoffice.coldstart import precompiled

# The same classes in the build (record) and in Lambda (use): a frozen dataclass, a TypedDict with
# string annotations (as pydantic_core's schema module has them) and a forward reference.
CLASSES = """
import dataclasses, typing
from decimal import Decimal

@dataclasses.dataclass(frozen=True)
class Line:
    art_nr: str
    menge: Decimal = Decimal("1")

class Shape(typing.TypedDict, total=False):
    kind: "str"
    size: "typing.Optional[int]"

ref = typing.ForwardRef("list[Line]")
"""

RECORD = """
from backoffice.coldstart import precompiled
precompiled.record()
{classes}
print(precompiled.dump({path!r}))
"""

USE = """
import json, sys
from backoffice.coldstart import precompiled
used = precompiled.use({path!r})
{classes}
first = dict(precompiled.stats)

@dataclasses.dataclass
class Other:
    n: int

line = Line("1000")
try:
    line.menge = Decimal("2")
    frozen = False
except dataclasses.FrozenInstanceError:
    frozen = True
print(json.dumps({{
    "used": used,
    "first": first,
    "after": precompiled.stats,
    "repr": repr(line),
    "equal": line == Line("1000", Decimal("1")) and hash(line) == hash(Line("1000")),
    "frozen": frozen,
    "init_return": repr(Line.__init__.__annotations__["return"]),
    "shape": sorted(Shape.__annotations__),
    "ref": repr(typing._eval_type(ref, globals(), None)),
    "other": repr(Other(3)),
}}))
"""


def _python(code: str, lambda_name: str | None = "OfferteFunction", tweaks: str | None = None) -> str:
    env = {k: v for k, v in os.environ.items() if k not in ("AWS_LAMBDA_FUNCTION_NAME", "BACKOFFICE_COLDSTART_TWEAKS")}
    if lambda_name:
        env["AWS_LAMBDA_FUNCTION_NAME"] = lambda_name
    if tweaks is not None:
        env["BACKOFFICE_COLDSTART_TWEAKS"] = tweaks
    run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return run.stdout.strip().splitlines()[-1]


@pytest.fixture
def built(tmp_path: Path) -> Path:
    path = tmp_path / "precompiled.marshal"
    texts = int(_python(RECORD.format(classes=CLASSES, path=str(path)), lambda_name=None))
    assert texts >= 4  # the dataclass's methods, the TypedDict's two annotations, the forward reference
    return path


def test_in_lambda_the_recorded_texts_are_taken_from_the_file_and_behave_the_same(built: Path) -> None:
    out = json.loads(_python(USE.format(classes=CLASSES, path=str(built))))
    assert out["used"] is True
    assert out["first"]["misses"] == 0
    assert out["first"]["hits"] >= 4
    assert out["repr"] == "Line(art_nr='1000', menge=Decimal('1'))"
    assert out["equal"] is True
    assert out["frozen"] is True
    # Compiled without this module's `from __future__ import annotations`: the generated __init__'s
    # annotations are objects, as dataclasses makes them, not strings.
    assert out["init_return"] == "None"
    assert out["shape"] == ["kind", "size"]
    assert out["ref"] == "list[__main__.Line]"
    # A text the build did not see is compiled as before.
    assert out["after"]["misses"] >= 1
    assert out["other"] == "Other(n=3)"


def test_outside_lambda_the_file_is_not_used(built: Path) -> None:
    out = json.loads(_python(USE.format(classes=CLASSES, path=str(built)), lambda_name=None))
    assert out["used"] is False
    assert out["first"] == {"hits": 0, "misses": 0}
    assert out["repr"] == "Line(art_nr='1000', menge=Decimal('1'))"


def test_a_broken_or_missing_file_is_ignored(built: Path, tmp_path: Path) -> None:
    other = tmp_path / "other.marshal"
    other.write_bytes(b"not marshal data")
    for path in (other, tmp_path / "missing.marshal"):
        out = json.loads(_python(USE.format(classes=CLASSES, path=str(path))))
        assert out["used"] is False
        assert out["first"] == {"hits": 0, "misses": 0}
        assert out["frozen"] is True


def test_a_stale_magic_number_is_refused(built: Path, tmp_path: Path) -> None:
    import importlib.util
    import marshal

    magic, written, codes = marshal.loads(built.read_bytes())  # noqa: S302 - the file the test just wrote
    assert magic == importlib.util.MAGIC_NUMBER
    stale = tmp_path / "stale.marshal"
    stale.write_bytes(marshal.dumps((b"\x00\x00\r\n", written, codes)))
    out = json.loads(_python(USE.format(classes=CLASSES, path=str(stale))))
    assert out["used"] is False
    assert out["first"]["hits"] == 0


def test_this_process_is_untouched() -> None:
    """Tests, the local stack and the admin CLI run from the sources: no file, no hook."""
    assert not os.path.exists(precompiled.FILE)
    assert "exec" not in vars(dataclasses)
    assert "compile" not in vars(typing)


# Libraries whose dataclasses and TypedDicts coldstart/precompiled.py serves, once the layer is imported.
SERVED = ("pydantic", "pydantic_core", "annotated_types", "typing_extensions", "aws_lambda_powertools")
FUNCTIONS = Path(__file__).resolve().parents[3] / "functions"


def _first_imports(source: str) -> list[str]:
    """The top-level modules a handler module imports, in order, `__future__` and the stdlib left out."""
    import ast

    names = []
    for node in ast.parse(source).body:
        if isinstance(node, ast.Import):
            names += [alias.name.split(".")[0] for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module.split(".")[0])
    return [name for name in names if name != "__future__" and name not in sys.stdlib_module_names]


@pytest.mark.parametrize("handler", sorted(FUNCTIONS.glob("*/*.py")), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_handler_imports_the_layer_before_pydantic_and_powertools(handler: Path) -> None:
    """The layer's first import installs coldstart/precompiled.py's code; a handler that imported pydantic
    before it (isort puts third-party names first) would compile pydantic's dataclasses and
    TypedDicts at every cold start again (zahlungen and zugferd did: Field and ConfigDict now come
    from backoffice.models)."""
    imports = _first_imports(handler.read_text(encoding="utf-8"))
    served = [name for name in imports if name in SERVED]
    if served:
        assert "backoffice" in imports, handler
        assert imports.index("backoffice") < imports.index(served[0]), f"{handler}: {imports}"


def test_this_interpreter_is_the_one_it_was_written_for() -> None:
    """`make build` (record) and this test fail on a CPython whose dataclasses or typing call exec
    or compile elsewhere or otherwise: the file's code would then not be what they compile."""
    assert precompiled.call_sites() == set(precompiled.CALLERS)
    assert precompiled.fingerprint() == precompiled.FINGERPRINT
    precompiled.check()


def _other_add_fns_to_class(self: object, cls: type) -> None:
    exec("pass", {}, {})  # noqa: S102 - never called: only its code is compared


def test_another_dataclasses_is_refused_by_the_build(monkeypatch: pytest.MonkeyPatch) -> None:
    builder: Any = dataclasses
    monkeypatch.setattr(builder._FuncBuilder, "add_fns_to_class", _other_add_fns_to_class)
    assert precompiled.fingerprint() != precompiled.FINGERPRINT
    with pytest.raises(RuntimeError, match=r"written for CPython 3\.13\.0.*update WRITTEN_FOR"):
        precompiled.record()
    assert "exec" not in vars(dataclasses)  # refused before anything was installed


def test_a_new_caller_of_compile_in_typing_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    def _eval_text(text: str) -> object:
        return compile(text, "<string>", "eval")

    _eval_text.__module__ = "typing"
    monkeypatch.setattr(typing, "_eval_text", _eval_text, raising=False)
    assert ("typing", "test_a_new_caller_of_compile_in_typing_is_refused.<locals>._eval_text", "compile") in (
        precompiled.call_sites()
    )
    with pytest.raises(RuntimeError, match=r"written for CPython 3\.13\.0"):
        precompiled.check()


def test_a_file_built_for_other_dataclasses_is_not_used(built: Path, tmp_path: Path) -> None:
    """A Lambda runtime on a patch release whose dataclasses or typing differ from the build's
    compiles as before."""
    import marshal

    magic, written, codes = marshal.loads(built.read_bytes())  # noqa: S302 - the file the test just wrote
    assert written == precompiled.FINGERPRINT
    other = tmp_path / "other.marshal"
    other.write_bytes(marshal.dumps((magic, "0" * 64, codes)))
    out = json.loads(_python(USE.format(classes=CLASSES, path=str(other))))
    assert out["used"] is False
    assert out["first"] == {"hits": 0, "misses": 0}
    assert out["repr"] == "Line(art_nr='1000', menge=Decimal('1'))"


@pytest.mark.parametrize(
    ("tweaks", "used"), [("off", False), ("collector,lazy_powertools", False), ("precompiled", True)]
)
def test_the_switch_turns_the_file_off(built: Path, tweaks: str, used: bool) -> None:
    out = json.loads(_python(USE.format(classes=CLASSES, path=str(built)), tweaks=tweaks))
    assert out["used"] is used
    assert (out["first"]["hits"] >= 4) is used
    assert out["repr"] == "Line(art_nr='1000', menge=Decimal('1'))"
    assert out["frozen"] is True


def test_a_caller_that_is_gone_leaves_the_file_unused(built: Path) -> None:
    """A patch release without `dataclasses._FuncBuilder`: the function still starts, without the file."""
    code = (
        "import dataclasses, json\n"
        "from backoffice.coldstart import precompiled\n"
        "builder = dataclasses._FuncBuilder\n"
        "del dataclasses._FuncBuilder\n"
        f"used = precompiled.use({str(built)!r})\n"
        "print(json.dumps([precompiled.fingerprint(), used]))\n"
    )
    assert json.loads(_python(code)) == ["", False]
