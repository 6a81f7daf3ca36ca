"""The specialties of the newer heroes that are actions of their own (sheet, "Heroes"): the Scout's
dungeon dice assigned to the first levels (R-DR-22), Lord Yllavyre's scroll that makes a dragon (R-DR-25),
Tristan's treasure spent to refresh (R-DR-18).
"""

from __future__ import annotations

from companion.core.flow import Act, Layer, Rejection, reject
from companion.games.dungeon_roll import delve, units
from companion.games.dungeon_roll.delve import MONSTER_FACES
from companion.games.dungeon_roll.phases import dice_at, ids, spend, unit_of
from companion.games.dungeon_roll.play import Play
from companion.games.dungeon_roll.powers import TOO_MANY


def assign(g: Play, inp: Act) -> Rejection | None:
    """The scouted dice, each given to one of the first levels, so many to each (R-DR-22): `level1`,
    `level2`… name them."""
    rule, plan = "R-DR-22", g.side().scout
    thrown = sorted(d for d in g.s.at("box", "dungeon") if g.s.dice[d].face)
    given: dict[str, int] = {}
    for level, count in enumerate(plan, 1):
        dice = ids(inp, f"level{level}")
        if isinstance(dice, Rejection):
            return dice
        if len(dice) != count or any(d not in thrown or d in given for d in dice):
            return reject("assign", Layer.ILLEGAL, rule, "Assign the thrown dice {dice}: {plan} to levels 1 to 3 "
                          "(ruling R-DR-22).", dice=" ".join(thrown), plan="/".join(map(str, plan)))
        given.update(dict.fromkeys(dice, level))
    g.s.scouted = given
    g.say("assigned", rule, "{hero} assigns the scouted dice to levels 1 to 3 (ruling R-DR-22).", hero=g.hero_name())
    delve.start_level(g)
    return None


def summon(g: Play, inp: Act) -> Rejection | None:
    """A scroll spent turns one monster into a dragon, which goes to the Lair (R-DR-25)."""
    rule = "R-DR-25"
    unit = unit_of(g, inp, rule)
    if isinstance(unit, Rejection):
        return unit
    monsters = ids(inp, "monsters")
    if isinstance(monsters, Rejection):
        return monsters
    if "scroll" not in units.kinds(g.s, g.d, unit):
        return reject("not-a-scroll", Layer.ILLEGAL, rule, "The {unit} is not a scroll.", unit=g.unit_name(unit))
    wrong = dice_at(g, monsters, ("dungeon",), MONSTER_FACES, rule)
    if wrong or len(monsters) != 1:
        return wrong or reject("too-many", Layer.ILLEGAL, rule, TOO_MANY, count=1)
    name = g.unit_name(unit)
    spend(g, unit)
    g.s.dice[monsters[0]].face = "dragon"
    g.move(monsters, "lair")
    g.say("summon", rule, "The {unit} is spent: a monster becomes a dragon ({lair} in the Lair; ruling R-DR-25).",
          unit=name, lair=len(g.s.at("lair")))
    delve.lair_limit(g)
    return None


def refresh(g: Play, inp: Act) -> Rejection | None:
    """A treasure of the hand spent (out of the game, R-DR-5) to refresh an exhausted hero (R-DR-18)."""
    token = inp.target or ""
    if token not in g.s.player.treasures or not g.s.ultimate_used:
        return reject("cannot-refresh", Layer.ILLEGAL, "R-DR-18", "{hero} refreshes only when exhausted, by "
                      "spending a treasure held (ruling R-DR-18).", hero=g.hero_name())
    spend(g, token)
    g.refresh("treasure")
    return None
