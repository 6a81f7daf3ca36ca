"""The end of a game: the outcome in words, then three charts drawn with Kivy graphics — the damage each
hero dealt and took (and their deaths), the d6 faces rolled against a fair die's share, and the rounds
spent on each board. Every bar's length is its figure over the chart's largest one; its number is drawn
beside it. In Arabic the charts, their rows and their bars run from the right.
"""

from __future__ import annotations

from typing import Any

from kivy.graphics import Color, InstructionGroup, Line, Rectangle
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.core.messages import decimal
from companion.games.covenant.data import GameData
from companion.games.covenant.state import GameState
from companion.ui import theme
from companion.ui.bidi import shape
from companion.ui.board import HERO_COLOURS, draw_text, text_texture
from companion.ui.fonts import measurer
from companion.ui.i18n import N_
from companion.ui.theme import Colour, Ui
from companion.ui.widgets import Panel, label, row

OUTCOMES = {
    "victory": N_("Victory! The Covenant has left the crypt."),
    "defeat:falls": N_("Defeat: the sixth fall ends the game."),
    "defeat:escape": N_("Defeat: the escape ran out of rounds."),
}
DEALT: Colour = (0.95, 0.62, 0.20, 1)
TAKEN: Colour = (0.80, 0.28, 0.26, 1)
ROLLED: Colour = (0.35, 0.60, 0.90, 1)
ROUNDS: Colour = (0.55, 0.45, 0.70, 1)
FACES = ("1", "2", "3", "4", "5", "6")


class Bars(Widget):
    """Horizontal bars stacked in the widget's height, each `value / scale` of the room left for the
    numbers, growing from the reading side, with its number after its end."""

    def __init__(self, ui: Ui, values: list[tuple[int, Colour]], scale: float, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.ui, self.values, self.scale = ui, values, max(1.0, scale)
        self.rects: list[tuple[int, Rectangle]] = []
        self.bind(pos=self._draw, size=self._draw)

    def _draw(self, *_: object) -> None:
        self.canvas.clear()
        self.rects = []
        group = InstructionGroup()
        n = len(self.values)
        room = self.ui.px(44)  # for the number after the longest bar
        slot = self.height / max(1, n)
        size = max(8, int(min(slot * 0.8, self.ui.font("small"))))
        for i, (value, colour) in enumerate(self.values):
            length = (self.width - room) * value / self.scale
            y = self.top - (i + 1) * slot + slot * 0.12
            x = self.right - length if self.ui.rtl else self.x
            group.add(Color(rgba=colour))
            rect = Rectangle(pos=(x, y), size=(length, slot * 0.76))
            group.add(rect)
            self.rects.append((value, rect))
            texture = text_texture(str(value), size, True, False)
            end = x - room / 2 if self.ui.rtl else x + length + room / 2
            draw_text(group, texture, end, y + slot * 0.38, theme.TEXT)
        self.canvas.add(group)


class Columns(Widget):
    """Vertical bars, one per face, with the count over each and the face under it, and a dashed line
    at the fair share (the total over the six faces)."""

    def __init__(self, ui: Ui, counts: list[tuple[str, int]], fair: float, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.ui, self.counts, self.fair = ui, counts, fair
        self.scale = max(1.0, fair, *(c for _, c in counts))
        self.rects: list[tuple[int, Rectangle]] = []
        self.fair_y = 0.0
        self.bind(pos=self._draw, size=self._draw)

    def _draw(self, *_: object) -> None:
        self.canvas.clear()
        self.rects = []
        group = InstructionGroup()
        ui = self.ui
        text = ui.font("small")
        base, headroom = self.y + text * 1.3, text * 1.3
        room = self.height - (base - self.y) - headroom
        slot = self.width / len(self.counts)
        for i, (face, count) in enumerate(self.counts):
            place = len(self.counts) - 1 - i if ui.rtl else i
            cx = self.x + (place + 0.5) * slot
            height = room * count / self.scale
            group.add(Color(rgba=ROLLED))
            rect = Rectangle(pos=(cx - slot * 0.32, base), size=(slot * 0.64, height))
            group.add(rect)
            self.rects.append((count, rect))
            draw_text(group, text_texture(str(count), text, True, False), cx, base + height + text * 0.6, theme.TEXT)
            draw_text(group, text_texture(face, text, True, False), cx, self.y + text * 0.6, theme.MUTED)
        self.fair_y = base + room * self.fair / self.scale
        group.add(Color(rgba=theme.WARN))
        group.add(Line(points=[self.x, self.fair_y, self.right, self.fair_y], width=1, dash_length=8,
                       dash_offset=5))
        self.canvas.add(group)


class Swatch(Widget):
    def __init__(self, colour: Colour, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        with self.canvas:
            Color(rgba=colour)
            self._rect = Rectangle()
        self.bind(pos=self._draw, size=self._draw)

    def _draw(self, *_: object) -> None:
        side = min(self.size) * 0.5
        self._rect.pos = (self.x + (self.width - side) / 2, self.y + (self.height - side) / 2)
        self._rect.size = (side, side)


def name_width(ui: Ui, names: list[str]) -> float:
    """A column in which every name takes one line (Kivy wraps a line that only just fits: 10 px spare)."""
    measure = measurer(ui.font("small"), False)
    return max(measure(shape(n)) for n in names) + ui.px(10)


class SummaryScreen(BoxLayout):
    """A widget (a vertical BoxLayout) for a screen's body: the outcome and the figures in a row that
    ends with `actions` (say, a button home), then the three charts side by side. At 800×480 it needs
    about 380 px of height with four heroes: it fits under a screen's top bar."""

    def __init__(self, data: GameData, state: GameState, *, ui: Ui, actions: list[Widget] | None = None,
                 **kwargs: Any) -> None:
        kwargs.setdefault("spacing", ui.gap)
        super().__init__(orientation="vertical", **kwargs)
        self.ui, self.data, self.state = ui, data, state
        self.charts: dict[str, Bars | Columns] = {}
        outcome = state.outcome or ""
        words = ui.t(OUTCOMES[outcome]) if outcome in OUTCOMES else ui.t("The game is not over.")
        headline = label(ui, words, "title", color=theme.GOOD if outcome == "victory" else theme.BAD)
        figures = label(ui, ui.t("Rounds: {rounds} · Falls: {falls}", rounds=state.round, falls=state.falls),
                        "small", size_hint_x=0.45)
        self.add_widget(row(ui, [headline, figures, *(actions or [])], size_hint_y=None, height=ui.touch))
        charts = [(self._damage(), 0.5), (self._rolls(), 0.25), (self._rounds(), 0.25)]
        for panel, share in charts:
            panel.size_hint_x = share
        self.add_widget(row(ui, [panel for panel, _ in charts]))

    def _chart(self, title: str) -> Panel:
        panel = Panel(orientation="vertical", padding=self.ui.gap, spacing=self.ui.gap / 2)
        panel.add_widget(label(self.ui, title, "small", bold=True, size_hint_y=None, fit_height=True))
        return panel

    def _line(self) -> float:
        return self.ui.line("small")

    def _damage(self) -> Panel:
        ui, line = self.ui, self._line()
        panel = self._chart(ui.t("Damage per hero"))
        heroes = sorted(self.state.heroes.values(), key=lambda h: h.seat)
        scale = max([1, *(h.damage_dealt for h in heroes), *(h.damage_taken for h in heroes)])
        deaths_w = ui.px(72)
        key = row(ui, [Swatch(DEALT, size_hint_x=None, width=line * 0.7), label(ui, ui.t("dealt"), "small"),
                       Swatch(TAKEN, size_hint_x=None, width=line * 0.7), label(ui, ui.t("taken"), "small"),
                       label(ui, ui.t("Deaths"), "small", size_hint_x=None, width=deaths_w, align="center")],
                  spacing=0, size_hint_y=None, height=line)
        panel.add_widget(key)
        names = {h.id: ui.text(self.data.heroes[h.id].named()) for h in heroes}
        name_w = name_width(ui, list(names.values()))
        for hero in heroes:
            name = label(ui, names[hero.id], "small", size_hint_x=None, width=name_w,
                         color=HERO_COLOURS[hero.seat % len(HERO_COLOURS)])
            bars = Bars(ui, [(hero.damage_dealt, DEALT), (hero.damage_taken, TAKEN)], scale)
            self.charts[f"damage:{hero.id}"] = bars
            deaths = label(ui, str(hero.deaths), "small", bold=True, size_hint_x=None, width=deaths_w,
                           align="center")
            panel.add_widget(row(ui, [name, bars, deaths], spacing=0, size_hint_y=None, height=line * 1.05))
        panel.add_widget(Widget())
        return panel

    def _rolls(self) -> Panel:
        ui = self.ui
        rolls = self.state.stats.rolls
        counts = [(face, rolls.get(face, 0)) for face in FACES]
        total = sum(c for _, c in counts)
        fair = total / len(FACES)
        panel = self._chart(ui.t("Die rolls: {total}", total=total))
        columns = Columns(ui, counts, fair)
        self.charts["rolls"] = columns
        panel.add_widget(columns)
        panel.add_widget(label(ui, ui.t("Dashed: a fair die, {fair} a face", fair=ui.text(decimal(fair))), "small",
                               color=theme.WARN, size_hint_y=None, fit_height=True))
        return panel

    def _rounds(self) -> Panel:
        ui, line = self.ui, self._line()
        panel = self._chart(ui.t("Rounds on each board"))
        per_zone = self.state.stats.rounds_per_zone
        scale = max([1, *per_zone.values()])
        for zone, spec in sorted(self.data.boards.items()):
            rounds = per_zone.get(str(zone), 0)
            panel.add_widget(label(ui, ui.text(spec.named()), "small", size_hint_y=None,
                                   fit_height=True))
            bars = Bars(ui, [(rounds, ROUNDS)], scale, size_hint_y=None, height=line * 0.6)
            self.charts[f"rounds:{zone}"] = bars
            panel.add_widget(bars)
        panel.add_widget(Widget())
        return panel
