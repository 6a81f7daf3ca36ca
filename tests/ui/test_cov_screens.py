"""Issue 21 on The Last Covenant's screens and the shared ones: games played by the bots through the real app
(cov_screens.py), every screen checked as drawn, in the three languages and the sizes the app supports; the
home screen with four unfinished games; the die-entry panel in a narrow column. Each run is a Kivy app of
its own process, all at once."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from app_runs import ROOT, Run, played, run_all, shot_folder, soaked

SCRIPT = Path(__file__).with_name("cov_screens.py")
RUNS = {
    "bots-ar": ("bots", "ar", "800x480"),
    "bots-be-1920": ("bots", "be", "1920x1080"),
    "bots-en-1280": ("bots", "en", "1280x720"),
    "resume-all-ar": ("resume-all", "ar", "800x480"),
}
"""A game's first 45 rulings in each (COV_SCREEN_STEPS and COV_SCREEN_GAMES play longer and more)."""
KEPT = ("bots-ar", "resume-all-ar")
"""The runs `make test` plays (Arabic at 800×480, where the findings were); `make soak` plays the larger sizes too."""
pytestmark = pytest.mark.timeout(900)  # four apps at once on two shared cores


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Run]:
    chosen = {name: RUNS[name] for name in played(RUNS, KEPT)}
    return run_all(SCRIPT, chosen, shot_folder(tmp_path_factory, "cov-screens"), tmp_path_factory, timeout=850)


@pytest.mark.parametrize("name", soaked([n for n in RUNS if n.startswith("bots")], KEPT))
def test_every_screen_the_bots_reach_is_drawn_apart_and_whole(runs: dict[str, Run], name: str) -> None:
    """Findings 1 and 2: no two touch targets overlap, each enabled one is 44 px each way and wholly on screen
    (unless a scrolling view holds it), no text is cut or laid over another; End turn never lies where the
    screen before had another button; ending a turn with four actions asks once; quick taps where Next was
    end no turn. Before the fixes, in Arabic at 800×480: End turn lay where Next had been (step 6), "Move"
    over End turn, "Drink a potion" off the screen, «افتح صندوقًا» two lines in a one-line button, and the
    quick taps spent the first hero's actions."""
    code, report, err, _ = runs[name]
    assert code == 0, report.get("failure") or err
    counts = report["counts"]
    print(f"\n{name}: {report['screens']} distinct screens, checks {counts}")
    assert report["screens"] >= 8
    assert counts["asked once"] >= 1 and counts["end apart"] >= 10 and counts["quick taps"] >= 1
    assert counts["room type clear"] >= 10 and report["notice"]
    assert counts["targets apart"] > 500 and counts["text whole"] > 500


@pytest.mark.parametrize("name", ["resume-all-ar"])
def test_home_lists_every_unfinished_game_and_resumes_the_oldest(runs: dict[str, Run], name: str) -> None:
    """Findings 5 and 8: four unfinished games of the three rule systems are each on the home screen with their
    game, heroes and round; the oldest resumes; the tap shows at once that the game is being loaded."""
    code, report, err, _ = runs[name]
    assert code == 0, report.get("failure") or err
    listed = report["listed"]
    assert len(listed) == 4 and report["busy shown"], report
    print(f"\n{name}: listed {listed}; resumed in {report['resume s']} s")


THROW_SCRIPT = """
import json
from kivy.base import EventLoop
EventLoop.ensure_window()
from kivy.core.window import Window
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.scrollview import ScrollView
from companion.core.flow import ThrowPrompt
from companion.core.messages import Msg
from companion.games.dungeon_roll.data import default
from companion.ui.theme import Ui
from companion.ui.throw_entry import ThrowEntry, ThrowEntryPanel
from companion.ui.widgets import BidiLabel

Window.size = (800, 480)
ui = Ui("ar")
dice = {f"p{n}": "party" for n in range(1, 8)}
prompt = ThrowPrompt(dice=dice, who="x", purpose=Msg("Roll the party dice."), rule="DR §Monster phase")
panel = ThrowEntryPanel(ui, ThrowEntry(prompt), default().dice, print, lambda _r: None, die_columns=3,
                        face_columns=3)
column = BoxLayout(size_hint=(None, None), size=(300, 380), pos=(0, 5))  # beside a map, under a notice
column.add_widget(panel)
Window.add_widget(column)
for _ in range(30):
    EventLoop.idle()

def rect(w):
    x, y = w.to_window(*w.pos)
    return [x, y, x + w.width, y + w.height]

def seen(w):
    box, parent = rect(w), w.parent
    while parent is not None and parent is not Window:
        if isinstance(parent, ScrollView):
            p = rect(parent)
            box = [max(box[0], p[0]), max(box[1], p[1]), min(box[2], p[2]), min(box[3], p[3])]
        parent = parent.parent
    return box

buttons = [(w.logical, seen(w)) for w in panel.walk() if isinstance(w, BidiLabel)]
print(json.dumps({"buttons": buttons, "panel": rect(panel)}))
"""


def test_the_die_entry_panel_draws_nothing_over_anything_else(tmp_path: Path) -> None:
    """Finding 1: seven dice and six faces in a narrow column in Arabic. Before the fix the panel's fixed-height
    grids overflowed it and its texts and buttons were drawn over each other and out of it; now the purpose,
    dice and faces scroll and Enter and the app's roll stay whole at the foot."""
    env = {**os.environ, "SDL_VIDEODRIVER": "offscreen", "KIVY_NO_ARGS": "1", "KIVY_NO_CONSOLELOG": "1",
           "KIVY_HOME": str(tmp_path), "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", THROW_SCRIPT], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    drawn = json.loads(done.stdout.strip().splitlines()[-1])
    px0, py0, px1, py1 = drawn["panel"]
    buttons = drawn["buttons"]
    assert len(buttons) == 2 + 7 + 6 + 2  # the purpose, the rule, the dice, the faces, Enter and the app's roll
    for i, (text, (x0, y0, x1, y1)) in enumerate(buttons):  # each as much as a scroll view lets be seen
        if x1 - x0 <= 1 or y1 - y0 <= 1:
            continue  # scrolled out of view
        assert px0 - 1 <= x0 and x1 <= px1 + 1 and py0 - 1 <= y0 and y1 <= py1 + 1, f"{text!r} outside its panel"
        for other, (a0, b0, a1, b1) in buttons[i + 1:]:
            overlap = min(x1, a1) - max(x0, a0) > 1 and min(y1, b1) - max(y0, b0) > 1
            assert not overlap, f"{text!r} and {other!r} overlap"
