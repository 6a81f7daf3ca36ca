"""The new-game screen: how many play, which heroes (tapped here or their cards laid on the reader),
how many escape rounds, who draws the cards; then start."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from kivy.uix.boxlayout import BoxLayout

from companion.core.messages import Msg
from companion.ui import theme
from companion.ui.base import BaseScreen
from companion.ui.newgame import DECK_MODES, ESCAPE_ROUNDS, MAX_PLAYERS, MIN_PLAYERS
from companion.ui.widgets import BigButton, label, row

Option = tuple[str, bool, Callable[[], Msg | None]]
"""A button of a line: its text, whether it is the current choice, what a tap does."""


class NewGameScreen(BaseScreen):
    def build(self, body: BoxLayout) -> None:
        ui, setup = self.ui, self.app.setup
        body.add_widget(self.top_bar(ui.t("New game")))
        players: list[Option] = [(str(n), setup.players == n, partial(setup.set_players, n))
                                 for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)]
        self._line(body, ui.t("Players"), players)
        heroes: list[Option] = [(ui.text(name), h in setup.heroes, partial(setup.toggle_hero, h))
                                for h, name in setup.names.items()]
        self._line(body, ui.t("Heroes"), heroes)
        rounds: list[Option] = [(ui.t(text), setup.escape_rounds == r, partial(setup.set_escape_rounds, r))
                                for r, text in ESCAPE_ROUNDS.items()]
        self._line(body, ui.t("Escape"), rounds)
        decks: list[Option] = [(ui.t(text), setup.deck_mode == mode, partial(setup.set_deck_mode, mode))
                               for mode, text in DECK_MODES.items()]
        self._line(body, ui.t("Cards"), decks)

        missing = setup.missing()
        note = self.app.notice or missing or Msg("Ready. Lay a hero card on the reader to add a hero.")
        body.add_widget(label(ui, ui.text(note), "small", color=theme.WARN))
        start = BigButton(ui, ui.t("Start the game"), self.app.start)
        start.disabled = missing is not None
        body.add_widget(start)

    def _line(self, body: BoxLayout, title: str, options: list[Option]) -> None:
        ui = self.ui
        buttons = []
        for text, selected, action in options:
            button = BigButton(ui, text, partial(self._apply, action), font_size=ui.font("small"))
            button.selected = selected
            buttons.append(button)
        heading = label(ui, title, "body", bold=True, size_hint_x=None, width=ui.px(110))
        body.add_widget(row(ui, [heading, *buttons], size_hint_y=None, height=ui.touch))

    def _apply(self, action: Callable[[], Msg | None]) -> None:
        self.app.notice = action()
        self.refresh()
