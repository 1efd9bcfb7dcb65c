"""The built functions run as Lambda runs them: `.aws-sam/build`, bytecode, and nothing else on the path.

`make build` runs `sam build` and then `python -m tools.lambda_path compile`, which leaves a `.pyc`
next to every module of every artifact. `/var/task` and `/opt` are read-only in Lambda, so without
them every cold start compiles powertools, pydantic and the layer again. The `.pyc` are
unchecked-hash ones (PEP 552): valid whatever the mtimes and paths become once SAM has zipped the
folders and Lambda has unpacked them, and never compared with the source at import. A stale one
cannot ship because every build recompiles all of them (`force`).

`invoke` runs one handler the way Lambda does: a fresh interpreter (`-I -S -B`) whose `sys.path` is
the function folder, the layer's `python/` folder, the standard library and the packages the
Lambda runtime provides (boto3 and what it needs), linked into a folder of their own. The dev
venv, with the repository root on its path, is not there: a handler that imports `local`, `tools`,
`tests` or a dev-only package fails here as it would in AWS.
"""

from __future__ import annotations

import base64
import compileall
import fcntl
import json
import py_compile
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

from local.gateway import Gateway
from local.lambda_runtime import Handler, LambdaRuntime
from local.template import REGION, ROOT, Stack

BUILD = ROOT / ".aws-sam" / "build"
# Written after the bytecode: a build is fresh when it is newer than every source.
STAMP = BUILD / ".bytecode"
RUNTIME = ROOT / ".aws-sam" / "lambda-runtime"
# What the Lambda Python runtime ships besides the standard library.
RUNTIME_DISTRIBUTIONS = ("boto3",)
SOURCES = ("template.yaml", "functions", "layers")
# Where Lambda puts the code: the tracebacks of the deployed functions name these paths.
TASK_ROOT, LAYER_ROOT = "/var/task", "/opt/python"

_CHILD = r"""
import importlib, json, sys, time
spec = json.loads(open(sys.argv[1], encoding="utf-8").read())
sys.path[:0] = spec["code"]
sys.path += spec["runtime"]
record = spec.get("record")
calls = []
if record:
    import botocore.client
    real = botocore.client.BaseClient._make_api_call
    def recording(self, operation, params):
        calls.append([self.meta.service_model.service_name, operation, params])
        return real(self, operation, params)
    botocore.client.BaseClient._make_api_call = recording

class Context:
    function_name = spec["function"]
    function_version = "$LATEST"
    invoked_function_arn = "arn:aws:lambda:%s:123456789012:function:%s" % (spec["region"], spec["function"])
    memory_limit_in_mb = 512
    aws_request_id = "00000000-0000-4000-8000-000000000000"
    log_group_name = "/aws/lambda/" + spec["function"]
    log_stream_name = "lambda-path"
    @staticmethod
    def get_remaining_time_in_millis():
        return 28000

c0, t0 = time.process_time(), time.perf_counter()
if spec.get("baseline"):
    exec(spec["baseline"], {"__name__": "baseline"})
    result = None
    t1 = t0
    collector = []
else:
    handler = getattr(importlib.import_module(spec["module"]), spec["func"])
    t1 = time.perf_counter()
    try:
        result = handler(spec["event"], Context())
    except Exception as exc:
        result = {"exception": type(exc).__name__, "message": str(exc)}
    import gc
    collector = [*gc.get_threshold(), gc.get_freeze_count()]
t2, c2 = time.perf_counter(), time.process_time()
precompiled = dict(getattr(sys.modules.get("backoffice.coldstart.precompiled"), "stats", {}))
roots = spec["code"] + spec["runtime"] + spec["stdlib"]
foreign = sorted(
    name for name, m in list(sys.modules.items())
    if getattr(m, "__file__", None) and not any(m.__file__.startswith(r) for r in roots)
)

def encode(value):
    if isinstance(value, bytes):
        return {"__bytes__": __import__("base64").b64encode(value).decode("ascii")}
    return repr(value)

with open(spec["out"], "w", encoding="utf-8") as fh:
    json.dump({"result": result, "init": t1 - t0, "first": t2 - t1, "total": t2 - t0, "cpu": c2 - c0,
               "foreign": foreign, "calls": calls, "collector": collector,
               "precompiled": precompiled}, fh, default=encode)
"""

_BASELINE = """
import boto3
from botocore.exceptions import ClientError
{prelude}
clients = {{service: boto3.client(service) for service in {services!r}}}
for service, method, params in {calls!r}:
    try:
        getattr(clients[service], method)(**params)
    except ClientError:
        pass  # a replayed write may fail its condition; the round trip is what counts
"""


# Run on the Lambda path by `make build` (precompile_layer): every module of the layer imported
# with backoffice/coldstart/precompiled.py recording the source dataclasses and typing compile meanwhile.
_PRECOMPILE = r"""
import importlib, json, pkgutil, sys
spec = json.loads(sys.argv[1])
sys.path[:0] = spec["code"]
sys.path += spec["runtime"]
from backoffice.coldstart import precompiled
precompiled.record()
import backoffice
failed = []
for module in pkgutil.walk_packages(backoffice.__path__, "backoffice.", onerror=failed.append):
    try:
        importlib.import_module(module.name)
    except ImportError as exc:  # a library only another function ships: its texts are compiled at run time
        failed.append(f"{module.name}: {exc}")
print(json.dumps({"texts": precompiled.dump(spec["out"]), "failed": failed}))
"""


# -- the build -----------------------------------------------------------------------------------
def _source_files() -> Iterator[Path]:
    for name in SOURCES:
        path = ROOT / name
        if path.is_file():
            yield path
        else:
            yield from (p for p in path.rglob("*") if p.is_file() and "__pycache__" not in p.parts)


def build_is_fresh() -> bool:
    if not STAMP.exists():
        return False
    built = STAMP.stat().st_mtime
    return all(p.stat().st_mtime <= built for p in _source_files())


def ensure_build() -> None:
    """`make build` unless the last one is newer than every source; one build at a time (pytest
    workers, a bench next to a test run)."""
    if build_is_fresh():
        return
    BUILD.parent.mkdir(exist_ok=True)
    with (BUILD.parent / "build.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not build_is_fresh():
            subprocess.run(["make", "build"], cwd=ROOT, check=True)  # noqa: S607 - make from PATH, as a developer runs it


def layer_logicals(stack: Stack) -> list[str]:
    return list(stack.resources("AWS::Serverless::LayerVersion"))


def function_logicals(stack: Stack) -> list[str]:
    return sorted(stack.resources("AWS::Serverless::Function"))


def compile_build(stack: Stack) -> list[str]:
    """Bytecode for every artifact of `.aws-sam/build`, named by the path Lambda runs it from."""
    runtime = (stack.doc.get("Globals") or {}).get("Function", {}).get("Runtime", "")
    wanted = runtime.removeprefix("python")
    if f"{sys.version_info[0]}.{sys.version_info[1]}" != wanted:
        # A .pyc carries its interpreter's magic number; another version ignores it.
        raise SystemExit(f"bytecode for {runtime} needs Python {wanted}, not {sys.version.split()[0]}")
    done = []
    folders = [(BUILD / logical, TASK_ROOT) for logical in function_logicals(stack)]
    folders += [(BUILD / logical / "python", LAYER_ROOT) for logical in layer_logicals(stack)]
    for folder, target in folders:
        if not folder.is_dir():
            raise SystemExit(f"{folder} is missing: run sam build first")
        ok = compileall.compile_dir(
            folder,
            ddir=target,
            force=True,
            quiet=1,
            workers=0,
            invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
        )
        # A few packages ship files that are not Python 3 on purpose (test data): compileall
        # reports them; what Lambda imports is checked by tests/integration/test_lambda_path.py.
        done.append(f"{folder.relative_to(ROOT)} -> {target}{'' if ok else ' (some files did not compile)'}")
    done.append(precompile_layer(stack))
    STAMP.write_text("\n".join(done) + "\n", encoding="utf-8")
    return done


def precompile_layer(stack: Stack) -> str:
    """The code of the source the standard library generates while the layer is imported, in the
    layer next to backoffice/coldstart/precompiled.py (its docstring says why). Imported on the Lambda path:
    the layer, then every function's folder (the libraries some functions ship, e.g. fpdf2 for
    invoices/pdf.py), then the runtime's boto3."""
    (layer,) = [BUILD / logical / "python" for logical in layer_logicals(stack)]
    target = layer / "backoffice" / "coldstart" / "precompiled.marshal"
    target.unlink(missing_ok=True)
    code = [str(layer)] + [str(BUILD / logical) for logical in function_logicals(stack)]
    spec = {"code": code, "runtime": [str(runtime_dir())], "out": str(target)}
    run = subprocess.run(  # noqa: S603 - our own interpreter and code
        [sys.executable, "-I", "-S", "-B", "-c", _PRECOMPILE, json.dumps(spec)],
        cwd=BUILD,
        env={"LANG": "en_US.UTF-8", "TZ": ":UTC", "AWS_DEFAULT_REGION": REGION},
        capture_output=True,
        text=True,
        check=False,
    )
    if run.returncode != 0:
        raise SystemExit(f"precompiling the layer failed:\n{run.stderr[-4000:]}")
    report = json.loads(run.stdout.splitlines()[-1])
    skipped = f", not imported: {'; '.join(report['failed'])}" if report["failed"] else ""
    return f"{target.relative_to(ROOT)}: {report['texts']} texts precompiled{skipped}"


# -- what the artifacts leave out ----------------------------------------------------------------
# The test suites some distributions ship inside their package (simplejson, qrcode, certifi):
# nothing imports them at run time.
TEST_FOLDERS = frozenset({"tests", "test"})
# What only pip reads: the list of installed files (uninstall) and who installed it. METADATA keeps
# its headers (importlib.metadata.version reads them) but not its long description (pydantic's is
# its whole changelog).
DIST_INFO_DROPPED = ("RECORD", "INSTALLER", "REQUESTED")
# Never in the layer: the admin CLI runs from a checkout (`python -m backoffice.admin`), no
# function imports it.
LAYER_DROPPED = ("backoffice/admin",)
# Never in any artifact: the local stack, the tools and the tests (and pip's list of requirements).
NEVER_SHIPPED = ("local", "tools", "tests", "requirements.txt")


def artifact_folders(stack: Stack) -> list[Path]:
    """Every folder Lambda runs code from: each function's, then the layer's `python/`."""
    return [BUILD / logical for logical in function_logicals(stack)] + [
        BUILD / logical / "python" for logical in layer_logicals(stack)
    ]


def _remove(path: Path) -> int:
    if path.is_dir() and not path.is_symlink():
        size = sum(p.stat().st_size for p in path.rglob("*") if p.is_file())
        shutil.rmtree(path)
        return size
    size = path.stat().st_size
    path.unlink()
    return size


def _short_metadata(path: Path) -> int:
    """METADATA cut after its headers: returns the bytes saved."""
    data = path.read_bytes()
    end = data.find(b"\n\n")
    if end < 0:
        return 0
    path.write_bytes(data[: end + 1])
    return len(data) - end - 1


def _prune_folder(folder: Path, dropped: tuple[str, ...]) -> int:
    saved = sum(_remove(folder / name) for name in (*dropped, *NEVER_SHIPPED) if (folder / name).exists())
    for top in sorted(folder.iterdir()):
        if top.name.endswith(".data") and top.is_dir():  # console scripts and man pages of a wheel
            saved += _remove(top)
        elif top.name.endswith(".dist-info"):
            saved += sum(_remove(top / name) for name in DIST_INFO_DROPPED if (top / name).exists())
            if (top / "METADATA").is_file():
                saved += _short_metadata(top / "METADATA")
        elif top.is_dir():
            tests = [p for p in top.rglob("*") if p.is_dir() and p.name in TEST_FOLDERS]
            saved += sum(_remove(p) for p in tests if p.exists())
    return saved


def prune_build(stack: Stack) -> list[str]:
    """Leaves out of every artifact what no function imports (docs/operations.md, "Cold starts")."""
    done = []
    layers = {BUILD / logical / "python" for logical in layer_logicals(stack)}
    for folder in artifact_folders(stack):
        if not folder.is_dir():
            raise SystemExit(f"{folder} is missing: run sam build first")
        saved = _prune_folder(folder, LAYER_DROPPED if folder in layers else ())
        done.append(f"{folder.relative_to(ROOT)}: {_amount(saved)} left out")
    return done


def _amount(size: int) -> str:
    return f"{size / 1e6:.1f} MB" if size >= 1e6 else f"{size / 1e3:.0f} kB"


def _size(folder: Path) -> tuple[int, int]:
    files = [p for p in folder.rglob("*") if p.is_file()]
    return sum(p.stat().st_size for p in files), len(files)


def build_sizes(stack: Stack) -> list[str]:
    """Each artifact's unzipped size; a function and its layer together must stay under Lambda's
    250 MB."""
    (layer,) = [BUILD / logical / "python" for logical in layer_logicals(stack)]
    layer_bytes, layer_files = _size(layer)
    lines = [f"{'layer ' + layer.parent.name:<28} {_amount(layer_bytes):>9} {layer_files:6d} files (unzipped)"]
    for logical in function_logicals(stack):
        size, count = _size(BUILD / logical)
        total = _amount(size + layer_bytes)
        lines.append(f"{logical:<28} {_amount(size):>9} {count:6d} files, with the layer {total} of 250 MB")
    return lines


# -- the runtime's own packages ------------------------------------------------------------------
def _requirements(dist: metadata.Distribution) -> Iterator[str]:
    for req in dist.requires or []:
        if "extra ==" in req:
            continue
        yield re.split(r"[ ;<>=!~\[(]", req, maxsplit=1)[0]


def runtime_dir() -> Path:
    """A folder with boto3 and its dependencies linked in, as the Lambda runtime provides them."""
    RUNTIME.mkdir(parents=True, exist_ok=True)
    todo, seen = list(RUNTIME_DISTRIBUTIONS), set()
    while todo:
        name = todo.pop()
        if name.lower() in seen:
            continue
        seen.add(name.lower())
        dist = metadata.distribution(name)
        base = Path(str(dist.locate_file("")))
        tops = {Path(str(f)).parts[0] for f in dist.files or []}
        for top in tops:
            if top.endswith((".dist-info", ".egg-info")) or top in ("..", "__pycache__", "bin"):
                continue
            link, real = RUNTIME / top, base / top
            if link.exists() or not real.exists():
                continue
            if real.is_dir():
                link.symlink_to(real)  # its __pycache__ comes with it
            else:  # a single-module distribution (six.py): its bytecode goes next to the copy
                link.write_bytes(real.read_bytes())
                py_compile.compile(str(link), invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
        todo += list(_requirements(dist))
    return RUNTIME


def stdlib_dirs() -> list[str]:
    out = subprocess.run(
        [sys.executable, "-I", "-S", "-c", "import sys, json; print(json.dumps([p for p in sys.path if p]))"],
        capture_output=True,
        text=True,
        check=True,
    )
    return list(json.loads(out.stdout))


# -- running a function --------------------------------------------------------------------------
@dataclass
class Outcome:
    result: Any
    init: float  # seconds: the handler module's import
    first: float  # seconds: the first request
    total: float
    cpu: float  # seconds of CPU of the child in the same window (import and request)
    foreign: list[str]  # modules loaded from outside the function, the layer, the runtime, the stdlib
    calls: list[list[Any]]  # [service, operation, params] when recorded
    compiled: list[str] = field(default_factory=list)  # modules compiled from source (verbose runs)
    stderr: str = ""
    # After the first request: the collector's three thresholds and how many objects are frozen.
    collector: list[int] = field(default_factory=list)
    # backoffice/coldstart/precompiled.py's hits and misses in the import and the first request.
    precompiled: dict[str, int] = field(default_factory=dict)


def _decode(value: Any) -> Any:
    if isinstance(value, dict):
        if set(value) == {"__bytes__"}:
            return base64.b64decode(value["__bytes__"])
        return {k: _decode(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_decode(v) for v in value]
    return value


class LambdaPath:
    """Runs built functions, each in a fresh Lambda-like interpreter, against an AWS endpoint."""

    def __init__(self, stack: Stack, endpoint: str) -> None:
        self.stack = stack
        self.endpoint = endpoint
        self.runtime = str(runtime_dir())
        self.stdlib = stdlib_dirs()
        (self.layer,) = layer_logicals(stack)

    def code(self, logical: str) -> list[str]:
        return [str(BUILD / logical), str(BUILD / self.layer / "python")]

    def environment(self, logical: str) -> dict[str, str]:
        return {
            **self.stack.environment(logical),
            "AWS_ENDPOINT_URL": self.endpoint,
            "AWS_ACCESS_KEY_ID": "local",
            "AWS_SECRET_ACCESS_KEY": "local",
            "AWS_REGION": REGION,
            "AWS_DEFAULT_REGION": REGION,
            "AWS_LAMBDA_FUNCTION_NAME": logical,
            "LAMBDA_TASK_ROOT": TASK_ROOT,
            "LANG": "en_US.UTF-8",
            "TZ": ":UTC",
        }

    def _run(
        self,
        logical: str,
        spec: dict[str, Any],
        verbose: bool,
        flags: tuple[str, ...] = (),
        env: dict[str, str] | None = None,
    ) -> Outcome:
        with tempfile.TemporaryDirectory(prefix="lambda-path-") as tmp:
            spec_file, out_file = Path(tmp, "spec.json"), Path(tmp, "out.json")
            spec_file.write_text(
                json.dumps(
                    {
                        **spec,
                        "code": self.code(logical),
                        "runtime": [self.runtime],
                        "stdlib": self.stdlib,
                        "function": logical,
                        "region": REGION,
                        "out": str(out_file),
                    }
                ),
                encoding="utf-8",
            )
            # -I -S: no site-packages, no .pth, no PYTHON* variables; -B: like a read-only
            # /var/task, nothing is written next to the code.
            args = [sys.executable, "-I", "-S", "-B", *(["-v"] if verbose else []), *flags]
            args += ["-c", _CHILD, str(spec_file)]
            run = subprocess.run(  # noqa: S603 - our own interpreter and code
                args,
                cwd=tmp,
                env=self.environment(logical) | (env or {}),
                capture_output=True,
                text=True,
                timeout=300,
                check=False,
            )
            if run.returncode != 0 or not out_file.exists():
                raise RuntimeError(f"{logical} on the Lambda path: exit {run.returncode}\n{run.stderr[-4000:]}")
            data = _decode(json.loads(out_file.read_text(encoding="utf-8")))
        compiled = []
        if verbose:
            # importlib says "code object from '<file>.py'" when it compiled the source and names
            # the __pycache__ file when it used bytecode.
            compiled = re.findall(r"^# code object from '?([^'\n]+\.py)'?$", run.stderr, re.MULTILINE)
        return Outcome(
            data["result"],
            data["init"],
            data["first"],
            data["total"],
            data["cpu"],
            data["foreign"],
            data["calls"],
            compiled,
            run.stderr,
            data["collector"],
            data["precompiled"],
        )

    def invoke(
        self,
        logical: str,
        event: dict[str, Any],
        *,
        verbose: bool = False,
        record: bool = False,
        flags: tuple[str, ...] = (),
        env: dict[str, str] | None = None,
    ) -> Outcome:
        """`flags`: more interpreter options, e.g. ("-X", "importtime") (its report in `stderr`);
        `env`: more environment, e.g. the cold-start tweaks' switch."""
        module, func = self.stack.doc["Resources"][logical]["Properties"]["Handler"].rsplit(".", 1)
        spec = {"module": module, "func": func, "event": event, "record": record}
        return self._run(logical, spec, verbose, flags, env)

    def baseline(
        self, logical: str, calls: list[list[Any]], prelude: str = "", services: list[str] | None = None
    ) -> Outcome:
        """The bare work of a first request: import boto3, the same clients, the same AWS calls
        (`calls` as recorded by `invoke(record=True)`), after `prelude`."""
        from botocore import xform_name

        replay = [[service, xform_name(op), params] for service, op, params in calls]
        services = sorted(set(services or []) | {service for service, _, _ in calls})
        code = _BASELINE.format(prelude=prelude, services=services, calls=replay)
        return self._run(logical, {"baseline": code}, verbose=False)


class _LambdaPathRuntime(LambdaRuntime):
    """The Lambda runtime emulation with each function run on the Lambda path, its outcomes kept."""

    def __init__(self, runner: LambdaPath, verbose: bool, record: bool) -> None:
        super().__init__(runner.stack)
        self.runner, self.verbose, self.record = runner, verbose, record
        self.outcomes: dict[str, list[tuple[dict[str, Any], Outcome]]] = {}

    def handler(self, logical: str) -> Handler:
        def run(event: dict[str, Any], context: Any) -> Any:
            outcome = self.runner.invoke(logical, event, verbose=self.verbose, record=self.record)
            self.outcomes.setdefault(logical, []).append((event, outcome))
            result = outcome.result
            if isinstance(result, dict) and set(result) == {"exception", "message"}:
                raise RuntimeError(result["message"])  # as Lambda reports a failed invocation
            return result

        return run


class LambdaGateway(Gateway):
    """The local API Gateway emulation, each function run on the Lambda path: routing, the
    authorizer and the proxy events stay those of local/gateway.py."""

    def __init__(self, runner: LambdaPath, *, verbose: bool = False, record: bool = False) -> None:
        runtime = _LambdaPathRuntime(runner, verbose, record)
        super().__init__(runner.stack, runtime=runtime)
        self.runner = runner
        self.outcomes = runtime.outcomes

    def request(self, method: str, target: str, headers: dict[str, str], body: bytes = b"") -> tuple[int, Any]:
        """(status, JSON body or the raw bytes) of one request through the emulation."""
        status, _, raw = self.invoke(method, target, {k: [v] for k, v in headers.items()}, body)
        try:
            return status, json.loads(raw)
        except ValueError:
            return status, raw


def first_requests(gateway: LambdaGateway) -> dict[str, tuple[int, Any]]:
    """One real request per function of the template, on the local stack's demo data: the
    answer (status, body) each function gave, by logical id."""
    answers: dict[str, tuple[int, Any]] = {}
    basic = base64.b64encode(b"demo:demo").decode("ascii")
    answers["TokenFunction"] = gateway.request("POST", "/www/token", {"Authorization": f"Basic {basic}"})
    token = answers["TokenFunction"][1]["access_token"]
    bearer = {"Authorization": f"Bearer {token}", "Content-Type": "application/json", "Accept": "application/json"}
    # The first protected call runs the authorizer; its answer is the policy it returned.
    answers["ArtikelFunction"] = gateway.request("GET", "/www/artikel/2002?waehrabk=EUR&debinr=100001", bearer)
    policy = gateway.outcomes[gateway.authorizer_fn][0][1].result
    answers[gateway.authorizer_fn] = (200, policy)
    answers["KundenFunction"] = gateway.request("GET", "/www/kunden/100001", bearer)
    answers["AdressenFunction"] = gateway.request("GET", "/www/adressen?debinr=100001", bearer)
    order = {"GrundDaten": {"KundNr": "100001"}, "Positionen": [{"ArtNr": "1000", "Menge": 12}]}
    answers["OfferteFunction"] = gateway.request("POST", "/www/offerte", bearer, json.dumps(order).encode())
    answers["AuftragFunction"] = gateway.request("POST", "/www/auftrag", bearer, json.dumps(order).encode())
    auft_nr = answers["AuftragFunction"][1]["data"]["AuftNr"]
    answers["RechnungFunction"] = gateway.request("POST", f"/www/auftrag/{auft_nr}/rechnung", bearer)
    rech_nr = answers["RechnungFunction"][1]["data"]["RechNr"]
    answers["GutschriftFunction"] = gateway.request("POST", f"/www/rechnung/{rech_nr}/gutschrift", bearer)
    answers["EventsFunction"] = gateway.request("GET", "/www/events?limit=10", bearer)
    answers["WebhooksFunction"] = gateway.request("GET", "/www/webhooks", bearer)
    answers["ZahlungenFunction"] = gateway.request("GET", "/www/zahlungen?status=offen", bearer)
    # A test event of a new subscription, delivered as the queue's event source hands it over
    # (.invalid never resolves: the attempt is refused, recorded failed, the message is done).
    hook = {"url": "https://hooks.example.invalid/hook", "events": ["auftrag.created"]}
    status, made = gateway.request("POST", "/www/webhooks", bearer, json.dumps(hook).encode())
    assert status == 201, made
    _, test = gateway.request("POST", f"/www/webhooks/{made['data']['id']}/test", bearer)
    message = {"webhook": made["data"]["id"], "delivery": test["data"]["id"]}
    queued = {"Records": [{"messageId": "first", "body": json.dumps(message)}]}
    answers["DeliveryFunction"] = (200, gateway.runtime.handler("DeliveryFunction")(queued, None))
    # Gone again: its receiver never answers, and on the session's shared stack a subscription left
    # behind would keep retrying the orders later tests write (and change what they compare).
    status, _ = gateway.request("DELETE", f"/www/webhooks/{made['data']['id']}", bearer)
    assert status == 204, status
    # A bank file's event delivered again: the file is gone (a name never uploaded), nothing to do.
    gone = {
        "source": "aws.s3",
        "detail-type": "Object Created",
        "detail": {
            "bucket": {"name": "local-bucket"},
            "object": {"key": "zahlungen/eingang/nie+hochgeladen+%C3%A4.xml", "size": 1},
        },
    }
    answers["ZahlungenEingangFunction"] = (200, gateway.runtime.handler("ZahlungenEingangFunction")(gone, None))
    zugferd = ROOT / "local" / "demo_data" / "zugferd"
    combine = {
        "Operation": "Combine",
        "PDF": base64.b64encode((zugferd / "invoice.pdf").read_bytes()).decode("ascii"),
        "XML": base64.b64encode((zugferd / "invoice-en16931-chf.xml").read_bytes()).decode("ascii"),
    }
    pdf = {**bearer, "Accept": "application/pdf"}
    answers["ZugferdFunction"] = gateway.request("POST", "/www/zugferd", pdf, json.dumps(combine).encode())
    # DELETE /www/log is the operators' (ADR 0005).
    operator = base64.b64encode(b"operator:operator").decode("ascii")
    _, issued = gateway.request("POST", "/www/token", {"Authorization": f"Basic {operator}"})
    answers["LogFunction"] = gateway.request(
        "DELETE", "/www/log", {"Authorization": f"Bearer {issued['access_token']}"}
    )
    # The schedules: the publisher's sweep of whatever is still pending, the webhook dispatcher.
    for logical in gateway.stack.scheduled_functions():
        answers[logical] = (200, gateway.runtime.handler(logical)({}, None))
    return answers


if __name__ == "__main__":
    if sys.argv[1:] == ["compile"]:
        started = time.monotonic()
        lines = compile_build(Stack.read())
        print("\n".join(lines))
        print(f"bytecode: {len(lines)} folders in {time.monotonic() - started:.1f} s")
    elif sys.argv[1:] == ["prune"]:
        print("\n".join(prune_build(Stack.read())))
    elif sys.argv[1:] == ["sizes"]:
        print("\n".join(build_sizes(Stack.read())))
    else:
        raise SystemExit("usage: python -m tools.lambda_path compile|prune|sizes")
