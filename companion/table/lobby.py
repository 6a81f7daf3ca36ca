"""A new game's table: its players seated with their heroes by tapping hero cards (or a player token,
where the game has them), or chosen on screen; the lobby's other choices; then the setup that starts the
session. What a game seats (its heroes, how many, its tags) comes from its rule system's `Seating`."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from companion.core.events import TagSeen
from companion.core.rng import Rng
from companion.core.rules import Seating, TableRules, find
from companion.table.notices import Notice, notice

TABLE_DECKS = ("markers",)
"""Decks the table deals by default: the room markers lie face down on the board and are tapped."""


@cache
def seating(game: str) -> Seating:
    rules = find(game)
    assert isinstance(rules, TableRules), f"{game} does not serve a table"
    return rules.seating()


@dataclass
class Lobby:
    game: str = "covenant"
    heroes: list[str] = field(default_factory=list)
    difficulty: str = "normal"
    deal: dict[str, str] = field(default_factory=lambda: dict.fromkeys(TABLE_DECKS, "table"))
    seats: dict[int, str] = field(default_factory=dict)
    """Player token number -> the hero it seated (ruling R-DR-40)."""
    rng: Rng = field(default_factory=lambda: Rng(secrets.randbelow(2**31)))
    """Deals a hero to a player seated by a token."""

    def join(self, hero: str) -> Notice | None:
        table = seating(self.game)
        if hero not in table.heroes:
            return notice("unknown-hero", "There is no such hero in this game.")
        if hero in self.heroes:
            return notice("hero-at-table", "{hero} is already at the table.", hero=table.heroes[hero])
        if len(self.heroes) >= table.most:
            return Notice(code="table-full", msg=table.full)
        self.heroes.append(hero)
        return None

    def leave(self, hero: str) -> None:
        if hero in self.heroes:
            self.heroes.remove(hero)
        self.seats = {n: h for n, h in self.seats.items() if h != hero}

    def tap(self, tag: TagSeen) -> Notice | None:
        """A hero card tapped on the reader joins its hero; a player token seats a player with a hero dealt
        from those not at the table (R-DR-40); any other tag is not for this screen."""
        table = seating(self.game)
        token = tag.token or {}
        if token.get("game") != self.game:
            return Notice(code="not-a-hero-card", msg=table.hint)
        if token.get("kind") == "hero-card":
            return self.join(str(token.get("hero")))
        if not table.seat_tag or token.get("kind") != table.seat_tag:
            return Notice(code="not-a-hero-card", msg=table.hint)
        number = int(token.get("serial", 0))
        if number in self.seats:
            return notice("seat-taken", "Player {number} is already at the table, as {hero}.", rule="R-DR-40",
                          number=number, hero=table.heroes[self.seats[number]])
        free = [h for h in table.heroes if h not in self.heroes]
        if not free or len(self.heroes) >= table.most:
            return Notice(code="table-full", msg=table.full)
        hero = free[self.rng.below(len(free))]
        self.seats[number] = hero
        return self.join(hero)

    def setup(self, seed: int) -> dict[str, Any]:
        chosen = {"difficulty": self.difficulty, "deal": dict(self.deal)}
        return {"heroes": list(self.heroes), "seed": seed,
                **{k: chosen[k] for k in seating(self.game).options}}
