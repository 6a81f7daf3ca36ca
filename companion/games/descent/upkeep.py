"""What happens before anything else in a turn: a figure's bleed and daze (p. 5–6), the overlord's
boulders (p. 5)."""

from __future__ import annotations

from companion.core.messages import Plural, named
from companion.games.descent import boulders, throws
from companion.games.descent.grid import Board
from companion.games.descent.play import Play
from companion.games.descent.state import BoulderTurn, Rolled, ThrowStep, Upkeep

TOKENS = {"bleed": Plural("{n} bleed token", "{n} bleed tokens"), "daze": Plural("{n} daze token", "{n} daze tokens")}


def start_turn(g: Play, fid: str) -> None:
    """The white die once per bleed token (the set has one: one throw each, R-DW-17), then a black power
    die per daze token, thrown together (R-DW-7)."""
    f = g.fig(fid)
    g.say("turn", "R-DW-15", "{figure}'s turn begins: {bleed} and {daze}.", figure=g.name(fid),
          bleed=named(TOKENS["bleed"], n=f.bleed), daze=named(TOKENS["daze"], n=f.daze))
    if not f.bleed and not f.daze:
        return
    g.s.upkeep = Upkeep(figure=fid)
    throws.ask(g, ["white"] * f.bleed, "bleed", fid)
    throws.ask(g, ["black"] * f.daze, "daze", fid)


def _waiting(g: Play, purpose: str) -> bool:
    return any(isinstance(p, ThrowStep) and p.purpose == purpose for p in g.s.pending)


def on_dice(g: Play, purpose: str, rolled: list[Rolled]) -> None:
    """Bleed's wounds once its last throw is in; a figure they kill throws no daze dice (it has no turn)."""
    u = g.s.upkeep
    assert u is not None
    (u.bleed if purpose == "bleed" else u.daze).extend(rolled)
    if _waiting(g, purpose):
        return
    f = g.fig(u.figure)
    if purpose == "bleed":
        damages = [g.d.value(r.die, r.face).damage for r in u.bleed]
        total = sum(damages)
        g.say("bleed-wounds", "p. 5–6", Plural(
            "Bleed: {figure} rolls {dice}: {total} wound, armour ignored; its bleed tokens are discarded.",
            "Bleed: {figure} rolls {dice}: {total} wounds, armour ignored; its bleed tokens are discarded.", "total"),
            figure=g.name(f.id), dice=" + ".join(str(d) for d in damages), total=total)
        f.bleed = 0
        g.wound(f, total, "p. 5–6")
        if not f.alive:
            g.s.pending = [p for p in g.s.pending if not (isinstance(p, ThrowStep) and p.purpose == "daze")]
    else:
        surges = sum(g.d.value(r.die, r.face).surges for r in u.daze)
        removed = min(surges, f.daze)
        f.daze -= removed
        g.say("daze-roll", "R-DW-7", Plural("Daze: {figure} {rolls} and {removes}; {left} left.",
                                            "Daze: {figure} {rolls} and {removes}; {left} left.", "left"),
              figure=g.name(f.id), rolls=named(Plural("rolls {n} surge", "rolls {n} surges"), n=surges),
              removes=named(Plural("removes {n} daze token", "removes {n} daze tokens"), n=removed), left=f.daze)
    if not _waiting(g, "bleed") and not _waiting(g, "daze"):
        g.s.upkeep = None


def start_overlord(g: Play) -> None:
    """Before anything else in the overlord's turn, each boulder in the map's order (R-DW-5) rolls."""
    queue = [b.id for b in g.s.map.boulders]
    g.say("overlord", "p. 5", Plural("The overlord's turn begins: {count} boulder rolls first.",
                                     "The overlord's turn begins: {count} boulders roll first.", "count"),
          count=len(queue))
    if queue:
        g.s.boulders = BoulderTurn(queue=queue)
        _ask(g)


def _ask(g: Play) -> None:
    assert g.s.boulders is not None
    throws.ask(g, ["red", "yellow"], "boulder", g.s.boulders.queue[0])


def on_boulder_dice(g: Play, rolled: list[Rolled]) -> None:
    """A boulder's red and yellow dice, one throw (R-DW-1); then the next boulder's."""
    turn = g.s.boulders
    assert turn is not None
    bid = turn.queue.pop(0)
    ranges = [0 if g.d.value(r.die, r.face).miss else g.d.value(r.die, r.face).range for r in rolled]
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
        if fid in result.fell_on:
            g.say("crushed", "R-DW-4", "Boulder {boulder} ends its move on the pit of {figure}, falls in and kills it "
                  "(ruling R-DW-4).", {"figure": fid}, boulder=bid, figure=g.name(fid))
        else:
            g.say("crushed", "p. 5", "Boulder {boulder} crushes {figure}: killed at once, whatever its wounds, "
                  "armour or Undying.", {"figure": fid}, boulder=bid, figure=g.name(fid))
    if result.path:
        boulder.at = result.path[-1]
    if result.destroyed_by:
        m.boulders.remove(boulder)
        g.say("boulder-destroyed", "p. 5" if result.destroyed_by != "boulder" else "R-DW-5",
              "Boulder {boulder} hits {what} and is destroyed.", boulder=bid, what=_WHAT[result.destroyed_by])


_WHAT = {"wall": named("a wall"), "door": named("a closed door"), "boulder": named("another boulder")}
