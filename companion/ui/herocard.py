"""A hero drawn as a card on the heroes' panel: name in the seat's colour, HP as a bar on the 12 + "+12"
track with its maximum, gold, potions and shards with counts, gear (the basic weapon included), and the
hero's conditions; a fallen hero's card is greyed and says so, a cursed one carries a warning."""

from __future__ import annotations

from typing import Any

from kivy.graphics import Color, Line, Rectangle
from kivy.uix.widget import Widget

from companion.core.messages import Msg
from companion.ui import theme
from companion.ui.board import HERO_COLOURS
from companion.ui.heroes import TRACK, HeroCard, card_lines
from companion.ui.theme import Ui
from companion.ui.widgets import Kept, Panel, fill, label

FALLEN_FILL = (0.30, 0.10, 0.10, 1)


class HpBar(Widget):
    """The HP track: filled to the hero's HP out of their maximum, a tick where the "+12" token begins."""

    def __init__(self, card: HeroCard, rtl: bool, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.card, self.rtl = card, rtl
        self.bind(pos=self._draw, size=self._draw)

    def renew(self, card: HeroCard, rtl: bool, **kwargs: Any) -> None:
        for name, value in kwargs.items():
            setattr(self, name, value)
        if (card, rtl) != (self.card, self.rtl):
            self.card, self.rtl = card, rtl
            self._draw()

    def _draw(self, *_: object) -> None:
        card, x, y, w, h = self.card, self.x, self.y, self.width, self.height
        share = 0.0 if card.fallen else max(0.0, min(1.0, card.hp / max(1, card.most)))
        filled = w * share
        colour = theme.BAD if card.hp <= 3 or card.fallen else theme.GOOD
        self.canvas.clear()
        with self.canvas:
            Color(0.08, 0.07, 0.09, 1)
            Rectangle(pos=(x, y), size=(w, h))
            Color(rgba=colour)
            Rectangle(pos=(x + w - filled if self.rtl else x, y), size=(filled, h))
            if card.most > TRACK:
                tick = w * TRACK / card.most
                tx = x + w - tick if self.rtl else x + tick
                Color(rgba=theme.TEXT)
                Line(points=[tx, y - 2, tx, y + h + 2], width=1.5)
            Color(rgba=theme.MUTED)
            Line(rectangle=(x, y, w, h), width=1)


class HeroCardView(Panel):
    """The card as a panel of its own height (the heroes' panel scrolls when four do not fit); renewed
    with the hero's card after a ruling, it changes only the lines that changed."""

    def __init__(self, ui: Ui, card: HeroCard, conditions: list[Msg], active: bool) -> None:
        super().__init__(orientation="vertical", padding=ui.px(6), spacing=ui.px(3), size_hint_y=None)
        self.bind(minimum_height=self.setter("height"))
        self.kept = Kept()
        self.renew(ui, card, conditions, active)

    def renew(self, ui: Ui, card: HeroCard, conditions: list[Msg], active: bool) -> None:
        kept = self.kept
        self.fill = FALLEN_FILL if card.fallen else theme.PANEL
        colour = HERO_COLOURS[card.seat % len(HERO_COLOURS)]
        name = ui.t("{hero} (seat {seat})", hero=ui.text(card.name), seat=card.seat + 1)
        lines: list[Widget] = [label(ui, name, "small", kept.at("name"), bold=True,
                                     color=theme.MUTED if card.fallen else colour, size_hint_y=None, fit_height=True)]
        if card.fallen:
            lines.append(label(ui, ui.t("FALLEN: the figure lies down"), "small", kept.at("fallen"), bold=True,
                               color=theme.BAD, size_hint_y=None, fit_height=True))
        lines.append(label(ui, ui.text(card.hp_line), "small", kept.at("hp"), bold=active, size_hint_y=None,
                           fit_height=True))
        lines.append(kept.get("bar", HpBar, card, ui.rtl, size_hint_y=None, height=ui.px(12)))
        for i, line in enumerate(card_lines(card)):
            lines.append(label(ui, ui.text(line), "small", kept.at(f"line/{i}"), color=theme.MUTED, size_hint_y=None,
                               fit_height=True))
        for i, condition in enumerate(conditions):
            lines.append(label(ui, ui.text(condition), "small", kept.at(f"condition/{i}"), bold=card.cursed,
                               color=theme.WARN, size_hint_y=None, fit_height=True))
        fill(self, lines)
