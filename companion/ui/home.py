"""The home screen: start or resume a game, the settings, the language, and the hardware status."""

from __future__ import annotations

from functools import partial

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.core.events import DeviceState
from companion.core.messages import Lang, Named, translate
from companion.store import SessionInfo
from companion.ui import theme
from companion.ui.base import BaseScreen
from companion.ui.bidi import shape
from companion.ui.fonts import measurer
from companion.ui.games import TABLE_GAMES
from companion.ui.status import DeviceRow
from companion.ui.widgets import BigButton, Panel, label, row

RESUME_SHOWN = 2


def resumable(unfinished: list[SessionInfo], playing: int | None) -> list[SessionInfo]:
    """The newest unfinished stored games this screen can play, other than the one in play."""
    return [s for s in unfinished if s.game in TABLE_GAMES and s.id != playing][:RESUME_SHOWN]
STATE_COLOURS = {
    DeviceState.CONNECTED: theme.GOOD,
    DeviceState.SIMULATED: theme.WARN,
    DeviceState.DISCONNECTED: theme.BAD,
    DeviceState.FAULT: theme.BAD,
    None: theme.MUTED,
}


def other_language(lang: Lang) -> tuple[Lang, str]:
    """The language the switch turns to, and its name written in itself."""
    return ("en", "English") if lang == "ar" else ("ar", "العربية")


class HomeScreen(BaseScreen):
    def build(self, body: BoxLayout) -> None:
        ui, app = self.ui, self.app
        target, target_name = other_language(ui.lang)
        switch = BigButton(ui, target_name, lambda: app.set_lang(target), size_hint_x=None,
                           width=ui.px(140))
        name = ui.t("Crypt Companion")
        # The title as wide as its words: the games' names take the rest of the top row, each on one line.
        title = label(ui, name, "title", size_hint_x=None,
                      width=measurer(ui.font("title"), True)(shape(name)) + ui.px(12))
        games = [BigButton(ui, ui.t(game.name), partial(self._choose, game_id), selected=game_id == app.game,
                           font_size=ui.font("small")) for game_id, game in TABLE_GAMES.items()]
        for button in games:
            button.padding = [ui.px(2), 0, ui.px(2), 0]
        body.add_widget(row(ui, [title, *games, switch], size_hint_y=None, height=ui.touch))

        actions = BoxLayout(orientation="vertical", spacing=ui.gap, size_hint_x=0.42)
        actions.add_widget(BigButton(ui, ui.t("New game"), lambda: app.go(TABLE_GAMES[app.game].newgame)))
        if app.session is not None and not app.over():
            actions.add_widget(BigButton(ui, ui.t("Back to the game"), app.resume, font_size=ui.font("small")))
        for info in self._resumable():
            text = ui.t("Resume: {heroes}", heroes=ui.text(self._heroes(info)))
            resume = BigButton(ui, text, partial(app.resume, info.id), font_size=ui.font("small"))
            # Four heroes' names take two lines: the button grows rather than the text spilling out.
            resume.bind(texture_size=lambda button, size: setattr(button, "height", max(ui.touch, size[1] + ui.gap)))
            actions.add_widget(resume)
        actions.add_widget(BigButton(ui, ui.t("Settings"), lambda: app.go("settings")))
        actions.add_widget(label(ui, ui.text(app.notice) if app.notice else "", "small", color=theme.WARN))

        self.panel = Panel(orientation="vertical", padding=ui.gap, spacing=ui.px(2))
        self.refresh_status()
        body.add_widget(row(ui, [actions, self.panel]))

    def _choose(self, game: str) -> None:
        self.app.game = game
        self.refresh()

    def _resumable(self) -> list[SessionInfo]:
        playing = self.app.session.id if self.app.session is not None else None
        return resumable(self.app.store.unfinished(), playing)

    def _heroes(self, info: SessionInfo) -> Named:
        """The stored game's heroes by name, from its own game's names."""
        known = TABLE_GAMES[info.game].heroes
        heroes = known() if known is not None else self.app.heroes
        names = [heroes.get(h, {"en": h, "ar": h}) for h in info.setup.get("heroes", [])]
        return {"en": ", ".join(n["en"] for n in names), "ar": "، ".join(n["ar"] for n in names)}

    def refresh_status(self) -> None:
        """Redraws the hardware status alone, so that a finger on a button is never lost to a redraw."""
        self.panel.clear_widgets()
        now = self.app.now()
        for device_row in self.app.status.rows.values():
            self._device(self.panel, device_row, now)
        self.panel.add_widget(Widget())  # the rows at the top, the free space below

    def _device(self, panel: Panel, device: DeviceRow, now: float) -> None:
        ui = self.ui
        name = label(ui, ui.text(device.name()), "small", bold=True)
        state = label(ui, ui.text(device.state_text()), "small", bold=True, color=STATE_COLOURS[device.state])
        panel.add_widget(row(ui, [name, state], size_hint_y=None, height=ui.line("small")))
        seen = ui.t("Last seen: {when}", when=ui.text(device.seen_text(now)))
        lines = [f"{seen} · {ui.text(device.faults_text())}"]
        if device.detail and translate(device.detail, "ar") != device.detail:
            lines.append(translate(device.detail, ui.lang))  # a device's own message; anything else is for logs
        for text in lines:
            panel.add_widget(label(ui, text, "small", color=theme.MUTED, size_hint_y=None, fit_height=True))
