"""The screen explorer: whole games of The Last Covenant, Dungeon Roll and Descent played through the real app,
headless, by touches on the widgets that carry what a bot (or the random legal driver) chose, and every
screen checked as drawn after every tap (tests/ui/explore_checks.py, tests/ui/drawn.py). One process plays
the legs it is given, then stops; the next process of a chain opens the same store (a restart) and resumes:

    python tests/ui/explorer.py LANG WIDTHxHEIGHT SEED LEGS OUT_DIR

LEGS: comma-separated `GAME:TAPS` (GAME: covenant, covenant-end, dungeon-roll, descent or resume; TAPS: the
most taps the leg takes before it leaves the game unfinished). Run with SDL_VIDEODRIVER=offscreen,
KIVY_NO_ARGS=1 and a KIVY_HOME kept across the chain (test_explorer.py runs the chains). Along the way it
switches languages, taps Undo, opens a rule, and taps some targets several times in quick succession. It
prints one JSON line: taps, games, screens seen, each check's count, and the problems found.
"""

from __future__ import annotations

import json
import os
import random
import re
import sys
import time
import traceback
from collections import Counter
from collections.abc import Generator, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import explore_checks as ec
from harness import POSITION, Driver, iter_parents

from companion.config import Settings
from companion.core.drive import pick
from companion.core.flow import (
    Act,
    ActionPrompt,
    ChoicePrompt,
    Choose,
    Draw,
    Rejection,
    Roll,
    Throw,
)
from companion.core.messages import LANGS

Steps = Generator[float, None, None]
NAV = frozenset({"Home", "Settings", "Undo", "Tags & dice", "Back", "Close", "Done", "New game"})
"""Targets the random part of a choice leaves alone (the explorer taps them on purpose, now and then)."""
EXAMPLES = 6  # problems kept per check
RAPID_S = 0.06  # between the taps of a quick burst: a finger tapping as fast as it can
SETTLE_MIN_S = 0.05
EFFECT_POLLS = 10
DICE_SHOWN = frozenset({"throw", "thrown"})
"""Events whose outcome the screen shows as the dice themselves, not as their sentence."""
MAP_TOOLS = ("rubble", "big-monster", "hero", "monster", "boulder")
"""Descent's map, drawn as tests/ui/descent_play.py draws it, with one of each of these."""
TRACE = bool(os.environ.get("EXPLORE_TRACE"))  # every tap on stderr, with the seconds since the start
STARTED = time.monotonic()


class Explorer(Driver):
    def __init__(self, app: Any, out: Path, lang: Any, seed: int, home: Path) -> None:
        super().__init__(app, out, lang)
        self.rnd = random.Random(seed)
        self.home_dir = home
        self.counts: Counter[str] = Counter()
        self.found: dict[str, list[str]] = {}
        self.failed: Counter[str] = Counter()
        self.screens: set[str] = set()
        self.games: Counter[str] = Counter()
        self.refused: list[str] = []
        self.said: list[str] = []
        self.taken = 0
        self.prev: ec.Screen | None = None
        self.leg_taps = 0
        self.drawn_seen: dict[tuple[Any, ...], dict[str, list[str]]] = {}
        self.shown: list[tuple[str, Any, tuple[float, float]]] | None = None
        self.confirm_gaps: list[str] = []
        self.planned: Any = None  # Dungeon Roll's action the composer is putting together
        self._watch_inputs()

    # ---- what the engine took and refused ------------------------------------------------------------

    def _watch_inputs(self) -> None:
        table = self.app.table
        submit = table.submit

        def watched(inp: Any) -> Any:
            update = submit(inp)
            self.taken += len(update.accepted)
            if self.app.session.game != "covenant":  # The Last Covenant steps through its events with Next
                self.said.extend(self.app.ui().text(e.msg) for a in update.accepted for e in a.events
                                 if e.kind not in DICE_SHOWN)
            if update.rejection is not None:
                self.refused.append(f"{inp!r}: {update.rejection.code}")
            return update

        table.submit = watched

    # ---- recording problems --------------------------------------------------------------------------

    def report_problems(self, check: str, problems: list[str]) -> None:
        self.counts[check] += 1
        if not problems:
            return
        self.failed[check] += len(problems)
        if TRACE:
            print(f"   {check}: {problems}", file=sys.__stderr__)
        kept = self.found.setdefault(check, [])
        for problem in problems:
            key = re.sub(r"\d+", "#", problem)
            if len(kept) < EXAMPLES and all(re.sub(r"\d+", "#", k) != key for k in kept):
                kept.append(problem)

    # ---- the screen as drawn -------------------------------------------------------------------------

    def roots(self) -> list[Any]:
        from kivy.core.window import Window
        from kivy.uix.modalview import ModalView

        return [w for w in Window.children if isinstance(w, ModalView)] or [self.app.manager.current_screen]

    def snapshot(self, beneath: bool = False) -> ec.Screen:
        from kivy.core.window import Window
        from kivy.uix.scrollview import ScrollView
        from kivy.uix.textinput import TextInput

        from companion.ui.board import BoardView
        from companion.ui.descent.mapview import MapView
        from companion.ui.fonts import measurer
        from companion.ui.widgets import BidiLabel, TapLabel

        window: ec.Rect = (0.0, 0.0, float(Window.width), float(Window.height))
        boxes = []
        for root in [self.app.manager.current_screen] if beneath else self.roots():
            for w in root.walk():
                if w.get_parent_window() is None or w.width < 1 or w.height < 1 or _hidden(w):
                    continue
                parents = list(iter_parents(w))
                view: ec.Rect | None = window
                scrolled = False
                for p in parents:
                    if isinstance(p, ScrollView):
                        scrolled = True
                        view = ec.intersect(view, _rect(p)) if view is not None else None
                if view is None:
                    continue
                kind = ("button" if hasattr(w, "on_release") and isinstance(w, BidiLabel) else
                        "link" if isinstance(w, TapLabel) else "board" if isinstance(w, BoardView | MapView) else
                        "input" if isinstance(w, TextInput) else "label" if isinstance(w, BidiLabel) else "")
                if not kind:
                    continue
                text = str(getattr(w, "logical", "") or "")
                ink = None
                if isinstance(w, BidiLabel) and text:  # settled: Kivy has drawn its texture
                    measure = measurer(int(w.font_size), bool(w.bold))
                    widest = max((measure(line) for p in w.paragraphs for line in p), default=0.0)
                    width = min(widest, w.line_width) + w.padding[0] + w.padding[2]
                    x, y = w.to_window(*w.pos)
                    # The lines and the padding around them, as Kivy aligns them in the widget (the padding
                    # counted once: counted from the first glyph it had put a right-aligned title off the screen).
                    left = {"left": x, "right": x + w.width - width}.get(w.halign, x + (w.width - width) / 2)
                    height = float(w.texture_size[1])
                    ink = (left, y + (w.height - height) / 2, width, height)
                boxes.append(ec.Box(id(w), kind, text, _rect(w), view, ink, not w.disabled, scrolled,
                                    frozenset(id(p) for p in parents), _sticks_out(w) if ink else ""))
        return ec.Screen(self.screen_name(), str(self.app.lang), (float(Window.width), float(Window.height)),
                         boxes, frozenset(self.ending_labels()))

    def screen_name(self) -> str:
        return f"{self.screen()}{'+window' if self.modal_open() else ''}"

    def ending_labels(self) -> list[str]:
        prompt = getattr(self.app.table, "prompt", None)
        if not isinstance(prompt, ActionPrompt):
            return []
        return [self._label(o) for o in prompt.options if o.id in ec.ENDS_TURN]

    def _label(self, option: Any) -> str:
        from companion.ui.descent.table_screen import ACTION_NAMES

        if self.screen() == "descent-table" and option.id in ACTION_NAMES:
            return self.t(ACTION_NAMES[option.id])
        return str(self.app.ui().text(option.label))

    def signature(self, s: ec.Screen) -> str:
        session = self.app.session
        head = (session.head, len(session.inputs)) if session is not None else None
        # What a map or the board draws on its canvas comes from the editor's draft and the app's choices.
        drawn = (repr(self.app.descent), getattr(self.app, "confirming", None))
        return repr((s.name, head, drawn, [(b.kind, b.text, b.enabled, b.rect) for b in s.boxes],
                     [getattr(w, "selected", None) for w in self.widgets(object)]))

    def check(self, tap: ec.Tap | None = None, now: ec.Screen | None = None) -> ec.Screen:
        """Every check on the screen in front (`now`, if already read), and on the tap that led to it."""
        from drawn import Drawn, in_font
        from drawn import problems as drawn_problems

        from companion.ui.fonts import FONTS, measurer, script_of
        from companion.ui.widgets import BidiLabel

        now = now or self.snapshot()
        self.screens.add(re.sub(r"\d+", "#", repr((now.name, sorted({b.text for b in now.targets()})))))
        for name, check in ec.SCREEN_CHECKS.items():
            self.report_problems(name, check(now))
        for label in self.widgets(BidiLabel):
            if not label.logical or label.get_parent_window() is None or _hidden(label):
                continue
            bold = bool(label.bold)
            key = (label.logical, tuple(map(tuple, label.paragraphs)), label.line_width, bool(label.rtl),
                   int(label.font_size), bold)
            found = self.drawn_seen.get(key)
            if found is None:
                drawn = Drawn(label.logical, label.paragraphs, label.line_width, bool(label.rtl),
                              measurer(int(label.font_size), bold),
                              lambda ch, b=bold: ch == " " or in_font(FONTS[(script_of(ch), b)], ch))
                found = self.drawn_seen[key] = drawn_problems(drawn)
            for name in ("diacritics", "raw ids", "orphans", "brackets", "sums", "glyphs", "widths", "cyrillic"):
                self.report_problems(f"drawn: {name}", [f"{p} on {now.name}" for p in found.get(name, [])])
        if tap is not None:
            for name, tap_check in ec.TAP_CHECKS.items():
                self.report_problems(name, tap_check(tap))
            if self.prev is not None:
                self.report_problems("end not under finger", ec.end_not_under_finger(self.prev, tap, now))
            self.report_problems("outcome told", ec.outcome_told(tap, now, self.snapshot(beneath=True)
                                                                 if self.modal_open() and tap.said else None))
        self.prev = now
        return now

    # ---- touching -----------------------------------------------------------------------------------

    def settle(self) -> Steps:
        self.shown = None
        began = time.monotonic()
        yield from super().settle()
        if TRACE:
            print(f"   settled in {time.monotonic() - began:.2f}", file=sys.__stderr__)

    def targets(self) -> list[tuple[str, Any, tuple[float, float]]]:
        """Every enabled target on the screen in front: its text, widget and the point a finger takes (kept
        until the screen next settles)."""
        if self.shown is None:
            self.shown = self._targets()
        return self.shown

    def _targets(self) -> list[tuple[str, Any, tuple[float, float]]]:
        from kivy.uix.scrollview import ScrollView

        from companion.ui.widgets import BidiLabel, TapLabel

        found = []
        for w in self.widgets(BidiLabel):
            if (hasattr(w, "on_release") or isinstance(w, TapLabel)) and not w.disabled and w.logical \
                    and w.get_parent_window() is not None and not _hidden(w):
                scroll = next((p for p in iter_parents(w) if isinstance(p, ScrollView)), None)
                if scroll is not None and ec.intersect(_rect(w), _rect(scroll)) is None:
                    scroll.scroll_to(w, padding=0, animate=False)
                # A finger on the part in sight: a button half scrolled out has its centre under the view's edge.
                seen = ec.intersect(_rect(w), _rect(scroll)) if scroll is not None else None
                x, y, width, height = seen or _rect(w)
                found.append((str(w.logical), w, (x + width / 2, y + height / 2)))
        return found

    def tap_at(self, point: tuple[float, float], text: str, burst: int = 1) -> Steps:
        """A finger down and up at `point` (`burst` times in quick succession), then every check."""
        from kivy.tests.common import UnitTestTouch

        before_screen = self.snapshot()
        before = self.signature(before_screen)
        if self.prev is None or self.signature(self.prev) != before:  # something moved since the last check
            self.check(now=before_screen)
        taken, self.refused, self.said = self.taken, [], []
        ends = text in before_screen.ends_turn
        left = self.actions_left() if ends else 0
        self.shown = None
        if TRACE:
            print(f"{time.monotonic() - STARTED:7.2f} {before_screen.name}: {text!r} ×{burst}", file=sys.__stderr__)
        between: list[str] = []
        for i in range(burst):
            if i:
                yield RAPID_S
                # Read in the tick that gives the next tap, no frame of the app between: the burst keeps its pace.
                between.append(self.signature(self.snapshot()))
            touch = UnitTestTouch(*point)
            self.taps += 1
            self.leg_taps += 1
            touch.touch_down()
            touch.touch_up()
        yield SETTLE_MIN_S
        yield from self.settle()
        after_screen = self.snapshot()
        after = self.signature(after_screen)
        for _ in range(EFFECT_POLLS):  # a window fading out, a redraw on the next tick: a moment for the effect
            if after != before or self.taken != taken:
                break
            yield 0.05
            after_screen = self.snapshot()
            after = self.signature(after_screen)
        self.counts["taps checked"] += 1
        tap = ec.Tap(point, text, before_screen.name, before, after, self.taken - taken, tuple(self.refused), ends,
                     left, said=tuple(self.said), composed_empty=tuple(self.confirm_gaps), between=tuple(between))
        self.confirm_gaps = []
        if TRACE and ec.tap_took(tap):  # what was in front of the finger, to see why
            print(f"   dropped: {[(b.kind, b.text, b.enabled) for b in before_screen.targets()]} "
                  f"confirming={getattr(self.app, 'confirming', None)} notice={self.app.referee.notice}",
                  file=sys.__stderr__)
        self.check(tap, after_screen)


    def tap_text(self, text: str, burst: int = 1) -> Steps:
        chosen = [t for t in self.targets() if t[0] == text]
        assert chosen, f"no enabled {text!r} on {self.screen_name()}: {[t[0] for t in self.targets()]}"
        self.note_confirm(chosen[0][1])
        yield from self.tap_at(chosen[0][2], text, burst)

    def has(self, text: str) -> bool:
        return any(t[0] == text for t in self.targets())

    def note_confirm(self, widget: Any) -> None:
        """Before a Dungeon Roll Confirm: the parts of the action its composer left empty though it could
        fill them (the engine judges the action as given)."""
        screen = self.app.manager.current_screen
        composer = getattr(screen, "composer", None)
        if composer is None or getattr(widget, "logical", "") != self.t("Confirm"):
            return
        self.confirm_gaps = [slot for slot in composer.slots
                             if not composer.values.get(slot) and composer.candidates(slot) and slot != "target"]

    def actions_left(self) -> int:
        """The Last Covenant's actions left in the turn in play (its state counts them down)."""
        session = self.app.session
        return int(getattr(session.state, "actions", 0)) if session is not None and session.game == "covenant" else 0

    # ---- choosing ---------------------------------------------------------------------------------

    def chosen(self) -> list[str | tuple[str, tuple[float, float]]]:
        """What to tap next, as the bot or the random driver would answer the screen: texts in order, or a
        point on the board."""
        app, screen = self.app, self.screen()
        if self.modal_open():
            return [self.t("Close")]
        referee = app.referee
        if getattr(referee, "put_back", None):
            return [self.t("Done")]
        for text in ("See the summary", "See the scoreboard", "Go on"):
            if self.has(self.t(text)):
                return [self.t(text)]
        if getattr(referee, "steps", None) and self.has(self.t("Next")):
            return [self.t("Next")]
        if getattr(app, "confirming", None) is not None and self.has(self.t("Attack")):
            return [self.t("Attack")]
        if getattr(app.manager.current_screen, "ending", None) is not None:
            # End turn asked first with actions left (in place of the board): answered as a player would,
            # mostly yes (the turn was meant to end), now and then back to the board.
            return [self.t("Back" if self.rnd.random() < 0.2 else "Yes, end the turn")]
        prompt = app.table.prompt if app.session is not None else None
        if prompt is None:
            return []
        if screen == "dr-table" and getattr(app.manager.current_screen, "composer", None) is not None:
            return self.composing()
        inp = self.decide(prompt)
        if isinstance(inp, Roll | Throw):
            return [self.t("Let the app roll")]
        if isinstance(inp, Draw):
            return [self.t("Let the app draw")]
        if isinstance(inp, Choose) and isinstance(prompt, ChoicePrompt):
            return [str(app.ui().text(o.label)) for o in prompt.options if o.id == inp.option]
        if isinstance(inp, Act) and isinstance(prompt, ActionPrompt):
            from companion.ui.board import BoardView

            option = next(o for o in prompt.options if o.id == inp.action)
            texts: list[str | tuple[str, tuple[float, float]]] = [self._label(option)]
            if screen == "table" and inp.target is not None:
                state = app.session.state
                space = inp.target if inp.action in ("move", "reveal") else getattr(state.monster(inp.target),
                                                                                    "space", None)
                # On the board, not the heroes or the log, unless two monsters to attack stand on the space
                # (its notice says to choose with the buttons).
                there = [t for t in option.targets if getattr(state.monster(t), "space", None) == space]
                if space is not None and inp.action in ("move", "reveal", "attack") and self.rnd.random() < 0.7 \
                        and self.widgets(BoardView) and (inp.action != "attack" or len(there) == 1):
                    return [(space, self.board_point(space))]
                if inp.target in option.target_labels:
                    texts.append(str(app.ui().text(option.target_labels[inp.target])))
            if screen == "dr-table":
                self.planned = inp
            return texts
        return []


    def composing(self) -> list[str | tuple[str, tuple[float, float]]]:
        """Dungeon Roll's composer open: the dice of the planned action by their faces, then Confirm."""
        from companion.ui.dungeon_roll import board

        screen = self.app.manager.current_screen
        composer, inp = screen.composer, self.planned
        state = self.app.session.state
        wanted: list[str] = []
        if isinstance(inp, Act) and inp.action == composer.action:
            units = [inp.target] if inp.target else []
            units += [u for v in inp.args.values() if isinstance(v, list) for u in v if isinstance(u, str)]
            chosen = {u for v in composer.values.values() for u in v}
            wanted = [str(self.app.ui().text(board.unit_name(self.data_of(), state, u)))
                      for u in units if u not in chosen and u != "hero"]
        if composer.ready and (not wanted or self.rnd.random() < 0.2):
            return [self.t("Confirm")]
        return wanted[:1]

    def data_of(self) -> Any:
        return self.app.manager.current_screen.data

    def decide(self, prompt: Any) -> Any:
        state, game = self.app.session.state, self.app.session.game
        if self.rnd.random() < 0.3 or game == "descent":  # the random legal driver, now and then
            return pick(prompt, self.rnd)
        ends = [o for o in getattr(prompt, "options", []) if o.id in ec.ENDS_TURN]
        if ends and self.rnd.random() < 0.1:  # a table that ends a turn early (finding 2)
            return Act(actor=prompt.actor, action=ends[0].id)
        if game == "covenant":
            from companion.games.covenant.bots import Bot

            return Bot(self.app.data).decide(state, prompt)
        from companion.games.dungeon_roll.bots import Bot as DrBot

        return DrBot(self.data_of()).decide(state, prompt)

    def board_point(self, space: str) -> tuple[float, float]:
        from companion.ui.board import BoardView

        (board,) = self.widgets(BoardView)
        x, y = board.geometry.centre(space)
        return float(x), float(y)

    def random_target(self) -> Steps:
        from companion.ui.descent.mapview import MapView

        nav = {self.t(n) for n in NAV} | set(ec.LANGUAGE_NAMES)
        options = [t for t in self.targets() if t[0] not in nav and not t[0].startswith("R-")]
        maps = self.widgets(MapView)
        confirm = [t for t in options if t[0] == self.t("Confirm")]
        aiming = bool(maps) and self.screen() == "descent-table" and self.app.descent.aim is not None
        turns = [t for t in options if t[0] in (self.t("Turn"), self.t("Flip"))]
        if confirm and self.rnd.random() < 0.4:  # a template laid: confirmed, as a table would once it is placed
            options = confirm
        elif turns and not confirm and not self.template_fits() and self.rnd.random() < 0.8:
            # The template lies nowhere as turned now: turned or flipped towards a way it lies, as a table would (at
            # random, a lightning that lies one way of eight went 60 taps without it: "game goes on", seed 3211), or
            # let go when it lies no way at all.
            way = turned_to_fit(self.app.descent.aim, self.app.descent.rules, self.app.session.state)
            options = [t for t in options if t[0] == self.t(way or "Cancel")] or turns
        elif aiming and (not options or self.rnd.random() < 0.9):
            cell, side = self.aim_square()
            yield from self.tap_at(tuple(maps[0].to_window(*maps[0].point(cell, side))), f"square {cell}")
            return
        if not options:  # nothing but the way back (a window, the game's end): Back, Close, Done, to the game
            away = {self.t(n) for n in ("Home", "Settings", "Undo", "New game")} | set(ec.LANGUAGE_NAMES)
            options = [t for t in self.targets() if t[0] not in away]
        if not options:
            yield from self.settle()
            return
        text, widget, point = self.rnd.choice(options)
        self.note_confirm(widget)
        yield from self.tap_at(point, text)

    def aim_square(self) -> tuple[tuple[int, int], Any]:
        """A finger on Descent's map while an action is aimed: the squares the app marked as what it takes once
        a square was refused twice (that square, tapped again, changes nothing: the marks already say what
        to tap), else half the time a square the engine would take, asked of the aim as a table would see it
        marked (for a template, where it lies as turned now), and half the time any figure, or for a
        template any square (what the engine refuses must never be sent)."""
        app = self.app
        aim, state = app.descent.aim, app.session.state
        if aim.action == "door" and state.map.doors:
            door = self.rnd.choice(state.map.doors)
            return door.at, door.side
        if aim.offered:
            return self.rnd.choice([c for c in aim.offered if c != aim.refused] or list(aim.offered)), None
        takes = list(aim.answers(app.descent.rules, state)) if self.rnd.random() < 0.5 else []
        if aim.template and aim.actor is not None:
            # Half the time where the template, turned as it is, lies as the engine would take it: at random
            # alone, a figure with one place for it on a 48-square map went 60 taps without it (the long run).
            fits = self.template_fits() if self.rnd.random() < 0.5 else []
            takes = fits or [(x, y) for x in range(state.map.width) for y in range(state.map.height)]
        figures = [f.at for f in state.figures if f.alive]
        return self.rnd.choice(takes or figures), None

    def template_fits(self) -> list[tuple[int, int]]:
        """The squares where the template aimed on Descent's map, turned and flipped as it is now, lies as the
        engine would take it (not the square it lies on: tapped again, that turns it)."""
        aim, state, rules = self.app.descent.aim, self.app.session.state, self.app.descent.rules
        if aim is None or not aim.template or aim.actor is None:
            return []
        return [(x, y) for x in range(state.map.width) for y in range(state.map.height) if (x, y) != aim.anchor
                and not isinstance(rules.coverage(state, replace(aim, anchor=(x, y)).placed()), Rejection)]

    # ---- a game's turns -------------------------------------------------------------------------------

    def play(self, budget: int) -> Steps:
        """Taps until the game ends (its summary or scoreboard shown) or the budget is spent."""
        self.leg_taps = 0
        idle = 0
        taken_before = self.taken
        while self.leg_taps < budget:  # every tap below ends with the screen settled
            if self.taken != taken_before:  # the game moved: the random taps count again from none
                idle, taken_before = 0, self.taken
            if self.screen() in ("summary", "dr-end"):
                self.games["finished"] += 1
                return
            roll = self.rnd.random()
            if roll < 0.03 and self.has(self.t("Undo")):
                yield from self.tap_text(self.t("Undo"))
                continue
            if roll < 0.045 and self.has(self.t("Home")):
                yield from self.switch_language()
                continue
            links = [t for t in self.targets() if t[0].startswith(("R-", "§")) or "§" in t[0]]
            if roll < 0.06 and links:
                text, _, point = self.rnd.choice(links)
                yield from self.tap_at(point, text)
                continue
            wanted = self.chosen()
            burst = 3 if roll > 0.95 else 1
            step = next((w for w in wanted if isinstance(w, tuple) or self.has(w)), None)
            if isinstance(step, tuple):
                yield from self.tap_at(step[1], step[0], burst)
            elif step is not None:
                yield from self.tap_text(step, burst)
                rest = wanted[wanted.index(step) + 1:]
                for follow in rest:
                    yield from self.settle()
                    if isinstance(follow, str) and self.has(follow):
                        yield from self.tap_text(follow)
            else:
                idle += 1
                if TRACE and idle in (30, 45):
                    print(f"   idle {idle}: wanted {wanted}; {self.stuck()}", file=sys.__stderr__)
                yield from self.random_target()
            if idle > 60:
                self.report_problems("game goes on", [f"no way on found on {self.screen_name()}: wanted {wanted}; "
                                                      f"{self.stuck()}"])
                return
        self.games["left unfinished"] += 1

    def stuck(self) -> str:
        """What the screen holds when no way on is found: the prompt, Descent's aim or count, the targets."""
        prompt = self.app.table.prompt if self.app.session is not None else None
        return (f"prompt {prompt!r}; aim {getattr(self.app.descent, 'aim', None)!r}; "
                f"treachery {getattr(self.app.descent, 'treachery', None)!r}; "
                f"targets {[t[0] for t in self.targets()]}")

    def switch_language(self) -> Steps:
        """Home, the other language, and back to the game (every screen rebuilt in it)."""
        from companion.ui.home import other_languages

        yield from self.tap_text(self.t("Home"))
        _, name = self.rnd.choice(other_languages(self.app.lang))
        yield from self.tap_text(name)
        self.counts["language switches"] += 1
        if self.has(self.t("Back to the game")):
            yield from self.tap_text(self.t("Back to the game"))

    # ---- the legs ----------------------------------------------------------------------------------

    def window_closed(self) -> Steps:
        """A window the last leg left open closed (its last tap opened a rule), its fade waited out: the screen
        under it is the next leg's."""
        if self.has(self.t("Close")) and self.modal_open():
            yield from self.tap_text(self.t("Close"))
        yield from self.until(lambda: not self.modal_open(), "the window to close")
        yield from self.settle()

    def new_game(self, game: str) -> Steps:
        from companion.ui.games import TABLE_GAMES

        yield from self.window_closed()
        if self.screen() != "home":
            yield from self.tap_text(self.t("Home"))
        name = self.t(TABLE_GAMES[game].name)
        if not self.find(name).selected:
            yield from self.tap_text(name)
        yield from self.tap_text(self.t("New game"))
        if game == "covenant":
            yield from self.seat(["knight", "rogue"] if self.app.position else self.rnd.sample(
                sorted(self.app.heroes), 2), lambda h: str(self.app.ui().text(self.app.heroes[h])))
            yield from self.start_button()
            yield from self.settle()
            if self.screen() == "setup":
                yield from self.tap_text(self.t("Begin the game"))
                if self.screen() == "setup":
                    yield from self.tap_text(self.t("Begin anyway"))
        elif game == "dungeon-roll":
            from companion.games.dungeon_roll.data import default

            heroes = default().heroes
            yield from self.seat(self.rnd.sample(sorted(heroes), 1),
                                 lambda h: str(self.app.ui().text(heroes[h].novice.named())))
            yield from self.start_button()
        else:
            yield from self.descent_map()
        self.games[game] += 1

    def seat(self, heroes: list[str], name: Any) -> Steps:
        for hero in heroes:
            yield from self.tap_text(name(hero))

    def start_button(self) -> Steps:
        yield from self.settle()
        for text in ("Start the game", "Start a new game anyway"):
            if self.has(self.t(text)):
                yield from self.tap_text(self.t(text))
                yield from self.settle()
                if text == "Start a new game anyway":
                    yield from self.start_button()
                return

    def descent_map(self) -> Steps:
        from descent_play import EDITS, SIZE

        from companion.ui.descent.mapview import MapView
        from companion.ui.descent.setup_screens import TOOL_NAMES

        yield from self.start_button()
        yield from self.tap_text(self.t("{width} × {height} squares", width=SIZE[0], height=SIZE[1]))
        firsts = {tool: (tool, cell, side) for tool, cell, side in reversed(EDITS) if tool in MAP_TOOLS}
        for tool, cell, side in reversed(firsts.values()):
            if not self.find(self.t(TOOL_NAMES[tool])).selected:
                yield from self.tap_text(self.t(TOOL_NAMES[tool]))
            (view,) = self.widgets(MapView)
            yield from self.tap_at(tuple(view.to_window(*view.point(cell, side))), f"{tool} {cell}")
        if self.has(self.t("Start a new game anyway")):  # another game is unfinished: the editor asks first
            yield from self.tap_text(self.t("Start a new game anyway"))
            yield from self.settle()
        yield from self.tap_text(self.t("Start"))

    def resume(self) -> Steps:
        """After a restart: home offers every unfinished game by its heroes as they are now; one resumed."""
        yield 1.0
        yield from self.window_closed()
        if self.screen() != "home" and self.has(self.t("Home")):  # a leg before this one left a game in front
            yield from self.tap_text(self.t("Home"))
        expected = self.expected()
        offered = ec.resume_buttons([t[0] for t in self.targets()], self.t("Resume {game}", game=""))
        if self.has(self.t("Back to the game")):  # the game the app came back to by itself, with its heroes
            offered.append(", ".join(self.hero_names(self.app.lang)))
        self.report_problems("every game resumable", ec.every_game_resumable(expected, offered))
        buttons = [t for t in offered if self.has(t)] or [self.t("Back to the game")]
        if self.has(buttons[0]):
            yield from self.tap_text(self.rnd.choice(buttons))

    def expected(self) -> list[list[str]]:
        """The heroes of every unfinished game the chain left, by their names now, in this language."""
        kept = self.home_dir / "unfinished.json"
        stored = json.loads(kept.read_text()) if kept.exists() else {}
        ids = {str(s.id) for s in self.app.store.unfinished()}
        return [names.get(self.app.lang, []) for sid, names in stored.items() if sid in ids]

    def keep_heroes(self) -> None:
        """The game in play's heroes by their names now, in every language, for the next process."""
        session = self.app.session
        if session is None or self.app.over():
            return
        kept = self.home_dir / "unfinished.json"
        stored = json.loads(kept.read_text()) if kept.exists() else {}
        stored[str(session.id)] = {lang: self.hero_names(lang) for lang in LANGS}
        kept.write_text(json.dumps(stored))

    def hero_names(self, lang: Any) -> list[str]:
        session = self.app.session
        state = session.state
        if session.game == "dungeon-roll":
            from companion.ui.dungeon_roll.board import hero

            data = self.app.manager.get_screen("dr-table").data
            return [_in(hero(data, state, i), lang) for i in range(len(state.players))]
        if session.game == "covenant":
            return [_in(self.app.heroes[h], lang) for h in state.heroes]
        return []


def turned_to_fit(aim: Any, rules: Any, state: Any) -> str | None:
    """The button ("Turn" or "Flip") a table taps when the template aimed on Descent's map, turned and flipped as it
    is, lies nowhere as the engine would take it: Turn while one to three quarter turns more, the same face up, make
    it lie somewhere on the map; else Flip, when flipped it lies somewhere turned some way; None when it lies no
    way at all."""
    from companion.core.flow import Rejection
    from companion.games.descent.templates import TURNS

    def lies(turn: int, flip: bool) -> bool:
        return any(not isinstance(rules.coverage(state, replace(aim, anchor=(x, y), turn=turn, flip=flip).placed()),
                                  Rejection) for x in range(state.map.width) for y in range(state.map.height))

    at = TURNS.index(aim.turn)
    if any(lies(TURNS[(at + k) % len(TURNS)], aim.flip) for k in range(1, len(TURNS))):
        return "Turn"
    if any(lies(turn, not aim.flip) for turn in TURNS):
        return "Flip"
    return None


def _in(named: Any, lang: str) -> str:
    return str(named.get(lang) or named.get("en", ""))


def _rect(w: Any) -> ec.Rect:
    x, y = w.to_window(*w.pos)
    return float(x), float(y), float(w.width), float(w.height)


def _hidden(w: Any) -> bool:
    return w.opacity == 0 or any(p.opacity == 0 for p in iter_parents(w))


def _sticks_out(w: Any) -> str:
    from kivy.uix.modalview import ModalView
    from kivy.uix.screenmanager import Screen
    from kivy.uix.scrollview import ScrollView

    for p in iter_parents(w):
        if isinstance(p, ScrollView):
            return ""
        if not ec.inside(_rect(w), _rect(p)):
            return type(p).__name__
        if isinstance(p, Screen | ModalView):
            return ""
    return ""


def legs(d: Explorer, plan: str) -> Iterator[float]:
    yield 1.0
    yield from d.settle()
    d.check()
    for leg in plan.split(","):
        game, _, taps = leg.partition(":")
        budget = int(taps or 60)
        if game == "resume":
            yield from d.resume()
        else:
            d.app.position = POSITION if game == "covenant-end" else {}  # near its end, or from its start
            yield from d.new_game("covenant" if game == "covenant-end" else game)
        if d.screen() in ("table", "dr-table", "descent-table"):
            yield from d.play(budget)
        d.keep_heroes()


def explorer_app(lang: str, size: str, seed: int, out: Path) -> Explorer:
    """The app as `companion run` builds it at this window size, on simulated devices and a store beside
    KIVY_HOME (the same for every process of a chain), with the explorer that plays it."""
    width, height = size.split("x")
    from kivy.config import Config

    Config.set("graphics", "width", width)
    Config.set("graphics", "height", height)
    Config.set("graphics", "maxfps", "20")  # a frame a settling poll: the explorer's time goes to its checks
    from companion.commands.run import build_app

    home = Path(os.environ["KIVY_HOME"])
    settings = Settings()
    settings.ui.lang = next(known for known in LANGS if known == lang)
    settings.store.path = str(home.parent / "sessions.sqlite3")
    settings.tray.backend, settings.nfc.backend, settings.gpio.backend = "simulated", "emulated", "mock"
    app = build_app(settings, "/etc/crypt-companion/config.toml", seed=seed)
    return Explorer(app, out, settings.ui.lang, seed, home.parent)


def main(argv: list[str]) -> int:
    lang, size, seed, plan, out = argv[1], argv[2], int(argv[3]), argv[4], Path(argv[5])
    driver = explorer_app(lang, size, seed, out)
    app = driver.app
    app.bind(on_start=lambda *_: driver.start(legs(driver, plan)))
    try:
        app.run()
    except Exception:
        driver.failure = traceback.format_exc()
    print(json.dumps({"taps": driver.taps, "games": dict(driver.games), "screens": sorted(driver.screens),
                      "counts": dict(driver.counts), "failed": dict(driver.failed), "found": driver.found,
                      "failure": driver.failure}, ensure_ascii=False), flush=True)
    return 1 if driver.failure else 0


if __name__ == "__main__":
    # The app has stopped and closed its store; a device thread still running must not hold the process.
    os._exit(main(sys.argv))
