"""The home screen: start or resume a game, the settings, the language, and the hardware status."""

from __future__ import annotations

from functools import partial

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.core.events import DeviceState
from companion.core.messages import Lang, listed, translate
from companion.store import SessionInfo, StoredSession
from companion.ui import theme
from companion.ui.base import BaseScreen
from companion.ui.fonts import measurer
from companion.ui.games import TABLE_GAMES, About
from companion.ui.settings_screen import LANGUAGES
from companion.ui.status import DeviceRow
from companion.ui.theme import BASE_WIDTH
from companion.ui.widgets import BigButton, Column, FitScroll, Kept, Panel, fill, label, reading_order, row

ACTIONS_SHARE = 0.5  # three games' names in two rows, the Last Covenant's alone in English
GAME_PAD = 2


def resumable(unfinished: list[SessionInfo], playing: int | None) -> list[SessionInfo]:
    """Every unfinished stored game this app can play, newest first, other than the one in play (issue 21,
    finding 5: an older one of another game had been out of reach)."""
    return [s for s in unfinished if s.game in TABLE_GAMES and s.id != playing]


ABOUT: dict[tuple[int, int, float], About | None] = {}
"""What each stored game's resume button says, by its id, head and time: read from its state once."""


def about(stored: StoredSession | object) -> About | None:
    """A stored game's heroes as they stand now and its round, or None if it cannot be read."""
    if not isinstance(stored, StoredSession):
        return None
    return TABLE_GAMES[stored.game].about(stored.state)


STATE_COLOURS = {
    DeviceState.CONNECTED: theme.GOOD,
    DeviceState.SIMULATED: theme.WARN,
    DeviceState.DISCONNECTED: theme.BAD,
    DeviceState.FAULT: theme.BAD,
    None: theme.MUTED,
}


def other_languages(lang: Lang) -> list[tuple[Lang, str]]:
    """The languages the switches turn to, each by its name written in itself."""
    return [(other, name) for other, name in LANGUAGES if other != lang]


class HomeScreen(BaseScreen):
    def build(self, body: BoxLayout) -> None:
        ui, app = self.ui, self.app
        switches = [BigButton(ui, name, partial(app.set_lang, target), size_hint_x=None, width=ui.px(170))
                    for target, name in other_languages(ui.lang)]
        title = label(ui, ui.t("Crypt Companion"), "title")
        body.add_widget(row(ui, [title, *switches], size_hint_y=None, height=ui.touch))

        # Everything in one list that scrolls once every unfinished game no longer fits beside the status.
        actions = Column(spacing=ui.gap)
        # The actions' share of the width beside the status panel (whose share is 1), at the design size.
        room = (ui.px(BASE_WIDTH) - 2 * ui.px(self.padding_px) - ui.gap) * ACTIONS_SHARE / (ACTIONS_SHARE + 1)
        rows = self._game_rows(room)
        for games in rows:
            actions.add_widget(row(ui, games, spacing=ui.gap / 2, size_hint_y=None, height=ui.touch))
        actions.add_widget(BigButton(ui, ui.t("New game"), lambda: app.go(TABLE_GAMES[app.game].newgame)))
        if app.session is not None and not app.over():
            actions.add_widget(BigButton(ui, ui.t("Back to the game"), app.resume, font_size=ui.font("small")))
        self.resumes: dict[int, BigButton] = {}
        for info in self._resumable():
            resume = BigButton(ui, self._resume_text(info), partial(app.resume, info.id), font_size=ui.font("small"),
                               grow=True)
            self.resumes[info.id] = resume
            actions.add_widget(resume)
        actions.add_widget(BigButton(ui, ui.t("Settings"), lambda: app.go("settings")))
        if app.notice:
            actions.add_widget(label(ui, ui.text(app.notice), "small", color=theme.WARN, size_hint_y=None,
                                     fit_height=True))
        scroll = FitScroll(size_hint_x=ACTIONS_SHARE)
        scroll.add_widget(actions)

        self.panel = Panel(orientation="vertical", padding=ui.gap, spacing=ui.px(2))
        self.kept = Kept()
        self.refresh_status()
        body.add_widget(row(ui, [scroll, self.panel]))

    def _game_rows(self, room: float) -> list[list[BigButton]]:
        """The games' buttons, each as wide as its name needs, in as few rows as fit `room`."""
        ui, app = self.ui, self.app
        measure = measurer(ui.font("small"), False)
        rows: list[list[BigButton]] = [[]]
        used = 0.0
        for game_id, game in TABLE_GAMES.items():
            # Kivy takes a label's padding off the room it is given as well: a thin one leaves the name whole.
            width = measure(ui.t(game.name)) + 4 * ui.px(GAME_PAD) + ui.gap / 2 + 2
            if rows[-1] and used + width > room:
                rows.append([])
                used = 0.0
            used += width
            button = BigButton(ui, ui.t(game.name), partial(self._choose, game_id), selected=game_id == app.game,
                               font_size=ui.font("small"), size_hint_x=width)
            button.padding = [ui.px(GAME_PAD), 0, ui.px(GAME_PAD), 0]  # laid out again once the row gives it its width
            rows[-1].append(button)
        return rows

    def _choose(self, game: str) -> None:
        self.app.game = game
        self.refresh()

    def _resumable(self) -> list[SessionInfo]:
        playing = self.app.session.id if self.app.session is not None else None
        return resumable(self.app.store.unfinished(), playing)

    def _resume_text(self, info: SessionInfo) -> str:
        """"Resume The Last Covenant: Exiled Knight and Rogue, round 3": the game, its heroes as they stand
        now and its round, read from its state."""
        ui = self.ui
        key = (info.id, info.head, info.updated)
        if key not in ABOUT:
            ABOUT[key] = about(self.app.store.resume(info.id))
        known = ABOUT[key]
        game = ui.t(TABLE_GAMES[info.game].name)
        if known is None:
            return ui.t("Resume {game}", game=game)
        heroes, where = known
        fields = {"game": game, "heroes": ui.text(listed(heroes))}
        if where is None:
            return ui.t("Resume {game}: {heroes}", **fields)
        return ui.t("Resume {game}: {heroes}, {where}", **fields, where=ui.text(where))

    def refresh_status(self) -> None:
        """Redraws the hardware status alone, so that a finger on a button is never lost to a redraw. Its
        widgets are kept (`Kept`) and given their texts again: once a second, a status that did not change
        costs nothing, where new labels cost a texture each (and on a software GL a few hundred kB that it
        keeps: 3 MB a second on the home screen, issue 26)."""
        now, kept = self.app.now(), self.kept
        widgets: list[Widget] = []
        for device_row in self.app.status.rows.values():
            widgets.extend(self._device(device_row, now))
        widgets.append(kept.get("end", Widget))  # the rows at the top, the free space below
        fill(self.panel, widgets)

    def _device(self, device: DeviceRow, now: float) -> list[Widget]:
        ui, key = self.ui, device.device
        name = label(ui, ui.text(device.name()), "small", self.kept.at(f"{key}/name"), bold=True)
        state = label(ui, ui.text(device.state_text()), "small", self.kept.at(f"{key}/state"), bold=True,
                      color=STATE_COLOURS[device.state])
        line = self.kept.get(f"{key}/row", BoxLayout, orientation="horizontal", spacing=ui.gap, size_hint_y=None,
                             height=ui.line("small"))
        fill(line, reading_order(ui, [name, state]))
        seen = ui.t("Last seen: {when}", when=ui.text(device.seen_text(now)))
        lines = [ui.t(" · ").join((seen, ui.text(device.faults_text())))]
        # A catalogue's text is in every language (a test checks): the screen's own catalogue tells, or Arabic's
        # when English is shown, without reading the others'.
        other: Lang = "ar" if ui.lang == "en" else ui.lang
        if device.detail and translate(device.detail, other) != device.detail:
            lines.append(translate(device.detail, ui.lang))  # a device's own message; anything else is for logs
        return [line, *(label(ui, text, "small", self.kept.at(f"{key}/{n}"), color=theme.MUTED, size_hint_y=None,
                              fit_height=True) for n, text in enumerate(lines))]
