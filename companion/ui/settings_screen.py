"""The settings screen: the language, switched at once, and the device settings read from the
settings file (changed there, by the table's owner, and read at the next start)."""

from __future__ import annotations

from functools import partial

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.core.messages import Lang
from companion.ui import theme
from companion.ui.base import BaseScreen
from companion.ui.i18n import N_
from companion.ui.phones import phones_button, served
from companion.ui.widgets import BigButton, Column, FitScroll, Panel, label, row
from companion.web.server import WebServer

LANGUAGES: tuple[tuple[Lang, str], ...] = (("ar", "العربية"), ("en", "English"), ("be", "Беларуская"))
"""Each language by its name written in itself."""
BACKENDS = {
    "auto": N_("automatic"),
    "serial": N_("serial port"),
    "simulated": N_("simulated"),
    "reader": N_("real reader"),
    "emulated": N_("emulated tags"),
    "pi": N_("Raspberry Pi pins"),
    "mock": N_("mock pins"),
}


class SettingsScreen(BaseScreen):
    def build(self, body: BoxLayout) -> None:
        ui, app = self.ui, self.app
        body.add_widget(self.top_bar(ui.t("Settings")))

        languages = [label(ui, ui.t("Language"), size_hint_x=None, width=ui.px(150))]
        for lang, name in LANGUAGES:
            button = BigButton(ui, name, partial(app.set_lang, lang))
            button.selected = ui.lang == lang
            languages.append(button)
        body.add_widget(row(ui, languages, size_hint_y=None, height=ui.touch))

        web = served(app)
        if web is not None:
            body.add_widget(self._phones(web))

        s = app.settings
        yes_no = ui.t("yes") if s.ui.fullscreen else ui.t("no")
        tray, nfc, gpio = (ui.t(BACKENDS[b]) for b in (s.tray.backend, s.nfc.backend, s.gpio.backend))
        lines = [
            ui.t("Dice tray: {backend}, port {port}", backend=tray, port=s.tray.port),
            ui.t("Tag reader: {backend}, device {device}", backend=nfc, device=s.nfc.device),
            ui.t("Buttons: {backend}; pins: Next {next}, Undo {undo}", backend=gpio,
                 next=s.gpio.pins.next, undo=s.gpio.pins.undo),
            ui.t("Full screen: {answer}", answer=yes_no),
        ]
        # Scrolled when the lines outgrow the room the phones' row leaves them (Arabic's taller lines at 800×480).
        shown = Column(spacing=ui.gap)
        for text in lines:
            shown.add_widget(label(ui, text, "small", size_hint_y=None, fit_height=True))
        shown.add_widget(label(ui, ui.t("To change these, edit {path} and start the app again.",
                                        path=app.settings_path), "small", color=theme.MUTED,
                               size_hint_y=None, fit_height=True))
        scroll = FitScroll()
        scroll.add_widget(shown)
        panel = Panel(orientation="vertical", padding=ui.gap)
        panel.add_widget(scroll)
        body.add_widget(panel)

    def _phones(self, web: WebServer) -> BoxLayout:
        """The phones' codes, and "Forget phones": every phone turned away, none joining until a new game."""
        ui, app = self.ui, self.app
        seated = bool(web.tokens.seats())
        forget = BigButton(ui, ui.t("Forget phones"), partial(self._forget, web))
        forget.disabled = not seated
        shown: list[Widget] = [*phones_button(app, ui), forget]
        if not seated:
            shown.insert(0, label(ui, ui.t("No phone may join until a new game."), "small", color=theme.MUTED))
        return row(ui, shown, size_hint_y=None, height=ui.touch)

    def _forget(self, web: WebServer) -> None:
        web.forget()
        self.refresh()
