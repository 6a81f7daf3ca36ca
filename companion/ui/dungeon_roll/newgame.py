"""Dungeon Roll's new-game screen: one to four players, each a hero tapped on the screen, or seated by a hero
card or a player token laid on the reader (ruling R-DR-40); both go through the table's `Lobby` of the game,
which the app keeps (seat order is join order). The last hero tapped has its specialty and ultimate shown,
novice side and master side. The seating is a plain list of heroes, player 1 first, which the game's setup
takes as it is."""

from __future__ import annotations

from functools import partial

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.scrollview import ScrollView

from companion.core.messages import Msg, Named, Plural
from companion.games.dungeon_roll.data import GameData, default
from companion.table import Lobby
from companion.ui import theme
from companion.ui.base import BaseScreen
from companion.ui.dungeon_roll.heroes import as_named, hero_names, specialty, ultimate
from companion.ui.newgame_screen import IN_PROGRESS
from companion.ui.widgets import BigButton, Panel, label, row

GAME = "dungeon-roll"
COLUMNS = 5
_PLAYERS = Plural("{n} player: {heroes}", "{n} players: {heroes}", "n")


def seat(lobby: Lobby, hero: str) -> Msg | None:
    """A hero tapped: seated at the next place, or out of the game when already seated."""
    if hero in lobby.heroes:
        lobby.leave(hero)
        return None
    refused = lobby.join(hero)
    return refused.msg if refused is not None else None


def hero_text(d: GameData, hero: str) -> list[Msg | Named]:
    """The novice side's name, specialty and ultimate; then the master side's, for a hero who has one (its
    specialty only where it differs)."""
    spec = d.heroes[hero]
    lines: list[Msg | Named] = [spec.novice.named(), *specialty(d, spec.novice),
                                Msg("Ultimate: {text}", {"text": as_named(ultimate(d, spec.novice))})]
    if spec.master is not None:
        lines.append(Msg("At {xp} experience: {side}. Ultimate: {text}",
                         {"xp": spec.level_up, "side": spec.master.named(),
                          "text": as_named(ultimate(d, spec.master))}))
        novice = specialty(d, spec.novice)
        lines += [msg for msg in specialty(d, spec.master) if msg not in novice]
    return lines


class DelveNewGameScreen(BaseScreen):
    shown: str | None = None
    sure = False

    @property
    def seats(self) -> list[str]:
        return self.app.lobby_of(GAME).heroes

    def build(self, body: BoxLayout) -> None:
        ui, app = self.ui, self.app
        data = default()
        body.add_widget(self.top_bar(ui.t("New game: {game}", game=ui.t("Dungeon Roll")), self.simulated_button()))
        rows = -(-len(data.heroes) // COLUMNS)
        grid = GridLayout(cols=COLUMNS, spacing=ui.gap / 2, orientation="rl-tb" if ui.rtl else "lr-tb",
                          row_force_default=True, row_default_height=ui.touch, size_hint_y=None,
                          height=rows * ui.touch + (rows - 1) * ui.gap / 2)
        for hero_id, spec in data.heroes.items():
            button = BigButton(ui, ui.text(spec.novice.named()), partial(self._tap, hero_id),
                               font_size=ui.font("small"))
            button.padding = [ui.px(2), 0, ui.px(2), 0]  # "The Time Traveller" on one line in Arabic
            button.selected = hero_id in self.seats
            grid.add_widget(button)
        # The heroes scroll, so that a notice and the seating line always fit under them at 800×480.
        heroes = ScrollView(do_scroll_x=False, size_hint_y=3)
        heroes.add_widget(grid)
        body.add_widget(heroes)
        about = Panel(orientation="vertical", padding=ui.gap)
        box = BoxLayout(orientation="vertical", size_hint_y=None, spacing=ui.px(2))
        box.bind(minimum_height=box.setter("height"))
        lines: list[Msg | Named] = hero_text(data, self.shown) if self.shown else \
            [Msg("Tap a hero for each player, 1 to 4, or lay a hero card or a player token on the reader "
                "(ruling R-DR-40).")]
        for n, msg in enumerate(lines):
            box.add_widget(label(ui, ui.text(msg), "small", bold=n == 0 and self.shown is not None, size_hint_y=None,
                                 fit_height=True))
        scroll = ScrollView(do_scroll_x=False)
        scroll.add_widget(box)
        about.add_widget(scroll)
        body.add_widget(about)
        playing = app.session is not None and not app.over()
        note = app.notice or (IN_PROGRESS if playing else None)
        if note is not None:
            body.add_widget(label(ui, ui.text(note), "small", color=theme.WARN, size_hint_y=None, fit_height=True))
        sure = not playing or self.sure
        start = BigButton(ui, ui.t("Start the game") if sure else ui.t("Start a new game anyway"),
                          self._start if sure else self._sure)
        start.disabled = not self.seats
        names = ui.t(", ").join(f"{n}. {ui.text(hero_names()[h])}" for n, h in enumerate(self.seats, start=1))
        seated = ui.text(Msg.of(_PLAYERS, {"n": len(self.seats), "heroes": names}))
        body.add_widget(row(ui, [label(ui, seated, "small", bold=True), start], size_hint_y=None, height=ui.touch))

    def _tap(self, hero: str) -> None:
        self.app.notice = seat(self.app.lobby_of(GAME), hero)
        self.shown = hero
        self.refresh()

    def _sure(self) -> None:
        self.sure = True
        self.refresh()

    def _start(self) -> None:
        self.sure = False
        self.shown = None
        self.app.start(GAME, {"heroes": list(self.seats)})

