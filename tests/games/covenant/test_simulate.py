"""Whole games and the simulator: games end, replays agree, figures add up, the command works.

The property tests play random whole games (`FUZZ_EXAMPLES` of them; a handful in the normal run).
"""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path

import msgspec
import pytest
from covenant_game import RULES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.cli import main
from companion.core import gamedata
from companion.core.flow import Event, Input
from companion.core.rules import replay
from companion.games.covenant import traits
from companion.games.covenant.bots import Bot
from companion.games.covenant.simulate import (
    DIFFICULTIES,
    MAX_INPUTS,
    GameResult,
    Rate,
    Report,
    parties,
    play,
    setups,
    simulate,
    wilson,
)
from companion.games.covenant.state import GameState

BOT = Bot(RULES.data)
HEROES = list(RULES.data.heroes)
ENDINGS = {"victory", "defeat:falls", "defeat:escape"}
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "6"))
ACTS = ("monster-target", "monster-advance", "monster-idle", "guardian-idle")


class Watch:
    """Checks invariants after every input of a game, and keeps its inputs for a replay."""

    def __init__(self) -> None:
        self.inputs: list[Input] = []
        self.falls = 0
        self.acted: Counter[str] = Counter()
        self.twice: list[str] = []
        self.final = b""

    def __call__(self, state: GameState, inp: Input, events: list[Event]) -> None:
        self.inputs.append(inp)
        assert state.falls >= self.falls, f"the fall counter went down after input {len(self.inputs)}"
        self.falls = state.falls
        for e in events:
            if e.kind == "monster-phase":
                self.acted.clear()
            elif e.kind in ACTS:
                who = str(e.data.get("monster", "guardian"))
                self.acted[who] += 1
                allowed = traits.guardian_phase(RULES.data, state).attacks if who == "guardian" else 1
                if self.acted[who] > allowed:
                    self.twice.append(f"{who} in round {state.round}")
        self.final = RULES.encode(state)


def _check_game(setup: dict[str, object]) -> GameResult:
    watch = Watch()
    result = play(RULES, BOT, setup, watch)
    assert result.outcome in ENDINGS, f"{setup}: {result.outcome} after {result.inputs} inputs"
    assert result.inputs < MAX_INPUTS and result.rejections == 0
    assert not watch.twice, f"monsters acted twice in one monster phase: {watch.twice}"
    assert result.falls == watch.falls == sum(result.falls_by_zone.values()) == len(result.fall_causes)
    replayed = replay(RULES, setup, watch.inputs)
    assert len(replayed.log.entries) == len(watch.inputs), "the replay refused an input the game accepted"
    assert replayed.snapshot() == watch.final
    return result


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**63 - 1), party=st.lists(st.sampled_from(HEROES), min_size=1, max_size=4, unique=True),
       difficulty=st.sampled_from(DIFFICULTIES))
def test_property_random_whole_games_end_and_replay_to_the_same_state(seed: int, party: list[str],
                                                                      difficulty: str) -> None:
    """A game always ends, in victory or a named defeat; the fall counter never goes down; no monster
    acts twice in one monster phase (the guardian as often as its phase says); replaying the logged
    inputs gives the same encoded state."""
    _check_game({"heroes": party, "seed": seed, "difficulty": difficulty})


@pytest.mark.parametrize("seed", [21, 22, 23])
def test_bold_bots_play_whole_games_too(seed: int) -> None:
    """Bold bots never step back and always revive: their games end as surely."""
    result = play(RULES, Bot(RULES.data, cautious=False), {"heroes": HEROES[:3], "seed": seed})
    assert result.outcome in ENDINGS and result.rejections == 0


def test_the_same_seed_plays_the_same_game() -> None:
    setup: dict[str, object] = {"heroes": ["knight", "rogue", "ranger"], "seed": 12, "difficulty": "normal"}
    first, second, other = Watch(), Watch(), Watch()
    assert play(RULES, BOT, setup, first) == play(RULES, BOT, setup, second)
    assert first.final == second.final and first.inputs == second.inputs
    play(RULES, BOT, {**setup, "seed": 13}, other)
    assert other.final != first.final


def test_the_same_seed_gives_the_same_figures_and_another_seed_others() -> None:
    party_list = parties(None, 2, HEROES)
    one = simulate(6, 5, party_list, rules=RULES)
    assert json.dumps(_builtins(one)) == json.dumps(_builtins(simulate(6, 5, party_list, rules=RULES)))
    assert _builtins(one) != _builtins(simulate(6, 6, party_list, rules=RULES))
    assert one.result.games == 6 and sum(one.outcomes.values()) == 6 and one.rejections == 0
    assert sum(gr.result.games for gr in one.groups) == 6 and len(one.groups) == 6
    assert one.zones["1"].reached == 6


def _builtins(report: Report) -> object:
    return msgspec.to_builtins(report)


def test_setups_take_parties_and_difficulties_in_turn_with_fresh_seeds() -> None:
    party_list = parties(None, 3, HEROES)
    assert len(party_list) == 4 and all(len(p) == 3 for p in party_list)
    assert parties(["rogue"], 4, HEROES) == [["rogue"]]
    assert parties(None, None, HEROES) == [HEROES]
    games = list(setups(1, 5, party_list, ("easier", "harder")))
    assert [g["difficulty"] for g in games] == ["easier"] * 5 + ["harder"] * 5
    assert [g["heroes"] for g in games[:5]] == [*party_list, party_list[0]]
    assert len({g["seed"] for g in games}) == 10
    assert games == list(setups(1, 5, party_list, ("easier", "harder")))


def test_wilson_interval() -> None:
    """The textbook values: 50 of 100 → 40.4%–59.6%; 0 of 10 → 0–27.8%; 10 of 10 → 72.2%–100%."""
    assert [round(x, 3) for x in wilson(50, 100)] == [0.404, 0.596]
    assert [round(x, 3) for x in wilson(0, 10)] == [0.0, 0.278]
    assert [round(x, 3) for x in wilson(10, 10)] == [0.722, 1.0]
    assert wilson(0, 0) == (0.0, 1.0)
    assert all(wilson(n, n)[1] == 1.0 and wilson(0, n)[0] == 0.0 for n in range(1, 200))


def _result(outcome: str, zone: int, rounds: int, escape: bool = False, causes: tuple[str, ...] = ()) -> GameResult:
    return GameResult(seed=1, party=["knight"], difficulty="normal", outcome=outcome, zone=zone, escape=escape,
                      rounds=rounds, inputs=10, rejections=0, falls=len(causes), deaths=1, guardians=zone - 1,
                      rounds_by_zone={str(z): 2 for z in range(1, zone + 1)},
                      falls_by_zone={str(zone): len(causes)} if causes else {}, deaths_by_zone={str(zone): 1},
                      fall_causes=list(causes))


def test_figures_fold_game_by_game() -> None:
    report = Report(games=4, seed=1, bots="cautious", result=Rate(), rounds={})
    report.add(_result("victory", 3, 12, escape=True))
    report.add(_result("defeat:falls", 2, 9, causes=("Troll", "Black Saint")))
    report.add(_result("defeat:escape", 3, 14, escape=True))
    report.add(_result("defeat:falls", 3, 10, causes=("Last Throne Guardian",)))
    assert (report.result.games, report.result.wins) == (4, 1)
    assert report.losses_by_where == {"zone 2": 1, "escape": 1, "zone 3": 1}
    assert report.last_fall_causes == {"Black Saint": 1, "Last Throne Guardian": 1}
    assert report.fall_causes == {"Troll": 1, "Black Saint": 1, "Last Throne Guardian": 1}
    assert report.rounds_median() == 11.0 and report.rounds_mean() == 11.25
    assert report.zones["1"].reached == 4 and report.zones["3"].reached == 3
    assert report.zones["2"].lost == 1 and report.zones["3"].lost == 2 and report.zones["2"].falls == 2
    assert report.groups[0].result.games == 4


def test_companion_simulate_prints_figures_json_and_a_plot(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["simulate", "--games", "2", "--seed", "3", "--heroes", "knight,ranger"]) == 0
    text = capsys.readouterr().out
    assert "2 games (seed 3, cautious bots)" in text and "win rate:" in text and "per zone" in text
    png = tmp_path / "rate.png"
    assert main(["simulate", "--games", "1", "--players", "4", "--difficulty", "all", "--json", "--bots", "bold",
                 "--plot", str(png)]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["result"]["games"] == 3 and figures["bots"] == "bold"
    assert {g["difficulty"] for g in figures["groups"]} == set(DIFFICULTIES)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_plot_draws_rates_of_none_and_all(tmp_path: Path) -> None:
    from companion.commands.simulate import plot

    report = Report(games=8, seed=1, bots="bold", result=Rate(), rounds={})
    for won, difficulty in [(True, "easier")] * 4 + [(False, "harder")] * 4:
        outcome = "victory" if won else "defeat:escape"
        report.add(msgspec.structs.replace(_result(outcome, 3, 9, escape=True), difficulty=difficulty))
    plot(report, tmp_path / "edges.png")
    assert (tmp_path / "edges.png").read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize("argv", [["--heroes", "knight,dragon"], ["--heroes", "knight,knight"],
                                  ["--players", "5"], ["--games", "0"]])
def test_companion_simulate_refuses_bad_arguments_in_both_languages(argv: list[str],
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", *argv]) == 2
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 2 and out[0].startswith("--") and any("\u0600" <= c <= "\u06ff" for c in out[1])


def test_companion_simulate_reports_broken_game_data_instead_of_crashing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import shutil

    from companion.games.covenant import data

    shutil.copytree(gamedata.REPO_DATA / "covenant", tmp_path / "covenant")
    heroes = tmp_path / "covenant" / "heroes.yaml"
    heroes.write_text(heroes.read_text(encoding="utf-8").replace("  hp: 14\n", "  hp: 99\n"), encoding="utf-8")
    monkeypatch.setenv("COMPANION_DATA", str(tmp_path))
    data.default.cache_clear()
    try:
        assert main(["simulate", "--games", "1"]) == 2
    finally:
        data.default.cache_clear()
    out = capsys.readouterr().out
    assert "heroes.yaml: entry knight: field hp" in out and "لا يمكن استخدام بيانات اللعبة" in out
