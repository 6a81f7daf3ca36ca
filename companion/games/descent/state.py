"""The state of a Descent referee session: the map, the figures and what the engine waits on.

Plain, serialisable data: encoding it gives the bytes replays are compared by. `pending` is the list of
throws and choices the engine waits for, first one first; `attack`, `upkeep` and `boulders` hold the rule
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


ThrowPurpose = Literal["attack", "bleed", "daze", "boulder"]


class ThrowStep(msgspec.Struct, frozen=True, tag="throw"):
    """Dice thrown together: `dice` maps each die's id in the throw to its colour, in the order the rule
    counts them. `part` of `parts`: a rule needing more dice of a colour than the set has throws them in
    turn (R-DW-17)."""

    dice: dict[str, str]
    purpose: ThrowPurpose
    who: str
    part: int = 1
    parts: int = 1


class ChooseStep(msgspec.Struct, frozen=True, tag="choose"):
    chooser: str
    purpose: Literal["daze-loss", "reroll", "surge"]
    options: list[str]


Pending = ThrowStep | ChooseStep


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
    """The start of a figure's turn: its bleed and daze dice as they are thrown."""

    figure: str
    bleed: list[Rolled] = []
    daze: list[Rolled] = []


class BoulderTurn(msgspec.Struct):
    """The start of the overlord's turn: the boulders still to roll, the first one's throw awaited."""

    queue: list[str]


class Treachery(msgspec.Struct):
    """The overlord's treachery as decided before the game (p. 4, R-DW-14): the points left of each kind,
    the extra cards they earn and the starting hand, at most 8."""

    left: dict[str, int]
    extra: int
    hand: int


class GameState(msgspec.Struct):
    map: MapState
    figures: list[Figure]
    rng: Rng
    pending: list[Pending] = []
    attack: Attack | None = None
    upkeep: Upkeep | None = None
    boulders: BoulderTurn | None = None
    overlord_hand: int = 3
    treachery: Treachery | None = None

    def figure(self, fid: str) -> Figure | None:
        for f in self.figures:  # a loop, not next() over a generator: asked for many times an input (issue 26)
            if f.id == fid:
                return f
        return None
