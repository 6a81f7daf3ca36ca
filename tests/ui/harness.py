"""Runs the real app headless and plays it like a table would: touches on the screen, events from the
devices on the queue, a screenshot of every screen. One Kivy app per process, so tests run this as

    python tests/ui/harness.py SCENARIO LANG WIDTHxHEIGHT OUT_DIR

with SDL_VIDEODRIVER=offscreen, KIVY_NO_ARGS=1 and a temporary KIVY_HOME (see test_app.py). It prints
one JSON line with the screenshots taken and the checks run, and exits 1 with the traceback when a
check fails.
"""

from __future__ import annotations

import json
import queue
import sys
import traceback
from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import Any

from fixtures.game import DATA, HEROES, RULES, VITALITY, ScriptedGame, script, use_sample_catalogue

from companion.config import Settings
from companion.core.events import DeviceState, DeviceStatus, DomainEvent, TagSeen
from companion.core.messages import Lang
from companion.ui.theme import MIN_TOUCH_MM, MM_PER_PX_7IN

Scenario = Callable[["Driver"], Generator[float, None, None]]
SETTLE_S = 0.25  # frames drawn between a change and its screenshot


class Driver:
    def __init__(self, app: Any, out: Path, lang: Lang) -> None:
        self.app, self.out, self.lang = app, out, lang
        self.shots: list[str] = []
        self.checks = 0
        self.failure = ""
        self.held = 0.0

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
        for _ in range(60):
            yield 0.05
            now = layout()
            if now == before:
                return
            before = now
        raise AssertionError(f"the {self.screen()} screen never settled")

    def tap(self, text: str) -> Generator[float, None, None]:
        """A finger on the button that reads `text`; fails unless the button took it (a hidden or
        covered button would not)."""
        yield from self.settle()
        button = self.find(text)
        assert not button.disabled, f"{text!r} is disabled"
        released: list[bool] = []
        button.bind(on_release=lambda *_: released.append(True))
        touch = self._touch(button)
        touch.touch_down()
        touch.touch_up()
        yield SETTLE_S
        assert released, f"the touch on {text!r} did not reach it"

    def hold(self, widget: Any, until: Callable[[], bool], most: float = 4.0) -> Generator[float, None, None]:
        """A finger held on `widget` until `until()` holds (fails after `most` seconds)."""
        touch = self._touch(widget)
        touch.touch_down()
        waited = 0.0
        while not until() and waited < most:
            yield 0.1
            waited += 0.1
        touch.touch_up()
        assert until(), f"holding {widget.logical!r} for {most} s did nothing"
        self.held = waited

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
        self.check_screen()
        taken = Path(Window.screenshot(str(self.out / f"{name}.png")))
        final = self.out / f"{name}.png"
        taken.replace(final)
        self.shots.append(final.name)

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
                if any(ch.isalpha() for ch in text) and text != "English":
                    assert has_rtl(text), f"untranslated on {self.screen()}: {text!r}"
                    self.checks += 1

    def post(self, event: DomainEvent) -> None:
        self.app.events.put(event)


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


def hero_card(hero: str) -> TagSeen:
    return TagSeen(uid="04c0ffee000001", token={"game": "covenant", "kind": "hero-card", "serial": 1,
                                                 "hero": hero})


def whole_table(d: Driver) -> Generator[float, None, None]:
    """Home with the hardware status, settings, a new game set up by touch and by a hero card, then a
    scripted game played through every kind of prompt, a refusal, and a rule shown by a long press."""
    lang = d.lang
    d.post(DeviceStatus("tray", DeviceState.CONNECTED))
    d.post(DeviceStatus("reader", DeviceState.FAULT, "The reader stopped answering."))
    d.post(DeviceStatus("buttons", DeviceState.SIMULATED,
                        "Buttons and lights are simulated: this is not a Raspberry Pi."))
    yield 1.2  # the first frames (a screenshot taken earlier comes out blank)
    assert d.app.status.rows["reader"].faults == 1
    yield from d.shot(f"home-{lang}")

    yield from d.tap(d.t("Settings"))
    yield from d.shot(f"settings-{lang}")
    yield from d.tap(d.t("Home"))

    yield from d.tap(d.t("New game"))
    yield from d.tap("2")
    yield from d.tap(d.app.ui().text(HEROES["knight"]))
    d.post(hero_card("sorceress"))
    yield SETTLE_S
    assert d.app.setup.heroes == ["knight", "sorceress"], d.app.setup.heroes
    yield from d.tap(d.t("2 rounds (harder)"))
    yield from d.shot(f"newgame-{lang}")
    setup = d.app.setup.as_setup(seed=1)
    assert (setup["heroes"], setup["difficulty"]) == (["knight", "sorceress"], "harder"), setup

    yield from d.tap(d.t("Start the game"))
    assert d.screen() == "table"
    game = d.app.game
    yield from d.shot(f"table-actions-{lang}")
    move, attack = d.find(d.t("Move")), d.find(d.t("Attack"))
    assert (move.x > attack.x) == (lang == "ar"), "the first action must come first in reading order"
    yield from d.tap(d.t("Move"))
    yield from d.shot(f"table-move-{lang}")
    panel = d.app.screen("table").panel
    assert any(isinstance(w, _scroll_view()) for w in panel.walk()), "18 destinations and Back should scroll"
    yield from d.tap("2")
    assert d.app.notice is not None and d.app.notice.id == "That space is out of reach."
    yield from d.tap(d.t("Open the chest"))
    assert d.app.notice is not None and d.app.notice.id == "There is no chest in this space."
    yield from d.tap(d.t("Attack"))
    yield from d.shot(f"table-targets-{lang}")
    yield from d.tap(d.t("goblin"))
    yield from d.tap("7")
    yield from d.shot(f"table-die-{lang}")
    yield from d.tap("4")
    yield from d.tap(d.t("Let the app roll"))
    yield from d.tap(d.app.ui().text(VITALITY))
    assert [i.action for i in game.inputs[:2]] == ["move", "chest"] and game.inputs[1].target is None
    assert game.inputs[0].target == "2" and game.inputs[2:] == game.expected(), game.inputs
    yield from d.shot(f"table-end-{lang}")

    citation = d.find(d.t("Rule {rule}", rule="upgrades"), kind=_long_press_label())
    touch = d._touch(citation)
    touch.touch_down()
    touch.touch_up()
    yield 1.0
    assert not d.modal_open(), "a short tap on a rule citation opened the rule"
    yield from d.hold(citation, d.modal_open)
    assert d.held >= 0.5, f"the rule opened after {d.held:.1f} s, before a long press"
    yield 0.5  # the window fades in
    yield from d.settle()
    d.find(d.t("Close"))
    yield from d.shot(f"rule-{lang}")
    yield from d.tap(d.t("Close"))

    if lang == "ar":
        yield from d.tap(d.t("Home"))
        yield from d.tap("English")
        assert d.app.lang == "en" and d.find("Resume").logical == "Resume"
        yield from d.tap("Resume")
        d.find("Rule upgrades", kind=_long_press_label())
        assert d.screen() == "table" and d.app.game is game


def _scroll_view() -> type:
    from kivy.uix.scrollview import ScrollView

    return ScrollView


def _long_press_label() -> type:
    from companion.ui.widgets import LongPressLabel

    return LongPressLabel


def screens_only(d: Driver) -> Generator[float, None, None]:
    """The main screens at another window size (they must lay out at 1280×720 and 1920×1080 too)."""
    yield 1.2
    size = "x".join(str(int(v)) for v in d.app.manager.size)
    yield from d.shot(f"home-{d.lang}-{size}")
    yield from d.tap(d.t("New game"))
    yield from d.shot(f"newgame-{d.lang}-{size}")


SCENARIOS: dict[str, Scenario] = {"whole-table": whole_table, "screens": screens_only}


def main(argv: list[str]) -> int:
    scenario, lang, size, out = argv[1], argv[2], argv[3], Path(argv[4])
    width, height = size.split("x")
    from kivy.config import Config

    Config.set("graphics", "width", width)
    Config.set("graphics", "height", height)
    use_sample_catalogue()
    from companion.ui.app import CompanionApp

    settings = Settings()
    settings.ui.lang = "ar" if lang == "ar" else "en"
    events: queue.Queue[DomainEvent] = queue.Queue()
    app = CompanionApp(settings, events, heroes=HEROES, dice=DATA.dice, start_game=lambda _s: ScriptedGame(script()),
                       rule_text=RULES.get, settings_path="/etc/crypt-companion/config.toml")
    driver = Driver(app, out, settings.ui.lang)
    app.bind(on_start=lambda *_: driver.start(SCENARIOS[scenario](driver)))
    app.run()
    print(json.dumps({"shots": driver.shots, "checks": driver.checks, "failure": driver.failure}))
    return 1 if driver.failure else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
