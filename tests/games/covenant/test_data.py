"""The game data files: schema, the rulebook's facts, clear errors, and edits that take effect (GAPS.md)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from companion.games.covenant import data
from companion.games.covenant.engine import CovenantRules


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    root = tmp_path / "covenant"
    shutil.copytree(data.data_dir(), root)
    return root


def edit(root: Path, name: str, entry: str, **fields: object) -> None:
    path = root / name
    items = yaml.safe_load(path.read_text(encoding="utf-8"))
    for item in items:
        if item.get("id") == entry:
            item.update(fields)
    path.write_text(yaml.safe_dump(items, allow_unicode=True), encoding="utf-8")


def test_the_shipped_data_is_valid() -> None:
    assert data.check_all() == []


def test_every_entry_carries_its_provenance() -> None:
    game = data.load()
    assert game.monsters["goblin"].provenance == "derived"
    assert game.heroes["knight"].provenance == "rulebook"
    assert "heroes:sorceress" in game.provisional() and "heroes:knight" not in game.provisional()


def test_a_wrong_type_names_file_entry_and_field(copy: Path) -> None:
    edit(copy, "monsters.yaml", "wraith", damage="lots")
    assert data.check_all(copy) == ["monsters.yaml: entry wraith: field damage: Expected `int`, got `str`"]


def test_a_value_the_rulebook_fixes_cannot_be_edited_away(copy: Path) -> None:
    """GAPS.md: the Goblin is strength 7 with 5 HP."""
    edit(copy, "monsters.yaml", "goblin", hp=6)
    assert data.check_all(copy) == ["monsters.yaml: entry goblin: field hp: is 6, the rulebook fixes 5"]


def test_broken_yaml_and_dangling_references_are_reported(copy: Path) -> None:
    (copy / "traps.yaml").write_text("- {id: spikes, faces: [1, 2\n", encoding="utf-8")
    edit(copy, "monsters.yaml", "cultist", abilities=["levitation"])
    assert any(e.startswith("traps.yaml: line ") and "not valid YAML" in e for e in data.check_all(copy))
    (copy / "traps.yaml").write_text(yaml.safe_dump(yaml.safe_load((data.data_dir() / "traps.yaml").read_text())),
                                     encoding="utf-8")
    assert data.check_all(copy) == ["monsters.yaml: entry cultist: field abilities: unknown ability 'levitation'"]


def test_a_footprint_renamed_on_the_escape_route_is_reported_not_raised(copy: Path) -> None:
    """Found by the map fuzzer: a footprint renamed (e8 → d8) left its neighbours linking to no space, and the
    escape-route check raised KeyError instead of the link check's report."""
    board = copy / "boards" / "throne.yaml"
    board.write_text(board.read_text(encoding="utf-8").replace("- id: e8\n", "- id: d8\n"), encoding="utf-8")
    errors = data.check_all(copy)
    assert errors and all(e.startswith("boards/throne.yaml") for e in errors), errors
    assert any("e8" in e for e in errors), errors


def test_an_edited_provisional_value_takes_effect_without_code(copy: Path) -> None:
    """A table owner corrects a provisional value; the next game uses it."""
    edit(copy, "heroes.yaml", "sorceress", hp=12)
    rules = CovenantRules(data.load(copy))
    assert rules.new_game({"heroes": ["sorceress"]}).heroes["sorceress"].hp == 12


def test_the_boards_follow_the_rulebooks_layout() -> None:
    """§The boards: 6 rooms, one marked circle (top right on zones 1–2, top of the left column on zone 3),
    the entrance on the left (zones 1–2) or bottom middle (zone 3), 9 footprints to the arch."""
    game = data.load()
    for zone, board in game.boards.items():
        spaces = {s.id: s for s in board.spaces}
        marked = next(s for s in board.spaces if s.kind == "marked")
        steps = [s for s in board.spaces if s.kind == "step"]
        top = min(s.y for s in steps)
        if zone in (1, 2):
            assert marked.y == top and marked.x > max(s.x for s in steps if s.y == top)
            assert board.entrance.x < min(s.x for s in board.spaces)
        else:
            left = min(s.x for s in steps)
            assert marked.y <= top and abs(marked.x - left) <= 0.5
            assert board.entrance.y > max(s.y for s in board.spaces)
        assert sum(s.kind == "room" for s in spaces.values()) == 6
        assert board.entrance.start in spaces
    assert sum(s.kind == "footprint" for s in game.boards[3].spaces) == 9


def test_data_check_command_exits_nonzero_with_the_errors(copy: Path) -> None:
    edit(copy, "heroes.yaml", "knight", movement=5)
    result = subprocess.run([sys.executable, "-m", "companion", "data", "check", "--dir", str(copy)],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 1
    assert "heroes.yaml: entry knight: field movement: is 5, the rulebook fixes 4" in result.stdout
