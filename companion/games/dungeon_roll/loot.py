"""The loot, dragon and regroup phases (sheet, "Loot phase", "Dragon phase", "Regroup phase").

An opened chest or a slain dragon waits for a treasure drawn from the bag (`draws`); `treasure.draw`
takes it, or gives the chest's experience instead when the bag is empty.
"""

from __future__ import annotations

from companion.core.flow import Act, Layer, Rejection, reject
from companion.core.messages import Plural
from companion.games.dungeon_roll import delve, units
from companion.games.dungeon_roll.delve import LAST_LEVEL
from companion.games.dungeon_roll.phases import dice_at, ids, spend, token_of, unit_of
from companion.games.dungeon_roll.play import Play
from companion.games.dungeon_roll.schema import PARTY_FACES

CANNOT_REVIVE = Plural("{count} potion revives at most {count} die of the graveyard (ruling R-DR-3).",
                       "{count} potions revive at most {count} dice of the graveyard (ruling R-DR-3).", "count")


def open_chests(g: Play, inp: Act) -> Rejection | None:
    rule = "DR §Loot phase"
    unit = unit_of(g, inp, rule)
    if isinstance(unit, Rejection):
        return unit
    chests = ids(inp, "chests")
    if isinstance(chests, Rejection):
        return chests
    wrong = dice_at(g, chests, ("dungeon",), ("chest",), rule)
    if wrong:
        return wrong
    weak = units.companions(g.s, g.d, unit) & set(g.side().weak)
    if not units.can_open(g.s, g.d, unit, len(chests)) and weak:
        return reject("weak", Layer.ILLEGAL, "R-DR-26", "{hero}'s {unit} opens one chest only (ruling R-DR-26).",
                      hero=g.hero_name(), unit=g.unit_name(unit))
    if not units.can_open(g.s, g.d, unit, len(chests)):
        return reject("cannot-open", Layer.ILLEGAL, rule, "The {unit} cannot open {count} chests: only a thief or a "
                      "champion opens more than one, and a scroll opens none.", unit=g.unit_name(unit),
                      count=len(chests))
    name = g.unit_name(unit)
    spend(g, unit)
    g.move(chests, "box")
    g.s.draws += len(chests)
    g.say("open", rule, Plural("The {unit} opens {count} chest.", "The {unit} opens {count} chests.", "count"),
          unit=name, count=len(chests))
    return None


def revivals(inp: Act) -> dict[str, str] | Rejection:
    raw = ids(inp, "revive")
    if isinstance(raw, Rejection):
        return raw
    pairs = [item.split("=", 1) for item in raw]
    if any(len(p) != 2 or p[1] not in PARTY_FACES for p in pairs) or len({p[0] for p in pairs}) != len(pairs):
        return reject("malformed-args", Layer.MALFORMED, "R-DR-3", "Each revived die is named once, with its face, "
                      "like p3=fighter.")
    return {die: face for die, face in pairs}


def quaff(g: Play, inp: Act) -> Rejection | None:
    """Potions revive one party die each from the graveyard, set to a face of the player's choice; the die
    that quaffs goes to the graveyard first and may be among them (ruling R-DR-3)."""
    rule = "R-DR-3"
    unit = unit_of(g, inp, rule)
    if isinstance(unit, Rejection):
        return unit
    potions = ids(inp, "potions")
    revive = revivals(inp)
    if isinstance(potions, Rejection):
        return potions
    if isinstance(revive, Rejection):
        return revive
    wrong = dice_at(g, potions, ("dungeon",), ("potion",), rule)
    if wrong:
        return wrong
    graveyard = {*g.s.at("graveyard", "party"), *([unit] if unit in g.s.at("party", "party") else [])}
    if len(revive) > len(potions) or any(die not in graveyard for die in revive):
        return reject("cannot-revive", Layer.ILLEGAL, rule, CANNOT_REVIVE, count=len(potions))
    name = g.unit_name(unit)
    spend(g, unit)
    g.move(potions, "box")
    for die, face in sorted(revive.items()):
        g.s.dice[die].face = face
        g.move([die], "party")
    g.say("quaff", rule, Plural("The {unit} quaffs {count} potion; companions back in the party: {revived} (ruling "
                                "R-DR-3).", "The {unit} quaffs {count} potions; companions back in the party: "
                                "{revived} (ruling R-DR-3).", "count"), unit=name, count=len(potions),
          revived=len(revive))
    g.refresh("quaff")
    return None


def done(g: Play, inp: Act) -> Rejection | None:
    g.say("loot-done", "DR §Loot phase", "{hero} leaves the rest of the loot.", hero=g.hero_name())
    g.move(g.s.showing("dungeon", ("chest", "potion")), "box")
    return None


def slay(g: Play, inp: Act) -> Rejection | None:
    rule = "R-DR-4"
    chosen = ids(inp, "units")
    if isinstance(chosen, Rejection):
        return chosen
    need = g.side().dragon_kinds
    if len(chosen) != need or len(set(chosen)) != need or not all(units.kinds(g.s, g.d, u) for u in chosen):
        return reject("dragon-party", Layer.ILLEGAL, rule, "The dragon is fought by exactly {count} companions of "
                      "the party (ruling R-DR-4).", count=need)
    if not units.different_kinds(g.s, g.d, chosen):
        return reject("not-different", Layer.ILLEGAL, rule, "These companions are not {count} different kinds; "
                      "a scroll is no companion (ruling R-DR-4).", count=need)
    for unit in chosen:
        spend(g, unit)
    dragon_slain(g)
    return None


def dragon_slain(g: Play) -> None:
    """The dragon's dice discarded, 1 experience and a treasure (sheet, "Dragon phase"; R-DR-8)."""
    g.move(g.s.at("lair"), "box")
    g.s.retire_barred = False
    g.say("dragon-slain", "DR §Dragon phase", "{hero} slays the dragon: 1 experience and a treasure.",
          hero=g.hero_name())
    g.gain(1, "R-DR-6")
    if g.s.supply:
        g.s.draws += 1
    else:
        g.say("no-dragon-treasure", "R-DR-8", "The bag is empty: the dragon's treasure is lost, its experience "
              "stays (ruling R-DR-8).")


def ring(g: Play, inp: Act) -> Rejection | None:
    token = token_of(g, inp, "ring", "R-DR-13")
    if isinstance(token, Rejection):
        return token
    spend(g, token)
    g.move(g.s.at("lair"), "box")
    g.say("ring", "DR §Treasures", "{hero} puts on a Ring of Invisibility: the dragon's dice are discarded, no "
          "treasure.", hero=g.hero_name())
    return None


def retire(g: Play, inp: Act) -> Rejection | None:
    if g.s.retire_barred:
        return reject("retire-barred", Layer.ILLEGAL, "R-DR-20", "{hero} cannot retire before slaying a dragon "
                      "(ruling R-DR-20).", hero=g.hero_name())
    g.say("retire", "DR §Regroup phase", "{hero} retires to the tavern after level {level}.", hero=g.hero_name(),
          level=g.s.level)
    delve.end_delve(g, "retired", g.s.level)
    return None


def seek(g: Play, inp: Act) -> Rejection | None:
    if g.s.level >= LAST_LEVEL:
        return reject("last-level", Layer.ILLEGAL, "DR §Regroup phase", "Level 10 is the last.")
    g.say("seek", "DR §Regroup phase", "{hero} seeks glory: on to level {level}.", hero=g.hero_name(),
          level=g.s.level + 1)
    delve.start_level(g)
    return None
