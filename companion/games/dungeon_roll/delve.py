"""The course of a delve and of the game (sheet, "A player's turn", "Regroup phase", "End of the game"):
the party thrown, each level's dungeon dice, the phases that need nobody's answer, the end of a delve,
the next player in seat order, and the end of the game.

`advance` runs after every accepted input until the engine waits for someone again.
"""

from __future__ import annotations

from companion.core.messages import Plural
from companion.games.dungeon_roll import scoring
from companion.games.dungeon_roll.data import PARTY_DICE
from companion.games.dungeon_roll.play import Play
from companion.games.dungeon_roll.state import DelveEnd

DELVES = 3
LAST_LEVEL = 10
DRAGONS = 3
MONSTER_FACES = ("goblin", "skeleton", "ooze")
LOOT_FACES = ("chest", "potion")


def start_delve(g: Play) -> None:
    s, sd = g.s, g.side()
    s.level, s.phase, s.ultimate_used, s.retire_barred, s.scouted = 0, "form", sd.start_exhausted, False, {}
    if sd.start_exhausted:
        g.say("exhausted", "R-DR-18", "{hero} begins the delve exhausted (ruling R-DR-18).", hero=g.hero_name())
    if sd.form_draws:
        g.say("form-draws", "R-DR-19", Plural("{hero} draws {count} treasure as the party is formed (ruling R-DR-19).",
                                              "{hero} draws {count} treasures as the party is formed (ruling "
                                              "R-DR-19).", "count"), hero=g.hero_name(), count=sd.form_draws)
        g.bonus_draws(sd.form_draws)
    fixed = sd.fixed_party
    if fixed:
        for n, face in enumerate(fixed, 1):
            s.dice[f"p{n}"].face, s.dice[f"p{n}"].place = face, "party"
        g.say("delve-fixed", "DR §Heroes", "{hero}'s delve {delve} of 3: the party is formed without a throw, {count} "
              "dice.", hero=g.hero_name(), delve=len(s.player.delves) + 1, count=len(fixed))
        start_level(g)
        return
    for n, face in enumerate(sd.preset, 1):
        s.dice[f"p{n}"].face, s.dice[f"p{n}"].place = face, "party"
    s.throw, s.throw_why = [f"p{n}" for n in range(len(sd.preset) + 1, sd.party_dice + 1)], "party"
    if len(s.throw) == PARTY_DICE:
        g.say("delve", "DR §A player's turn", "{hero}'s delve {delve} of 3: throw the 7 party dice.",
              hero=g.hero_name(), delve=len(s.player.delves) + 1)
    else:
        g.say("delve", "DR §A player's turn", Plural("{hero}'s delve {delve} of 3: throw {count} party die.",
                                                     "{hero}'s delve {delve} of 3: throw {count} party dice.",
                                                     "count"), hero=g.hero_name(), delve=len(s.player.delves) + 1,
              count=len(s.throw))
    if sd.party_dice < PARTY_DICE:
        g.say("party-size", "R-DR-20", "{hero} forms the party with {count} dice, not 7 (ruling R-DR-20).",
              hero=g.hero_name(), count=sd.party_dice)
    elif sd.party_dice > PARTY_DICE:
        g.say("party-size", "R-DR-23", "{hero} forms the party with an eighth die (ruling R-DR-23).",
              hero=g.hero_name())
    if sd.preset:
        g.say("preset", "R-DR-25", Plural("{hero} sets {count} party die without a throw (ruling R-DR-25).",
                                          "{hero} sets {count} party dice without a throw (ruling R-DR-25).",
                                          "count"), hero=g.hero_name(), count=len(sd.preset))


def start_level(g: Play) -> None:
    """The next level's dungeon dice: one per level, never more than those outside the Lair (R-DR-1); a
    scouted level shows the dice assigned to it, without a throw (R-DR-22)."""
    s = g.s
    s.level, s.tracked = s.level + 1, False
    g.move([i for i in s.at("dungeon")], "box")
    s.phase = "monsters"
    planned = sorted(die for die, level in s.scouted.items() if level == s.level)
    if planned:
        for die in planned:
            del s.scouted[die]
        g.move(planned, "dungeon")
        g.say("scouted-level", "R-DR-22", "Level {level}: the dice assigned to it are placed (ruling R-DR-22).",
              level=s.level)
        shown(g)
        return
    free = [die for die in s.at("box", "dungeon") if die not in s.scouted]
    count = min(s.level, len(free))
    s.throw, s.throw_why = free[:count], "dungeon"
    g.say("level", "R-DR-1", "Level {level}: throw {count} dungeon dice (ruling R-DR-1).", level=s.level,
          count=count)


def thrown(g: Play) -> None:
    """What a throw leads to: the party formed, the scouted dice to assign, the graveyard back in the
    party, or dragons moved to the Lair (sheet, "Monster phase")."""
    s = g.s
    why, s.throw, s.throw_why = s.throw_why, [], ""
    if why in ("party", "form"):
        formed(g, why)
        return
    if why == "scout":
        s.phase = "scout"
        g.say("scout", "R-DR-22", "{hero} assigns the dice thrown to levels 1 to 3 (ruling R-DR-22).",
              hero=g.hero_name())
        return
    if why == "graveyard":
        back = s.at("graveyard", "party")
        scrolls = [die for die in back if s.dice[die].face == "scroll"]
        g.move(scrolls, "box")
        g.move([die for die in back if die not in scrolls], "party")
        g.say("graveyard", "R-DR-26", Plural("{count} die returns to the party; scrolls discarded: {scrolls} (ruling "
                                             "R-DR-26).", "{count} dice return to the party; scrolls discarded: "
                                             "{scrolls} (ruling R-DR-26).", "count"),
              count=len(back) - len(scrolls), scrolls=len(scrolls))
    shown(g)


def formed(g: Play, why: str) -> None:
    """The party thrown: faces the hero turns at once, then a rethrow the specialty offers (R-DR-12)."""
    s = g.s
    for die in s.at("party", "party"):
        turned = g.side().on_form.get(s.dice[die].face)
        if turned is not None:
            before = g.face_name(die)
            s.dice[die].face = turned
            g.say("turn-face", "DR §Heroes", "{hero} turns a {before} into a {after}.", hero=g.hero_name(),
                  before=before, after=g.face_name(die))
    if why == "party" and g.side().form_reroll:
        g.say("form", "DR §Heroes", "{hero} may throw again any of the party dice before the first level.",
              hero=g.hero_name())
        return
    party_ready(g)


def party_ready(g: Play) -> None:
    """The party is formed: level 1, or first the dungeon dice a scout assigns (R-DR-22)."""
    scout = g.side().scout
    if scout:
        g.s.throw, g.s.throw_why = g.s.at("box", "dungeon")[:sum(scout)], "scout"
        return
    start_level(g)


def shown(g: Play) -> None:
    """The dungeon as thrown or placed: faces the hero turns, dragons to the Lair, a hero refreshed by
    facing the three types of monster (R-DR-18)."""
    s = g.s
    for die in s.at("dungeon"):
        became = g.side().on_dungeon.get(s.dice[die].face)
        if became is not None:
            before = g.face_name(die)
            s.dice[die].face = became
            g.say("turn-face", "DR §Heroes", "{hero} turns a {before} into a {after}.", hero=g.hero_name(),
                  before=before, after=g.face_name(die))
    if all(s.showing("dungeon", (face,)) for face in MONSTER_FACES):
        g.refresh("three-types")
    dragons = s.showing("dungeon", ("dragon",))
    if dragons:
        g.move(dragons, "lair")
        g.say("lair", "DR §Monster phase", Plural("{count} dragon goes to the Dragon's Lair ({lair} there now).",
                                                  "{count} dragons go to the Dragon's Lair ({lair} there now).",
                                                  "count"), count=len(dragons), lair=len(s.at("lair")))
        lair_limit(g)


def lair_limit(g: Play) -> None:
    """A hero whose specialty discards the dragons once the Lair holds more than its limit (R-DR-16)."""
    limit = g.side().lair_limit
    lair = g.s.at("lair")
    if limit and len(lair) > limit:
        g.move(lair, "box")
        g.say("lair-limit", "R-DR-16", "{hero} discards the {count} dragons of the Lair (ruling R-DR-16).",
              hero=g.hero_name(), count=len(lair))


def advance(g: Play) -> None:
    """Leave every phase that has nothing left to decide (R-DR-9)."""
    s = g.s
    if s.outcome or s.throw or s.draws or s.discards:
        return
    if s.phase == "monsters" and not s.showing("dungeon", MONSTER_FACES):
        s.phase = "loot"
    if s.phase == "loot" and not s.showing("dungeon", LOOT_FACES):
        s.phase = "dragon"
    if s.phase == "dragon" and len(s.at("lair")) < g.side().dragon_at:
        if len(s.at("lair")) >= DRAGONS:
            g.say("dragon-waits", "R-DR-26", "The dragon waits: {hero} calls it only with {count} dice in the Lair "
                  "(ruling R-DR-26).", hero=g.hero_name(), count=g.side().dragon_at)
        s.phase = "regroup"
    if s.phase == "regroup" and s.level == LAST_LEVEL:
        g.say("level-10", "DR §Regroup phase", "Level 10 is cleared: the delve is complete.")
        end_delve(g, "level-10", s.level)


def end_delve(g: Play, how: DelveEnd, xp: int) -> None:
    s = g.s
    if xp:
        g.gain(xp, "DR §Regroup phase")
    s.player.delves.append(how)
    if g.side().drop_treasures and s.player.treasures:
        g.say("drop-treasures", "R-DR-21", Plural(
            "{hero} discards {count} treasure as the delve ends (ruling R-DR-21).",
            "{hero} discards {count} treasures as the delve ends (ruling R-DR-21).", "count"),
            hero=g.hero_name(), count=len(s.player.treasures))
        s.spent += s.player.treasures
        s.player.treasures = []
    for die in s.dice.values():
        die.place, die.face = "box", ""
    s.level, s.phase, s.ultimate_used, s.retire_barred, s.scouted = 0, "form", False, False, {}
    if all(len(p.delves) == DELVES for p in s.players):
        scoring.finish(g)
        return
    s.turn = (s.turn + 1) % len(s.players)
    start_delve(g)
