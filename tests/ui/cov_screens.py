"""The Last Covenant played by its bots through the real app, headless, every screen checked as drawn
(issue 21, findings 1, 2, 5 and 8). Run in its own process (one Kivy app a process) by test_cov_screens.py:

    python tests/ui/cov_screens.py SCENARIO LANG WIDTHxHEIGHT OUT_DIR

It prints one JSON line: the screens checked, each check's count, and the failure if one failed.

After every tap or ruling the screen in front is checked: no two touch targets overlap; every enabled one
is at least 44 px each way (at 800×480, scaled with the window) and wholly on screen unless a scrolling view
holds it; no text is taller than its box or laid over another text or a target; no room's type under its
label's tab on the board; End turn (and the question's
"Yes, end the turn") never lies where the screen before had another button.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Generator
from pathlib import Path
from typing import Any

from harness import Driver, headless_app, iter_parents, run_scenario, store_path

from companion.core.flow import Act, ActionPrompt, Input

Rect = tuple[float, float, float, float]
TARGET_PX = 44  # the explorer's floor, at 800×480
SEEDS = (5, 11, 17, 23, 29, 31, 37, 41)  # COV_SCREEN_GAMES of them (one in the default run, `make explore` more)


def rect(widget: Any) -> Rect:
    x, y = widget.to_window(*widget.pos)
    return x, y, x + widget.width, y + widget.height


def clip(a: Rect, b: Rect) -> Rect | None:
    box = max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])
    return box if box[2] - box[0] > 1 and box[3] - box[1] > 1 else None


def shown_rect(widget: Any) -> tuple[Rect | None, bool]:
    """The part of the widget a scroll view lets be seen, and whether a scrolling view holds it."""
    from kivy.uix.scrollview import ScrollView

    seen: Rect | None = rect(widget)
    scrolled = False
    for parent in iter_parents(widget):
        if isinstance(parent, ScrollView):
            scrolled = scrolled or bool(parent.do_scroll_y or parent.do_scroll_x)
            seen = clip(seen, rect(parent)) if seen is not None else None
    return seen, scrolled


class Checker:
    def __init__(self, d: Driver) -> None:
        self.d = d
        self.counts: dict[str, int] = {}
        self.before: list[tuple[str, Rect]] = []
        self.screens: set[str] = set()
        self.failed: dict[str, str] = {}  # the first failure of each check: every check has its say

    def count(self, check: str) -> None:
        self.counts[check] = self.counts.get(check, 0) + 1

    def expect(self, check: str, holds: bool, failure: str) -> None:
        self.count(check)
        if not holds:
            self.failed.setdefault(check, failure)

    def targets(self) -> list[tuple[Any, Rect, bool]]:
        from kivy.uix.behaviors import ButtonBehavior

        from companion.ui.widgets import TapLabel

        found = []
        for w in self.d.widgets(object):
            if isinstance(w, ButtonBehavior | TapLabel) and w.get_parent_window() is not None and w.opacity > 0:
                seen, scrolled = shown_rect(w)
                if seen is not None:
                    found.append((w, seen, scrolled))
        return found

    def check(self, where: str) -> None:
        from kivy.core.window import Window

        from companion.ui.widgets import BidiLabel

        d = self.d
        scale = d.app.ui().scale
        floor = TARGET_PX * scale
        targets = self.targets()
        screen = (0.0, 0.0, float(Window.width), float(Window.height))
        for i, (a, ra, scrolled) in enumerate(targets):
            for b, rb, _ in targets[i + 1:]:
                if a not in iter_parents(b) and b not in iter_parents(a):
                    self.expect("targets apart", clip(ra, rb) is None,
                                f"{where}: {a.logical!r} and {b.logical!r} overlap")
            if not a.disabled:
                full = rect(a)
                self.expect("target size", full[2] - full[0] >= floor - 1 and full[3] - full[1] >= floor - 1,
                            f"{where}: {a.logical!r} is {a.size}, under {floor:.0f} px")
                if not scrolled:
                    self.expect("target on screen", clip(full, screen) == full,
                                f"{where}: {a.logical!r} is not wholly on screen")
        labels = [(w, shown_rect(w)[0]) for w in d.widgets(BidiLabel)
                  if w.logical and w.get_parent_window() is not None and w.opacity > 0]
        for i, (label, seen) in enumerate(labels):
            label.texture_update()
            self.expect("text whole", label.texture_size[1] <= label.height + 2
                        and label.texture_size[0] <= label.width + 2,
                        f"{where}: {label.logical!r} drawn {label.texture_size} in a box of {label.size}")
            if seen is None:
                continue
            for other, other_seen in labels[i + 1:]:
                if other_seen is not None and other not in iter_parents(label) and label not in iter_parents(other):
                    self.expect("texts apart", clip(seen, other_seen) is None,
                                f"{where}: {label.logical!r} over {other.logical!r}")
        self.ends_apart(where, targets)
        self.board_apart(where)
        self.screens.add(" | ".join(sorted(w.logical for w, _, _ in targets if w.logical)))

    def board_apart(self, where: str) -> None:
        """Finding 7: a revealed room's type ("Combat") is drawn clear of its label's tab ("C")."""
        from companion.ui.board import BoardView

        for board in self.d.widgets(BoardView):
            if board.geometry is None:
                continue
            for sid, view in board.views.items():
                if view.room is not None and view.kind == "room":
                    _, drawn = board.room_type(sid, board.geometry)
                    self.expect("room type clear", clip(drawn, board.label_tab(sid, board.geometry)) is None,
                                f"{where}: the label of {sid} covers its room's type")

    def ends_apart(self, where: str, targets: list[tuple[Any, Rect, bool]]) -> None:
        """Finding 2: an action that ends a turn never lies under the spot of another button a tap before."""
        ends = {self.d.t("Yes, end the turn")}
        prompt = self.d.app.table.prompt
        if isinstance(prompt, ActionPrompt):
            ends |= {self.d.app.ui().text(o.label) for o in prompt.options if o.id == "end"}
        for w, seen, _ in targets:
            if w.logical in ends and not w.disabled:
                for text, was in self.before:
                    if text != w.logical:
                        self.expect("end apart", clip(seen, was) is None,
                                    f"{where}: {w.logical!r} lies where {text!r} was")
        self.before = [(w.logical, seen) for w, seen, _ in targets]


def play(d: Driver, checker: Checker, seed: int, most: int) -> Generator[float, None, None]:
    """A game by the bots: each ruling's input given as the screen gives it, Next and End turn tapped."""
    from companion.games.covenant.bots import Bot

    app = d.app
    session = app.store.start("covenant", {"heroes": ["knight", "rogue"], "seed": seed})
    app.resume(session.id)
    yield from d.until(lambda: app.session is not None and app.session.id == session.id and not d.modal_open(),
                       "the game to load")
    bot = Bot(app.data)
    for step in range(most):
        yield from d.settle()
        checker.check(f"seed {seed} step {step}")
        state = app.session.state
        if state.outcome is not None:
            return
        if app.referee.put_back:
            yield from d.tap(d.t("Done"))
        elif app.referee.steps:
            if app.referee.steps[0].kind == "monster-phase" and "quick taps" not in d.report:
                yield from quick_taps(d, checker)
            else:
                yield from d.tap(d.t("Next"))
        elif app.confirming is not None:
            yield from d.tap(d.t("Attack"))
        else:
            prompt = app.table.prompt
            chosen: Input = bot.decide(state, prompt)
            if isinstance(prompt, ActionPrompt) and any(o.id == "end" for o in prompt.options) \
                    and state.round == 1 and state.turn == 0 and state.actions == 4 and "ended" not in d.report:
                d.report["ended"] = state.active  # the first hero ends a whole turn unspent: asked first
                chosen = Act(state.active, "end")
            if isinstance(prompt, ActionPrompt) and state.turn == 1 and "notice" not in d.report:
                yield from off_choice(d, checker, prompt)
            if isinstance(chosen, Act) and chosen.action == "end":
                yield from end_turn(d, checker, chosen)
            else:
                app.answer(chosen)
                yield 0.05


def off_choice(d: Driver, checker: Checker, prompt: ActionPrompt) -> Generator[float, None, None]:
    """Finding 1: a tap on a space that is no choice; its notice lies in the referee's panel, drawn over none of
    the board."""
    from companion.ui.board import BoardView

    offered = {t for o in prompt.options for t in o.targets} | {m.space for m in d.app.session.state.monsters}
    (board,) = d.widgets(BoardView)
    space = next(s for s in board.views if s not in offered and s != d.app.session.state.heroes[prompt.actor].space)
    yield from d.tap_board(space)
    yield from d.settle()
    d.report["notice"] = d.app.referee.notice.text("en") if d.app.referee.notice is not None else ""
    checker.check("a notice over the board")


def end_turn(d: Driver, checker: Checker, chosen: Act) -> Generator[float, None, None]:
    """End turn tapped: with actions left the question comes (checked), then "Yes, end the turn"."""
    app = d.app
    left = app.session.state.actions
    label = app.ui().text(next(o.label for o in app.table.prompt.options if o.id == "end"))
    yield from d.tap(label)
    if left:
        yield from d.settle()
        asked = app.session.state.active == chosen.actor and not app.referee.steps
        checker.expect("asked once", asked, f"{chosen.actor}'s turn ended with {left} actions left, unasked")
        if asked:
            checker.check("asked to end the turn")
            yield from d.tap(d.t("Yes, end the turn"))
    assert app.session.state.active != chosen.actor or app.referee.steps or app.session.state.outcome, \
        "the turn did not end"


def quick_taps(d: Driver, checker: Checker) -> Generator[float, None, None]:
    """Finding 2: four quick taps more than the monster phase has steps, where Next is, end no hero's turn."""
    from kivy.tests.common import UnitTestTouch

    app = d.app
    yield from d.settle()
    x, y = d.find(d.t("Next")).to_window(*d.find(d.t("Next")).center)
    taps = len(app.referee.steps) + 4
    round_after = app.session.state.round  # the engine is past the phase the players step through
    for _ in range(taps):
        touch = UnitTestTouch(x, y)
        touch.touch_down()
        touch.touch_up()
        yield 0.15
    yield from d.settle()
    state = app.session.state
    if state.outcome is None and not app.referee.steps:
        checker.expect("quick taps", state.round == round_after and state.turn == 0,
                       f"{taps} quick taps where Next was: round {state.round} (not {round_after}), turn {state.turn}")
        d.report["quick taps"] = taps


def bots(d: Driver) -> Generator[float, None, None]:
    checker = Checker(d)
    yield 1.0
    most = int(os.environ.get("COV_SCREEN_STEPS", "45"))
    for seed in SEEDS[:int(os.environ.get("COV_SCREEN_GAMES", "1"))]:
        yield from play(d, checker, seed, most)
        d.app.go("home")
    d.report.update(counts=checker.counts, screens=len(checker.screens), failed=checker.failed)
    assert not checker.failed, checker.failed


def resume_all(d: Driver) -> Generator[float, None, None]:
    """Finding 5: the home screen lists every unfinished game, each with its game, heroes and round, and the
    oldest resumes; finding 8: the tap on it shows at once that the game is loading."""
    from kivy.tests.common import UnitTestTouch
    from kivy.uix.scrollview import ScrollView

    from companion.ui.widgets import BUSY, BidiLabel

    app = d.app
    yield 1.0
    checker = Checker(d)
    yield from d.settle()
    checker.check("home")
    assert not checker.failed, checker.failed
    resumes = app.screen("home").resumes
    d.report["listed"] = [button.logical for button in resumes.values()]
    oldest = resumes[d.report["oldest"]]
    scroll = next(p for p in iter_parents(oldest) if isinstance(p, ScrollView))
    if scroll.do_scroll_y:  # a finger scrolls the list to it
        scroll.scroll_to(oldest, padding=0, animate=False)
        yield from d.settle()
        checker.check("home, scrolled")
    seen, _ = shown_rect(oldest)  # a finger on the part of it in view
    assert seen is not None, "the oldest game cannot be scrolled into view"
    touch = UnitTestTouch((seen[0] + seen[2]) / 2, (seen[1] + seen[3]) / 2)
    started = time.monotonic()
    touch.touch_down()
    touch.touch_up()
    def veiled() -> bool:
        return any(w.logical == d.t(BUSY) for w in d.widgets(BidiLabel))

    # A scrolling list hands the touch on once it knows it is no swipe: then the veil, before the table.
    yield from d.until(lambda: veiled() or d.screen() == "table", "the tap on the oldest game")
    d.report["busy shown"] = veiled()
    yield from d.until(lambda: d.screen() == "table" and not d.modal_open(), "the oldest game to resume")
    d.report["resume s"] = round(time.monotonic() - started, 2)
    assert app.session.id == d.report["oldest"]
    yield from d.tap(d.t("Home"))
    d.report["listed after"] = [button.logical for button in app.screen("home").resumes.values()]


SCENARIOS = {"bots": bots, "resume-all": resume_all}


def stored(path: str, report: dict[str, Any]) -> None:
    """Four unfinished games of the three rule systems, the oldest The Last Covenant's, played by its bots into
    round 2."""
    from companion.games.covenant.bots import Bot
    from companion.games.covenant.data import default
    from companion.store import Store, StoredSession

    with Store(path) as store:
        covenant = store.start("covenant", {"heroes": ["knight", "rogue"], "seed": 3})
        assert isinstance(covenant, StoredSession)
        bot = Bot(default())
        while covenant.state.round < 2:
            covenant.submit(bot.decide(covenant.state, covenant.prompt()))
        report["oldest"] = covenant.id
        for game, setup in (("dungeon-roll", {"heroes": ["spellsword"], "seed": 1}),
                            ("descent", {"map": "boulder-run", "seed": 4}),
                            ("covenant", {"heroes": ["sorceress"], "seed": 1})):
            time.sleep(0.01)  # newer, as the store orders them
            assert isinstance(store.start(game, setup), StoredSession)


def main(argv: list[str]) -> int:
    scenario, lang, size, out = argv[1], argv[2], argv[3], Path(argv[4])
    report: dict[str, Any] = {}
    if scenario == "resume-all":
        stored(store_path(), report)
    driver = headless_app(lang, size, out, seed=1)
    driver.report.update(report)
    run_scenario(driver, SCENARIOS[scenario])
    print(json.dumps({"failure": driver.failure, **driver.report}))
    return 1 if driver.failure else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
