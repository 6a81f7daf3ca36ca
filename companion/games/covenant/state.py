"""The state of a game of The Last Covenant: plain, serialisable data and nothing else.

Encoding a state with msgspec gives the bytes replays are compared by. `pending` is the list of steps
the engine waits on (a die to roll, a card to draw, a choice to make), first one first; when it is
empty the engine waits for the active hero's next action.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from companion.core.deck import Deck
from companion.core.rng import Rng

Phase = Literal["heroes", "monsters", "upgrades", "over"]


class Hero(msgspec.Struct):
    id: str
    seat: int
    hp: int
    space: str
    gold: int = 3
    potions: list[str] = []
    weapon: str | None = None
    armour: str | None = None
    accessory: str | None = None
    upgrades: dict[str, int] = {}
    upgrades_chosen: dict[str, int] = {}
    shards: list[str] = []
    fallen: bool = False
    dies_after_round: int = 0
    moved: int = 0
    curse: int = 0
    poison: int = 0
    turn_attack: int = 0
    turn_movement: int = 0
    hawk_eye_used: bool = False
    fireball_used: bool = False
    shield_round: int = 0
    damage_dealt: int = 0
    damage_taken: int = 0
    deaths: int = 0


class Monster(msgspec.Struct):
    uid: str
    kind: str
    space: str
    elite: bool = False
    damage: int = 0
    origin: Literal["room", "ambush", "summon", "pursuer"] = "room"


class Guardian(msgspec.Struct):
    id: str
    damage: int = 0
    phase: int = 0
    provoked: bool = False
    awake: bool = False
    summoned: list[int] = []
    defeated: bool = False


class Pile(msgspec.Struct):
    """What a dead hero left in a space: picked up one pile (or one shard) per interact action."""

    space: str
    gold: int = 0
    equipment: list[str] = []
    potions: list[str] = []
    shards: list[str] = []
    covenant: bool = False

    @property
    def empty(self) -> bool:
        return not (self.gold or self.equipment or self.potions or self.shards or self.covenant)


class BoardState(msgspec.Struct):
    zone: int
    unrevealed: list[str]
    revealed: dict[str, str] = {}
    room_cards: dict[str, str] = {}
    chests: dict[str, int] = {}
    merchant: str | None = None


class Attack(msgspec.Struct):
    attacker: str
    target: str
    card: int | None = None
    die: int | None = None
    rerolls: int = 0


class Reveal(msgspec.Struct):
    hero: str
    slot: str
    marker: str | None = None
    room: str | None = None
    monsters_left: int = 0


class Escape(msgspec.Struct):
    bearer: str | None
    rounds: int
    round: int = 0
    dropped_at: str | None = None


class Step(msgspec.Struct, tag_field="step"):
    """Something the engine waits for before play goes on."""


class DrawStep(Step, tag="draw"):
    deck: str
    purpose: str
    who: str


class RollStep(Step, tag="roll"):
    die: str
    purpose: str
    who: str


class ChooseStep(Step, tag="choose"):
    purpose: str
    chooser: str
    options: list[str]
    subject: str = ""


Pending = DrawStep | RollStep | ChooseStep


class Stats(msgspec.Struct):
    rounds_per_zone: dict[str, int] = {}
    rolls: dict[str, int] = {}


class GameState(msgspec.Struct):
    seed: int
    rng: Rng
    players: int
    order: list[str]
    heroes: dict[str, Hero]
    board: BoardState
    guardian: Guardian
    decks: dict[str, Deck]
    escape_rounds: int
    round: int = 1
    phase: Phase = "heroes"
    turn: int = 0
    turn_open: bool = False
    actions: int = 4
    monsters: list[Monster] = []
    next_uid: int = 1
    piles: list[Pile] = []
    falls: int = 0
    shards_won: list[str] = []
    guardians_defeated: int = 0
    pending: list[Pending] = []
    attack: Attack | None = None
    reveal: Reveal | None = None
    acting: list[str] = []
    escape: Escape | None = None
    outcome: str | None = None
    stats: Stats = msgspec.field(default_factory=Stats)

    @property
    def active(self) -> str:
        return self.order[self.turn]

    def monster(self, uid: str) -> Monster | None:
        for m in self.monsters:  # a loop, not next() over a generator: asked for many times an input (issue 26)
            if m.uid == uid:
                return m
        return None
