"""The few widgets every screen is made of: a label that lays Arabic out right, a large button, a panel,
a row that mirrors itself in Arabic, and a tappable label for rule citations; and `Kept`, which keeps a
screen's widgets from one drawing to the next so that a ruling changes texts instead of making widgets."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar, cast

from kivy.clock import Clock
from kivy.effects.scroll import ScrollEffect
from kivy.graphics import Color, RoundedRectangle
from kivy.properties import BooleanProperty, ColorProperty, NumericProperty, OptionProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from companion.ui import theme
from companion.ui.bidi import bind_numbers, display_paragraphs, has_rtl
from companion.ui.fonts import LATIN, markup, measurer
from companion.ui.i18n import N_
from companion.ui.theme import Ui

W = TypeVar("W", bound=Widget)
BUSY = N_("Loading…")
VEIL_S = 0.05  # s: the veil is drawn (a frame or more) before the work holds the screen


class BidiLabel(Label):
    """A label for text in either language: shaped, wrapped in logical order, each line reordered.

    Set `logical` (the text as written), never `text` (the markup drawn). Aligned to the right in
    Arabic and to the left in English unless `align` says `center`. With `fit_height` the label
    grows to the height of its lines (for lists of messages of any length).
    """

    logical = StringProperty("")
    rtl = BooleanProperty(False)
    bold = BooleanProperty(False)
    align = OptionProperty("start", options=["start", "center"])
    fit_height = BooleanProperty(False)
    paragraphs: Sequence[Sequence[str]] = ()
    line_width = 0.0

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("font_name", str(LATIN))
        kwargs.setdefault("color", theme.TEXT)
        super().__init__(markup=True, **kwargs)
        self.bind(logical=self._relayout, size=self._relayout, rtl=self._relayout,
                  bold=self._relayout, font_size=self._relayout, align=self._relayout)
        self.bind(texture_size=self._fit)
        self._relayout()

    def _fit(self, *_: object) -> None:
        if self.fit_height:
            self.height = self.texture_size[1]

    def _relayout(self, *_: object) -> None:
        pad_x = self.padding[0] + self.padding[2]
        # Kivy takes the padding off `text_size` once more when it wraps: a line wider than that would be
        # wrapped again by Kivy, mid-word ("Журна" / "л"), and no longer be the line laid out here.
        width = max(1.0, self.width - 2 * pad_x - 2)
        # Kept for the UI tests, which check what is actually drawn (tests/ui/drawn.py).
        self.paragraphs = display_paragraphs(self.logical, width, measurer(int(self.font_size), self.bold), self.rtl)
        self.line_width = width
        lines = [line for paragraph in self.paragraphs for line in paragraph]
        self.halign = "center" if self.align == "center" else ("right" if self.rtl else "left")
        # Height left free: Kivy centres the texture, and a text taller than its box stays visible as
        # `texture_size` > `size` (which the UI tests check) instead of being silently cut. The width is the
        # whole box: Kivy takes the padding off it itself, and a second time would wrap again a line laid
        # out here to fit (an Arabic one then reads its words in reverse order, bottom line first).
        self.text_size = (max(1.0, self.width), None)
        self.text = "\n".join(markup(line, self.bold, self.rtl) for line in lines)


class Filled:
    """A rounded background in `fill`, kept under the widget as it moves and resizes."""

    fill = ColorProperty(theme.PANEL)

    def _init_fill(self: Any) -> None:
        with self.canvas.before:
            self._fill_colour = Color(rgba=self.fill)
            self._fill_rect = RoundedRectangle(pos=self.pos, size=self.size, radius=[8])
        self.bind(pos=self._redraw_fill, size=self._redraw_fill, fill=self._redraw_fill)

    def _redraw_fill(self: Any, *_: object) -> None:
        self._fill_colour.rgba = self.fill
        self._fill_rect.pos = self.pos
        self._fill_rect.size = self.size


class Panel(Filled, BoxLayout):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._init_fill()


class BigButton(Filled, ButtonBehavior, BidiLabel):
    """A touch target of at least `ui.touch` high; `selected` shows a chosen option. A word is never cut
    and the text stays inside the button: when the longest word is wider than the button (a Belarusian
    «камянепад» on a die face's button) or the lines are taller than it (an Arabic «افتح صندوقًا» wrapped
    to two lines), the font shrinks until they fit, down to `SMALLEST_PX` at the 7" scale."""

    SMALLEST_PX = 15
    LINE_EM = 1.4  # a line's height in Kivy's texture, in ems: Noto Sans
    LINE_EM_RTL = 2.17  # and a line with Noto Sans Arabic in it
    selected = BooleanProperty(False)

    def __init__(self, ui: Ui, text: str, on_press: Callable[[], object] | None = None, grow: bool = False,
                 shrink_first: bool = False, **kwargs: Any) -> None:
        options = _button(ui, text, kwargs)
        self.full_font_size = float(options["font_size"])
        self.smallest_font_size = float(ui.px(self.SMALLEST_PX))
        self.grow = grow  # as tall as its lines (a game's heroes on its resume button), never shorter than a touch
        # Growing only where the smallest font does not fit one touch's height (a prompt's choices in a column).
        self.touch_height = float(ui.touch) if shrink_first else 0.0
        super().__init__(**options)
        if grow:
            self.bind(texture_size=lambda _b, size: setattr(self, "height", max(ui.touch, size[1] + ui.gap)))
        self._init_fill()
        self.bind(selected=self._recolour, disabled=self._recolour, state=self._recolour)
        self._recolour()
        self.action = on_press
        self.bind(on_release=lambda *_: self.action() if self.action is not None else None)

    def renew(self, ui: Ui, text: str, on_press: Callable[[], object] | None = None, **kwargs: Any) -> None:
        """The button kept (`Kept`) with another text or action: what a new one would be."""
        self.action = on_press
        kwargs.pop("grow", None)  # made growing or not, it stays so
        kwargs.pop("shrink_first", None)
        options = _button(ui, text, kwargs)
        self.full_font_size = float(options["font_size"])
        for name, value in options.items():
            setattr(self, name, value)
        if self.grow:  # the same text keeps its texture: no new size comes to set the height again
            self.height = max(ui.touch, self.texture_size[1] + ui.gap)

    def _words(self) -> list[str]:
        """The words as the wrap sees them: a number bound to its noun is one ("space 17" wrapped to "space" and a
        lone "17" in a narrow button, the explorer found, where a smaller font would have held both)."""
        return [w for w in bind_numbers(self.logical).replace("\n", " ").split(" ") if w]

    def least_width(self) -> float:
        """The narrowest this button keeps each of its words whole, at its smallest font."""
        widest = max(map(measurer(int(self.smallest_font_size), self.bold), self._words()), default=0.0)
        return widest + 2 * (self.padding[0] + self.padding[2]) + 2

    def _relayout(self, *_: object) -> None:
        words = self._words()
        if words:
            room = self.width - 2 * (self.padding[0] + self.padding[2]) - 2
            size = self.full_font_size
            while size > self.smallest_font_size and not self._fits(words, size, room):
                size -= 1
            if size != self.font_size:
                self.font_size = size  # lays the text out again, at this size
                return
        super()._relayout()

    def _fits(self, words: list[str], size: float, room: float) -> bool:
        measure = measurer(int(size), self.bold)
        if max(map(measure, words)) > room:
            return False
        lines = sum(len(p) for p in display_paragraphs(self.logical, max(1.0, room), measure, self.rtl))
        per_line = self.LINE_EM_RTL if has_rtl(self.logical) else self.LINE_EM
        if self.grow and not self.touch_height:
            return True
        return lines * size * per_line <= (self.touch_height or self.height)

    def _recolour(self, *_: object) -> None:
        if self.selected or (self.state == "down" and not self.disabled):  # a chosen tab, disabled, still shows
            self.fill, self.color = theme.BUTTON_ON, theme.TEXT
        elif self.disabled:
            self.fill, self.color = theme.BUTTON_OFF, theme.MUTED
        else:
            self.fill, self.color = theme.BUTTON, theme.TEXT


def _button(ui: Ui, text: str, kwargs: dict[str, Any]) -> dict[str, Any]:
    return {"size_hint_y": None, "height": ui.touch, "font_size": ui.font("body"), "align": "center", **kwargs,
            "logical": text, "rtl": ui.rtl, "padding": [ui.gap, 0, ui.gap, 0]}


class TapLabel(BidiLabel):
    """A label that calls `on_tap` when a finger lifts on it (rule citations: they look like links, so
    a short tap opens them); a finger that slides off it taps nothing."""

    least_height = NumericProperty(0)
    """A tap target's least height (a citation of one short line is still a whole finger tall)."""

    def __init__(self, on_tap: Callable[[], object], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._on_tap = on_tap
        self.bind(least_height=self._fit)

    def _fit(self, *_: object) -> None:
        if self.fit_height:
            self.height = max(self.texture_size[1], self.least_height)

    def renew(self, on_tap: Callable[[], object], **kwargs: Any) -> None:
        self._on_tap = on_tap
        for name, value in kwargs.items():
            setattr(self, name, value)

    def on_touch_down(self, touch: Any) -> bool:
        if not self.collide_point(*touch.pos):
            return bool(super().on_touch_down(touch))
        touch.grab(self)
        return True

    def on_touch_up(self, touch: Any) -> bool:
        if touch.grab_current is self:
            touch.ungrab(self)
            if self.collide_point(*touch.pos):
                self._on_tap()
            return True
        return bool(super().on_touch_up(touch))


def row(ui: Ui, children: Sequence[Widget], **kwargs: Any) -> BoxLayout:
    """A horizontal row read in the language's direction: the first child at the right in Arabic."""
    kwargs.setdefault("spacing", ui.gap)
    box = BoxLayout(orientation="horizontal", **kwargs)
    for child in reading_order(ui, children):
        box.add_widget(child)
    return box


def reading_order(ui: Ui, children: Sequence[Widget]) -> list[Widget]:
    """Children of a row from the left: the first at the right in Arabic."""
    return list(reversed(children) if ui.rtl else children)


def label(ui: Ui, text: str, role: str = "body", make: Maker | None = None, **kwargs: Any) -> BidiLabel:
    """A text in a role's size (`make`: a place in a `Kept`, where the label is kept)."""
    kwargs.setdefault("font_size", ui.font(role))
    kwargs.setdefault("bold", role == "title")
    return (make or new)(BidiLabel, logical=text, rtl=ui.rtl, **kwargs)


class FitScroll(ScrollView):
    """A scroll view that scrolls only when what it holds is taller than itself: until then a touch goes
    straight to the buttons inside (a scrolling view holds every touch back a quarter of a second to tell a
    tap from a swipe), and what it holds stands at its top. It stops at its ends rather than springing back:
    Kivy's spring slid a redrawn panel's buttons up from below the screen for a second or more after a move
    (the explorer: the Covenant's actions still moving 10 s after a tap on a loaded machine)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(do_scroll_x=False, scroll_y=1, effect_cls=ScrollEffect, **kwargs)
        self.bind(height=self._fit)

    def add_widget(self, widget: Widget, *args: Any, **kwargs: Any) -> None:
        super().add_widget(widget, *args, **kwargs)
        widget.bind(height=self._fit)
        self._fit()

    def remove_widget(self, widget: Widget, *args: Any, **kwargs: Any) -> None:
        widget.unbind(height=self._fit)
        super().remove_widget(widget, *args, **kwargs)

    def _fit(self, *_: object) -> None:
        scrolls = any(child.height > self.height + 1 for child in self.children)
        if scrolls and not self.do_scroll_y:
            self.scroll_y = 1  # from the top, as a list that has just grown too long for its room is read
        self.do_scroll_y = scrolls

    def _bind_inactive_bar_color(self, *args: object) -> None:
        """Kivy fades the scroll bar to its resting colour over half a second after every move or resize of
        the view, drawn or not: some 30 frames of the whole screen after each screen is laid out (and on a
        software GL a few MB it keeps, issue 26). A list that fits has no bar (Kivy's style draws it only when
        the list scrolls), so its bar comes to rest at once."""
        if self.do_scroll_y and self.viewport_size[1] > self.height:
            super()._bind_inactive_bar_color(*args)
            return
        self.funbind("bar_color", self._change_bar_color)
        self.fbind("bar_inactive_color", self._change_bar_color)
        self._bar_color = self.bar_inactive_color


def busy(ui: Ui, work: Callable[[], object]) -> ModalView:
    """Work that holds the screen for seconds on a Pi (a stored game replayed, every screen made again in
    another language): "Loading…" over the screen first, the work once it is drawn, then the veil lifted
    (issue 21, finding 8: 3-5 s with nothing on the screen). The veil takes every touch meanwhile."""
    veil = ModalView(auto_dismiss=False, background_color=(0, 0, 0, 0.6), size_hint=(0.5, 0.3))
    veil.add_widget(label(ui, ui.t(BUSY), "title", align="center"))
    veil.open(animation=False)

    def run(_dt: float) -> None:
        try:
            work()
        finally:
            veil.dismiss(animation=False)

    Clock.schedule_once(run, VEIL_S)
    return veil


class Column(BoxLayout):
    """A vertical box as tall as what it holds: the content of a scroll view."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(orientation="vertical", size_hint_y=None, **kwargs)
        self.bind(minimum_height=self.setter("height"))


# ---- widgets kept from one drawing to the next --------------------------------------------------


class Maker(Protocol):
    """Makes a widget: `new` always, a place in a `Kept` the first time."""

    def __call__(self, make: Callable[..., W], /, *args: Any, **kwargs: Any) -> W: ...


def new(make: Callable[..., W], /, *args: Any, **kwargs: Any) -> W:
    return make(*args, **kwargs)


class Kept:
    """A screen's widgets kept from one drawing to the next, each under a key that names its place
    ("next", "choice/attack", "3/msg"), so that a ruling changes what the screen shows without making it
    anew: a new label costs a few milliseconds and a texture, a label given the text it has costs nothing
    (Kivy dispatches nothing for a property set to its value).

    `get(key, make, *args, **kwargs)` calls `make(*args, **kwargs)` the first time. Later it hands back
    the same widget, renewed: `widget.renew(*args, **kwargs)` where the widget has that method (it takes the
    same arguments as its constructor), else each keyword set as a property (the positional arguments are
    the widget's for its life). A key asked for with another class makes a new widget."""

    def __init__(self) -> None:
        self._widgets: dict[str, Widget] = {}

    def get(self, key: str, make: Callable[..., W], /, *args: Any, **kwargs: Any) -> W:
        found = self._widgets.get(key)
        if found is None or (isinstance(make, type) and not isinstance(found, make)):
            made = make(*args, **kwargs)
            self._widgets[key] = made
            return made
        renew = getattr(found, "renew", None)
        if renew is not None:
            renew(*args, **kwargs)
        else:
            for name, value in kwargs.items():
                setattr(found, name, value)
        return cast(W, found)

    def at(self, key: str) -> Place:
        return Place(self, key)


@dataclass(frozen=True)
class Place:
    """One key of a `Kept`, handed to the functions that make a widget (`label`, `citation`)."""

    kept: Kept
    key: str

    def __call__(self, make: Callable[..., W], /, *args: Any, **kwargs: Any) -> W:
        return self.kept.get(self.key, make, *args, **kwargs)


def fill(box: Widget, children: Sequence[Widget]) -> None:
    """`box` holding `children`, in the order `add_widget` would have been called: nothing is done when it
    already does, so that kept widgets stay where they are."""
    held = box.children[::-1]  # Kivy lists the last added first
    if len(held) == len(children) and all(a is b for a, b in zip(held, children, strict=True)):
        return
    box.clear_widgets()
    for child in children:
        if child.parent is not None:
            child.parent.remove_widget(child)
        box.add_widget(child)
