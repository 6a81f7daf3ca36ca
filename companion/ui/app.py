"""The app: its screens, its state (language, hardware status, the game being set up or played) and the
polling of the domain-event queue, so that the screen never waits on a device.

The screens are rebuilt from this state whenever the language or the window size changes: a switch
to English and back redraws everything, at any moment, without losing the game or the setup.
"""

from __future__ import annotations

import queue
import secrets
import time
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from kivy.app import App
from kivy.clock import Clock
from kivy.uix.screenmanager import NoTransition, ScreenManager

from companion.config import Settings
from companion.core.dice import DieKind
from companion.core.events import DomainEvent, TagSeen
from companion.core.flow import Accepted, Event, Input, Prompt, Rejection
from companion.core.messages import Lang, Msg, Named
from companion.ui.base import BaseScreen
from companion.ui.home import HomeScreen
from companion.ui.newgame import GameSetup
from companion.ui.newgame_screen import NewGameScreen
from companion.ui.prompt_panel import RuleText
from companion.ui.prompts import Namer
from companion.ui.settings_screen import SettingsScreen
from companion.ui.status import StatusBoard
from companion.ui.table_screen import TableScreen
from companion.ui.theme import Ui

POLL_S = 0.05
MAX_EVENTS_PER_POLL = 50
SCREENS: dict[str, type[BaseScreen]] = {
    "home": HomeScreen,
    "settings": SettingsScreen,
    "newgame": NewGameScreen,
    "table": TableScreen,
}


class Game(Protocol):
    """A game in progress as the screens see it (`companion.core.rules.Session` is one)."""

    def prompt(self) -> Prompt | None: ...

    def submit(self, inp: Input) -> Accepted | Rejection: ...


StartGame = Callable[[dict[str, object]], Game | Msg]


def no_engine(_setup: dict[str, object]) -> Msg:
    return Msg("The rules engine is not available yet.")


class CompanionApp(App):
    title = "Crypt Companion"

    def __init__(self, settings: Settings, events: queue.Queue[DomainEvent], *,
                 heroes: Mapping[str, Named], dice: Mapping[str, DieKind], start_game: StartGame = no_engine,
                 rule_text: RuleText | None = None, settings_path: str = "",
                 clock: Callable[[], float] = time.monotonic, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.settings = settings
        self.settings_path = settings_path
        self.lang: Lang = settings.ui.lang
        self.events = events
        self.names = Namer(heroes, dice)
        self.start_game = start_game
        self.rule_text: RuleText = rule_text or (lambda _rule: None)
        self.now = clock
        self.status = StatusBoard()
        self.setup = GameSetup(heroes)
        self.game: Game | None = None
        self.transcript: list[Event] = []
        self.notice: Msg | None = None
        self.manager = ScreenManager(transition=NoTransition())

    def build(self) -> ScreenManager:
        from kivy.core.window import Window

        self._rebuild_soon = Clock.create_trigger(lambda _dt: self.rebuild())
        Window.bind(size=lambda *_: self._rebuild_soon())
        self.rebuild()
        Clock.schedule_interval(lambda _dt: self.poll(), POLL_S)
        Clock.schedule_interval(lambda _dt: self._tick(), 1.0)
        return self.manager

    # ---- screens --------------------------------------------------------------------------------

    def ui(self) -> Ui:
        from kivy.core.window import Window

        return Ui.for_window(self.lang, *Window.size)

    def rebuild(self) -> None:
        current = self.manager.current if self.manager.screens else "home"
        ui = self.ui()
        self.manager.clear_widgets()
        for name, screen in SCREENS.items():
            self.manager.add_widget(screen(self, ui, name=name))
        self.manager.current = current

    def screen(self, name: str) -> BaseScreen:
        found: BaseScreen = self.manager.get_screen(name)
        return found

    def go(self, name: str) -> None:
        self.notice = None
        self.screen(name).refresh()
        self.manager.current = name

    def set_lang(self, lang: Lang) -> None:
        self.lang = lang
        self.rebuild()

    def _tick(self) -> None:
        """Once a second: the "last seen" ages on the home screen."""
        self._home().refresh_status()

    def _home(self) -> HomeScreen:
        home = self.manager.get_screen("home")
        assert isinstance(home, HomeScreen)
        return home

    # ---- events from the devices ------------------------------------------------------------------

    def poll(self) -> int:
        """Takes what the devices reported since the last frame, without ever waiting for more."""
        handled = 0
        while handled < MAX_EVENTS_PER_POLL:
            try:
                event = self.events.get_nowait()
            except queue.Empty:
                break
            handled += 1
            self.status.apply(event, self.now())
            if isinstance(event, TagSeen) and self.manager.current == "newgame":
                self.notice = self.setup.hero_card(event)
                self.screen("newgame").refresh()
        if handled:
            self._home().refresh_status()
        return handled

    # ---- the game -------------------------------------------------------------------------------

    def start(self) -> None:
        try:
            result = self.start_game(self.setup.as_setup(seed=secrets.randbelow(2**31)))
        except ValueError as exc:
            result = Msg("The game could not start: {reason}", {"reason": str(exc)})
        if isinstance(result, Msg):
            self.notice = result
            self.screen(self.manager.current).refresh()
            return
        self.game = result
        self.transcript = []
        self.go("table")

    def resume(self) -> None:
        if self.game is not None:
            self.go("table")

    def answer(self, inp: Input) -> None:
        """An input given on the screen, handed to the game; a refusal is shown, never raised."""
        if self.game is None:
            return
        result = self.game.submit(inp)
        if isinstance(result, Rejection):
            self.notice = result.msg
        else:
            self.notice = None
            self.transcript.extend(result.events)
        self.screen("table").refresh()
