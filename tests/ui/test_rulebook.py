"""The rule texts behind rule citations."""

from __future__ import annotations

from pathlib import Path

from companion.ui.rulebook import load_rulings


def test_the_rulings_of_the_repository_are_found_by_id() -> None:
    rulings = load_rulings()
    assert len(rulings) >= 30
    setup = rulings["R-SETUP-1"]["en"]
    assert setup.startswith("Player count. The rulebook rules 3 and 4 players.")
    assert "*" not in setup and "\n" not in setup


def test_a_missing_file_gives_no_rulings(tmp_path: Path) -> None:
    assert load_rulings(tmp_path / "none.md") == {}
    page = tmp_path / "r.md"
    page.write_text("# Rulings\n\n**R-X-1 — Odd.** Body *text*\nmore.\n\nplain paragraph\n", encoding="utf-8")
    assert load_rulings(page) == {"R-X-1": {"en": "Odd. Body text more."}}
