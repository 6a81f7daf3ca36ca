"""What happens before anything else in a turn: a figure's bleed and daze (p. 5–6), the overlord's
boulders (p. 5)."""

from __future__ import annotations

from companion.core.messages import named
from companion.games.descent import boulders
from companion.games.descent.grid import Board
from companion.games.descent.play import Play
from companion.games.descent.state import BoulderTurn, Rolled, RollStep, Upkeep


def start_turn(g: Play, fid: str) -> None:
    """One white die per bleed token, then one black power die per daze token (R-DW-7)."""
    f = g.fig(fid)
    g.say("turn", "R-DW-15", "{figure}'s turn begins: {bleed} bleed and {daze} daze tokens.", figure=g.name(fid),
          bleed=f.bleed, daze=f.daze)
    if not f.bleed and not f.daze:
        return
    g.s.upkeep = Upkeep(figure=fid)
    g.s.pending += [RollStep(die="white", purpose="bleed", who=fid) for _ in range(f.bleed)]
    g.s.pending += [RollStep(die="black", purpose="daze", who=fid) for _ in range(f.daze)]


def on_die(g: Play, purpose: str, rolled: Rolled) -> None:
    u = g.s.upkeep
    assert u is not None
    (u.bleed if purpose == "bleed" else u.daze).append(rolled)
    if any(isinstance(p, RollStep) and p.purpose in ("bleed", "daze") for p in g.s.pending):
        return
    g.s.upkeep = None
    f = g.fig(u.figure)
    if u.bleed:
        damages = [g.d.value(r.die, r.face).damage for r in u.bleed]
        total = sum(damages)
        g.say("bleed-wounds", "p. 5–6", "Bleed: {figure} rolls {dice}: {total} wounds, armour ignored; its bleed "
              "tokens are discarded.", figure=g.name(f.id), dice=" + ".join(str(d) for d in damages), total=total)
        f.bleed = 0
        g.wound(f, total, "p. 5–6")
    if u.daze and f.alive:
        surges = sum(g.d.value(r.die, r.face).surges for r in u.daze)
        removed = min(surges, f.daze)
        f.daze -= removed
        g.say("daze-roll", "R-DW-7", "Daze: {figure} rolls {surges} surges and removes {removed} daze tokens; "
              "{left} left.", figure=g.name(f.id), surges=surges, removed=removed, left=f.daze)


def start_overlord(g: Play) -> None:
    """Before anything else in the overlord's turn, each boulder in the map's order (R-DW-5) rolls."""
    queue = [b.id for b in g.s.map.boulders]
    g.say("overlord", "p. 5", "The overlord's turn begins: {count} boulders roll first.", count=len(queue))
    if queue:
        g.s.boulders = BoulderTurn(queue=queue)
        _ask(g)


def _ask(g: Play) -> None:
    assert g.s.boulders is not None
    who = g.s.boulders.queue[0]
    g.s.pending += [RollStep(die="red", purpose="boulder", who=who), RollStep(die="yellow", purpose="boulder", who=who)]


def on_boulder_die(g: Play, rolled: Rolled) -> None:
    turn = g.s.boulders
    assert turn is not None
    turn.faces.append(rolled)
    if len(turn.faces) < 2:
        return
    bid = turn.queue.pop(0)
    ranges = [0 if g.d.value(r.die, r.face).miss else g.d.value(r.die, r.face).range for r in turn.faces]
    turn.faces = []
    _roll_boulder(g, bid, ranges)
    if turn.queue:
        _ask(g)
    else:
        g.s.boulders = None


def _roll_boulder(g: Play, bid: str, ranges: list[int]) -> None:
    m = g.s.map
    boulder = next(b for b in m.boulders if b.id == bid)
    board = Board(m, g.s.figures)
    result = boulders.move(board, boulder, sum(ranges))
    path = " → ".join(f"{x},{y}" for x, y in [boulder.at, *result.path])
    g.say("boulder", "R-DW-1", "Boulder {boulder} rolls {a} + {b} = {total}: path {path}.",
          {"path": [f"{x},{y}" for x, y in result.path]}, boulder=bid, a=ranges[0], b=ranges[1], total=sum(ranges),
          path=path)
    for cell in result.cleared:
        m.rubble.remove(cell)
        g.say("rubble", "p. 5", "Boulder {boulder} clears the rubble at {at}.", boulder=bid, at=f"{cell[0]},{cell[1]}")
    for fid in result.spared:
        g.say("spared", "R-DW-4", "{figure} is safe in its pit as the boulder passes over.", figure=g.name(fid))
    for fid in result.killed:
        g.fig(fid).alive = False
        g.say("crushed", "p. 5", "Boulder {boulder} crushes {figure}: killed at once, whatever its wounds, armour "
              "or Undying.", {"figure": fid}, boulder=bid, figure=g.name(fid))
    if result.path:
        boulder.at = result.path[-1]
    if result.destroyed_by:
        m.boulders.remove(boulder)
        g.say("boulder-destroyed", "p. 5" if result.destroyed_by != "boulder" else "R-DW-5",
              "Boulder {boulder} hits {what} and is destroyed.", boulder=bid, what=_WHAT[result.destroyed_by])


_WHAT = {"wall": named("a wall"), "door": named("a closed door"), "boulder": named("another boulder")}
