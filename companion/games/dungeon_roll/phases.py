"""The delving player's actions, phase by phase (sheet, "Monster phase", "Loot phase", "Dragon phase",
"Regroup phase", "Treasures"; the hero's ultimate, "Heroes").

Each action is checked whole before anything changes: its dice and units are parsed from the input's
arguments (space-separated ids), then held against the rules; only then does it act.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.core.flow import Act, Layer, Rejection, reject
from companion.core.messages import Plural
from companion.games.dungeon_roll import delve, units
from companion.games.dungeon_roll.delve import MONSTER_FACES
from companion.games.dungeon_roll.play import Play

Check = Callable[[Play, Act], Rejection | None]

PHASE_ACTIONS: dict[str, tuple[str, ...]] = {
    "form": ("reroll", "keep"),
    "scout": ("assign",),
    "monsters": ("fight", "scroll", "track", "summon", "bait", "ultimate", "refresh", "portal", "flee"),
    "loot": ("open", "quaff", "ultimate", "refresh", "done"),
    "dragon": ("slay", "ring", "ultimate", "refresh", "portal", "flee"),
    "regroup": ("retire", "seek", "ultimate"),
}
LOOT_ANYTIME = ("open", "quaff")


def actions_now(g: Play) -> tuple[str, ...]:
    """The phase's actions; a hero who loots at any time also opens and quaffs in the monster phase; the
    specialties that are actions only for their heroes; a dig's discards before anything else (R-DR-19)."""
    phase, sd = g.s.phase, g.side()
    if g.s.discards:
        return ("discard",)
    extra = LOOT_ANYTIME if phase == "monsters" and sd.loot_anytime else ()
    mine = {"summon": sd.summon, "refresh": "treasure" in sd.refresh}
    return tuple(a for a in (*PHASE_ACTIONS[phase], *extra) if mine.get(a, True))


PHASE_RULE = {"form": "DR §Heroes", "scout": "R-DR-22", "monsters": "DR §Monster phase", "loot": "DR §Loot phase",
              "dragon": "DR §Dragon phase", "regroup": "DR §Regroup phase"}


def ids(inp: Act, name: str) -> list[str] | Rejection:
    raw = inp.args.get(name, "")
    if not isinstance(raw, str):
        return reject("malformed-args", Layer.MALFORMED, "DR §A player's turn",
                      "The argument {name} must list ids separated by spaces.", name=name)
    return raw.split()


def dice_at(g: Play, dice: list[str], places: tuple[str, ...], faces: tuple[str, ...], rule: str) -> Rejection | None:
    if not dice:
        return reject("no-dice", Layer.ILLEGAL, rule, "Name at least one die.")
    if len(set(dice)) != len(dice):
        return reject("die-twice", Layer.ILLEGAL, rule, "A die is named twice.")
    for die in dice:
        d = g.s.dice.get(die)
        recruited = d is not None and d.place == "party" and d.kind == "dungeon"
        if d is None or d.place not in places or (faces and d.face not in faces) or recruited:
            return reject("wrong-die", Layer.ILLEGAL, rule, "Die {die} cannot be used for this now.", die=die)
    return None


def throw_again(g: Play, inp: Act, places: tuple[str, ...], rule: str, why: str) -> list[str] | Rejection:
    """The dice the act names, each lying in one of `places`, set to come back as one throw (for `why`)."""
    dice = ids(inp, "dice")
    if isinstance(dice, Rejection):
        return dice
    wrong = dice_at(g, dice, places, (), rule)
    if wrong:
        return wrong
    g.s.throw, g.s.throw_why = sorted(dice), why
    return dice


def unit_of(g: Play, inp: Act, rule: str) -> str | Rejection:
    unit = inp.target or ""
    if not units.kinds(g.s, g.d, unit):
        return reject("not-a-unit", Layer.ILLEGAL, rule,
                      "{unit} cannot act: it is not a companion of the party, a usable "
                      "treasure in hand, or the hero's unused ultimate.", unit=unit or "-")
    return unit


def spend(g: Play, unit: str) -> None:
    """A used die goes to the graveyard (a monster turned companion leaves the delve, R-DR-15); a used
    treasure leaves the game (R-DR-5); the hero's turn is its ultimate, once per delve."""
    s = g.s
    if unit in s.dice:
        g.move([unit], "graveyard" if s.dice[unit].kind == "party" else "box")
    elif unit == units.HERO:
        s.ultimate_used = True
    else:
        s.player.treasures.remove(unit)
        s.spent.append(unit)


# ---- monster phase -----------------------------------------------------------------------------


def fight(g: Play, inp: Act) -> Rejection | None:
    rule = "DR §Party dice"
    unit = unit_of(g, inp, rule)
    monsters = ids(inp, "monsters")
    if isinstance(unit, Rejection):
        return unit
    if isinstance(monsters, Rejection):
        return monsters
    wrong = dice_at(g, monsters, ("dungeon",), MONSTER_FACES, rule)
    if wrong:
        return wrong
    weak = units.companions(g.s, g.d, unit) & set(g.side().weak)
    if not units.can_defeat(g.s, g.d, unit, monsters) and weak:
        return reject("weak", Layer.ILLEGAL, "R-DR-26", "{hero}'s {unit} defeats one monster only (ruling R-DR-26).",
                      hero=g.hero_name(), unit=g.unit_name(unit))
    if not units.can_defeat(g.s, g.d, unit, monsters):
        return reject("cannot-defeat", Layer.ILLEGAL, rule, "The {unit} cannot defeat these {count} monsters at once.",
                    unit=g.unit_name(unit), count=len(monsters))
    name = g.unit_name(unit)
    champion = unit in g.s.dice and g.s.dice[unit].face == "champion"
    spend(g, unit)
    g.move(monsters, "box")
    g.say("defeat", rule, Plural("The {unit} defeats {count} monster and goes to the graveyard.",
                                 "The {unit} defeats {count} monsters and goes to the graveyard.", "count"),
          unit=name, count=len(monsters))
    if len(monsters) >= 2:
        _many_at_once(g, unit if champion else "")
    return None


def _many_at_once(g: Play, champion: str) -> None:
    """What one companion defeating 2 or more monsters brings the heroes whose specialty says so: the
    champion thrown back into the party (R-DR-20), a treasure drawn, a refresh (R-DR-18)."""
    sd = g.side()
    if champion and sd.champion_rethrow:
        g.move([champion], "party")
        g.s.throw, g.s.throw_why = [champion], "rethrow"
        g.say("rethrow", "R-DR-20", "{hero}'s champion defeated 2 or more monsters: it is thrown back into the "
              "party (ruling R-DR-20).", hero=g.hero_name())
    if sd.multi_draw:
        g.say("multi-draw", "R-DR-24", "{hero} draws a treasure for defeating 2 or more monsters with one "
              "companion (ruling R-DR-24).", hero=g.hero_name())
        g.bonus_draws(sd.multi_draw)
    g.refresh("multi-kill")


def scroll(g: Play, inp: Act) -> Rejection | None:
    rule = "R-DR-2"
    unit = unit_of(g, inp, rule)
    dice = ids(inp, "dice")
    if isinstance(unit, Rejection):
        return unit
    if isinstance(dice, Rejection):
        return dice
    if "scroll" not in units.kinds(g.s, g.d, unit):
        return reject("not-a-scroll", Layer.ILLEGAL, rule, "The {unit} is not a scroll.", unit=g.unit_name(unit))
    if unit in dice:
        return reject("scroll-itself", Layer.ILLEGAL, rule,
                      "A scroll is spent when read: it cannot reroll itself (ruling R-DR-2).")
    wrong = dice_at(g, dice, ("party", "dungeon"), (), rule)
    if wrong:
        return wrong
    name = g.unit_name(unit)
    spend(g, unit)
    g.s.throw, g.s.throw_why = sorted(dice), "scroll"
    g.say("scroll", rule, "The {unit} is read: throw again the {count} chosen dice (ruling R-DR-2).", unit=name,
          count=len(dice))
    return None


def token_of(g: Play, inp: Act, use: str, rule: str) -> str | Rejection:
    token = inp.target or ""
    if token not in g.s.player.treasures or g.d.treasures[token.rsplit("-", 1)[0]].use != use:
        return reject("no-such-treasure", Layer.ILLEGAL, rule,
                      "{hero} holds no such treasure ({token}).", hero=g.hero_name(),
                      token=token or "-")
    return token


def to_lair(g: Play, rule: str) -> None:
    monsters = g.s.showing("dungeon", MONSTER_FACES)
    for die in monsters:
        g.s.dice[die].face = "dragon"
    g.move(monsters, "lair")
    g.say("baited", rule, Plural("{count} monster becomes a dragon and goes to the Lair ({lair} there now).",
                                 "{count} monsters become dragons and go to the Lair ({lair} there now).", "count"),
          count=len(monsters), lair=len(g.s.at("lair")))
    delve.lair_limit(g)


def bait(g: Play, inp: Act) -> Rejection | None:
    token = token_of(g, inp, "bait", "R-DR-13")
    if isinstance(token, Rejection):
        return token
    spend(g, token)
    to_lair(g, "DR §Treasures")
    return None


def portal(g: Play, inp: Act) -> Rejection | None:
    token = token_of(g, inp, "portal", "R-DR-7")
    if isinstance(token, Rejection):
        return token
    spend(g, token)
    g.say("portal", "R-DR-7", "{hero} steps through a Town Portal instead of fleeing, with the experience of "
          "level {level} (ruling R-DR-7).", hero=g.hero_name(), level=g.s.level)
    delve.end_delve(g, "portal", g.s.level)
    return None


def flee(g: Play, inp: Act) -> Rejection | None:
    g.say("flee", PHASE_RULE[g.s.phase], "{hero} flees the dungeon: no experience for this delve; the treasure "
          "stays (ruling R-DR-6).", hero=g.hero_name())
    delve.end_delve(g, "fled", 0)
    return None
