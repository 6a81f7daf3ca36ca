"""Dungeon Roll on the real app, headless, in Arabic, English and Belarusian at 800×480: a whole solo game of
three delves played by touch to the final scoreboard and the solo rank (tests/ui/dr_scenario.py, run by
harness.py as in test_app.py); two players in Arabic and English. Every Dungeon Roll screen is shot with the
text it draws, each checked as it is shot (shaped right-to-left Arabic, Belarusian in Cyrillic left to
right, nothing outside its box, 9 mm touch targets); `make screenshots` keeps them in
docs/screenshots/dungeon-roll-*.png."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HARNESS = Path(__file__).with_name("harness.py")
LANGS = ("ar", "en")
SOLO_LANGS = (*LANGS, "be")
"""Issue 11: Belarusian, the sheet's language, plays the solo game."""
RUNS = [*(f"dungeon-roll-{lang}" for lang in SOLO_LANGS), *(f"dungeon-roll-duo-{lang}" for lang in LANGS)]
SCREENS = ("home", "newgame", "throw", "reroll", "fight", "regroup", "rule", "undo", "treasure", "dragon", "over",
           "end")


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[int, dict[str, object], str, Path]]:
    chosen = os.environ.get("UI_SCREENSHOTS")
    shots = Path(chosen) if chosen else tmp_path_factory.mktemp("dr-screenshots")
    shots.mkdir(parents=True, exist_ok=True)
    started = {}
    for run in RUNS:
        scenario, lang = run.rsplit("-", 1)
        home = tmp_path_factory.mktemp(f"kivy-{run}")
        env = {**os.environ, "SDL_VIDEODRIVER": "offscreen", "KIVY_NO_ARGS": "1", "KIVY_HOME": str(home),
               "KIVY_NO_CONSOLELOG": "1", "PYTHONPATH": str(ROOT)}
        started[run] = subprocess.Popen([sys.executable, str(HARNESS), scenario, lang, "800x480", str(shots)],
                                        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    results = {}
    for run, process in started.items():
        out, err = process.communicate(timeout=300)
        last = out.strip().splitlines()[-1] if out.strip() else "{}"
        results[run] = (process.returncode, json.loads(last), err[-3000:], shots)
    return results


@pytest.mark.parametrize("lang", SOLO_LANGS)
def test_a_solo_game_by_touch_reaches_the_scoreboard_and_its_rank(
        runs: dict[str, tuple[int, dict[str, object], str, Path]], lang: str) -> None:
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


def test_both_languages_play_the_same_game(runs: dict[str, tuple[int, dict[str, object], str, Path]]) -> None:
    """The same taps and the same seed: the same total, whatever the language of the screen."""
    totals = {lang: runs[f"dungeon-roll-{lang}"][1].get("total") for lang in SOLO_LANGS}
    assert len(set(totals.values())) == 1, totals


@pytest.mark.parametrize("lang", LANGS)
def test_two_players_delve_in_turn_to_a_scoreboard_with_its_tie_breaks(
        runs: dict[str, tuple[int, dict[str, object], str, Path]], lang: str) -> None:
    """DR §A player's turn and §End of the game: two seats, three delves each, places with the tie-breaks."""
    code, report, err, _ = runs[f"dungeon-roll-duo-{lang}"]
    assert code == 0, report.get("failure") or err
    assert f"dungeon-roll-end-duo-{lang}.png" in report["shots"]  # type: ignore[operator]
    places = report["places"]
    assert isinstance(places, list) and 1 in places
