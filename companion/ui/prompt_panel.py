"""The prompt panel and the transcript: what the engine waits for, as large buttons, and what has
happened, each message with its rule; a tap on a rule citation shows the rule's text."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

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
from companion.ui.widgets import BigButton, Panel, TapLabel, label

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
    panel.add_widget(BigButton(ui, ui.t("Close"), view.dismiss))
    view.add_widget(panel)
    view.open()
    return view


def citation(ui: Ui, rule: str, rule_text: RuleText, **kwargs: Any) -> TapLabel:
    """A rule citation: tapped, it shows the rule."""
    kwargs.setdefault("font_size", ui.font("small"))
    kwargs.setdefault("color", theme.WARN)
    return TapLabel(lambda: show_rule(ui, rule, rule_text), logical=ui.text(cite(rule)), rtl=ui.rtl, **kwargs)


FITTING = 16  # four rows of four: what fits under a two-line title at 800x480
PINNED = ("end", "app-roll", "app-draw")  # kept whole at the foot of the panel: End turn, the app's throw or draw


def columns(count: int) -> int:
    """Two columns of wide buttons, more of narrower ones when there are many (a deck's ten cards)."""
    return 2 if count <= 6 else 3 if count <= 9 else 4


class PromptPanel(Panel):
    """Draws a `PromptView`; a tap on a choice gives its input to `on_answer`, or opens its targets."""

    def __init__(self, ui: Ui, view: PromptView, on_answer: Callable[[Input], object],
                 rule_text: RuleText, fitting: int = FITTING, narrow: bool = False, **kwargs: Any) -> None:
        kwargs.setdefault("padding", ui.gap)
        # Beside the board every pixel of height counts: half the spacing.
        super().__init__(orientation="vertical", spacing=ui.gap / 2 if narrow else ui.gap, **kwargs)
        self.ui, self.view, self.on_answer, self.rule_text = ui, view, on_answer, rule_text
        self.fitting, self.narrow = fitting, narrow
        self.opened: Choice | None = None
        self.buttons: dict[str, BigButton] = {}
        self.draw()

    def draw(self) -> None:
        ui, view = self.ui, self.view
        self.clear_widgets()
        self.buttons = {}
        self.add_widget(label(ui, ui.text(view.title), "small" if self.narrow else "body", bold=True,
                              size_hint_y=None, fit_height=True))
        if view.purpose is not None:
            self.add_widget(label(ui, ui.text(view.purpose), "small", size_hint_y=None, fit_height=True))
        self.add_widget(citation(ui, view.rule, self.rule_text, size_hint_y=None, fit_height=True))
        pinned = next((c for c in view.choices if c.key in PINNED), None)
        choices = self.opened.children if self.opened else [c for c in view.choices if c is not pinned]
        count = len(choices) + (self.opened is not None)
        cols = columns(count)
        if self.narrow:  # beside the board: two columns, three of a die's numbers
            short = all(len(ui.text(c.label)) <= 2 for c in choices)
            cols = 1 if count <= 2 else 3 if short else 2
        grid = GridLayout(cols=cols, spacing=self.spacing,
                          orientation="rl-tb" if ui.rtl else "lr-tb", row_force_default=True,
                          row_default_height=ui.touch)
        for choice in choices:
            button = BigButton(ui, ui.text(choice.label), partial(self.tap, choice), font_size=ui.font("small"))
            self.buttons[choice.key] = button
            grid.add_widget(button)
        if self.opened is not None:
            back = BigButton(ui, ui.t("Back"), lambda: self.tap(None), font_size=ui.font("small"))
            self.buttons["back"] = back
            grid.add_widget(back)
        if count <= self.fitting:
            # No scrolling unless needed: a scroll view holds every touch back until it knows it is
            # not a swipe (a quarter of a second).
            self.add_widget(grid)
        else:
            grid.size_hint_y = None
            grid.bind(minimum_height=grid.setter("height"))
            scroll = ScrollView(do_scroll_x=False)
            scroll.add_widget(grid)
            self.add_widget(scroll)
        if pinned is not None:
            end = BigButton(ui, ui.text(pinned.label), partial(self.tap, pinned), font_size=ui.font("small"),
                            size_hint_y=None, height=ui.touch)
            self.buttons[pinned.key] = end
            self.add_widget(end)

    def tap(self, choice: Choice | None) -> None:
        if choice is None or choice.answer is None:
            self.opened = choice
            self.draw()
        else:
            self.on_answer(choice.answer)


class Transcript(ScrollView):
    """What has happened, newest last and scrolled into view."""

    def __init__(self, ui: Ui, events: list[Event], rule_text: RuleText, **kwargs: Any) -> None:
        super().__init__(do_scroll_x=False, **kwargs)
        box = BoxLayout(orientation="vertical", size_hint_y=None, spacing=ui.px(4), padding=ui.px(4))
        # At least as tall as the view, so a short transcript starts at the top, not the bottom.
        def fit(*_: object) -> None:
            box.height = max(box.minimum_height, self.height)

        box.bind(minimum_height=fit)
        self.bind(height=fit)
        for event in events:
            box.add_widget(label(ui, ui.text(event.msg), "small", size_hint_y=None, fit_height=True))
            box.add_widget(citation(ui, event.rule, rule_text, size_hint_y=None, fit_height=True))
        box.add_widget(Widget())  # takes the room a short transcript leaves, below it
        self.add_widget(box)
        self.scroll_y = 0
