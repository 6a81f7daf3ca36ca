"""The square-grid map: floor and rock, walls and doors between squares, rubble, pits, stairs, boulders
and figures, and the geometry every rule of the map uses (steps, adjacency, distance).

A square is `(x, y)`, x growing east and y south. A wall or a door lies on one side of a square; the
same edge seen from the neighbour is the same wall. `Board` is a read-only view built from a `MapState`
(the part of the game state that is the map) with sets for quick look-ups.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property
from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from companion.core import numbers
from companion.core.messages import Naming
from companion.core.text import MaybeName

Cell = tuple[int, int]
Side = Literal["n", "e", "s", "w"]
SIDES: dict[str, Cell] = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}

# The bounds of a map and its figures, as a map file, a scenario's setup and a stored state are read: each
# is checked where the shape is declared, so no reader can forget it (issue 24).
MAX_SIDE = 64
"""Squares across or down a map: more than the base game's tiles laid out, few enough to draw."""
MAX_FIGURE_SIDE = 4
MAX_STAT = 99
"""Wounds, armour, wounds taken; a surge's damage, range and pierce."""
MAX_TOKENS = 20
"""Bleed or daze tokens on one figure (R-DW-18)."""
MAX_SURGE_COST = 10
MAX_FIGURES = 64
MAX_BOULDERS = 32
MAX_DOORS = 256
MAX_EDGES = 2 * MAX_SIDE * (MAX_SIDE + 1)
MAX_LISTED = 8
"""A figure's dice, abilities or surge abilities."""
Ability = Literal["swarm", "bleed", "daze", "dodge", "undying"]
"""The abilities the referee knows (an unknown one would be silently ignored)."""

Id = Annotated[str, Meta(min_length=1, max_length=40, pattern="^[A-Za-z0-9_-]+$")]
Coord = Annotated[int, Meta(ge=0, lt=MAX_SIDE)]
Square = tuple[Coord, Coord]
"""A square of a map, as files and states give it (`Cell` is any square, off the map too)."""
Stat = Annotated[int, Meta(ge=0, le=MAX_STAT)]
Tokens = Annotated[int, Meta(ge=0, le=MAX_TOKENS)]
Extent = Annotated[int, Meta(ge=1, le=MAX_FIGURE_SIDE)]


class Wall(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    at: Square
    side: Side


class Door(msgspec.Struct, forbid_unknown_fields=True):
    at: Square
    side: Side
    open: bool = False


class Boulder(msgspec.Struct, forbid_unknown_fields=True):
    id: Id
    at: Square
    arrow: Side


class Surge(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An ability an attacker may buy with surges: its cost (one surge at least) and what it adds."""

    id: Id
    cost: Annotated[int, Meta(ge=1, le=MAX_SURGE_COST)] = 1
    damage: Stat = 0
    range: Stat = 0
    pierce: Stat = 0
    bleed: Tokens = 0
    daze: Tokens = 0


class Figure(msgspec.Struct, Naming, forbid_unknown_fields=True):
    """A figure on the map: `wounds` it can take, `damage` (wounds taken), its attack `dice` by colour,
    the `abilities` the referee knows, and the bleed and daze tokens on it."""

    id: Id
    kind: Literal["hero", "monster"]
    at: Square
    en: MaybeName = ""
    ar: MaybeName = ""
    be: MaybeName = ""
    size: tuple[Extent, Extent] = (1, 1)
    wounds: Annotated[int, Meta(ge=1, le=MAX_STAT)] = 1
    damage: Stat = 0
    armour: Stat = 0
    dice: Annotated[list[Id], Meta(max_length=MAX_LISTED)] = []
    melee: bool = True
    abilities: Annotated[list[Ability], Meta(max_length=MAX_LISTED)] = []
    surges: Annotated[list[Surge], Meta(max_length=MAX_LISTED)] = []
    bleed: Tokens = 0
    daze: Tokens = 0
    alive: bool = True

    def squares(self) -> list[Cell]:
        x, y = self.at
        return [(x + dx, y + dy) for dy in range(self.size[1]) for dx in range(self.size[0])]


Squares = Annotated[list[Square], Meta(max_length=MAX_SIDE * MAX_SIDE)]


class MapState(msgspec.Struct, Naming, forbid_unknown_fields=True):
    id: Id
    width: Annotated[int, Meta(ge=1, le=MAX_SIDE)]
    height: Annotated[int, Meta(ge=1, le=MAX_SIDE)]
    rock: Squares = []
    rubble: Squares = []
    pits: Squares = []
    stairs: Squares = []
    walls: Annotated[list[Wall], Meta(max_length=MAX_EDGES)] = []
    doors: Annotated[list[Door], Meta(max_length=MAX_DOORS)] = []
    boulders: Annotated[list[Boulder], Meta(max_length=MAX_BOULDERS)] = []
    en: MaybeName = ""
    ar: MaybeName = ""
    be: MaybeName = ""


def edge(a: Cell, side: str) -> tuple[Cell, Cell]:
    """The edge on `side` of square `a`, as the ordered pair of the squares it separates."""
    dx, dy = SIDES[side]
    b = (a[0] + dx, a[1] + dy)
    return (a, b) if a <= b else (b, a)


class Board:
    """Look-ups over a map; rebuilt after anything on the map changes. Each look-up is made when first read: a
    move reads the rock, the figures and the boulders only, and is most of a game's inputs (issue 26)."""

    def __init__(self, m: MapState, figures: list[Figure] | None = None) -> None:
        self.m = m
        self._figures = figures or []

    @cached_property
    def rock(self) -> set[Cell]:
        return set(self.m.rock)

    @cached_property
    def rubble(self) -> set[Cell]:
        return set(self.m.rubble)

    @cached_property
    def pits(self) -> set[Cell]:
        return set(self.m.pits)

    @cached_property
    def stairs(self) -> set[Cell]:
        return set(self.m.stairs)

    @cached_property
    def walls(self) -> set[tuple[Cell, Cell]]:
        return {edge(w.at, w.side) for w in self.m.walls}

    @cached_property
    def closed(self) -> set[tuple[Cell, Cell]]:
        return {edge(d.at, d.side) for d in self.m.doors if not d.open}

    @cached_property
    def boulders(self) -> dict[Cell, str]:
        return {b.at: b.id for b in self.m.boulders}

    @cached_property
    def occupant(self) -> dict[Cell, str]:
        found: dict[Cell, str] = {}
        for f in self._figures:
            if f.alive:
                for sq in f.squares():
                    found[sq] = f.id
        return found

    def on_grid(self, c: Cell) -> bool:
        return 0 <= c[0] < self.m.width and 0 <= c[1] < self.m.height

    def floor(self, c: Cell) -> bool:
        return self.on_grid(c) and c not in self.rock

    def barred(self, a: Cell, b: Cell) -> bool:
        """A wall or a closed door between two orthogonal neighbours (rock is walled all round)."""
        key = (a, b) if a <= b else (b, a)
        return key in self.walls or key in self.closed or not self.floor(a) or not self.floor(b)

    def step(self, a: Cell, side: str) -> Cell:
        dx, dy = SIDES[side]
        return (a[0] + dx, a[1] + dy)

    def around(self, c: Cell) -> Iterator[Cell]:
        """The squares adjacent to `c` (R-DW-10), sides first."""
        for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0), (1, -1), (1, 1), (-1, 1), (-1, -1)):
            n = (c[0] + dx, c[1] + dy)
            if self.touching(c, n):
                yield n

    def touching(self, a: Cell, b: Cell) -> bool:
        """Adjacent squares (R-DW-10): orthogonal neighbours with no wall or closed door between them, or
        diagonal ones with one of the two orthogonal routes around the corner open."""
        dx, dy = b[0] - a[0], b[1] - a[1]
        if max(abs(dx), abs(dy)) != 1:
            return False
        if dx == 0 or dy == 0:
            return not self.barred(a, b)
        via = [(a[0] + dx, a[1]), (a[0], a[1] + dy)]
        return any(not self.barred(a, v) and not self.barred(v, b) for v in via)


def distance(a: Figure, b: Figure) -> int:
    """Squares between two figures, a diagonal step counting one (R-DW-11): from the nearest squares."""
    return min(max(abs(p[0] - q[0]), abs(p[1] - q[1])) for p in a.squares() for q in b.squares())


def adjacent(board: Board, a: Figure, b: Figure) -> bool:
    return any(board.touching(p, q) for p in a.squares() for q in b.squares())


def parse_cell(text: str) -> Cell | None:
    """`"3,4"` as a square, or None; a coordinate goes as far off the map as a map is wide (the caller says
    what is off the map)."""
    parts = text.split(",", 2)
    if len(parts) != 2:
        return None
    x, y = (numbers.whole(p, -MAX_SIDE, 2 * MAX_SIDE) for p in parts)
    return None if x is None or y is None else (x, y)
