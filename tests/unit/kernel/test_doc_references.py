"""Decisions a reader can find (ADR 0001): every cited record exists, every quoted docs section is a
section of its file, the old decision log is cited nowhere, and the index lists every record.

The broken references of the checker's own tests are put together at run time, so that this file does
not hold one itself (the repository-wide test reads tests/ too).
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.support.doc_references import OLD_LOG, OLD_LOG_CITED, SCANNED, Problem, problems, records, scanned_files

ROOT = Path(__file__).resolve().parents[3]
ADR = "ADR"
GUIDE = "docs/" + "guide.md"
MISSING = "docs/" + "missing.md"
RECORDS = "docs/" + "adr"
STATUS = re.compile(r"^- Status: (Accepted|Superseded by (\d{4}))$", re.MULTILINE)
INDEX_ROW = re.compile(r"^\| \[(\d{4})\]\((\d{4}-[a-z0-9-]+\.md)\) \| (.+) \| (.+) \|$", re.MULTILINE)


def test_every_reference_in_the_repository_resolves() -> None:
    found = problems(ROOT)
    assert found == [], "\n".join(str(p) for p in found)


def test_the_check_reads_every_place_a_reference_may_stand() -> None:
    read = {p.relative_to(ROOT).parts[0] for p in scanned_files(ROOT)}
    assert read == set(SCANNED)
    assert ROOT / "layers" / "backoffice" / "backoffice" / "money.py" in scanned_files(ROOT)


def _repository(tmp_path: Path, source: str) -> Path:
    (tmp_path / "docs" / "adr").mkdir(parents=True)
    (tmp_path / "docs" / "adr" / "0001-first.md").write_text("# 0001. First\n", "utf-8")
    (tmp_path / "docs" / "guide.md").write_text(
        "# Guide\n\n## Real section\n\n### `Record` (its keys)\n\n- **Lead in: more words.** Text.\n", "utf-8"
    )
    (tmp_path / "layers").mkdir()
    (tmp_path / "layers" / "mod.py").write_text(source, "utf-8")
    return tmp_path


def test_references_that_resolve_pass_also_when_they_wrap(tmp_path: Path) -> None:
    source = (
        f'"""Why: {ADR} 0001, {GUIDE}, "Real section" and {GUIDE} ("Record", "Lead in").\n'
        f'A wrapped one: {GUIDE}, "Real\n    section" (the record: {ADR}\n    0001)."""\n'
        f"# {RECORDS}/0001-first.md, and {RECORDS}/0001 alone\n"
        f'# {GUIDE}, "Lead in: more\n# words"\n'
    )
    assert problems(_repository(tmp_path, source)) == []


def test_a_broken_reference_of_each_kind_fails_with_its_file_and_line(tmp_path: Path) -> None:
    source = (
        '"""Module."""\n'
        f"# {ADR} 0002 is not written yet\n"
        f'# {GUIDE}, "Real section" and "Unreal section"\n'
        f"# wrapped: ({ADR}\n# 0003)\n"
        f'# docs/{OLD_LOG}, "Foundation"\n'
        f"# {RECORDS}/0001-renamed.md\n"
        f'# {MISSING}, "Anything"\n'
    )
    root = _repository(tmp_path, source)
    assert problems(root) == [
        Problem("layers/mod.py", 2, "ADR 0002 does not exist (docs/adr/ has no record 0002)"),
        Problem("layers/mod.py", 4, "ADR 0003 does not exist (docs/adr/ has no record 0003)"),
        Problem("layers/mod.py", 7, f"{RECORDS}/0001-renamed.md is not the file of ADR 0001: 0001-first.md"),
        Problem("layers/mod.py", 3, 'docs/guide.md has no section "Unreal section"'),
        Problem("layers/mod.py", 6, f'docs/{OLD_LOG[:-3]}.md has no section "Foundation"'),
        Problem("layers/mod.py", 8, f'{MISSING} has no section "Anything"'),
        Problem("layers/mod.py", 6, OLD_LOG_CITED),
    ]


def test_the_old_log_is_cited_nowhere_but_may_remain_as_a_pointer(tmp_path: Path) -> None:
    root = _repository(tmp_path, f"# see docs/{OLD_LOG}\n")
    (root / "docs" / OLD_LOG).write_text("# Decisions\n\nSee docs/adr/README.md.\n", "utf-8")
    assert [p.what for p in problems(root)] == [OLD_LOG_CITED]
    assert problems(root, [root / "docs" / OLD_LOG]) == []


def test_a_file_outside_the_scanned_places_is_not_read(tmp_path: Path) -> None:
    root = _repository(tmp_path, "")
    (root / "clients").mkdir()
    (root / "clients" / "generated.py").write_text(f"# {ADR} 0999\n", "utf-8")
    assert problems(root) == []


def test_every_record_has_its_number_a_status_and_its_line_in_the_index() -> None:
    known = records(ROOT)
    index = (ROOT / "docs" / "adr" / "README.md").read_text("utf-8")
    rows = {number: (name, title, status) for number, name, title, status in INDEX_ROW.findall(index)}
    assert sorted(rows) == sorted(known)
    for number, name in known.items():
        text = (ROOT / "docs" / "adr" / name).read_text("utf-8")
        title = text.splitlines()[0]
        status = STATUS.search(text)
        assert title.startswith(f"# {number}. "), name
        assert status is not None, f"{name}: no `- Status: Accepted` or `- Status: Superseded by NNNN` line"
        assert status.group(2) in (None, *known), f"{name} is superseded by a record that does not exist"
        assert rows[number] == (name, title.removeprefix(f"# {number}. "), status.group(1)), name
        for heading in ("## Context", "## Decision", "## Consequences"):
            assert f"\n{heading}\n" in text, f"{name} has no {heading}"
