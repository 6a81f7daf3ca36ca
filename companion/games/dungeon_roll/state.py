"""The state of a game of Dungeon Roll: whole, serialisable, and nothing else (the rules live beside it).

Every die keeps its identity (`p1`…`p7` the party dice, `d1`…`d7` the dungeon dice) and is in exactly one
place; every treasure token (`scroll-2`) is in exactly one place: the bag (`supply`), a player's hand, or
spent (`spent`, out of the game: ruling R-DR-5).
"""

from __future__ import annotations

from typing import Literal

import msgspec

from companion.core.rng import Rng

Place = Literal["box", "party", "graveyard", "dungeon", "lair"]
"""Where a die is: `box` off the table (a party die before the throw, a dungeon die not rolled this
level or discarded), the party, the graveyard, the level's dungeon, the Dragon's Lair."""

Phase = Literal["form", "scout", "monsters", "loot", "dragon", "regroup"]
DelveEnd = Literal["retired", "fled", "portal", "level-10"]


class Die(msgspec.Struct):
    kind: Literal["party", "dungeon"]
    place: Place = "box"
    face: str = ""


class Player(msgspec.Struct):
    hero: str
    xp: int = 0
    master: bool = False
    treasures: list[str] = []
    delves: list[DelveEnd] = []


class Standing(msgspec.Struct, frozen=True):
    """A player's final line: experience, what the treasures add, the total, and the place."""

    hero: str
    xp: int
    treasure_points: int
    total: int
    tokens: int
    place: int


class GameState(msgspec.Struct):
    players: list[Player]
    dice: dict[str, Die]
    supply: list[str]
    rng: Rng
    spent: list[str] = []
    turn: int = 0
    level: int = 0
    phase: Phase = "form"
    ultimate_used: bool = False
    tracked: bool = False
    """Whether this level's once-per-level specialty was used."""
    throw: list[str] = []
    """The dice the engine waits to see thrown (empty: it waits for no throw)."""
    draws: int = 0
    """Treasures the engine waits to see drawn from the bag."""
    throw_why: str = ""
    discards: int = 0
    """Treasures the delving player must discard from the hand before anything else (R-DR-19)."""
    retire_barred: bool = False
    """Whether retiring waits for a slain dragon (the Berserker's ultimate, R-DR-20)."""
    scouted: dict[str, int] = {}
    """Dungeon dice thrown ahead and set aside, each with the level it is assigned to (R-DR-22)."""
    outcome: str = ""
    standings: list[Standing] = []

    @property
    def player(self) -> Player:
        return self.players[self.turn]

    @property
    def round(self) -> int:
        """The levels played so far at the table, delve after delve (11 a delve: the party's throw, then
        levels 1 to 10): a throw kept over an undo stands for the same throw of this level only (R-DR-43)."""
        return sum(len(p.delves) for p in self.players) * 11 + self.level

    def at(self, place: Place, kind: str | None = None) -> list[str]:
        return [i for i, d in self.dice.items() if d.place == place and (kind is None or d.kind == kind)]

    def showing(self, place: Place, faces: tuple[str, ...]) -> list[str]:
        return [i for i, d in self.dice.items() if d.place == place and d.face in faces]
