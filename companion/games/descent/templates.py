"""Breath (p. 7) and lightning (p. 6): a template laid on the map, and the squares its attack reaches.

A template is placed by its origin square (`anchor`), a clockwise quarter-turn count and a mirror flip.
The attack flows from the template's start squares like a small flying figure, one step at a time
between adjacent squares of the template, diagonal steps too (R-DW-10): walls and closed doors stop it
(both templates), stairs stop lightning (p. 6), rubble and pits do not (p. 7). Only what is reached is
affected; a square of the template cut off by an obstacle is not.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass

from companion.games.descent.grid import Board, Cell, Figure
from companion.games.descent.schema import TemplateSpec

TURNS = (0, 90, 180, 270)


@dataclass(frozen=True)
class Placement:
    anchor: Cell
    turn: int = 0
    flip: bool = False


def place(spec: TemplateSpec, p: Placement, cell: Cell) -> Cell:
    """A square of the template's frame on the map: mirrored, turned clockwise, then moved to the anchor
    (turn 0 points the template south, y growing away from the attacker)."""
    x, y = (-cell[0] if p.flip else cell[0]), cell[1]
    for _ in range(p.turn // 90):
        x, y = -y, x
    return p.anchor[0] + x, p.anchor[1] + y


def squares(spec: TemplateSpec, p: Placement) -> list[Cell]:
    return [place(spec, p, c) for c in spec.cells]


def behind(spec: TemplateSpec, p: Placement, cell: Cell) -> Cell:
    """The square just behind a start square, on the attacker's side of the template."""
    return place(spec, p, (cell[0], cell[1] - 1))


def enterable(board: Board, spec: TemplateSpec, c: Cell) -> bool:
    return board.floor(c) and not (spec.id == "lightning" and c in board.stairs)


def origins(board: Board, spec: TemplateSpec, p: Placement, attacker: Figure) -> list[Cell]:
    """Where the flow starts (R-DW-9): the lightning's base squares in front of the attacker, the breath's
    tip if it touches the attacker; never through a wall or a closed door from the attacker."""
    mine = set(attacker.squares())
    out = []
    for start in spec.start:
        sq = place(spec, p, start)
        if not enterable(board, spec, sq):
            continue
        if spec.id == "lightning":
            back = behind(spec, p, start)
            if back in mine and not board.barred(back, sq):
                out.append(sq)
        elif any(board.touching(m, sq) for m in mine):
            out.append(sq)
    return out


def against(spec: TemplateSpec, attacker: Figure) -> Iterator[Placement]:
    """Every placement that brings a start square against the attacker (R-DW-9): the lightning's square
    behind it on one of the attacker's squares, the breath's tip on a square touching one."""
    ring = [(0, 0)] if spec.id == "lightning" else [(i, j) for i in (-1, 0, 1) for j in (-1, 0, 1) if i or j]
    for turn in TURNS:
        for flip in (False, True):
            for start in spec.start:
                frame = (start[0], start[1] - 1) if spec.id == "lightning" else start
                dx, dy = place(spec, Placement((0, 0), turn, flip), frame)
                for x, y in attacker.squares():
                    for i, j in ring:
                        yield Placement((x + i - dx, y + j - dy), turn, flip)


def layable(board: Board, spec: TemplateSpec, attackers: list[Figure]) -> bool:
    """Whether the template can lie wholly on the map against one of the attackers (R-DW-9)."""
    corners: dict[tuple[int, bool], tuple[Cell, Cell]] = {}
    for turn in TURNS:
        for flip in (False, True):
            shape = squares(spec, Placement((0, 0), turn, flip))
            corners[turn, flip] = ((min(x for x, _ in shape), min(y for _, y in shape)),
                                   (max(x for x, _ in shape), max(y for _, y in shape)))
    for attacker in attackers:
        for p in against(spec, attacker):
            low, high = corners[p.turn, p.flip]
            ax, ay = p.anchor
            if (board.on_grid((ax + low[0], ay + low[1])) and board.on_grid((ax + high[0], ay + high[1]))
                    and origins(board, spec, p, attacker)):
                return True
    return False


def reach(board: Board, spec: TemplateSpec, p: Placement, starts: list[Cell]) -> set[Cell]:
    """Every square of the template a flying figure reaches from the starts without leaving it, stepping
    between adjacent squares (R-DW-10): a diagonal step stays inside the template even where the corner
    square it goes round is outside it, so long as one way round the corner is open."""
    inside = {c for c in squares(spec, p) if enterable(board, spec, c)}
    seen = {s for s in starts if s in inside}
    todo = deque(sorted(seen))
    while todo:
        here = todo.popleft()
        for n in board.around(here):
            if n in inside and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def affected(board: Board, reached: set[Cell], figures: list[Figure], attacker: str) -> list[str]:
    """Figures with a square reached, friend and foe alike, in the order of the figure list."""
    return [f.id for f in figures if f.alive and f.id != attacker and any(sq in reached for sq in f.squares())]
