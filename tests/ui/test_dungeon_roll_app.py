"""Dungeon Roll on the real app, headless, in Arabic, English and Belarusian at 800×480: a whole solo game of
three delves played by touch to the final scoreboard and the solo rank (tests/ui/dr_scenario.py, run by
harness.py as in test_app.py); two players in Arabic and English. Every Dungeon Roll screen is shot with the
text it draws, each checked as it is shot (shaped right-to-left Arabic, Belarusian in Cyrillic left to
right, nothing outside its box, 9 mm touch targets); `make screenshots` keeps them in
docs/screenshots/dungeon-roll-*.png. `make test` plays the solo game in Belarusian and the two players' in Arabic;
`make soak` every game in every language."""

from __future__ import annotations

import pytest
from app_runs import HARNESS, Run, played, run_all, shot_folder, soaked

LANGS = ("ar", "en")
SOLO_LANGS = (*LANGS, "be")
"""Issue 11: Belarusian, the sheet's language, plays the solo game."""
RUNS = [*(f"dungeon-roll-{lang}" for lang in SOLO_LANGS), *(f"dungeon-roll-duo-{lang}" for lang in LANGS)]
SOLO_KEPT, DUO_KEPT = "be", "ar"
"""The language `make test` plays each game in."""
KEPT = (f"dungeon-roll-{SOLO_KEPT}", f"dungeon-roll-duo-{DUO_KEPT}")
SCREENS = ("home", "newgame", "throw", "reroll", "fight", "regroup", "rule", "undo", "treasure", "dragon", "over",
           "end")


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Run]:
    scenarios = {run: (*run.rsplit("-", 1), "800x480") for run in played(RUNS, KEPT)}
    return run_all(HARNESS, scenarios, shot_folder(tmp_path_factory, "dr-screenshots"), tmp_path_factory, timeout=300)


@pytest.mark.parametrize("lang", soaked(SOLO_LANGS, (SOLO_KEPT,)))
def test_a_solo_game_by_touch_reaches_the_scoreboard_and_its_rank(
        runs: dict[str, Run], lang: str) -> None:
    """DR §End of the game and R-DR-11: three delves, the total scored, the rank from the published bands."""
    code, report, err, shots = runs[f"dungeon-roll-{lang}"]
    assert code == 0, report.get("failure") or err
    assert report["rank"] and isinstance(report["total"], int)
    taken = report["shots"]
    assert isinstance(taken, list)
    assert {f"dungeon-roll-{screen}-{lang}.png" for screen in SCREENS} <= set(taken)
    for shot in taken:
        assert (shots / shot).read_bytes().startswith(b"\x89PNG"), shot
        drawn = (shots / shot).with_suffix(".txt").read_text(encoding="utf-8")
        assert drawn.strip(), shot
    assert isinstance(report["checks"], int) and report["checks"] > 300


@pytest.mark.soak
def test_both_languages_play_the_same_game(runs: dict[str, Run]) -> None:
    """The same taps and the same seed: the same total, whatever the language of the screen."""
    totals = {lang: runs[f"dungeon-roll-{lang}"][1].get("total") for lang in SOLO_LANGS}
    assert len(set(totals.values())) == 1, totals


@pytest.mark.parametrize("lang", soaked(LANGS, (DUO_KEPT,)))
def test_two_players_delve_in_turn_to_a_scoreboard_with_its_tie_breaks(
        runs: dict[str, Run], lang: str) -> None:
    """DR §A player's turn and §End of the game: two seats, three delves each, places with the tie-breaks."""
    code, report, err, _ = runs[f"dungeon-roll-duo-{lang}"]
    assert code == 0, report.get("failure") or err
    assert f"dungeon-roll-end-duo-{lang}.png" in report["shots"]  # type: ignore[operator]
    places = report["places"]
    assert isinstance(places, list) and 1 in places
