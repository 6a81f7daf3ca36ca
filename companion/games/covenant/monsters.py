"""Monsters attacking heroes, and the monster phase (rulebook "When a monster attacks you").

Every decision is explained: for each monster the engine says which heroes were in reach, why it chose
its target, the path it took and the arithmetic of the attack, so the table can check the referee.
Rulings: R-MON-1 (order), R-MON-2 (where a monster stops), R-MON-3 (moving when nobody is in range),
R-MON-4 (ties), R-MON-5 (fallen heroes); the damage a blow deals is taken in `damage` (the Knight's Shield).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from companion.core.messages import Lang, Later, Named, Plural, listed, named, verbatim
from companion.games.covenant import damage, traits
from companion.games.covenant.board import Board
from companion.games.covenant.play import Play
from companion.games.covenant.state import ChooseStep, Hero, Monster

MONSTER_MOVE = 2
AWAY = Plural("{n} space away", "{n} spaces away")


@dataclass(frozen=True)
class Blow:
    """One attack on a hero, before defense: who strikes, for how much, with which abilities."""

    name: Named
    damage: int
    subject: str = ""
    brutality: bool = False
    curse: bool = False
    crown_strike: bool = False


def strike(g: Play, blow: Blow, hero: Hero, rule: str) -> None:
    """Damage = attack damage − the hero's total defense, at least 1 (2 with Brutality)."""
    floor = 2 if blow.brutality else 1
    crown = 1 if blow.crown_strike and hero.space in g.board.around(g.board.hall) else 0
    harm = damage.Harm(blow.damage, foe=True, floor=floor, bonus=crown)
    sums = damage.assess(g, hero, harm)
    defense, amount, total = sums.defense, sums.net, sums.total
    g.say("monster-attack", "R-HERO-6" if crown else rule, "{attacker} attacks {hero}: damage {damage} − defense "
          "{defense} = {net}{minimum}{crown} → {total} damage.",
          {"monster": blow.subject, "hero": hero.id, "damage": blow.damage, "defense": defense, "minimum": floor,
           "crown": crown, "total": total},
          attacker=blow.name, hero=g.hero_name(hero), damage=blow.damage, defense=defense,
          net=blow.damage - defense,
          minimum=named(", raised to the minimum of {floor}", floor=floor)
          if amount != blow.damage - defense else _NO_WORDS,
          crown=_CROWN if crown else _NO_WORDS,
          total=total)
    if hero.fallen:
        g.say("fallen-hit", "R-MON-5", "{hero} is fallen: at 0 HP they lose nothing more.", {"hero": hero.id},
              hero=g.hero_name(hero))
        return
    taker = damage.take(g, hero, harm)
    if blow.curse and taker is hero and not hero.fallen:
        hero.curse = g.d.abilities["curse"].effect.actions_lost
        g.say("curse", "§Monster guide", "{hero} is cursed: 1 action fewer next turn.", hero=g.hero_name(hero))


def blow_of(g: Play, m: Monster) -> Blow:
    abilities = g.d.monsters[m.kind].abilities
    return Blow(name=g.monster_name(m), damage=traits.monster_damage(g.d, m), subject=m.uid,
                brutality="brutality" in abilities, curse="curse" in abilities)


def remove_monster(g: Play, m: Monster) -> None:
    """Take a monster off the board; its card goes to the monster discard (pursuers and the Demon have
    no card in the deck)."""
    g.s.monsters.remove(m)
    if m.origin != "pursuer" and m.kind != "demon":
        g.s.decks["monsters"].discard.append(m.kind)


# ---- the monster phase -----------------------------------------------------------------------


def act(g: Play, m: Monster, chosen: str | None = None) -> bool:
    """One monster's move and attack. False when the first player must first break a tie."""
    s, board = g.s, g.board
    rng = traits.monster_spec(g.d, m).range
    blocked = g.blocked() - {m.space}
    reach = board.distances(m.space, blocked)
    heroes = list(s.heroes.values())
    if s.escape is not None and m.origin == "pursuer" and s.escape.bearer:
        heroes = [s.heroes[s.escape.bearer]]
    # A hero is within reach when some space the monster can reach in 2 moves has it in range; the
    # nearest is the one fewest spaces away (R-MON-2).
    cost: dict[str, int] = {}
    for h in heroes:
        if board.in_reach(m.space, blocked, MONSTER_MOVE, rng, h.space):
            cost[h.id] = reach.get(h.space, board.distances(h.space)[m.space])
    if not cost:
        _advance_on_nearest(g, m, heroes, blocked)
        return True
    picked = choose_target(g, m.uid, g.monster_name(m), cost, chosen)
    if picked is None:
        return False
    target, why = picked
    g.say("monster-target", "R-MON-2", "{monster} targets {hero} ({hp} HP): {why}.",
          {"monster": m.uid, "hero": target.id, "in_reach": sorted(cost, key=lambda h: s.heroes[h].seat)},
          monster=g.monster_name(m), hero=g.hero_name(target), hp=target.hp, why=why)
    _move_into_range(g, m, target, rng, blocked)
    strike(g, blow_of(g, m), target, "§When a monster attacks you")
    return True


def choose_target(g: Play, subject: str, name: Named, cost: dict[str, int], chosen: str | None,
                  unit: Plural = AWAY) -> tuple[Hero, Named] | None:
    """The target among the heroes in reach (hero id → how many spaces away): the
    lowest HP among the standing ones (the fallen only when none stands, R-MON-5), then the nearest,
    then the first player's choice (R-MON-4). None while the first player is asked.

    Says who was in reach first, so the table can check the choice; `chosen` is the first player's
    answer when the choice resumes (the reach was said already).
    """
    s = g.s
    heroes = sorted((s.heroes[h] for h in cost), key=lambda h: h.seat)
    if chosen is None:
        _say_reach(g, subject, name, [(h, cost[h.id]) for h in heroes], unit)
    candidates = [h for h in heroes if not h.fallen] or heroes
    low = min(h.hp for h in candidates)
    lowest = [h for h in candidates if h.hp == low]
    near = min(cost[h.id] for h in lowest)
    tied = [h for h in lowest if cost[h.id] == near]
    if len(tied) == 1:
        return tied[0], _why(g, candidates, lowest, tied)
    target = next((h for h in tied if h.id == chosen), None)
    if target is not None:
        return target, _why(g, candidates, lowest, tied)
    g.next(ChooseStep(purpose="monster-target", chooser=s.order[0], options=[h.id for h in tied], subject=subject))
    g.say("tie", "R-MON-4", Plural("{monster} could attack {n} hero with the same HP at the same distance: "
          "the first player chooses.", "{monster} could attack {n} heroes with the same HP at the same distance: "
          "the first player chooses."), {"monster": subject, "heroes": [h.id for h in tied]},
          monster=name, n=len(tied))
    return None


def _say_reach(g: Play, subject: str, name: Named, reach: list[tuple[Hero, int]], unit: Plural) -> None:
    """Which heroes the attacker can bring into range, each with HP and how far it stands (from the
    monster, or from a guardian's hall)."""
    rule = "R-GUARD-2" if subject == "guardian" else "R-MON-2"
    g.say("monster-reach", rule, "{monster} can reach: {heroes}.",
          {"monster": subject, "heroes": [h.id for h, _ in reach]}, monster=name,
          heroes=Reach([(g.hero_name(h), h.hp, h.fallen, n) for h, n in reach], unit))


class Reach(Later, frozen=True):
    """The heroes in reach, each with HP and distance, "; " between them: put in words only when the
    sentence is read, as every monster of every monster phase states it (issue 26)."""

    heroes: list[tuple[Named, int, bool, int]]
    unit: Plural

    def text(self, lang: Lang) -> str:
        return listed((named("{hero} {hp} HP (fallen), {far}" if fallen else "{hero} {hp} HP, {far}", hero=hero,
                             hp=hp, far=named(self.unit, n=n)) for hero, hp, fallen, n in self.heroes),
                      separator="; ")[lang]


_ONLY, _LOWEST = named("the only hero in reach"), named("the lowest HP in reach")
_NEAREST, _FIRST_PLAYER = named("the lowest HP and nearest"), named("chosen by the first player")
_NO_WORDS, _CROWN = verbatim(""), named(" + 1 (Crown Strike)")
"""The reasons and parts of a monster's attack, named once: every monster phase says them (issue 26)."""


def _why(g: Play, candidates: list[Hero], lowest: list[Hero], tied: list[Hero]) -> Named:
    if len(candidates) == 1:
        return _ONLY
    if len(lowest) == 1:
        return _LOWEST
    if len(tied) == 1:
        return _NEAREST
    return _FIRST_PLAYER


def _move_into_range(g: Play, m: Monster, target: Hero, rng: int, blocked: frozenset[str]) -> None:
    """The fewest moves that bring the target into range; among equally short paths, at each step the
    space listed first in the board file (R-MON-2), whichever space in range the path ends on."""
    if (g.board.distance(m.space, target.space) or 0) <= rng:
        return
    _walk(g, m, list(_approach(g.board, m.space, target.space, rng, blocked)))


@lru_cache(maxsize=4096)
def _approach(board: Board, start: str, goal: str, rng: int, blocked: frozenset[str]) -> tuple[str, ...]:
    """`_move_into_range`'s path on this board, kept: the monsters of a board walk the same ways (issue 26)."""
    reach = board.distances(start, blocked)
    ends = [sp for sp, dist in board.distances(goal).items()
            if dist <= rng and reach.get(sp, MONSTER_MOVE + 1) <= MONSTER_MOVE]
    moves = min(reach[sp] for sp in ends)
    ways = [board.distances(sp, blocked - {start}) for sp in ends if reach[sp] == moves]
    left = {sp: min(w.get(sp, moves + 1) for w in ways) for sp in board.links}
    path: list[str] = []
    here = start
    while left[here] > 0:
        here = min((n for n in board.links[here] if left[n] == left[here] - 1), key=board._order)
        path.append(here)
    return tuple(path)


def _advance_on_nearest(g: Play, m: Monster, heroes: list[Hero], blocked: frozenset[str]) -> None:
    """Nobody in reach: 2 spaces toward the nearest hero, standing heroes first (R-MON-3)."""
    reach = g.board.distances(m.space, blocked)
    pool = [h for h in heroes if not h.fallen and h.space in reach] or [h for h in heroes if h.space in reach]
    if not pool:
        g.say("monster-idle", "R-MON-3", "{monster} cannot reach any hero and stays.", {"monster": m.uid},
              monster=g.monster_name(m))
        return
    nearest = min(pool, key=lambda h: (reach[h.space], h.seat))
    path = g.board.step_toward(m.space, nearest.space, MONSTER_MOVE, blocked)
    g.say("monster-advance", "R-MON-3", "No hero in reach of {monster}: it moves toward {hero}, the nearest.",
          {"monster": m.uid, "hero": nearest.id}, monster=g.monster_name(m), hero=g.hero_name(nearest))
    _walk(g, m, path)


def _walk(g: Play, m: Monster, path: list[str]) -> None:
    if not path:
        return
    start, m.space = m.space, path[-1]
    g.say("monster-move", "R-MON-2",
          Plural("{monster} moves {n} space: {path}.", "{monster} moves {n} spaces: {path}."),
          {"monster": m.uid, "from": start, "path": path}, monster=g.monster_name(m), n=len(path),
          path=g.path_name([start, *path]))
