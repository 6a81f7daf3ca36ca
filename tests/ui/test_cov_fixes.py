"""Issue 21, the explorer's findings on The Last Covenant's table screen and the new-game screen, on the real app
at 800×480 (cov_fixes.py, one Kivy app per process)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from app_runs import soaked

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = Path(__file__).with_name("cov_fixes.py")


def overlap(a: list[float], b: list[float]) -> bool:
    return a[0] < b[0] + b[2] - 1 and b[0] < a[0] + a[2] - 1 and a[1] < b[1] + b[3] - 1 and b[1] < a[1] + a[3] - 1


@pytest.fixture(scope="module", params=soaked(["ar", "be"], ("be",)))  # `make soak` plays Arabic too
def drawn(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    home = tmp_path_factory.mktemp(f"cov-fixes-{request.param}")
    env = {**os.environ, "SDL_VIDEODRIVER": "offscreen", "KIVY_NO_ARGS": "1", "KIVY_HOME": str(home),
           "KIVY_NO_CONSOLELOG": "1", "PYTHONPATH": f"{ROOT}{os.pathsep}{SCRIPT.parent}"}
    out = home / "report.json"
    done = subprocess.run([sys.executable, str(SCRIPT), request.param, str(out)], env=env, capture_output=True,
                          text=True, timeout=280, check=False)
    report: dict[str, Any] = json.loads(out.read_text(encoding="utf-8")) if out.exists() else {}
    assert done.returncode == 0, report.get("failure") or done.stderr[-3000:]
    return report


def test_a_notice_lies_in_the_referee_panel_never_over_the_board(drawn: dict[str, Any]) -> None:
    """The explorer: beside the 800×480 board the notice of a space that is no choice lay in a banner over the
    board's foot, its text over the map («That space is not a choice now.» drawn over the board)."""
    assert drawn["notice"], "the notice is not shown"
    for notice in drawn["notice"]:
        assert not overlap(notice, drawn["board"]), (notice, drawn["board"])
        assert overlap(notice, drawn["panel"]), (notice, drawn["panel"])


def test_the_pane_shown_is_marked_and_no_target(drawn: dict[str, Any]) -> None:
    """The explorer: a tap on «Board» with the board shown (or «Log» with the log) was taken and changed
    nothing. The pane shown is selected and disabled; the others are targets."""
    assert drawn["tabs on the board"] == {"board": [True, True], "heroes": [False, False], "log": [False, False]}
    assert drawn["tabs on the log"] == {"board": [False, False], "heroes": [False, False], "log": [True, True]}


def test_the_new_game_screen_draws_its_notices_whole(drawn: dict[str, Any]) -> None:
    """The explorer: in Arabic at 800×480 the notice of a game in progress needed 86 px in a share of 66."""
    texts = drawn["new game texts"]
    assert len(texts) >= 5  # the three lines' headings, the game in progress, the note
    for text, (_, _, width, height), (texture_w, texture_h) in texts:
        assert texture_h <= height + 2 and texture_w <= width + 2, (text, width, height, texture_w, texture_h)


def test_a_space_with_two_monsters_to_attack_says_to_choose_with_the_buttons(drawn: dict[str, Any]) -> None:
    """The explorer tapped the space of two monsters the Knight could attack, again and again: each time «That
    space is not a choice now», though it was, and nothing changed. It says to choose which with the buttons."""
    assert drawn["two there"] == "More than one monster stands there: choose which to attack with the buttons."


def test_each_next_changes_the_screen_even_when_two_monsters_do_the_same(drawn: dict[str, Any]) -> None:
    """The explorer: with two Skeleton Archers appearing (or two Goblins attacking the Rogue alike) the second
    step read as the first, and its Next looked dropped. The steps left are counted beside Next."""
    steps = drawn["steps"]
    assert len(steps) >= 2, steps
    assert all(a != b for a, b in pairwise(steps)), steps


def test_an_attacks_targets_are_drawn_whole_in_the_narrow_column(drawn: dict[str, Any]) -> None:
    """The explorer, in Arabic at 800×480: «الغوبلن (نقاط الحياة 5)» wrapped to two lines 64 px tall in a button
    of one touch (56 px). A row of the prompt's buttons is as tall as its tallest."""
    buttons = drawn["target buttons"]
    assert len(buttons) == 4, buttons  # End turn, two Goblins and Back
    for text, (_, _, width, height), (texture_w, texture_h) in buttons:
        assert texture_h <= height + 2 and texture_w <= width + 2, (text, width, height, texture_w, texture_h)
        assert height < 2 * 56, (text, height)  # the font shrinks first: two lines at most, not a word a line
