"""The rulebook's setup (§Setup, steps 1–9) as a checklist the players tick off while they lay the table,
written for the game just started: its heroes in seat order, and whether the app or the table deals the
cards. Then the game begins."""

from __future__ import annotations

from functools import partial

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.scrollview import ScrollView

from companion.core.messages import Msg, Named, listed
from companion.ui import theme
from companion.ui.base import BaseScreen
from companion.ui.prompt_panel import citation
from companion.ui.widgets import BigButton, label, row


def checklist(heroes: list[Named], app_deals: bool, upgrade_at_start: bool) -> list[Msg]:
    order = listed(heroes)
    steps = [
        Msg("Lay out the Fallen Castle board, its entrance on everyone's left; set the other two boards aside."),
        Msg("Each player takes their hero's card and reads its flavour line aloud: {heroes}.", {"heroes": order}),
        Msg("Each hero takes 1 health potion, 3 gold, their basic weapon, and full HP."),
        Msg("Stand every hero on the entrance of the Fallen Castle."),
        Msg("The app deals the cards: set the decks aside.") if app_deals else
        Msg("Shuffle the events, loot, equipment, combat and monster decks, and the potion deck of 4."),
        Msg("Guardian marker on the guardian hall; shuffle zone 1's 7 room markers, 6 face down on the "
            "rectangles, the 7th on the circle."),
        Msg("Each guardian's two cards beside its hall, the Demon card under the Black Saint's, the 3 shard "
            "tokens beside the board."),
        Msg("Play goes in this order all game: {heroes}.", {"heroes": order}),
    ]
    if upgrade_at_start:
        steps.insert(3, Msg("With 3 heroes, each picks one upgrade now (the app asks)."))
    return steps


class SetupScreen(BaseScreen):
    game = "covenant"
    done: frozenset[int] = frozenset()

    def build(self, body: BoxLayout) -> None:
        ui, app = self.ui, self.app
        body.add_widget(self.top_bar(ui.t("Setting up the table")))
        session = app.session
        if session is None:
            return
        heroes = [app.heroes[h] for h in session.state.order]
        deals = session.setup.get("deal", {})
        steps = checklist(heroes, deals.get("combat", "app") == "app", len(heroes) == 3)
        # Padded below so that the last step scrolls fully into view above the Begin row.
        box = BoxLayout(orientation="vertical", size_hint_y=None, spacing=ui.px(4), padding=[0, 0, 0, ui.gap])
        box.bind(minimum_height=box.setter("height"))
        self.steps = len(steps)
        for n, step in enumerate(steps, start=1):
            tick = BigButton(ui, str(n), size_hint_x=None, width=ui.touch)
            tick.bind(on_release=partial(self._tick, n))
            tick.selected = n in self.done
            text = label(ui, ui.text(step), "small", size_hint_y=None, fit_height=True)
            line = row(ui, [tick, text], size_hint_y=None)
            text.bind(height=partial(_fit_line, line, ui.touch))
            box.add_widget(line)
        self.scroll = ScrollView(do_scroll_x=False)
        self.scroll.add_widget(box)
        body.add_widget(self.scroll)
        self.note = label(ui, "", "small", color=theme.WARN, size_hint_y=None, height=0, fit_height=True)
        body.add_widget(self.note)
        rule = citation(ui, "§Setup", app.rule_text, size_hint_y=None, fit_height=True)
        self.begin = BigButton(ui, ui.t("Begin the game"), self._begin)
        body.add_widget(row(ui, [rule, self.begin], size_hint_y=None, height=ui.touch))

    steps = 0
    asked = False  # steps were left unticked and the players were asked once

    def _tick(self, n: int, tick: BigButton) -> None:
        """Ticked in place: a rebuild would throw the list back to its top under the players' fingers."""
        self.done = self.done ^ {n}
        tick.selected = n in self.done
        self.asked = False
        self.note.logical = ""
        self.begin.logical = self.ui.t("Begin the game")

    def _begin(self) -> None:
        left = self.steps - len(self.done)
        if left and not self.asked:
            self.asked = True
            self.note.logical = self.ui.t("{count} setup steps are not ticked yet. Begin all the same?", count=left)
            self.begin.logical = self.ui.t("Begin anyway")
            return
        self.done, self.asked = frozenset(), False
        self.app.go("table")


def _fit_line(line: BoxLayout, least: float, _label: object, height: float) -> None:
    line.height = max(height, least)
