"""What a screen may ask of the app that holds it. The screens and the simulated-hardware panel are typed
against this protocol, not against `CompanionApp`, which imports them: so the UI package imports in one
direction only (app -> screens -> host)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from kivy.uix.screenmanager import ScreenManager

from companion.config import Settings
from companion.core.flow import Act, Input
from companion.core.messages import Lang, Msg, Named
from companion.games.covenant.data import GameData
from companion.store import Store, StoredSession
from companion.table import Lobby, Table
from companion.ui.descent.desk import Desk
from companion.ui.prompt_panel import RuleText
from companion.ui.prompts import Namer
from companion.ui.referee import Referee
from companion.ui.simulated import Simulated
from companion.ui.status import StatusBoard
from companion.ui.theme import Ui


class Host(Protocol):
    settings: Settings
    settings_path: str
    lang: Lang
    table: Table
    data: GameData
    store: Store
    simulated: Simulated | None
    heroes: dict[str, Named]
    names: Namer
    rule_text: RuleText
    now: Callable[[], float]
    status: StatusBoard
    game: str
    session: StoredSession | None
    referee: Referee
    confirming: Act | None
    notice: Msg | None
    manager: ScreenManager
    descent: Desk

    @property
    def lobby(self) -> Lobby: ...
    def lobby_of(self, game: str) -> Lobby: ...
    def seating_now(self) -> str | None: ...
    def ui(self) -> Ui: ...
    def go(self, name: str) -> None: ...
    def set_lang(self, lang: Lang) -> None: ...
    def start(self, game: str = "covenant", setup: dict[str, Any] | None = None) -> None: ...
    def resume(self, session_id: int | None = None) -> None: ...
    def answer(self, inp: Input) -> None: ...
    def cancel_attack(self) -> None: ...
    def tap_space(self, space: str) -> None: ...
    def undo(self) -> None: ...
    def next_step(self) -> None: ...
    def over(self) -> bool: ...
