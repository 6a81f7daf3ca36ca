"""Boulders (p. 5): at the start of the overlord's turn each boulder rolls red + yellow and moves that many
squares along its arrow.

Each square it moves into: a figure there is killed at once, whatever its wounds, armour or Undying,
unless it is safe in a pit the boulder only passes over (R-DW-4); rubble there is cleared. A wall, a
closed door or rock ahead destroys the boulder; so does another boulder ahead (the moving one, R-DW-5).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.games.descent.grid import Board, Boulder, Cell


@dataclass
class Roll:
    """Where a boulder went and what it did."""

    path: list[Cell] = field(default_factory=list)
    killed: list[str] = field(default_factory=list)
    cleared: list[Cell] = field(default_factory=list)
    spared: list[str] = field(default_factory=list)
    destroyed_by: str = ""


def move(board: Board, boulder: Boulder, spaces: int) -> Roll:
    """The boulder's move over `board` (not changed here: the caller applies the result)."""
    out = Roll()
    here = boulder.at
    for n in range(spaces):
        ahead = board.step(here, boulder.arrow)
        key = (here, ahead) if here <= ahead else (ahead, here)
        if key in board.closed:
            out.destroyed_by = "door"
        elif board.barred(here, ahead):
            out.destroyed_by = "wall"
        elif ahead in board.boulders:
            out.destroyed_by = "boulder"
        if out.destroyed_by:
            return out
        here = ahead
        out.path.append(here)
        if here in board.rubble:
            out.cleared.append(here)
        who = board.occupant.get(here)
        if who is None or who in out.killed:
            continue
        passing = n < spaces - 1
        if here in board.pits and passing:
            out.spared.append(who)
        else:
            out.killed.append(who)
            out.spared = [s for s in out.spared if s != who]
    return out
