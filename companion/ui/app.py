"""The app: its screens, its state (language, hardware status, the game being set up or played) and the
Clock poll of the table controller, so that the screen never waits on a device.

Everything a device reports goes through the `Table` (`companion.table`): before a game, its events are
handed to `Table.handle` one by one so that a hero card laid on the reader joins the `Lobby` of the
new-game screen; during a game, `Table.pump` drains them and the `Referee` keeps what it reports.
The screens are made from this state when first shown, and again whenever the language or the window size
changes: a switch to English and back redraws everything, at any moment, without losing the game or the setup.
"""

from __future__ import annotations

import importlib
import queue
import secrets
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.uix.screenmanager import NoTransition, ScreenManager

from companion.config import Settings
from companion.core.events import TagSeen
from companion.core.flow import Act, ActionPrompt, Input, Option
from companion.core.messages import Lang, Msg, Named
from companion.core.rng import Rng
from companion.core.rules import SetupError
from companion.games.covenant.data import GameData
from companion.games.covenant.spaces import space_name
from companion.games.covenant.state import GameState
from companion.store import Store, StoredSession
from companion.table import Lobby, Table
from companion.table.lobby import seating
from companion.ui.base import BaseScreen
from companion.ui.descent.desk import Desk
from companion.ui.games import TABLE_GAMES, seats_by_tag
from companion.ui.heroes import wasted_healing
from companion.ui.home import HomeScreen
from companion.ui.prefs import load_lang, save_lang
from companion.ui.prompt_panel import RuleText
from companion.ui.prompts import Namer
from companion.ui.referee import Referee
from companion.ui.simulated import Simulated
from companion.ui.status import StatusBoard
from companion.ui.theme import Ui
from companion.ui.widgets import busy

POLL_S = 0  # every frame: a die or a tag waits at most one frame, not 50 ms (`companion bench`'s latency)
MAX_EVENTS_PER_POLL = 50
SCREENS: dict[str, tuple[str, str]] = {
    "home": ("companion.ui.home", "HomeScreen"),
    "settings": ("companion.ui.settings_screen", "SettingsScreen"),
    "newgame": ("companion.ui.newgame_screen", "NewGameScreen"),
    "setup": ("companion.ui.setup_screen", "SetupScreen"),
    "table": ("companion.ui.table_screen", "TableScreen"),
    "summary": ("companion.ui.table_screen", "EndScreen"),
    "descent-new": ("companion.ui.descent.setup_screens", "DescentNewScreen"),
    "descent-edit": ("companion.ui.descent.setup_screens", "DescentEditScreen"),
    "descent-table": ("companion.ui.descent.table_screen", "DescentTableScreen"),
    "dr-newgame": ("companion.ui.dungeon_roll.newgame", "DelveNewGameScreen"),
    "dr-table": ("companion.ui.dungeon_roll.table", "DelveScreen"),
    "dr-end": ("companion.ui.dungeon_roll.end", "DelveEndScreen"),
}
"""Each screen by its module and class, imported and made the first time it is shown (issue 26): the first
frame needs only the home screen, and a table that plays one game never pays for another game's screens
(the Descent editor, Dungeon Roll's board) or their modules."""
PLAYED_ON = {"setup": "covenant", "table": "covenant", "summary": "covenant", "descent-table": "descent",
             "dr-table": "dungeon-roll", "dr-end": "dungeon-roll"}
"""Screens that draw the session in play, by the game they draw: while a session of another game is in
play they are left out (they would read a state they do not know), and put back when one of theirs is."""


class CompanionApp(App):
    title = "Crypt Companion"

    def __init__(self, settings: Settings, table: Table, *, data: GameData, store: Store,
                 rule_text: RuleText | None = None, settings_path: str = "", simulated: Simulated | None = None,
                 on_exit: Callable[[], None] = lambda: None, position: dict[str, Any] | None = None,
                 seed: int | None = None, clock: Callable[[], float] = time.time, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.settings = settings
        self.settings_path = settings_path
        self.lang: Lang = load_lang(settings.store.path) or settings.ui.lang
        self.table = table
        self.data = data
        self.store = store
        self.simulated = simulated
        self.on_exit = on_exit
        self.position = position or {}
        self.seed = seed
        self.heroes = {h.id: h.named() for h in data.heroes.values()}
        self.names = Namer(self.heroes, data.dice, self._space_name)
        self.rule_text: RuleText = rule_text or (lambda _rule: None)
        self.now = clock
        self.status = StatusBoard()
        self.lobbies: dict[str, Lobby] = {}
        self.game = next(iter(TABLE_GAMES))  # the game the home screen's "New game" starts
        self.session: StoredSession | None = None
        self.referee = Referee(table)
        self.confirming: Act | None = None
        self.descent = Desk()
        self.warned: Input | None = None  # a drink warned about: the next tap on it drinks
        self.notice: Msg | None = store.problems[-1].msg if store.problems else None
        self.manager = ScreenManager(transition=NoTransition())

    def build(self) -> ScreenManager:
        from kivy.core.window import Window

        self._rebuild_soon = Clock.create_trigger(lambda _dt: self.rebuild())
        Window.bind(size=lambda *_: self._rebuild_soon())
        self.rebuild()
        Clock.schedule_interval(lambda _dt: self.poll(), POLL_S)
        Clock.schedule_interval(lambda _dt: self._tick(), 1.0)
        return self.manager

    def on_stop(self) -> None:
        self.on_exit()

    # ---- screens --------------------------------------------------------------------------------

    def ui(self) -> Ui:
        from kivy.core.window import Window

        return Ui.for_window(self.lang, *Window.size)

    def rebuild(self) -> None:
        """The screen in front made again (in the language and at the size of now); the others are dropped,
        to be made again when next shown."""
        current = self.manager.current if self.manager.screens else "home"
        self.manager.clear_widgets()
        self.manager.current = self.screen(current if current in self._screens() else "home").name

    def _screens(self) -> list[str]:
        playing = self.session.game if self.session is not None else None
        return [name for name in SCREENS if playing is None or PLAYED_ON.get(name, playing) == playing]

    def screen(self, name: str) -> BaseScreen:
        """The screen `name`, made now if it was not yet shown (one of another game than the session's is
        not made, and asking for it raises, as before)."""
        if not self.manager.has_screen(name) and name in self._screens():
            module, cls = SCREENS[name]
            made = getattr(importlib.import_module(module), cls)(self, self.ui(), name=name)
            self.manager.add_widget(made)
        found: BaseScreen = self.manager.get_screen(name)
        return found

    def go(self, name: str) -> None:
        self.notice = None
        made = not self.manager.has_screen(name)
        screen = self.screen(name)
        if not made:  # a screen made just now is drawn from the state of now
            screen.refresh()
        self.manager.current = name

    def set_lang(self, lang: Lang) -> None:
        self.lang = lang
        save_lang(self.settings.store.path, lang)
        busy(self.ui(), self.rebuild)  # every screen made again: seconds on a Pi

    def _tick(self) -> None:
        """Once a second: the "last seen" ages on the home screen."""
        self._refresh_status()

    def _refresh_status(self) -> None:
        """The home screen's hardware status, only while it is shown: rebuilding it takes tens of ms of the
        main thread, which a die or a tag would wait for (`go("home")` redraws it on the way in)."""
        if self.manager.current == "home":
            self._home().refresh_status()

    def _home(self) -> HomeScreen:
        home = self.screen("home")
        assert isinstance(home, HomeScreen)
        return home

    # ---- the new game's table ---------------------------------------------------------------------

    @property
    def lobby(self) -> Lobby:
        """The Last Covenant's new game (the game `start` sets up from its lobby)."""
        return self.lobby_of("covenant")

    def lobby_of(self, game: str) -> Lobby:
        """The players seated so far for a new game of `game`, by touch or by tag; kept until it starts. The
        app's seed, when it has one, deals the heroes of player tokens too (a scenario replays the same)."""
        if game not in self.lobbies:
            self.lobbies[game] = Lobby(game) if self.seed is None else Lobby(game, rng=Rng(self.seed))
        return self.lobbies[game]

    def seating_now(self) -> str | None:
        """The game whose new-game screen is in front, when its players can be seated by a tag."""
        return next((game for game, chosen in TABLE_GAMES.items()
                     if chosen.newgame == self.manager.current and seats_by_tag(game)), None)

    # ---- events from the devices ------------------------------------------------------------------

    def poll(self) -> None:
        """Takes what the devices reported since the last frame, without ever waiting for more."""
        rolling = self.table.rolling
        if self.session is None or self.seating_now() is not None:
            changed = self._lobby_events()
        else:
            changed = self.referee.pump() or self.table.rolling != rolling
            if self.referee.spare_next:
                self._next_button()
        synced = self.status.sync(self.table.devices)
        if synced:
            self._refresh_status()
            lost = self.status.lost(synced)
            if lost is not None and self.session is not None:
                self.referee.notice, self.referee.notice_rule, changed = lost, "", True
        if changed:
            self.screen(self.manager.current).refresh()

    def _lobby_events(self) -> bool:
        """Before a game: a hero card or a player token on the reader seats a player in the lobby of the
        new-game screen in front; statuses and buttons go to the table."""
        changed = False
        game = self.seating_now()
        for _ in range(MAX_EVENTS_PER_POLL):
            try:
                event = self.table.events.get_nowait()
            except queue.Empty:
                break
            if isinstance(event, TagSeen) and game is not None:
                self.notice = self._seat(self.lobby_of(game), event)
                changed = True
            else:
                changed = self.referee.absorb(self.table.handle(event)) or changed
        return changed

    @staticmethod
    def _seat(lobby: Lobby, tag: TagSeen) -> Msg:
        """What the table is told of a tag laid on the reader before the game: who joined, or why not."""
        refused = lobby.tap(tag)
        if refused is not None:
            return refused.msg
        hero = lobby.heroes[-1]
        name = seating(lobby.game).heroes[hero]
        token = next((n for n, seated in lobby.seats.items() if seated == hero), None)
        if token is None:
            return Msg("{hero} joins the table.", {"hero": name})
        return Msg("Player {number} joins the table as {hero} (ruling R-DR-40).", {"number": token, "hero": name})

    def _next_button(self) -> None:
        """The Next button with no step to confirm: it confirms what the screen asks to confirm, the attack
        whose odds are shown or the die or card kept from before an undo."""
        kept = self.session.kept_result() if self.session is not None else None
        if self.confirming is not None:
            self.answer(self.confirming)
        elif kept is not None:
            self.answer(kept)

    # ---- the game -------------------------------------------------------------------------------

    def start(self, game: str = "covenant", setup: dict[str, Any] | None = None) -> None:
        """A new stored session of `game` from `setup` (The Last Covenant's: the lobby's), then the game's
        first screen (The Last Covenant's: the rulebook's setup as a checklist), behind the busy veil: the
        game made, stored and its screens built take seconds on a Pi (3.7 s seen on a loaded machine)."""
        busy(self.ui(), partial(self._start, game, setup))

    def _start(self, game: str, setup: dict[str, Any] | None) -> None:
        seed = secrets.randbelow(2**31) if self.seed is None else self.seed
        if setup is None:
            setup = self.lobby_of(game).setup(seed=seed)
            if self.position:
                setup["position"] = self.position
        setup = {"seed": seed, **setup}
        try:
            started = self.store.start(game, setup)
        except SetupError as exc:
            self.notice = Msg("The game could not start: {reason}", {"reason": str(exc)})
            self.screen(self.manager.current).refresh()
            return
        if not isinstance(started, StoredSession):
            self.notice = started.msg
            self.screen(self.manager.current).refresh()
            return
        self._play(started)
        self.lobbies.pop(game, None)
        chosen = TABLE_GAMES[game]
        self.go(chosen.begin or chosen.table)

    def resume(self, session_id: int | None = None) -> None:
        """Back to the game in play, or a stored unfinished one exactly where it stopped."""
        if session_id is None or (self.session is not None and self.session.id == session_id):
            if self.session is not None:
                self.go(TABLE_GAMES[self.session.game].table)
            return
        busy(self.ui(), partial(self._resume_stored, session_id))  # replayed from the store: seconds on a Pi

    def _resume_stored(self, session_id: int) -> None:
        resumed = self.store.resume(session_id)
        if not isinstance(resumed, StoredSession):
            self.notice = resumed.msg
            self._home().refresh()
            return
        self._play(resumed)
        self.go(TABLE_GAMES[resumed.game].table)

    def _play(self, session: StoredSession) -> None:
        self.session = session
        self.table.session = session
        self.table.held_marker = None
        self.table.rolling = False
        if self.table.phones is not None:  # the phones of the game before are turned away (issue 27)
            self.table.phones.new_game(self.table)
        self.referee = TABLE_GAMES[session.game].referee(self.table) if session.game in TABLE_GAMES \
            else Referee(self.table)
        self.confirming = None
        if not set(self.manager.screen_names) <= set(self._screens()):
            self.rebuild()

    def answer(self, inp: Input) -> None:
        """An input given on the screen. An attack waits for the players to see its odds first; a potion
        that would waste healing is drunk on a second tap."""
        warning = self._waste(inp)
        if warning is not None and self.warned != inp:
            self.warned, self.referee.notice, self.referee.notice_rule = inp, warning, "§Equipment and potions"
        elif isinstance(inp, Act) and inp.action == "attack" and self.confirming is None:
            self.confirming = inp
        else:
            self.warned = None
            self.confirming = None
            self.referee.submit(inp)
        self.screen(self.manager.current).refresh()

    def _waste(self, inp: Input) -> Msg | None:
        if not isinstance(inp, Act) or inp.action != "drink" or self.session is None:
            return None
        hero = self.session.state.heroes.get(inp.actor)
        return wasted_healing(hero, inp.target or "", self.data) if hero is not None else None

    def cancel_attack(self) -> None:
        self.confirming = None
        self.screen("table").refresh()

    def _space_name(self, space: str) -> Named:
        zone = self.session.state.board.zone if self.session is not None else 1
        return space_name(self.data, zone, space)

    def tap_space(self, space: str) -> None:
        """A space tapped on the board: a destination of the move, a room to reveal, or the space of a
        monster to attack (its odds are shown first; with two there, the buttons choose which)."""
        prompt = self.table.prompt
        state = self.session.state if self.session is not None else None
        chosen: Act | None = None
        if isinstance(prompt, ActionPrompt) and state is not None and not self.referee.waiting:
            # As the board marks it: a monster's space is a target before it is a destination.
            for option in sorted(prompt.options, key=lambda o: o.id != "attack"):
                there = _targets_at(option, space, state)
                if len(there) == 1:
                    chosen = Act(prompt.actor, option.id, there[0])
                    break
        if chosen is None:
            # Two monsters to attack on one space: the space is a choice, the buttons say which (the explorer
            # had tapped such a space again and again, told each time it was none).
            several = isinstance(prompt, ActionPrompt) and state is not None and not self.referee.waiting and any(
                len(_targets_at(o, space, state)) > 1 for o in prompt.options)
            self.referee.notice = (Msg("More than one monster stands there: choose which to attack with the buttons.")
                                   if several else Msg("That space is not a choice now."))
            self.referee.notice_rule = ""
            self.screen("table").refresh()
            return
        self.answer(chosen)

    def undo(self) -> None:
        self.confirming = None
        self.referee.undo()
        self.screen("table").refresh()

    def next_step(self) -> None:
        self.referee.next()
        self.screen("table").refresh()

    def over(self) -> bool:
        """Whether the game in play has ended (an outcome none in The Last Covenant, empty in Dungeon Roll)."""
        return self.session is not None and bool(getattr(self.session.state, "outcome", None))


def _targets_at(option: Option, space: str, state: GameState) -> list[str]:
    """The targets of `option` a tap on `space` names: the space itself, or the monsters standing on it."""
    if option.id == "attack":
        return [t for t in option.targets if (m := state.monster(t)) is not None and m.space == space]
    return [space] if option.id in ("move", "reveal") and space in option.targets else []
