"""The exact odds of clearing the next level with the party as it stands, from the dice faces: what a
player weighs before seeking glory (ruling R-DR-17 says what they count).

The next level's throw is every multiset of dungeon faces, weighted by its multinomial chance; a throw is
cleared when the units in hand can defeat all its monsters and, if the Lair then holds 3 dice or more, three
(or the hero's number) of the units left can slay the dragon. Scrolls, treasures other than companions and
ultimates other than a hero acting as a companion are not counted.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from math import factorial

from companion.games.dungeon_roll import units
from companion.games.dungeon_roll.data import DUNGEON_DICE, GameData
from companion.games.dungeon_roll.delve import LAST_LEVEL, MONSTER_FACES
from companion.games.dungeon_roll.state import GameState

Monsters = tuple[int, int, int]


def next_level(state: GameState, data: GameData) -> Fraction | None:
    """The chance of clearing the next level, or None when there is no next level to seek."""
    if state.outcome or state.phase != "regroup" or state.level >= LAST_LEVEL:
        return None
    lair = len(state.at("lair"))
    count = min(state.level + 1, DUNGEON_DICE - lair - len(state.at("party", "dungeon")))
    side = units.side(state, data)
    kinds = tuple(frozenset(units.companions(state, data, u)) for u in units.units(state, data))
    kinds = tuple(k for k in kinds if k)
    extra = tuple(sorted(units.extra(state, data).items()))
    weak = frozenset(side.weak)
    total = Fraction(0)
    categories = (*MONSTER_FACES, "dragon")
    for chance, counts in _throws(state, data, count, categories):
        monsters = (counts[0], counts[1], counts[2])
        dragon = lair + counts[3] >= side.dragon_at and not (side.lair_limit and lair + counts[3] > side.lair_limit)
        if _cleared(kinds, extra, weak, monsters, side.dragon_kinds if dragon else 0):
            total += chance
    return total


def _throws(state: GameState, data: GameData, count: int,
            categories: tuple[str, ...]) -> list[tuple[Fraction, list[int]]]:
    """Every throw of the next level as (chance, how many of each category): every multiset of faces by
    its multinomial chance, or the one certain throw of a scouted level (R-DR-22)."""
    side = units.side(state, data)
    planned = [side.on_dungeon.get(state.dice[d].face, state.dice[d].face) for d, level in state.scouted.items()
               if level == state.level + 1]
    if planned:
        return [(Fraction(1), [planned.count(c) for c in categories])]
    kinds_of_face = [side.on_dungeon.get(f.id, f.id) for f in data.dice["dungeon"].faces]
    weights = [sum(k == c for k in kinds_of_face) for c in categories]
    weights.append(len(kinds_of_face) - sum(weights))
    out = []
    for throw in combinations_with_replacement(range(len(weights)), count):
        counts = [throw.count(f) for f in range(len(weights))]
        chance = Fraction(factorial(count), len(kinds_of_face) ** count)
        for n, w in zip(counts, weights, strict=True):
            chance *= Fraction(w ** n, factorial(n))
        out.append((chance, counts))
    return out


def _cleared(kinds: tuple[frozenset[str], ...], extra: tuple[tuple[str, int], ...], weak: frozenset[str],
             monsters: Monsters, dragon_kinds: int) -> bool:
    everyone = range(len(kinds))
    teams = [()] if not dragon_kinds else [t for t in combinations(everyone, dragon_kinds) if _different(kinds, t)]
    return any(_defeat(tuple(kinds[i] for i in everyone if i not in team), extra, weak, monsters) for team in teams)


def _different(kinds: tuple[frozenset[str], ...], team: tuple[int, ...]) -> bool:
    def match(index: int, taken: frozenset[str]) -> bool:
        return index == len(team) or any(match(index + 1, taken | {k}) for k in kinds[team[index]] - taken)

    return match(0, frozenset())


@lru_cache(maxsize=1 << 16)
def _defeat(kinds: tuple[frozenset[str], ...], extra: tuple[tuple[str, int], ...], weak: frozenset[str],
            monsters: Monsters) -> bool:
    """Whether these units, one after another, can defeat every monster (goblins, skeletons, oozes)."""
    if not any(monsters):
        return True
    if not kinds:
        return False
    rest, more = kinds[1:], dict(extra)
    if _defeat(rest, extra, weak, monsters):
        return True
    for kind in kinds[0]:
        for left in _after(() if kind in weak else units.SPECIALTY[kind], more.get(kind, 0), monsters):
            if _defeat(rest, extra, weak, left):
                return True
    return False


def _after(specialty: tuple[str, ...], more: int, monsters: Monsters) -> set[Monsters]:
    """What may be left once one companion with this specialty has fought (sheet, "Party dice")."""
    out: set[Monsters] = set()
    starts = [monsters]
    for t, face in enumerate(MONSTER_FACES):
        if face in specialty and monsters[t]:
            starts.append(_with(monsters, t, 0))
    for start in starts:
        budget = more + (1 if start == monsters else 0)
        out |= _take(start, budget)
    out.discard(monsters)
    return out


def _take(monsters: Monsters, budget: int) -> set[Monsters]:
    if budget == 0:
        return {monsters}
    out = {monsters}
    for t in range(3):
        if monsters[t]:
            out |= _take(_with(monsters, t, monsters[t] - 1), budget - 1)
    return out


def _with(monsters: Monsters, index: int, value: int) -> Monsters:
    values = list(monsters)
    values[index] = value
    return values[0], values[1], values[2]
