"""The state of a Descent referee session: the map, the figures and what the engine waits on.

Plain, serialisable data: encoding it gives the bytes replays are compared by. `pending` is the list of
dice and choices the engine waits for, first one first; `attack`, `upkeep` and `boulders` hold the rule
in progress that asked for them.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from companion.core.rng import Rng
from companion.games.descent.grid import Cell, Figure, MapState

Mode = Literal["melee", "ranged", "breath", "lightning"]


class Rolled(msgspec.Struct, frozen=True):
    die: str
    face: str


class RollStep(msgspec.Struct, frozen=True, tag="roll"):
    die: str
    purpose: Literal["attack", "bleed", "daze", "boulder"]
    who: str


class ChooseStep(msgspec.Struct, frozen=True, tag="choose"):
    chooser: str
    purpose: Literal["daze-loss", "reroll", "surge"]
    options: list[str]


Pending = RollStep | ChooseStep


class Attack(msgspec.Struct):
    attacker: str
    mode: Mode
    targets: list[str]
    dice: list[str]
    faces: list[Rolled] = []
    spent: list[str] = []
    dodgers: list[str] = []
    rerolled: bool = False
    lost: int = 0
    reached: list[Cell] = []


class Upkeep(msgspec.Struct):
    """The start of a figure's turn: its bleed and daze dice as they come."""

    figure: str
    bleed: list[Rolled] = []
    daze: list[Rolled] = []


class BoulderTurn(msgspec.Struct):
    """The start of the overlord's turn: the boulders still to roll, and the current one's dice."""

    queue: list[str]
    faces: list[Rolled] = []


class GameState(msgspec.Struct):
    map: MapState
    figures: list[Figure]
    rng: Rng
    pending: list[Pending] = []
    attack: Attack | None = None
    upkeep: Upkeep | None = None
    boulders: BoulderTurn | None = None
    overlord_hand: int = 3

    def figure(self, fid: str) -> Figure | None:
        return next((f for f in self.figures if f.id == fid), None)
