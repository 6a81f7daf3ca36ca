"""Heroes moving and entering spaces (rulebook "Your turn", "Exploration", "Shard guardians", "The escape").

One way into a space: `enter` walks a hero through the spaces of a path, one by one, and each space
entered does what the rulebook ties to entering it — the guardian's hall provokes the guardian
(R-GUARD-6), the glowing arch ends the game for the Covenant Bearer. A trap room does nothing when
entered after its reveal (R-EXPLORE-3). A move action's path is a shortest one (R-TURN-4); the free move
into a revealed room and the teleport trap enter their space the same way, without counting toward the
turn's movement cap.
"""

from __future__ import annotations

from functools import lru_cache

from companion.core.messages import Plural
from companion.games.covenant import escape, guardians, traits
from companion.games.covenant.board import Board
from companion.games.covenant.play import Play
from companion.games.covenant.state import Hero


def budget(g: Play, hero: Hero) -> int:
    """Spaces the next move action may cover: the hero's movement, within what the turn's cap leaves."""
    move = traits.movement(g.d, g.s, hero)
    return min(move, traits.movement_cap(g.d, g.s, hero, move) - hero.moved)


def targets(g: Play, hero: Hero) -> list[str]:
    spaces = budget(g, hero)
    return list(g.board.within(hero.space, g.blocked(), spaces)) if spaces > 0 else []


def path(g: Play, start: str, goal: str) -> list[str]:
    """The spaces a move from `start` to `goal` enters, `goal` last: a shortest way along open spaces,
    outside the hall when a way outside it is as short (R-TURN-4)."""
    return list(_route(g.board, start, goal, g.blocked()))


@lru_cache(maxsize=4096)
def _route(board: Board, start: str, goal: str, blocked: frozenset[str]) -> tuple[str, ...]:
    """`path` on this board with these spaces blocked, kept: the heroes walk the same ways again and again."""
    shortest = board.distance(start, goal, blocked)
    assert shortest is not None, (start, goal)
    around = blocked | {board.hall} if goal != board.hall and start != board.hall else blocked
    if board.distance(start, goal, around) == shortest:
        blocked = around
    return tuple(board.step_toward(start, goal, shortest, blocked))


def crosses_locked_hall(g: Play, hero: Hero, goal: str) -> bool:
    """Whether `goal` would be within this move's reach if the locked hall could be crossed (R-GUARD-6)."""
    if g.hall_open() or goal == g.board.hall:
        return False
    reach = g.board.distance(hero.space, goal, g.blocked() - {g.board.hall})
    return reach is not None and 0 < reach <= budget(g, hero)


def move(g: Play, hero: Hero, goal: str) -> None:
    """The move action: 1 action, the spaces of a shortest path, each of them entered in turn."""
    way = path(g, hero.space, goal)
    start = hero.space
    hero.moved += len(way)
    g.s.actions -= 1
    g.say("move", "§Your turn", Plural("{hero} moves {n} space to {space} ({moved} of {cap} this turn).",
                                       "{hero} moves {n} spaces to {space} ({moved} of {cap} this turn)."),
          {"hero": hero.id, "from": start, "to": goal}, hero=g.hero_name(hero), n=len(way),
          space=g.space_name(goal), moved=hero.moved, cap=traits.movement_cap(g.d, g.s, hero))
    enter(g, hero, way)


def enter(g: Play, hero: Hero, way: list[str]) -> None:
    """Walk `hero` into each space of `way` in turn; what a space does on entry happens as it is entered."""
    board = g.board
    for space in way:
        hero.space = space
        if space == board.hall:
            guardians.provoke(g, hero if space != way[-1] else None)
        escape.check_exit(g, hero)
        if g.s.outcome:
            return
