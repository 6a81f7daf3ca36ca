"""A crafted `setup.position` is refused before the engine sees it (issue 14, finding 4), by replay, by
import and by the store's API, with a message naming the field; and random positions, half of them
wrong, never reach the engine as something it raises on (`FUZZ_EXAMPLES` of them; `make fuzz`)."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import cli
from companion.core import scenario
from companion.core.rules import Session, SetupError, find
from companion.store import Problem, Store, export
from companion.store.drive import step

RULES = find("covenant")
CRAFTED: dict[str, tuple[dict[str, Any], str]] = {
    "weapon": ({"heroes": {"knight": {"weapon": "nosuch"}}}, "heroes.knight.weapon: no equipment named 'nosuch'"),
    "slot": ({"heroes": {"knight": {"weapon": "leather_armour"}}},
             "heroes.knight.weapon: 'leather_armour' goes in the armour slot"),
    "monster kind": ({"monsters": [{"uid": "m1", "kind": "dragon", "space": "m2"}], "next_uid": 2},
                     "monsters.0.kind: no monster kind named 'dragon'"),
    "space": ({"heroes": {"knight": {"space": "z9"}}}, "heroes.knight.space: no space on board 1 named 'z9'"),
    "order": ({"order": ["knight", "rogue"]}, "order: must name each hero of the game once: ['knight']"),
    "zone": ({"board": {"zone": 7}}, "board.zone: no zone named 7"),
    "potion": ({"heroes": {"knight": {"potions": ["nosuch"]}}}, "heroes.knight.potions.0: no potion named 'nosuch'"),
    "unknown key": ({"heroes": {"knight": {"spaec": "m1"}}}, "heroes.knight.spaec: no such field"),
    "unknown top key": ({"herous": {}}, "herous: no such field"),
    "negative": ({"heroes": {"knight": {"gold": -3}}}, "heroes.knight.gold: -3 is not in 0"),
    "turn": ({"turn": 1}, "turn: 1 is not in 0 to 0"),
    "guardian phase": ({"guardian": {"phase": 5}}, "guardian.phase: 5 is not in 0 to 1"),
    "deck card": ({"decks": {"loot": {"draw_pile": ["gold-9", "nosuch"]}}},
                  "decks.loot.draw_pile.0: no card of loot named 'gold-9'"),
    "step": ({"pending": [{"step": "draw", "deck": "loot", "purpose": "loot", "who": "ghost"}]},
             "pending.0.who: no hero named 'ghost'"),
}


def setup(position: dict[str, Any]) -> dict[str, Any]:
    return {"heroes": ["knight"], "seed": 1, "position": position}


@pytest.mark.parametrize("case", CRAFTED, ids=list(CRAFTED))
def test_a_crafted_position_is_refused_naming_its_field(case: str) -> None:
    position, problem = CRAFTED[case]
    with pytest.raises(SetupError) as caught:
        RULES.new_game(setup(position))
    assert str(caught.value).startswith(f"setup: position: {problem}")


def test_a_position_the_data_allows_is_laid() -> None:
    state = RULES.new_game(setup({"heroes": {"knight": {"space": "m4", "weapon": "war_axe", "potions": ["health"]}},
                                  "monsters": [{"uid": "m1", "kind": "troll", "space": "m2"}], "next_uid": 2}))
    assert (state.heroes["knight"].weapon, state.monsters[0].kind) == ("war_axe", "troll")


def test_the_first_three_problems_are_shown_then_a_count() -> None:
    with pytest.raises(SetupError) as caught:
        RULES.new_game(setup({"heroes": {"knight": {"potions": ["a", "b", "c", "d", "e"]}}}))
    assert str(caught.value).endswith("heroes.knight.potions.2: no potion named 'c'; and 2 more")


def _file(tmp_path: Path, position: dict[str, Any]) -> Path:
    path = tmp_path / "crafted.yaml"
    inputs = [{"type": "act", "actor": "knight", "action": "drink", "target": "nosuch"}]
    path.write_text(yaml.safe_dump({"game": "covenant", "setup": setup(position), "inputs": inputs}), encoding="utf-8")
    return path


def test_replay_refuses_it_in_one_line_with_status_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _file(tmp_path, CRAFTED["potion"][0])
    assert cli.main(["replay", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == f"cannot play {path}: setup: position: {CRAFTED['potion'][1]}\n"


def test_import_refuses_it_and_stores_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, store = _file(tmp_path, CRAFTED["potion"][0]), str(tmp_path / "s.db")
    assert cli.main(["sessions", "--store", store, "import", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and CRAFTED["potion"][1] in err
    with Store(store) as opened:
        assert opened.sessions() == []


def test_the_store_api_refuses_it_so_a_shared_session_cannot_reach_the_table(tmp_path: Path) -> None:
    with Store(tmp_path / "s.db") as store:
        refused = export.import_inputs(store, "covenant", setup(CRAFTED["potion"][0]), [])
        assert isinstance(refused, Problem) and CRAFTED["potion"][1] in refused.msg.text("en")
        with pytest.raises(SetupError, match="no potion named 'nosuch'"):
            store.start("covenant", setup(CRAFTED["potion"][0]))
        assert store.sessions() == []


def test_scenario_play_says_which_part_is_wrong() -> None:
    crafted = scenario.Scenario(game="covenant", setup=setup(CRAFTED["space"][0]))
    with pytest.raises(scenario.ScenarioError, match=r"heroes\.knight\.space: no space on board 1 named 'z9'"):
        scenario.play(crafted)


# ---- random positions: refused at setup, or played by the engine without raising -----------------------

IDS = {
    "space": ["m1", "m4", "b3", "t5", "room1", "hall", "nowhere", ""],
    "weapon": ["war_axe", "short_sword", "leather_armour", "nosuch", None],
    "potion": ["health", "strength", "nosuch"],
    "kind": ["goblin", "troll", "dark_knight", "dragon"],
    "hero": ["knight", "rogue", "ghost"],
    "number": [-1, 0, 1, 3, 12, 99],
}


@st.composite
def positions(draw: st.DrawFn) -> dict[str, Any]:
    def pick(kind: str) -> Any:
        return draw(st.sampled_from(IDS[kind]))

    position: dict[str, Any] = {
        "heroes": {pick("hero"): {"space": pick("space"), "weapon": pick("weapon"), "hp": pick("number"),
                                  "potions": draw(st.lists(st.sampled_from(IDS["potion"]), max_size=3))}},
        "monsters": [{"uid": f"m{i}", "kind": pick("kind"), "space": pick("space"), "damage": pick("number")}
                     for i in range(1, draw(st.integers(0, 3)) + 1)],
        "next_uid": 9,
    }
    for key, value in (("board", {"zone": draw(st.sampled_from([1, 2, 3, 4]))}), ("turn", pick("number")),
                       ("actions", pick("number")), ("guardian", {"phase": pick("number")})):
        if draw(st.booleans()):
            position[key] = value
    return position


@settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", "40")), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(position=positions(), seed=st.integers(0, 1000))
def test_fuzz_positions_are_refused_or_played_without_an_engine_exception(position: dict[str, Any],
                                                                         seed: int) -> None:
    try:
        game: Session[Any] = Session(RULES, {"heroes": ["knight", "rogue"], "seed": seed, "position": position})
    except SetupError as exc:
        assert str(exc).startswith("setup: position: ") and "\n" not in str(exc)
        return
    rnd = random.Random(seed)
    for _ in range(30):
        if step(game, rnd) is None:
            break
