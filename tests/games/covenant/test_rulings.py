"""Every ruling and rulebook section the referee cites exists, so a table can look it up."""

from __future__ import annotations

import re
from pathlib import Path

from companion.games.covenant.data import default

ROOT = Path(__file__).resolve().parents[3]
RULINGS = (ROOT / "docs/rulings.md").read_text(encoding="utf-8")
SOURCES = [*(ROOT / "companion").rglob("*.py"), *(ROOT / "data").rglob("*.yaml")]


def cited(pattern: str) -> set[str]:
    return {m for p in SOURCES for m in re.findall(pattern, p.read_text(encoding="utf-8"))}


def test_every_cited_ruling_is_written_down() -> None:
    defined = set(re.findall(r"^\*\*(R-[A-Z]+-\d+) —", RULINGS, re.M))
    assert cited(r"R-[A-Z]+-\d+") - defined == set()


def test_rulings_have_unique_ids() -> None:
    ids = re.findall(r"^\*\*(R-[A-Z]+-\d+) —", RULINGS, re.M)
    assert len(ids) == len(set(ids)) > 30


def test_every_cited_section_has_its_titles_in_both_languages() -> None:
    sections = default().sections
    assert cited(r'"(§[^"]+)"') - set(sections) == set()
    assert all(s.ar and s.en for s in sections.values())
