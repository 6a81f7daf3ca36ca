"""The bots play Dungeon Roll legally in both styles, and `companion simulate --game dungeon-roll` is
reproducible from its seed (issue 11, "Bots and the simulator")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from dr_game import RULES

from companion.cli import main
from companion.games.dungeon_roll import simulate
from companion.games.dungeon_roll.bots import Bot, Style


@pytest.mark.parametrize("style", ["cautious", "greedy"])
def test_every_bot_input_is_accepted_to_the_end_of_the_game(style: Style) -> None:
    bot = Bot(RULES.data, style)
    for seed in range(12):
        state, inputs, refused = simulate.play(RULES, bot, sorted(RULES.data.heroes)[: 1 + seed % 4], seed)
        assert refused == 0 and state.outcome == "over" and inputs < simulate.MAX_INPUTS


def test_the_styles_differ_greedy_goes_deeper_and_flees_more() -> None:
    cautious = simulate.simulate(60, 4, "cautious", 1, None, RULES)
    greedy = simulate.simulate(60, 4, "greedy", 1, None, RULES)
    assert greedy.delve_ends["fled"].count > cautious.delve_ends["fled"].count
    assert cautious.rejections == greedy.rejections == 0 and cautious.unfinished == 0


def test_the_simulator_is_reproducible_and_prints_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    argv = ["simulate", "--game", "dungeon-roll", "--games", "15", "--seed", "9", "--players", "2", "--json"]
    assert main(argv) == 0
    first = json.loads(capsys.readouterr().out)
    assert main([*argv, "--plot", str(tmp_path / "scores.png")]) == 0
    second = json.loads(capsys.readouterr().out)
    first.pop("seconds"), second.pop("seconds")
    assert first == second and sum(h["games"] for h in first["heroes"]) == 30
    assert (tmp_path / "scores.png").stat().st_size > 1000
    assert main(["simulate", "--game", "dungeon-roll", "--bots", "bold"]) == 2
    assert main(["simulate", "--game", "dungeon-roll", "--heroes", "nobody"]) == 2


@pytest.mark.parametrize("hero", sorted(RULES.data.heroes))
def test_every_hero_is_played_legally_by_both_bots(hero: str) -> None:
    """Issue 11: every hero of the sheet, its decisions made by the bots (R-DR-18 to R-DR-27 for the
    heroes that need one), and the simulator's `--heroes <id>` for each."""
    for style in ("cautious", "greedy"):
        bot = Bot(RULES.data, style)
        for seed in range(4):
            state, _, refused = simulate.play(RULES, bot, [hero], seed)
            assert refused == 0 and state.outcome == "over", (hero, style, seed)
