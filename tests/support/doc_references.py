"""References that must resolve: decision records by number, docs sections by their quoted title.

A citation written as `ADR 0012` (or a path `docs/adr/0012...`) must name a record in docs/adr/; a
section cited by title after its file (`docs/operations.md, "Deploying"`) must be a heading of that
file; and the decision log that docs/adr/ replaced is cited nowhere any more (ADR 0001). A reference
may wrap onto the next line of a comment or a docstring: the gap between its words may hold a line
break, indentation and a comment marker.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

# What the check reads, from the repository's root: the brief of issue 36 names these.
SCANNED = ("layers", "functions", "local", "tools", "bench", "tests", "docs", "README.md", "template.yaml", "Makefile")
SCANNED_SUFFIXES = frozenset({".py", ".md", ".yaml", ".yml", ".toml", ".txt", ".cfg", ".sh"})
SKIPPED_DIRS = frozenset({"__pycache__", "node_modules", ".venv", ".git", ".pytest_cache"})

# Spaces, or a line break with the next line's indentation and comment marker.
_GAP = r"(?:[ \t]*\n[ \t]*(?:(?:#|//|\*)[ \t]*)?|[ \t]+)"
_ADR = re.compile(rf"\bADR{_GAP}(\d{{4}})\b|\bdocs/adr/(\d{{4}})(-[a-z0-9-]+\.md)?")
# A title: up to 200 characters, wrapping like a reference (no alternative overlaps another).
_TITLE = r'"((?:[^"\n]|\n[ \t]*(?:(?:#|//|\*)[ \t]*)?){1,200}?)"'
_SECTION = re.compile(
    rf"\bdocs/([a-z0-9_-]+)\.md(?:,|:)?{_GAP}?(?:\({_GAP}?)?(?:sections?{_GAP})?{_TITLE}"
    rf"((?:{_GAP}?(?:,|and){_GAP}?{_TITLE})*)"
)
_MORE_TITLES = re.compile(_TITLE)
# The old log's name, written so that this module does not cite it.
OLD_LOG = "decisions" + ".md"
_OLD_LOG = re.compile(r"\b" + re.escape(OLD_LOG))
OLD_LOG_CITED = "cites the old decision log: cite the record instead (ADR NNNN, docs/adr/README.md)"
_HEADING = re.compile(r"^#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$", re.MULTILINE)
# A paragraph or a list item led by a bold title, the docs' other kind of section:
# "**Upgrading: after deploying ...**", "- **One request at a time, no number lost.** The item ...".
_LEAD_IN = re.compile(r"^[ \t]*(?:[-*][ \t]+)?\*\*(.+?)\*\*", re.MULTILINE)


@dataclass(frozen=True)
class Problem:
    path: str
    line: int
    what: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.what}"


def scanned_files(root: Path) -> list[Path]:
    found: list[Path] = []
    for name in SCANNED:
        top = root / name
        if top.is_file():
            found.append(top)
        elif top.is_dir():
            found.extend(p for p in top.rglob("*") if _scanned(p, root))
    return sorted(found)


def _scanned(path: Path, root: Path) -> bool:
    parts = path.relative_to(root).parts
    return path.is_file() and path.suffix in SCANNED_SUFFIXES and not SKIPPED_DIRS.intersection(parts)


def records(root: Path) -> dict[str, str]:
    """The decision records by number: `{"0012": "0012-short-title.md"}`."""
    folder = root / "docs" / "adr"
    return {p.name[:4]: p.name for p in folder.glob("[0-9][0-9][0-9][0-9]-*.md")} if folder.is_dir() else {}


def section_titles(doc: Path) -> set[str]:
    """The titles a reference may quote: each heading (also without its backticks and without a
    trailing parenthesis) and each bold lead-in (also only up to its first colon or full stop)."""
    if not doc.is_file():
        return set()
    text = doc.read_text("utf-8")
    titles: set[str] = set()
    for heading in _HEADING.findall(text):
        bare = heading.replace("`", "")
        titles.update({heading, bare, re.sub(r"\s*\(.*\)$", "", bare)})
    for lead in _LEAD_IN.findall(text):
        titles.update({lead, lead.rstrip(".:"), re.split(r"[.:](?:\s|$)", lead)[0]})
    return {_words(t) for t in titles}


def _words(text: str) -> str:
    return " ".join(re.sub(_GAP, " ", text).split())


def problems(root: Path, files: Iterable[Path] | None = None) -> list[Problem]:
    """Every reference in `files` (default: `scanned_files(root)`) that does not resolve."""
    known = records(root)
    titles: dict[str, set[str]] = {}
    found: list[Problem] = []
    for path in scanned_files(root) if files is None else files:
        text = path.read_text("utf-8", errors="replace")
        where = path.relative_to(root).as_posix()
        for offset, what in _file_problems(root, where, text, known, titles):
            found.append(Problem(where, text.count("\n", 0, offset) + 1, what))
    return found


def _file_problems(
    root: Path, where: str, text: str, known: dict[str, str], titles: dict[str, set[str]]
) -> Iterator[tuple[int, str]]:
    for match in _ADR.finditer(text):
        number = match.group(1) or match.group(2)
        if number not in known:
            yield match.start(), f"ADR {number} does not exist (docs/adr/ has no record {number})"
        elif match.group(3) and known[number] != number + match.group(3):
            yield match.start(), f"docs/adr/{number}{match.group(3)} is not the file of ADR {number}: {known[number]}"
    for match in _SECTION.finditer(text):
        doc = match.group(1)
        if doc not in titles:
            titles[doc] = section_titles(root / "docs" / f"{doc}.md")
        cited = [match.group(2), *_MORE_TITLES.findall(match.group(3) or "")]
        for title in (_words(t) for t in cited):
            if title not in titles[doc]:
                yield match.start(), f'docs/{doc}.md has no section "{title}"'
    if not where.startswith("docs/adr/") and where != f"docs/{OLD_LOG}":
        for match in _OLD_LOG.finditer(text):
            yield match.start(), OLD_LOG_CITED
