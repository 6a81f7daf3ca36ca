"""Dungeon Roll's data files: the sheet's dice, treasures and heroes, and every problem named by file,
entry and field (sheet, "The dice", "Treasures", "Heroes")."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from companion.cli import main
from companion.games.dungeon_roll import data


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    root = tmp_path / "dungeon-roll"
    shutil.copytree(data.data_dir(), root)
    return root


def edit(root: Path, name: str, entry: str, **fields: object) -> None:
    path = root / name
    items = yaml.safe_load(path.read_text(encoding="utf-8"))
    for item in items:
        if item.get("id") == entry:
            item.update(fields)
    path.write_text(yaml.safe_dump(items, allow_unicode=True), encoding="utf-8")


def test_the_shipped_data_holds_the_sheets_dice_and_treasures() -> None:
    d = data.load()
    assert [f.id for f in d.dice["party"].faces] == ["fighter", "cleric", "mage", "thief", "champion", "scroll"]
    assert [f.id for f in d.dice["dungeon"].faces] == ["goblin", "skeleton", "ooze", "chest", "potion", "dragon"]
    assert len(d.tokens()) == 36 and d.treasures["town-portal"].end == 2
    assert d.heroes["knight"].master.dragon_kinds == 2 and d.heroes["knight"].level_up == 5


def test_a_wrong_type_names_file_entry_and_field(copy: Path) -> None:
    edit(copy, "treasures.yaml", "elixir", count="three")
    assert data.read(copy)[1] == ["treasures.yaml: entry elixir: field count: Expected `int`, got `str`"]


def test_a_data_file_is_read_as_every_outside_file_is(copy: Path) -> None:
    """Issue 14: through the one reader of outside files, so an alias is refused, not expanded."""
    heroes = copy / "heroes.yaml"
    heroes.write_text("- &a {id: x}\n- *a\n", encoding="utf-8")
    assert "heroes.yaml: line 2, column 3: aliases (*name) are not allowed" in data.read(copy)[1]
    heroes.write_text("", encoding="utf-8")
    assert "heroes.yaml: expected a list of entries, found an empty file" in data.read(copy)[1]


def test_a_count_the_sheet_fixes_cannot_be_edited_away(copy: Path) -> None:
    edit(copy, "treasures.yaml", "dragon-scales", count=5)
    assert data.read(copy)[1] == ["treasures.yaml: entry dragon-scales: field count: is 5, the sheet fixes 6"]


def test_a_die_must_have_the_sheets_six_faces(copy: Path) -> None:
    dice = yaml.safe_load((copy / "dice.yaml").read_text(encoding="utf-8"))
    dice[1]["faces"][5]["id"] = "goblin"
    (copy / "dice.yaml").write_text(yaml.safe_dump(dice, allow_unicode=True), encoding="utf-8")
    assert data.read(copy)[1] == ["dice.yaml: entry dungeon: field faces: must be one of each of goblin, skeleton, "
                                  "ooze, chest, potion, dragon"]


def test_a_hero_with_an_unknown_face_or_effect_is_named(copy: Path) -> None:
    heroes = yaml.safe_load((copy / "heroes.yaml").read_text(encoding="utf-8"))
    heroes[0]["novice"]["acts_as"] = {"goblin": ["fighter"]}
    heroes[1]["master"]["ultimate"] = {"effect": "teleport"}
    (copy / "heroes.yaml").write_text(yaml.safe_dump(heroes, allow_unicode=True), encoding="utf-8")
    errors = data.read(copy)[1]
    assert errors == ["heroes.yaml: entry enchantress: field master.ultimate.effect: Invalid enum value 'teleport'"]
    edit(copy, "heroes.yaml", "enchantress", master=yaml.safe_load(
        (data.data_dir() / "heroes.yaml").read_text(encoding="utf-8"))[1]["master"])
    assert data.read(copy)[1] == ["heroes.yaml: entry spellsword: field novice.acts_as.goblin: not one of fighter, "
                                  "cleric, mage, thief, champion, scroll"]


def test_the_data_check_command_reads_dungeon_roll(copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["data", "check", "--game", "dungeon-roll"]) == 0
    edit(copy, "treasures.yaml", "town-portal", end=1)
    assert main(["data", "check", "--game", "dungeon-roll", "--dir", str(copy)]) == 1
    assert "treasures.yaml: entry town-portal: field end: is 1, the sheet fixes 2" in capsys.readouterr().out


def test_every_cited_section_of_the_sheet_has_its_titles() -> None:
    """Every "DR §…" the referee cites is a section of the sheet, titled in English, Arabic and Belarusian."""
    import re

    package = Path(__file__).resolve().parents[3] / "companion" / "games" / "dungeon_roll"
    cited = {m for p in package.glob("*.py") for m in re.findall(r'"(DR §[^"]+)"', p.read_text(encoding="utf-8"))}
    sections = data.load().sections
    assert len(cited) >= 10 and cited - set(sections) == set()
    assert all(s.en and s.ar and s.be for s in sections.values())


def test_the_shipped_heroes_are_the_sheets_twenty_six() -> None:
    """DR §Heroes: every hero of the sheet's list; Hero Pack 2's eight have no master side."""
    heroes = data.load().heroes
    assert len(heroes) == 26
    assert sorted(h for h, spec in heroes.items() if spec.master is None) == [
        "alexandra", "amar-suen", "cassandra", "lord-yllavyre", "marpesia", "szopin", "tou-lak", "tristan"]


def test_the_new_hero_fields_are_checked(copy: Path) -> None:
    """The fields of the heroes added for R-DR-18 to R-DR-27, each refused out of its range, by entry."""
    novice = {h["id"]: h["novice"] for h in yaml.safe_load((copy / "heroes.yaml").read_text(encoding="utf-8"))}
    edit(copy, "heroes.yaml", "guild-leader", novice={**novice["guild-leader"], "party_dice": 9})
    edit(copy, "heroes.yaml", "scout", novice={**novice["scout"], "scout": [3, 3, 3]})
    edit(copy, "heroes.yaml", "tou-lak", novice={**novice["tou-lak"], "track": "dragon"})
    edit(copy, "heroes.yaml", "leprechaun", novice={**novice["leprechaun"], "ultimate": {
        "effect": "transform", "into": "fighter"}})
    edit(copy, "heroes.yaml", "marpesia", novice={**novice["marpesia"], "dragon_at": 0})
    assert data.read(copy)[1] == [
        "heroes.yaml: entry leprechaun: field novice.ultimate.into: not one of goblin, skeleton, ooze, chest, potion, "
        "dragon",
        "heroes.yaml: entry scout: field novice.scout: at least 1 die a level, at most 7 in all",
        "heroes.yaml: entry guild-leader: field novice.party_dice: more than the preset faces, at most 8",
        "heroes.yaml: entry marpesia: field novice.dragon_at: at least 1",
        "heroes.yaml: entry tou-lak: field novice.track: not one of any, goblin, skeleton, ooze"]


def test_a_hero_without_a_gender_or_a_section_without_its_text_is_named(copy: Path) -> None:
    """Issue 22: a hero's grammatical gender is data (the messages about a heroine agree), and every section
    a citation opens carries its text in every language."""
    heroes = yaml.safe_load((copy / "heroes.yaml").read_text(encoding="utf-8"))
    del heroes[1]["gender"]
    (copy / "heroes.yaml").write_text(yaml.safe_dump(heroes, allow_unicode=True), encoding="utf-8")
    assert data.read(copy)[1] == ["heroes.yaml: entry enchantress: Object missing required field `gender`"]
    heroes[1]["gender"] = "feminine"
    (copy / "heroes.yaml").write_text(yaml.safe_dump(heroes, allow_unicode=True), encoding="utf-8")
    sections = yaml.safe_load((copy / "sections.yaml").read_text(encoding="utf-8"))
    sections[4]["text"]["be"] = " "
    (copy / "sections.yaml").write_text(yaml.safe_dump(sections, allow_unicode=True), encoding="utf-8")
    assert data.read(copy)[1] == ["sections.yaml: entry DR §Regroup phase: field text.be: empty"]
