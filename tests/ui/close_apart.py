"""The rule window's Close against the actions that end a turn or a phase, in the real app (run by harness.py as
the scenario `close-apart`, issue 21): on each game's table screen that offers such an action (The Last
Covenant's End turn and the "Yes, end the turn" it asks with, Dungeon Roll's Retire and Flee, Descent's
Overlord's turn, beside the map and under a ruling's results), at 800×480, 1280×720 and 1920×1080, in Arabic,
English and Belarusian, a citation is tapped and the window's Close must lie over none of them: a tap more than
the window needs would end the turn (the
explorer's "end not under finger", Descent's Overlord's turn under the Close). Then Close is tapped twice in
quick succession: the first tap leaves it disabled at once, the window still in front, so that the second is
neither taken by a live Close that does nothing more (the explorer's "tap took") nor lands beneath.

The report's "close-apart" lists every screen, size and language where an ending action lay under the Close,
"close-again" every Close that was still a live target after its tap, and "no rule" the screens no rule's window
can open over (no live citation)."""

from __future__ import annotations

import os
from collections.abc import Callable, Generator
from typing import Any

from descent_findings import start_map
from descent_play import SIZE, tap_map
from dr_scenario import LEAVE, action, app_state
from explore_checks import intersect

from companion.core.flow import ActionPrompt, CardPrompt, ThrowPrompt

SIZES = ((800, 480), (1280, 720), (1920, 1080))
LANGS = ("ar", "en", "be")
ENDS = frozenset({"end", "retire", "flee", "overlord"})
"""The actions that end a hero's turn, a delve or the heroes' phase (explore_checks.ENDS_TURN)."""
SMALL_MAP = (("hero", (4, 2)), ("monster", (5, 1)))
RAPID_S = 0.06  # a second tap as quick as a finger taps (the explorer's bursts)
EVERY = os.environ.get("SOAK") == "1"


def pairs(n: int) -> list[tuple[tuple[int, int], str]]:
    """The sizes and languages the `n`-th screen is measured in: all nine under `make soak`; in `make test` one, the
    size and the language turning from screen to screen (each size and each language twice over the six)."""
    if EVERY:
        return [(size, lang) for size in SIZES for lang in LANGS]
    return [(SIZES[n % len(SIZES)], LANGS[(n + n // len(SIZES)) % len(LANGS)])]


def ending_buttons(d: Any) -> list[Any]:
    """The enabled buttons of the table screen that end a turn or a phase, by the labels the screen gives them."""
    from companion.ui.descent.table_screen import ACTION_NAMES
    from companion.ui.widgets import BigButton

    prompt = d.app.table.prompt
    if not isinstance(prompt, ActionPrompt):
        return []
    ui = d.app.ui()
    labels = {ui.t(ACTION_NAMES[o.id]) if d.screen() == "descent-table" else ui.text(o.label)
              for o in prompt.options if o.id in ENDS}
    screen = d.app.manager.current_screen
    if getattr(screen, "ending", None) is not None:  # End turn asked first: its yes ends the turn too
        labels.add(ui.t("Yes, end the turn"))
    return [w for w in screen.walk() if isinstance(w, BigButton) and w.logical in labels and not w.disabled
            and w.get_parent_window() is not None]


def rect(w: Any) -> tuple[float, float, float, float]:
    x, y = w.to_window(*w.pos)
    return float(x), float(y), float(w.width), float(w.height)


def at(d: Any, size: tuple[int, int], lang: str) -> Generator[float, None, None]:
    """The window at `size`, the app in `lang` (every screen made again), settled."""
    from kivy.core.window import Window

    if tuple(Window.size) != size:
        Window.size = size
        yield 0.3
    if d.app.lang != lang:
        d.app.set_lang(lang)
    yield from d.until(lambda: not d.modal_open(), "the screens to be made again")
    yield 0.3
    yield from d.settle()


def live_links(d: Any) -> list[Any]:
    """The citations of the table screen a finger can open."""
    from companion.ui.widgets import TapLabel

    return [w for w in d.app.manager.current_screen.walk() if isinstance(w, TapLabel) and w.logical
            and not w.disabled and w.get_parent_window() is not None]


def open_rule(d: Any) -> Generator[float, None, None]:
    """A finger on a citation of the table screen (scrolled into view): the rule's window opens."""
    from harness import iter_parents  # harness imports this scenario: its helpers are taken when it runs
    from kivy.tests.common import UnitTestTouch
    from kivy.uix.scrollview import ScrollView

    link = live_links(d)[0]
    scroll = next((p for p in iter_parents(link) if isinstance(p, ScrollView)), None)
    if scroll is not None:
        scroll.scroll_to(link, padding=0, animate=False)
        yield from d.settle()
    touch = UnitTestTouch(*_seen_centre(link, scroll))
    touch.touch_down()
    touch.touch_up()
    yield from d.until(d.modal_open, "the rule window to open", most=3.0)
    yield 0.3  # it fades in
    yield from d.settle()


def measure(d: Any, where: str, bring_back: Callable[[], Generator[float, None, None]] | None = None
            ) -> Generator[float, None, None]:
    """On the table screen in front, in its sizes and languages (`pairs`): the Close over no ending action, and
    a live target no more once tapped (`bring_back`: what brings the screen back once it is made again in another
    size or language)."""
    from kivy.tests.common import UnitTestTouch

    under = d.report.setdefault("close-apart", [])
    again = d.report.setdefault("close-again", [])
    screens = d.report.setdefault("close-screens", [])
    screens.append(where)
    for size, lang in pairs(len(screens) - 1):
        yield from at(d, size, lang)
        if bring_back is not None:
            yield from bring_back()
        ends = ending_buttons(d)
        assert ends, f"{where}: no action ending a turn on {d.screen()} at {size} in {lang}"
        if not live_links(d):  # no rule's window can open over this screen
            d.report.setdefault("no rule", []).append(f"{where} {size[0]}x{size[1]} {lang}")
            continue
        yield from open_rule(d)
        close = d.find(d.t("Close"))
        for end in ends:
            if intersect(rect(close), rect(end)) is not None:  # as the explorer's "end not under finger" reads it
                under.append(f"{where} {size[0]}x{size[1]} {lang}: {end.logical!r} under the rule window's Close")
        d.checks += 1
        point = close.to_window(*close.center)
        inputs = len(d.app.session.inputs)
        first = UnitTestTouch(*point)
        first.touch_down()
        first.touch_up()
        if not close.disabled or not d.modal_open():
            again.append(f"{where} {size[0]}x{size[1]} {lang}: the Close is still a live target as the window "
                         f"fades" if d.modal_open() else f"{where}: the window went without its fade")
        yield RAPID_S
        second = UnitTestTouch(*point)
        second.touch_down()
        second.touch_up()
        yield from d.until(lambda: not d.modal_open(), "the rule window to fade out", most=3.0)
        if len(d.app.session.inputs) != inputs:
            again.append(f"{where} {size[0]}x{size[1]} {lang}: the second tap landed on the screen beneath")
        d.checks += 1


def close_apart(d: Any) -> Generator[float, None, None]:
    from harness import at_position, option_label

    from companion.ui.descent.setup_screens import TOOL_NAMES

    app = d.app
    yield 1.0
    # The Last Covenant: End turn at the head of the panel beside the board.
    yield from at_position(d)
    yield from measure(d, "The Last Covenant")
    # End turn with actions left: the question in place of the board, its yes at the foot of its panel (the prompt
    # beside it, with its citation, is disabled while it asks).
    assert app.session.state.actions > 0

    def asked() -> Generator[float, None, None]:
        if getattr(app.manager.current_screen, "ending", None) is None:  # a screen made again asks no more
            yield from d.tap(app.ui().text(option_label(app, "end")))
        yield from d.settle()
        assert getattr(app.manager.current_screen, "ending", None) is not None, "End turn did not ask"

    yield from measure(d, "The Last Covenant, End turn asked", asked)
    yield from d.tap(d.t("Back"))
    yield from d.tap(d.t("Home"))

    # Dungeon Roll: the app's dice until a delve may end (Retire or Flee).
    yield from d.tap(d.t("Dungeon Roll"))
    yield from d.tap(d.t("New game"))
    from companion.games.dungeon_roll.data import default

    yield from d.tap(str(app.ui().text(default().heroes["knight"].novice.named())))
    while d.screen() != "dr-table":
        yield from tap_either(d, "Start a new game anyway", "Start the game")
    while not ending_buttons(d):
        prompt = app.table.prompt
        if isinstance(prompt, ThrowPrompt):
            yield from d.tap(d.t("Let the app roll"))
        elif isinstance(prompt, CardPrompt):
            yield from d.tap(d.t("Let the app draw"))
        else:
            yield from d.tap(action(d, LEAVE.get(app_state(d).phase, "keep")))
        yield from d.settle()
    yield from measure(d, "Dungeon Roll")
    yield from d.tap(d.t("Home"))

    # Descent: the actions beside the map, then under a ruling's results (the treachery counted).
    yield from start_map(d)
    while d.screen() != "descent-table":
        yield from tap_either(d, "Start a new game anyway", "Start")
    yield from measure(d, "Descent")
    yield from d.tap(d.t("Treachery"))
    yield from d.tap(d.t("Confirm"))
    assert app.referee.steps, "the treachery's ruling is not shown"
    yield from measure(d, "Descent, under a ruling's results")

    # A hero beside a monster on a map without doors (as the explorer draws them): six actions, two rows of three
    # under the results, and the overlord's turn on the lower row, at the foot of the screen (its finding).
    yield from d.tap(d.t("Home"))
    yield from d.tap(d.t("New game"))
    while d.screen() != "descent-edit":
        yield from tap_either(d, "Start a new game anyway", "{width} × {height} squares", width=SIZE[0],
                              height=SIZE[1])
    for tool, cell in SMALL_MAP:
        if not d.find(d.t(TOOL_NAMES[tool])).selected:
            yield from d.tap(d.t(TOOL_NAMES[tool]))
        yield from tap_map(d, cell)
    while d.screen() != "descent-table":
        yield from tap_either(d, "Start a new game anyway", "Start")
    yield from d.tap(d.t("Treachery"))
    yield from d.tap(d.t("Confirm"))
    offered = [o.id for o in app.table.prompt.options]
    assert offered == ["attack", "breath", "start_turn", "overlord", "move", "treachery"], offered
    yield from measure(d, "Descent, a hero and a monster, under a ruling's results")
    d.report["close-measured"] = d.checks


def tap_either(d: Any, *texts: str, **fields: Any) -> Generator[float, None, None]:
    """A finger on the first of these buttons the screen shows enabled (a new game asks first while another
    is unfinished)."""
    from companion.ui.widgets import BigButton

    yield from d.settle()
    shown = {w.logical for w in d.widgets(BigButton) if not w.disabled and w.get_parent_window() is not None}
    chosen = next((d.t(t, **fields) for t in texts if d.t(t, **fields) in shown), None)
    assert chosen is not None, f"none of {texts} on {d.screen()}"
    yield from d.tap(chosen)
    yield from d.settle()


def _seen_centre(w: Any, scroll: Any) -> tuple[float, float]:
    """The centre of the part of `w` in sight (a link half scrolled out has its centre under the view's edge)."""
    x, y, width, height = rect(w)
    if scroll is not None:
        sx, sy, sw, sh = rect(scroll)
        left, bottom = max(x, sx), max(y, sy)
        width, height = min(x + width, sx + sw) - left, min(y + height, sy + sh) - bottom
        x, y = left, bottom
    return x + width / 2, y + height / 2
