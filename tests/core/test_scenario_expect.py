"""Scenario expectations that fail when they should (issue 14, finding 11; docs/scenarios.md "Expectations").

Each case plays the rulebook's combat example (§Combat: 7 + 4 + 1 = 12 against the Troll's strength 9
deals 5) with one expectation changed, and checks the exact failure, or that a true one passes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import pytest
import yaml

from companion.core import scenario

EXAMPLE = Path(__file__).parents[1] / "games" / "covenant" / "scenarios" / "combat-example.yaml"
REFUSED = {"type": "act", "actor": "knight", "action": "move", "target": "nowhere"}


def failures(expect: dict[str, Any], extra_inputs: tuple[dict[str, Any], ...] = ()) -> list[str]:
    raw = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    raw["inputs"] += list(extra_inputs)
    raw["expect"] = expect
    return scenario.play(msgspec.convert(raw, scenario.Scenario)).failures


def test_an_empty_rejection_list_means_none_were_refused() -> None:
    assert failures({"rejections": []}, (REFUSED,)) == ["rejections ['unknown-space'], expected []"]
    assert failures({"rejections": []}) == []


def test_rejections_left_out_are_not_checked() -> None:
    assert failures({}, (REFUSED,)) == []


def test_a_missing_path_fails_instead_of_reading_as_null() -> None:
    assert failures({"state": {"monsters.0.damgae": None, "monsters.3.damage": None, "attack": None}}) == [
        "state monsters.0.damgae: no such value in the state",
        "state monsters.3.damage: no such value in the state",
    ]


def test_a_boolean_is_not_a_number() -> None:
    assert failures({"state": {"monsters.0.elite": 0}}) == ["state monsters.0.elite is False, expected 0"]


def test_absent_lines_must_not_appear() -> None:
    assert failures({"absent": ["miss", "Troll has 6 HP left."]}) == [
        "transcript has 'Troll has 6 HP left.', which must be absent"]


@pytest.mark.parametrize(("check", "failure"), [
    ({"path": "monsters", "len": 1}, None),
    ({"path": "monsters", "len": 2}, "state monsters has length 1, expected 2"),
    ({"path": "actions", "len": 3}, "state actions is 3, which has no length"),
    ({"path": "heroes.knight.potions", "contains": "health"}, None),
    ({"path": "heroes.knight.potions", "contains": "strength"},
     "state heroes.knight.potions is ['health'], which lacks 'strength'"),
    ({"path": "heroes.knight.potions", "lacks": "health"},
     "state heroes.knight.potions is ['health'], which contains 'health'"),
    ({"path": "heroes", "contains": "knight"}, None),
    ({"path": "monsters.0.damage", "min": 5, "max": 5}, None),
    ({"path": "monsters.0.damage", "min": 6}, "state monsters.0.damage is 5, expected at least 6"),
    ({"path": "monsters.0.damage", "max": 4}, "state monsters.0.damage is 5, expected at most 4"),
    ({"path": "monsters.0.kind", "min": 1}, "state monsters.0.kind is 'troll', expected at least 1"),
    ({"path": "monsters.0.kind", "not": "troll"}, "state monsters.0.kind is 'troll', expected anything else"),
    ({"path": "monsters.0.kind", "not": "goblin"}, None),
    ({"path": "monster.0.kind", "not": "goblin"}, "state monster.0.kind: no such value in the state"),
])
def test_length_contains_and_comparison_checks(check: dict[str, Any], failure: str | None) -> None:
    assert failures({"checks": [check]}) == ([failure] if failure else [])


def test_checkpoints_see_the_game_after_input_n() -> None:
    after = [{"input": 1, "state": {"actions": 3, "monsters.0.damage": 0}, "checks": [{"path": "pending", "len": 2}],
              "transcript": ["chance to hit 70%"], "absent": ["5 damage"]},
             {"input": 0, "state": {"actions": 4}}]
    assert failures({"after": after}) == []
    after[0]["state"] = {"monsters.0.damage": 5}
    after[0]["absent"] = ["attacks Troll"]
    assert failures({"after": after}) == ["after input 1: transcript has 'attacks Troll', which must be absent",
                                          "after input 1: state monsters.0.damage is 0, expected 5"]


def test_a_checkpoint_past_the_last_input_is_a_failure() -> None:
    assert failures({"after": [{"input": 4, "state": {"actions": 3}}]}) == [
        "after input 4: the scenario has 3 inputs"]


def test_a_failure_never_formats_an_unbounded_value() -> None:
    huge = [["lol"] * 1000] * 1000
    found = failures({"state": {"monsters": huge}, "checks": [{"path": "monsters", "contains": huge}]})
    assert len(found) == 2 and all(len(f) < 400 for f in found)
    assert found[0].startswith("state monsters is [{'damage': 5,") and "characters)" in found[0]


DELVE = Path(__file__).parents[1] / "games" / "dungeon_roll" / "scenarios" / "delve-retire.yaml"
DESCENT = Path(__file__).parents[1] / "games" / "descent" / "scenarios" / "boulders.yaml"


def played(path: Path, expect: dict[str, Any]) -> list[str]:
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    raw["expect"] = expect
    return scenario.play(msgspec.convert(raw, scenario.Scenario)).failures


def test_a_square_is_plain_data_equal_to_a_list_and_indexable_by_path() -> None:
    """Issue 23, finding 4: a Descent position (a tuple in the engine) compares with the file's list and is
    read by index; a wrong one still fails."""
    assert played(DESCENT, {"state": {"figures.0.at": [1, 1], "figures.0.at.0": 1, "figures.0.size": [1, 1]},
                            "checks": [{"path": "map.pits", "contains": [3, 1]}]}) == []
    assert played(DESCENT, {"state": {"figures.0.at": [1, 2], "figures.0.at.2": 1}}) == [
        "state figures.0.at is [1, 1], expected [1, 2]", "state figures.0.at.2: no such value in the state"]


@pytest.mark.parametrize(("check", "failure"), [
    ({"path": "dice", "count": 3, "where": {"place": "graveyard"}}, None),
    ({"path": "dice", "count": 2, "where": {"kind": "party", "place": "party", "face": "fighter"}}, None),
    ({"path": "dice", "count": 2, "where": {"place": "graveyard"}},
     "state dice has 3 items with {'place': 'graveyard'}, expected 2"),
    ({"path": "dice", "count": 14}, None),
    ({"path": "dice", "count": 7, "where": {"kind": "party", "nothing.here": None}},
     "state dice has 0 items with {'kind': 'party', 'nothing.here': None}, expected 7"),
    ({"path": "players.0.treasures", "count": 1, "of": "vorpal-sword-1"}, None),
    ({"path": "players.0.treasures", "count": 0, "of": "vorpal-sword-1"},
     "state players.0.treasures has 1 items equal to 'vorpal-sword-1', expected 0"),
    ({"path": "level", "count": 1}, "state level is 3, which has no items to count"),
    ({"path": "dice", "where": {"place": "lair"}},
     "state dice: `of` and `where` say what `count` counts, and no count is given"),
])
def test_count_checks_how_many_items_of_a_list_or_mapping_match(check: dict[str, Any], failure: str | None) -> None:
    """Issue 23, finding 4: "how many dice in the graveyard", "how many fighters in the party" (sheet, "Party
    dice"), at the checkpoint after the cleric's fight."""
    assert played(DELVE, {"after": [{"input": 12, "checks": [check]}]}) == (
        [f"after input 12: {failure}"] if failure else [])
