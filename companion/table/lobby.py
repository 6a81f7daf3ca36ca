"""A new game's table: heroes joined by tapping their cards (or chosen on screen), the difficulty and
who deals each deck; then the setup that starts the session."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.core.events import TagSeen
from companion.games.covenant.data import default
from companion.table.notices import Notice, notice

MAX_HEROES = 4
TABLE_DECKS = ("markers",)
"""Decks the table deals by default: the room markers lie face down on the board and are tapped."""


@dataclass
class Lobby:
    heroes: list[str] = field(default_factory=list)
    difficulty: str = "normal"
    deal: dict[str, str] = field(default_factory=lambda: dict.fromkeys(TABLE_DECKS, "table"))

    def join(self, hero: str) -> Notice | None:
        data = default()
        if hero not in data.heroes:
            return notice("unknown-hero", "There is no such hero in this game.")
        name = data.heroes[hero].named()
        if hero in self.heroes:
            return notice("hero-at-table", "{hero} is already at the table.", hero=name)
        if len(self.heroes) >= MAX_HEROES:
            return notice("table-full", "Four heroes are already at the table.")
        self.heroes.append(hero)
        return None

    def leave(self, hero: str) -> None:
        if hero in self.heroes:
            self.heroes.remove(hero)

    def tap(self, tag: TagSeen) -> Notice | None:
        """A hero card tapped on the reader joins its hero; any other tag is not for this screen."""
        token = tag.token or {}
        if token.get("kind") != "hero-card" or token.get("game") != "covenant":
            return notice("not-a-hero-card", "Tap a hero card to join the game.")
        return self.join(str(token.get("hero")))

    def setup(self, seed: int) -> dict[str, Any]:
        return {"heroes": list(self.heroes), "seed": seed, "difficulty": self.difficulty, "deal": dict(self.deal)}
