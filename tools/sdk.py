"""clients/python and clients/typescript: the API's clients, generated from docs/openapi.json.

`python -m tools.sdk` (`make sdk`) writes them; `--check` generates them again into a temporary
folder and fails when the committed ones differ (tests/unit/http/test_clients_generated.py) or
when a generator warns. docs/openapi.md says how an integrator installs and uses them.

- Python: openapi-python-client, pinned in requirements-dev.txt, with clients/openapi-python-client.yml.
- TypeScript: openapi-typescript writes src/schema.ts (types only), tsc compiles it and the
  hand-written src/index.ts (openapi-fetch over those types) into dist/, JavaScript and .d.ts, so
  that `npm install ./clients/typescript` works under node and tsc without a build step. The Node
  tools are the repository's package.json (node_modules/, installed by make).
"""

from __future__ import annotations

import argparse
import filecmp
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCUMENT = ROOT / "docs" / "openapi.json"
CLIENTS = ROOT / "clients"
PYTHON_CONFIG = CLIENTS / "openapi-python-client.yml"
NODE_BIN = ROOT / "node_modules" / ".bin"
# What `make sdk` writes of the TypeScript package; the rest of clients/typescript is written by hand.
TS_GENERATED = ("src/schema.ts", "dist", "node_modules")
# The package's run-time dependency and its own, bundled (package.json, bundleDependencies) as the
# lock file pins them: `npm install ./clients/typescript` links the folder and installs nothing of
# what it needs, so what it needs is in the folder (ADR 0051).
BUNDLED = ("openapi-fetch", "openapi-typescript-helpers")
BUNDLED_LEFT_OUT = ("*.map", "CHANGELOG.md", "CONTRIBUTING.md", "src")
# Left by `pip install -e` or Python itself, never part of the generated code.
IGNORED = {"__pycache__", "build"}


class GeneratorError(Exception):
    """A generator failed or warned: the clients would miss what it warned about."""


def _run(command: list[str], cwd: Path) -> str:
    """Run a generator; its output, which must hold no warning."""
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, check=False)  # noqa: S603
    output = done.stdout + done.stderr
    if done.returncode != 0 or "warn" in output.lower() or "⚠" in output:
        raise GeneratorError(f"{' '.join(command[:2])} failed or warned (exit {done.returncode}):\n{output}")
    return output


def generate_python(out: Path) -> None:
    _run(
        [
            str(Path(sys.executable).parent / "openapi-python-client"),
            "generate",
            "--path",
            str(DOCUMENT),
            "--meta",
            "setup",
            "--config",
            str(PYTHON_CONFIG),
            "--output-path",
            str(out),
            "--overwrite",
            "--fail-on-warning",
        ],
        ROOT,
    )


def generate_typescript(out: Path) -> None:
    """Into `out`, a copy of clients/typescript's hand-written files: the types, the bundled
    dependencies, then dist/."""
    for name in TS_GENERATED:
        target = out / name
        if target.is_dir():
            shutil.rmtree(target)
        elif target.exists():
            target.unlink()
    # --default-non-nullable false: a member with a default stays optional in a request body (the API
    # fills it in); --enum --conditional-enums: a TS enum only where the document names the values
    # (x-enum-varnames: AdrAnrede), string literal unions elsewhere.
    options = ["--default-non-nullable", "false", "--enum", "--conditional-enums"]
    _run(
        [str(NODE_BIN / "openapi-typescript"), str(DOCUMENT), *options, "--output", str(out / "src" / "schema.ts")],
        ROOT,
    )
    for name in BUNDLED:
        shutil.copytree(
            ROOT / "node_modules" / name, out / "node_modules" / name, ignore=shutil.ignore_patterns(*BUNDLED_LEFT_OUT)
        )
    # tsc resolves openapi-fetch from the bundled copy, as an integrator's tsc will.
    _run([str(NODE_BIN / "tsc"), "--project", str(out / "tsconfig.json")], ROOT)


def generate(clients: Path) -> None:
    generate_python(clients / "python")
    generate_typescript(clients / "typescript")


def differences(left: Path, right: Path) -> list[str]:
    """The files that differ between two trees, or are in only one of them."""
    found: list[str] = []
    compared = filecmp.dircmp(left, right, ignore=[*IGNORED])
    stack = [(compared, Path())]
    while stack:
        node, rel = stack.pop()
        found += [str(rel / name) for name in node.left_only + node.right_only + node.diff_files + node.funny_files]
        found += [
            str(rel / name)
            for name in node.same_files
            if (left / rel / name).read_bytes() != (right / rel / name).read_bytes()
        ]
        stack += [(sub, rel / name) for name, sub in node.subdirs.items() if not name.endswith(".egg-info")]
    return sorted(f for f in found if not f.endswith(".egg-info"))


def check() -> list[str]:
    """What is stale in clients/: generated again into a temporary copy and compared."""
    with tempfile.TemporaryDirectory(prefix="sdk-check-") as tmp:
        fresh = Path(tmp)
        shutil.copytree(CLIENTS / "typescript", fresh / "typescript", ignore=shutil.ignore_patterns(*TS_GENERATED))
        generate(fresh)
        return [f"python/{f}" for f in differences(CLIENTS / "python", fresh / "python")] + [
            f"typescript/{f}" for f in differences(CLIENTS / "typescript", fresh / "typescript")
        ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.sdk", description=__doc__)
    parser.add_argument("--check", action="store_true", help="fail when clients/ is not what docs/openapi.json gives")
    args = parser.parse_args(argv)
    try:
        if args.check:
            stale = check()
            if stale:
                print("clients/ is stale: run `make sdk`\n  " + "\n  ".join(stale), file=sys.stderr)
                return 1
            print("clients/ is up to date")
            return 0
        generate(CLIENTS)
    except GeneratorError as err:
        print(err, file=sys.stderr)
        return 1
    print("wrote clients/python and clients/typescript")
    return 0


if __name__ == "__main__":
    sys.exit(main())
