"""The new-game screen: which heroes (tapped here or their cards laid on the reader), how many escape
rounds, who draws the cards; then start. Its model is the table's `Lobby`."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.core.messages import Msg
from companion.ui import theme
from companion.ui.base import BaseScreen
from companion.ui.newgame import DECK_MODES, DIFFICULTIES, deck_mode, missing, set_deck_mode, toggle_hero
from companion.ui.widgets import BigButton, label, row

Option = tuple[str, bool, Callable[[], Msg | None] | Callable[[], None]]
"""A button of a line: its text, whether it is the current choice, what a tap does."""


IN_PROGRESS = Msg("A game is in progress: it stays stored, and the home screen resumes it. A new game "
                  "takes two taps on Start.")


class NewGameScreen(BaseScreen):
    def build(self, body: BoxLayout) -> None:
        ui, app = self.ui, self.app
        lobby = app.lobby
        body.add_widget(self.top_bar(ui.t("New game"), self.simulated_button()))
        heroes: list[Option] = [(ui.text(name), h in lobby.heroes, partial(toggle_hero, lobby, h, app.heroes))
                                for h, name in app.heroes.items()]
        self._line(body, ui.t("Heroes"), heroes)
        rounds: list[Option] = [(ui.t(text), lobby.difficulty == d, partial(setattr, lobby, "difficulty", d))
                                for d, text in DIFFICULTIES.items()]
        self._line(body, ui.t("Escape"), rounds)
        mode = deck_mode(lobby)
        decks: list[Option] = [(ui.t(text), mode == m, partial(set_deck_mode, lobby, m))
                               for m, text in DECK_MODES.items()]
        self._line(body, ui.t("Cards"), decks)

        absent = missing(lobby)
        playing = app.session is not None and not app.over()
        # As tall as their lines (a share of what was left had cut the Arabic notice's second line at 800×480);
        # the room left stays between them and Start.
        if playing:
            body.add_widget(label(ui, ui.text(IN_PROGRESS), "small", bold=True, color=theme.BAD, size_hint_y=None,
                                  fit_height=True))
        note = app.notice or absent or Msg("Ready. Lay a hero card on the reader to add a hero.")
        body.add_widget(label(ui, ui.text(note), "small", color=theme.WARN, size_hint_y=None, fit_height=True))
        body.add_widget(Widget())
        sure = not playing or self.sure
        start = BigButton(ui, ui.t("Start the game") if sure else ui.t("Start a new game anyway"),
                          self._start if sure else self._sure)
        start.disabled = absent is not None
        body.add_widget(start)

    sure = False  # a game is in progress and the players said to start another all the same

    def _sure(self) -> None:
        self.sure = True
        self.refresh()

    def _start(self) -> None:
        self.sure = False
        self.app.start()

    def _line(self, body: BoxLayout, title: str, options: list[Option]) -> None:
        ui = self.ui
        buttons = []
        for text, selected, action in options:
            button = BigButton(ui, text, partial(self._apply, action), font_size=ui.font("small"))
            button.selected = selected
            buttons.append(button)
        heading = label(ui, title, "body", bold=True, size_hint_x=None, width=ui.px(110))
        body.add_widget(row(ui, [heading, *buttons], size_hint_y=None, height=ui.touch))

    def _apply(self, action: Callable[[], Msg | None] | Callable[[], None]) -> None:
        self.app.notice = action()
        self.refresh()
