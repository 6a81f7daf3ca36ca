"""The prompt panel and the transcript: what the engine waits for, as large buttons, and what has
happened, each message with its rule; a tap on a rule citation shows the rule's text."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from kivy.properties import NumericProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.modalview import ModalView
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from companion.core.flow import Event, Input
from companion.core.messages import Msg, Named
from companion.ui import theme
from companion.ui.prompts import Choice, PromptView
from companion.ui.rulebook import cite
from companion.ui.theme import Ui
from companion.ui.widgets import BigButton, Column, FitScroll, Kept, Maker, Panel, TapLabel, fill, label, new

RuleText = Callable[[str], Msg | Named | None]


def show_rule(ui: Ui, rule: str, rule_text: RuleText) -> ModalView:
    """A window over the screen with the rule's text (or why there is none), closed by a tap."""
    text = rule_text(rule)
    view = ModalView(size_hint=(0.85, 0.8), background_color=(0, 0, 0, 0.7))
    panel = Panel(orientation="vertical", padding=ui.px(14), spacing=ui.gap)
    panel.add_widget(label(ui, ui.text(cite(rule)), "title", size_hint_y=None,
                           height=ui.touch))
    body = ui.text(text) if text else ui.t("The text of this rule is not available.")
    box = BoxLayout(orientation="vertical", size_hint_y=None)
    box.bind(minimum_height=box.setter("height"))
    box.add_widget(label(ui, body, "body", size_hint_y=None, fit_height=True))
    scroll = ScrollView(do_scroll_x=False)  # a whole section is longer than the window
    scroll.add_widget(box)
    panel.add_widget(scroll)
    close = BigButton(ui, ui.t("Close"))

    def shut() -> None:
        # Disabled at once: for the fade out the window still holds every touch, and a second tap of a finger
        # double-tapping Close went to a Close that did nothing more (the explorer, issue 21). The fade stays:
        # without it that tap would land on the screen beneath, on whatever lies under the Close.
        close.disabled = True
        view.dismiss()

    close.action = shut
    panel.add_widget(close)
    view.add_widget(panel)
    view.open()
    return view


def citation(ui: Ui, rule: str, rule_text: RuleText, make: Maker | None = None, **kwargs: Any) -> TapLabel:
    """A rule citation: tapped, it shows the rule (`make`: a place in a `Kept`, where it is kept)."""
    kwargs.setdefault("font_size", ui.font("small"))
    kwargs.setdefault("color", theme.WARN)
    kwargs.setdefault("least_height", ui.px(theme.MIN_TARGET_PX))
    return (make or new)(TapLabel, lambda: show_rule(ui, rule, rule_text), logical=ui.text(cite(rule)), rtl=ui.rtl,
                         **kwargs)


PINNED = ("app-roll", "app-draw")  # kept whole at the foot of the panel: the app's throw or draw
LEAD = "end"  # End turn: at the head of the panel, where no other screen has a button (issue 21, finding 2)


def columns(count: int) -> int:
    """Two columns of wide buttons, more of narrower ones when there are many (a deck's ten cards)."""
    return 2 if count <= 6 else 3 if count <= 9 else 4


class PromptPanel(Panel):
    """Draws a `PromptView`; a tap on a choice gives its input to `on_answer`, or opens its targets. Kept
    by the table screen from one prompt to the next: `renew` shows another view on the same widgets.

    End turn stands first, above `notes` (what the last ruling said) and the prompt, so that it never lies
    where a Next, a Done or a throw's button lay a tap before; its tap goes to `on_end` when given (which
    asks first while actions are left). The rest scrolls when it is taller than the room left
    (`FitScroll`): nothing is drawn over anything else, in any language or size."""

    def __init__(self, ui: Ui, view: PromptView, on_answer: Callable[[Input], object],
                 rule_text: RuleText, narrow: bool = False, notes: Sequence[Widget] = (),
                 on_end: Callable[[Input], object] | None = None, **kwargs: Any) -> None:
        super().__init__(orientation="vertical", **_panel(ui, narrow, kwargs))
        self.kept = Kept()
        self._show(ui, view, on_answer, rule_text, narrow, notes, on_end)

    def renew(self, ui: Ui, view: PromptView, on_answer: Callable[[Input], object], rule_text: RuleText,
              narrow: bool = False, notes: Sequence[Widget] = (), on_end: Callable[[Input], object] | None = None,
              **kwargs: Any) -> None:
        for name, value in _panel(ui, narrow, kwargs).items():
            setattr(self, name, value)
        self._show(ui, view, on_answer, rule_text, narrow, notes, on_end)

    def _show(self, ui: Ui, view: PromptView, on_answer: Callable[[Input], object], rule_text: RuleText,
              narrow: bool, notes: Sequence[Widget], on_end: Callable[[Input], object] | None) -> None:
        self.ui, self.view, self.on_answer, self.rule_text = ui, view, on_answer, rule_text
        self.narrow, self.notes, self.on_end = narrow, list(notes), on_end
        self.opened: Choice | None = None
        self.draw()

    def draw(self) -> None:
        ui, view, kept = self.ui, self.view, self.kept
        self.buttons: dict[str, BigButton] = {}
        shown: list[Widget] = [*self.notes, label(ui, ui.text(view.title), "small" if self.narrow else "body",
                                                  kept.at("title"), bold=True, size_hint_y=None, fit_height=True)]
        if view.purpose is not None:
            shown.append(label(ui, ui.text(view.purpose), "small", kept.at("purpose"), size_hint_y=None,
                               fit_height=True))
        shown.append(citation(ui, view.rule, self.rule_text, kept.at("rule"), size_hint_y=None, fit_height=True))
        lead = next((c for c in view.choices if c.key == LEAD), None)
        pinned = next((c for c in view.choices if c.key in PINNED), None)
        choices = self.opened.children if self.opened else [c for c in view.choices if c not in (lead, pinned)]
        count = len(choices) + (self.opened is not None)
        cols = columns(count)
        if self.narrow:  # beside the board: two columns, three of a die's numbers
            short = all(len(ui.text(c.label)) <= 2 for c in choices)
            cols = 1 if count <= 2 else 3 if short else 2
        # Each row as tall as its tallest button: in a narrow column an Arabic name wraps to two lines that the
        # smallest font does not fit into one touch's height («الغوبلن (نقاط الحياة 5)», the explorer).
        grid = kept.get("grid", TallGrid, most_cols=cols, spacing=self.spacing, orientation="rl-tb" if ui.rtl else
                        "lr-tb", row_force_default=False, row_default_height=ui.touch)
        buttons: list[Widget] = []
        for choice in choices:  # a choice's button is kept as long as the choice is offered
            place = f"target/{choice.key}" if self.opened else f"choice/{choice.key}"
            button = kept.get(place, BigButton, ui, ui.text(choice.label), partial(self.tap, choice),
                              font_size=ui.font("small"), grow=True, shrink_first=True)
            self.buttons[choice.key] = button
            buttons.append(button)
        if self.opened is not None:
            back = kept.get("back", BigButton, ui, ui.t("Back"), lambda: self.tap(None), font_size=ui.font("small"))
            self.buttons["back"] = back
            buttons.append(back)
        fill(grid, buttons)
        grid.fit_cols()
        body = kept.get("body", Column, spacing=self.spacing)
        fill(body, [*shown, grid])
        scroll = kept.get("scroll", FitScroll)
        fill(scroll, [body])
        held: list[Widget] = [scroll]
        for choice, place in ((lead, "lead"), (pinned, "pinned")):
            if choice is None:
                continue
            button = kept.get(place, BigButton, ui, ui.text(choice.label), partial(self.tap, choice),
                              font_size=ui.font("small"), size_hint_y=None, height=ui.touch)
            self.buttons[choice.key] = button
            held.insert(0 if choice is lead else len(held), button)
        fill(self, held)

    def tap(self, choice: Choice | None) -> None:
        if choice is None or choice.answer is None:
            self.opened = choice
            self.draw()
        elif choice.key == LEAD and self.on_end is not None:
            self.on_end(choice.answer)
        else:
            self.on_answer(choice.answer)


def _panel(ui: Ui, narrow: bool, kwargs: dict[str, Any]) -> dict[str, Any]:
    # Beside the board every pixel of height counts: half the spacing.
    return {"padding": ui.gap, **kwargs, "spacing": ui.gap / 2 if narrow else ui.gap}


class TallGrid(GridLayout):
    """A grid as tall as its rows (the content of a scroll view), in `most_cols` columns, or fewer where a button
    would have no room for its longest word at its smallest font: four columns beside the board cut «поле 14» into
    «поле» over a lone «14» (the explorer, issue 21)."""

    most_cols = NumericProperty(1)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(size_hint_y=None, cols=kwargs.get("most_cols", 1), **kwargs)
        self.bind(minimum_height=self.setter("height"))
        self.bind(width=self.fit_cols, most_cols=self.fit_cols)

    def fit_cols(self, *_: object) -> None:
        least = max((c.least_width() for c in self.children if isinstance(c, BigButton)), default=0.0)
        room = self.width - self.padding[0] - self.padding[2]
        cols = int(self.most_cols)
        while cols > 1 and (room - self.spacing[0] * (cols - 1)) / cols < least:
            cols -= 1
        self.cols = cols


class Transcript(ScrollView):
    """What has happened, newest last and scrolled into view; renewed, it adds what has happened since."""

    def __init__(self, ui: Ui, events: list[Event], rule_text: RuleText, **kwargs: Any) -> None:
        super().__init__(do_scroll_x=False, **kwargs)
        self.kept = Kept()
        self.box = BoxLayout(orientation="vertical", size_hint_y=None, spacing=ui.px(4), padding=ui.px(4))
        # At least as tall as the view, so a short transcript starts at the top, not the bottom.
        def fit(*_: object) -> None:
            self.box.height = max(self.box.minimum_height, self.height)

        self.box.bind(minimum_height=fit)
        self.bind(height=fit)
        self.spacer = Widget()  # takes the room a short transcript leaves, below it
        self.add_widget(self.box)
        self.renew(ui, events, rule_text)

    def renew(self, ui: Ui, events: list[Event], rule_text: RuleText, **kwargs: Any) -> None:
        for name, value in kwargs.items():
            setattr(self, name, value)
        kept, lines = self.kept, []
        for i, event in enumerate(events):
            lines.append(label(ui, ui.text(event.msg), "small", kept.at(f"{i}/msg"), size_hint_y=None,
                               fit_height=True))
            lines.append(citation(ui, event.rule, rule_text, kept.at(f"{i}/rule"), size_hint_y=None, fit_height=True))
        fill(self.box, [*lines, self.spacer])
        self.scroll_y = 0
