"""Boulders (p. 5): at the start of the overlord's turn each boulder rolls red + yellow and moves that many
squares along its arrow.

Each square it moves into: a figure there is killed at once, whatever its wounds, armour or Undying,
unless it is safe in a pit the boulder only passes over (R-DW-4); rubble there is cleared. A wall, a
closed door or rock ahead destroys the boulder; so does another boulder ahead (the moving one, R-DW-5).
A boulder passes over a pit only by moving on out of it: one whose move ends there, at its rolled total
or destroyed on its next step, falls in and kills the figure in it (R-DW-4).
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
    fell_on: list[str] = field(default_factory=list)
    """Of `killed`, those in a pit where the boulder's move ended (R-DW-4)."""
    destroyed_by: str = ""


def move(board: Board, boulder: Boulder, spaces: int) -> Roll:
    """The boulder's move over `board` (not changed here: the caller applies the result)."""
    out = Roll()
    here = boulder.at
    in_pit = ""
    for _ in range(spaces):
        ahead = board.step(here, boulder.arrow)
        key = (here, ahead) if here <= ahead else (ahead, here)
        if key in board.closed:
            out.destroyed_by = "door"
        elif board.barred(here, ahead):
            out.destroyed_by = "wall"
        elif ahead in board.boulders:
            out.destroyed_by = "boulder"
        if out.destroyed_by:
            break
        if in_pit:
            out.spared.append(in_pit)
            in_pit = ""
        here = ahead
        out.path.append(here)
        if here in board.rubble:
            out.cleared.append(here)
        who = board.occupant.get(here)
        if who is None or who in out.killed:
            continue
        if here in board.pits:
            in_pit = who
        else:
            out.killed.append(who)
            out.spared = [s for s in out.spared if s != who]
    if in_pit:
        out.killed.append(in_pit)
        out.fell_on.append(in_pit)
        out.spared = [s for s in out.spared if s != in_pit]
    return out
