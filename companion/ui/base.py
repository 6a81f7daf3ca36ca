"""What every screen shares: its background, a top bar with the title and a way back, and a rebuild
that draws the screen again from the app's state (after a tap, a language switch or a resize)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kivy.clock import Clock
from kivy.graphics import Color, Rectangle
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen
from kivy.uix.widget import Widget

from companion.ui import theme
from companion.ui.theme import Ui
from companion.ui.widgets import BigButton, label, row

if TYPE_CHECKING:
    from companion.ui.host import Host


class BaseScreen(Screen):
    """A screen drawn by `build` from the app's state; `refresh` redraws it on the next frame."""

    def __init__(self, app: Host, ui: Ui, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.app = app
        self.ui = ui
        with self.canvas.before:
            Color(rgba=theme.BACKGROUND)
            self._bg = Rectangle(pos=self.pos, size=self.size)
        self.bind(pos=self._redraw_bg, size=self._redraw_bg)
        # Before the coming frame (timeout -1), not after it: a ruling is on the frame drawn after it came.
        self._pending = Clock.create_trigger(lambda _dt: self.redraw(), -1)
        self.redraw()

    def _redraw_bg(self, *_: object) -> None:
        self._bg.pos, self._bg.size = self.pos, self.size

    def refresh(self) -> None:
        self._pending()

    padding_px = 10
    game = ""
    """The game whose session this screen draws (empty: a screen of every game, like home)."""

    def redraw(self) -> None:
        self.clear_widgets()
        pad = self.ui.px(self.padding_px)
        body = BoxLayout(orientation="vertical", padding=pad, spacing=self.ui.gap)
        if self.draws_session():
            self.build(body)
        self.add_widget(body)

    def draws_session(self) -> bool:
        """A screen of another game than the one in play draws nothing."""
        session = self.app.session
        return not self.game or session is None or session.game == self.game

    def build(self, body: BoxLayout) -> None:
        raise NotImplementedError

    def top_bar(self, title: str, extra: list[Widget] | None = None, lead: Widget | None = None) -> BoxLayout:
        """The title (or `lead` in its place), then (at the far end) any extra buttons and a button back to the
        home screen."""
        ui = self.ui
        back = BigButton(ui, ui.t("Home"), lambda: self.app.go("home"), size_hint_x=None,
                         width=ui.px(150))
        heading = lead or label(ui, title, "title")
        return row(ui, [heading, *(extra or []), back], size_hint_y=None, height=ui.touch)

    def simulated_button(self) -> list[Widget]:
        """The button that opens the simulated tags and dice, when the devices are simulated."""
        if self.app.simulated is None:
            return []
        from companion.ui.hardware_panel import open_panel

        ui = self.ui
        return [BigButton(ui, ui.t("Tags & dice"), lambda: open_panel(self.app, ui), size_hint_x=None,
                          width=ui.px(160), font_size=ui.font("small"))]
