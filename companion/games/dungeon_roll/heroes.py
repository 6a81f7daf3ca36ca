"""The heroes' powers that are actions of their own (sheet, "Heroes"): the ultimate, once per delve, in
the phase where its effect acts (ruling R-DR-12), and rethrowing dice when forming the party. Specialties
that change what a companion can do live in `units`.
"""

from __future__ import annotations

from companion.core.flow import Act, Layer, Rejection, reject
from companion.core.messages import Plural
from companion.games.dungeon_roll import delve, loot, powers, units
from companion.games.dungeon_roll.delve import MONSTER_FACES
from companion.games.dungeon_roll.phases import dice_at, ids, spend, throw_again, to_lair
from companion.games.dungeon_roll.play import Play

TOO_MANY_MONSTERS = Plural("The ultimate acts on at most {count} monster.", "The ultimate acts on at most {count} "
                           "monsters.", "count")


LAIR_PHASES = ("monsters", "loot", "dragon", "regroup")
"""Where the Lair's dice lie before the hero, once the party is formed: its discard acts in any (R-DR-12)."""


def ultimate_fits(g: Play) -> bool:
    """Whether the hero's ultimate can be used now: once per delve, in the phase its effect belongs to
    (ruling R-DR-12); the hero acting as a companion is a unit, not this action."""
    effect = g.side().ultimate.effect
    if g.s.ultimate_used or effect == "hero-as":
        return False
    if effect in powers.EFFECTS:
        return powers.fits(g)
    if effect == "discard-lair":
        return bool(g.s.at("lair")) and g.s.phase in LAIR_PHASES
    if effect == "crusade":
        return bool(g.s.player.treasures) and g.s.phase in ("monsters", "loot", "dragon")
    if effect == "dragon-price":
        return g.s.phase == "dragon" and bool(payments(g))
    if effect == "revive":
        return bool(g.s.at("graveyard", "party")) and g.s.phase in ("monsters", "loot", "dragon")
    if effect in ("per-dragon", "types-per-dragon"):
        return g.s.phase == "monsters" and bool(g.s.at("lair"))
    if effect in ("transform", "hero-defeats", "recruit", "one-of-each"):
        monster = g.side().ultimate.monster
        return g.s.phase == "monsters" and bool(g.s.showing("dungeon", (monster,) if monster else MONSTER_FACES))
    return g.s.phase == "monsters"


def track(g: Play, inp: Act) -> Rejection | None:
    """A specialty that throws one monster of its type again, once per level (§Heroes: TRACKER)."""
    dice = ids(inp, "dice")
    if isinstance(dice, Rejection):
        return dice
    track = g.side().track
    wrong = dice_at(g, dice, ("dungeon",), MONSTER_FACES if track == "any" else (track,), "DR §Heroes")
    if wrong or len(dice) != 1 or g.s.tracked:
        return wrong or reject("track-once", Layer.ILLEGAL, "DR §Heroes", "One monster, once per level.")
    g.s.tracked = True
    g.s.throw, g.s.throw_why = dice, "ultimate"
    g.say("track", "DR §Heroes", "{hero} throws a {monster} again.", hero=g.hero_name(), monster=g.face_name(dice[0]))
    return None


def reroll(g: Play, inp: Act) -> Rejection | None:
    """The hero's specialty of forming the party: any of its dice thrown again, once (§Heroes)."""
    dice = throw_again(g, inp, ("party",), "DR §Heroes", "form")
    if isinstance(dice, Rejection):
        return dice
    g.say("reroll", "DR §Heroes", "{hero} throws {count} party dice again.", hero=g.hero_name(), count=len(dice))
    return None


def keep(g: Play, inp: Act) -> Rejection | None:
    delve.party_ready(g)
    return None


def ultimate(g: Play, inp: Act) -> Rejection | None:
    rule = "R-DR-12"
    ult = g.side().ultimate
    if not ultimate_fits(g):
        return reject("no-ultimate", Layer.ILLEGAL, rule,
                      "{hero}'s ultimate cannot be used now: once per delve, in its own phase; a hero who acts "
                      "as a companion is named as the one who acts (ruling R-DR-12).", hero=g.hero_name())
    if ult.effect in powers.EFFECTS:
        return powers.ultimate(g, inp)
    if ult.effect in ("crusade", "dragon-price"):
        return _price(g, inp)
    if ult.effect == "revive":
        return _revive(g, inp)
    if ult.effect in ("per-dragon", "types-per-dragon"):
        return _per_dragon(g, inp)
    if ult.effect in ("transform", "hero-defeats", "recruit", "one-of-each"):
        monsters = ids(inp, "monsters")
        if isinstance(monsters, Rejection):
            return monsters
        wrong = dice_at(g, monsters, ("dungeon",), (ult.monster,) if ult.monster else MONSTER_FACES, rule)
        if not wrong and ult.effect == "one-of-each" and len({g.s.dice[m].face for m in monsters}) < len(monsters):
            return reject("one-of-each", Layer.ILLEGAL, rule, "The ultimate takes one monster of each type.")
        if wrong or (len(monsters) > ult.count and ult.effect != "one-of-each"):
            return wrong or reject("too-many", Layer.ILLEGAL, rule, TOO_MANY_MONSTERS, count=ult.count)
        if ult.effect == "recruit":
            for die in monsters:
                g.s.dice[die].face = ult.kinds[0]
            g.move(monsters, "party")
            g.say("recruit", "R-DR-15", Plural("{hero} turns {count} monster into a companion of the party (ruling "
                                               "R-DR-15).", "{hero} turns {count} monsters into companions of the "
                                               "party (ruling R-DR-15).", "count"),
                  hero=g.hero_name(), count=len(monsters))
        elif ult.effect in ("hero-defeats", "one-of-each"):
            g.move(monsters, "box")
            g.say("hero-defeats", rule, powers.HERO_DEFEATS, hero=g.hero_name(), count=len(monsters))
        else:
            for die in monsters:
                g.s.dice[die].face = ult.into
            g.say("transform", rule, Plural("{hero} turns {count} monster into {face}.",
                                            "{hero} turns {count} monsters into {face}.", "count"),
                  hero=g.hero_name(), count=len(monsters), face=g.face_name(monsters[0]))
    elif ult.effect == "reroll":
        dice = throw_again(g, inp, ("party", "dungeon"), "R-DR-2", "ultimate")
        if isinstance(dice, Rejection):
            return dice
        g.say("ultimate-reroll", rule, "{hero} throws {count} chosen dice again (never the Lair's, ruling "
              "R-DR-2).", hero=g.hero_name(), count=len(dice))
    elif ult.effect == "bait":
        g.say("ultimate", rule, "{hero} uses the ultimate.", hero=g.hero_name())
        to_lair(g, rule)
    else:
        lair = g.s.at("lair")
        g.move(lair, "box")
        g.say("discard-lair", rule, "{hero} discards the {count} dice of the Dragon's Lair.", hero=g.hero_name(),
              count=len(lair))
    g.s.ultimate_used = True
    return None


def _scrolls(g: Play) -> list[str]:
    """The scrolls (of the party or the hand) an ultimate may be paid with, where its side says so."""
    ult = g.side().ultimate
    if not (ult.or_scroll or ult.pay == "scroll"):
        return []
    return [u for u in units.units(g.s, g.d) if u != units.HERO and "scroll" in units.kinds(g.s, g.d, u)]


def payments(g: Play) -> list[str]:
    """What the hero's ultimate may be paid with now: a scroll where the side says so, or a treasure (what
    `ultimate_fits` asks for, and what the drivers offer)."""
    return [*_scrolls(g), *([] if g.side().ultimate.pay == "scroll" else g.s.player.treasures)]


def _price(g: Play, inp: Act) -> Rejection | None:
    """Ultimates paid with a treasure (or, where the side says so, a scroll of the party): the Paladin's
    crusade defeats every monster, opens every chest, quaffs every potion (its revivals as in R-DR-3) and
    discards the Lair; the Time Traveller's price defeats the dragon."""
    rule = "R-DR-12"
    ult = g.side().ultimate
    paid = str(inp.args.get("treasure", ""))
    scroll = paid in _scrolls(g)
    if ult.pay == "scroll" and not scroll:
        return reject("no-scroll", Layer.ILLEGAL, "R-DR-27", "{hero} pays with a scroll of the party or the hand "
                      "({token} is none; ruling R-DR-27).", hero=g.hero_name(), token=paid or "-")
    if paid not in g.s.player.treasures and not scroll:
        return reject("no-such-treasure", Layer.ILLEGAL, rule,
                      "{hero} holds no such treasure ({token}).", hero=g.hero_name(), token=paid or "-")
    s = g.s
    potions = s.showing("dungeon", ("potion",))
    revive = loot.revivals(inp) if ult.effect == "crusade" else {}
    if isinstance(revive, Rejection):
        return revive
    if len(revive) > len(potions) or any(die not in s.at("graveyard", "party") for die in revive):
        return reject("cannot-revive", Layer.ILLEGAL, "R-DR-3", loot.CANNOT_REVIVE, count=len(potions))
    spend(g, paid)
    s.ultimate_used = True
    if ult.effect == "dragon-price":
        loot.dragon_slain(g)
        return None
    chests = s.showing("dungeon", ("chest",))
    g.move([*s.showing("dungeon", MONSTER_FACES), *chests, *potions, *s.at("lair")], "box")
    for die, face in sorted(revive.items()):
        s.dice[die].face = face
        g.move([die], "party")
    s.draws += len(chests)
    g.say("crusade", rule, Plural("{hero} spends a treasure: every monster defeated, {chests} chest opened, "
                                  "companions revived: {revived}, the Lair discarded.",
                                  "{hero} spends a treasure: every monster defeated, {chests} chests opened, "
                                  "companions revived: {revived}, the Lair discarded.", "chests"),
          hero=g.hero_name(), chests=len(chests),
          revived=len(revive))
    return None


def _revive(g: Play, inp: Act) -> Rejection | None:
    """Party dice of the graveyard back in the party, each on a face of the player's choice (as a potion
    revives, ruling R-DR-3)."""
    count = g.side().ultimate.count
    revive = loot.revivals(inp)
    if isinstance(revive, Rejection):
        return revive
    if not revive or len(revive) > count or any(die not in g.s.at("graveyard", "party") for die in revive):
        return reject("cannot-revive", Layer.ILLEGAL, "R-DR-3", loot.CANNOT_REVIVE, count=count)
    for die, face in sorted(revive.items()):
        g.s.dice[die].face = face
        g.move([die], "party")
    g.s.ultimate_used = True
    g.say("revive", "R-DR-12", Plural("{hero} revives {count} companion.", "{hero} revives {count} companions.",
                                      "count"), hero=g.hero_name(), count=len(revive))
    if g.side().ultimate.no_retire:
        g.s.retire_barred = True
        g.say("no-retire", "R-DR-20", "{hero} cannot retire in this delve until a dragon is slain (ruling R-DR-20).",
              hero=g.hero_name())
    return None


def _per_dragon(g: Play, inp: Act) -> Rejection | None:
    """One monster, or one whole type of monster, discarded for each dragon in the Lair (§Heroes:
    SORCERESS, DRAKE KIN)."""
    rule = "R-DR-16"
    monsters = ids(inp, "monsters")
    if isinstance(monsters, Rejection):
        return monsters
    wrong = dice_at(g, monsters, ("dungeon",), MONSTER_FACES, rule)
    if wrong:
        return wrong
    dragons = len(g.s.at("lair"))
    types = {g.s.dice[m].face for m in monsters}
    whole = all(set(g.s.showing("dungeon", (t,))) <= set(monsters) for t in types)
    if g.side().ultimate.effect == "per-dragon":
        if len(monsters) > dragons:
            return reject("too-many", Layer.ILLEGAL, rule, TOO_MANY_MONSTERS, count=dragons)
    elif len(types) > dragons or not whole:
        return reject("whole-types", Layer.ILLEGAL, rule,
                      "The ultimate discards whole types of monster, one type for each dragon ({count}).",
                      count=dragons)
    g.move(monsters, "box")
    g.s.ultimate_used = True
    g.say("hero-defeats", rule, powers.HERO_DEFEATS, hero=g.hero_name(), count=len(monsters))
    return None
