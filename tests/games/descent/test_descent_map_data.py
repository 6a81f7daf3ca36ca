"""Maps and dice as data: the sample maps and dice load; a malformed file is reported with its file, entry
and field, never a crash; a table corrects a die face in data, without code."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from descent_game import drawn, game, play, throw

from companion.core import gamedata
from companion.core.flow import Act
from companion.core.rules import Session, SetupError
from companion.games.descent import data
from companion.games.descent.engine import DescentRules

ROOT = gamedata.REPO_DATA / "descent"


def copy(tmp_path: Path) -> Path:
    shutil.copytree(ROOT, tmp_path / "descent")
    return tmp_path / "descent"


def test_the_shipped_data_is_sound_and_every_map_exercises_its_rule() -> None:
    d, errors = data.read(ROOT)
    assert errors == []
    assert d is not None
    assert set(d.maps) == {"corner", "stairs", "boulder-run", "swarm-room"}
    corner, stairs, run = d.maps["corner"], d.maps["stairs"], d.maps["boulder-run"]
    assert any("r" in row for row in corner.floor) and any(not door.open for door in corner.doors)
    assert any("s" in row for row in stairs.floor)
    assert len(run.boulders) == 3 and any("o" in row for row in run.floor)


def test_every_die_has_its_provenance_and_only_red_blue_white_miss() -> None:
    """Rules reference: a miss (X) on red, blue or white fails the whole attack; power dice have none."""
    d = data.default()
    assert {die: any(v.miss for v in d.values[die].faces.values()) for die in d.values} == {
        "red": True, "blue": True, "white": True, "green": False, "yellow": False, "black": False}
    assert all(v.provenance for v in d.values.values())


@pytest.mark.parametrize(("edit", "expected"), [
    (("maps/corner.yaml", "side: s}", "side: q}"), "maps/corner.yaml: entry walls #1: field side"),
    (("maps/corner.yaml", "at: [4, 0], en: Shadow", "at: [40, 0], en: Shadow"),
     "maps/corner.yaml: entry figures dragon: field at: square [40, 0] is off the map or rock"),
    (("maps/corner.yaml", "dice: [red, green]", "dice: [red, purple]"),
     "maps/corner.yaml: entry figures dragon: field dice: unknown die colour 'purple'"),
    (("maps/corner.yaml", '"...r....."', '"...r..x.."'),
     "maps/corner.yaml: field floor[4]: Expected `str` matching regex '^[.#ros]*$'"),
    (("maps/stairs.yaml", "floor:", "floor: [[[\n"), "maps/stairs.yaml: line 9, column 3: not valid YAML"),
    # Issue 14: a data file goes through the one reader of outside files, so an alias is refused, not expanded.
    (("maps/stairs.yaml", "floor:", "x: &a [1]\ny: *a\nfloor:"),
     "maps/stairs.yaml: line 8, column 4: aliases (*name) are not allowed"),
    (("attack-dice.yaml", "r1-d3-s1: {range: 1, damage: 3, surges: 1}", "r1-d3-s1: {range: 1, damage: 2, surges: 1}"),
     "attack-dice.yaml: entry red: field faces.r1-d3-s1: the id reads range-damage-surges 1-3-1"),
    (("attack-dice.yaml", "    blank: {}\n", ""), "attack-dice.yaml: entry black: field faces.blank"),
    (("attack-dice.yaml", "in_set: 5", "in_set: 0"),
     "attack-dice.yaml: entry black: field in_set: Expected `int` >= 1"),
    (("attack-dice.yaml", "  in_set: 5\n", ""),
     "attack-dice.yaml: entry black: Object missing required field `in_set`"),
])
def test_a_malformed_file_names_file_entry_and_field(tmp_path: Path, edit: tuple[str, str, str],
                                                     expected: str) -> None:
    root = copy(tmp_path)
    name, old, new = edit
    path = root / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    d, errors = data.read(root)
    assert d is None
    assert any(e.startswith(expected) for e in errors), errors


def test_a_table_corrects_a_face_in_data_and_the_attack_counts_it(tmp_path: Path) -> None:
    root = copy(tmp_path)
    values = root / "attack-dice.yaml"
    values.write_text(values.read_text(encoding="utf-8").replace("enhance: {damage: 1}", "enhance: {damage: 2}"),
                      encoding="utf-8")
    rules = DescentRules(data.load(root))
    s = Session(rules, {"map": "swarm-room", "figures": [
        {"id": "beast1", "kind": "monster", "at": [2, 2], "wounds": 3, "dice": ["red", "black"]}]})
    texts = play(s, Act(actor="beast1", action="attack", target="red-jade"), throw("red=r1-d3-s0", "black=enhance"))
    assert "Red Scorpion: damage 3 + 2 = 5 − armour 1 = 4 wounds." in texts


def test_a_map_in_a_setup_is_checked_like_a_file() -> None:
    with pytest.raises(SetupError, match=r"setup map: entry figures a: field at: square \[5, 0\] is off the map"):
        game(drawn(["...."], [{"id": "a", "kind": "hero", "at": [5, 0]}]))
    with pytest.raises(SetupError, match="field map: no map 'nowhere'"):
        game("nowhere")
    with pytest.raises(SetupError, match="square \\[1, 0\\] already holds a"):
        game(drawn(["...."], [{"id": "a", "kind": "hero", "at": [0, 0], "size": [2, 1]},
                               {"id": "b", "kind": "monster", "at": [1, 0]}]))
