"""The "Phones" panel of the table screen (issue 27): a QR code for each seat of the game in play and one for
spectators, each the URL a phone joins by. A phone's camera opens it; the phone then shows that seat's hero
in the phone's own language."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView
from kivy.uix.widget import Widget

from companion.ui.qr import QrCode
from companion.ui.theme import Ui
from companion.ui.widgets import BigButton, Panel, label, row
from companion.web.server import WebServer
from companion.web.tokens import SPECTATOR

if TYPE_CHECKING:
    from companion.ui.host import Host

QR_PX = 150
"""A code's side at the 7" scale (23 mm): a phone held above the screen reads a version-4 symbol at 3 px a module."""


def served(app: Host) -> WebServer | None:
    """The phones' server, when the Pi serves phones (`web.enabled`)."""
    phones = app.table.phones
    return phones if isinstance(phones, WebServer) else None


def seat_name(app: Host, ui: Ui, seat: str) -> str:
    if seat == SPECTATOR:
        return ui.t("Spectator")
    state = app.session.state if app.session is not None else None
    figure = getattr(state, "figure", None)  # Descent's heroes are figures of its map
    found = figure(seat) if figure is not None else None
    return ui.text(found.named() if found is not None else app.names.who(seat))


def phones_button(app: Host, ui: Ui, **kwargs: Any) -> list[BigButton]:
    """The button that opens the panel, when the Pi serves phones and the game has seats for them."""
    web = served(app)
    if web is None or not web.tokens.seats():
        return []
    return [BigButton(ui, ui.t("Phones"), lambda: open_phones(app, ui), **kwargs)]


def open_phones(app: Host, ui: Ui) -> ModalView:
    web = served(app)
    assert web is not None
    view = ModalView(size_hint=(0.98, 0.98), background_color=(0, 0, 0, 0.7))
    panel = Panel(orientation="vertical", padding=ui.gap, spacing=ui.gap)
    close = BigButton(ui, ui.t("Close"), view.dismiss, size_hint_x=None, width=ui.px(150))
    panel.add_widget(row(ui, [label(ui, ui.t("Phones"), "title"), close], size_hint_y=None, height=ui.touch))
    panel.add_widget(label(ui, ui.t("Point a phone's camera at the code of its seat: the phone shows that seat "
                                    "in its own language."), "small", size_hint_y=None, fit_height=True))
    codes = []
    for seat in web.tokens.seats():
        cell = BoxLayout(orientation="vertical", spacing=ui.gap)
        cell.add_widget(QrCode(web.url_for(seat), size_hint_y=None, height=ui.px(QR_PX)))
        cell.add_widget(label(ui, seat_name(app, ui, seat), "small", align="center", size_hint_y=None,
                              fit_height=True))
        codes.append(cell)
    panel.add_widget(row(ui, codes, size_hint_y=None, height=ui.px(QR_PX) + ui.line("small") + ui.gap))
    panel.add_widget(Widget())
    view.add_widget(panel)
    view.open()
    return view
