"""Dungeon Roll's final scoreboard (sheet, "End of the game"): each player's experience, what the unused
treasures add, the total and the place; the tie-breaks; alone at the table, the rank (ruling R-DR-11)."""

from __future__ import annotations

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.core.messages import Msg
from companion.games.dungeon_roll.data import default
from companion.games.dungeon_roll.scoring import solo_rank
from companion.ui import theme
from companion.ui.base import BaseScreen
from companion.ui.dungeon_roll.board import hero
from companion.ui.i18n import N_
from companion.ui.prompt_panel import citation
from companion.ui.widgets import Panel, label, row

GAME = "dungeon-roll"
COLUMNS = (N_("Place"), N_("Hero"), N_("Experience"), N_("Treasures"), N_("Total"), N_("Tokens"))
SHARES = (0.12, 0.33, 0.17, 0.14, 0.12, 0.12)


class DelveEndScreen(BaseScreen):
    game = GAME
    def build(self, body: BoxLayout) -> None:
        ui, app = self.ui, self.app
        body.add_widget(self.top_bar(ui.t("The end of the game")))
        session = app.session
        if session is None or session.game != GAME or not session.state.outcome:
            body.add_widget(label(ui, ui.t("The game is not over."), align="center"))
            return
        state, data = session.state, default()
        table = Panel(orientation="vertical", padding=ui.gap, spacing=ui.px(2))
        line = ui.line("small")
        table.add_widget(self._row([ui.t(c) for c in COLUMNS], line, bold=True))
        by_place = sorted(range(len(state.standings)), key=lambda i: (state.standings[i].place, i))
        for index in by_place:
            s = state.standings[index]
            cells = [str(s.place), ui.text(hero(data, state, index)), str(s.xp), str(s.treasure_points),
                     str(s.total), str(s.tokens)]
            table.add_widget(self._row(cells, line, colour=theme.GOOD if s.place == 1 else theme.TEXT))
        table.add_widget(Widget())
        body.add_widget(table)
        notes = Panel(orientation="vertical", padding=ui.gap, spacing=ui.px(2), size_hint_y=None)
        notes.bind(minimum_height=notes.setter("height"))
        winners = [i for i, s in enumerate(state.standings) if s.place == 1]
        if len(state.players) == 1:
            rank = Msg("Solo rank: {rank}", {"rank": solo_rank(state.standings[0].total)})
            notes.add_widget(label(ui, ui.text(rank), "body", bold=True, color=theme.GOOD, size_hint_y=None,
                                   fit_height=True))
            notes.add_widget(citation(ui, "R-DR-11", app.rule_text, size_hint_y=None, fit_height=True))
        else:
            outcome = Msg("{hero} wins.", {"hero": hero(data, state, winners[0])}) if len(winners) == 1 else \
                Msg("A shared victory: the winners tie on total and on treasure tokens.")
            notes.add_widget(label(ui, ui.text(outcome), "body", bold=True, color=theme.GOOD, size_hint_y=None,
                                   fit_height=True))
            notes.add_widget(label(ui, ui.t("A tie on the total goes to the fewest treasure tokens; a tie on both "
                                            "is a shared victory."), "small", size_hint_y=None, fit_height=True))
            notes.add_widget(citation(ui, "DR §End of the game", app.rule_text, size_hint_y=None, fit_height=True))
        body.add_widget(notes)

    def _row(self, cells: list[str], height: float, bold: bool = False, colour: theme.Colour = theme.TEXT) -> BoxLayout:
        ui = self.ui
        return row(ui, [label(ui, text, "small", bold=bold, color=colour, size_hint_x=share, align="center")
                        for text, share in zip(cells, SHARES, strict=True)], size_hint_y=None, height=height)
