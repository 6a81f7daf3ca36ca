"""The end-of-game summary, drawn headless from finished games: the bots' four-hero victory, their
defeat by falls, and a laid position lost in the escape with zero figures in it. It is laid where the
app puts it, under a screen's top bar. Each language and window size
runs in its own process (see test_board.py):

    python tests/ui/test_summary.py LANG WIDTHxHEIGHT OUT_DIR
"""

from __future__ import annotations

import json
import sys
from collections.abc import Generator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from app_runs import Run, played, run_all, shot_folder, soaked
from test_board import DATA, RULES, Check, run_steps

from companion.games.covenant.bots import Bot
from companion.games.covenant.simulate import play
from companion.games.covenant.state import GameState

RUNS = {"ar-800": ("ar", "800x480"), "en-800": ("en", "800x480"),
        "ar-1280": ("ar", "1280x720"), "en-1280": ("en", "1280x720")}
KEPT = ("ar-800", "en-1280")
"""`make test` draws each language at one size, each size in one language; `make soak` every pair."""


def finished(setup: dict[str, Any]) -> GameState:
    """The last state of a game the bots play through."""
    last: list[GameState] = []
    play(RULES, Bot(DATA), setup, lambda state, *_: last.append(state) if not last else None)
    state = last[0]  # the engine changes one state in place: the first seen is the last
    assert state.outcome, "the bots' game did not finish"
    return msgspec.json.decode(msgspec.json.encode(state), type=GameState)


def lost_in_the_escape() -> GameState:
    position = {"outcome": "defeat:escape", "round": 11, "falls": 4, "phase": "over",
                "heroes": {"knight": {"damage_dealt": 40, "damage_taken": 25, "deaths": 2},
                           "ranger": {"damage_dealt": 0, "damage_taken": 7}},
                "stats": {"rounds_per_zone": {"1": 3, "3": 8}, "rolls": {"1": 4, "3": 9, "6": 2}}}
    return RULES.new_game({"heroes": ["knight", "ranger"], "seed": 2, "position": position})


def games() -> dict[str, GameState]:
    return {"victory": finished({"heroes": ["knight", "sorceress", "rogue", "ranger"], "seed": 2}),
            "falls": finished({"heroes": ["rogue"], "seed": 1, "difficulty": "harder"}),
            "escape": lost_in_the_escape()}


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Run]:
    chosen = {name: RUNS[name] for name in played(RUNS, KEPT)}
    return run_all(Path(__file__), chosen, shot_folder(tmp_path_factory, "summary-shots"), tmp_path_factory,
                   timeout=120)


@pytest.mark.parametrize("name", soaked(RUNS, KEPT))
def test_the_summary_draws_each_outcome_with_bars_true_to_the_figures(
        runs: dict[str, tuple[int, dict[str, Any], str, Path]], name: str) -> None:
    code, report, err, shots = runs[name]
    assert code == 0, report.get("failure") or err
    assert report["checks"] > 100
    assert len(report["shots"]) == 3
    for shot in report["shots"]:
        data = (shots / shot).read_bytes()
        assert data.startswith(b"\x89PNG") and len(data) > 5000, shot


def test_the_games_summarised_are_real_and_finished() -> None:
    states = games()
    assert [s.outcome for s in states.values()] == ["victory", "defeat:falls", "defeat:escape"]
    victory = states["victory"]
    assert sum(victory.stats.rolls.values()) > 50 and len(victory.stats.rounds_per_zone) == 3
    assert len(victory.heroes) == 4 and sum(h.deaths for h in victory.heroes.values()) == 2
    assert states["falls"].falls == 6


# ---- inside the Kivy process -------------------------------------------------------------------------


def check_bars(summary: Any, state: GameState, check: Check) -> None:
    """Each bar's length is its figure times one scale per chart, the largest filling the room; bars
    start on the reading side; the fair line stands at a sixth of the rolls."""
    rtl = summary.ui.rtl
    damage = [b for k, b in summary.charts.items() if k.startswith("damage:")]
    rounds = [b for k, b in summary.charts.items() if k.startswith("rounds:")]
    for hero in state.heroes.values():
        values = [v for v, _ in summary.charts[f"damage:{hero.id}"].rects]
        check(values == [hero.damage_dealt, hero.damage_taken], f"{hero.id}: {values}")
    for zone in DATA.boards:
        values = [v for v, _ in summary.charts[f"rounds:{zone}"].rects]
        check(values == [state.stats.rounds_per_zone.get(str(zone), 0)], f"zone {zone}: {values}")
    for group in (damage, rounds):
        bars = [(value, rect, chart) for chart in group for value, rect in chart.rects]
        top = max(v for v, _, _ in bars)
        for value, rect, chart in bars:
            full = chart.width - summary.ui.px(44)
            expected = full * value / max(1, top)
            check(abs(rect.size[0] - expected) <= 1, f"a bar of {value} is {rect.size[0]:.1f} px, not {expected:.1f}")
            start = chart.right - rect.pos[0] - rect.size[0] if rtl else rect.pos[0] - chart.x
            check(abs(start) <= 1, f"a bar of {value} starts {start:.1f} px from the reading side")
    columns = summary.charts["rolls"]
    counts = [state.stats.rolls.get(face, 0) for face in "123456"]
    check([v for v, _ in columns.rects] == counts, f"rolls {columns.rects}")
    per_roll = [rect.size[1] / v for v, rect in columns.rects if v]
    check(max(per_roll) - min(per_roll) < 0.01, f"column heights per roll differ: {per_roll}")
    base = columns.rects[0][1].pos[1]
    check(abs(columns.fair_y - base - per_roll[0] * sum(counts) / 6) < 0.5, "the fair line's height")
    xs = [rect.pos[0] for _, rect in columns.rects]
    check(xs == sorted(xs, reverse=rtl), f"faces 1 to 6 in reading order: {xs}")


def check_labels(summary: Any, lang: str, check: Check) -> None:
    from companion.ui.bidi import has_rtl
    from companion.ui.widgets import BidiLabel

    labels = [w for w in summary.walk() if isinstance(w, BidiLabel)]
    for label in labels:
        label.texture_update()
        check(label.texture_size[1] <= label.height + 2, f"{label.logical!r} needs more height")
        widget: Any = label
        while widget.parent is not None and widget.parent is not summary.parent:
            parent = widget.parent
            check(parent.x - 1 <= widget.x and widget.right <= parent.right + 1 and parent.y - 1 <= widget.y
                  and widget.top <= parent.top + 1, f"{label.logical!r} sticks out of its {type(parent).__name__}")
            widget = parent
        side = "right" if lang == "ar" else "left"
        check(label.align != "start" or label.halign == side, f"{label.logical!r} is aligned {label.halign}")
        if lang == "ar" and any(ch.isalpha() for ch in label.logical):
            check(has_rtl(label.logical) and "NotoSansArabic" in label.text, f"untranslated: {label.logical!r}")


def scenario(app: Any, lang: str, out: Path, check: Check, shots: list[str]) -> Generator[float, None, None]:
    from kivy.core.window import Window

    from companion.ui.summary import OUTCOMES, SummaryScreen
    from companion.ui.theme import Ui
    from companion.ui.widgets import BidiLabel

    ui = Ui.for_window(lang, *Window.size)
    size = f"{Window.width}x{Window.height}"
    yield 1.2  # the first frames: a screenshot taken earlier comes out blank
    for name, state in games().items():
        app.body.clear_widgets()
        summary = SummaryScreen(DATA, state, ui=ui)
        app.body.add_widget(summary)
        yield 0.4
        words = ui.t(OUTCOMES[str(state.outcome)])
        check(any(w.logical == words for w in summary.walk() if isinstance(w, BidiLabel)), f"{words!r} shown")
        check_bars(summary, state, check)
        check_labels(summary, lang, check)
        final = out / f"summary-{name}-{lang}-{size}.png"
        Path(Window.screenshot(str(final))).replace(final)
        shots.append(final.name)


def main(argv: list[str]) -> int:
    lang, size, out = argv[1], argv[2], Path(argv[3])
    width, height = size.split("x")
    from kivy.config import Config

    Config.set("graphics", "width", width)
    Config.set("graphics", "height", height)
    from kivy.app import App
    from kivy.core.window import Window
    from kivy.uix.boxlayout import BoxLayout
    from kivy.uix.widget import Widget

    from companion.ui.theme import Ui

    check, shots, failure = Check(), [], [""]

    class SummaryApp(App):
        """The summary where the app puts it: under a screen's top bar, in its padded body."""

        def build(self) -> Any:
            Window.clearcolor = (0.09, 0.08, 0.10, 1)
            ui = Ui.for_window(lang, *Window.size)
            screen = BoxLayout(orientation="vertical", padding=ui.px(10), spacing=ui.gap)
            screen.add_widget(Widget(size_hint_y=None, height=ui.touch))
            self.body = BoxLayout()
            screen.add_widget(self.body)
            return screen

    app = SummaryApp()
    run_steps(app, lambda: scenario(app, lang, out, check, shots), failure)
    print(json.dumps({"shots": shots, "checks": check.count, "failure": failure[0]}))
    return 1 if failure[0] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
