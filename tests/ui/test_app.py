"""The real app as `companion run` builds it, headless (SDL's offscreen driver), on the simulated tray,
the emulated NFC reader and mock GPIO pins, driven by simulated touches and the simulated hardware.
Screenshots go to a temporary folder, or to $UI_SCREENSHOTS (`make screenshots` refreshes
docs/screenshots/, which the README links). The scenarios and their checks are in harness.py; each runs
in its own process (one Kivy app per process), all of them at once. `make test` plays the whole game and the two
rounds in Arabic; `make soak` in English and Belarusian too."""

from __future__ import annotations

import pytest
from app_runs import HARNESS, Run, played, run_all, shot_folder, soaked

RUNS = {
    "whole-game-ar": ("whole-game", "ar", "800x480"),
    "whole-game-en": ("whole-game", "en", "800x480"),
    "whole-game-be": ("whole-game", "be", "800x480"),
    "screens-ar-1280": ("screens", "ar", "1280x720"),
    "screens-en-1920": ("screens", "en", "1920x1080"),
    "two-rounds-en": ("two-rounds", "en", "800x480"),
    "two-rounds-ar": ("two-rounds", "ar", "800x480"),
}
KEPT = ("whole-game-ar", "screens-ar-1280", "screens-en-1920", "two-rounds-ar")
BEFORE = 39  # the two rounds' taps on the screens before issue 17 (same scenario, commit 6739417's parent)


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Run]:
    # up to seven apps at once on a loaded two-core machine
    chosen = {name: RUNS[name] for name in played(RUNS, KEPT)}
    return run_all(HARNESS, chosen, shot_folder(tmp_path_factory, "screenshots"), tmp_path_factory, timeout=420)


@pytest.mark.parametrize("name", soaked(RUNS, KEPT))
def test_the_scenario_runs_through_and_saves_its_screenshots(
        runs: dict[str, Run], name: str) -> None:
    code, report, err, shots = runs[name]
    assert code == 0, report.get("failure") or err
    taken = report["shots"]
    assert isinstance(taken, list) and taken
    for shot in taken:
        data = (shots / shot).read_bytes()
        assert data.startswith(b"\x89PNG") and len(data) > 5000, shot
        drawn = (shots / shot).with_suffix(".txt").read_text(encoding="utf-8")  # what the screen says
        assert drawn.strip(), shot
    assert isinstance(report["checks"], int) and report["checks"] > 20


@pytest.mark.parametrize("name", soaked(("two-rounds-en", "two-rounds-ar"), KEPT))
def test_two_rounds_by_taps_meet_the_goals_per_action(runs: dict[str, Run], name: str) -> None:
    """Issue 17: a move 1 tap; an attack 2 taps plus the throw (and the Keep when a reroll is possible; one
    more to say which of two monsters on one space); a reveal 1 tap plus the marker plus one Next per
    physical step; a monster phase one Next per monster; an end of turn 1 tap, 2 with actions left (issue 21).
    Every tap of two rounds is counted and printed."""
    code, report, err, _ = runs[name]
    assert code == 0, report.get("failure") or err
    actions = report["actions"]
    assert isinstance(actions, list)
    print(f"\n{name} by taps: {report['total']} taps (before issue 17: {BEFORE}),",
          f"{report['pregame']} before the game")
    for a in actions:
        print("  ", {k: v for k, v in a.items() if v})
    seen = {a["action"] for a in actions}
    assert {"move", "attack", "reveal", "end", "monster phase"} <= seen
    for a in actions:
        if a["action"] == "monster phase":
            assert a["next"] <= max(1, a["monsters"] + a["other steps"]), a
            continue
        # Ending a turn with actions left asks once (issue 21, finding 2): one tap more.
        goal = {"attack": 2 + a.get("which", 0), "move": 1, "reveal": 1, "end": 1 + a.get("asked", 0)}[a["action"]]
        assert a["taps"] <= goal, a
        assert a["next"] == len(a.get("steps", [])), a
        assert a["action"] != "reveal" or a["marker"] == 1, a
        assert a["action"] != "attack" or a["throw"] == 1, a


@pytest.mark.parametrize("lang", soaked(("ar", "en"), ("ar",)))
def test_every_main_screen_is_shot_in_both_languages(runs: dict[str, Run], lang: str) -> None:
    taken = {s for _, report, _, _ in runs.values() for s in report.get("shots", [])}
    for screen in ("home", "settings", "newgame", "setup", "table-board", "table-heroes", "table-log", "table-undo",
                   "table-die", "table-step", "table-kept", "table-odds", "table-rolling", "table-hit",
                   "table-monsters", "summary", "rule", "table-reveal", "table-marker", "table-monster-step",
                   "simulated"):
        assert f"{screen}-{lang}.png" in taken, screen


@pytest.mark.soak
def test_the_main_screens_are_shot_in_belarusian(runs: dict[str, Run]) -> None:
    """Issue 11: Belarusian is a whole language of the app; its run plays the whole game, its screens checked
    as a reader reads them (left to right, in Noto Sans, nothing left in English)."""
    taken = set(runs["whole-game-be"][1].get("shots", []))
    for screen in ("home", "settings", "newgame", "setup", "table-board", "table-heroes", "table-log", "table-die",
                   "table-step", "table-hit", "table-monsters", "summary"):
        assert f"{screen}-be.png" in taken, screen
