"""Runs the real app headless and plays it like a table would: touches on the screen, events from the
devices on the queue, a screenshot of every screen. One Kivy app per process, so tests run this as

    python tests/ui/harness.py SCENARIO LANG WIDTHxHEIGHT OUT_DIR

with SDL_VIDEODRIVER=offscreen, KIVY_NO_ARGS=1 and a temporary KIVY_HOME (see test_app.py). It prints
one JSON line with the screenshots taken and the checks run, and exits 1 with the traceback when a
check fails.
"""

from __future__ import annotations

import json
import os
import re
import sys
import time
import traceback
from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import Any

from close_apart import close_apart
from descent_findings import findings as descent_findings
from descent_play import descent
from dr_explored import explored as dungeon_roll_explored
from dr_findings import findings as dungeon_roll_findings
from dr_hardware import dungeon_roll_tray
from dr_scenario import dungeon_roll, dungeon_roll_duo

from companion.config import Settings
from companion.core.events import DiceRolling, DiceThrown, DomainEvent, SettledDie
from companion.core.flow import Act, ActionPrompt, CardPrompt, ChoicePrompt, DiePrompt
from companion.core.messages import LANGS, Lang, Naming
from companion.store import Problem
from companion.ui.theme import MIN_TOUCH_MM, MM_PER_PX_7IN

Scenario = Callable[["Driver"], Generator[float, None, None]]
CYRILLIC = re.compile(r"[\u0400-\u04ff]")
SETTLE_S = 0.25  # frames drawn between a change and its screenshot


class Driver:
    def __init__(self, app: Any, out: Path, lang: Lang) -> None:
        self.app, self.out, self.lang = app, out, lang
        self.shots: list[str] = []
        self.checks = 0
        self.failure = ""
        self.report: dict[str, Any] = {}
        self.panel_places: dict[str, set[tuple[str, tuple[float, ...]]]] = {}  # per screen
        self.taps = 0  # every finger on the screen or on a physical button, for the tap count
        self.veiled = False  # whether the last tap raised the busy veil ("Loading…")

    # ---- running a scenario: a generator that yields the seconds to wait before its next step ----

    def start(self, steps: Iterator[float]) -> None:
        from kivy.clock import Clock

        def advance(_dt: float) -> None:
            try:
                Clock.schedule_once(advance, next(steps))
            except StopIteration:
                self.app.stop()
            except Exception:
                self.failure = traceback.format_exc()
                self.app.stop()

        Clock.schedule_once(advance, 0)

    # ---- finding and touching widgets -------------------------------------------------------------

    def widgets(self, kind: type) -> list[Any]:
        from kivy.core.window import Window
        from kivy.uix.modalview import ModalView

        roots = [w for w in Window.children if isinstance(w, ModalView)] or [self.app.manager.current_screen]
        return [w for root in roots for w in root.walk() if isinstance(w, kind)]

    def find(self, text: str, kind: type | None = None, count: int = 1) -> Any:
        """The one widget (or the last of `count`) that reads `text` on the screen in front."""
        from companion.ui.widgets import BidiLabel, BigButton

        wanted = kind or BigButton
        found = [w for w in self.widgets(wanted) if isinstance(w, BidiLabel) and w.logical == text]
        assert len(found) == count, f"{len(found)} {wanted.__name__} read {text!r} on {self.screen()}"
        return found[-1]

    def settle(self) -> Generator[float, None, None]:
        """Waits until the screen in front stops moving: a redraw and its layout take a few frames."""
        def layout() -> list[tuple[int, tuple[float, ...]]]:
            return [(id(w), (*w.to_window(*w.pos), *w.size)) for w in self.widgets(object)]

        before = layout()
        since = time.monotonic()
        while time.monotonic() - since < 10.0:  # a loaded machine draws a frame in a second or more
            asked = time.monotonic()
            yield 0.05
            held = time.monotonic() - asked
            if held > 1.0:  # the app held the loop (a stored game replayed behind its veil): not time spent moving
                since += held
            now = layout()
            if now == before:
                return
            before = now
        raise AssertionError(f"the {self.screen()} screen never settled")

    def until(self, done: Callable[[], bool], what: str, most: float = 15.0) -> Generator[float, None, None]:
        """Waits (the app running) until `done()`: a device's answer takes a few polls."""
        waited = 0.0
        while not done():
            assert waited < most, f"after {most} s, still waiting for {what} on {self.screen()}"
            yield 0.05
            waited += 0.05

    def tap_board(self, space: str) -> Generator[float, None, None]:
        """A finger on a space of the board."""
        from kivy.tests.common import UnitTestTouch

        from companion.ui.board import BoardView

        yield from self.settle()
        (board,) = self.widgets(BoardView)
        touch = UnitTestTouch(*board.geometry.centre(space))
        self.taps += 1
        touch.touch_down()
        touch.touch_up()
        yield SETTLE_S

    def press(self, button: str) -> None:
        """A finger on a physical button: its mock pin driven low, then released."""
        pins = self.app.settings.gpio.pins
        pin = self.app.table.outputs.factory.pin(getattr(pins, button))
        self.taps += 1
        pin.drive_low()
        pin.drive_high()

    def show_rule(self, rule: str, shot: str) -> Generator[float, None, None]:
        """A short tap on a rule citation (it looks like a link) shows the rule, shot, then closed."""
        from companion.ui.rulebook import cite
        from companion.ui.widgets import TapLabel

        yield from self.settle()
        citation = self.find(self.app.ui().text(cite(rule)), kind=TapLabel)
        touch = self._touch(citation)
        self.taps += 1
        touch.touch_down()
        touch.touch_up()
        yield from self.until(self.modal_open, "the rule to open on a short tap", most=2.0)
        yield 0.5  # the window fades in
        yield from self.settle()
        self.find(self.t("Close"))
        yield from self.shot(shot)
        yield from self.tap(self.t("Close"))
        yield from self.until(lambda: not self.modal_open(), "the rule window to fade out")

    def tap(self, text: str, count: int = 1) -> Generator[float, None, None]:
        """A finger on the button that reads `text` (the last of `count` that do); fails unless the button
        took it (a hidden or covered button would not)."""
        yield from self.settle()
        button = self.find(text, count=count)
        assert not button.disabled, f"{text!r} is disabled"
        yield from self.touch(button)

    def touch(self, button: Any, then: Callable[[], None] = lambda: None) -> Generator[float, None, None]:
        """A finger on this button, its list scrolled until it is in view, and `then` at once as the finger lifts
        (before the screen redraws); fails unless the button took the touch (a hidden or covered one would not)."""
        from kivy.uix.scrollview import ScrollView

        scroll = next((p for p in iter_parents(button) if isinstance(p, ScrollView)), None)
        if scroll is not None:
            scroll.scroll_to(button, padding=0, animate=False)
            yield from self.settle()
        released: list[bool] = []
        button.bind(on_release=lambda *_: released.append(True))
        touch = self._touch(button)
        self.taps += 1
        touch.touch_down()
        touch.touch_up()
        then()
        self.veiled = self.modal_open()  # a busy veil is up as the finger lifts, before its work holds the loop
        yield SETTLE_S
        assert released, f"the touch on {getattr(button, 'logical', button)!r} did not reach it"

    def watch_submits(self, seen: Callable[[Any], None]) -> None:
        """`seen` is given the table's every update from now on, whatever sent its input (a tap, a device)."""
        submit = self.app.table.submit

        def watched(inp: Any) -> Any:
            update = submit(inp)
            seen(update)
            return update

        self.app.table.submit = watched

    def modal_open(self) -> bool:
        from kivy.core.window import Window
        from kivy.uix.modalview import ModalView

        return any(isinstance(w, ModalView) for w in Window.children)

    def _touch(self, widget: Any) -> Any:
        from kivy.tests.common import UnitTestTouch

        return UnitTestTouch(*widget.to_window(*widget.center))

    def t(self, msgid: str, **fields: Any) -> str:
        return self.app.ui().t(msgid, **fields)

    def screen(self) -> str:
        return str(self.app.manager.current)

    # ---- what every screen must satisfy -----------------------------------------------------------

    def shot(self, name: str) -> Generator[float, None, None]:
        from kivy.core.window import Window

        yield from self.settle()
        self.check_drawn(name)
        self.check_screen()
        taken = Path(Window.screenshot(str(self.out / f"{name}.png")))
        final = self.out / f"{name}.png"
        taken.replace(final)
        self.shots.append(final.name)

    def check_drawn(self, name: str) -> None:
        """Every visual line handed to Kivy, written to NAME.txt top to bottom, and checked as a reader
        would read it (tests/ui/drawn.py)."""
        from drawn import Drawn, in_font, problems

        from companion.ui.fonts import FONTS, measurer, script_of
        from companion.ui.widgets import BidiLabel

        shown = []
        for label in self.widgets(BidiLabel):
            if not label.logical or label.get_parent_window() is None or label.opacity == 0:
                continue
            x, y = label.to_window(*label.pos)
            shown.append((-round(y + label.height), -x if label.rtl else x, label))
        lines, found = [], []
        for _, _, label in sorted(shown, key=lambda entry: entry[:2]):
            lines.extend(line for paragraph in label.paragraphs for line in paragraph)
            bold = bool(label.bold)
            drawn = Drawn(label.logical, label.paragraphs, label.line_width, bool(label.rtl),
                          measurer(int(label.font_size), bold),
                          lambda ch, b=bold: ch == " " or in_font(FONTS[(script_of(ch), b)], ch))
            found.extend(f"{check}: {problem}" for check, listed in problems(drawn).items() for problem in listed)
            self.checks += 1
        (self.out / f"{name}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
        assert not found, f"on {name}:\n" + "\n".join(found)

    def check_screen(self) -> None:
        """Touch targets of at least 9 mm on the 7" screen (scaled with the window), no text taller
        than its box, and in Arabic no text left untranslated."""
        from companion.ui.bidi import has_rtl
        from companion.ui.widgets import BidiLabel, BigButton

        for label in self.widgets(BidiLabel):
            if label.logical and label.get_parent_window() is not None:
                label.texture_update()
                overflow = label.texture_size[1] - label.height
                assert overflow <= 2, f"{label.logical!r} needs {overflow:.0f} px more on {self.screen()}"
                assert_inside(label)
                if label.align == "start":
                    side = "right" if self.app.lang == "ar" else "left"
                    assert label.halign == side, f"{label.logical!r} is aligned {label.halign}"
                if has_rtl(label.logical):
                    assert "NotoSansArabic" in label.text, f"{label.logical!r} is drawn without the Arabic font"
                self.checks += 1

        scale = self.app.ui().scale
        floor = MIN_TOUCH_MM / MM_PER_PX_7IN * scale
        for button in self.widgets(BigButton):
            assert min(button.size) >= floor, f"{button.logical!r} is {button.size}, under {floor:.0f} px"
            self.checks += 1
        if self.lang == "ar" and self.app.lang == "ar":
            for label in self.widgets(BidiLabel):
                text = label.logical
                if any(ch.isalpha() for ch in text) and text not in ("English", "Беларуская"):
                    assert has_rtl(text), f"untranslated on {self.screen()}: {text!r}"
                    self.checks += 1
        if self.lang == "be" and self.app.lang == "be":
            self.check_belarusian()

    def check_belarusian(self) -> None:
        """Issue 11: in Belarusian every label reads left to right, in Noto Sans (which has ў, і and ’), and
        says something Belarusian; a data name still without its `be` reads English until it has one."""
        from companion.ui.fonts import FONTS
        from companion.ui.widgets import BidiLabel

        english_only = {n.en for table in vars(self.app.data).values() if isinstance(table, dict)
                        for n in table.values() if isinstance(n, Naming) and not n.be}
        for label in self.widgets(BidiLabel):
            text = label.logical
            if not text or label.get_parent_window() is None:
                continue
            assert not label.rtl, f"{text!r} is laid out right to left on {self.screen()}"
            if CYRILLIC.search(text):
                assert str(FONTS[("latin", bool(label.bold))]) in label.text, f"{text!r} is not drawn in Noto Sans"
            elif any(ch.isalpha() for ch in text) and text not in {"English", "العربية"} | english_only:
                raise AssertionError(f"untranslated on {self.screen()}: {text!r}")
            self.checks += 1

    def post(self, event: DomainEvent) -> None:
        self.app.table.events.put(event)


def iter_parents(widget: Any) -> Iterator[Any]:
    parent = widget.parent
    while parent is not None and parent is not parent.parent:
        yield parent
        parent = parent.parent


def assert_inside(widget: Any) -> None:
    """The widget lies within every box that holds it, up to its screen (a scroll view's content
    may be larger than the view: that is what scrolling is for)."""
    from kivy.uix.modalview import ModalView
    from kivy.uix.screenmanager import Screen
    from kivy.uix.scrollview import ScrollView

    x, y = widget.to_window(*widget.pos)
    parent = widget.parent
    while parent is not None and not isinstance(parent, ScrollView):
        px, py = parent.to_window(*parent.pos)
        inside = (px - 1 <= x and x + widget.width <= px + parent.width + 1
                  and py - 1 <= y and y + widget.height <= py + parent.height + 1)
        assert inside, f"{widget.logical!r} sticks out of its {type(parent).__name__}"
        if isinstance(parent, Screen | ModalView):
            return
        parent = parent.parent


POSITION = {"falls": 5, "heroes": {"knight": {"space": "t7"}, "rogue": {"space": "m4", "hp": 1}},
            "monsters": [{"uid": "m1", "kind": "goblin", "space": "m4"},
                         {"uid": "m2", "kind": "goblin", "space": "m4"}],
            "next_uid": 3}
"""A game laid near its end: five falls already, the Rogue on 1 HP beside two Goblins; the Knight beside
two closed rooms. The first monster phase ends it."""


def at_position(d: Driver, heroes: tuple[str, ...] = ("knight", "rogue"), position: dict[str, Any] | None = None
                ) -> Generator[float, None, None]:
    """A stored game of these heroes set at `position` (`POSITION`), resumed on the table and settled."""
    from companion.store import StoredSession

    app = d.app
    session = app.store.start("covenant", {"heroes": list(heroes), "seed": 1, "position": position or POSITION})
    assert isinstance(session, StoredSession), session
    app.resume(session.id)
    yield from d.until(lambda: app.session is not None and not d.modal_open(), "the game to load")
    yield from d.settle()


def names(d: Driver, table: str, key: str) -> str:
    return str(d.app.ui().text(getattr(d.app.data, table)[key].named()))


def simulated(d: Driver, button: str, shot: str = "") -> Generator[float, None, None]:
    """A hand on the simulated hardware: the panel opened, one of its buttons tapped. Every button stays
    where it was the last time the panel opened on that screen (issue 17, finding 10: used markers grey
    out in place)."""
    from companion.ui.widgets import BigButton

    yield from d.tap(d.t("Tags & dice"))
    yield from d.settle()
    places = {(b.logical, tuple(b.to_window(*b.pos))) for b in d.widgets(BigButton)}
    before = d.panel_places.setdefault(d.screen(), places)
    assert places == before, f"the panel's buttons moved: {sorted(places ^ before)[:4]}"
    if shot:  # every text whole: "random" unbroken (finding 10)
        yield from d.shot(shot)
    yield from d.tap(button)
    yield from d.until(lambda: not d.modal_open(), "the panel to fade out")


def tag(d: Driver, button: str, read: Callable[[], bool], what: str) -> Generator[float, None, None]:
    """A token tapped on the emulated reader, tapped again (as a player would) if the reader could not
    read it: on a loaded machine an nfcpy exchange over UDP may time out ("this tag cannot be read")."""
    notices = []
    for _ in range(3):
        yield from simulated(d, button)
        waited = 0.0
        while not read() and waited < 5.0:
            yield 0.05
            waited += 0.05
        if read():
            return
        notices.append(d.app.referee.notice or d.app.notice)
    raise AssertionError(f"{what}: three taps not read; notices {notices}")


def whole_game(d: Driver) -> Generator[float, None, None]:
    """Home with the devices' status, the settings, a new game joined by a touch and by a hero card on the
    emulated reader, the setup checklist, then a real game: a move taken back with Undo, a room revealed
    by its marker on the reader, the trap die thrown in the simulated tray, an attack with its odds, the
    monster phase step by step, the summary; and a rule shown by a tap on its citation. The physical Next button
    confirms the attack and one step."""
    lang, app = d.lang, d.app
    yield from d.until(lambda: all(r.state is not None for r in app.status.rows.values()), "the devices report")
    yield 1.0  # the first frames (a screenshot taken earlier comes out blank)
    yield from d.shot(f"home-{lang}")
    yield from d.tap(d.t("Settings"))
    yield from d.shot(f"settings-{lang}")
    yield from d.tap(d.t("Home"))

    yield from d.tap(d.t("New game"))
    yield from d.tap(names(d, "heroes", "knight"))
    yield from tag(d, d.t("Hero card: {hero}", hero=d.app.data.heroes["rogue"].named()),
                   lambda: app.lobby.heroes == ["knight", "rogue"], "the Rogue's card")
    yield from d.shot(f"newgame-{lang}")
    yield from d.tap(d.t("Start the game"))
    assert d.screen() == "setup"
    yield from setup_checklist(d)
    yield from d.shot(f"setup-{lang}")
    yield from d.tap(d.t("Begin the game"))
    assert d.screen() == "setup", "the game began with steps unticked, without asking"
    yield from d.tap(d.t("Begin anyway"))
    assert d.screen() == "table" and app.session is not None
    yield from d.shot(f"table-board-{lang}")

    yield from d.tap_board("t6")
    assert app.session.state.heroes["knight"].space == "t6"
    yield from d.tap(d.t("Undo"))
    assert app.session.state.heroes["knight"].space == "t7" and app.referee.put_back
    yield from d.shot(f"table-undo-{lang}")
    yield from d.tap(d.t("Done"))
    yield from d.tap(d.t("Home"))
    yield from d.shot(f"home-playing-{lang}")  # "Back to the game" and a resume button whole (finding 10)
    yield from d.tap(d.t("Back to the game"))
    yield from d.tap(d.t("Heroes"))
    yield from d.shot(f"table-heroes-{lang}")
    yield from d.tap(d.t("Log"))
    yield from d.shot(f"table-log-{lang}")
    yield from d.tap(d.t("Board"))

    yield from tag(d, d.t("{room} marker {number}", room=d.t("Trap"), number=7),
                   lambda: app.table.held_marker == "z1-trap-1", "the trap room's marker")
    assert app.referee.notice is not None and app.referee.notice.id.startswith("Tap on the screen the room")
    yield from d.tap_board("room3")
    assert app.session.state.board.revealed.get("room3") == "z1-trap-1", app.session.state.board.revealed
    assert app.referee.steps[0].kind == "room"  # the door token and the Knight moving in, on the main panel
    yield from d.shot(f"table-reveal-{lang}")
    yield from d.tap(d.t("Next"))
    yield from d.shot(f"table-die-{lang}")
    # The wrong die in the tray: the refusal stays in its own lines, the faces on screen (finding 10).
    d.post(DiceThrown("tray", [SettledDie("t1", "treasure", "gold")]))
    yield from d.until(lambda: app.referee.notice is not None, "the wrong die is refused")
    yield from d.shot(f"table-refusal-{lang}")
    yield from simulated(d, names_face(d, "trap", "teleport"), f"simulated-{lang}")
    yield from d.until(lambda: bool(app.referee.steps), "the tray's throw is ruled")
    assert app.referee.steps[0].kind == "trap"
    yield from d.shot(f"table-step-{lang}")
    yield from d.tap(d.t("Next"))
    assert app.referee.steps[0].rule == "§Events and traps"
    yield from d.show_rule("§Events and traps", f"rule-{lang}")
    while app.referee.steps:
        yield from d.tap(d.t("Next"))

    # Undo the reveal: the marker and the trap die it got stand when the door is opened again (R-STORE-1).
    yield from d.tap(d.t("Undo"))
    # The Knight back out of the room, the door token off it (its marker lies there, face down again);
    # then what stands if the door is opened again: the marker and the trap die seen (R-STORE-2).
    said = [m.id for m in app.referee.put_back]
    assert "room3" not in app.session.state.board.revealed and len(said) == 4, said
    assert sum(m.startswith("The same choice again") for m in said) == 2, said
    yield from d.tap(d.t("Done"))
    yield from d.tap_board("room3")
    yield from d.shot(f"table-kept-{lang}")
    yield from d.tap(d.t("Go on"))
    while app.referee.steps:
        yield from d.tap(d.t("Next"))
    d.press("next")  # the kept trap die, taken by the physical button
    yield from d.until(lambda: bool(app.referee.steps), "the kept die is taken")
    assert [e.kind for e in app.referee.steps] == ["trap", "teleport"]
    assert app.session.state.heroes["knight"].space != "room3" and app.session.head == len(app.session.inputs)
    while app.referee.steps:
        yield from d.tap(d.t("Next"))

    yield from end_turn(d)
    yield from d.tap(app.ui().text(option_label(app, "attack")))
    yield from d.tap(app.ui().text(target_label(app, "attack", "m2")), count=2)
    assert app.confirming is not None
    yield from d.shot(f"table-odds-{lang}")
    d.press("next")
    yield from d.until(lambda: app.confirming is None and isinstance(app.table.prompt, DiePrompt),
                       "the Next button confirms the attack")
    from companion.ui.widgets import BidiLabel

    d.post(DiceRolling("tray"))  # the tray felt a die start rolling: held steady for the screenshot
    yield from d.until(lambda: any(w.logical == d.t("Rolling…") for w in d.widgets(BidiLabel)), "rolling…")
    yield from d.shot(f"table-rolling-{lang}")
    yield from simulated(d, "5")
    yield from d.until(lambda: isinstance(app.table.prompt, ChoicePrompt), "the die is ruled")
    yield from d.tap(app.ui().text(option_label(app, "keep")))
    assert app.referee.steps and app.referee.steps[0].kind in ("hit", "miss")
    yield from d.shot(f"table-hit-{lang}")
    while app.referee.steps:
        yield from d.tap(d.t("Next"))
    # Seed 1 deals a 10 and the tray threw a 5: m2 is dead, and a tap on m4 aims at the Goblin left there.
    assert [m.uid for m in app.session.state.monsters] == ["m1"]
    yield from d.tap_board("m4")
    assert app.confirming == Act("rogue", "attack", "m1"), app.confirming
    yield from d.tap(d.t("Back"))

    yield from end_turn(d, f"table-end-{lang}")
    assert app.referee.steps[0].kind == "monster-phase"
    yield from d.tap(d.t("Next"))
    yield from d.shot(f"table-monsters-{lang}")
    left = len(app.referee.steps)
    d.press("next")
    yield from d.until(lambda: len(app.referee.steps) < left, "the Next button confirms a step")
    while app.referee.steps:
        yield from d.tap(d.t("Next"))
    assert app.session.state.outcome == "defeat:falls"
    yield from d.tap(d.t("See the summary"))
    yield from d.shot(f"summary-{lang}")
    stored = app.store.sessions()[0]
    assert stored.outcome == "defeat:falls" and stored.head == len(app.session.inputs)

    if lang == "ar":
        yield from d.tap(d.t("Home"))
        yield from d.tap("English")
        yield from d.until(lambda: not d.modal_open(), "the screens in English")
        assert app.lang == "en" and d.find("New game").logical == "New game"
        from companion.ui.prefs import load_lang

        assert load_lang(app.settings.store.path) == "en", "the language chosen is not kept for the next start"
    if lang == "be":  # three languages: the home screen switches to either of the other two
        from companion.ui.widgets import BigButton

        yield from d.tap(d.t("Home"))
        assert {b.logical for b in d.widgets(BigButton)} >= {"English", "العربية"}
        yield from d.tap("العربية")
        yield from d.until(lambda: not d.modal_open(), "the screens in Arabic")
        assert app.lang == "ar" and d.find("لعبة جديدة").logical == "لعبة جديدة"


def setup_checklist(d: Driver) -> Generator[float, None, None]:
    """Issue 17, finding 8: the checklist scrolled to its end shows the last step whole, and a tick keeps
    the list where it is (the next tap lands where the finger expects)."""
    from kivy.uix.scrollview import ScrollView

    (scroll,) = d.widgets(ScrollView)
    scroll.scroll_y = 0
    yield from d.settle()
    last = d.find(str(d.app.screen("setup").steps))
    line = last.parent
    _, sy = scroll.to_window(*scroll.pos)
    _, ly = line.to_window(*line.pos)
    assert ly >= sy - 1 and ly + line.height <= sy + scroll.height + 1, "the last step cannot be seen whole"
    yield from d.tap(last.logical)
    assert last.selected and scroll.scroll_y < 0.01, f"a tick moved the list to {scroll.scroll_y}"
    yield from d.tap("1")


def end_turn(d: Driver, shot: str = "") -> Generator[float, None, None]:
    """End turn tapped; with actions left the screen asks once (issue 21, finding 2), and is answered."""
    actions = d.app.session.state.actions
    yield from d.tap(d.app.ui().text(option_label(d.app, "end")))
    if actions:
        if shot:
            yield from d.shot(shot)
        yield from d.tap(d.t("Yes, end the turn"))


def option_label(app: Any, option: str) -> Any:
    prompt = app.table.prompt
    found = next((o.label for o in prompt.options if o.id == option), None)
    assert found is not None, f"no {option!r} in {prompt}"
    return found


def target_label(app: Any, option: str, target: str) -> Any:
    prompt = app.table.prompt
    return next(o.target_labels[target] for o in prompt.options if o.id == option)


def names_face(d: Driver, die: str, face: str) -> str:
    return str(d.app.ui().text(d.app.names.faces(die)[face]))


def screens_only(d: Driver) -> Generator[float, None, None]:
    """At another window size (they must lay out at 1280×720 and 1920×1080 too): home offers the stored
    unfinished game, which resumes where it stopped."""
    yield 1.2
    size = "x".join(str(int(v)) for v in d.app.manager.size)
    yield from d.shot(f"home-{d.lang}-{size}")
    yield from d.tap(d.t("New game"))
    yield from d.shot(f"newgame-{d.lang}-{size}")
    yield from d.tap(d.t("Home"))
    hero = names(d, "heroes", "sorceress")
    game = d.t("The Last Covenant")
    where = d.t("round {round}", round=1)
    yield from d.tap(d.t("Resume {game}: {heroes}, {where}", game=game, heroes=hero, where=where))
    yield from d.until(lambda: not d.modal_open(), "the stored game to load")
    assert d.screen() == "table" and d.app.session.state.heroes["sorceress"].space == "t3"
    yield from d.shot(f"table-board-{d.lang}-{size}")
    # Issue 17, finding 11: with a game in progress, "New game" says so before anything is lost.
    yield from d.tap(d.t("Home"))
    yield from d.tap(d.t("New game"))
    from companion.ui.newgame_screen import IN_PROGRESS
    from companion.ui.widgets import BidiLabel

    d.find(d.app.ui().text(IN_PROGRESS), kind=BidiLabel)


GOALS = {"attack": 2, "move": 1, "reveal": 1, "end": 1}
"""Taps an action may take (issue 17), besides the throw, the marker and one Next per physical step."""


def two_rounds(d: Driver) -> Generator[float, None, None]:
    """Two full rounds played by taps only, from the home screen, each tap counted: per action the taps
    that choose it, the throws and markers, and the Nexts that confirm its physical steps; per monster
    phase the Nexts beside the monsters that acted. Printed as the "taps" of the report."""
    app = d.app
    yield 1.0
    yield from d.tap(d.t("New game"))
    yield from d.tap(names(d, "heroes", "knight"))
    yield from d.tap(names(d, "heroes", "rogue"))
    yield from d.tap(d.t("Start the game"))
    yield from d.tap(d.t("Begin the game"))
    if d.screen() == "setup":
        yield from d.tap(d.t("Begin anyway"))
    d.report["pregame"] = d.taps
    actions: list[dict[str, Any]] = []
    moved: set[tuple[int, str]] = set()
    while app.session.state.outcome is None and (app.session.state.round <= 2 or app.referee.steps):
        yield from d.settle()
        state = app.session.state
        if app.referee.steps and app.referee.steps[0].kind == "monster-phase":
            steps = app.referee.steps
            monsters = len({e.data["monster"] for e in steps if "monster" in e.data})
            others = sum(1 for e in steps if "monster" not in e.data and e.kind != "monster-phase")
            before = d.taps
            while app.referee.steps:
                if "monster-shot" not in d.report:
                    d.report["monster-shot"] = True
                    yield from d.shot(f"table-monster-step-{d.lang}")
                yield from d.tap(d.t("Next"))
            actions.append({"action": "monster phase", "taps": 0, "next": d.taps - before, "monsters": monsters,
                            "other steps": others})
            continue
        prompt = app.table.prompt
        assert isinstance(prompt, ActionPrompt), prompt
        options = {o.id: o for o in prompt.options}
        every_action_in_view(d, prompt)
        record = {"action": "end", "taps": 0, "throw": 0, "marker": 0, "next": 0}
        before = d.taps
        if "attack" in options:
            record["action"] = "attack"
            targets = options["attack"].targets
            if len(targets) == 1:  # the button goes straight to the odds
                yield from d.tap(app.ui().text(options["attack"].label))
            elif sum(m.space == state.monster(targets[0]).space for m in state.monsters) == 1:
                yield from d.tap_board(state.monster(targets[0]).space)  # a finger on the monster
            else:  # two on one space: the button, then which
                record["which"] = 1
                yield from d.tap(app.ui().text(options["attack"].label))
                shown = [app.ui().text(t) for t in options["attack"].target_labels.values()]
                yield from d.tap(shown[0], count=shown.count(shown[0]))
            yield from d.tap(d.t("Attack"))
        elif "reveal" in options:
            record["action"] = "reveal"
            yield from d.tap_board(options["reveal"].targets[0])
        elif "move" in options and (state.round, prompt.actor) not in moved:
            record["action"] = "move"
            moved.add((state.round, prompt.actor))
            board = app.data.boards[state.board.zone]
            near = {link for s in board.spaces if s.id in state.board.unrevealed for link in s.links}
            yield from d.tap_board(next((t for t in options["move"].targets if t in near), options["move"].targets[0]))
        else:
            record["asked"] = int(state.actions > 0)
            yield from end_turn(d)
        record["taps"] = d.taps - before
        yield from answer_until_action(d, record)
        actions.append(record)
    d.report["actions"] = actions
    d.report["total"] = d.taps - d.report["pregame"]


def every_action_in_view(d: Driver, prompt: ActionPrompt) -> None:
    """Issue 17: every action of the turn, End turn among them, within reach: each lies inside the window,
    where a list that scrolls (issue 21: rather than buttons drawn over each other, as Arabic's taller lines
    had) shows it whole once scrolled to it. How many prompts needed the scrolling is reported."""
    from kivy.core.window import Window
    from kivy.uix.scrollview import ScrollView

    for option in prompt.options:
        button = d.find(d.app.ui().text(option.label))
        scroll = next((p for p in iter_parents(button) if isinstance(p, ScrollView) and p.do_scroll_y), None)
        if scroll is not None:
            d.report["actions scrolled"] = d.report.get("actions scrolled", 0) + 1
            scroll.scroll_to(button, padding=0, animate=False)
            scroll.update_from_scroll()
            _, sy = scroll.to_window(*scroll.pos)
            _, by = button.to_window(*button.pos)
            assert sy - 1 <= by and by + button.height <= sy + scroll.height + 1, f"{option.id} cannot be seen whole"
        x, y = button.to_window(*button.pos)
        assert x >= 0 and x + button.width <= Window.width and y >= 0 and y + button.height <= Window.height, \
            f"{option.id} lies outside the window"


def answer_until_action(d: Driver, record: dict[str, Any]) -> Generator[float, None, None]:
    """Throws, draws, choices and Nexts until the game asks for an action again (or a monster phase starts)."""
    app = d.app
    while app.session.state.outcome is None:
        yield from d.settle()
        if app.referee.steps and app.referee.steps[0].kind == "monster-phase":
            return
        before = d.taps
        prompt = app.table.prompt
        if app.referee.steps:
            record.setdefault("steps", []).append(app.referee.steps[0].kind)
            yield from d.tap(d.t("Next"))
            record["next"] += d.taps - before
        elif isinstance(prompt, DiePrompt):
            yield from d.tap(d.t("Let the app roll"))
            record["throw"] += 1
        elif isinstance(prompt, CardPrompt):
            if prompt.deck.startswith("markers-") and "marker-shot" not in d.report:
                d.report["marker-shot"] = True
                yield from d.shot(f"table-marker-{d.lang}")
            yield from d.tap(d.t("Let the app draw"))
            record["marker" if prompt.deck.startswith("markers-") else "throw"] += 1
        elif isinstance(prompt, ChoicePrompt):  # Keep (a reroll is possible) or another choice
            yield from d.tap(app.ui().text(prompt.options[0].label))
            record["choice"] = record.get("choice", 0) + 1
        else:
            return


SCENARIOS: dict[str, Scenario] = {"whole-game": whole_game, "screens": screens_only, "two-rounds": two_rounds,
                                  "dungeon-roll": dungeon_roll, "dungeon-roll-duo": dungeon_roll_duo,
                                  "dungeon-roll-tray": dungeon_roll_tray,
                                  "dungeon-roll-findings": dungeon_roll_findings,
                                  "dungeon-roll-explored": dungeon_roll_explored,
                                  "descent": descent, "descent-findings": descent_findings,
                                  "close-apart": close_apart}


def store_path() -> str:
    """The app's store, in the temporary KIVY_HOME of its process."""
    return str(Path(os.environ["KIVY_HOME"]) / "sessions.sqlite3")


def headless_app(lang: str, size: str, out: Path, **build: Any) -> Driver:
    """The app as `companion run` builds it at this window size, on simulated devices and the store of
    `store_path()`, with the driver that plays it (its screenshots go to `out`)."""
    width, height = size.split("x")
    from kivy.config import Config

    Config.set("graphics", "width", width)
    Config.set("graphics", "height", height)
    from companion.commands.run import build_app

    settings = Settings()
    settings.ui.lang = next(known for known in LANGS if known == lang)
    settings.store.path = store_path()
    settings.tray.backend, settings.nfc.backend, settings.gpio.backend = "simulated", "emulated", "mock"
    app = build_app(settings, "/etc/crypt-companion/config.toml", **build)
    return Driver(app, out, settings.ui.lang)


def run_scenario(driver: Driver, scenario: Scenario) -> None:
    """Runs the app, the scenario started once it is up, until the scenario ends or fails."""
    def start(*_: object) -> None:
        try:
            driver.start(scenario(driver))
        except Exception:
            driver.failure = traceback.format_exc()
            driver.app.stop()

    driver.app.bind(on_start=start)
    driver.app.run()


def report_to_file(argv: list[str], scenario: Scenario) -> int:
    """`python SCRIPT LANG OUT_JSON`: the scenario played at 800×480, what it measured written to OUT_JSON."""
    lang, out = argv[1], Path(argv[2])
    driver = headless_app(lang, "800x480", out.parent)
    run_scenario(driver, scenario)
    out.write_text(json.dumps({"failure": driver.failure, **driver.report}, ensure_ascii=False), encoding="utf-8")
    return 1 if driver.failure else 0


def main(argv: list[str]) -> int:
    """The `screens` scenario finds one unfinished game stored."""
    scenario, lang, size, out = argv[1], argv[2], argv[3], Path(argv[4])
    from companion.store import Store

    if scenario == "screens":
        with Store(store_path()) as store:
            stored = store.start("covenant", {"heroes": ["sorceress"], "seed": 3})
            assert not isinstance(stored, Problem)
            stored.submit(Act("sorceress", "move", "t3"))
    position = None if scenario == "two-rounds" else POSITION
    driver = headless_app(lang, size, out, position=position, seed=1)
    run_scenario(driver, SCENARIOS[scenario])
    print(json.dumps({"shots": driver.shots, "checks": driver.checks, "failure": driver.failure, **driver.report}))
    return 1 if driver.failure else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
