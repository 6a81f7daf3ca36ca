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
from companion.ui.widgets import BigButton, Panel, label, row

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
        panel = Panel(orientation="vertical", padding=ui.gap, spacing=ui.gap)
        for text in lines:
            panel.add_widget(label(ui, text, "small", size_hint_y=None, fit_height=True))
        panel.add_widget(label(ui, ui.t("To change these, edit {path} and start the app again.",
                                         path=app.settings_path), "small", color=theme.MUTED,
                               size_hint_y=None, fit_height=True))
        panel.add_widget(Widget())
        body.add_widget(panel)
