"""Who can do what: the companions of a party (dice, treasure tokens used as companions, a hero acting as
one) and what each may defeat, open or quaff (sheet, "Party dice"; the hero's specialty, "Heroes").

A *unit* is anything that can be spent to act: a party die in the party (`p3`), a treasure token in the
delving player's hand (`elixir-1`), or `hero` while an ultimate lets the hero act as a companion.
"""

from __future__ import annotations

from itertools import combinations

from companion.games.dungeon_roll.data import GameData
from companion.games.dungeon_roll.schema import COMPANIONS, Side
from companion.games.dungeon_roll.state import GameState

HERO = "hero"
SPECIALTY = {"fighter": ("goblin",), "cleric": ("skeleton",), "mage": ("ooze",), "thief": (),
             "champion": ("goblin", "skeleton", "ooze")}
"""The monster types a companion defeats any number of (the champion: any one type)."""
OPENS_ALL = ("thief", "champion")


def side(s: GameState, d: GameData) -> Side:
    return d.heroes[s.player.hero].side(s.player.master)


def kinds(s: GameState, d: GameData, unit: str) -> set[str]:
    """Every kind `unit` may act as now (a companion kind, or `scroll`); empty if it cannot act."""
    sd = side(s, d)
    if unit == HERO:
        ult = sd.ultimate
        return set(ult.kinds) if ult.effect == "hero-as" and not s.ultimate_used else set()
    die = s.dice.get(unit)
    if die is not None:  # the most asked: one face, and what the hero's side lets it act as
        if die.place != "party":
            return set()
        also = sd.acts_as.get(die.face)
        return {die.face, *also} if also else {die.face}
    if unit in s.player.treasures:
        spec = d.treasures[unit.rsplit("-", 1)[0]]
        base = list(spec.acts_as) if spec.use == "companion" else ["scroll"] if spec.use == "scroll" else []
    else:
        base = []
    out = set(base)
    for face in base:
        out.update(sd.acts_as.get(face, []))
    return out


def units(s: GameState, d: GameData) -> list[str]:
    """Every unit that can act now, party dice first."""
    return [u for u in (*s.at("party", "party"), *s.player.treasures, HERO) if kinds(s, d, u)]


_COMPANIONS = frozenset(COMPANIONS)


def companions(s: GameState, d: GameData, unit: str) -> set[str]:
    return kinds(s, d, unit) & _COMPANIONS


def extra(s: GameState, d: GameData) -> dict[str, int]:
    """The extra monsters of any type each companion kind defeats now: the hero's specialty, and every
    kind's while an exhausted hero's specialty says so (ruling R-DR-18)."""
    sd = side(s, d)
    tired = sd.exhausted_extra if s.ultimate_used else 0
    return {k: sd.extra.get(k, 0) + tired for k in COMPANIONS if sd.extra.get(k, 0) + tired}


def specialty(s: GameState, d: GameData, kind: str) -> tuple[str, ...]:
    """The monster types `kind` defeats any number of, unless the hero's specialty weakens it."""
    return () if kind in side(s, d).weak else SPECIALTY[kind]


def can_defeat(s: GameState, d: GameData, unit: str, monsters: list[str]) -> bool:
    """Whether `unit` defeats these monster dice at once: one monster of any type, or any number of its
    specialty type (the champion's: any one type), plus the hero's extra monsters of any type."""
    faces = [s.dice[m].face for m in monsters]
    more_of = extra(s, d)
    for kind in companions(s, d, unit):
        more = more_of.get(kind, 0)
        if len(faces) <= 1 + more:
            return True
        if any(sum(f != t for f in faces) <= more for t in specialty(s, d, kind)):
            return True
    return False


def can_open(s: GameState, d: GameData, unit: str, chests: int) -> bool:
    mine = companions(s, d, unit)
    weak = side(s, d).weak
    return bool(mine) and (chests <= 1 or any(k in mine and k not in weak for k in OPENS_ALL))


def different_kinds(s: GameState, d: GameData, chosen: list[str]) -> bool:
    """Whether each chosen unit can stand for a different companion kind (sheet, "Dragon phase": three
    different kinds, scrolls do not count; a hero's specialty lets two alike dice count as different;
    ruling R-DR-4): a matching of units to distinct kinds, found by trying each in turn."""
    options = [companions(s, d, u) for u in chosen]

    def match(index: int, taken: frozenset[str]) -> bool:
        if index == len(options):
            return True
        return any(match(index + 1, taken | {k}) for k in options[index] - taken)

    return match(0, frozenset())


def can_field(s: GameState, d: GameData, need: int) -> bool:
    """Whether `need` units can stand for `need` different companion kinds (the dragon's fight, R-DR-4)."""
    pool = [u for u in units(s, d) if companions(s, d, u)]
    return any(different_kinds(s, d, list(team)) for team in combinations(pool, need))
