"""The map being drawn on the new-game screen, before the game starts: a finger with a tool on a square or
on a square's edge places what the tool draws there, or takes it away when it is already there.

No Kivy here. The draft is plain data; `setup()` hands it to the rule system as the session's map, inline
(`companion.games.descent.setup`), where it goes through the same checks as a map file, and the setup is
what the store keeps with the session.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import msgspec

from companion.core.messages import Msg, Named, named
from companion.games.descent.data import DescentData, read_map
from companion.games.descent.grid import SIDES, Boulder, Cell, Door, Figure, MapState, Side, Wall, edge
from companion.games.descent.schema import TERRAIN, MapFile
from companion.ui.i18n import N_

CELL_TOOLS = {"rock": "#", "rubble": "r", "pit": "o", "stairs": "s"}
EDGE_TOOLS = ("wall", "door", "open-door")
FIGURE_TOOLS = {"hero": ("hero", (1, 1)), "monster": ("monster", (1, 1)), "big-monster": ("monster", (2, 2))}
TOOLS = (*EDGE_TOOLS, *CELL_TOOLS, *FIGURE_TOOLS, "boulder", "eraser", "figure")
"""`figure` places nothing: a tap on a placed figure opens its name and stats."""
ARROWS: tuple[Side, ...] = ("n", "e", "s", "w")
SIZES = ((6, 5), (8, 6), (10, 7))
"""The empty maps offered: sizes whose squares stay above a fingertip beside the palette at 800×480."""

# Figures drawn on the screen start with plain stats; the table says the real ones' wounds as they fall.
STATS: dict[str, dict[str, Any]] = {
    "hero": {"wounds": 10, "armour": 1, "dice": ["red", "green"]},
    "monster": {"wounds": 3, "armour": 0, "dice": ["red"]},
    "big-monster": {"wounds": 8, "armour": 1, "dice": ["red", "yellow"]},
}
NAMES = {"hero": N_("Hero {n}"), "monster": N_("Monster {n}"), "big-monster": N_("Big monster {n}")}


@dataclass
class Draft:
    """A map as the editor holds it: terrain by square, edges, boulders and figures (ids the screen never
    shows: figures are named by their number on the map, boulders by theirs, which the engine's messages
    quote)."""

    width: int
    height: int
    terrain: dict[Cell, str] = field(default_factory=dict)
    walls: set[tuple[Cell, Cell]] = field(default_factory=set)
    doors: dict[tuple[Cell, Cell], Door] = field(default_factory=dict)
    boulders: list[Boulder] = field(default_factory=list)
    figures: list[Figure] = field(default_factory=list)
    name: Named = field(default_factory=lambda: named(N_("A map drawn at the table")))

    @classmethod
    def empty(cls, width: int, height: int) -> Draft:
        return cls(width, height)

    @classmethod
    def of(cls, f: MapFile) -> Draft:
        """A sample map, to edit before playing it."""
        width = max(len(row) for row in f.floor)
        terrain = {(x, y): ch for y, row in enumerate(f.floor) for x, ch in enumerate(row) if ch != "."}
        return cls(width, len(f.floor), terrain, {edge(w.at, w.side) for w in f.walls},
                {edge(x.at, x.side): x for x in f.doors}, list(f.boulders),
                [msgspec.structs.replace(x) for x in f.figures], f.named())

    # ---- what is where ----------------------------------------------------------------------------

    def on_grid(self, c: Cell) -> bool:
        return 0 <= c[0] < self.width and 0 <= c[1] < self.height

    def figure_at(self, c: Cell) -> Figure | None:
        return next((f for f in self.figures if c in f.squares()), None)

    def boulder_at(self, c: Cell) -> Boulder | None:
        return next((b for b in self.boulders if b.at == c), None)

    def state(self) -> tuple[MapState, list[Figure]]:
        """The draft as the map screen draws a game's map."""
        rows = self.rows()
        cells = {k: [(x, y) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch == t]
                 for t, k in TERRAIN.items()}
        m = MapState(id="draft", width=self.width, height=self.height, rock=cells["rock"], rubble=cells["rubble"],
                     pits=cells["pit"], stairs=cells["stairs"], walls=self._walls(), doors=list(self.doors.values()),
                     boulders=list(self.boulders))
        return m, self.named_figures()

    def rows(self) -> list[str]:
        return ["".join(self.terrain.get((x, y), ".") for x in range(self.width)) for y in range(self.height)]

    def _walls(self) -> list[Wall]:
        return [Wall(at=a, side=_side(a, b)) for a, b in sorted(self.walls)]

    # ---- a finger on the map ----------------------------------------------------------------------

    def apply(self, tool: str, cell: Cell, side: Side) -> Msg | None:
        """The tool used on `cell` (or, for walls and doors, on its `side`); why not, when it cannot be."""
        if not self.on_grid(cell):
            return Msg("That square is off the map.")
        if tool in EDGE_TOOLS:
            return self._edge(tool, edge(cell, side))
        if tool == "eraser":
            return self._erase(cell, side)
        if tool in CELL_TOOLS:
            return self._terrain(CELL_TOOLS[tool], cell)
        if tool == "boulder":
            return self._boulder(cell)
        return self._figure(tool, cell)

    def _edge(self, tool: str, key: tuple[Cell, Cell]) -> Msg | None:
        a, b = key
        if not self.on_grid(b):
            return Msg("Walls and doors lie between two squares of the map; its outer edge is walled already.")
        wall, door = key in self.walls, self.doors.get(key)
        self.walls.discard(key)
        self.doors.pop(key, None)
        if tool == "wall" and not wall:
            self.walls.add(key)
        elif tool != "wall" and (door is None or door.open != (tool == "open-door")):
            self.doors[key] = Door(at=a, side=_side(a, b), open=tool == "open-door")
        return None

    def _terrain(self, ch: str, cell: Cell) -> Msg | None:
        if self.terrain.get(cell) == ch:
            del self.terrain[cell]
            return None
        if ch == "#" and (self.figure_at(cell) or self.boulder_at(cell)):
            return Msg("Rock is solid: clear the square first.")
        self.terrain[cell] = ch
        return None

    def _boulder(self, cell: Cell) -> Msg | None:
        """A boulder rolls east when placed; each tap on it turns its arrow a quarter clockwise (the eraser
        takes it away)."""
        found = self.boulder_at(cell)
        if found is not None:
            found.arrow = ARROWS[(ARROWS.index(found.arrow) + 1) % len(ARROWS)]
            return None
        refused = self._free(cell)
        if refused is not None:
            return refused
        self.boulders.append(Boulder(id=str(self._number("boulder")), at=cell, arrow="e"))
        return None

    def _figure(self, tool: str, cell: Cell) -> Msg | None:
        found = self.figure_at(cell)
        if found is not None:
            self.figures.remove(found)
            return None
        kind, size = FIGURE_TOOLS[tool]
        for sq in Figure(id="", kind="hero", at=cell, size=size).squares():
            refused = self._free(sq)
            if refused is not None:
                return refused
        n = self._number(tool)
        self.figures.append(Figure(id=f"{tool}-{n}", kind="hero" if kind == "hero" else "monster", at=cell,
                                   size=size, **STATS[tool]))
        return None

    def restat(self, fid: str, data: DescentData, **changes: Any) -> Msg | None:
        """A placed figure's name or stats as the table sets them; a change the map file's checks refuse
        for this figure is not made."""
        at = next(i for i, f in enumerate(self.figures) if f.id == fid)
        before = self.figures[at]
        self.figures[at] = msgspec.structs.replace(before, **changes)
        if any(f"entry figures {fid}:" in problem for problem in self.problems(data)):
            self.figures[at] = before
            return Msg("A figure has a name of one line of at most 60 characters, at least 1 wound, armour of 0 or "
                       "more, and dice of the set's colours.")
        return None

    def named_figures(self) -> list[Figure]:
        """The figures, those drawn here named by their number on the map (heroes and monsters each counted
        in order, as `MapView` numbers them), so a name always matches the figure's number, unless the
        table named it."""
        out, counts = [], {"hero": 0, "monster": 0}
        for f in self.figures:
            counts[f.kind] += 1
            tool = f.id.rsplit("-", 1)[0]
            if tool in NAMES and not f.en:  # a name the table gave it stays
                text = named(NAMES[tool], n=counts[f.kind])
                f = msgspec.structs.replace(f, en=text["en"], ar=text["ar"], be=text["be"])
            out.append(f)
        return out

    def _number(self, tool: str) -> int:
        """The lowest number no figure of the kind (or boulder) has, so that names never repeat."""
        taken = {b.id for b in self.boulders} if tool == "boulder" else {f.id for f in self.figures}
        prefix = "" if tool == "boulder" else f"{tool}-"
        return next(n for n in range(1, 1000) if f"{prefix}{n}" not in taken)

    def _free(self, cell: Cell) -> Msg | None:
        if not self.on_grid(cell):
            return Msg("That does not fit on the map.")
        if self.terrain.get(cell) == "#":
            return Msg("That square is solid rock.")
        if self.figure_at(cell) or self.boulder_at(cell):
            return Msg("That square is taken.")
        return None

    def _erase(self, cell: Cell, side: Side) -> Msg | None:
        """The eraser takes what is on the square (a figure, a boulder, its terrain), else the edge tapped."""
        found = self.figure_at(cell)
        if found is not None:
            self.figures.remove(found)
        elif (boulder := self.boulder_at(cell)) is not None:
            self.boulders.remove(boulder)
        elif cell in self.terrain:
            del self.terrain[cell]
        else:
            key = edge(cell, side)
            self.walls.discard(key)
            self.doors.pop(key, None)
        return None

    # ---- the map handed to the game ---------------------------------------------------------------

    def raw(self) -> dict[str, Any]:
        """The map as a setup carries it (a map file's fields), for the store and the rule system."""
        f = MapFile(id="drawn", en=self.name["en"], ar=self.name["ar"], be=self.name["be"], floor=self.rows(),
                    walls=self._walls(), doors=list(self.doors.values()), boulders=list(self.boulders),
                    figures=self.named_figures())
        out: dict[str, Any] = msgspec.to_builtins(f)
        return out

    def problems(self, data: DescentData) -> list[str]:
        """What the rule system would refuse in this map (the checks of a map file)."""
        return self.problems_of(self.raw(), data)

    @staticmethod
    def problems_of(raw: dict[str, Any], data: DescentData) -> list[str]:
        return read_map(raw, "drawn map", set(data.dice))[2]


def _side(a: Cell, b: Cell) -> Side:
    """The side of `a` that faces its neighbour `b`."""
    step = (b[0] - a[0], b[1] - a[1])
    return next(s for s in ARROWS if SIDES[s] == step)

